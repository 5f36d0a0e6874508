"""Legal-play enumeration and sampling kernels: follow_choices is exactly the set of plays legal_follow
accepts (checked by brute force), random_follow / random_lead draw legal plays from those sets, and the
candidate leads are legal leads. Also the hand remap and trick points."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest

from baofen_sim.codes import EIGHT_KIND, PAIR, SINGLE, THROW, TRACTOR
from baofen_sim.dev.kernel_calls import (
    bits_of,
    cards_of,
    deal,
    follow_choices,
    lead_choices,
    lead_of,
    legal_follow,
    legal_lead,
    random_follow,
    random_lead,
)
from baofen_sim.kernels import bits, follow, leads, rng
from baofen_sim.kernels.hands import hand_from_kinds
from baofen_sim.kernels.trick import trick_points
from tests.kernel_helpers import BAOFEN_PRESETS, as_set, card_sets, cards, compiled, tables

pytestmark = pytest.mark.usefixtures("compiled")
__all__ = ["compiled"]


def all_plays(hand: list[int], n: int) -> set[tuple[int, ...]]:
    """Every distinct n-card multiset drawn from `hand`."""
    return {tuple(sorted(c)) for c in itertools.combinations(sorted(hand), n)}


def positions(seed: int, count: int):
    """Random (trump, lead, follower hand) triples with small hands, leads of every shape."""
    rnd = random.Random(seed)
    for i in range(count):
        hands, _ = deal(seed, i)
        trump = "SHCD"[rnd.randrange(4)]
        leader = sorted(rnd.sample(hands[0], 18))
        follower = sorted(rnd.sample(hands[1], rnd.randrange(5, 12)))
        yield trump, leader, follower


@pytest.mark.parametrize("name, options", [
    ("baofen", {}), ("baofen-001", {}), ("baofen", {"follow_tractor_rule": "same_length_only"}),
])
def test_follow_choices_are_exactly_the_legal_plays(name, options):
    rnd = random.Random(11)
    checked = 0
    for trump, leader, follower in positions(5, 60):
        tb = tables(name, trump, **options)
        kind, lead = rnd.choice(lead_choices(tb, leader))
        if len(lead) > 6 or len(lead) > len(follower):
            continue
        legal = {p for p in all_plays(follower, len(lead)) if legal_follow(tb, lead, follower, p)}
        assert card_sets(follow_choices(tb, lead, follower)) == legal
        checked += 1
    assert checked > 40


def test_follow_choices_for_eight_of_a_kind_leads():
    eight = "S4 S4 H4 H4 C4 C4 D4 D4"
    follower = "SA SJ C2 H9 H9 D6 D6 C5 C7 D8 HK"
    for name in BAOFEN_PRESETS:
        tb = tables(name, "S")
        legal = {p for p in all_plays(cards(follower), 8) if legal_follow(tb, eight, follower, p)}
        assert card_sets(follow_choices(tb, eight, follower)) == legal
        assert legal


@pytest.mark.parametrize("lead, hand", [
    ("SK SK", "SQ SQ SJ SJ S4 S9 S9 H3"),  # pairs only
    ("SQ SQ SJ SJ", "SA SA S9 S9 S8 S8 S5 S5 S3 S3 S6 H4"),  # tractor by rejection: 98 only
    ("S8 S8 S7 S7 S6 S6", "SA SA SK SK S9 S9 S4 S4 S3 C5"),  # TP cut to 2, then a pair
    ("SA SK SK", "SQ SQ SJ S5 S3 H3"),  # throw profile
    ("D3", "S2 C5 H6 HK"),  # void: anything
    ("H5 H5", "S2 HK H9 C3 C4"),  # no trump pair: any two of the three trumps
])
def test_random_follow_is_legal_and_covers_every_choice(lead, hand):
    tb = tables()
    choices = card_sets(follow_choices(tb, lead, hand))
    state = 12345
    seen: Counter = Counter()
    draws = 60 * len(choices)
    for _ in range(draws):
        state, play = random_follow(tb, lead, hand, state)
        seen[tuple(play)] += 1
    assert set(seen) == choices
    expected = draws / len(choices)
    assert all(abs(n - expected) < 0.5 * expected for n in seen.values())


def test_lead_choices_are_legal_and_of_every_kind():
    tb = tables()
    hand = "SA SA SK SK SQ S3 H5 H5 H4 H4 BJ C9"
    leads = lead_choices(tb, hand)
    kinds = Counter(k for k, _ in leads)
    assert kinds[SINGLE] == 8 and kinds[PAIR] == 4 and kinds[TRACTOR] == 2
    assert (TRACTOR, cards("SK SK SA SA")) in leads and (THROW, cards("SA SA SK SK SQ S3")) in leads
    assert (THROW, cards("SK SK SA SA SQ")) in leads and (THROW, cards("H4 H4 H5 H5 BJ")) in leads
    assert all(legal_lead(tb, hand, c) for _, c in leads)
    assert not any(k == THROW for k, _ in lead_choices(tb, hand, throw_allowed=False))
    assert not any(k == THROW for k, _ in lead_choices(tables(allow_throws=False), hand))


def test_lead_choices_include_an_eight_of_a_kind():
    hand = "S4 S4 H4 H4 C4 C4 D4 D4 SA"
    assert (EIGHT_KIND, cards("S4 S4 H4 H4 C4 C4 D4 D4")) in lead_choices(tables("baofen", "S"), hand)
    assert not any(k == EIGHT_KIND for k, _ in lead_choices(tables("baofen", "S", eight_kind_mode="off"), hand))


def test_legal_lead_rules():
    tb = tables()
    hand = "SA SK SK C3 C3 H2"
    assert legal_lead(tb, hand, "SK SK") and legal_lead(tb, hand, "SA SK SK")
    assert not legal_lead(tb, hand, "SA C3")  # two suits
    assert not legal_lead(tb, hand, "SA SA")  # not held
    assert not legal_lead(tb, hand, "SA SK SK", throw_allowed=False)  # §4.6
    assert legal_lead(tb, "S2 H2 BJ", "S2 H2")  # both trumps: a throw of two trump singles


@pytest.mark.parametrize("seed", range(6))
def test_random_lead_draws_every_candidate(seed):
    tb = tables("baofen", "SHCD"[seed % 4])
    hand = sorted(random.Random(seed).sample(deal(seed, 0)[0][0], 10))
    candidates = {(k, tuple(c)) for k, c in lead_choices(tb, hand)}
    g, e = bits_of(tb, hand)
    assert leads.count_leads(tb, g, e, True) == len(candidates)
    state, seen = seed, set()
    for _ in range(40 * len(candidates)):
        state, kind, lead = random_lead(tb, hand, state)
        seen.add((kind, tuple(lead)))
    assert seen == candidates


@pytest.mark.parametrize("seed", range(4))
def test_a_draw_with_one_possible_pair_count_still_takes_the_split_draw(seed):
    """DESIGN §4 streams: a sub-multiset draw first picks its number of pairs; with one possible number (a
    single card here) that draw is still taken from the stream, then the card is the r-th of the pool."""
    ge1, eq2 = np.uint64(0b1011_0110_1101), np.uint64(0b0010_0100_0000)
    state = np.uint64(rng.stream_key(seed, 3, 16))
    drawn_state, drawn_ge1, drawn_eq2 = follow.sample_submultiset(state, ge1, eq2, 1, 0)
    after_split, _ = rng.next_u64(state)
    expected_state, r = rng.bounded(np.uint64(after_split), bits.popcount(ge1))
    assert (drawn_state, drawn_ge1, drawn_eq2) == (expected_state, bits.select_bit(ge1, r), 0)


def test_hand_from_kinds_and_trick_points():
    tb = tables(trump="D")
    hand, _ = deal(1, 35)
    kind_ge1 = kind_eq2 = 0
    for kind in hand[0]:
        if kind_ge1 >> kind & 1:
            kind_eq2 |= 1 << kind
        kind_ge1 |= 1 << kind
    assert hand_from_kinds(tb, np.uint64(kind_ge1), np.uint64(kind_eq2)) == bits_of(tb, hand[0])
    plays = [bits_of(tb, t) for t in ("S5 S5", "SK ST", "C2 H3", "BJ LJ")]
    ge1 = np.array([p[0] for p in plays], dtype=np.uint64)
    eq2 = np.array([p[1] for p in plays], dtype=np.uint64)
    assert trick_points(tb, ge1, eq2) == 30


def test_follow_choices_match_hand_written_sets():
    tb = tables()
    assert card_sets(follow_choices(tb, "S5", "S3 S3 S9 H4")) == as_set("S3", "S9")
    assert card_sets(follow_choices(tb, "S5 S5", "S3 H4 H4")) == as_set("S3 H4")


def test_s001_follower_holding_two_eights_may_play_either():
    tb = tables("baofen-001", "S")
    hand = "S9 S9 H9 H9 C9 C9 D9 D9 S5 S5 H5 H5 C5 C5 D5 D5 HA"
    assert card_sets(follow_choices(tb, "S4 S4 H4 H4 C4 C4 D4 D4", hand)) == as_set(
        "S9 S9 H9 H9 C9 C9 D9 D9", "S5 S5 H5 H5 C5 C5 D5 D5")
    _, play = random_follow(tb, "S4 S4 H4 H4 C4 C4 D4 D4", hand, 3)
    assert tuple(play) in as_set("S9 S9 H9 H9 C9 C9 D9 D9", "S5 S5 H5 H5 C5 C5 D5 D5")


@pytest.mark.parametrize("name", ["baofen", "baofen-001"])
def test_only_follow_is_the_one_legal_follow_when_there_is_one(name):
    """follow.only_follow gives the hand's legal follow when it has exactly one (found by counting) and nothing
    when it has several; a singleton under a tractor requirement or after an eight of a kind is left to the
    enumeration."""
    rnd = random.Random(23)
    found = 0
    for trump, leader, follower in positions(9, 300):
        tb = tables(name, trump)
        _, lead = rnd.choice(lead_choices(tb, leader))
        hand = rnd.sample(follower, rnd.randrange(1, len(follower) + 1))  # short hands: often a forced answer
        if len(lead) > len(hand):
            continue
        choices = card_sets(follow_choices(tb, lead, hand))
        ge1, eq2 = follow.only_follow(tb, lead_of(tb, lead), *bits_of(tb, hand))
        if ge1 != 0:
            assert choices == card_sets([cards_of(tb, ge1, eq2)])
            found += 1
        else:
            needs = follow.follow_constraints(tb, lead_of(tb, lead), *bits_of(tb, hand))
            assert len(choices) > 1 or needs.filter != follow.FILTER_NONE or needs.mode == follow.EIGHT_OWN
    assert found > 30
    tb = tables()
    assert follow.only_follow(tb, lead_of(tb, "S5 S5"), *bits_of(tb, "S3 S3 S9 H4")) == bits_of(tb, "S3 S3")
    assert follow.only_follow(tb, lead_of(tb, "S5"), *bits_of(tb, "S9 S9 H4")) == bits_of(tb, "S9")
    assert follow.only_follow(tb, lead_of(tb, "S5 S5"), *bits_of(tb, "S9 H4 H6")) == (0, 0)
