"""The heuristic follow (`policies.heuristic`, Follow rules 1-3): the goal against the best play so far
(`trick.winning_play`): FEED a teammate who wins securely, PROTECT one who does not, else CONTEST; the
cheapest winning candidate and whether it is worth playing (`pick`); else the cheapest play (DUMP). A single
lead is answered card by card, a pair lead pair by pair, anything else from `candidates.follow_candidates`."""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import DISCARD, IN_SUIT, RUFF, TRUMP
from baofen_sim.kernels.bits import ZERO, trailing_zeros
from baofen_sim.kernels.follow import (
    FOLLOW_ALL_OF_SUIT,
    FOLLOW_FREE,
    FOLLOW_IN_SUIT,
    follow_constraints,
    is_legal_follow,
    only_follow,
)
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.scratch import stack_empty
from baofen_sim.kernels.trick import classify_play, compare_plays, winning_play
from baofen_sim.policies.heuristic.candidates import CANDIDATE_SLOTS, cheapest_fill, follow_candidates
from baofen_sim.policies.heuristic.costs import NO_COST, POINT_COST, cheapest_single, play_cost
from baofen_sim.policies.heuristic.last_trick import guarded_hand
from baofen_sim.policies.heuristic.unseen import (
    is_secure,
    is_teammate,
    known_side,
    on_declarer_side,
    opponents_after,
    play_params,
    ruff_risk,
    secure_singles,
    table_points,
    unseen_cards,
)

NO_CHOICE = -1

# Follow goals.
GOAL_CONTEST = 0  # an opponent is winning: win if it is worth it, else dump
GOAL_FEED = 1  # a teammate wins securely: give points
GOAL_PROTECT = 2  # a teammate wins, not securely: overtake only with a secure in-suit win

# Which candidate a follow plays.
PICK_DUMP = 0
PICK_WIN = 1


# ---- the trick so far and the goal -------------------------------------------------------------------


@njit(cache=True, inline="always")
def best_so_far(tb, lead, view):
    """(seat, class, value) of the best play of the current trick so far (§3.5: `trick.winning_play`); the
    `best` that the follows below are given."""
    n = tb.num_players
    return winning_play(tb, lead, view.trick_ge1[:n], view.trick_eq2[:n], view.leader, view.declarer,
                        view.n_played)


@njit(cache=True)
def follow_goal(pp, tb, lead, view, best_seat, best_cls, best_value, unseen_ge1, unseen_eq2, risky):
    """GOAL_FEED when a teammate wins securely (and feed_points > 0), GOAL_PROTECT when a teammate wins
    insecurely, else GOAL_CONTEST."""
    if not is_teammate(known_side(view), view.seat, best_seat):
        return GOAL_CONTEST
    opp_after = opponents_after(tb, view, best_seat)
    if pp.feed_points > 0.0 and is_secure(tb, lead, best_cls, best_value, opp_after, True, risky, unseen_ge1,
                                          unseen_eq2):
        return GOAL_FEED
    return GOAL_PROTECT


@njit(cache=True)
def worth_winning(pp, lead, cls, secure, points):
    """Is winning with a play of class `cls` worth it, with `points` card points in the trick (own cards
    included)? A ruff needs the seat's ruff_min_points; an in-suit win on a trump lead, or an insecure one,
    its win_min_points; a secure plain-suit win is always taken."""
    if cls == RUFF:
        return points >= pp.ruff_min_points
    if lead.suit == TRUMP or not secure:
        return points >= pp.win_min_points
    return True


@njit(cache=True)
def pick(pp, tb, lead, goal, points, win_ge1, win_eq2, win_cls, win_secure):
    """PICK_WIN when the winning candidate (win_ge1 = 0: none) is worth playing (`worth_winning`; under
    GOAL_PROTECT only a secure in-suit win), else PICK_DUMP."""
    if win_ge1 == ZERO:
        return PICK_DUMP
    if goal == GOAL_PROTECT and not (win_secure and win_cls == IN_SUIT):
        return PICK_DUMP
    total = points + card_points(tb, win_ge1, win_eq2)
    if goal == GOAL_PROTECT:
        return PICK_WIN if total >= pp.win_min_points else PICK_DUMP
    return PICK_WIN if worth_winning(pp, lead, win_cls, win_secure, total) else PICK_DUMP


# ---- single and pair leads ---------------------------------------------------------------------------


@njit(cache=True)
def cheapest_winner(tb, view, winners, unseen, risky, ruffing, hand_eq2):
    """(bit as a mask, secure) the winner to play among `winners` (single cards, or pairs with hand_eq2 = 0):
    the cheapest secure one (`secure_singles`); when ruffing or none is secure, the cheapest of all if it
    costs less. (0, False) if `winners` is empty."""
    secure = secure_singles(tb, winners, unseen, opponents_after(tb, view, view.seat), risky, ruffing)
    win, cost = cheapest_single(tb, secure, hand_eq2, -POINT_COST)
    win_secure = win != ZERO
    if ruffing or win == ZERO:
        other, other_cost = cheapest_single(tb, winners & ~secure, hand_eq2, POINT_COST)
        if other_cost < cost:
            win, win_secure = other, False
    return win, win_secure


@njit(cache=True)
def follow_single(pp, tb, lead, view, best, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2):
    """(ge1, eq2) answer to a single lead, `best` the best play so far: every legal answer is one card, so the
    candidates are bit masks."""
    best_seat, best_cls, best_value = best
    ruffed = best_cls == RUFF
    best_bit = trailing_zeros(view.trick_ge1[best_seat])
    risky = ruff_risk(tb, lead, unseen_ge1, unseen_eq2)
    goal = follow_goal(pp, tb, lead, view, best_seat, best_cls, best_value, unseen_ge1, unseen_eq2, risky)
    cands = hand_ge1 & tb.suit_mask[lead.suit]
    void = cands == ZERO
    if void:
        cands = hand_ge1
    if goal == GOAL_FEED:
        return cheapest_single(tb, cands, hand_eq2, -POINT_COST * pp.feed_points)[0], ZERO
    winners = ZERO
    if not void:
        winners = ZERO if ruffed else cands & tb.beat_mask[best_bit]
    elif lead.suit != TRUMP:
        winners = cands & tb.suit_mask[TRUMP]
        if ruffed:
            winners &= tb.beat_mask[best_bit]
    if winners == ZERO:
        return cheapest_single(tb, cands, hand_eq2, POINT_COST)[0], ZERO
    win, win_secure = cheapest_winner(tb, view, winners, unseen_ge1, risky, void, hand_eq2)
    points = table_points(tb, view)
    if pick(pp, tb, lead, goal, points, win, ZERO, RUFF if void else IN_SUIT, win_secure) == PICK_WIN:
        return win, ZERO
    return cheapest_single(tb, cands, hand_eq2, POINT_COST)[0], ZERO


@njit(cache=True)
def follow_pair(pp, tb, lead, view, best, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2):
    """(ge1, eq2) answer to a pair lead, `best` the best play so far: DUMP and FEED are the cheapest fills of
    the follow constraints, the winning candidates are the held pairs (of the suit, or of trumps when void)
    above the best pair."""
    best_seat, best_cls, best_value = best
    ruffed = best_cls == RUFF
    best_bit = trailing_zeros(view.trick_eq2[best_seat])
    risky = ruff_risk(tb, lead, unseen_ge1, unseen_eq2)
    goal = follow_goal(pp, tb, lead, view, best_seat, best_cls, best_value, unseen_ge1, unseen_eq2, risky)
    needs = follow_constraints(tb, lead, hand_ge1, hand_eq2)
    if goal == GOAL_FEED:
        return cheapest_fill(tb, lead, needs, ZERO, ZERO, hand_eq2, -POINT_COST * pp.feed_points)
    dump_ge1, dump_eq2 = cheapest_fill(tb, lead, needs, ZERO, ZERO, hand_eq2, POINT_COST)
    winners = ZERO
    ruffing = needs.mode == FOLLOW_FREE
    if needs.mode == FOLLOW_IN_SUIT and not ruffed:
        winners = needs.pool_eq2 & tb.beat_mask[best_bit]
    elif ruffing and lead.suit != TRUMP:
        winners = hand_eq2 & tb.suit_mask[TRUMP]
        if ruffed:
            winners &= tb.beat_mask[best_bit]
    if winners == ZERO:
        return dump_ge1, dump_eq2
    win, win_secure = cheapest_winner(tb, view, winners, unseen_eq2, risky, ruffing, ZERO)
    points = table_points(tb, view)
    if pick(pp, tb, lead, goal, points, win, win, RUFF if ruffing else IN_SUIT, win_secure) == PICK_WIN:
        return win, win
    return dump_ge1, dump_eq2


# ---- any other lead ----------------------------------------------------------------------------------


@njit(cache=True)
def may_beat(lead, needs, best_cls):
    """Could an answer of `needs` (follow.follow_constraints) beat the best play so far, of class `best_cls`
    (§3.1, §3.5)? Not a short suit's cards with others (a discard), not an in-suit answer to a ruffed trick,
    not a void answer to a trump lead."""
    if needs.mode == FOLLOW_ALL_OF_SUIT:
        return needs.take == 0 and best_cls != RUFF
    if needs.mode == FOLLOW_IN_SUIT:
        return best_cls != RUFF
    if needs.mode == FOLLOW_FREE:
        return lead.suit != TRUMP
    return True  # §2.7 an answer to an eight of a kind


@njit(cache=True)
def follow_general(pp, tb, lead, view, best, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2):
    """(ge1, eq2) answer to a lead of two or more cards, `best` the best play so far: candidates
    (`candidates.follow_candidates`) scored like `follow_single`."""
    best_seat, best_cls, best_value = best
    risky = ruff_risk(tb, lead, unseen_ge1, unseen_eq2)
    goal = follow_goal(pp, tb, lead, view, best_seat, best_cls, best_value, unseen_ge1, unseen_eq2, risky)
    is_declarer = on_declarer_side(view, view.seat)
    feed_weight = -POINT_COST * pp.feed_points
    needs = follow_constraints(tb, lead, hand_ge1, hand_eq2)
    out_ge1 = stack_empty(CANDIDATE_SLOTS, np.uint64)
    out_eq2 = stack_empty(CANDIDATE_SLOTS, np.uint64)
    count = follow_candidates(tb, lead, needs, goal == GOAL_FEED, feed_weight, best_cls, best_value, is_declarer,
                              hand_ge1, hand_eq2, out_ge1, out_eq2)
    opp_after = opponents_after(tb, view, view.seat)
    contest = may_beat(lead, needs, best_cls)
    dump = NO_CHOICE
    dump_cost = NO_COST
    win = NO_CHOICE
    win_cost = NO_COST
    win_cls = DISCARD
    win_secure = False
    for i in range(count):
        ge1 = out_ge1[i]
        eq2 = out_eq2[i]
        if goal == GOAL_FEED:
            cost = play_cost(tb, ge1, eq2, hand_eq2, feed_weight)
            if cost < dump_cost:
                dump, dump_cost = i, cost
            continue
        cost = play_cost(tb, ge1, eq2, hand_eq2, POINT_COST)
        if cost < dump_cost:
            dump, dump_cost = i, cost
        if not contest:
            continue
        cls, value = classify_play(tb, lead, ge1, eq2, is_declarer)
        if compare_plays(cls, value, best_cls, best_value) <= 0:
            continue
        secure = is_secure(tb, lead, cls, value, opp_after, not is_declarer, risky, unseen_ge1, unseen_eq2)
        if secure:
            cost = play_cost(tb, ge1, eq2, hand_eq2, -POINT_COST)
        better = secure if (cls == IN_SUIT and secure != win_secure) else cost < win_cost
        if better:
            win, win_cost, win_cls, win_secure = i, cost, cls, secure
    if count == 0:
        return ZERO, ZERO  # no legal play: the hand cannot come from a legal game
    if win != NO_CHOICE:
        points = table_points(tb, view)
        if pick(pp, tb, lead, goal, points, out_ge1[win], out_eq2[win], win_cls, win_secure) == PICK_WIN:
            return out_ge1[win], out_eq2[win]
    return out_ge1[dump], out_eq2[dump]


# ---- the policy --------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def follow_from(pp, tb, lead, view, best, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2):
    """(ge1, eq2) the answer to `lead` from the cards (hand_ge1, hand_eq2), by the shape of the lead."""
    if lead.n == 1:
        return follow_single(pp, tb, lead, view, best, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2)
    if lead.n == 2 and lead.pairs == 1:
        return follow_pair(pp, tb, lead, view, best, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2)
    return follow_general(pp, tb, lead, view, best, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2)


@njit(cache=True)
def heuristic_follow(params, tb, lead, view, hand_ge1, hand_eq2, rng_state):
    """(rng_state, ge1, eq2): the answer of seat `view.seat` to `lead` (`policies.heuristic`,
    Follow rules 1-3), from its hand less a guard card kept for the last trick (`last_trick`) when that answer
    is legal for the whole hand; a hand with one legal answer (`follow.only_follow`) plays it at once. Draws
    nothing from the stream."""
    hand_ge1 = np.uint64(hand_ge1)
    hand_eq2 = np.uint64(hand_eq2)
    ge1, eq2 = only_follow(tb, lead, hand_ge1, hand_eq2)
    if ge1 != ZERO:  # one legal answer: every rule below would choose it
        return rng_state, ge1, eq2
    pp = play_params(params, view)
    best = best_so_far(tb, lead, view)
    unseen_ge1, unseen_eq2 = unseen_cards(tb, view, hand_ge1, hand_eq2)
    if tb.last_trick_kitty != 0:
        rest_ge1, rest_eq2 = guarded_hand(pp, tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, lead.n)
        if rest_ge1 != hand_ge1 or rest_eq2 != hand_eq2:
            ge1, eq2 = follow_from(pp, tb, lead, view, best, rest_ge1, rest_eq2, unseen_ge1, unseen_eq2)
            if ge1 != ZERO and is_legal_follow(tb, lead, hand_ge1, hand_eq2, ge1, eq2):
                return rng_state, ge1, eq2
    ge1, eq2 = follow_from(pp, tb, lead, view, best, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2)
    return rng_state, ge1, eq2
