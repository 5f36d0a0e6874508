"""RULES.md §10 worked examples C1–C34 and C58–C60 through the reference engine (Baofen presets)."""

from __future__ import annotations

import pytest

from baofen_sim.dev import kernel_calls
from baofen_sim.reference.throws import validate_throw
from baofen_sim.rules import preset
from baofen_sim.tables import materialize
from tests.helpers import follow_verdict, hand, order_for, units_of, winner_of

BAOFEN = preset("baofen")
BAOFEN_001 = preset("baofen-001")
BOTH = [BAOFEN, BAOFEN_001]
BOTH_IDS = ["baofen", "baofen-001"]


def throw_forced(rules, throw: str, others: dict[int, str], thrower: int = 0, declarer: int = 0,
                 trump: str = "H") -> list[int] | None:
    """None if the throw is valid, else the forced lead's cards."""
    verdict = validate_throw(hand(throw), thrower == declarer, {s: hand(h) for s, h in others.items()},
                             declarer, order_for(rules, trump), rules)
    return None if verdict.valid else sorted(verdict.forced.cards())


# ----- 10.1 pairs and tractors -----------------------------------------------------------------------

@pytest.mark.parametrize("rules", BOTH, ids=BOTH_IDS)
@pytest.mark.parametrize("cards,length", [("BJ BJ LJ LJ", 2), ("SK SK SQ SQ", 2), ("ST ST S9 S9", 2),
                                          ("S5 S5 S4 S4 S3 S3", 3), ("HK HK HQ HQ", 2)])
def test_c1_seed_tractors_are_one_tractor(rules, cards, length):
    assert units_of(cards, rules) == [("tractor", length)]


@pytest.mark.parametrize("rules", BOTH, ids=BOTH_IDS)
@pytest.mark.parametrize("cards,units", [
    ("S5 S5 S4", [("pair", 1), ("single", 0)]), ("S5 S4 S4", [("pair", 1), ("single", 0)]),
    ("S5 S5 S3 S3", [("pair", 1)] * 2), ("SA SA S3 S3", [("pair", 1)] * 2),
    ("H2 H2 S2 S2", [("pair", 1)] * 2), ("S2 S2 HA HA", [("pair", 1)] * 2),
    ("LJ LJ H2 H2", [("pair", 1)] * 2), ("H2 H2 H3 H3", [("pair", 1)] * 2),
    ("S2 S2 C2 C2", [("pair", 1)] * 2)])
def test_c2_non_tractors_split_into_pairs_and_singles(rules, cards, units):
    assert units_of(cards, rules) == units


# ----- 10.2 single-card order and ties -------------------------------------------------------------------

def test_c6_equal_side_twos_first_played_wins_and_trump_two_beats_them():
    assert winner_of(BAOFEN, [("", "S2"), ("", "C2"), ("D3", "D3"), ("D4", "D4")]) == 0
    assert winner_of(BAOFEN, [("", "S2"), ("", "C2"), ("", "H2"), ("D4", "D4")]) == 2


def test_c7_off_suit_two_is_a_trump_so_the_holder_is_void_and_may_ruff_or_discard():
    assert follow_verdict(BAOFEN, "SK", "S2 D5", "S2") is None
    assert follow_verdict(BAOFEN, "SK", "S2 D5", "D5") is None
    assert winner_of(BAOFEN, [("", "SK"), ("S2 D5", "S2"), ("D3", "D3"), ("D4", "D4")]) == 1


# ----- 10.3 ruffing and over-ruffing -----------------------------------------------------------------------

@pytest.mark.parametrize("rules", BOTH, ids=BOTH_IDS)
def test_c8_trump_998872_ruffs_ak5544(rules):
    plays = [("", "SA SK S5 S5 S4 S4"), ("", "H9 H9 H8 H8 H7 C2"), ("D3 D4 D5 D6 D7 D8", "D3 D4 D5 D6 D7 D8"),
             ("C3 C4 C5 C6 C7 C8", "C3 C4 C5 C6 C7 C8")]
    assert winner_of(rules, plays) == 1


@pytest.mark.parametrize("rule", ["shape", "count"])
def test_c9_trump_998872_cannot_ruff_aa5544(rule):
    rules = BAOFEN.replace(ruff_structure_rule=rule)
    plays = [("", "SA SA S5 S5 S4 S4"), ("", "H9 H9 H8 H8 H7 C2"), ("", "D3 D4 D5 D6 D7 D8"),
             ("", "C3 C4 C5 C6 C7 C8")]
    assert winner_of(rules, plays) == 0


@pytest.mark.parametrize("rules", BOTH, ids=BOTH_IDS)
def test_c10_pair_ruff_is_overruffed_by_a_higher_pair(rules):
    plays = [("", "S5 S4 S4"), ("", "H9 H7 H7"), ("", "H8 H8 H4"), ("", "D3 D4 D5")]
    assert winner_of(rules, plays) == 2


@pytest.mark.parametrize("rules", BOTH, ids=BOTH_IDS)
def test_c11_singles_ruff_is_valued_by_its_highest_card(rules):
    plays = [("", "S5 S6 S7"), ("", "H9 H7 H7"), ("", "H8 H8 H4"), ("", "D3 D4 D5")]
    assert winner_of(rules, plays) == 1


def test_c12_off_suit_ace_is_a_discard():
    assert winner_of(BAOFEN, [("", "D3"), ("SA C4", "SA"), ("C5", "C5"), ("C6", "C6")]) == 0


def test_c13_ruffing_is_optional():
    assert follow_verdict(BAOFEN, "SK", "HA H3 C3", "C3") is None


# ----- 10.4 following ---------------------------------------------------------------------------------------

def test_c14_pair_lead_must_be_answered_by_a_pair_even_from_a_tractor():
    assert follow_verdict(BAOFEN, "SK SK", "SQ SQ SJ SJ S4", "SQ SQ") is None
    assert follow_verdict(BAOFEN, "SK SK", "SQ SQ SJ SJ S4", "SJ SJ") is None
    assert follow_verdict(BAOFEN, "SK SK", "SQ SQ SJ SJ S4", "SQ S4").rule == "§2.3.2"


def test_c15_must_follow_a_tractor_with_a_tractor_not_a_higher_pair():
    assert follow_verdict(BAOFEN, "SQ SQ SJ SJ", "SA SA S8 S8 S7 S7 S3", "S8 S8 S7 S7") is None
    assert follow_verdict(BAOFEN, "SQ SQ SJ SJ", "SA SA S8 S8 S7 S7 S3", "SA SA S8 S8").rule == "§2.3.2"


def test_c16_without_a_tractor_pairs_come_first():
    assert follow_verdict(BAOFEN, "SQ SQ SJ SJ", "SA SA S9 S5 S3", "SA SA S9 S3") is None
    assert follow_verdict(BAOFEN, "SQ SQ SJ SJ", "SA SA S9 S5 S3", "SA S9 S5 S3").rule == "§2.3.2"


def test_c17_short_suit_plays_all_of_it_and_trumps_with_it_are_a_discard():
    assert follow_verdict(BAOFEN, "SQ SQ SJ SJ", "SA S3 HA HA D4", "SA S3 HA HA") is None
    assert follow_verdict(BAOFEN, "SQ SQ SJ SJ", "SA S3 HA HA D4", "SA HA HA D4").rule == "§2.3.1"
    plays = [("", "SQ SQ SJ SJ"), ("SA S3 HA HA D4", "SA S3 HA HA"), ("", "D3 D4 D5 D6"), ("", "C3 C4 C5 C6")]
    assert winner_of(BAOFEN, plays) == 0


def test_c18_longest_tractor_up_to_the_led_length_then_pairs():
    held = "SA SA SK SK S9 S9 S4 S4 S3"
    lead = "S8 S8 S7 S7 S6 S6"
    assert follow_verdict(BAOFEN, lead, held, "SA SA SK SK S9 S9") is None
    assert follow_verdict(BAOFEN, lead, held, "SA SA SK SK S4 S4") is None
    assert follow_verdict(BAOFEN, lead, held, "SA SA S9 S9 S4 S4").rule == "§2.3.2"
    same_length = BAOFEN.replace(follow_tractor_rule="same_length_only")
    assert follow_verdict(same_length, lead, held, "SA SA S9 S9 S4 S4") is None


def test_c19_side_two_pair_is_the_only_trump_pair_and_wins():
    assert follow_verdict(BAOFEN, "H5 H5", "S2 S2 HK H9", "S2 S2") is None
    assert follow_verdict(BAOFEN, "H5 H5", "S2 S2 HK H9", "HK H9").rule == "§2.3.2"
    assert winner_of(BAOFEN, [("", "H5 H5"), ("S2 S2 HK H9", "S2 S2"), ("", "D3 D4"), ("", "C3 C4")]) == 1


def test_c20_following_a_throw_uses_its_profile():
    assert follow_verdict(BAOFEN, "SA SK SK", "SQ SQ SJ S5", "SQ SQ SJ") is None
    assert follow_verdict(BAOFEN, "SA SK SK", "SQ SQ SJ S5", "SQ SJ S5").rule == "§2.3.2"
    plays = [("", "SA SK SK"), ("SQ SQ SJ S5", "SQ SQ SJ"), ("", "D3 D4 D5"), ("", "C3 C4 C5")]
    assert winner_of(BAOFEN, plays) == 0


def test_c21_pair_lead_answers_under_baofen_with_clubs_trump():
    lead = "H3 H3"
    assert follow_verdict(BAOFEN, lead, "H9 H9 HK", "H9 H9", trump="C") is None
    assert follow_verdict(BAOFEN, lead, "H9 H9 HK", "H9 HK", trump="C").rule == "§2.3.2"
    assert follow_verdict(BAOFEN, lead, "HA HK D3", "HA HK", trump="C") is None
    assert follow_verdict(BAOFEN, lead, "H5 D3 C4", "H5 C4", trump="C") is None
    assert follow_verdict(BAOFEN, lead, "H5 D3 C4", "D3 C4", trump="C").rule == "§2.3.1"
    ruff = [("", lead), ("", "H9 H9"), ("", "HA HK"), ("C4 C4 D3", "C4 C4")]
    assert winner_of(BAOFEN, ruff, trump="C") == 3
    discard = [("", lead), ("", "H4 H6"), ("", "HA HK"), ("C4 CK D3", "C4 CK")]
    assert winner_of(BAOFEN, discard, trump="C") == 0


# ----- 10.5 throws ---------------------------------------------------------------------------------------

EVERY_SPADE_ELSEWHERE = {1: "SA SK SK SQ SJ", 2: "SQ SJ ST ST", 3: "S9 S9 S8 S8"}


@pytest.mark.parametrize("rules", BOTH, ids=BOTH_IDS)
@pytest.mark.parametrize("throw", ["SA SA SK", "SA SK SK", "SA SQ SQ SJ SJ"])
def test_c22_always_valid_throws(rules, throw):
    others = {1: "SA SK SQ SJ ST S9", 2: "SK SQ SJ ST S9 S9", 3: "S8 S8 S7 S7 S6"}
    thrown = hand(throw)
    # Give the others every spade the thrower does not hold, as pairs where possible.
    assert throw_forced(rules, throw, {s: " ".join(c for c in h.split() if hand(c)[0] not in thrown or
                                                   thrown.count(hand(c)[0]) < 2)
                                       for s, h in others.items()}) is None


def test_c23_a776655_fails_to_a_higher_three_pair_tractor():
    throw = "SA S7 S7 S6 S6 S5 S5"
    assert throw_forced(BAOFEN, throw, {1: "S4 S4 S3 S3", 2: "SK SQ", 3: "SJ"}) is None
    assert throw_forced(BAOFEN, throw, {1: "ST ST S9 S9 S8 S8", 2: "SK", 3: "D3"}) == hand("S7 S7 S6 S6 S5 S5")


def test_c24_98844_forced_leads():
    throw = "S9 S8 S8 S4 S4"
    assert throw_forced(BAOFEN, throw, {1: "S3", 2: "SJ", 3: "D3"}) == hand("S9")
    # SQ SQ also beats the single 9; the lowest card among the beaten units is the 4 (§4.4.2, lowest_card).
    assert throw_forced(BAOFEN, throw, {1: "S3", 2: "D3", 3: "SQ SQ"}) == hand("S4 S4")
    assert throw_forced(BAOFEN, throw, {1: "S3", 2: "D3", 3: "S5 S5"}) == hand("S4 S4")
    assert throw_forced(BAOFEN, throw, {1: "S3", 2: "SJ", 3: "S5 S5"}) == hand("S4 S4")
    assert throw_forced(BAOFEN, throw, {1: "S3 S7", 2: "S6 S5", 3: "D3"}) is None


def test_c25_85533_forced_leads():
    throw = "C8 C5 C5 C3 C3"
    assert throw_forced(BAOFEN_001, throw, {1: "C9", 2: "D3", 3: "D4"}) == hand("C8")
    assert throw_forced(BAOFEN_001, throw, {1: "D3", 2: "C4 C4", 3: "D4"}) == hand("C3 C3")


def test_c26_trump_throws_with_jokers():
    assert throw_forced(BAOFEN, "BJ LJ LJ", {1: "BJ H2 H2", 2: "HA", 3: "S2"}) is None
    assert throw_forced(BAOFEN, "BJ BJ LJ", {1: "LJ H2 H2", 2: "HA", 3: "S2"}) is None
    assert throw_forced(BAOFEN, "BJ LJ H2 H2", {1: "LJ S2 S2", 2: "HA HA", 3: "C3"}) is None
    assert throw_forced(BAOFEN, "BJ LJ H2 H2", {1: "LJ", 2: "BJ", 3: "C3"}) == hand("LJ")


# ----- 10.6 joker tractor -----------------------------------------------------------------------------------

OTHER = [("", "D3 D4 D5 D6"), ("", "C3 C4 C5 C6")]


def test_c28_defender_leads_the_joker_tractor():
    plays = [("", "BJ BJ LJ LJ"), ("", "H4 H4 H3 H3"), ("", "D3 D4 D5 D6"), ("", "C3 C4 C5 C6")]
    assert winner_of(BAOFEN, plays, declarer=2, first_seat=1) == 2
    assert winner_of(BAOFEN_001, plays, declarer=2, first_seat=1) == 1


@pytest.mark.parametrize("rules", BOTH, ids=BOTH_IDS)
def test_c29_defender_forced_to_follow_with_joker_tractor_loses(rules):
    assert follow_verdict(rules, "HA HA HK HK", "BJ BJ LJ LJ H3 D4", "BJ BJ LJ LJ") is None
    assert follow_verdict(rules, "HA HA HK HK", "BJ BJ LJ LJ H3 D4", "BJ BJ LJ H3").rule == "§2.3.2"
    assert winner_of(rules, [("", "HA HA HK HK"), ("", "BJ BJ LJ LJ")] + OTHER) == 0


def test_c30_declarer_follows_last_with_the_joker_tractor():
    plays = [("", "HQ HQ HJ HJ"), ("", "D3 D4 D5 D6"), ("", "C3 C4 C5 C6"), ("", "BJ BJ LJ LJ")]
    assert winner_of(BAOFEN, plays, declarer=0, first_seat=1) == 0
    assert winner_of(BAOFEN_001, plays, declarer=0, first_seat=1) == 1


def test_c31_joker_tractor_ruff():
    plays = [("", "S9 S9 S8 S8"), ("", "BJ BJ LJ LJ"), ("", "H4 H4 H3 H3"), ("", "D3 D4 D5 D6")]
    assert winner_of(BAOFEN, plays) == 2
    assert winner_of(BAOFEN_001, plays) == 1
    assert winner_of(BAOFEN_001.replace(joker_tractor_ruff_001="smallest"), plays) == 2


# ----- 10.7 eight of a kind ---------------------------------------------------------------------------------

EIGHT_FOURS = "S4 S4 H4 H4 C4 C4 D4 D4"


def test_c32_eight_of_a_kind_follower_with_ten_trumps():
    held = "BJ SK SK SQ SQ S9 S9 D2 H2 SA H5 H5 C9"
    assert follow_verdict(BAOFEN, EIGHT_FOURS, held, "SK SK SQ SQ S9 S9 BJ D2", trump="S") is None
    assert follow_verdict(BAOFEN, EIGHT_FOURS, held, "SK SK SQ SQ S9 S9 H2 SA", trump="S") is None
    assert follow_verdict(BAOFEN, EIGHT_FOURS, held, "SK SK S9 S9 BJ D2 H2 SA", trump="S").rule == "§2.7.1"
    assert follow_verdict(BAOFEN, EIGHT_FOURS, held, "SK SK SQ SQ S9 S9 BJ H5", trump="S").rule == "§2.7.1"
    plays = [("", EIGHT_FOURS), (held, "SK SK SQ SQ S9 S9 BJ D2"), ("", "H9 H9 D6 D6 C5 C6 C7 C8"),
             ("", "HK HK CQ CQ D3 D3 C3 H3")]
    assert winner_of(BAOFEN, plays, trump="S") == 0


def test_c33_eight_of_a_kind_short_and_void_followers():
    short = "SA SJ C2 H9 H9 D6 D6 C5 C6"
    assert follow_verdict(BAOFEN, EIGHT_FOURS, short, "SA SJ C2 H9 H9 D6 D6 C5", trump="S") is None
    assert follow_verdict(BAOFEN, EIGHT_FOURS, short, "SA SJ C2 H9 H9 D6 C5 C6", trump="S").rule == "§2.7.1"
    void = "HK HK CQ CQ D3 D3 C5 C6 C7"
    assert follow_verdict(BAOFEN, EIGHT_FOURS, void, "HK HK CQ CQ D3 D3 C5 C6", trump="S") is None
    assert follow_verdict(BAOFEN, EIGHT_FOURS, void, "HK HK CQ CQ D3 C5 C6 C7", trump="S").rule == "§2.7.1"
    assert follow_verdict(BAOFEN_001, EIGHT_FOURS, short, "SA SJ C2 H9 D6 C5 C6 D6", trump="S") is None
    assert follow_verdict(BAOFEN_001, EIGHT_FOURS, void, "HK CQ D3 C5 C6 C7 D3 HK", trump="S") is None


def test_c34_follower_eight_of_a_kind_under_s001():
    nines = "S9 S9 H9 H9 C9 C9 D9 D9"
    held = nines + " SA SK"
    assert follow_verdict(BAOFEN_001, EIGHT_FOURS, held, nines, trump="S") is None
    assert follow_verdict(BAOFEN_001, EIGHT_FOURS, held, "S9 S9 H9 H9 C9 C9 SA SK", trump="S").rule == "§2.7.2"
    plays = [("", EIGHT_FOURS), ("", "D3 D5 D6 D7 D8 DT DJ DQ"), (held, nines), ("", "C3 C5 C6 C7 C8 CT CJ CQ")]
    assert winner_of(BAOFEN_001, plays, trump="S") == 2
    assert winner_of(BAOFEN, plays, trump="S") == 0


# ----- 10.12 ruff test and comparison --------------------------------------------------------------------

def test_c58_three_pair_tractor_ruff_shape_vs_count():
    plays = [("", "S5 S5 S4 S4 S3 S3"), ("", "H9 H9 H8 H8 H4 H4"), ("", "D3 D4 D5 D6 D7 D8"),
             ("", "C3 C4 C5 C6 C7 C8")]
    assert winner_of(BAOFEN, plays) == 0
    assert winner_of(BAOFEN.replace(ruff_structure_rule="count"), plays) == 1


@pytest.mark.parametrize("compare", ["primary_unit", "lexicographic"])
def test_c59_ruff_value_comes_from_the_unit_matched_to_the_tractor(compare):
    rules = BAOFEN.replace(multi_unit_compare=compare)
    plays = [("", "SA SA S6 S6 S5 S5"), ("", "HQ HQ HJ HJ H3 H3"), ("", "H7 H7 H6 H6 HA HA"),
             ("", "D3 D4 D5 D6 D7 D8")]
    assert winner_of(rules, plays) == 1


def test_c60_tied_primary_pairs_primary_unit_vs_lexicographic():
    plays = [("", "DA DA D9 D9"), ("", "S2 S2 H3 H3"), ("", "C2 C2 HA HA"), ("", "C3 C4 C5 C6")]
    assert winner_of(BAOFEN, plays) == 1
    assert winner_of(BAOFEN.replace(multi_unit_compare="lexicographic"), plays) == 2


def test_forced_lead_tie_between_equal_side_two_pairs_goes_to_the_first_suit():
    # Two 副2 pairs are equal in power (§1.4.3); §4.4.2 does not order them: the ♠ one is forced.
    throw = "C2 C2 S2 S2 BJ"
    others = {1: "LJ LJ", 2: "D3", 3: "D4"}
    assert throw_forced(BAOFEN, throw, others) == hand("S2 S2")
    assert kernel_calls.throw_verdict(materialize(BAOFEN, 1), throw, others) == (False, hand("S2 S2"))
