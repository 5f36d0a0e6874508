"""The `sampler` play policy (DESIGN.md §6): perfect-information Monte Carlo, as GIB plays bridge.

At each play the seat lists at most `candidates` plays — the heuristic's own choice first, then others (leads: each
held suit's sure lead, a throw of its sure units when throws are allowed, then each suit's longest unit, highest
card and cheapest card; follows: the legal answers from the cheapest and the dearest in, by the heuristic's play
cost) — draws `samples` deals of the cards it has not seen that agree with everything it saw
(`auction_model.sample_deal`: the hands' sizes, the voids and the missing pairs shown by following, the cards of
failed throws, the auction, the declarer's own bury; for a defender, the trump the declarer named and what he would
have buried, `auction_model.names_trump`, `auction_model.model_bury`), plays each candidate to the end of the hand in
each deal with the heuristic at every seat (`playout`), and keeps the candidate with the best mean outcome for its
side when its paired gain over the heuristic's choice is `switch_z` standard errors above zero, else the heuristic's
(successive halving: after a quarter and after half of the deals the worse half of the candidates still compared is
dropped, down to two: 8 candidates cost 4 playouts per deal on average instead of 8, 4 cost 2.5; with `stop_behind`,
the search stops at either point and keeps the heuristic's choice when no other candidate has gained on it), scored as
the hand is scored: the declarer's settlement for the result at the actual target, R breaking ties. Bids, the bury and
the trump are the heuristic's; so are the first parameter slots, which also steer the playouts.

In 80分 the same candidates and playouts are searched with 80分's deals and value (`games.tractor80.policies.sampler`,
called by address: `entry`), in 找朋友 with its deals, friend and value
(`games.zhaopengyou.policies.sampler`).

Deterministic per seed: the deals come from the seat's own stream. The auction is read through the heuristic's
threshold bidder with the seat's own parameters (the real bidders' policies are not known to it).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import NUM_EFFECTIVE_SUITS
from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.follow import enumerate_follows
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.play import note_void, play_cards, resolve_lead
from baofen_sim.kernels.values import top_bit
from baofen_sim.policies.heuristic import heuristic_follow, heuristic_lead
from baofen_sim.policies.heuristic.candidates import FOLLOW_CAPACITY, append_new
from baofen_sim.policies.heuristic.costs import POINT_COST, cheapest_single, play_cost
from baofen_sim.policies.heuristic.leads import best_unit, sure_lead
from baofen_sim.policies.heuristic.unseen import unseen_cards
from baofen_sim.policies.registry import (
    SAMPLER_CANDIDATES,
    SAMPLER_MAX_CANDIDATES,
    SAMPLER_SAMPLES,
    SAMPLER_STOP_BEHIND,
    SAMPLER_SWITCH_Z,
)
from baofen_sim.policies.sampler.auction_model import sample_from
from baofen_sim.policies.sampler.deals import deal_layout
from baofen_sim.policies.sampler.entry import play_at, play_with_c_arguments
from baofen_sim.policies.sampler.playout import declarer_value, play_out, playout_lead
from baofen_sim.records import HAND_RULES_DTYPE, MAX_PLAYERS, PLAY_STATE_DTYPE, PLAY_VIEW_DTYPE

MAX_CANDIDATES = SAMPLER_MAX_CANDIDATES
# Kinds of lead candidates, in the order they are listed.
LEAD_SURE = 0
LEAD_LONGEST = 1
LEAD_HIGHEST = 2
LEAD_CHEAPEST = 3
LEAD_KINDS = 4
HALVING_FIRST = 4  # the worse half of the candidates is dropped after samples // 4 deals ...
HALVING_SECOND = 2  # ... and again after samples // 2
FINALISTS = 2  # candidates that see every deal


# ---- candidates ----------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def lead_candidates(params, tb, view, hand_ge1, hand_eq2, out_ge1, out_eq2, limit):
    """The heuristic's lead, then each suit's sure lead (every sure unit together as a throw when throws are
    allowed, `heuristic.leads.sure_lead`), longest unit (a tractor or pair when it has one), highest card (by power,
    `values.top_bit`: in 找朋友 the lowered trump 7 and 2 sit below their power on the chain) and cheapest card (suit by
    suit in that order of kinds). Returns the count."""
    _, ge1, eq2 = heuristic_lead(params, tb, view, hand_ge1, hand_eq2, np.uint64(0))
    count = append_new(out_ge1[:limit], out_eq2[:limit], 0, ge1, eq2)
    unseen_ge1, unseen_eq2 = unseen_cards(tb, view, hand_ge1, hand_eq2)
    is_declarer = view.seat == view.declarer
    for kind in range(LEAD_KINDS):
        for suit in range(NUM_EFFECTIVE_SUITS):
            mask = tb.suit_mask[suit]
            held = hand_ge1 & mask
            if held == ZERO:
                continue
            if kind == LEAD_SURE:
                ge1, eq2 = sure_lead(tb, suit, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer,
                                     view.throw_allowed)
                if ge1 == ZERO:
                    continue
            elif kind == LEAD_LONGEST:
                ge1, eq2 = best_unit(tb, held, hand_eq2 & mask)
            elif kind == LEAD_HIGHEST:
                ge1, eq2 = np.uint64(1) << np.uint64(top_bit(tb, held)), ZERO
            else:
                ge1, eq2 = cheapest_single(tb, held, hand_eq2, POINT_COST)[0], ZERO
            count = append_new(out_ge1[:limit], out_eq2[:limit], count, ge1, eq2)
    return count


@njit(cache=True)
def stable_order(costs):
    """The indices of `costs` in increasing order, equal costs in index order (an insertion sort: a
    handful of legal follows, and no sort kernel to compile)."""
    order = np.arange(len(costs))
    for i in range(1, len(costs)):
        j = i
        while j > 0 and costs[order[j - 1]] > costs[order[j]]:
            order[j - 1], order[j] = order[j], order[j - 1]
            j -= 1
    return order


@njit(cache=True, inline="always")
def follow_candidates(params, tb, lead, view, hand_ge1, hand_eq2, out_ge1, out_eq2, limit):
    """The heuristic's follow, then the legal answers alternately from the cheapest and the dearest (the
    heuristic's play cost). Returns the count."""
    _, ge1, eq2 = heuristic_follow(params, tb, lead, view, hand_ge1, hand_eq2, np.uint64(0))
    count = append_new(out_ge1[:limit], out_eq2[:limit], 0, ge1, eq2)
    legal_ge1 = np.empty(FOLLOW_CAPACITY, dtype=np.uint64)
    legal_eq2 = np.empty(FOLLOW_CAPACITY, dtype=np.uint64)
    n_legal, _ = enumerate_follows(tb, lead, hand_ge1, hand_eq2, legal_ge1, legal_eq2)
    costs = np.empty(n_legal, dtype=np.float64)
    for i in range(n_legal):
        costs[i] = play_cost(tb, legal_ge1[i], legal_eq2[i], hand_eq2, POINT_COST)
    order = stable_order(costs)
    low, high = 0, n_legal - 1
    while low <= high and count < limit:
        count = append_new(out_ge1[:limit], out_eq2[:limit], count, legal_ge1[order[low]], legal_eq2[order[low]])
        if high > low:
            count = append_new(out_ge1[:limit], out_eq2[:limit], count, legal_ge1[order[high]],
                               legal_eq2[order[high]])
        low += 1
        high -= 1
    return count


# ---- evaluation ----------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def load_position(tb, real_view, seat, hand_ge1, hand_eq2, deal_ge1, deal_eq2, st, view):
    """The private state and view of one sampled deal at the current position: the seat's own hand, the
    sampled hands of the others, the current trick and the tallies as the real view shows them."""
    n = tb.num_players
    view.seat = real_view.seat
    view.declarer = real_view.declarer
    view.side_mask = real_view.side_mask
    view.private_side = real_view.private_side
    view.suspect_side = real_view.suspect_side
    view.leader = real_view.leader
    view.n_played = real_view.n_played
    view.trick_index = real_view.trick_index
    view.played_ge1 = real_view.played_ge1
    view.played_eq2 = real_view.played_eq2
    view.declarer_points = real_view.declarer_points
    view.wangfen_points = real_view.wangfen_points
    view.penalty = real_view.penalty
    view.target = real_view.target
    view.throw_allowed = real_view.throw_allowed
    for s in range(n):
        view.trick_ge1[s] = real_view.trick_ge1[s]
        view.trick_eq2[s] = real_view.trick_eq2[s]
        view.hand_sizes[s] = real_view.hand_sizes[s]
        view.voids[s] = real_view.voids[s]
        view.pairless[s] = real_view.pairless[s]
        view.shown_ge1[s] = real_view.shown_ge1[s]
        view.shown_eq2[s] = real_view.shown_eq2[s]
        st.hand_ge1[s] = hand_ge1 if s == seat else deal_ge1[s]
        st.hand_eq2[s] = hand_eq2 if s == seat else deal_eq2[s]
        st.play_ge1[s] = real_view.trick_ge1[s]
        st.play_eq2[s] = real_view.trick_eq2[s]
        st.failed_count[s] = 0
        st.private_side[s] = real_view.private_side if s == seat else 0
    st.declarer_points = real_view.declarer_points
    st.wangfen_points = real_view.wangfen_points
    st.penalty = real_view.penalty
    st.n_failed = 0
    st.tricks = real_view.trick_index
    st.declarer_won_last = False


@njit(cache=True, inline="always")
def drop_worse_half(totals, alive):
    """Successive halving: keep the better half (rounded up, at least two) of the candidates still compared, by
    their totals over the same deals; the heuristic's (the first) always stays, as the reference."""
    n_alive = 0
    for c in range(len(totals)):
        n_alive += alive[c]
    keep = max(FINALISTS, (n_alive + 1) // 2)
    for _ in range(n_alive - keep):
        worst = -1
        for c in range(1, len(totals)):
            if alive[c] and (worst < 0 or totals[c] <= totals[worst]):
                worst = c
        alive[worst] = False


@njit(cache=True, inline="always")
def choose(totals, gain_squares, alive, samples, switch_z):
    """The candidate with the best total, if its paired gain over the heuristic's play (candidate 0), per deal,
    exceeds zero by switch_z standard errors; else the heuristic's."""
    best = 0
    for c in range(1, len(totals)):
        if alive[c] and totals[c] > totals[best]:
            best = c
    if best == 0 or samples < 2:
        return best
    mean = (totals[best] - totals[0]) / samples
    variance = max(0.0, (gain_squares[best] - samples * mean * mean) / (samples - 1))
    return best if mean > switch_z * np.sqrt(variance / samples) else 0


@njit(cache=True, inline="always")
def candidate_move(params, tb, hr, lead, is_lead, n_played, seat, ge1, eq2, st, view, declarer):
    """Play the candidate (ge1, eq2) of `seat` at the position loaded in st/view: a lead, resolved as the engine
    resolves it, when is_lead; else a follow to `lead`, the n_played + 1-th play of the trick. Returns (the trick's
    lead, the first follower still to play)."""
    if is_lead:
        played, _, relead = resolve_lead(tb, hr, st, view, declarer, seat, ge1, eq2)
        if relead:
            played = playout_lead(params, tb, hr, st, view, declarer)
        play_cards(st, view, seat, played.ge1, played.eq2)
        return played, 1
    play_cards(st, view, seat, ge1, eq2)
    note_void(tb, view, lead, seat, ge1, eq2)
    return lead, n_played + 1


@njit(cache=True, inline="always")
def play_candidate(params, tb, hr, lead, is_lead, n_played, seat, ge1, eq2, st, view, declarer):
    """`candidate_move`, then the rest of the hand by the heuristic (`playout.play_out`). Returns the last trick's
    leader."""
    played, first_follower = candidate_move(params, tb, hr, lead, is_lead, n_played, seat, ge1, eq2, st, view,
                                            declarer)
    return play_out(params, tb, hr, st, view, played, first_follower, declarer)


@njit(cache=True, inline="always")
def none_ahead(totals, alive):
    """Whether no candidate still compared has gained on the heuristic's play (candidate 0) over the same
    deals: the early stop of `search` (stop_behind)."""
    for c in range(1, len(totals)):
        if alive[c] and totals[c] > totals[0]:
            return False
    return True


@njit(cache=True, inline="always")
def halve(i, samples, stop_behind, totals, alive):
    """Before the i-th deal: after a quarter and after half of them, True when the search stops (stop_behind and
    no other candidate ahead of the heuristic's, `none_ahead`), else the worse half is dropped (`drop_worse_half`)."""
    if i > 0 and (i == samples // HALVING_FIRST or i == samples // HALVING_SECOND):
        if stop_behind and none_ahead(totals, alive):
            return True
        drop_worse_half(totals, alive)
    return False


@njit(cache=True, inline="always")
def tally(totals, gain_squares, values, c, value):
    """Candidate c's value in one deal, added to its total and (against the heuristic's, candidate 0, which is
    valued first) to its squared gains."""
    values[c] = value
    totals[c] += value
    gain_squares[c] += (value - values[0]) ** 2


@njit(cache=True, inline="always")
def search_scratch(count):
    """(states, views, deal_ge1, deal_eq2, totals, gain_squares, values, alive): a search's working memory for
    `count` candidates (states and views hold one record each, used as states[0], views[0] inside the loop: a
    record does not keep its array alive; gain_squares: per deal, (value − the heuristic's value)²)."""
    return (np.zeros(1, dtype=PLAY_STATE_DTYPE), np.zeros(1, dtype=PLAY_VIEW_DTYPE),
            np.zeros(MAX_PLAYERS, dtype=np.uint64), np.zeros(MAX_PLAYERS, dtype=np.uint64),
            np.zeros(count, dtype=np.float64), np.zeros(count, dtype=np.float64), np.zeros(count, dtype=np.float64),
            np.ones(count, dtype=np.bool_))


@njit(cache=True, inline="always")
def search(params, tb, hr, lead, is_lead, real_view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state,
           cand_ge1, cand_eq2, count):
    """(rng_state, index) of the candidate with the best mean outcome for the seat's side over the sampled
    deals, when it is significantly better than the heuristic's (`choose`; is_lead for a lead, else a follow
    to the trick's `lead`). Every candidate still compared plays in the same deals; after a quarter and after
    half of them the worse half is dropped (successive halving), so the last FINALISTS see every deal. With
    stop_behind, the search stops there instead, keeping the heuristic's play, when no other has gained on it."""
    seat = real_view.seat
    declarer = real_view.declarer
    kitty_size = 0 if seat == declarer else hr.kitty_size
    side = 1.0 if seat == declarer else -1.0
    states, views, deal_ge1, deal_eq2, totals, gain_squares, values, alive = search_scratch(count)
    samples = max(1, np.int64(params[SAMPLER_SAMPLES]))
    stop_behind = params[SAMPLER_STOP_BEHIND] > 0.5
    layout = deal_layout(tb, real_view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, kitty_size)
    for i in range(samples):
        if halve(i, samples, stop_behind, totals, alive):
            return rng_state, 0
        rng_state = sample_from(params, tb, real_view, seat, layout, kitty_size, rng_state, deal_ge1, deal_eq2)
        kitty_ge1 = known_ge1 if seat == declarer else deal_ge1[seat]
        kitty_eq2 = known_eq2 if seat == declarer else deal_eq2[seat]
        for c in range(count):
            if not alive[c]:
                continue
            st = states[0]
            view = views[0]
            load_position(tb, real_view, seat, hand_ge1, hand_eq2, deal_ge1, deal_eq2, st, view)
            play_candidate(params, tb, hr, lead, is_lead, real_view.n_played, seat, cand_ge1[c], cand_eq2[c], st,
                           view, declarer)
            tally(totals, gain_squares, values, c, side * declarer_value(tb, hr, st, real_view.target, kitty_ge1,
                                                                         kitty_eq2))
    return rng_state, choose(totals, gain_squares, alive, samples, params[SAMPLER_SWITCH_Z])


@njit(cache=True, inline="always")
def play_candidates(params, tb, lead, is_lead, view, hand_ge1, hand_eq2):
    """(cand_ge1, cand_eq2, count): at most `candidates` plays of seat view.seat, the heuristic's first
    (`lead_candidates` when is_lead, else `follow_candidates` to `lead`)."""
    cand_ge1 = np.zeros(MAX_CANDIDATES, dtype=np.uint64)
    cand_eq2 = np.zeros(MAX_CANDIDATES, dtype=np.uint64)
    limit = min(MAX_CANDIDATES, max(1, np.int64(params[SAMPLER_CANDIDATES])))
    if is_lead:
        count = lead_candidates(params, tb, view, hand_ge1, hand_eq2, cand_ge1, cand_eq2, limit)
    else:
        count = follow_candidates(params, tb, lead, view, hand_ge1, hand_eq2, cand_ge1, cand_eq2, limit)
    return cand_ge1, cand_eq2, count


@njit(cache=True, inline="always")
def sampler_play(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    """(rng_state, ge1, eq2): the lead (is_lead) or the follow to `lead` of seat view.seat, searched as Baofen scores
    a hand (80分's: `games.tractor80.policies.sampler.sampler_play80`, 找朋友's: `games.zhaopengyou.policies.sampler.
    sampler_play_zpy`)."""
    hand_ge1 = np.uint64(hand_ge1)
    hand_eq2 = np.uint64(hand_eq2)
    cand_ge1, cand_eq2, count = play_candidates(params, tb, lead, is_lead, view, hand_ge1, hand_eq2)
    if count <= 1:
        return rng_state, cand_ge1[0], cand_eq2[0]
    rng_state, best = search(params, tb, hr, lead, is_lead, view, hand_ge1, hand_eq2, np.uint64(known_ge1),
                             np.uint64(known_eq2), rng_state, cand_ge1, cand_eq2, count)
    return rng_state, cand_ge1[best], cand_eq2[best]


@njit(cache=True)
def sampler_play_at(params_at, n_params, tb_at, hr_at, lead_ge1, lead_eq2, is_lead_at, view_at, hand_ge1, hand_eq2,
                    known_ge1, known_eq2, rng_state, outputs):
    """`sampler_play` with C arguments (`policies.sampler.entry.C_ARGUMENTS`): the one compiled function of
    the Baofen sampler's decisions, which the engine calls by its address (`policies.sampler.entry.play_at`)."""
    play_with_c_arguments(sampler_play, HAND_RULES_DTYPE, params_at, n_params, tb_at, hr_at, lead_ge1, lead_eq2,
                          is_lead_at, view_at, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state, outputs)


@njit(cache=True, inline="always")
def sampler_lead(params, tb, hr, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    """(rng_state, ge1, eq2): the lead of seat view.seat (the game's sampler play, called by address:
    `entry.play_at`)."""
    return play_at(hr.sampler_address, params, tb, hr, ZERO, ZERO, True, view, hand_ge1, hand_eq2, known_ge1,
                   known_eq2, rng_state)


@njit(cache=True, inline="always")
def sampler_follow(params, tb, hr, lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state):
    """(rng_state, ge1, eq2): the follow of seat view.seat to `lead` (its cards: the play analyses them again,
    whoever led)."""
    return play_at(hr.sampler_address, params, tb, hr, lead.ge1, lead.eq2, False, view, hand_ge1, hand_eq2,
                   known_ge1, known_eq2, rng_state)
