"""The mechanics of a trick, without a policy (RULES.md §2–§4, §3.5, §3.7, §4.2–§4.6): a play leaves a
hand for the table, an attempted lead is resolved (a throw validated against the other hands, a failed one
charged and replaced by the forced unit, §4.4.2), the trick is collected. The engine's trick loop
(`engine.tricks`) asks the seats' policies for their plays between these steps; a searching policy's
playouts (`policies.sampler`) run the same steps on a private copy of the state.

State: the `PLAY_STATE_DTYPE` record (hands, the current trick, failed throws, tallies) and the public
`PLAY_VIEW_DTYPE` record (`baofen_sim.records`), including what following has shown: `view.voids[seat]` has
bit s once the seat has played fewer cards of effective suit s than a lead of that suit asked for (§2.3:
it follows with as many as it has, so it has none left); `view.pairless[seat]` bit s once it followed a
lead of s in suit with fewer pairs than the lead has (§2.3.2 (b): it has no pair of s left); and
`view.shown_*[seat]` the cards of its failed throws (§4.4.1) and of what it showed before the play
(`st.shown_before_*`: 80分's showings and 反底 pairs) it has not played since.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import (
    BASIS_FAILING_UNIT_CARDS,
    FORCED_SMALLEST_UNIT,
    LEAD_EIGHT,
    LEAD_PAIR,
    LEAD_SINGLE,
    LEAD_THROW,
    LEAD_TRACTOR,
    NO_LIMIT,
)
from baofen_sim.kernels.bits import ZERO, popcount, remove_cards
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.scoring import counted_throw_cards, failed_throw_penalty
from baofen_sim.kernels.throws import validate_throw
from baofen_sim.kernels.trick import trick_winner
from baofen_sim.kernels.units import analyze_lead, card_count, suit_units, unit_count
from baofen_sim.records import MAX_UNITS

# ---- card multisets ------------------------------------------------------------------------------------


@njit(cache=True)
def add_cards(ge1, eq2, more_ge1, more_eq2):
    """The multiset union of two disjoint-copy sets of cards (at most two copies of a kind in all)."""
    return ge1 | more_ge1, eq2 | more_eq2 | (ge1 & more_ge1)


@njit(cache=True, inline="always")
def subtract_cards(ge1, eq2, less_ge1, less_eq2):
    """The multiset (ge1, eq2) less (less_ge1, less_eq2), copy by copy, never below none."""
    return (eq2 & ~less_eq2) | (ge1 & ~less_ge1), eq2 & ~less_ge1


@njit(cache=True)
def lead_kind(lead):
    """io.schema LEAD_* code of a Lead (§1.9.2)."""
    if lead.eight_rank >= 0:
        return LEAD_EIGHT
    if unit_count(lead) > 1:
        return LEAD_THROW
    if lead.k > 0:
        return LEAD_TRACTOR
    return LEAD_PAIR if lead.pairs > 0 else LEAD_SINGLE


# ---- a trick -------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def act_as(st, view, seat):
    """The view for a decision of `seat`: the seat, and what it alone knows of the sides (`st.private_side`)."""
    view.seat = seat
    view.private_side = st.private_side[seat]


@njit(cache=True, inline="always")
def knows_own_side(st, seat):
    """`seat` alone knows it scores with the declarer (找朋友: the friend, until he plays the friend card, §7.4.8;
    the declarer who knows he plays 1 vs 4), and so suspects nobody else (`view.suspect_side`)."""
    st.private_side[seat] = np.int64(1) << np.int64(seat)


@njit(cache=True)
def start_play(tb, st, view, declarer, side_mask, target):
    """Reset the tallies and the view for the first trick (led by the declarer, §5.8); `side_mask`: bit s for
    each seat whose tricks count for the declarer's side (Baofen: 1 << declarer)."""
    n = tb.num_players
    st.n_failed = 0
    st.penalty = 0
    st.declarer_points = 0
    st.wangfen_points = 0
    st.tricks = 0
    st.declarer_won_last = False
    view.declarer = declarer
    view.side_mask = side_mask
    view.private_side = 0
    view.suspect_side = 0
    view.leader = declarer
    view.target = target
    view.declarer_points = 0
    view.wangfen_points = 0
    view.penalty = 0
    view.played_ge1 = ZERO
    view.played_eq2 = ZERO
    for seat in range(n):
        st.failed_count[seat] = 0
        view.hand_sizes[seat] = card_count(st.hand_ge1[seat], st.hand_eq2[seat])
        view.voids[seat] = 0
        view.pairless[seat] = 0
        view.seat_played_ge1[seat] = ZERO
        view.seat_played_eq2[seat] = ZERO
        view.shown_ge1[seat] = st.shown_before_ge1[seat]
        view.shown_eq2[seat] = st.shown_before_eq2[seat]
        view.bury_takers[seat] = st.bury_takers[seat]
        st.private_side[seat] = 0


@njit(cache=True)
def play_cards(st, view, seat, ge1, eq2):
    """Seat puts (ge1, eq2) on the table: out of his hand, into the trick and the view."""
    st.play_ge1[seat] = ge1
    st.play_eq2[seat] = eq2
    st.hand_ge1[seat], st.hand_eq2[seat] = remove_cards(st.hand_ge1[seat], st.hand_eq2[seat], ge1, eq2)
    view.trick_ge1[seat] = ge1
    view.trick_eq2[seat] = eq2
    view.hand_sizes[seat] -= card_count(ge1, eq2)
    view.shown_ge1[seat], view.shown_eq2[seat] = subtract_cards(view.shown_ge1[seat], view.shown_eq2[seat], ge1, eq2)


@njit(cache=True)
def throw_allowed(tb, hr, st, seat):
    """§4.1, §4.6: may the seat attempt a throw (before any failure in this turn)?"""
    if tb.allow_throws == 0:
        return False
    return hr.max_failed_throws == NO_LIMIT or st.failed_count[seat] < hr.max_failed_throws


@njit(cache=True)
def failing_cards(tb, ge1, eq2, thrower, declarer, hands_ge1, hands_eq2):
    """Cards in the beaten units of a failed throw (failed_throw_penalty_basis = failing_unit_cards, A4):
    each unit of the throw checked on its own (§4.2)."""
    unit_ge1 = np.empty(MAX_UNITS, dtype=np.uint64)
    unit_eq2 = np.empty(MAX_UNITS, dtype=np.uint64)
    total = 0
    for i in range(suit_units(tb, ge1, eq2, unit_ge1, unit_eq2)):
        ok, _, _ = validate_throw(tb, unit_ge1[i], unit_eq2[i], thrower, declarer, hands_ge1, hands_eq2)
        if not ok:
            total += card_count(unit_ge1[i], unit_eq2[i])
    return total


@njit(cache=True)
def charge_failed_throw(tb, hr, st, lead, thrower, declarer):
    """§4.5: record a failed throw (its seat and counted cards, for the ledger) and add its Pen."""
    n = tb.num_players
    failing = 0
    if hr.penalty_basis == BASIS_FAILING_UNIT_CARDS:  # A4: only the beaten units count
        failing = failing_cards(tb, lead.ge1, lead.eq2, thrower, declarer, st.hand_ge1[:n], st.hand_eq2[:n])
    counted = counted_throw_cards(hr, lead.n, failing)
    i = st.n_failed
    st.throw_seats[i] = thrower
    st.throw_cards[i] = counted
    st.n_failed = i + 1
    st.failed_count[thrower] += 1
    st.penalty += failed_throw_penalty(hr, thrower == declarer, counted)


@njit(cache=True)
def resolve_lead(tb, hr, st, view, declarer, leader, ge1, eq2):
    """§4.2–§4.5 the leader's attempted lead (ge1, eq2): (lead, failed, relead). A single unit or an eight
    (§4.7) stands; a throw is validated against the other hands and stands if valid; a failed throw is
    charged (§4.5), then `lead` is the forced lowest beaten unit (§4.4.2), or, under free_relead, `relead`
    is True and the leader leads again without a throw (`lead` then means nothing)."""
    n = tb.num_players
    lead = analyze_lead(tb, ge1, eq2)
    if unit_count(lead) <= 1 or lead.eight_rank >= 0:  # not a throw; an eight is never validated (§4.7)
        return lead, False, False
    valid, forced_ge1, forced_eq2 = validate_throw(tb, ge1, eq2, leader, declarer, st.hand_ge1[:n],
                                                   st.hand_eq2[:n])
    if valid:  # §4.3 it stands as led
        return lead, False, False
    charge_failed_throw(tb, hr, st, lead, leader, declarer)
    view.penalty = st.penalty
    view.shown_ge1[leader] |= ge1  # §4.4.1: the attempted throw is public, back in the leader's hand
    view.shown_eq2[leader] |= eq2
    if hr.forced_play == FORCED_SMALLEST_UNIT:
        return analyze_lead(tb, forced_ge1, forced_eq2), True, False
    return lead, True, True


@njit(cache=True)
def note_void(tb, view, lead, seat, ge1, eq2):
    """§2.3.1: a follower who plays fewer cards of the led suit than the lead has is out of that suit (and holds
    none of the cards of it it showed);
    §2.3.2 (b): one who follows in suit with fewer pairs than the lead has holds no pair of it any more."""
    if lead.eight_rank >= 0:
        return
    mask = tb.suit_mask[lead.suit]
    suit_bit = np.int64(1) << np.int64(lead.suit)
    if card_count(ge1 & mask, eq2 & mask) < lead.n:
        view.voids[seat] |= suit_bit
        view.shown_ge1[seat] &= ~mask  # cards it showed of that suit are gone (80分: buried; a failed throw's
        view.shown_eq2[seat] &= ~mask  # cards were played, §2.3)
    elif popcount(eq2 & mask) < popcount(lead.eq2):
        view.pairless[seat] |= suit_bit


@njit(cache=True, inline="always")
def collect_trick(tb, st, view, lead, declarer):
    """§3.5 winner, §3.7 points (the count of the declarer's side, `view.side_mask`, with 王分 W, §1.1.3); the
    cards become public. Returns (winner, points)."""
    n = tb.num_players
    leader = view.leader
    winner = trick_winner(tb, lead, st.play_ge1[:n], st.play_eq2[:n], leader, declarer)
    ge1 = ZERO
    eq2 = ZERO
    for seat in range(n):
        ge1, eq2 = add_cards(ge1, eq2, st.play_ge1[seat], st.play_eq2[seat])
        view.seat_played_ge1[seat], view.seat_played_eq2[seat] = add_cards(
            view.seat_played_ge1[seat], view.seat_played_eq2[seat], st.play_ge1[seat], st.play_eq2[seat])
    points = card_points(tb, ge1, eq2)
    on_side = (view.side_mask >> np.int64(winner)) & 1 != 0
    if on_side:
        st.declarer_points += points
        st.wangfen_points += card_points(tb, ge1 & tb.wangfen_mask, eq2 & tb.wangfen_mask)
        view.declarer_points = st.declarer_points
        view.wangfen_points = st.wangfen_points
    view.played_ge1, view.played_eq2 = add_cards(view.played_ge1, view.played_eq2, ge1, eq2)
    st.declarer_won_last = on_side
    st.tricks += 1
    view.leader = winner
    return winner, points
