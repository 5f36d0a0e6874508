"""The play of a hand (RULES.md §2–§4, §3.7, §6.1): tricks from the declarer's first lead to the last card.

Each trick: the leader's policy leads (§2.1); `kernels.play.resolve_lead` validates a throw (two or more
units, not an eight of a kind, §4.7) against the other hands (§4.2), counts and charges a failed one
(§4.5) and gives the forced lowest beaten unit, or the leader leads again without a second throw attempt
(§4.4.2); a seat that reached `max_failed_throws_per_player` may throw no more (§4.6). The followers
answer in turn (§2.3), the winner takes the trick (§3.5) and leads the next one. Only the declarer's
tricks count (§3.7): C and its 王分 part W. The mechanics are `kernels.play`; this module adds the
policies, the log and the trick summaries.

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

from baofen_sim.codes import LOG_FAILED_THROW, LOG_FORCED, LOG_PLAY, RUFF, TRUMP
from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.play import (
    act_as,
    collect_trick,
    lead_kind,
    note_void,
    play_cards,
    resolve_lead,
    start_play,
    throw_allowed,
)
from baofen_sim.kernels.trick import classify_play, seat_after
from baofen_sim.kernels.units import analyze_lead
from baofen_sim.policies.dispatch import follow_decision, lead_decision

# ---- card multisets ------------------------------------------------------------------------------------


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


@njit(cache=True, inline="always")
def policy_lead(tb, hr, st, view, seat):
    """(ge1, eq2) the seat's policy leads; advances its stream. The declarer also knows his bury."""
    known_ge1, known_eq2 = known_cards(st, view, seat)
    st.rng[seat], ge1, eq2 = lead_decision(st.policy_ids[seat], st.params[seat], tb, hr, view, st.hand_ge1[seat],
                                           st.hand_eq2[seat], known_ge1, known_eq2, st.rng[seat])
    return ge1, eq2


@njit(cache=True)
def known_cards(st, view, seat):
    """The cards outside his hand that the seat alone knows: the bury, to its burier (§5.5, §7.3.8); to an 80分
    seat whose bury a 反底 took, that bury (`st.passed_*`; where it lies, `view.bury_takers`); nothing to the
    others."""
    if seat == st.bury_owner:
        return st.bury_ge1, st.bury_eq2
    return st.passed_ge1[seat], st.passed_eq2[seat]


@njit(cache=True, inline="always")
def take_lead(tb, hr, cs, st, view, declarer, log):
    """§2.1, §4.2–§4.6: the lead of the trick as it stands, and whether a throw failed before it."""
    n = tb.num_players
    leader = view.leader
    act_as(st, view, leader)
    view.n_played = 0
    for seat in range(n):  # a new trick: nothing on the table yet
        view.trick_ge1[seat] = ZERO
        view.trick_eq2[seat] = ZERO
    view.throw_allowed = throw_allowed(tb, hr, st, leader)
    ge1, eq2 = policy_lead(tb, hr, st, view, leader)
    lead, failed, relead = resolve_lead(tb, hr, st, view, declarer, leader, ge1, eq2)
    if not failed:
        log_play(log, cs.do_log, leader, LOG_PLAY, ge1, eq2)
        return lead, False
    log_play(log, cs.do_log, leader, LOG_FAILED_THROW, ge1, eq2)
    if not relead:  # §4.4.2 the lowest beaten unit
        log_play(log, cs.do_log, leader, LOG_FORCED, lead.ge1, lead.eq2)
        return lead, True
    view.throw_allowed = False  # free_relead: a new lead, no second throw attempt in this turn
    ge1, eq2 = policy_lead(tb, hr, st, view, leader)
    log_play(log, cs.do_log, leader, LOG_PLAY, ge1, eq2)
    return analyze_lead(tb, ge1, eq2), True


@njit(cache=True, inline="always")
def take_follows(tb, hr, cs, st, view, lead, log):
    """§2.2–§2.7: every other seat answers the lead, in playing order."""
    n = tb.num_players
    leader = view.leader
    for i in range(1, n):
        seat = seat_after(leader, i, n)
        act_as(st, view, seat)
        view.n_played = i
        known_ge1, known_eq2 = known_cards(st, view, seat)
        st.rng[seat], ge1, eq2 = follow_decision(st.policy_ids[seat], st.params[seat], tb, hr, lead, view,
                                                 st.hand_ge1[seat], st.hand_eq2[seat], known_ge1, known_eq2,
                                                 st.rng[seat])
        log_play(log, cs.do_log, seat, LOG_PLAY, ge1, eq2)
        play_cards(st, view, seat, ge1, eq2)
        note_void(tb, view, lead, seat, ge1, eq2)


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
def play_tricks(tb, hr, cs, st, view, declarer, side_mask, target, log):
    """Play every trick of a hand from `st.hand_*` (the hands after the bury) and `st.rng`; the seats of
    `side_mask` score with the declarer. The tallies (C, W, Pen, failed throws, tricks, whether his side won
    the last trick) and, with cs.do_tricks, the trick summaries are left in `st`; with cs.do_log, each play is
    appended to the `log` record. Returns the last trick's leader (its plays stay in `st.play_*`)."""
    start_play(tb, st, view, declarer, side_mask, target)
    leader = view.leader
    while st.hand_ge1[view.leader] != ZERO:
        leader = view.leader
        view.trick_index = st.tricks
        lead, failed = take_lead(tb, hr, cs, st, view, declarer, log)
        play_cards(st, view, leader, lead.ge1, lead.eq2)
        take_follows(tb, hr, cs, st, view, lead, log)
        trick = st.tricks
        winner, points = collect_trick(tb, st, view, lead, declarer)
        if cs.do_tricks:
            note_trick(tb, st, trick, leader, winner, points, lead, declarer, failed)
    return leader


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
