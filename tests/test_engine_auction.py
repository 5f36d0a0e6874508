"""The Numba auction kernels against the reference auction (RULES.md §5.4, A9, A10; C35, C36)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baofen_sim.cards import full_pack, parse_cards
from baofen_sim.games.baofen.reference.auction import Auction, bid_cap, count_pairs
from baofen_sim.kernels import auction as ka
from baofen_sim.materialize import hand_rules
from baofen_sim.policies.features import counts_of, hand_bits
from baofen_sim.rules import preset

PRESETS = ["baofen", "baofen-001"]
BID_RANGE = range(80, 265, 5)  # every multiple of 5 around the legal bids


class KernelAuction:
    """The kernel auction behind the reference's vocabulary (None = pass), for readable tests."""

    def __init__(self, rules, zhujiao: int, hands: list[list[int]]):
        self.hr = hand_rules(rules)
        counts = [counts_of(h) for h in hands]
        self.caps = np.array([ka.bid_cap(self.hr, c) for c in counts], dtype=np.int64)
        self.state = ka.new_auction_state()
        self.buffer = np.zeros(self.hr.max_bid_choices, dtype=np.int64)
        ka.auction_start(self.hr, zhujiao, self.state)

    @property
    def to_act(self) -> int | None:
        seat = int(self.state[ka.AU_TO_ACT])
        return None if seat == ka.NO_SEAT else seat

    def legal_bids(self) -> list[int]:
        n = ka.legal_bids(self.hr, self.state, self.caps, self.buffer)
        return [int(b) for b in self.buffer[:n]]

    def is_legal(self, bid: int | None) -> bool:
        return bool(ka.is_legal_bid(self.hr, self.state, self.caps, ka.PASS if bid is None else bid))

    def apply(self, bid: int | None) -> None:
        assert self.is_legal(bid), bid
        ka.apply_bid(self.hr, self.state, ka.PASS if bid is None else bid)

    @property
    def declarer(self) -> int | None:
        seat = int(ka.auction_declarer(self.state))
        return None if seat == ka.NO_SEAT else seat

    @property
    def target(self) -> int | None:
        bid = int(ka.auction_target(self.state))
        return None if bid == ka.NO_BID else bid


@pytest.fixture(scope="session", autouse=True)
def compiled():
    """Compile the auction kernels once for the session (cached on disk afterwards)."""
    auction = KernelAuction(preset("baofen"), 0, [hand_with_pairs(0)] * 4)
    auction.legal_bids()
    auction.apply(85)
    ka.count_pairs(counts_of([]), True)
    return auction


def hand_with_pairs(pairs: int, size: int = 25) -> list[int]:
    """A hand of `size` cards holding exactly `pairs` pairs (kinds 0.. twice, then distinct singles)."""
    cards = [k for k in range(pairs) for _ in range(2)]
    return cards + list(range(pairs, pairs + size - 2 * pairs))


def play(auction: KernelAuction, steps: list[tuple[int, int | None]]) -> None:
    for seat, bid in steps:
        assert auction.to_act == seat
        auction.apply(bid)


# ----- pairs and caps (§5.4.2, A10) ------------------------------------------------------------------


def test_pairs_are_identical_cards_only():
    counts = counts_of(parse_cards("SA SA HA BJ LJ S2 H2 C2 D2 D5 D5"))
    assert ka.count_pairs(counts, True) == 2  # SA SA, D5 D5; BJ LJ and mixed 2s are not pairs


def test_joker_pairs_count_only_when_included():
    counts = counts_of(parse_cards("BJ BJ LJ LJ S3 S3"))
    assert ka.count_pairs(counts, True) == 3
    assert ka.count_pairs(counts, False) == 1
    assert ka.count_pairs_bits(hand_bits(counts)[1], True) == 3  # the dealt bitboards' count (engine.hand.deal)
    assert ka.count_pairs_bits(hand_bits(counts)[1], False) == 1


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.integers(0, 53), max_size=40), include_jokers=st.booleans(),
       pairs_min=st.integers(0, 8), cap_default=st.sampled_from([95, 150]))
def test_pairs_and_caps_equal_the_reference(cards, include_jokers, pairs_min, cap_default):
    cards = [k for k in cards if cards.count(k) <= 2] or [0]
    rules = preset("baofen").replace(bid_pairs_include_jokers=include_jokers, bid_cap_pairs_min=pairs_min,
                                     bid_cap_default=cap_default)
    counts = counts_of(cards)
    assert ka.count_pairs(counts, include_jokers) == count_pairs(cards, include_jokers)
    assert ka.count_pairs_bits(hand_bits(counts)[1], include_jokers) == count_pairs(cards, include_jokers)
    assert ka.bid_cap(hand_rules(rules), counts) == bid_cap(rules, cards)


@pytest.mark.parametrize("name", PRESETS)
def test_cap_is_150_up_to_4_pairs_and_250_from_5(name):
    hr = hand_rules(preset(name))
    assert ka.bid_cap(hr, counts_of(hand_with_pairs(4))) == 150
    assert ka.bid_cap(hr, counts_of(hand_with_pairs(5))) == 250


# ----- C35 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_c35_auction_sequence_and_skipping(name):
    auction = KernelAuction(preset(name), 0, [hand_with_pairs(0)] * 4)
    play(auction, [(0, 85), (1, 95), (2, None), (3, 115), (0, 120), (1, None)])
    assert auction.to_act == 3  # seat 2 was skipped after passing
    auction.apply(None)
    assert auction.to_act is None and auction.declarer == 0 and auction.target == 120
    assert auction.state[ka.AU_STEPS] == 7


@pytest.mark.parametrize("name", PRESETS)
def test_c35_opening_100_is_illegal(name):
    auction = KernelAuction(preset(name), 0, [hand_with_pairs(0)] * 4)
    assert auction.legal_bids() == [85, 90, 95]
    assert not auction.is_legal(100)


@pytest.mark.parametrize("name", PRESETS)
def test_c35_raise_of_25_is_illegal(name):
    auction = KernelAuction(preset(name), 0, [hand_with_pairs(0)] * 4)
    play(auction, [(0, 85), (1, 95), (2, None)])
    assert not auction.is_legal(120)
    assert auction.legal_bids() == [100, 105, 110, 115]


@pytest.mark.parametrize("name", PRESETS)
def test_c35_passed_seat_is_never_to_act_again(name):
    auction = KernelAuction(preset(name), 0, [hand_with_pairs(0)] * 4)
    seen = []
    for bid in (85, 95, None, 115, 120, None, None):
        seen.append(auction.to_act)
        auction.apply(bid)
    assert seen == [0, 1, 2, 3, 0, 1, 3]


# ----- C36 ------------------------------------------------------------------------------------------


def c36_hands() -> list[list[int]]:
    """Seat 1 holds 4 pairs, seat 3 holds 5 (and seat 0 too, for the climb to 250)."""
    return [hand_with_pairs(5), hand_with_pairs(4), hand_with_pairs(0), hand_with_pairs(5)]


@pytest.mark.parametrize("name", PRESETS)
def test_c36_four_pairs_may_bid_only_150_over_145(name):
    auction = KernelAuction(preset(name), 1, c36_hands())
    play(auction, [(1, 85), (2, 105), (3, 125), (0, 145)])
    assert auction.legal_bids() == [150]
    assert not auction.is_legal(155)


@pytest.mark.parametrize("name", PRESETS)
def test_c36_four_pairs_must_pass_at_150(name):
    auction = KernelAuction(preset(name), 1, c36_hands())
    play(auction, [(1, 90), (2, 110), (3, 130), (0, 150)])
    assert auction.to_act == 1 and auction.legal_bids() == []
    assert auction.is_legal(None) and not auction.is_legal(155)


@pytest.mark.parametrize("name", PRESETS)
def test_c36_five_pairs_may_bid_150_to_165_over_145(name):
    auction = KernelAuction(preset(name), 1, c36_hands())
    play(auction, [(1, 85), (2, 105), (3, 125), (0, 145), (1, None), (2, None)])
    assert auction.to_act == 3 and auction.legal_bids() == [150, 155, 160, 165]


@pytest.mark.parametrize("name", PRESETS)
def test_c36_five_pairs_climb_to_250_which_cannot_be_raised(name):
    auction = KernelAuction(preset(name), 0, c36_hands())
    play(auction, [(0, 90), (1, None), (2, None), (3, 110), (0, 130), (3, 150), (0, 170), (3, 190),
                   (0, 210), (3, 230)])
    assert auction.legal_bids() == [235, 240, 245, 250]
    auction.apply(250)
    assert auction.to_act == 3 and auction.legal_bids() == [] and not auction.is_legal(255)
    auction.apply(None)
    assert auction.declarer == 0 and auction.target == 250


# ----- openings (A9), all-pass -----------------------------------------------------------------------


def test_a9_fujiao_opening_after_zhujiao_passed_uses_after_pass_values():
    rules = preset("baofen").replace(bid_open_values_after_pass=(85, 90, 95, 100))
    auction = KernelAuction(rules, 0, [hand_with_pairs(0)] * 4)
    assert auction.legal_bids() == [85, 90, 95]
    auction.apply(None)
    assert auction.legal_bids() == [85, 90, 95, 100]


@pytest.mark.parametrize("name", PRESETS)
def test_all_four_pass_is_all_pass(name):
    auction = KernelAuction(preset(name), 2, [hand_with_pairs(0)] * 4)
    play(auction, [(2, None), (3, None), (0, None), (1, None)])
    assert auction.to_act is None and auction.declarer is None and auction.target is None
    assert not auction.is_legal(None)


def test_late_opening_after_three_passes_ends_with_the_opener():
    auction = KernelAuction(preset("baofen"), 0, [hand_with_pairs(0)] * 4)
    play(auction, [(0, None), (1, None), (2, None), (3, 90)])
    assert auction.declarer == 3 and auction.target == 90


# ----- differential: random auctions vs the reference ---------------------------------------------------

RULE_VARIANTS = [
    {},
    {"bid_open_values_after_pass": (85, 90, 95, 100)},
    {"bid_raise_steps": (5, 10), "bid_cap_default": 120},
    {"bid_raise_steps": (10, 25), "bid_cap_pairs_min": 3, "bid_pairs_include_jokers": False},
    {"bid_open_values": (100,), "bid_open_values_after_pass": (90, 100), "bid_cap_max": 200},
]


def deal(seed: int) -> list[list[int]]:
    pack = full_pack()
    random.Random(seed).shuffle(pack)
    return [sorted(pack[25 * i:25 * (i + 1)]) for i in range(4)]


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(PRESETS), variant=st.sampled_from(RULE_VARIANTS), seed=st.integers(0, 2**32 - 1),
       zhujiao=st.integers(0, 3), pass_bias=st.sampled_from([0.1, 0.4, 0.8]), data=st.data())
def test_random_auctions_equal_the_reference_step_by_step(name, variant, seed, zhujiao, pass_bias, data):
    rules = preset(name).replace(**variant)
    hands = deal(seed)
    reference = Auction(rules, zhujiao, hands)
    kernel = KernelAuction(rules, zhujiao, hands)
    assert kernel.caps.tolist() == list(reference.caps)
    while not reference.finished:
        assert kernel.to_act == reference.to_act
        legal = reference.legal_bids()
        assert kernel.legal_bids() == legal
        assert [b for b in BID_RANGE if kernel.is_legal(b)] == legal
        assert kernel.is_legal(None)
        passes = data.draw(st.floats(0, 1)) < pass_bias or not legal
        bid = None if passes else data.draw(st.sampled_from(legal))
        reference.apply(bid)
        kernel.apply(bid)
    assert kernel.to_act is None
    assert (kernel.declarer, kernel.target) == (reference.declarer, reference.target)
    assert kernel.state[ka.AU_STEPS] == len(reference.history) <= kernel.hr.max_auction_steps
