"""What following and failed throws show in the public view (`kernels.play`): voids (§2.3.1), no pair left in a
suit (§2.3.2 (b)), the cards of a failed throw until they are played (§4.4.1)."""

from __future__ import annotations

import numpy as np

from baofen_sim.dev.kernel_calls import bits_of
from baofen_sim.kernels.play import note_void, play_cards, resolve_lead, start_play
from baofen_sim.kernels.units import analyze_lead
from baofen_sim.materialize import hand_rules
from baofen_sim.policies.view import new_play_view
from baofen_sim.records import PLAY_STATE_DTYPE
from baofen_sim.rules import preset
from tests.kernel_helpers import tables


def suit_bit(tb, text: str) -> int:
    ge1 = int(bits_of(tb, text)[0])
    return 1 << int(tb.bit_suit[(ge1 & -ge1).bit_length() - 1])


def test_following_a_pair_with_two_singles_shows_no_pair_left():
    tb = tables(trump="H")
    lead = analyze_lead(tb, *bits_of(tb, "S9 S9"))
    view = new_play_view()
    note_void(tb, view, lead, 1, *bits_of(tb, "S3 S4"))
    assert view.pairless[1] == suit_bit(tb, "S3") and view.voids[1] == 0
    note_void(tb, view, lead, 2, *bits_of(tb, "S5 S5"))
    note_void(tb, view, lead, 3, *bits_of(tb, "S6 C4"))  # one spade short: void, pairless says nothing more
    assert view.pairless[2] == 0 and view.voids[3] == suit_bit(tb, "S6") and view.pairless[3] == 0
    single = analyze_lead(tb, *bits_of(tb, "SA"))
    note_void(tb, view, single, 2, *bits_of(tb, "S3"))
    assert view.pairless[2] == 0  # a single lead asks for no pair


def test_a_failed_throw_is_shown_until_its_cards_are_played():
    tb = tables(trump="H")
    hr = hand_rules(preset("baofen"))
    st = np.rec.array(np.zeros(1, dtype=PLAY_STATE_DTYPE))[0]
    view = new_play_view()
    hands = ["SA SK S3", "SQ S4 C3", "C4 C5 C6", "D3 D4 D5"]  # seat 1's SQ beats the S3 of the throw
    for seat, text in enumerate(hands):
        st.hand_ge1[seat], st.hand_eq2[seat] = bits_of(tb, text)
    start_play(tb, st, view, 0, 1, 85)
    throw = bits_of(tb, "SA SK S3")
    lead, failed, relead = resolve_lead(tb, hr, st, view, 0, 0, *throw)
    assert failed and not relead and (lead.ge1, lead.eq2) == bits_of(tb, "S3")  # §4.4.2 the beaten unit
    assert (view.shown_ge1[0], view.shown_eq2[0]) == throw and view.shown_ge1[1] == 0
    play_cards(st, view, 0, lead.ge1, lead.eq2)
    assert (view.shown_ge1[0], view.shown_eq2[0]) == bits_of(tb, "SA SK")


def test_the_auction_shows_each_seats_highest_bid_and_lowest_pass():
    from baofen_sim.games.baofen.engine.hand import note_bids
    from baofen_sim.records import DEAL_SCRATCH_DTYPE

    sc = np.rec.array(np.zeros(1, dtype=DEAL_SCRATCH_DTYPE))[0]
    steps = [(0, 85, 85), (1, 0, 90), (2, 90, 90), (3, 0, 95), (0, 0, 95), (2, 95, 95), (1, 0, 0)]
    for i, (seat, bid, cheapest) in enumerate(steps):
        sc.bid_seats[i], sc.bid_values[i], sc.bid_cheapest[i] = seat, bid, cheapest
    view = new_play_view()
    view.bid_high[3] = 120  # left from an earlier hand
    note_bids(4, sc, view, len(steps), 3)
    assert view.bid_high[:4].tolist() == [85, 0, 95, 0]
    assert view.passed_under[:4].tolist() == [95, 90, 0, 95]
    assert view.passed_opening == 0 and view.zhujiao == 3  # every pass came after seat 0's 85
    steps = [(1, 0, 85), (2, 0, 85), (3, 90, 85), (0, 0, 95), (1, 95, 95)]
    for i, (seat, bid, cheapest) in enumerate(steps):
        sc.bid_seats[i], sc.bid_values[i], sc.bid_cheapest[i] = seat, bid, cheapest
    note_bids(4, sc, view, len(steps), 1)
    assert view.passed_opening == 0b0110 and view.passed_under[:4].tolist() == [95, 85, 85, 0]
    note_bids(4, sc, view, 0, 0)  # a forced declarer: no auction
    assert view.bid_high[:4].tolist() == [0] * 4 and view.passed_under[:4].tolist() == [0] * 4
