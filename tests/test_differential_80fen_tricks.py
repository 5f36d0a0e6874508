"""The trick kernels at 80分 layouts against the reference (DESIGN.md §10; RULES.md §1.2.1, §1.3.2, §1.5.2 "80分",
§1.7, §2–§4, §7.3.9–§7.3.10): the tables of every level 2..A with each trump suit and no-trump lay out the
reference's order; the cases C3, C62, C63 (and the no-trump play of C64), and C58–C60 at level 2, through both
engines; and, at every turn of concentrated positions at every level and trump and of whole random 80分 hands, follow
verdicts (legal and illegal candidates), follow choice sets, lead units, throw verdicts with their forced leads and
trick winners, under the 80分 rules (`TRACTOR_80FEN`: level gap tractors, no joker tractor, −10 per failed throw, at
most 2 per player)."""

from __future__ import annotations

import pytest

from baofen_sim.cards import HEARTS, NUM_KINDS, SPADES, parse_cards
from baofen_sim.codes import DISCARD, RUFF
from baofen_sim.dev import kernel_calls as K
from baofen_sim.dev.differential import describe
from baofen_sim.games.tractor80.differential import (
    LEVELS,
    TRUMPS,
    order_80fen,
    play_rules_at,
    run_hands,
    run_positions,
    tables_80fen,
)
from baofen_sim.reference.legality import check_follow, make_lead
from baofen_sim.reference.order import NO_TRUMP
from baofen_sim.reference.trick import TrickPlay, trick_winner
from baofen_sim.rules import RuleSet
from baofen_sim.rules.presets import preset
from baofen_sim.tables import materialize
from tests.kernel_helpers import compiled

TRACTOR_80FEN = preset("tractor-80fen")

pytestmark = pytest.mark.usefixtures("compiled")
__all__ = ["compiled"]

LEVEL_2, LEVEL_5, LEVEL_7 = 0, 3, 5  # rank indices


def assert_agree(tally) -> None:
    assert not tally.disagreements, describe(tally) + "\n" + "\n".join(tally.disagreements[:10])


def compare(x: int, y: int) -> int:
    return (x > y) - (x < y)


@pytest.mark.parametrize("level", LEVELS)
def test_the_tables_lay_out_the_reference_order_at_every_level_and_trump(level):
    """Effective suits, power order and ties (§1.3.2, A49), and tractor-chain neighbours (§1.5.2) of every card."""
    for trump in TRUMPS:
        tb, order = tables_80fen(level, trump), order_80fen(level, trump)
        bit = [int(tb.kind_to_bit[kind]) for kind in range(NUM_KINDS)]
        power = [int(tb.bit_power[bit[kind]]) for kind in range(NUM_KINDS)]
        for a in range(NUM_KINDS):
            assert tb.bit_suit[bit[a]] == order.suit(a), (level, trump, a)
            for b in range(NUM_KINDS):
                if order.suit(a) != order.suit(b):
                    continue
                assert compare(power[a], power[b]) == compare(order.power(a), order.power(b)), (level, trump, a, b)
                chains = order.chain(a), order.chain(b)
                neighbours = None not in chains and chains[0][0] == chains[1][0] and chains[1][1] == chains[0][1] + 1
                linked = bit[b] == bit[a] + 1 and bool(int(tb.link_mask) >> bit[a] & 1)
                assert linked == neighbours, (level, trump, a, b)


def reference_profile(text: str, level: int, trump: int | None) -> tuple:
    profile = make_lead(parse_cards(text), order_80fen(level, trump), TRACTOR_80FEN).profile
    return profile.tractors, profile.loose_pairs, profile.singles


@pytest.mark.parametrize(("text", "expected"), [
    ("S6 S6 S8 S8", ((2,), 0, 0)), ("D6 D6 D8 D8", ((2,), 0, 0)), ("S8 S8 S6 S6 S5 S5", ((3,), 0, 0)),
    ("S7 S7 H7 H7", ((), 2, 0)), ("BJ BJ LJ LJ", ((), 2, 0)), ("SA SA S7 S7", ((), 2, 0)),
    ("S2 S2 S3 S3", ((2,), 0, 0)), ("SA SA S6 S8 S8", ((), 2, 1)),
])
def test_c3_level_gap_tractors_and_no_tractor_of_level_cards_or_jokers(text, expected):
    assert K.lead_profile(tables_80fen(LEVEL_7, SPADES), text) == reference_profile(text, LEVEL_7, SPADES) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("D4 D4 D6 D6", ((2,), 0, 0)), ("S5 S5 H5 H5", ((), 2, 0)), ("BJ BJ LJ LJ", ((), 2, 0)),
    ("LJ LJ S5 S5", ((), 2, 0)), ("HA HA HK HK", ((2,), 0, 0)),
])
def test_c64_the_no_trump_hand_at_level_5_has_plain_gap_tractors_and_none_of_level_cards_or_jokers(text, expected):
    assert K.lead_profile(tables_80fen(LEVEL_5, NO_TRUMP), text) == reference_profile(text, LEVEL_5, NO_TRUMP) \
        == expected


def reference_winner(plays: list[str], level: int, trump: int | None, rules: RuleSet = TRACTOR_80FEN) -> int:
    """The winning seat of a trick led by seat 0 (the 庄), each follower holding exactly what he plays."""
    order = order_80fen(level, trump)
    lead = make_lead(parse_cards(plays[0]), order, rules)
    trick = [TrickPlay(seat, tuple(parse_cards(p)), seat == 0,
                       seat > 0 and all(order.suit(k) != lead.suit for k in parse_cards(p)))
             for seat, p in enumerate(plays)]
    return trick_winner(lead, trick, order, rules)[0]


@pytest.mark.parametrize(("plays", "trump", "expected"), [
    (["S7", "H7", "BJ", "C3"], SPADES, 2), (["S7", "H7", "C3", "D3"], SPADES, 0),
    (["H7", "S7", "C3", "D3"], SPADES, 1), (["H7", "S7", "C3", "D3"], NO_TRUMP, 0),
    (["S7", "H7", "C7", "D7"], NO_TRUMP, 0), (["D3", "C7", "H7", "LJ"], NO_TRUMP, 3),
])
def test_c62_level_cards_and_no_trump_ties(plays, trump, expected):
    """主级 > 副级; BJ above both; in no-trump all eight level cards tie and the first played wins (§1.7, A49)."""
    assert K.winner(tables_80fen(LEVEL_7, trump), plays) == reference_winner(plays, LEVEL_7, trump) == expected


def test_c63_a_level_gap_trump_tractor_must_be_followed_and_level_pairs_do_not_match_it():
    tb, order = tables_80fen(LEVEL_7, SPADES), order_80fen(LEVEL_7, SPADES)
    lead = make_lead(parse_cards("S6 S6 S8 S8"), order, TRACTOR_80FEN)
    hand = "SA SA SK SK S3 H4"
    for play, legal in (("SA SA SK SK", True), ("SA SA SK S3", False), ("SA SK SK S3", False)):
        assert K.legal_follow(tb, "S6 S6 S8 S8", hand, play) == legal
        assert (check_follow(lead, parse_cards(hand), parse_cards(play), order, TRACTOR_80FEN) is None) == legal
    plays = ["S6 S6 S8 S8", "SA SA SK SK", "C3 C4 C5 C6", "D3 D4 D5 D6"]
    assert K.winner(tb, plays) == reference_winner(plays, LEVEL_7, SPADES) == 1
    level_pairs = ["S6 S6 S8 S8", "S7 S7 H7 H7", "C3 C4 C5 C6", "D3 D4 D5 D6"]
    assert K.legal_follow(tb, level_pairs[0], "S7 S7 H7 H7 S3 C9", "S7 S7 H7 H7")
    assert K.classes(tb, level_pairs)[1] == DISCARD  # two pairs, not a tractor: no match for the lead's shape
    assert K.winner(tb, level_pairs) == reference_winner(level_pairs, LEVEL_7, SPADES) == 0


# ---- §10.12 cases that name every game (C58–C60), in 80分 at level 2 with trump ♥ -------------------------------


def both_winners(plays: list[str], **options: str) -> tuple[int, int]:
    """The trick's winner by the kernels and by the reference, under the 80分 rules at level 2 with `options`."""
    rules = play_rules_at(LEVEL_2).with_overrides([f"{key}={value}" for key, value in options.items()])
    return K.winner(materialize(rules, HEARTS), plays), reference_winner(plays, LEVEL_2, HEARTS, rules)


@pytest.mark.parametrize(("rule", "cls", "expected"), [("shape", DISCARD, 0), ("count", RUFF, 1)])
def test_c58_the_ruff_structure_rule_in_80fen(rule, cls, expected):
    plays = ["S5 S5 S4 S4 S3 S3", "H9 H9 H8 H8 H4 H4", "C3 C4 C5 C6 C7 C8", "D3 D4 D5 D6 D7 D8"]
    tb = materialize(play_rules_at(LEVEL_2).with_overrides([f"ruff_structure_rule={rule}"]), HEARTS)
    assert K.classes(tb, plays)[1] == cls
    assert both_winners(plays, ruff_structure_rule=rule) == (expected, expected)


@pytest.mark.parametrize("compare", ["primary_unit", "lexicographic"])
def test_c59_a_ruff_is_valued_by_its_matched_tractor_in_80fen(compare):
    lead = "SA SA S6 S6 S5 S5"
    assert K.throw_verdict(tables_80fen(LEVEL_2, HEARTS), lead, ["SK SK S4 S4", "S3 S3", "S9"]) == (True, [])
    plays = [lead, "HQ HQ HJ HJ H3 H3", "H7 H7 H6 H6 HA HA", "C3 C4 C5 C6 C7 C8"]
    assert both_winners(plays, multi_unit_compare=compare) == (1, 1)


@pytest.mark.parametrize(("compare", "expected"), [("primary_unit", 1), ("lexicographic", 2)])
def test_c60_multi_unit_compare_in_80fen(compare, expected):
    lead = "DA DA D9 D9"
    assert K.throw_verdict(tables_80fen(LEVEL_2, HEARTS), lead, ["D8 D8", "DK DQ", "D3"]) == (True, [])
    plays = [lead, "S2 S2 H3 H3", "C2 C2 HA HA", "C3 C4 C5 C6"]  # S2 S2 and C2 C2: 副级 pairs of equal power
    assert both_winners(plays, multi_unit_compare=compare) == (expected, expected)


@pytest.mark.parametrize("level", LEVELS)
def test_kernels_agree_with_reference_on_concentrated_positions_at_each_level(level):
    tally = run_positions(seed=level, count=25, levels=(level,))  # 5 positions for each trump and no-trump
    assert tally.tricks > 100 and tally.throws > 50 and tally.choice_sets > 200
    assert_agree(tally)


def test_kernels_agree_with_reference_on_whole_random_80fen_hands():
    tally = run_hands(seed=80, count=12)
    assert tally.tricks > 12 * 15 and tally.throws > 300
    assert_agree(tally)
