"""The `sampler` play policy in 找朋友 (RULES.md §7.4; DESIGN.md §6): Baofen's perfect-information Monte Carlo
(`policies.sampler`: the same candidates, playouts by the heuristic, successive halving and switch_z), with the deals,
the friend and the value of 找朋友. Its calls, forced call, overcalls, concession and bury are the heuristic's
(`games.zhaopengyou.policies.dispatch`); it decides the card play.

- Deals (`policies.sampler.deals`, `seat_layout`): the hidden cards agree with the hands' sizes, the
  voids and missing pairs shown in play, and what each seat showed before the play (`view.shown_*`, held until it
  plays them or shows a void in their suit): the caller's 7, an overcaller's pair of 7s, the turned-up card of the
  flip holder (§7.4.3–§7.4.7; `engine.hand`). The declarer knows the kitty he buried; a caller whose bury
  an overcall took knows those cards lie with the overcallers or in the kitty (`deals.confine`); for every other
  seat the kitty is one more holder of hidden cards. No model of the calls or the bury beyond that: a shown card
  its holder buried (a declarer may bury his called 7 or the turned-up card) is still dealt to him by the others,
  who cannot tell, until a void in its suit says otherwise.
- The friend (`friend_in_deal`, §7.4.8): after the reveal the seat the side mask names; before it, the seat other
  than the declarer that holds (or has just played, in this trick) the friend card in the deal, the observer's own
  hand included: the friend knows he is the friend, the others see him as the deal makes him. No such seat (the
  declarer holds the other copy, or it lies in the kitty), or no friend card (an overcall): 1 vs 4.
- Value (`side_value`): the declarer's side's result (§7.4.10–§7.4.12): +1 if it wins, −1 if it loses, less
  TOTAL_WEIGHT × T, so the defenders' total T breaks ties; T counts the points of the tricks won by the seats
  outside the declarer and that deal's friend (a friend's earlier points are cleared at his reveal, and he always
  reveals by the last trick) and the kitty bonus (§7.4.11) when one of them won the last trick. The seat's side
  (the declarer's when it is the declarer or that deal's friend) wants it high, the others low. In the playouts the
  friend joins the side mask when he plays the friend card and the table's suspicions grow as in the engine
  (`games.zhaopengyou.engine.suspects`), so the heuristic plays them as it plays the hand.

Deterministic per seed: the deals come from the seat's own stream.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import NO_SEAT
from baofen_sim.games.zhaopengyou.engine.records import HAND_ZPY_RULES_DTYPE
from baofen_sim.games.zhaopengyou.engine.result import declarer_won, last_trick_multiplier
from baofen_sim.games.zhaopengyou.engine.suspects import knows_sides, note_feeders
from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.play import collect_trick, play_cards
from baofen_sim.policies.registry import SAMPLER_SAMPLES, SAMPLER_STOP_BEHIND, SAMPLER_SWITCH_Z
from baofen_sim.policies.sampler import (
    candidate_move,
    choose,
    halve,
    load_position,
    play_candidates,
    search_scratch,
    tally,
)
from baofen_sim.policies.sampler.deals import deal_from, seat_layout
from baofen_sim.policies.sampler.entry import play_with_c_arguments
from baofen_sim.policies.sampler.playout import finish_trick, playout_lead
from baofen_sim.records import MAX_PLAYERS

TOTAL_WEIGHT = 1e-3  # T breaks ties between equal results (T stays far below 1 / TOTAL_WEIGHT)


@njit(cache=True, inline="always")
def friend_in_deal(tb, view, seat, hand_ge1, deal_ge1, friend_bit):
    """The friend in a deal of the hidden cards (`deal_ge1`, the seat's own slot aside: its hand is `hand_ge1`):
    the revealed one (`view.side_mask`), else the seat other than the declarer whose cards in the deal, or whose
    play in the current trick, hold the friend card `friend_bit`; NO_SEAT for 1 vs 4 (module docstring)."""
    n = tb.num_players
    declarer = view.declarer
    for other in range(n):
        if other != declarer and (view.side_mask >> np.int64(other)) & 1:
            return other
    if friend_bit == ZERO:
        return NO_SEAT
    for other in range(n):
        if other == declarer:
            continue
        cards = hand_ge1 if other == seat else deal_ge1[other]
        if (other - view.leader) % n < view.n_played:
            cards |= view.trick_ge1[other]
        if cards & friend_bit != ZERO:
            return other
    return NO_SEAT


@njit(cache=True)
def deal_zpy(tb, view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, kitty_size, state, out_ge1, out_eq2):
    """(stream, friend): one of the seat's deals as `search_zpy` draws them (`seat_layout`, `deals.deal_from`; as
    `deals.deal_once`) and its friend (`friend_in_deal`)."""
    hand_ge1 = np.uint64(hand_ge1)
    layout, _ = seat_layout(tb, view, seat, hand_ge1, np.uint64(hand_eq2), np.uint64(known_ge1),
                            np.uint64(known_eq2), kitty_size)
    state = deal_from(tb, layout, state, out_ge1, out_eq2)
    return state, friend_in_deal(tb, view, seat, hand_ge1, out_ge1, view.friend_ge1)


@njit(cache=True, inline="always")
def note_reveal(st, view, friend, friend_bit):
    """§7.4.8: the friend joins the side mask in the trick where he plays the friend card (all have played)."""
    if friend != NO_SEAT and st.play_ge1[friend] & friend_bit != ZERO:
        view.side_mask |= np.int64(1) << np.int64(friend)


@njit(cache=True, inline="always")
def close_trick(tb, st, view, lead, declarer, friend, friend_bit, won):
    """The reveal, then the trick's winner and points (`won[winner]`) and what the table suspects of the friend
    (`games.zhaopengyou.engine.suspects`), as the engine closes a trick."""
    note_reveal(st, view, friend, friend_bit)
    leader = view.leader
    winner, points = collect_trick(tb, st, view, lead, declarer)
    note_feeders(tb, st, view, leader, winner)
    won[winner] += points


@njit(cache=True, inline="always")
def play_out_zpy(params, tb, hr, st, view, lead, first_follower, declarer, friend, friend_bit, won):
    """`playout.play_out` with the friend's reveal and each seat's points (`won`): finish the current trick, then
    play every trick to the end of the hand by the heuristic. Returns the last trick's leader."""
    leader = view.leader
    finish_trick(params, tb, st, view, lead, first_follower)
    close_trick(tb, st, view, lead, declarer, friend, friend_bit, won)
    while st.hand_ge1[view.leader] != ZERO:
        view.trick_index = st.tricks
        leader = view.leader
        lead = playout_lead(params, tb, hr, st, view, declarer)
        play_cards(st, view, leader, lead.ge1, lead.eq2)
        finish_trick(params, tb, st, view, lead, 1)
        close_trick(tb, st, view, lead, declarer, friend, friend_bit, won)
    return leader


@njit(cache=True, inline="always")
def play_candidate_zpy(params, tb, hr, lead, is_lead, n_played, seat, ge1, eq2, st, view, declarer, friend,
                       friend_bit, won):
    """`policies.sampler.play_candidate` with `play_out_zpy`. Returns the last trick's leader."""
    played, first_follower = candidate_move(params, tb, hr, lead, is_lead, n_played, seat, ge1, eq2, st, view,
                                            declarer)
    return play_out_zpy(params, tb, hr, st, view, played, first_follower, declarer, friend, friend_bit, won)


@njit(cache=True, inline="always")
def side_value(tb, hr, st, view, won, declarer, friend, last_leader, kitty_ge1, kitty_eq2):
    """The finished playout for the declarer's side (module docstring): `hr` the HAND_ZPY_RULES_DTYPE record, `won`
    the points of each seat's tricks, the last trick led by last_leader and won by view.leader."""
    points = 0
    for other in range(tb.num_players):
        if other != declarer and other != friend:
            points += won[other]
    last_winner = view.leader
    defenders_last = last_winner != declarer and last_winner != friend
    multiplier = last_trick_multiplier(tb, hr, defenders_last, st.play_eq2[last_leader], st.play_eq2[last_winner])
    total = points + card_points(tb, kitty_ge1, kitty_eq2) * multiplier
    return (1.0 if declarer_won(hr, total) else -1.0) - TOTAL_WEIGHT * total


@njit(cache=True, inline="always")
def search_zpy(params, tb, hr, lead, is_lead, real_view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state,
               cand_ge1, cand_eq2, count):
    """(rng_state, index) of the candidate with the best mean `side_value` for the seat's side over the sampled
    deals, as `policies.sampler.search` chooses (successive halving, stop_behind, switch_z)."""
    seat = real_view.seat
    declarer = real_view.declarer
    n = tb.num_players
    friend_bit = real_view.friend_ge1
    states, views, deal_ge1, deal_eq2, totals, gain_squares, values, alive = search_scratch(count)
    won = np.zeros(MAX_PLAYERS, dtype=np.int64)
    samples = max(1, np.int64(params[SAMPLER_SAMPLES]))
    stop_behind = params[SAMPLER_STOP_BEHIND] > 0.5
    layout, knows_kitty = seat_layout(tb, real_view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, hr.kitty_size)
    for i in range(samples):
        if halve(i, samples, stop_behind, totals, alive):
            return rng_state, 0
        rng_state = deal_from(tb, layout, rng_state, deal_ge1, deal_eq2)
        kitty_ge1 = known_ge1 if knows_kitty else deal_ge1[seat]
        kitty_eq2 = known_eq2 if knows_kitty else deal_eq2[seat]
        friend = friend_in_deal(tb, real_view, seat, hand_ge1, deal_ge1, friend_bit)
        side = 1.0 if seat == declarer or seat == friend else -1.0
        for c in range(count):
            if not alive[c]:
                continue
            st = states[0]
            view = views[0]
            load_position(tb, real_view, seat, hand_ge1, hand_eq2, deal_ge1, deal_eq2, st, view)
            knows_sides(st, declarer, friend)
            for other in range(n):
                won[other] = real_view.points_won[other]
            last_leader = play_candidate_zpy(params, tb, hr, lead, is_lead, real_view.n_played, seat, cand_ge1[c],
                                             cand_eq2[c], st, view, declarer, friend, friend_bit, won)
            tally(totals, gain_squares, values, c,
                  side * side_value(tb, hr, st, view, won, declarer, friend, last_leader, kitty_ge1, kitty_eq2))
    return rng_state, choose(totals, gain_squares, alive, samples, params[SAMPLER_SWITCH_Z])


@njit(cache=True, inline="always")
def sampler_play_zpy(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    """(rng_state, ge1, eq2): `policies.sampler.sampler_play` with the 找朋友 search (`search_zpy`, inlined); the
    找朋友 engine calls it by address (`sampler_play_zpy_at`)."""
    hand_ge1 = np.uint64(hand_ge1)
    hand_eq2 = np.uint64(hand_eq2)
    cand_ge1, cand_eq2, count = play_candidates(params, tb, lead, is_lead, view, hand_ge1, hand_eq2)
    if count <= 1:
        return rng_state, cand_ge1[0], cand_eq2[0]
    rng_state, best = search_zpy(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, np.uint64(known_ge1),
                                 np.uint64(known_eq2), rng_state, cand_ge1, cand_eq2, count)
    return rng_state, cand_ge1[best], cand_eq2[best]


@njit(cache=True)
def sampler_play_zpy_at(params_at, n_params, tb_at, hr_at, lead_ge1, lead_eq2, is_lead_at, view_at, hand_ge1, hand_eq2,
                        known_ge1, known_eq2, rng_state, outputs):
    """`sampler_play_zpy` with C arguments (`policies.sampler.entry.C_ARGUMENTS`): the one compiled function of
    the 找朋友 sampler's decisions, which the engine calls by its address (`policies.sampler.entry.play_at`)."""
    play_with_c_arguments(sampler_play_zpy, HAND_ZPY_RULES_DTYPE, params_at, n_params, tb_at, hr_at, lead_ge1, lead_eq2,
                          is_lead_at, view_at, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state, outputs)
