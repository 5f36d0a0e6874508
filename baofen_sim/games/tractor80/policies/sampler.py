"""The `sampler` play policy in 80分 (RULES.md §7.3; DESIGN.md §6): Baofen's perfect-information Monte Carlo
(`policies.sampler`: the same candidates, playouts by the heuristic, successive halving and switch_z), with the
deals and the value of 80分. Its showings, 反底s and bury are the heuristic's (`games.tractor80.policies.dispatch`).

- Deals (`policies.sampler.deals`): the hidden cards agree with the hands' sizes, the voids and missing pairs shown
  in play, the cards of failed throws and what each seat showed during the deal and in a 反底 (`view.shown_*`: the
  level cards or joker pairs it showed, held until it plays them, `engine.hand.note_shown`). The kitty's
  burier (the 庄, or the last 反底) knows it; for every other seat it is one more holder of hidden cards. A seat whose
  bury a 反底 took (the 庄 after a 反底) knows those cards: the ones still hidden are dealt only to the seats that
  took the kitty after it or to the kitty (`deals.confine`). No auction or trump model: every showing is in the view.
- Value (`zhuang_value`): the 庄家方's result of the hand at the rules' level table (§7.3.11 抠底 with its
  multiplier, §7.3.12): the levels it goes up, or minus those the 抓分方 go up (0 for a bare take-over), less
  TOTAL_WEIGHT × T, so T breaks ties; the 抓分方 want it low. A failed throw before the search counts the same in every
  playout and is left out of T.

Deterministic per seed: the deals come from the seat's own stream.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import TOTAL_POINTS
from baofen_sim.games.tractor80.engine.records import HAND80_RULES_DTYPE, RESULT_DTYPE
from baofen_sim.games.tractor80.engine.result import (
    defenders_total,
    last_trick_multiplier,
    level_change,
    throw_adjustment,
)
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.policies.registry import SAMPLER_SAMPLES, SAMPLER_STOP_BEHIND, SAMPLER_SWITCH_Z
from baofen_sim.policies.sampler import (
    choose,
    halve,
    load_position,
    play_candidate,
    play_candidates,
    search_scratch,
    tally,
)
from baofen_sim.policies.sampler.deals import deal_from, seat_layout
from baofen_sim.policies.sampler.entry import play_with_c_arguments

TOTAL_WEIGHT = 1e-4  # T breaks ties between equal level results (T stays far below 1 / TOTAL_WEIGHT)


@njit(cache=True, inline="always")
def zhuang_value(tb, hr, st, view, result, zhuang, last_leader, kitty_ge1, kitty_eq2):
    """The finished playout for the 庄家方 (module docstring): `hr` the HAND80_RULES_DTYPE record, `result` a
    RESULT_DTYPE scratch record, the last trick led by last_leader and won by view.leader."""
    result.zhuang = zhuang
    result.last_winner = view.leader
    result.last_lead_ge1, result.last_lead_eq2 = st.play_ge1[last_leader], st.play_eq2[last_leader]
    result.last_win_ge1, result.last_win_eq2 = st.play_ge1[view.leader], st.play_eq2[view.leader]
    kitty_points = card_points(tb, kitty_ge1, kitty_eq2)
    bonus = kitty_points * last_trick_multiplier(tb, hr, result)
    total = defenders_total(hr, TOTAL_POINTS - kitty_points - st.declarer_points, bonus,
                            throw_adjustment(hr, st, zhuang))
    won, levels = level_change(hr, total)
    return (levels if won else -levels) - TOTAL_WEIGHT * total


@njit(cache=True)
def deal80_once(tb, view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, kitty_size, state, out_ge1, out_eq2):
    """One of the seat's deals (`seat_layout`, `deals.deal_from`; as `deals.deal_once`). Returns the stream."""
    layout, _ = seat_layout(tb, view, seat, np.uint64(hand_ge1), np.uint64(hand_eq2), np.uint64(known_ge1),
                            np.uint64(known_eq2), kitty_size)
    return deal_from(tb, layout, state, out_ge1, out_eq2)


@njit(cache=True, inline="always")
def search80(params, tb, hr, lead, is_lead, real_view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state,
             cand_ge1, cand_eq2, count):
    """(rng_state, index) of the candidate with the best mean `zhuang_value` for the seat's side over the sampled
    deals, as `policies.sampler.search` chooses (successive halving, stop_behind, switch_z)."""
    seat = real_view.seat
    zhuang = real_view.declarer
    side = 1.0 if real_view.side_mask >> seat & 1 else -1.0
    states, views, deal_ge1, deal_eq2, totals, gain_squares, values, alive = search_scratch(count)
    results = np.zeros(1, dtype=RESULT_DTYPE)  # used as results[0], as states[0] and views[0]
    samples = max(1, np.int64(params[SAMPLER_SAMPLES]))
    stop_behind = params[SAMPLER_STOP_BEHIND] > 0.5
    layout, knows_kitty = seat_layout(tb, real_view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, hr.kitty_size)
    for i in range(samples):
        if halve(i, samples, stop_behind, totals, alive):
            return rng_state, 0
        rng_state = deal_from(tb, layout, rng_state, deal_ge1, deal_eq2)
        kitty_ge1 = known_ge1 if knows_kitty else deal_ge1[seat]
        kitty_eq2 = known_eq2 if knows_kitty else deal_eq2[seat]
        for c in range(count):
            if not alive[c]:
                continue
            st = states[0]
            view = views[0]
            load_position(tb, real_view, seat, hand_ge1, hand_eq2, deal_ge1, deal_eq2, st, view)
            last_leader = play_candidate(params, tb, hr, lead, is_lead, real_view.n_played, seat, cand_ge1[c],
                                         cand_eq2[c], st, view, zhuang)
            tally(totals, gain_squares, values, c,
                  side * zhuang_value(tb, hr, st, view, results[0], zhuang, last_leader, kitty_ge1, kitty_eq2))
    return rng_state, choose(totals, gain_squares, alive, samples, params[SAMPLER_SWITCH_Z])


@njit(cache=True, inline="always")
def sampler_play80(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    """(rng_state, ge1, eq2): `policies.sampler.sampler_play` with the 80分 search (`search80`, inlined); the 80分
    engine calls it by address (`sampler_play80_at`)."""
    hand_ge1 = np.uint64(hand_ge1)
    hand_eq2 = np.uint64(hand_eq2)
    cand_ge1, cand_eq2, count = play_candidates(params, tb, lead, is_lead, view, hand_ge1, hand_eq2)
    if count <= 1:
        return rng_state, cand_ge1[0], cand_eq2[0]
    rng_state, best = search80(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, np.uint64(known_ge1),
                               np.uint64(known_eq2), rng_state, cand_ge1, cand_eq2, count)
    return rng_state, cand_ge1[best], cand_eq2[best]


@njit(cache=True)
def sampler_play80_at(params_at, n_params, tb_at, hr_at, lead_ge1, lead_eq2, is_lead_at, view_at, hand_ge1, hand_eq2,
                      known_ge1, known_eq2, rng_state, outputs):
    """`sampler_play80` with C arguments (`policies.sampler.entry.C_ARGUMENTS`): the one compiled function of
    the 80分 sampler's decisions, which the engine calls by its address (`policies.sampler.entry.play_at`)."""
    play_with_c_arguments(sampler_play80, HAND80_RULES_DTYPE, params_at, n_params, tb_at, hr_at, lead_ge1, lead_eq2,
                          is_lead_at, view_at, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state, outputs)
