"""RuleSet, presets and TOML files (RULES.md §7.1, §7.2, §9.1–§9.3; 80分 §7.3, §9.4: tests/test_rules_80fen.py)."""

from __future__ import annotations

import dataclasses
from enum import StrEnum

import pytest

from baofen_sim import rules as rules_module
from baofen_sim.games.baofen.options import AllPassMode, SettlementMode
from baofen_sim.rules import (
    PRESET_DESCRIPTIONS,
    PRESETS,
    EightKindMode,
    FailedThrowPenaltyKind,
    FailedThrowPenaltyRecipient,
    JokerTractorMode,
    JokerTractorRuff001,
    RuffStructureRule,
    RulesError,
    RuleSet,
    diff_rules,
    dump_toml,
    load_rules,
    load_toml,
    loads_toml,
    preset,
)
from baofen_sim.rules.ruleset import OPTION_NAMES, OPTIONS_MODULES

# Every parameter name of RULES.md §9.1–§9.5, in table order (`stake_multipliers` flattened into four,
# `kitty_multiplier` into three, `zpy_joker_flip_suits` into two).
SECTION_9_NAMES = """
num_players hand_size kitty_size direction constant_trump_ranks trump_selection allow_no_trump
joker_tractor_mode joker_tractor_ruff_001 special_tier_tractors level_gap_tractor zpy_trump_lowering
zpy_trump_gap_tractor zpy_plain_gap_tractor tie_rule
follow_tractor_rule ruff_structure_rule ruff_all_trump_required_for_singles multi_unit_compare allow_throws
failed_throw_forced_play failed_throw_unit_priority failed_throw_penalty_kind failed_throw_penalty_amount
failed_throw_penalty_basis failed_throw_penalty_recipient max_failed_throws_per_player eight_kind_mode
eight_kind_void_must_play_pairs eight_kind_fill_pairs eight_kind_lead_only eight_kind_promotion_scope
first_zhujiao_seat bid_open_values bid_open_values_after_pass bid_raise_steps bid_cap_default
bid_cap_pairs_min bid_cap_max bid_pairs_include_jokers kitty_points_owner wangfen_scope wangfen_full_bonus
wangfen_zero_penalty special_scores_fixed quanji_score banji_score jintaiyang_declarer_score
jintaiyang_defender_score categories_use_card_points_only zero_result_is_win settlement_mode base_stake
stake_declarer_factor stake_multiplier_normal stake_multiplier_quanji stake_multiplier_banji
stake_multiplier_jintaiyang all_pass_mode shuicao_zhujiao_amount shuicao_fujiao_amount shuicao_share_value
shuicao_loss_multiple shuicao_split_threshold shuicao_split_after_nobid_streak direct_deduction_amount
table_start_rotation pot_at_table_end
start_level game_end declare_suit_order declare_single_overcalls_single allow_self_reinforce allow_self_overcall
declaration_poll_order undeclared_trump_rule undeclared_trump_tiebreak fandi_enabled fandi_first_challenge
fandi_eligible fandi_ends_after_no_trump fandi_changes_declarer kitty_multiplier_single kitty_multiplier_pair
kitty_multiplier_tractor kitty_multiplier_basis kitty_multiplier_multi_tractor threshold level_step
zero_points_levels score_per_level next_declarer_on_hold defender_points_floor
zpy_first_deal_seat zpy_flip_card zpy_joker_flip_suit_bj zpy_joker_flip_suit_lj zpy_call_poll_order zpy_flip_call
zpy_overcall_max zpy_overcall_poll_order zpy_friend_only_without_overcall zpy_friend_points_cleared_on_reveal
zpy_allow_concede zpy_concede_condition zpy_concede_outcome zpy_threshold zpy_tie_at_80 zpy_kitty_rule
""".split()

ENUMS = [value for module in (rules_module.options, *OPTIONS_MODULES.values()) for value in vars(module).values()
         if isinstance(value, type) and issubclass(value, StrEnum) and value is not StrEnum]

# (option, bf, bf1) from the §9 tables: every option where the two presets differ, and a few shared ones.
PRESET_TABLE = [
    ("joker_tractor_mode", "r000", "r001"),
    ("joker_tractor_ruff_001", "largest", "largest"),
    ("eight_kind_mode", "s000", "s001"),
    ("eight_kind_void_must_play_pairs", True, False),
    ("eight_kind_fill_pairs", True, False),
    ("eight_kind_lead_only", True, True),
    ("failed_throw_penalty_kind", "declarer_points_per_card", "thrower_cumulative_per_card"),
    ("failed_throw_penalty_amount", 5, 3),
    ("failed_throw_penalty_basis", "all_attempted_cards", "all_attempted_cards"),
    ("failed_throw_penalty_recipient", "s000_rule", "none"),
    ("failed_throw_forced_play", "smallest_failing_unit", "smallest_failing_unit"),
    ("max_failed_throws_per_player", None, None),
    ("all_pass_mode", "shuicao_shares_000", "shuicao_points_001"),
    ("shuicao_zhujiao_amount", 2, 40),
    ("shuicao_fujiao_amount", 1, 20),
    ("shuicao_split_threshold", 50, 400),
    ("shuicao_split_after_nobid_streak", None, None),
    ("shuicao_loss_multiple", 1, 1),
    ("jintaiyang_declarer_score", -1500, -500),
    ("jintaiyang_defender_score", 500, 500),
    ("settlement_mode", "stakes_000", "cumulative_001"),
    ("direct_deduction_amount", 40, 40),
    ("constant_trump_ranks", (2,), (2,)),
    ("trump_selection", "after_kitty", "after_kitty"),
    ("allow_no_trump", False, False),
    ("bid_open_values", (85, 90, 95), (85, 90, 95)),
    ("bid_raise_steps", (5, 10, 15, 20), (5, 10, 15, 20)),
    ("bid_cap_default", 150, 150),
    ("bid_cap_pairs_min", 5, 5),
    ("bid_cap_max", 250, 250),
    ("kitty_points_owner", "none", "none"),
    ("wangfen_scope", "all_50", "all_50"),
    ("quanji_score", 500, 500),
    ("banji_score", 250, 250),
    ("stake_multiplier_quanji", 4, 4),
    ("stake_multiplier_banji", 2, 2),
]


# ---- fields and enums ----


def test_ruleset_has_exactly_the_section_9_parameters():
    assert list(OPTION_NAMES) == SECTION_9_NAMES
    assert [f.name for f in dataclasses.fields(RuleSet)] == ["name", *SECTION_9_NAMES]


def test_enum_members_follow_the_naming_contract():
    assert len(ENUMS) == 39  # the option enums of §9.1–§9.5: the shared sections' and each game's
    for enum in ENUMS:
        assert enum.__doc__ and "§" in enum.__doc__, enum
        for member in enum:
            assert member.name == member.value.upper()
    assert JokerTractorMode.R000 == "r000"
    assert [m.value for m in FailedThrowPenaltyRecipient] == [
        "s000_rule", "none", "defenders_total_signed", "opponents_split"]


def test_string_values_compare_equal_to_enum_fields():
    rules = preset("baofen")
    assert rules.joker_tractor_mode == "r000"
    assert rules.joker_tractor_mode is JokerTractorMode.R000


def test_plain_values_are_normalised_on_construction():
    rules = RuleSet(ruff_structure_rule="COUNT", bid_open_values=[85, 90, 95, 100], base_stake=2,
                    max_failed_throws_per_player="none")
    assert rules.ruff_structure_rule is RuffStructureRule.COUNT
    assert rules.bid_open_values == (85, 90, 95, 100)
    assert rules.base_stake == 2.0 and isinstance(rules.base_stake, float)
    assert rules.max_failed_throws_per_player is None


def test_ruleset_is_frozen_and_hashable():
    rules = preset("baofen")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.num_players = 5  # type: ignore[misc]
    assert len({rules, RuleSet(), preset("baofen-001")}) == 2


# ---- presets (§7.1, §7.2, §9 columns bf and bf1) ----


def test_baofen_preset_is_the_default_ruleset():
    assert preset("baofen") == RuleSet()
    assert preset("baofen").name == "baofen"


@pytest.mark.parametrize(("option", "bf", "bf1"), PRESET_TABLE)
def test_preset_values_match_section_9(option, bf, bf1):
    assert getattr(preset("baofen"), option) == bf
    assert getattr(preset("baofen-001"), option) == bf1


def test_baofen_001_differs_from_baofen_only_where_section_7_2_says():
    changed = {name for name, _, _ in diff_rules(preset("baofen"), preset("baofen-001"))}
    assert changed == {
        "joker_tractor_mode", "eight_kind_mode", "eight_kind_void_must_play_pairs", "eight_kind_fill_pairs",
        "failed_throw_penalty_kind", "failed_throw_penalty_amount", "failed_throw_penalty_recipient",
        "all_pass_mode", "shuicao_zhujiao_amount", "shuicao_fujiao_amount", "shuicao_split_threshold",
        "jintaiyang_declarer_score", "settlement_mode",
    }


def test_baofen_001_uses_s001_enums():
    rules = preset("baofen-001")
    assert rules.joker_tractor_mode is JokerTractorMode.R001
    assert rules.joker_tractor_ruff_001 is JokerTractorRuff001.LARGEST
    assert rules.eight_kind_mode is EightKindMode.S001
    assert rules.failed_throw_penalty_kind is FailedThrowPenaltyKind.THROWER_CUMULATIVE_PER_CARD
    assert rules.all_pass_mode is AllPassMode.SHUICAO_POINTS_001
    assert rules.settlement_mode is SettlementMode.CUMULATIVE_001


def test_every_preset_has_a_description():
    assert set(PRESET_DESCRIPTIONS) == set(PRESETS)
    for name, rules in PRESETS.items():
        assert rules.name == name


def test_unknown_preset_lists_the_presets():
    with pytest.raises(RulesError, match=r"unknown preset 'baofen-01'; did you mean baofen-001\?.*baofen, baofen-001"):
        preset("baofen-01")


# ---- validation: every bad value names its option ----

BAD_VALUES = [
    ("num_players", 5, "num_players: 5 is not supported"),
    ("num_players", "4", "num_players: '4' is not an integer"),
    ("hand_size", 24, "hand_size: num_players × hand_size \\+ kitty_size must be 108"),
    ("hand_size", 0, "hand_size: 0 is not allowed \\(must be >= 1\\)"),
    ("kitty_size", -1, "kitty_size: -1 is not allowed"),
    ("direction", "cw", "direction: 'cw' is not one of ccw"),
    ("constant_trump_ranks", (1,), "constant_trump_ranks: 1 is not a face value"),
    ("constant_trump_ranks", (2, 2), "constant_trump_ranks: .* lists a rank twice"),
    ("constant_trump_ranks", "2", "constant_trump_ranks: '2' is not a list of integers"),
    ("trump_selection", "before_kitty", "trump_selection: 'before_kitty' is not one of after_kitty, "),
    ("allow_no_trump", "yes", "allow_no_trump: 'yes' is not true or false"),
    ("allow_throws", 1, "allow_throws: 1 is not true or false"),
    ("joker_tractor_mode", "r002", "joker_tractor_mode: 'r002' is not one of r000, r001, top, none"),
    ("joker_tractor_ruff_001", "big", "joker_tractor_ruff_001: 'big' is not one of largest, smallest"),
    ("tie_rule", "last_played", "tie_rule: 'last_played' is not one of first_played"),
    ("follow_tractor_rule", "any", "follow_tractor_rule: 'any' is not one of longest_up_to_led"),
    ("ruff_structure_rule", "foo", "ruff_structure_rule: 'foo' is not one of shape, count"),
    ("multi_unit_compare", "sum", "multi_unit_compare: 'sum' is not one of primary_unit, lexicographic"),
    ("failed_throw_forced_play", "x", "failed_throw_forced_play: 'x' is not one of smallest_failing_unit"),
    ("failed_throw_unit_priority", "x",
     "failed_throw_unit_priority: 'x' is not one of lowest_card, fewest_cards_first, most_cards_first"),
    ("failed_throw_penalty_kind", 5, "failed_throw_penalty_kind: 5 is not one of declarer_points_per_card"),
    ("failed_throw_penalty_amount", -5, "failed_throw_penalty_amount: -5 is not allowed"),
    ("failed_throw_penalty_amount", 2.5, "failed_throw_penalty_amount: 2.5 is not an integer"),
    ("failed_throw_penalty_basis", "x", "failed_throw_penalty_basis: 'x' is not one of all_attempted_cards"),
    ("failed_throw_penalty_recipient", "x", "failed_throw_penalty_recipient: 'x' is not one of s000_rule"),
    ("max_failed_throws_per_player", 0, "max_failed_throws_per_player: 0 is not allowed"),
    ("max_failed_throws_per_player", "two", "max_failed_throws_per_player: 'two' is not an integer or none"),
    ("eight_kind_mode", "on", "eight_kind_mode: 'on' is not one of off, s000, s001"),
    ("eight_kind_promotion_scope", "x", "eight_kind_promotion_scope: 'x' is not one of play_only, whole_hand"),
    ("first_zhujiao_seat", 4, "first_zhujiao_seat: 4 is not a seat \\(0..3\\)"),
    ("bid_open_values", (85, 92), "bid_open_values: .* multiples of 5"),
    ("bid_open_values", (), "bid_open_values: .* not empty"),
    ("bid_open_values_after_pass", (90, 85), "bid_open_values_after_pass: .* ascending"),
    ("bid_raise_steps", (0, 5), "bid_raise_steps: .* positive"),
    ("bid_cap_default", 152, "bid_cap_default: 152 is not a multiple of 5"),
    ("bid_cap_default", 90, "bid_cap_default: 90 is below the opening bid 95"),
    ("bid_cap_max", 145, "bid_cap_max: 145 is below bid_cap_default 150"),
    ("bid_cap_pairs_min", -1, "bid_cap_pairs_min: -1 is not allowed"),
    ("kitty_points_owner", "defenders", "kitty_points_owner: 'defenders' is not one of none, declarer"),
    ("wangfen_scope", "all", "wangfen_scope: 'all' is not one of all_50, played_only"),
    ("wangfen_zero_penalty", -100, "wangfen_zero_penalty: -100 is not allowed"),
    ("quanji_score", -1, "quanji_score: -1 is not allowed"),
    ("settlement_mode", "stakes", "settlement_mode: 'stakes' is not one of stakes_000, cumulative_001"),
    ("base_stake", 0, "base_stake: 0.0 is not allowed \\(must be > 0\\)"),
    ("base_stake", float("inf"), "base_stake: inf is not a number"),
    ("base_stake", True, "base_stake: True is not a number"),
    ("stake_multiplier_quanji", -4, "stake_multiplier_quanji: -4 is not allowed"),
    ("all_pass_mode", "redeal", "all_pass_mode: 'redeal' is not one of shuicao_shares_000"),
    ("shuicao_share_value", 0, "shuicao_share_value: 0.0 is not allowed"),
    ("shuicao_split_after_nobid_streak", 0, "shuicao_split_after_nobid_streak: 0 is not allowed"),
    ("direct_deduction_amount", -40, "direct_deduction_amount: -40.0 is not allowed"),
    ("name", "", "name: '' is not a name"),
]


@pytest.mark.parametrize(("option", "value", "message"), BAD_VALUES)
def test_invalid_value_raises_rules_error_naming_the_option(option, value, message):
    with pytest.raises(RulesError, match=f"^{message}") as caught:
        RuleSet(**{option: value})
    assert "\n" not in str(caught.value)
    with pytest.raises(RulesError, match=f"^{message}"):
        preset("baofen-001").replace(**{option: value})


def test_every_enum_option_rejects_a_bad_value():
    for name in OPTION_NAMES:
        if isinstance(getattr(RuleSet(), name), StrEnum):
            with pytest.raises(RulesError, match=f"^{name}: 'bogus' is not one of "):
                RuleSet(**{name: "bogus"})


def test_rules_error_is_a_value_error():
    assert issubclass(RulesError, ValueError)


# ---- replace, overrides, dicts ----


def test_replace_validates_and_marks_the_set_custom():
    rules = preset("baofen").replace(allow_throws=False)
    assert rules.allow_throws is False and rules.name == "custom"
    assert preset("baofen").replace(allow_throws=True).name == "baofen"
    assert preset("baofen").replace(allow_throws=False, name="no-throws").name == "no-throws"


def test_replace_with_unknown_option_suggests_the_close_name():
    with pytest.raises(RulesError, match="unknown option 'allow_throw'; did you mean allow_throws\\?"):
        preset("baofen").replace(allow_throw=False)


def test_with_overrides_parses_each_type():
    rules = preset("baofen").with_overrides([
        "allow_throws=false",
        "failed_throw_penalty_amount=10",
        "base_stake=2.5",
        "bid_open_values_after_pass=85,90,95,100",
        "constant_trump_ranks=[7, 2]",
        "max_failed_throws_per_player=2",
        "shuicao_split_after_nobid_streak=none",
        "joker-tractor-mode=r001",
        "stake_multipliers.quanji=5",
        "jintaiyang_declarer_score=-500",
    ])
    assert rules.allow_throws is False
    assert rules.failed_throw_penalty_amount == 10
    assert rules.base_stake == 2.5
    assert rules.bid_open_values_after_pass == (85, 90, 95, 100)
    assert rules.constant_trump_ranks == (7, 2)
    assert rules.max_failed_throws_per_player == 2
    assert rules.shuicao_split_after_nobid_streak is None
    assert rules.joker_tractor_mode is JokerTractorMode.R001
    assert rules.stake_multiplier_quanji == 5
    assert rules.jintaiyang_declarer_score == -500
    assert rules.name == "custom"


@pytest.mark.parametrize(("override", "message"), [
    ("allow_throws", "--set 'allow_throws': expected OPTION=VALUE"),
    ("allow_throws=maybe", "allow_throws: 'maybe' is not true or false"),
    ("num_players=four", "num_players: 'four' is not an integer"),
    ("base_stake=lots", "base_stake: 'lots' is not a number"),
    ("bid_raise_steps=5,x", "bid_raise_steps: '5,x' is not a list of integers"),
    ("ruff_structure_rule=foo", "ruff_structure_rule: 'foo' is not one of shape, count"),
    ("ruff_structure=count", "unknown option 'ruff_structure'; did you mean ruff_structure_rule\\?"),
    ("stake_multipliers.huge=3", "stake_multipliers: 'huge' is not one of normal, quanji, banji, jintaiyang"),
])
def test_bad_override_raises_one_line_rules_error(override, message):
    with pytest.raises(RulesError, match=f"^{message}"):
        preset("baofen").with_overrides([override])


def test_to_dict_gives_plain_values_and_from_dict_rebuilds():
    for rules in [*PRESETS.values(), preset("baofen-001").replace(max_failed_throws_per_player=2)]:
        data = rules.to_dict()
        assert data["name"] == rules.name
        assert all(type(v) in (str, bool, int, float, list, type(None)) for v in data.values())
        assert RuleSet.from_dict(data) == rules


def test_from_dict_unknown_key_suggests_the_closest_name():
    with pytest.raises(RulesError, match="unknown option 'bid_cap_defualt'; did you mean bid_cap_default\\?"):
        RuleSet.from_dict({"bid_cap_defualt": 150})


def test_from_dict_accepts_a_stake_multipliers_table():
    rules = RuleSet.from_dict({"stake_multipliers": {"normal": 2, "jintaiyang": 8}})
    assert (rules.stake_multiplier_normal, rules.stake_multiplier_jintaiyang) == (2, 8)
    assert rules.stake_multiplier_quanji == 4


def test_diff_rules_lists_name_and_both_values():
    differences = diff_rules(preset("baofen"), preset("baofen-001"))
    assert differences[0] == ("joker_tractor_mode", JokerTractorMode.R000, JokerTractorMode.R001)
    assert diff_rules(preset("baofen"), RuleSet()) == []


# ---- TOML ----


CUSTOM = preset("baofen-001").replace(
    allow_throws=False, max_failed_throws_per_player=2, base_stake=2.5, constant_trump_ranks=(7, 2),
    bid_open_values_after_pass=(85, 90, 95, 100), failed_throw_penalty_recipient="opponents_split",
)


@pytest.mark.parametrize("rules", [*PRESETS.values(), CUSTOM, CUSTOM.replace(name="house-rules")],
                         ids=[*PRESETS, "custom", "named"])
def test_toml_round_trip_is_exact(rules, tmp_path):
    text = dump_toml(rules)
    assert loads_toml(text) == rules
    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    assert load_toml(path) == rules
    assert load_rules(str(path)) == rules


def test_toml_preset_line_then_overrides(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('preset = "baofen-001"\nallow_throws = false\n\n[stake_multipliers]\nquanji = 5\n')
    rules = load_rules(path)
    assert rules == preset("baofen-001").replace(allow_throws=False, stake_multiplier_quanji=5)
    assert rules.name == "custom"


def test_toml_naming_only_a_preset_gives_that_preset():
    assert loads_toml('preset = "baofen-001"') == preset("baofen-001")
    assert loads_toml("") == preset("baofen")


def test_toml_dump_of_a_preset_names_it():
    text = dump_toml(preset("baofen-001"))
    assert 'preset = "baofen-001"' in text
    assert 'joker_tractor_mode = "r001"  # one of r000, r001, top, none' in text
    assert 'max_failed_throws_per_player = "none"' in text


def test_bad_toml_syntax_names_the_file(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("allow_throws = \n")
    with pytest.raises(RulesError, match=f"^{path}: bad TOML: .*line 1"):
        load_toml(path)


def test_bad_toml_value_names_the_file_and_option(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('ruff_structure_rule = "foo"\n')
    with pytest.raises(RulesError, match=f"^{path}: ruff_structure_rule: 'foo' is not one of shape, count$"):
        load_rules(path)


def test_toml_unknown_preset_and_option(tmp_path):
    with pytest.raises(RulesError, match="unknown preset 'bf'"):
        loads_toml('preset = "bf"')
    with pytest.raises(RulesError, match="unknown option 'kitty_points'; did you mean kitty_points_owner"):
        loads_toml('kitty_points = "none"')


def test_load_rules_missing_file_and_unknown_name():
    with pytest.raises(FileNotFoundError):
        load_rules("no-such-rules.toml")
    with pytest.raises(RulesError, match="unknown preset 'zhaopengyou'.*presets: baofen, baofen-001"):
        load_rules("zhaopengyou")


def test_every_enum_option_has_one_kernel_code_per_value():
    """baofen_sim.codes.OPTION_CODES covers exactly the values of each enum option it names."""
    from baofen_sim.codes import OPTION_CODES

    rules = preset("baofen")
    for name, codes in OPTION_CODES.items():
        enum = type(getattr(rules, name))
        assert set(codes) == {member.value for member in enum}, name
        assert sorted(codes.values()) == list(range(len(codes))), name
