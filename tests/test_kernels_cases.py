"""RULES.md §10 conformance cases through the Numba kernels (C1, C2, C6–C34, C58–C60; and C3, C62, C63 on
an 80分-style level-7 table, showing the layout is a table change).

Baofen cases use trump ♥ unless the case says otherwise; seat 0 leads and is the declarer unless stated.
Plays are listed in playing order, the lead first.
"""

from __future__ import annotations

import pytest

from baofen_sim.cards import SUIT_LETTERS
from baofen_sim.codes import DISCARD, IN_SUIT, LEAD, NO_TRUMP, RUFF
from baofen_sim.dev.kernel_calls import (
    classes,
    follow_choices,
    lead_of,
    legal_follow,
    throw_verdict,
    winner,
    winning_play,
)
from baofen_sim.rules import preset
from baofen_sim.tables import materialize
from tests.kernel_helpers import BAOFEN_PRESETS, as_set, card_sets, cards, compiled, tables

pytestmark = pytest.mark.usefixtures("compiled")
__all__ = ["compiled"]

BOTH = pytest.mark.parametrize("name", BAOFEN_PRESETS)


def profile(name: str, text: str, trump: str = "H") -> tuple:
    """(tractor lengths descending, loose pairs, singles) of a lead."""
    lead = lead_of(tables(name, trump), text)
    lengths = tuple(length for length in range(15, 1, -1) for _ in range((lead.slots >> (4 * length)) & 15))
    return lengths, lead.loose, lead.singles


# ---- 10.1 pairs and tractors ----------------------------------------------------------------------------


@BOTH
@pytest.mark.parametrize("text, length", [
    ("BJ BJ LJ LJ", 2), ("SK SK SQ SQ", 2), ("ST ST S9 S9", 2), ("S5 S5 S4 S4 S3 S3", 3), ("HK HK HQ HQ", 2),
])
def test_c1_tractors(name, text, length):
    assert profile(name, text) == ((length,), 0, 0)


@BOTH
@pytest.mark.parametrize("text, loose, singles", [
    ("S5 S5 S4", 1, 1), ("S5 S4 S4", 1, 1), ("S5 S5 S3 S3", 2, 0), ("SA SA S3 S3", 2, 0),
    ("H2 H2 S2 S2", 2, 0), ("S2 S2 HA HA", 2, 0), ("LJ LJ H2 H2", 2, 0), ("H2 H2 H3 H3", 2, 0),
    ("S2 S2 C2 C2", 2, 0),
])
def test_c2_not_tractors(name, text, loose, singles):
    assert profile(name, text) == ((), loose, singles)


def test_joker_pairs_are_no_tractor_without_joker_tractors():
    assert profile("baofen", "BJ BJ LJ LJ") == ((2,), 0, 0)
    tb = tables(joker_tractor_mode="none")
    lead = lead_of(tb, "BJ BJ LJ LJ")
    assert (lead.k, lead.loose) == (0, 2)


# ---- 10.2 order and ties -------------------------------------------------------------------------------


def test_c6_equal_side_twos_first_played_wins_main_two_higher():
    tb = tables()
    assert winner(tb, ["S2", "C2", "D3", "C3"]) == 0
    assert winner(tb, ["S2", "C2", "H2", "C3"]) == 2


def test_c7_side_two_is_a_trump_so_its_holder_is_void():
    tb = tables()
    hand = "S2 C3 D4"
    assert legal_follow(tb, "SK", hand, "S2") and legal_follow(tb, "SK", hand, "C3")
    assert classes(tb, ["SK", "S2", "S3", "S4"]) == [LEAD, RUFF, IN_SUIT, IN_SUIT]
    assert winner(tb, ["SK", "S2", "SA", "S4"]) == 1


# ---- 10.3 ruffing and over-ruffing ---------------------------------------------------------------------


@BOTH
def test_c8_trump_998872_ruffs_ak5544(name):
    tb = tables(name)
    lead = "SA SK S5 S5 S4 S4"
    assert throw_verdict(tb, lead, ["H3", "SQ SJ S3", "C3"]) == (True, [])
    plays = [lead, "H9 H9 H8 H8 H7 C2", "C3 C4 C5 C6 C7 C8", "D3 D4 D5 D6 D7 D8"]
    assert classes(tb, plays)[1] == RUFF
    assert winner(tb, plays) == 1
    over = [lead, "H9 H9 H8 H8 H7 C2", "HJ HJ HT HT H3 H4", "D3 D4 D5 D6 D7 D8"]
    assert winner(tb, over) == 2


@BOTH
@pytest.mark.parametrize("rule", ["shape", "count"])
def test_c9_trump_998872_cannot_ruff_aa5544(name, rule):
    tb = tables(name, ruff_structure_rule=rule)
    plays = ["SA SA S5 S5 S4 S4", "H9 H9 H8 H8 H7 C2", "C3 C4 C5 C6 C7 C8", "D3 D4 D5 D6 D7 D8"]
    assert classes(tb, plays)[1] == DISCARD
    assert winner(tb, plays) == 0


@BOTH
def test_c10_977_ruffs_544_and_884_overruffs(name):
    tb = tables(name)
    plays = ["S5 S4 S4", "H9 H7 H7", "H8 H8 H4", "C3 C4 C5"]
    assert classes(tb, plays) == [LEAD, RUFF, RUFF, DISCARD]
    assert winner(tb, plays) == 2


@BOTH
def test_c11_977_ruffs_567_and_884_cannot_overruff(name):
    tb = tables(name)
    plays = ["S5 S6 S7", "H9 H7 H7", "H8 H8 H4", "C3 C4 C5"]
    assert classes(tb, plays) == [LEAD, RUFF, RUFF, DISCARD]
    assert winner(tb, plays) == 1


@BOTH
def test_best_play_so_far_of_a_partial_trick(name):
    """§3.5 on the first plays of a trick, what a follower has to beat: C7's ruff of a single, C10's ruff and
    over-ruff of a throw, and C6's tie, which stays with the earlier play (§1.7)."""
    tb = tables(name)
    single = ["SK", "S2", "SA", "S4"]
    assert [winning_play(tb, single[:k])[:2] for k in range(1, 5)] == [(0, LEAD), (1, RUFF), (1, RUFF), (1, RUFF)]
    throw = ["S5 S4 S4", "H9 H7 H7", "H8 H8 H4", "C3 C4 C5"]
    assert [winning_play(tb, throw[:k])[:2] for k in range(1, 5)] == [(0, LEAD), (1, RUFF), (2, RUFF), (2, RUFF)]
    assert winning_play(tb, ["S2", "C2"])[:2] == (0, LEAD)


def test_c12_plain_ace_on_a_diamond_lead_is_a_discard():
    tb = tables()
    plays = ["D3", "SA", "CA", "SK"]
    assert classes(tb, plays) == [LEAD, DISCARD, DISCARD, DISCARD]
    assert winner(tb, plays) == 0


def test_c13_ruffing_is_optional():
    assert legal_follow(tables(), "SK", "C3 H5 H6 BJ", "C3")


# ---- 10.4 following --------------------------------------------------------------------------------------


def test_c14_pair_lead_must_be_answered_by_a_pair_even_from_a_tractor():
    tb = tables()
    hand = "SQ SQ SJ SJ S4 H3 C5"
    assert legal_follow(tb, "SK SK", hand, "SQ SQ") and legal_follow(tb, "SK SK", hand, "SJ SJ")
    assert not legal_follow(tb, "SK SK", hand, "SQ S4")
    assert card_sets(follow_choices(tb, "SK SK", hand)) == as_set("SQ SQ", "SJ SJ")


def test_c15_must_follow_lower_tractor_not_higher_pair():
    tb = tables()
    hand = "SA SA S8 S8 S7 S7 S3 C4"
    assert legal_follow(tb, "SQ SQ SJ SJ", hand, "S8 S8 S7 S7")
    assert not legal_follow(tb, "SQ SQ SJ SJ", hand, "SA SA S8 S8")
    assert card_sets(follow_choices(tb, "SQ SQ SJ SJ", hand)) == as_set("S8 S8 S7 S7")


def test_c16_no_tractor_then_pairs_first():
    tb = tables()
    hand = "SA SA S9 S5 S3 D4"
    assert card_sets(follow_choices(tb, "SQ SQ SJ SJ", hand)) == as_set(
        "SA SA S9 S5", "SA SA S9 S3", "SA SA S5 S3")
    assert not legal_follow(tb, "SQ SQ SJ SJ", hand, "SA S9 S5 S3")


def test_c17_short_suit_plays_all_of_it_and_a_trump_pair_is_a_discard():
    tb = tables()
    hand = "SA S3 H4 H4 C9 D9"
    assert legal_follow(tb, "SQ SQ SJ SJ", hand, "SA S3 H4 H4")
    assert legal_follow(tb, "SQ SQ SJ SJ", hand, "SA S3 C9 D9")
    assert not legal_follow(tb, "SQ SQ SJ SJ", hand, "H4 H4 C9 D9")
    plays = ["SQ SQ SJ SJ", "SA S3 H4 H4", "C3 C4 C5 C6", "D3 D4 D5 D6"]
    assert classes(tb, plays)[1] == DISCARD
    assert winner(tb, plays) == 0


def test_c18_longest_tractor_up_to_the_led_length():
    lead = "S8 S8 S7 S7 S6 S6"
    hand = "SA SA SK SK S9 S9 S4 S4 S3 C5"
    tb = tables()
    assert card_sets(follow_choices(tb, lead, hand)) == as_set("SA SA SK SK S9 S9", "SA SA SK SK S4 S4")
    assert not legal_follow(tb, lead, hand, "SA SA S9 S9 S4 S4")
    same = tables(follow_tractor_rule="same_length_only")
    assert legal_follow(same, lead, hand, "SA SA S9 S9 S4 S4")
    assert legal_follow(same, lead, hand, "SA SA SK SK S4 S4")
    assert not legal_follow(same, lead, hand, "SA SA SK SK S4 S3")


def test_c19_trump_pair_lead_forces_the_only_trump_pair():
    tb = tables()
    hand = "S2 S2 HK H9 C3"
    assert card_sets(follow_choices(tb, "H5 H5", hand)) == as_set("S2 S2")
    assert winner(tb, ["H5 H5", "S2 S2", "H3 H4", "C4 C5"]) == 1


def test_c20_following_a_throw_uses_its_profile():
    tb = tables()
    hand = "SQ SQ SJ S5 H3"
    assert card_sets(follow_choices(tb, "SA SK SK", hand)) == as_set("SQ SQ SJ", "SQ SQ S5")
    assert winner(tb, ["SA SK SK", "SQ SQ SJ", "S3 S4 S6", "S7 S8 S9"]) == 0


def test_c21_heart_pair_lead_answers():
    # C21 is stated for the 5-player game with t = C; none of its cards is a 7 or a 2, so the follow
    # obligations are the same under Baofen with t = C.
    tb = tables(trump="C")
    lead = "H3 H3"
    assert card_sets(follow_choices(tb, lead, "H9 H9 HK S5")) == as_set("H9 H9")
    assert card_sets(follow_choices(tb, lead, "HA HK S5")) == as_set("HA HK")
    assert card_sets(follow_choices(tb, lead, "H5 S6 D7")) == as_set("H5 S6", "H5 D7")
    assert classes(tb, [lead, "H9 H9", "HA HK", "C4 C4"])[3] == RUFF
    assert classes(tb, [lead, "H9 H9", "HA HK", "C4 CK"])[3] == DISCARD


# ---- 10.5 throws -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [*BAOFEN_PRESETS])
@pytest.mark.parametrize("throw, others", [
    ("SA SA SK", ["SK SQ SQ SJ", "S3 S4", "S5 S6"]),
    ("SA SK SK", ["SA SQ SQ SJ SJ", "S3 S4", "S5 S6"]),
    ("SA SQ SQ SJ SJ", ["SA SK SK ST ST", "S9 S9 S8 S8", "S3"]),
])
def test_c22_throws_that_are_always_valid(name, throw, others):
    assert throw_verdict(tables(name), throw, others) == (True, [])


def test_c23_single_ace_with_a_three_pair_tractor():
    tb = tables()
    throw = "SA S7 S7 S6 S6 S5 S5"
    assert throw_verdict(tb, throw, ["SK SK SQ SQ", "S4 S4", "S3"]) == (True, [])
    ok, forced = throw_verdict(tb, throw, ["ST ST S9 S9 S8 S8", "S4", "S3"])
    assert not ok and forced == cards("S7 S7 S6 S6 S5 S5")


@BOTH
@pytest.mark.parametrize("seat2, seat3, forced", [
    ("SJ", "C3", "S9"), ("C3", "SQ SQ", "S4 S4"), ("C3", "S5 S5", "S4 S4"), ("SJ", "S5 S5", "S4 S4"),
])
def test_c24_98844_forced_units(name, seat2, seat3, forced):
    tb = tables(name)
    ok, got = throw_verdict(tb, "S9 S8 S8 S4 S4", {1: "S3 S6", 2: seat2, 3: seat3})
    assert not ok and got == cards(forced)


def test_c24_valid_when_nothing_beats_any_unit():
    assert throw_verdict(tables(), "S9 S8 S8 S4 S4", {1: "S3 S6", 2: "S7 S5", 3: "S3"}) == (True, [])


@BOTH
def test_c25_85533_forced_units(name):
    tb = tables(name)
    ok, got = throw_verdict(tb, "C8 C5 C5 C3 C3", {1: "C9", 2: "C6", 3: "H3"})
    assert not ok and got == cards("C8")
    ok, got = throw_verdict(tb, "C8 C5 C5 C3 C3", {1: "C7", 2: "C4 C4", 3: "H3"})
    assert not ok and got == cards("C3 C3")


@BOTH
def test_c26_trump_throws(name):
    tb = tables(name)
    assert throw_verdict(tb, "BJ LJ LJ", ["BJ H2 H2", "S2 S2", "HA HA"]) == (True, [])
    assert throw_verdict(tb, "BJ BJ LJ", ["LJ H2 H2", "S2 S2", "HA HA"]) == (True, [])
    assert throw_verdict(tb, "BJ LJ H2 H2", ["LJ S2 S2", "C2 C2", "HA HA"]) == (True, [])
    ok, forced = throw_verdict(tb, "BJ LJ H2 H2", {1: "LJ S2", 2: "BJ", 3: "HA HA"})
    assert not ok and forced == cards("LJ")


def test_throw_tractor_is_beaten_only_by_a_tractor_of_one_player():
    tb = tables()
    # the pairs KK and QQ are held by different players: no tractor beats 9988
    assert throw_verdict(tb, "SA S9 S9 S8 S8", {1: "SK SK", 2: "SQ SQ", 3: "S3"}) == (True, [])
    ok, forced = throw_verdict(tb, "SA S9 S9 S8 S8", {1: "SK SK SQ SQ", 2: "S4", 3: "S3"})
    assert not ok and forced == cards("S9 S9 S8 S8")


def test_throw_tractor_lengths_are_different_kinds():
    # §4.4.2: in 554433 + 9988 a held JJTT beats only 9988
    tb = tables()
    ok, forced = throw_verdict(tb, "S5 S5 S4 S4 S3 S3 S9 S9 S8 S8", {1: "SJ SJ ST ST", 2: "S6", 3: "S7"})
    assert not ok and forced == cards("S9 S9 S8 S8")


# ---- 10.6 joker tractor ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name, expected", [("baofen", 0), ("baofen-001", 1)])
def test_c28_defender_leads_the_joker_tractor(name, expected):
    tb = tables(name)
    plays = ["BJ BJ LJ LJ", "H9 H9 HJ HQ", "C3 C4 C5 C6", "H4 H4 H3 H3"]  # seats 1, 2, 3, 0
    assert winner(tb, plays, leader=1, declarer=0) == expected


@BOTH
def test_c29_forced_joker_tractor_follow_is_lowest(name):
    tb = tables(name)
    hand = "BJ BJ LJ LJ H5 H9 C3"
    assert card_sets(follow_choices(tb, "HA HA HK HK", hand)) == as_set("BJ BJ LJ LJ")
    plays = ["HA HA HK HK", "BJ BJ LJ LJ", "C3 C4 C5 C6", "D3 D4 D5 D6"]
    assert winner(tb, plays, leader=0, declarer=0) == 0


@pytest.mark.parametrize("name, expected", [("baofen", 0), ("baofen-001", 1)])
def test_c30_declarer_follows_with_the_joker_tractor(name, expected):
    tb = tables(name)
    plays = ["HQ HQ HJ HJ", "C3 C4 C5 C6", "D3 D4 D5 D6", "BJ BJ LJ LJ"]  # seats 1, 2, 3, 0
    assert winner(tb, plays, leader=1, declarer=0) == expected


@pytest.mark.parametrize("name, ruff_001, expected", [
    ("baofen", "largest", 2), ("baofen-001", "largest", 1), ("baofen-001", "smallest", 2),
])
def test_c31_joker_tractor_ruff(name, ruff_001, expected):
    tb = tables(name, joker_tractor_ruff_001=ruff_001)
    plays = ["S9 S9 S8 S8", "BJ BJ LJ LJ", "H4 H4 H3 H3", "C3 C4 C5 C6"]
    assert classes(tb, plays) == [LEAD, RUFF, RUFF, DISCARD]
    assert winner(tb, plays, leader=0, declarer=0) == expected


def test_joker_tractor_of_a_defender_thrower_is_beaten_under_r000():
    # §1.6.1 a defender's joker tractor is the lowest, even inside his throw (§4.2)
    throw = "BJ BJ LJ LJ HA"
    others = {0: "H4 H4 H3 H3", 2: "C3", 3: "D3"}
    ok, forced = throw_verdict(tables("baofen"), throw, others, thrower=1, declarer=0)
    assert not ok and forced == cards("BJ BJ LJ LJ")
    assert throw_verdict(tables("baofen-001"), throw, others, thrower=1, declarer=0) == (True, [])


# ---- 10.7 eight of a kind --------------------------------------------------------------------------------


EIGHT_FOURS = "S4 S4 H4 H4 C4 C4 D4 D4"


def test_c32_eight_fours_lead_and_trump_follow():
    tb = tables("baofen", "S")
    lead = lead_of(tb, EIGHT_FOURS)
    assert lead.eight_rank == 2 and lead.n == 8
    hand = "BJ SK SK SQ SQ S9 S9 D2 H2 SA H7"
    expected = {tuple(sorted(cards("SK SK SQ SQ S9 S9") + cards(extra)))
                for extra in ("BJ D2", "BJ H2", "BJ SA", "D2 H2", "D2 SA", "H2 SA")}
    assert card_sets(follow_choices(tb, EIGHT_FOURS, hand)) == expected
    plays = [EIGHT_FOURS, "SK SK SQ SQ S9 S9 BJ SA", "C3 C5 C6 C7 C8 C9 CT CJ", "D3 D5 D6 D7 D8 D9 DT DJ"]
    assert winner(tb, plays) == 0


def test_c33_eight_fours_short_and_void_followers():
    bf = tables("baofen", "S")
    short = "SA SJ C2 H9 H9 D6 D6 C5 C7 D8"
    assert card_sets(follow_choices(bf, EIGHT_FOURS, short)) == {
        tuple(sorted(cards("SA SJ C2 H9 H9 D6 D6") + [c])) for c in cards("C5 C7 D8")}
    void = "HK HK CQ CQ D3 D3 H5 C9 D7"
    assert card_sets(follow_choices(bf, EIGHT_FOURS, void)) == {
        tuple(sorted(cards("HK HK CQ CQ D3 D3") + cards(pair))) for pair in ("H5 C9", "H5 D7", "C9 D7")}
    bf1 = tables("baofen-001", "S")
    assert legal_follow(bf1, EIGHT_FOURS, short, "SA SJ C2 H9 D6 C5 C7 D8")
    assert not legal_follow(bf1, EIGHT_FOURS, short, "SJ C2 H9 H9 D6 D6 C5 C7")
    assert legal_follow(bf1, EIGHT_FOURS, void, "HK CQ D3 H5 C9 D7 HK CQ")
    assert not legal_follow(bf, EIGHT_FOURS, void, "HK CQ D3 H5 C9 D7 HK CQ")


@pytest.mark.parametrize("name, expected", [("baofen-001", 2), ("baofen", 0)])
def test_c34_a_held_eight_answers_the_eight(name, expected):
    tb = tables(name, "S")
    nines = "S9 S9 H9 H9 C9 C9 D9 D9"
    hand2 = nines + " HA CK DQ"
    if name == "baofen-001":
        assert card_sets(follow_choices(tb, EIGHT_FOURS, hand2)) == as_set(nines)
    else:  # S000: trumps first (S9 S9), then plain pairs: the same cards, with no duty to win
        assert legal_follow(tb, EIGHT_FOURS, hand2, nines)
    plays = [EIGHT_FOURS, "SA SK C3 C5 C6 C7 C8 CT", nines, "D3 D5 D6 D7 D8 DT DJ DK"]
    assert winner(tb, plays) == expected


def test_eight_of_a_kind_is_a_lead_only_when_the_mode_is_on():
    assert lead_of(tables("baofen", "S", eight_kind_mode="off"), EIGHT_FOURS).eight_rank == -1


# ---- 10.12 ruff test and comparison --------------------------------------------------------------------


@pytest.mark.parametrize("rule, cls, expected", [("shape", DISCARD, 0), ("count", RUFF, 1)])
def test_c58_ruff_structure_shape_vs_count(rule, cls, expected):
    tb = tables(ruff_structure_rule=rule)
    plays = ["S5 S5 S4 S4 S3 S3", "H9 H9 H8 H8 H4 H4", "C3 C4 C5 C6 C7 C8", "D3 D4 D5 D6 D7 D8"]
    assert classes(tb, plays)[1] == cls
    assert winner(tb, plays) == expected


@pytest.mark.parametrize("compare", ["primary_unit", "lexicographic"])
def test_c59_ruff_value_is_the_matched_tractor(compare):
    tb = tables(multi_unit_compare=compare)
    lead = "SA SA S6 S6 S5 S5"
    assert throw_verdict(tb, lead, ["SK SK S4 S4", "S3 S3", "S9"]) == (True, [])
    plays = [lead, "HQ HQ HJ HJ H3 H3", "H7 H7 H6 H6 HA HA", "C3 C4 C5 C6 C7 C8"]
    assert classes(tb, plays) == [LEAD, RUFF, RUFF, DISCARD]
    assert winner(tb, plays) == 1


@pytest.mark.parametrize("compare, expected", [("primary_unit", 1), ("lexicographic", 2)])
def test_c60_multi_unit_compare(compare, expected):
    tb = tables(multi_unit_compare=compare)
    lead = "DA DA D9 D9"
    assert throw_verdict(tb, lead, ["D8 D8", "DK DQ", "D3"]) == (True, [])
    plays = [lead, "S2 S2 H3 H3", "C2 C2 HA HA", "C3 C4 C5 C6"]
    assert winner(tb, plays) == expected


# ---- 80分 layouts (the same kernels on other tables: C3, C62, C63) --------------------------------------


def level_7(trump: str = "S"):
    """80分 at level 7 approximated on the Baofen preset: 7s are the level cards, no joker tractor."""
    rules = preset("baofen").replace(constant_trump_ranks=(7,), joker_tractor_mode="none",
                                     eight_kind_mode="off", allow_no_trump=True)
    return materialize(rules, NO_TRUMP if trump == "-" else SUIT_LETTERS.index(trump))


@pytest.mark.parametrize("text, expected", [
    ("S6 S6 S8 S8", ((2,), 0, 0)), ("D6 D6 D8 D8", ((2,), 0, 0)), ("S8 S8 S6 S6 S5 S5", ((3,), 0, 0)),
    ("S7 S7 H7 H7", ((), 2, 0)), ("BJ BJ LJ LJ", ((), 2, 0)), ("SA SA S7 S7", ((), 2, 0)),
    ("S2 S2 S3 S3", ((2,), 0, 0)),
])
def test_c3_level_gap_tractors(text, expected):
    lead = lead_of(level_7(), text)
    lengths = tuple(length for length in range(15, 1, -1) for _ in range((lead.slots >> (4 * length)) & 15))
    assert (lengths, lead.loose, lead.singles) == expected


def test_c62_level_cards_and_no_trump_ties():
    assert winner(level_7(), ["S7", "H7", "BJ", "C3"]) == 2
    assert winner(level_7(), ["S7", "H7", "C3", "D3"]) == 0
    assert winner(level_7(), ["H7", "S7", "C3", "D3"]) == 1  # 主级 beats 副级
    assert winner(level_7("-"), ["H7", "S7", "C3", "D3"]) == 0  # no-trump: equal, the first played wins


def test_c63_level_gap_trump_tractor_must_be_followed_and_wins():
    tb = level_7()
    hand = "SA SA SK SK S3 H4"
    assert card_sets(follow_choices(tb, "S6 S6 S8 S8", hand)) == as_set("SA SA SK SK")
    assert winner(tb, ["S6 S6 S8 S8", "SA SA SK SK", "C3 C4 C5 C6", "D3 D4 D5 D6"]) == 1
    assert classes(tb, ["S6 S6 S8 S8", "S7 S7 H7 H7", "C3 C4 C5 C6", "D3 D4 D5 D6"])[1] == DISCARD
