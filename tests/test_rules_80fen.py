"""The `tractor-80fen` rule set (issue 22, "rules"): the §9.4 options, a rule set's game and the options it reads,
refusals of another game's options, the preset in `rules list|show|diff|explain`, and the 80分 reference engine
reading the RuleSet (RULES.md §7.3, §9.1, §9.2, §9.4)."""

from __future__ import annotations

import hashlib
import json
import random
import re

import pytest

from baofen_sim.cards import CLUBS, HEARTS, parse_cards, rank_of
from baofen_sim.games.tractor80.options import GameEnd
from baofen_sim.games.tractor80.reference.declaring import PAIR, SINGLE, Showing, declare_problem
from baofen_sim.games.tractor80.reference.hand import Tractor80Hand
from baofen_sim.games.tractor80.reference.kitty import kitty_bonus
from baofen_sim.games.tractor80.reference.random_play import play_random_hand
from baofen_sim.games.tractor80.texts import TRACTOR_80FEN_TEXT, level_table
from baofen_sim.reference.order import Order
from baofen_sim.rules import PRESETS, RulesError, RuleSet, diff_rules, dump_toml, loads_toml, preset, require_supported
from baofen_sim.rules.explain import explain
from baofen_sim.rules.ruleset import NOT_READ, OPTION_NAMES, SECTIONS
from baofen_sim.runs.runspec import RunSpec, RunSpecError
from tests.test_cli_rules import assert_one_line_error, run

TRACTOR_80FEN = preset("tractor-80fen")

# ---- Baofen is byte-identical: pinned from main before the §9.4 options existed ----

BAOFEN_KEYS = """
name num_players hand_size kitty_size direction constant_trump_ranks trump_selection allow_no_trump joker_tractor_mode
joker_tractor_ruff_001 special_tier_tractors level_gap_tractor zpy_trump_lowering zpy_trump_gap_tractor
zpy_plain_gap_tractor tie_rule follow_tractor_rule ruff_structure_rule ruff_all_trump_required_for_singles
multi_unit_compare allow_throws failed_throw_forced_play failed_throw_unit_priority failed_throw_penalty_kind
failed_throw_penalty_amount failed_throw_penalty_basis failed_throw_penalty_recipient max_failed_throws_per_player
eight_kind_mode eight_kind_void_must_play_pairs eight_kind_fill_pairs eight_kind_lead_only
eight_kind_promotion_scope first_zhujiao_seat bid_open_values bid_open_values_after_pass bid_raise_steps
bid_cap_default bid_cap_pairs_min bid_cap_max bid_pairs_include_jokers kitty_points_owner wangfen_scope
wangfen_full_bonus wangfen_zero_penalty special_scores_fixed quanji_score banji_score jintaiyang_declarer_score
jintaiyang_defender_score categories_use_card_points_only zero_result_is_win settlement_mode base_stake
stake_declarer_factor stake_multiplier_normal stake_multiplier_quanji stake_multiplier_banji
stake_multiplier_jintaiyang all_pass_mode shuicao_zhujiao_amount shuicao_fujiao_amount shuicao_share_value
shuicao_loss_multiple shuicao_split_threshold shuicao_split_after_nobid_streak direct_deduction_amount
table_start_rotation pot_at_table_end
""".split()

BAOFEN_DIGESTS = {  # SHA-256 of json.dumps(to_dict()), of dump_toml and of `rules explain PRESET`
    "baofen": ("df108c829a08003cb2c724a5a18e1cd4041272d86f9ce41e70c1247308b83397",
               "e0e89a6ecfe076400a71db8b824e918fbe7c22cbd20dcfea2473e1ce1cab7fe7",
               "4350fd96ba385149272cd8df1ad7dcf8fea24c9a721e45d83ebe10635b6a4330"),
    "baofen-001": ("547a2ade67f4bd429da594748d6e87c6179a526cee0d489c348418cfbef8be15",
                   "8801a0520d09a0964a9281dac479c97547c6e6bbba88cba1fad79c4d8928b9fd",
                   "cc8275b66545bd55b8c42a8ee44c307566fb7bcb9fc58f757320eb5e085e308f"),
}
BAOFEN_DIFF_DIGEST = "0c508fb5ac2aee6102953a1a0514f388e3c236852671e9152b47d84feda6e618"  # rules diff baofen baofen-001


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_default_rule_set_keeps_its_keys_and_its_data():
    assert list(RuleSet().to_dict()) == BAOFEN_KEYS
    assert sha256(json.dumps(RuleSet().to_dict())) == BAOFEN_DIGESTS["baofen"][0]


@pytest.mark.parametrize("name", list(BAOFEN_DIGESTS))
def test_a_baofen_preset_keeps_its_data_toml_and_explanation(name):
    data, toml, explained = BAOFEN_DIGESTS[name]
    rules = preset(name)
    assert list(rules.to_dict()) == BAOFEN_KEYS and list(rules.options()) == BAOFEN_KEYS[1:]
    assert sha256(json.dumps(rules.to_dict())) == data
    assert sha256(dump_toml(rules)) == toml
    shown, told = run("rules", "show", name), run("rules", "explain", name)
    assert shown.exit_code == told.exit_code == 0
    assert sha256(shown.stdout) == toml and sha256(told.stdout) == explained


def test_rules_diff_of_the_baofen_presets_is_unchanged():
    result = run("rules", "diff", "baofen", "baofen-001")
    assert result.exit_code == 0 and sha256(result.stdout) == BAOFEN_DIFF_DIGEST


# ---- the preset: the 80 column of §9.1, §9.2 and §9.4 ----

COLUMN_80 = {
    # §9.1
    "num_players": 4, "hand_size": 25, "kitty_size": 8, "direction": "ccw", "constant_trump_ranks": (),
    "trump_selection": "deal_declaration", "allow_no_trump": True, "joker_tractor_mode": "none",
    "special_tier_tractors": False, "level_gap_tractor": True, "tie_rule": "first_played",
    # §9.2
    "follow_tractor_rule": "longest_up_to_led", "ruff_structure_rule": "shape",
    "ruff_all_trump_required_for_singles": True, "multi_unit_compare": "primary_unit", "allow_throws": True,
    "failed_throw_forced_play": "smallest_failing_unit", "failed_throw_unit_priority": "lowest_card",
    "failed_throw_penalty_kind": "defender_points_per_failure", "failed_throw_penalty_amount": 10,
    "failed_throw_penalty_basis": "per_failure", "failed_throw_penalty_recipient": "defenders_total_signed",
    "max_failed_throws_per_player": 2, "eight_kind_mode": "off",
    # §9.4
    "start_level": 2, "game_end": "reach_A", "declare_suit_order": ("S", "H", "C", "D"),
    "declare_single_overcalls_single": False, "allow_self_reinforce": True, "allow_self_overcall": False,
    "declaration_poll_order": "recipient_first", "undeclared_trump_rule": "flip_kitty",
    "undeclared_trump_tiebreak": "first_in_kitty_order", "fandi_enabled": True,
    "fandi_first_challenge": "outrank_declaration", "fandi_eligible": "non_zhuang", "fandi_ends_after_no_trump": True,
    "fandi_changes_declarer": False, "kitty_multiplier_single": 2, "kitty_multiplier_pair": 4,
    "kitty_multiplier_tractor": 2, "kitty_multiplier_basis": "winner_play", "kitty_multiplier_multi_tractor": "longest",
    "threshold": 80, "level_step": 40, "zero_points_levels": 3, "score_per_level": 2,
    "next_declarer_on_hold": "partner", "defender_points_floor": 0,
}


@pytest.mark.parametrize(("option", "value"), COLUMN_80.items())
def test_the_preset_is_the_80_column(option, value):
    assert getattr(preset("tractor-80fen"), option) == value


def test_a_rule_set_plays_the_game_of_its_trump_selection():
    assert preset("baofen").game == preset("baofen-001").game == "baofen"
    assert preset("tractor-80fen").game == "tractor_80fen"
    assert preset("baofen").with_overrides(["trump_selection=deal_declaration"]).game == "tractor_80fen"
    assert preset("zhaopengyou-5p").game == "zhaopengyou_5p"
    with pytest.raises(RulesError, match="^num_players: 4 is not supported by 5-player 找朋友 \\(supported: 5\\)$"):
        preset("baofen").replace(trump_selection="deal_call_7")


def test_an_80fen_rule_set_holds_the_options_of_sections_9_1_9_2_and_9_4_only():
    data = preset("tractor-80fen").to_dict()
    assert list(data) == ["name", *SECTIONS["§9.1"], *SECTIONS["§9.2"], *SECTIONS["§9.4"]]
    assert list(preset("tractor-80fen").options()) == list(data)[1:]
    assert not set(data) & set(SECTIONS["§9.3"]) and "bid_cap_default" not in dump_toml(TRACTOR_80FEN)
    assert set(OPTION_NAMES) == {name for names in SECTIONS.values() for name in names}
    assert RuleSet.from_dict(data) == TRACTOR_80FEN and json.loads(json.dumps(data)) == data


@pytest.mark.parametrize("rules", [TRACTOR_80FEN, TRACTOR_80FEN.replace(start_level=5, kitty_multiplier_pair=5,
                                                                        declare_suit_order=("H", "S", "D", "C"),
                                                                        defender_points_floor=None)],
                         ids=["preset", "custom"])
def test_an_80fen_toml_dump_reads_back_exactly(rules):
    text = dump_toml(rules)
    assert loads_toml(text) == rules
    assert ('preset = "tractor-80fen"' in text) == (rules.name == "tractor-80fen")
    assert "# §9.4 80分 (S003) only" in text and "# §9.3" not in text


def test_the_kitty_multiplier_map_is_flattened_like_the_stake_multipliers():
    toml = loads_toml('preset = "tractor-80fen"\n\n[kitty_multiplier]\nsingle = 3\ntractor = 4\n')
    assert (toml.kitty_multiplier_single, toml.kitty_multiplier_pair, toml.kitty_multiplier_tractor) == (3, 4, 4)
    assert TRACTOR_80FEN.with_overrides(["kitty_multiplier.pair=6"]).kitty_multiplier_pair == 6
    with pytest.raises(RulesError, match="^kitty_multiplier: 'triple' is not one of single, pair, tractor$"):
        TRACTOR_80FEN.with_overrides(["kitty_multiplier.triple=6"])


@pytest.mark.parametrize(("override", "message"), [
    ("start_level=14", "start_level: 14 is not allowed with game_end = reach_A"),
    ("start_level=1", "start_level: 1 is not allowed"),
    ("game_end=reach_B", "game_end: 'reach_B' is not one of reach_A, win_hand_at_A"),
    ("declare_suit_order=S,H,C", "declare_suit_order: \\['S', 'H', 'C'\\] must list each suit S, H, C, D once"),
    ("declare_suit_order=S,H,C,X", "declare_suit_order: .* must list each suit"),
    ("fandi_eligible=anyone", "fandi_eligible: 'anyone' is not one of non_zhuang, any_but_last_burier"),
    ("threshold=0", "threshold: 0 is not allowed \\(must be >= 1\\)"),
    ("level_step=0", "level_step: 0 is not allowed"),
    ("score_per_level=-2", "score_per_level: -2 is not allowed"),
    ("defender_points_floor=ten", "defender_points_floor: 'ten' is not an integer or none"),
    ("next_declarer_on_hold=left", "next_declarer_on_hold: 'left' is not one of partner, self"),
])
def test_a_bad_80fen_value_is_one_line_naming_the_option(override, message):
    with pytest.raises(RulesError, match=f"^{message}") as caught:
        TRACTOR_80FEN.with_overrides([override])
    assert "\n" not in str(caught.value)


def test_80fen_values_parse_by_their_type():
    rules = TRACTOR_80FEN.with_overrides(["game_end=WIN_HAND_AT_A", "start_level=14", "declare_suit_order=h,s,d,c",
                                          "defender_points_floor=none", "fandi_changes_declarer=true"])
    assert rules.game_end is GameEnd.WIN_HAND_AT_A and rules.start_level == 14  # A may start under win_hand_at_A
    assert rules.declare_suit_order == ("H", "S", "D", "C") and rules.defender_points_floor is None
    assert rules.fandi_changes_declarer is True and rules.name == "custom"


# ---- another game's options are refused, even at their defaults ----


@pytest.mark.parametrize(("base", "option", "value", "message"), [
    ("tractor-80fen", "bid_cap_default", 150,
     "bid_cap_default is an option of Baofen (RULES §9.3); tractor-80fen plays 80分 and does not read it"),
    ("tractor-80fen", "stake_multiplier_normal", 2, "stake_multiplier_normal is an option of Baofen"),
    ("baofen", "start_level", 3,
     "start_level is an option of 80分 (RULES §9.4); baofen plays Baofen and does not read it"),
    ("baofen-001", "threshold", 80, "threshold is an option of 80分 (RULES §9.4); baofen-001 plays Baofen"),
])
def test_an_option_the_game_does_not_read_is_refused(base, option, value, message):
    for build in (lambda: preset(base).replace(**{option: value}),
                  lambda: RuleSet.from_dict({option: value}, base=preset(base)),
                  lambda: preset(base).with_overrides([f"{option}={value}"]),
                  lambda: loads_toml(f'preset = "{base}"\n{option} = {value}\n')):
        with pytest.raises(RulesError, match=re.escape(message)):
            build()


def test_a_map_table_of_the_other_game_is_refused_in_a_toml_file():
    with pytest.raises(RulesError, match="^f.toml: stake_multiplier_quanji is an option of Baofen"):
        loads_toml('preset = "tractor-80fen"\n[stake_multipliers]\nquanji = 4\n', source="f.toml")
    with pytest.raises(RulesError, match="^f.toml: kitty_multiplier_pair is an option of 80分"):
        loads_toml('preset = "baofen"\n[kitty_multiplier]\npair = 4\n', source="f.toml")


def test_a_rule_set_holds_the_defaults_of_the_options_its_game_does_not_read():
    with pytest.raises(RulesError, match="^bid_cap_max is an option of Baofen"):
        RuleSet(trump_selection="deal_declaration", bid_cap_max=300)
    switched = preset("baofen").with_overrides(["trump_selection=deal_declaration", "start_level=4"])
    assert switched.game == "tractor_80fen" and switched.start_level == 4  # the new game reads it


def test_rules_diff_across_games_marks_the_options_a_game_does_not_read():
    differences = {name: (a, b) for name, a, b in diff_rules(preset("baofen"), TRACTOR_80FEN)}
    assert differences["bid_cap_default"] == (150, NOT_READ)
    assert differences["threshold"] == (NOT_READ, 80)
    assert differences["trump_selection"] == ("after_kitty", "deal_declaration")
    assert "direction" not in differences  # read by both, equal
    shown = run("rules", "diff", "baofen", "tractor-80fen")
    assert shown.exit_code == 0 and "│ start_level " in shown.stdout and "–" in shown.stdout


# ---- the CLI ----


def test_set_of_a_baofen_option_on_tractor_80fen_is_one_line_exit_2():
    assert_one_line_error(run("rules", "show", "tractor-80fen", "--set", "bid_cap_default=150"),
                          "bid_cap_default is an option of Baofen (RULES §9.3); tractor-80fen plays 80分")
    assert_one_line_error(run("rules", "show", "baofen", "--set", "fandi_enabled=false"),
                          "fandi_enabled is an option of 80分 (RULES §9.4); baofen plays Baofen")


def test_a_rules_file_with_an_option_of_the_other_game_is_one_line_exit_2(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('preset = "tractor-80fen"\nwangfen_scope = "played_only"\n', encoding="utf-8")
    assert_one_line_error(run("rules", "show", str(path)), f"{path}: wangfen_scope is an option of Baofen")


@pytest.mark.parametrize(("command", "message"), [
    (["simulate", "--rules", "tractor-80fen", "--declarer", "0", "--target", "85", "--deals", "16"],
     "--declarer and --target: 80分 has no forced declarer"),
    (["simulate", "--rules", "tractor-80fen", "--tricks", "--deals", "16"], "--tricks: 80分 runs write no trick rows"),
    (["sweep", "--vary", "trump_selection=after_kitty,deal_declaration", "--deals", "16"],
     "a variant plays 80分, the base rules Baofen; a sweep compares variants of one game"),
])
def test_simulate_and_sweep_refuse_what_the_80fen_engine_does_not_play_before_any_work(command, message, tmp_path):
    out = tmp_path / "run"
    assert_one_line_error(run(*command, "--out", str(out)), message)
    assert not out.exists()


def test_a_run_spec_refuses_what_the_engine_does_not_play():
    assert RunSpec(rules=TRACTOR_80FEN).policies == ("heuristic",) * 4  # 80分's default player
    assert RunSpec(rules=TRACTOR_80FEN, policies=("sampler",) * 4).policies == ("sampler",) * 4
    with pytest.raises(RunSpecError, match="^--tricks: 80分 runs write no trick rows yet$"):
        RunSpec(rules=TRACTOR_80FEN, tricks=True)
    with pytest.raises(RulesError, match="^not implemented by the Baofen engine: allow_no_trump=true"):
        RunSpec(rules=preset("baofen").replace(allow_no_trump=True))
    require_supported(preset("baofen-001"))  # Baofen plays


def test_rules_list_and_completion_name_the_preset():
    listed = run("rules", "list").stdout.splitlines()
    assert [line.split()[0] for line in listed] == list(PRESETS) == ["baofen", "baofen-001", "tractor-80fen",
                                                                     "zhaopengyou-5p"]
    assert "80分" in listed[2] and "random players" not in listed[2]


# ---- rules explain tractor-80fen ----


def test_explain_tells_80fen_in_its_own_sections_with_the_preset_values():
    text = explain("tractor-80fen")
    for words in ("a game starts with both at 2", "After 2 failures in a hand a player may not throw again",
                  "Each failed throw costs 10 points", "- 40 ≤ T < 80: the 庄家方, 1 level;",
                  "- 0 < T < 40: the 庄家方, 2 levels;", "- 160 ≤ T < 200: the 抓分方 take over and climb 2 levels;",
                  "(T = 0: +6 and −6 each)", "(4433 gives ×8)", "- else with a pair: ×4;", "♠ > ♥ > ♣ > ♦",
                  "Any player but the 庄 may 反底", "A single never overcalls a single"):
        assert words in text, words
    for baofen_words in ("主叫", "水草", "目标分", "全击"):
        assert baofen_words not in text.split("The seeds cited")[0]
    assert "It differs from baofen in" in explain("baofen-001") and "It differs from" not in text  # its game's first


def test_the_80fen_text_follows_the_options_it_reads():
    changed = TRACTOR_80FEN.replace(threshold=90, level_step=30, zero_points_levels=4, score_per_level=3)
    lines = "\n".join(level_table(changed))
    assert "- T = 0: the 庄家方, 4 levels;" in lines and "- 60 ≤ T < 90: the 庄家方, 1 level;" in lines
    assert "- 0 < T < 30: the 庄家方, 3 levels;" in lines and "- 90 ≤ T < 120: the 抓分方 take over (上台);" in lines
    assert "(T = 0: +12 and −12 each)" in lines and "以后每增加40分" not in lines  # the seed's 40 is not played


def test_an_80fen_value_the_fixed_words_do_not_describe_is_named():
    assert TRACTOR_80FEN_TEXT.unworded_options(TRACTOR_80FEN) == []
    changed = TRACTOR_80FEN.replace(fandi_changes_declarer=True, joker_tractor_mode="top")
    assert TRACTOR_80FEN_TEXT.unworded_options(changed) == ["joker_tractor_mode=top", "fandi_changes_declarer=True"]


def test_an_80fen_option_says_which_game_reads_it():
    text = explain("fandi_eligible")
    assert "- Only 80分 reads it (RULES §9.4): setting it in another game's rules is refused." in text
    assert "- Default in every preset that reads it: non_zhuang." in text
    assert "- In 80分 this version plays only recipient_first;" in explain("declaration_poll_order")


# ---- the reference engine reads the RuleSet ----

LEVEL_7 = rank_of(parse_cards("S7")[0])


def test_the_80fen_reference_refuses_another_game_and_unplayed_values():
    hands, kitty = [[0] * 25] * 4, [0] * 8  # never dealt: the rules are checked first
    with pytest.raises(RulesError, match="baofen does not play 80分"):
        Tractor80Hand(hands, kitty, (0, 0), first_hand=True, rules=preset("baofen"))
    with pytest.raises(RulesError, match="80分 reference engine: fandi_changes_declarer=true"):
        Tractor80Hand(hands, kitty, (0, 0), first_hand=True, rules=TRACTOR_80FEN.replace(fandi_changes_declarer=True))


def test_the_declaring_ladder_follows_declare_suit_order_and_allow_self_overcall():
    hearts = Showing(1, PAIR, HEARTS)
    clubs = parse_cards("C7 C7")
    assert declare_problem(hearts, 2, clubs, LEVEL_7, TRACTOR_80FEN)[1] is not None  # ♣ < ♥
    reversed_order = TRACTOR_80FEN.replace(declare_suit_order=("D", "C", "H", "S"))
    assert declare_problem(hearts, 2, clubs, LEVEL_7, reversed_order)[0] == Showing(2, PAIR, CLUBS)
    single = Showing(1, SINGLE, HEARTS)
    pair = parse_cards("S7 S7")
    assert "own declaration" in declare_problem(single, 1, pair, LEVEL_7, TRACTOR_80FEN)[1]
    self_overcall = TRACTOR_80FEN.replace(allow_self_overcall=True)
    assert declare_problem(single, 1, pair, LEVEL_7, self_overcall)[1] is None


def test_the_kitty_multipliers_are_the_rule_sets():
    order = Order(HEARTS, joker_tractor_mode="none", level=rank_of(parse_cards("S2")[0]))
    kitty, pair, tractor = parse_cards("S5 SK SK S3 S4 H3 D3 C3"), parse_cards("D9 D9"), parse_cards("D9 D9 D8 D8")
    richer = TRACTOR_80FEN.replace(kitty_multiplier_pair=5, kitty_multiplier_tractor=3, kitty_multiplier_single=1)
    assert kitty_bonus(kitty, pair, pair, True, order, richer) == 25 * 5
    assert kitty_bonus(kitty, tractor, tractor, True, order, richer) == 25 * 3 * 4
    assert kitty_bonus(kitty, pair[:1], pair[:1], True, order, richer) == 25


@pytest.mark.parametrize("seed", range(4))
def test_a_random_hand_under_changed_level_rules_scores_by_them(seed):
    rules = TRACTOR_80FEN.replace(threshold=100, score_per_level=5, defender_points_floor=None)
    state = play_random_hand(random.Random(seed), (3, 3), seed % 4, False, rules)
    result = state.result
    total = result["defenders_points"] + result["kitty_bonus"] + result["penalty_points"]
    assert result["defenders_total"] == total  # no floor
    assert result["declarer_won"] == (total < 100)
    assert {abs(score) for score in result["settlement"]} == {5 * result["up_levels"]}
