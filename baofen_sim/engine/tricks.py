"""The play of a hand (RULES.md §2–§4, §3.7, §6.1): tricks from the declarer's first lead to the last card.

Each trick: the leader's policy leads (§2.1); a throw (two or more units, not an eight of a kind, §4.7) is
validated against the other hands (§4.2); a failed throw is counted and charged (§4.5), then replaced by
the forced lowest beaten unit or by a free re-lead without a second throw attempt (§4.4.2), and a seat
that reached `max_failed_throws_per_player` may throw no more (§4.6). The followers answer in turn (§2.3),
the winner takes the trick (§3.5) and leads the next one. Only the declarer's tricks count (§3.7): C and
its 王分 part W.

All state lives in one `PLAY_STATE_DTYPE` record (per-seat hands and plays in the trump-relative layout of
`baofen_sim.tables`, the seats' policies and streams, the failed throws, the tallies, the trick summaries)
and the public `PLAY_VIEW_DTYPE` record the policies see; both are allocated once per table by the chunk
runner and reused for every hand. The rules come in one `HAND_RULES_DTYPE` record, the run's constants in one
`RUN_CONSTANTS_DTYPE` record (`baofen_sim.records`, built by `baofen_sim.materialize`). Optional
outputs: a summary per trick (kept in the state, copied to `TRICK_ROW_DTYPE` rows by the chunk runner) and
a `HAND_LOG_DTYPE` action log (the plays as attempted, in table order, for game records, DESIGN.md §8).

Records, not tuples of arrays, cross the per-trick calls: a record is a plain pointer, while every array
inside an argument tuple costs an atomic reference count at each non-inlined call (perf: NRT_incref and
NRT_decref took 13% of a random hand before the per-hand code took records only), and threads that
share such an array contend for its count.
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
    LOG_FAILED_THROW,
    LOG_FORCED,
    LOG_PLAY,
    NO_LIMIT,
    RUFF,
    TRUMP,
)
from baofen_sim.kernels.bits import ZERO, remove_cards
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.scoring import counted_throw_cards, failed_throw_penalty
from baofen_sim.kernels.throws import validate_throw
from baofen_sim.kernels.trick import classify_play, seat_after, trick_winner
from baofen_sim.kernels.units import analyze_lead, card_count, card_points, suit_units, unit_count
from baofen_sim.policies.dispatch import follow_decision, lead_decision
from baofen_sim.records import MAX_UNITS

# ---- card multisets ------------------------------------------------------------------------------------


@njit(cache=True)
def add_cards(ge1, eq2, more_ge1, more_eq2):
    """The multiset union of two disjoint-copy sets of cards (at most two copies of a kind in all)."""
    return ge1 | more_ge1, eq2 | more_eq2 | (ge1 & more_ge1)


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


# ---- logging -------------------------------------------------------------------------------------------


@njit(cache=True)
def log_play(log, do_log, seat, kind, ge1, eq2):
    if do_log:
        i = log.n_plays
        log.seat[i] = seat
        log.kind[i] = kind
        log.ge1[i] = ge1
        log.eq2[i] = eq2
        log.n_plays = i + 1


# ---- one trick -----------------------------------------------------------------------------------------


@njit(cache=True)
def load_policies(run, st, n):
    """Copy the seats' policy ids and parameters into the state record (once per table)."""
    for seat in range(n):
        st.policy_ids[seat] = run.policy_ids[seat]
        for i in range(run.params.shape[1]):
            st.params[seat, i] = run.params[seat, i]


@njit(cache=True)
def start_play(tb, st, view, declarer, target):
    """Reset the tallies and the view for the first trick (led by the declarer, §5.8)."""
    n = tb.num_players
    st.n_failed = 0
    st.penalty = 0
    st.declarer_points = 0
    st.wangfen_points = 0
    st.tricks = 0
    st.declarer_won_last = False
    view.declarer = declarer
    view.leader = declarer
    view.target = target
    view.declarer_points = 0
    view.played_ge1 = ZERO
    view.played_eq2 = ZERO
    for seat in range(n):
        st.failed_count[seat] = 0
        view.hand_sizes[seat] = card_count(st.hand_ge1[seat], st.hand_eq2[seat])


@njit(cache=True)
def play_cards(st, view, seat, ge1, eq2):
    """Seat puts (ge1, eq2) on the table: out of his hand, into the trick and the view."""
    st.play_ge1[seat] = ge1
    st.play_eq2[seat] = eq2
    st.hand_ge1[seat], st.hand_eq2[seat] = remove_cards(st.hand_ge1[seat], st.hand_eq2[seat], ge1, eq2)
    view.trick_ge1[seat] = ge1
    view.trick_eq2[seat] = eq2
    view.hand_sizes[seat] -= card_count(ge1, eq2)


@njit(cache=True)
def throw_allowed(tb, hr, st, seat):
    """§4.1, §4.6: may the seat attempt a throw (before any failure in this turn)?"""
    if tb.allow_throws == 0:
        return False
    return hr.max_failed_throws == NO_LIMIT or st.failed_count[seat] < hr.max_failed_throws


@njit(cache=True)
def policy_lead(tb, st, view, seat):
    """(ge1, eq2) the seat's policy leads; advances its stream."""
    st.rng[seat], ge1, eq2 = lead_decision(st.policy_ids[seat], st.params[seat], tb, view, st.hand_ge1[seat],
                                           st.hand_eq2[seat], st.rng[seat])
    return ge1, eq2


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


@njit(cache=True, inline="always")
def take_lead(tb, hr, cs, st, view, declarer, log):
    """§2.1, §4.2–§4.6: the lead of the trick as it stands, and whether a throw failed before it."""
    n = tb.num_players
    leader = view.leader
    view.seat = leader
    view.n_played = 0
    for seat in range(n):  # a new trick: nothing on the table yet
        view.trick_ge1[seat] = ZERO
        view.trick_eq2[seat] = ZERO
    view.throw_allowed = throw_allowed(tb, hr, st, leader)
    ge1, eq2 = policy_lead(tb, st, view, leader)
    lead = analyze_lead(tb, ge1, eq2)
    if unit_count(lead) <= 1 or lead.eight_rank >= 0:  # not a throw; an eight is never validated (§4.7)
        log_play(log, cs.do_log, leader, LOG_PLAY, ge1, eq2)
        return lead, False
    valid, forced_ge1, forced_eq2 = validate_throw(tb, ge1, eq2, leader, declarer, st.hand_ge1[:n],
                                                   st.hand_eq2[:n])
    if valid:  # §4.3 it stands as led
        log_play(log, cs.do_log, leader, LOG_PLAY, ge1, eq2)
        return lead, False
    log_play(log, cs.do_log, leader, LOG_FAILED_THROW, ge1, eq2)
    charge_failed_throw(tb, hr, st, lead, leader, declarer)
    if hr.forced_play == FORCED_SMALLEST_UNIT:  # §4.4.2 the lowest beaten unit
        log_play(log, cs.do_log, leader, LOG_FORCED, forced_ge1, forced_eq2)
        return analyze_lead(tb, forced_ge1, forced_eq2), True
    view.throw_allowed = False  # free_relead: a new lead, no second throw attempt in this turn
    ge1, eq2 = policy_lead(tb, st, view, leader)
    log_play(log, cs.do_log, leader, LOG_PLAY, ge1, eq2)
    return analyze_lead(tb, ge1, eq2), True


@njit(cache=True, inline="always")
def take_follows(tb, cs, st, view, lead, log):
    """§2.2–§2.7: every other seat answers the lead, in playing order."""
    n = tb.num_players
    leader = view.leader
    for i in range(1, n):
        seat = seat_after(leader, i, n)
        view.seat = seat
        view.n_played = i
        st.rng[seat], ge1, eq2 = follow_decision(st.policy_ids[seat], st.params[seat], tb, lead, view,
                                                 st.hand_ge1[seat], st.hand_eq2[seat], st.rng[seat])
        log_play(log, cs.do_log, seat, LOG_PLAY, ge1, eq2)
        play_cards(st, view, seat, ge1, eq2)


@njit(cache=True)
def collect_trick(tb, st, view, lead, declarer):
    """§3.5 winner, §3.7 points (the declarer's count, with 王分 W, §1.1.3); the cards become public.
    Returns (winner, points)."""
    n = tb.num_players
    leader = view.leader
    winner = trick_winner(tb, lead, st.play_ge1[:n], st.play_eq2[:n], leader, declarer)
    ge1 = ZERO
    eq2 = ZERO
    for seat in range(n):
        ge1, eq2 = add_cards(ge1, eq2, st.play_ge1[seat], st.play_eq2[seat])
    points = card_points(tb, ge1, eq2)
    if winner == declarer:
        st.declarer_points += points
        st.wangfen_points += card_points(tb, ge1 & tb.wangfen_mask, eq2 & tb.wangfen_mask)
        view.declarer_points = st.declarer_points
    view.played_ge1, view.played_eq2 = add_cards(view.played_ge1, view.played_eq2, ge1, eq2)
    st.declarer_won_last = winner == declarer
    st.tricks += 1
    view.leader = winner
    return winner, points


@njit(cache=True)
def note_trick(tb, st, trick, leader, winner, points, lead, declarer, failed):
    """Keep the summary of trick `trick` in the state (RUN_CONSTANTS_DTYPE.do_tricks)."""
    st.trick_leader[trick] = leader
    st.trick_winner[trick] = winner
    st.trick_points[trick] = points
    st.trick_cards[trick] = lead.n
    st.trick_lead_kind[trick] = lead_kind(lead)
    st.trick_throw_failed[trick] = failed
    ruffed = False
    if winner != leader and lead.suit != TRUMP and lead.eight_rank < 0:
        ruffed = classify_play(tb, lead, st.play_ge1[winner], st.play_eq2[winner], winner == declarer)[0] == RUFF
    st.trick_ruffed[trick] = ruffed


# ---- the hand ------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def play_tricks(tb, hr, cs, st, view, declarer, target, log):
    """Play every trick of a hand from `st.hand_*` (the hands after the bury) and `st.rng`. The tallies
    (C, W, Pen, failed throws, tricks, who won the last trick) and, with cs.do_tricks, the trick summaries
    are left in `st`; with cs.do_log, each play is appended to the `log` record."""
    start_play(tb, st, view, declarer, target)
    while st.hand_ge1[view.leader] != ZERO:
        leader = view.leader
        view.trick_index = st.tricks
        lead, failed = take_lead(tb, hr, cs, st, view, declarer, log)
        play_cards(st, view, leader, lead.ge1, lead.eq2)
        take_follows(tb, cs, st, view, lead, log)
        trick = st.tricks
        winner, points = collect_trick(tb, st, view, lead, declarer)
        if cs.do_tricks:
            note_trick(tb, st, trick, leader, winner, points, lead, declarer, failed)


@njit(cache=True)
def copy_tricks(st, trick_rows, first):
    """The hand's trick summaries into trick_rows[first:first + st.tricks] (TRICK_ROW_DTYPE)."""
    for t in range(st.tricks):
        row = trick_rows[first + t]
        row.trick = t
        row.leader = st.trick_leader[t]
        row.winner = st.trick_winner[t]
        row.points = st.trick_points[t]
        row.cards = st.trick_cards[t]
        row.lead_kind = st.trick_lead_kind[t]
        row.throw_failed = st.trick_throw_failed[t] != 0
        row.ruffed = st.trick_ruffed[t] != 0
