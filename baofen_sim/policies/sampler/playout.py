"""A hand played to its end from a position, every seat by the heuristic (`policies.heuristic`), on a private
copy of the state, and scored as the hand is scored (RULES.md §6.1–§6.6): the sampler's evaluation of a
candidate play in one sampled deal.

The mechanics are the engine's own (`kernels.play`: throws validated and charged, forced units, tricks
collected); the heuristic never draws from its stream, so a playout is a function of the deal and the
play so far.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.ledger import result_settlement
from baofen_sim.kernels.play import act_as, collect_trick, note_void, play_cards, resolve_lead, throw_allowed
from baofen_sim.kernels.scoring import score_hand
from baofen_sim.kernels.trick import seat_after
from baofen_sim.policies.heuristic import heuristic_follow, heuristic_lead

RESULT_WEIGHT = 1e-3  # the declarer's R breaks ties between equal settlements (R is at most a few hundred)
NO_STREAM = np.uint64(0)


@njit(cache=True, inline="always")
def playout_lead(params, tb, hr, st, view, declarer):
    """The heuristic's lead for view.leader, resolved as the engine resolves it (§4.2–§4.4)."""
    leader = view.leader
    n = tb.num_players
    act_as(st, view, leader)
    view.n_played = 0
    for seat in range(n):
        view.trick_ge1[seat] = ZERO
        view.trick_eq2[seat] = ZERO
    view.throw_allowed = throw_allowed(tb, hr, st, leader)
    _, ge1, eq2 = heuristic_lead(params, tb, view, st.hand_ge1[leader], st.hand_eq2[leader], NO_STREAM)
    lead, failed, relead = resolve_lead(tb, hr, st, view, declarer, leader, ge1, eq2)
    if relead:  # free_relead: lead again without a throw (§4.4.2)
        view.throw_allowed = False
        _, ge1, eq2 = heuristic_lead(params, tb, view, st.hand_ge1[leader], st.hand_eq2[leader], NO_STREAM)
        lead, failed, relead = resolve_lead(tb, hr, st, view, declarer, leader, ge1, eq2)
    return lead


@njit(cache=True, inline="always")
def finish_trick(params, tb, st, view, lead, first_follower):
    """The heuristic's follows from the first_follower-th place of the trick on."""
    n = tb.num_players
    for i in range(first_follower, n):
        seat = seat_after(view.leader, i, n)
        act_as(st, view, seat)
        view.n_played = i
        _, ge1, eq2 = heuristic_follow(params, tb, lead, view, st.hand_ge1[seat], st.hand_eq2[seat], NO_STREAM)
        play_cards(st, view, seat, ge1, eq2)
        note_void(tb, view, lead, seat, ge1, eq2)


@njit(cache=True, inline="always")
def play_out(params, tb, hr, st, view, lead, first_follower, declarer):
    """Finish the current trick (its lead `lead`, followers from first_follower on), then every trick to the
    end of the hand. Returns the last trick's leader (its plays stay in `st.play_*`, its winner is view.leader)."""
    leader = view.leader
    finish_trick(params, tb, st, view, lead, first_follower)
    collect_trick(tb, st, view, lead, declarer)
    while st.hand_ge1[view.leader] != ZERO:
        view.trick_index = st.tricks
        leader = view.leader
        lead = playout_lead(params, tb, hr, st, view, declarer)
        play_cards(st, view, leader, lead.ge1, lead.eq2)
        finish_trick(params, tb, st, view, lead, 1)
        collect_trick(tb, st, view, lead, declarer)
    return leader


@njit(cache=True, inline="always")
def declarer_value(tb, hr, st, target, kitty_ge1, kitty_eq2):
    """The finished hand for the declarer: his settlement for the result (§6.5, §6.6 / §6.7) plus
    RESULT_WEIGHT × R; the defenders want it low."""
    kitty_points = card_points(tb, kitty_ge1, kitty_eq2)
    wangfen_in_kitty = card_points(tb, kitty_ge1 & tb.wangfen_mask, kitty_eq2 & tb.wangfen_mask)
    _, result, category, won, _ = score_hand(hr, target, st.declarer_points, st.wangfen_points, wangfen_in_kitty,
                                             kitty_points, st.penalty, st.declarer_won_last)
    return result_settlement(hr, won, category, result)[0] + RESULT_WEIGHT * result

