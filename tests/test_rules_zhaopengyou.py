"""The `zhaopengyou-5p` rule set (issue 23, "rules"): the §9.5 options, scoped to the 5-player game as §9.4 is to
80分; the preset in `rules list|show|explain`; simulate and sweep refusing the game with one line; and the 5-player
card order of the reference engine (RULES.md §1.2.1, §1.3.3, §1.5.2, §1.9.1; cases C4, C5)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from baofen_sim.cards import CLUBS, HEARTS, parse_cards
from baofen_sim.reference.order import LED, TRUMP, FivePlayerOrder
from baofen_sim.reference.units import PAIR, TRACTOR, decompose
from baofen_sim.rules import RulesError, diff_rules, dump_toml, loads_toml, preset
from baofen_sim.rules.ruleset import SECTIONS
from tests.test_cli_rules import assert_one_line_error, run

# ---- Baofen and 80分 are byte-identical: 80分 pinned from main before the §9.5 options existed ----

TRACTOR_80FEN_DIGESTS = ("2ddd2ba89ba2776b024bad5974bbbea031b61ade8cedfba23da0580693c49def",  # json.dumps(to_dict())
                         "329ca3597d847737561883fc5398ea2a51b2fd167f6b58f39fd9ddb6046e0984")  # dump_toml


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_80fen_preset_keeps_its_data_and_toml():
    rules = preset("tractor-80fen")
    assert (sha256(json.dumps(rules.to_dict())), sha256(dump_toml(rules))) == TRACTOR_80FEN_DIGESTS
    assert not set(rules.to_dict()) & set(SECTIONS["§9.5"])
    assert not set(preset("baofen").to_dict()) & set(SECTIONS["§9.5"])


# ---- the preset: the 5p column of §9.1, §9.2 and §9.5 ----

COLUMN_5P = {
    # §9.1
    "num_players": 5, "hand_size": 20, "kitty_size": 8, "direction": "ccw", "constant_trump_ranks": (7, 2),
    "trump_selection": "deal_call_7", "allow_no_trump": False, "joker_tractor_mode": "none",
    "special_tier_tractors": False, "zpy_trump_lowering": True, "zpy_trump_gap_tractor": True,
    "zpy_plain_gap_tractor": True, "tie_rule": "first_played",
    # §9.2
    "follow_tractor_rule": "longest_up_to_led", "ruff_structure_rule": "shape",
    "ruff_all_trump_required_for_singles": True, "multi_unit_compare": "primary_unit", "allow_throws": False,
    "failed_throw_penalty_kind": "none", "failed_throw_penalty_amount": 0, "max_failed_throws_per_player": None,
    "eight_kind_mode": "off",
    # §9.5
    "zpy_first_deal_seat": "random", "zpy_flip_card": "random_dealt", "zpy_joker_flip_suit_bj": "H",
    "zpy_joker_flip_suit_lj": "S", "zpy_call_poll_order": "recipient_first", "zpy_flip_call": "flip_or_trump_7",
    "zpy_overcall_max": 1, "zpy_overcall_poll_order": "caller_next_first_caller_last",
    "zpy_friend_only_without_overcall": True, "zpy_friend_points_cleared_on_reveal": True, "zpy_allow_concede": True,
    "zpy_concede_condition": "held_both", "zpy_concede_outcome": "declarer_loss", "zpy_threshold": 80,
    "zpy_tie_at_80": "defenders_win", "zpy_kitty_rule": "s003_multipliers",
}


@pytest.mark.parametrize(("option", "value"), COLUMN_5P.items())
def test_the_preset_is_the_5p_column(option, value):
    assert getattr(preset("zhaopengyou-5p"), option) == value


def test_a_5p_rule_set_holds_the_options_of_sections_9_1_9_2_and_9_5_only():
    rules = preset("zhaopengyou-5p")
    assert rules.game == "zhaopengyou_5p"
    assert list(rules.to_dict()) == ["name", *SECTIONS["§9.1"], *SECTIONS["§9.2"], *SECTIONS["§9.5"]]
    assert loads_toml(dump_toml(rules)) == rules
    changed = rules.with_overrides(["zpy_overcall_max=2", "zpy_joker_flip_suits.bj=d", "zpy_tie_at_80=declarer_win"])
    assert (changed.zpy_overcall_max, changed.zpy_joker_flip_suit_bj, changed.name) == (2, "D", "custom")
    assert loads_toml(dump_toml(changed)) == changed
    assert loads_toml('preset = "zhaopengyou-5p"\n[zpy_joker_flip_suits]\nlj = "C"\n').zpy_joker_flip_suit_lj == "C"


@pytest.mark.parametrize(("base", "changes", "message"), [
    ("baofen", {"zpy_flip_call": "any_7"}, "^zpy_flip_call is an option of 5-player 找朋友 \\(RULES §9.5\\); baofen "
                                            "plays Baofen and does not read it$"),
    ("tractor-80fen", {"zpy_kitty_rule": "none"}, "zpy_kitty_rule is an option of 5-player 找朋友"),
    ("zhaopengyou-5p", {"bid_cap_default": 160}, "bid_cap_default is an option of Baofen"),
    ("zhaopengyou-5p", {"fandi_enabled": False}, "fandi_enabled is an option of 80分"),
    ("zhaopengyou-5p", {"num_players": 4}, "^num_players: 4 is not supported by 5-player 找朋友 \\(supported: 5\\)$"),
    ("zhaopengyou-5p", {"zpy_overcall_max": 4}, "^zpy_overcall_max: 4 is not allowed \\(0..3"),
    ("zhaopengyou-5p", {"zpy_overcall_max": -1}, "^zpy_overcall_max: -1 is not allowed \\(must be >= 0\\)$"),
    ("zhaopengyou-5p", {"zpy_flip_call": "any"}, "^zpy_flip_call: 'any' is not one of flip_or_trump_7, any_7, "),
    ("zhaopengyou-5p", {"zpy_joker_flip_suit_bj": "X"}, "^zpy_joker_flip_suit_bj: 'X' is not one of S, H, C, D$"),
    ("baofen", {"num_players": 5}, "^num_players: 5 is not supported by Baofen \\(supported: 4\\)$"),
])
def test_a_bad_or_foreign_5p_option_is_one_line(base, changes, message):
    with pytest.raises(RulesError, match=message):
        preset(base).replace(**changes)


def test_rules_diff_across_games_marks_the_options_a_game_does_not_read():
    diff = dict((name, (a, b)) for name, a, b in diff_rules(preset("tractor-80fen"), preset("zhaopengyou-5p")))
    assert diff["num_players"] == (4, 5) and diff["zpy_flip_call"] == ("–", "flip_or_trump_7")
    assert diff["fandi_enabled"] == (True, "–")


# ---- the CLI ----


def test_rules_list_show_and_explain_name_the_preset():
    listed = run("rules", "list").stdout.splitlines()
    assert listed[-1].split()[0] == "zhaopengyou-5p" and "找朋友" in listed[-1]
    shown = run("rules", "show", "zhaopengyou-5p")
    assert shown.exit_code == 0 and 'preset = "zhaopengyou-5p"' in shown.stdout
    assert "zpy_flip_call = \"flip_or_trump_7\"  # one of flip_or_trump_7, any_7, flip_only; " in shown.stdout
    told = run("rules", "explain", "zhaopengyou-5p")
    assert told.exit_code == 0
    for words in ("a 大王 makes it ♥ and a 小王 ♠", "Only one overcall is allowed", "♣6688 ties ♣7788",
                  "at exactly 80, the defenders win", "there are no throws"):
        assert words in told.stdout, words
    assert "- Only 5-player 找朋友 reads it (RULES §9.5)" in run("rules", "explain", "zpy_tie_at_80").stdout


LACKS_SAMPLER = "5-player 找朋友 plays with the policies random, heuristic so far, not sampler"
# Every built-in policy plays 找朋友 now: the refusal is checked on a 5-player engine that offers two of them, as the
# game did before its sampler (the refusal reads the games registry, whatever the game).
NARROWED_CLI = ("import dataclasses\n"
                "from baofen_sim import games\n"
                "game = games.by_id('zhaopengyou_5p')\n"
                "narrowed = dataclasses.replace(game, policies=('random', 'heuristic'))\n"
                "games._BY_ID[game.id] = games._BY_TRUMP_SELECTION[game.trump_selection] = narrowed\n"
                "from baofen_sim.console import main\n"
                "main()\n")


def run_apart(*args: str, cwd: Path) -> SimpleNamespace:
    """The CLI in a process of its own, its 5-player engine offering random and heuristic only (`NARROWED_CLI`; and
    this one's engine is already built for a policy set without the sampler, which the engine commands would refuse
    first)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-c", NARROWED_CLI, *args], capture_output=True, text=True, env=env,
                          cwd=cwd)
    return SimpleNamespace(exit_code=done.returncode, stdout=done.stdout, stderr=done.stderr,
                           output=done.stdout + done.stderr)


@pytest.mark.parametrize("command", [
    ("simulate", "--rules", "zhaopengyou-5p", "--policy", "sampler", "--deals", "8", "--out", "OUT"),
    ("sweep", "--rules", "zhaopengyou-5p", "--policy", "2=sampler", "--deals", "8", "--vary", "zpy_overcall_max=1,2",
     "--out", "OUT"),
    ("warmup", "--rules", "zhaopengyou-5p", "--policy", "sampler"),
])
def test_the_fast_engine_commands_refuse_a_policy_the_5p_game_lacks_in_one_line(command, tmp_path):
    out = tmp_path / "run"
    result = run_apart(*(str(out) if part == "OUT" else part for part in command), cwd=tmp_path)
    assert_one_line_error(result, LACKS_SAMPLER)
    assert not out.exists()


def test_tune_play_refuses_the_5p_game_in_one_line(tmp_path):
    out = tmp_path / "run"
    result = run("tune-play", "--rules", "zhaopengyou-5p", "--deals", "100", "--out", str(out))
    assert_one_line_error(result, "tune-play tunes the heuristic's play of Baofen and 80分 only so far, "
                                  "not of 5-player 找朋友")
    assert not out.exists()


# ---- the 5-player order (§1.2.1, §1.3.3, §1.5.2, §1.9.1) ----

ORDER = FivePlayerOrder(CLUBS)


def units(text: str, order: FivePlayerOrder = ORDER) -> list[tuple[str, str]]:
    """The §1.9.1 units of `text` as (shape, top card)."""
    from baofen_sim.cards import card_name
    return [(unit.shape, card_name(unit.kinds[0])) for unit in decompose(parse_cards(text), order)]


def tractor_value(text: str, order: FivePlayerOrder = ORDER) -> int:
    (unit,) = decompose(parse_cards(text), order)
    assert unit.shape == TRACTOR
    return order.tractor_value(unit.kinds[0], False, LED)


def test_trumps_are_jokers_sevens_twos_and_the_trump_suit():
    trumps = [k for k in range(54) if ORDER.is_trump(k)]
    assert 2 * len(trumps) == 4 + 8 + 8 + 22  # 42 cards: BJ LJ, the 7s, the 2s and the 11 other clubs, twice each
    assert ORDER.suit(parse_cards("H7")[0]) == ORDER.suit(parse_cards("S2")[0]) == TRUMP
    assert ORDER.suit(parse_cards("H8")[0]) == HEARTS


def test_c5_single_card_order():
    high_to_low = parse_cards("BJ LJ C7 H7 C2 H2 CA CK CQ CJ CT C9 C8 C6 C5 C4 C3")
    powers = [ORDER.power(k) for k in high_to_low]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    assert ORDER.power(parse_cards("H7")[0]) == ORDER.power(parse_cards("S7")[0]) == ORDER.power(parse_cards("D7")[0])
    assert ORDER.power(parse_cards("H2")[0]) == ORDER.power(parse_cards("D2")[0])
    plain = [ORDER.power(k) for k in parse_cards("HA HK HQ HJ HT H9 H8 H6 H5 H4 H3")]
    assert plain == sorted(plain, reverse=True) and len(set(plain)) == 11


@pytest.mark.parametrize(("cards", "expected"), [
    ("H7 H7 H8 H8", [(PAIR, "H7"), (PAIR, "H8")]),  # H7 is a trump 副7, H8 plain
    ("H9 H9 HT HT", [(TRACTOR, "H10")]),  # "991010可以"
    ("C6 C6 C7 C7 C8 C8", [(TRACTOR, "C8")]),  # "667788", one tractor of length 3
    ("C2 C2 C3 C3", [(TRACTOR, "C3")]),  # "2233"
    ("C2 C2 C3 C3 C4 C4", [(TRACTOR, "C4")]),
    ("H6 H6 H8 H8", [(TRACTOR, "H8")]),  # plain gap closed (A33)
    ("C6 C6 C8 C8", [(TRACTOR, "C8")]),  # trump gap closed (A33)
    ("C7 C7 H7 H7", [(PAIR, "C7"), (PAIR, "H7")]),  # no tractor across tiers (A33)
    ("C2 C2 H2 H2", [(PAIR, "C2"), (PAIR, "H2")]),
    ("H7 H7 C7 C7 C8 C8", [(TRACTOR, "C8"), (PAIR, "H7")]),
    ("BJ BJ LJ LJ", [(PAIR, "BJ"), (PAIR, "LJ")]),  # joker_tractor_mode none
    ("C5 C5 C6 C6 C7 C7 C8 C8 C9 C9", [(TRACTOR, "C9")]),
    ("C6 C6 C7 C7 CA CA", [(TRACTOR, "C7"), (PAIR, "CA")]),
])
def test_c4_tractors_of_the_5_player_chains(cards, expected):
    assert units(cards) == expected


def test_c4_the_gap_options_off_make_6688_two_pairs():
    strict = FivePlayerOrder(CLUBS, trump_gap_tractor=False, plain_gap_tractor=False)
    assert units("H6 H6 H8 H8", strict) == [(PAIR, "H8"), (PAIR, "H6")]
    assert units("C6 C6 C8 C8", strict) == [(PAIR, "C8"), (PAIR, "C6")]
    assert units("C6 C6 C7 C7 C8 C8", strict) == [(TRACTOR, "C8")]  # the t7 pair is on the chain
    unlowered = FivePlayerOrder(CLUBS, trump_lowering=False)
    assert units("C2 C2 C3 C3", unlowered) == [(PAIR, "C2"), (PAIR, "C3")]
    assert units("C6 C6 C7 C7 C8 C8", unlowered) == [(TRACTOR, "C8"), (PAIR, "C7")]


def test_c4_trump_tractors_are_valued_by_face_position():
    assert tractor_value("C9 C9 CT CT") > tractor_value("C7 C7 C8 C8")  # "991010>7788"
    assert tractor_value("C6 C6 C8 C8") == tractor_value("C7 C7 C8 C8")  # a tie, first played wins (§1.7)
    assert tractor_value("C7 C7 C8 C8") > tractor_value("C2 C2 C3 C3")
    assert tractor_value("C6 C6 C7 C7") < tractor_value("C6 C6 C8 C8")


def test_c4_a_trump_7_pair_beats_a_trump_ace_pair():
    seven, ace = parse_cards("C7 CA")
    assert ORDER.power(seven) > ORDER.power(ace)


def test_the_order_reads_the_rule_set():
    rules = preset("zhaopengyou-5p").replace(zpy_plain_gap_tractor=False, joker_tractor_mode="top")
    order = FivePlayerOrder.for_rules(rules, CLUBS)
    assert (order.plain_gap_tractor, order.trump_gap_tractor, order.joker_tractor_mode) == (False, True, "top")
    assert units("BJ BJ LJ LJ", order) == [(TRACTOR, "BJ")]
