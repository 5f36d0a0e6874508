"""The reference Baofen auction (RULES.md §5.4, A9, A10; cases C35, C36)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baofen_sim.cards import full_pack, parse_cards
from baofen_sim.games.baofen.reference.auction import Auction, bid_cap, count_pairs
from baofen_sim.reference.verdict import IllegalStep
from baofen_sim.rules import preset

PRESETS = ["baofen", "baofen-001"]


def hand_with_pairs(pairs: int, size: int = 25) -> list[int]:
    """A hand of `size` cards holding exactly `pairs` pairs (kinds 0.. twice, then distinct singles)."""
    cards = [k for k in range(pairs) for _ in range(2)]
    cards += list(range(pairs, pairs + size - 2 * pairs))
    assert len(cards) == size
    return cards


def play(auction: Auction, steps: list[tuple[int, int | None]]) -> None:
    """Apply (seat, bid) steps, checking each seat is the one on turn."""
    for seat, bid in steps:
        assert auction.to_act == seat
        auction.apply(bid)


# ----- pairs and caps (§5.4.2, A10) ------------------------------------------------------------------


def test_pairs_are_identical_cards_only():
    hand = parse_cards("SA SA HA BJ LJ S2 H2 C2 D2 D5 D5")
    assert count_pairs(hand, include_jokers=True) == 2  # SA SA, D5 D5; BJ LJ and mixed 2s are not pairs


def test_joker_pairs_count_only_when_included():
    hand = parse_cards("BJ BJ LJ LJ S3 S3")
    assert count_pairs(hand, include_jokers=True) == 3
    assert count_pairs(hand, include_jokers=False) == 1


@pytest.mark.parametrize("name", PRESETS)
def test_cap_is_150_up_to_4_pairs_and_250_from_5(name):
    rules = preset(name)
    assert bid_cap(rules, hand_with_pairs(4)) == 150
    assert bid_cap(rules, hand_with_pairs(5)) == 250


# ----- C35 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_c35_auction_sequence_and_skipping(name):
    auction = Auction(preset(name), 0, [hand_with_pairs(0)] * 4)
    play(auction, [(0, 85), (1, 95), (2, None), (3, 115), (0, 120), (1, None)])
    assert auction.to_act == 3  # seat 2 was skipped after passing
    auction.apply(None)
    assert auction.finished and auction.to_act is None
    assert auction.declarer == 0 and auction.target == 120
    assert [seat for seat, _ in auction.history] == [0, 1, 2, 3, 0, 1, 3]


@pytest.mark.parametrize("name", PRESETS)
def test_c35_opening_100_is_illegal(name):
    auction = Auction(preset(name), 0, [hand_with_pairs(0)] * 4)
    verdict = auction.check(100)
    assert verdict is not None and verdict.rule == "§5.4.2"
    assert "85, 90 or 95" in verdict.reason
    with pytest.raises(IllegalStep):
        auction.apply(100)
    assert auction.history == [] and auction.to_act == 0


@pytest.mark.parametrize("name", PRESETS)
def test_c35_raise_of_25_is_illegal(name):
    auction = Auction(preset(name), 0, [hand_with_pairs(0)] * 4)
    play(auction, [(0, 85), (1, 95), (2, None)])
    verdict = auction.check(120)
    assert verdict is not None and verdict.rule == "§5.4.2"
    assert "+25" in verdict.reason
    assert auction.legal_bids() == [100, 105, 110, 115]


@pytest.mark.parametrize("name", PRESETS)
def test_c35_bid_after_passing_is_illegal(name):
    auction = Auction(preset(name), 0, [hand_with_pairs(0)] * 4)
    play(auction, [(0, 85), (1, 95), (2, None), (3, 115), (0, 120)])
    verdict = auction.check(125, seat=2)
    assert verdict is not None and verdict.rule == "§5.4.1"
    assert "passed" in verdict.reason
    with pytest.raises(IllegalStep):
        auction.apply(125, seat=2)


# ----- C36 ------------------------------------------------------------------------------------------


def c36_hands() -> list[list[int]]:
    """Seat 1 holds 4 pairs, seat 3 holds 5 (and seat 0 too, for the climb to 250)."""
    return [hand_with_pairs(5), hand_with_pairs(4), hand_with_pairs(0), hand_with_pairs(5)]


@pytest.mark.parametrize("name", PRESETS)
def test_c36_four_pairs_may_bid_only_150_over_145(name):
    auction = Auction(preset(name), 1, c36_hands())
    play(auction, [(1, 85), (2, 105), (3, 125), (0, 145)])
    assert auction.to_act == 1
    assert auction.legal_bids() == [150]
    verdict = auction.check(155)
    assert verdict is not None and verdict.rule == "§5.4.2"
    assert verdict.reason == "seat 1 holds 4 pairs: may not bid above 150"


@pytest.mark.parametrize("name", PRESETS)
def test_c36_four_pairs_must_pass_at_150(name):
    auction = Auction(preset(name), 1, c36_hands())
    play(auction, [(1, 90), (2, 110), (3, 130), (0, 150)])
    assert auction.to_act == 1
    assert auction.legal_bids() == []
    assert auction.check(155) is not None
    assert auction.check(None) is None


@pytest.mark.parametrize("name", PRESETS)
def test_c36_five_pairs_may_bid_150_to_165_over_145(name):
    auction = Auction(preset(name), 1, c36_hands())
    play(auction, [(1, 85), (2, 105), (3, 125), (0, 145), (1, None), (2, None)])
    assert auction.to_act == 3
    assert auction.legal_bids() == [150, 155, 160, 165]


@pytest.mark.parametrize("name", PRESETS)
def test_c36_five_pairs_climb_to_250_which_cannot_be_raised(name):
    auction = Auction(preset(name), 0, c36_hands())
    play(auction, [(0, 90), (1, None), (2, None), (3, 110), (0, 130), (3, 150), (0, 170), (3, 190),
                   (0, 210), (3, 230)])
    assert auction.legal_bids() == [235, 240, 245, 250]
    auction.apply(250)
    assert auction.to_act == 3
    assert auction.legal_bids() == []
    assert auction.check(255) is not None
    auction.apply(None)
    assert auction.declarer == 0 and auction.target == 250


# ----- openings (A9), all-pass, end of auction ---------------------------------------------------


def test_a9_fujiao_opening_after_zhujiao_passed_uses_after_pass_values():
    rules = preset("baofen").replace(bid_open_values_after_pass=(85, 90, 95, 100))
    auction = Auction(rules, 0, [hand_with_pairs(0)] * 4)
    assert auction.legal_bids() == [85, 90, 95]  # the 主叫 himself may not open 100
    auction.apply(None)
    assert auction.legal_bids() == [85, 90, 95, 100]
    auction.apply(100)
    assert auction.high_bid == 100 and auction.high_bidder == 1


@pytest.mark.parametrize("name", PRESETS)
def test_a9_fujiao_opening_after_pass_defaults_to_85_90_95(name):
    auction = Auction(preset(name), 2, [hand_with_pairs(0)] * 4)
    auction.apply(None)
    assert auction.to_act == 3
    assert auction.legal_bids() == [85, 90, 95]
    assert auction.check(100) is not None


@pytest.mark.parametrize("name", PRESETS)
def test_fujiao_first_bid_after_zhujiao_bid_is_a_raise(name):
    auction = Auction(preset(name), 0, [hand_with_pairs(0)] * 4)
    auction.apply(95)
    assert auction.legal_bids() == [100, 105, 110, 115]
    assert auction.check(90) is not None


@pytest.mark.parametrize("name", PRESETS)
def test_all_four_pass_is_all_pass(name):
    auction = Auction(preset(name), 2, [hand_with_pairs(0)] * 4)
    play(auction, [(2, None), (3, None), (0, None), (1, None)])
    assert auction.finished and auction.all_passed
    assert auction.declarer is None and auction.target is None
    assert auction.check(None) is not None and auction.check(None).rule == "§5.4.3"


@pytest.mark.parametrize("name", PRESETS)
def test_opening_then_three_passes_ends_at_once(name):
    auction = Auction(preset(name), 3, [hand_with_pairs(0)] * 4)
    play(auction, [(3, 85), (0, None), (1, None), (2, None)])
    assert auction.declarer == 3 and auction.target == 85


def test_late_opening_after_three_passes_ends_with_the_opener():
    auction = Auction(preset("baofen"), 0, [hand_with_pairs(0)] * 4)
    play(auction, [(0, None), (1, None), (2, None), (3, 90)])
    assert auction.finished and auction.declarer == 3 and auction.target == 90


def test_clone_is_independent():
    auction = Auction(preset("baofen"), 0, [hand_with_pairs(0)] * 4)
    auction.apply(85)
    copy = auction.clone()
    copy.apply(None)
    assert len(auction.history) == 1 and auction.to_act == 1 and copy.to_act == 2


# ----- properties ------------------------------------------------------------------------------------


def deal(seed: int) -> list[list[int]]:
    pack = full_pack()
    random.Random(seed).shuffle(pack)
    return [sorted(pack[25 * i:25 * (i + 1)]) for i in range(4)]


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(PRESETS), seed=st.integers(0, 2**32 - 1), zhujiao=st.integers(0, 3),
       data=st.data())
def test_random_legal_auctions_end_within_the_cap_or_all_pass(name, seed, zhujiao, data):
    rules = preset(name)
    hands = deal(seed)
    auction = Auction(rules, zhujiao, hands)
    previous = 0
    for _ in range(200):
        if auction.finished:
            break
        seat = auction.to_act
        legal = auction.legal_bids()
        # legal_bids() and check() agree on every multiple of 5 in range.
        assert [b for b in range(80, 260, 5) if auction.check(b) is None] == legal
        assert auction.check(None) is None
        bid = data.draw(st.sampled_from([None, *legal]))
        auction.apply(bid)
        assert seat not in auction.passed or bid is None
        if bid is not None:
            assert bid > previous and bid % 5 == 0 and 85 <= bid <= 250
            assert bid <= bid_cap(rules, hands[seat])
            previous = bid
    assert auction.finished
    bids = [b for _, b in auction.history if b is not None]
    if auction.declarer is None:
        assert bids == [] and len(auction.history) == 4
    else:
        assert auction.target == bids[-1] == max(bids)
        assert auction.target <= bid_cap(rules, hands[auction.declarer])
        assert len(auction.passed) == 3 and auction.declarer not in auction.passed
    # Nobody acts after passing.
    passed: set[int] = set()
    for seat, bid in auction.history:
        assert seat not in passed
        if bid is None:
            passed.add(seat)
