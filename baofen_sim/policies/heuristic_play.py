"""The `heuristic` play policy (DESIGN.md §6): sensible human play of the lead and the follow.

It sees what `policies.view.PLAY_VIEW_DTYPE` shows and its own hand, nothing else. Its one derived fact is
the *unseen* cards: the 108 cards minus its hand, the earlier tricks and the current trick (the other hands
and the kitty together). A unit is a *sure winner* when no unseen card set beats it in its suit (§4.2's
test run against the unseen cards, so a throw of sure units cannot fail, whoever holds what). Teams are
Baofen's: the three defenders play together, the declarer alone (§0.5). The policy never draws from its
stream: same view and hand, same play.

Lead (`heuristic_lead`), the first rule that applies:
1. an eight of a kind held (§1.8) is led;
2. the declarer, while unseen trumps remain (`draw_trumps`): the best sure trump lead (a throw of sure
   units if `throw_sure`, else the longest sure unit), else, holding at least a third as many trumps
   as are unseen (DRAW_LENGTH_RATIO), his cheapest trump;
3. anybody: the best sure lead of a plain suit that is not running out (LIKELY_FOLLOW_CARDS unseen cards
   or no unseen trumps): a throw of every sure unit of the suit when there are several and `throw_sure`,
   else the longest sure unit; more cards, then more points, then the suit with most unseen cards;
4. the declarer: a sure trump lead (no trumps left outside his hand);
5. the cheapest single (low, no points, not half of a pair, not a trump: `card_cost`).

Follow (`heuristic_follow`): first the best play so far of the partial trick (§3.5: `trick.winning_play`,
the kernel that also decides whole tricks). A play is *secure* when no opponent of its player plays after
this seat, or no unseen cards could beat it (and, for a plain-suit play, the suit still has
LIKELY_FOLLOW_CARDS unseen cards, so the opponents are likely to follow, not ruff).
1. FEED: a teammate is winning securely: give the most points (`feed_points` weighs them) at the least
   cost in high cards and trumps;
2. otherwise find the cheapest winning candidate (in suit: the cheapest secure one if any, else the
   cheapest; a ruff: the cheapest, i.e. the lowest sufficient trump) and play it when it is worth it:
   a ruff or over-ruff needs `ruff_min_points` on the table (own cards included); an in-suit win on a
   trump lead, or an insecure one, needs `win_min_points`; a secure plain-suit win is always taken.
   When a teammate is winning insecurely (PROTECT), only a secure in-suit win worth `win_min_points`
   is considered (overtaking to save the points);
3. DUMP: else the cheapest legal play: fewest points (王分 count double), lowest cards, no trumps, pairs
   kept.
Candidates: a single lead is answered card by card (the legal answers are single bits), a pair lead
pair by pair (the winners are held pairs; DUMP and FEED the cheapest fill of `follow.follow_constraints`).
Otherwise `follow.enumerate_follows` lists every legal answer when there are at most FOLLOW_CAPACITY; past that
(e.g. a void player choosing 8 of 20 cards) the candidates are built greedily (the cheapest fill of the
follow constraints for DUMP or FEED, and the cheapest in-suit or all-trump play in the lead's shape that
beats the current winner), each checked with `follow.is_legal_follow`.

Costs (`card_cost`): a card's power (§1.3 numbers), +TRUMP_COST for a trump, ± a weight per card point;
+PAIR_BREAK_COST for playing one card of a held pair. The point weight is +POINT_COST when dumping,
-POINT_COST × feed_points when feeding, -POINT_COST for a secure win (own points are captured or saved)
and +POINT_COST for an insecure one.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import (
    DISCARD,
    EIGHT_S001,
    IN_SUIT,
    MANNER_FOLLOWED,
    MANNER_LED,
    MANNER_RUFFED,
    NUM_EFFECTIVE_SUITS,
    RUFF,
    TRUMP,
)
from baofen_sim.kernels.bits import ONE, ZERO, bit, highest_index, popcount, remove_cards, trailing_zeros
from baofen_sim.kernels.follow import (
    EIGHT_OWN,
    FILTER_NONE,
    FILTER_TP,
    FOLLOW_FREE,
    FOLLOW_IN_SUIT,
    FollowNeeds,
    count_submultisets,
    enumerate_follows,
    follow_constraints,
    is_legal_follow,
    tractor_pairs,
)
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.trick import NO_VALUE, best_run_value, classify_play, compare_plays, seat_after, winning_play
from baofen_sim.kernels.units import (
    card_count,
    card_points,
    held_eight_rank,
    links,
    power,
    run_bits,
    run_length,
    run_starts,
    suit_unit_count,
    top_power,
    tractor_bits,
    tractor_value,
)
from baofen_sim.policies.registry import (
    HEURISTIC_DRAW_TRUMPS,
    HEURISTIC_FEED_POINTS,
    HEURISTIC_RUFF_MIN_POINTS,
    HEURISTIC_THROW_SURE,
    HEURISTIC_WIN_MIN_POINTS,
)

# ---- named numbers ---------------------------------------------------------------------------------------

TRUMP_COST = 20.0  # extra cost of spending a trump: above every plain card but a 10 or K given away
PAIR_BREAK_COST = 6.0  # cost of playing one card of a held pair
POINT_COST = 2.0  # cost per card point given to the other side (a 10 or K: 20)
WANGFEN_FACTOR = 2.0  # 王分 (§1.1.3) points weigh double: W = 0 costs the declarer 100, W = 50 earns 50
LIKELY_FOLLOW_CARDS = 4  # unseen cards of a plain suit for "no opponent is void in it yet"
FOLLOW_CAPACITY = 48  # legal follows evaluated one by one; past that, greedy candidates
GREEDY_SLOTS = 8  # room for the greedy candidates (dump, feed, 2 in-suit wins, 2 ruffs)
MAX_CARD_POINTS = 10.0 * WANGFEN_FACTOR  # the most a card's points can weigh (a 王分 10 or K)
DRAW_LENGTH_RATIO = 3  # the declarer draws with low trumps while unseen trumps <= 3 x his own
EIGHT_PAIRS = 4  # an eight of a kind is four pairs (§1.8.1)
NO_CHOICE = -1
NO_COST = 1e18  # "nothing found yet" for a minimum

# Follow goals.
GOAL_CONTEST = 0  # an opponent is winning: win if it is worth it, else dump
GOAL_FEED = 1  # a teammate wins securely: give points
GOAL_PROTECT = 2  # a teammate wins, not securely: overtake only with a secure in-suit win

# Which candidate a follow plays.
PICK_DUMP = 0
PICK_WIN = 1


# ---- card sets ------------------------------------------------------------------------------------------


@njit(cache=True)
def unseen_cards(tb, view, hand_ge1, hand_eq2):
    """Every card neither in the hand nor played (earlier tricks, the current trick): the other hands and
    the kitty together, as one multiset."""
    ge1, eq2 = remove_cards(tb.all_mask, tb.all_mask, np.uint64(hand_ge1), np.uint64(hand_eq2))
    ge1, eq2 = remove_cards(ge1, eq2, view.played_ge1, view.played_eq2)
    n = tb.num_players
    for i in range(view.n_played):
        seat = seat_after(view.leader, i, n)
        ge1, eq2 = remove_cards(ge1, eq2, view.trick_ge1[seat], view.trick_eq2[seat])
    return ge1, eq2


@njit(cache=True)
def table_points(tb, view):
    """Card points already in the current trick."""
    n = tb.num_players
    total = 0
    for i in range(view.n_played):
        seat = seat_after(view.leader, i, n)
        total += card_points(tb, view.trick_ge1[seat], view.trick_eq2[seat])
    return total


# ---- costs ----------------------------------------------------------------------------------------------


@njit(cache=True)
def card_cost(tb, b, point_weight):
    """Cost of giving up one copy of the card at bit b: its power, +TRUMP_COST for a trump, and
    point_weight per card point (王分 × WANGFEN_FACTOR)."""
    mask = bit(b)
    cost = float(tb.bit_power[b])
    if tb.bit_suit[b] == TRUMP:
        cost += TRUMP_COST
    points = 0.0
    if mask & tb.ten_mask:
        points = 10.0
    elif mask & tb.five_mask:
        points = 5.0
    if mask & tb.wangfen_mask:
        points *= WANGFEN_FACTOR
    return cost + point_weight * points


@njit(cache=True)
def play_cost(tb, ge1, eq2, hand_eq2, point_weight):
    """Cost of a play: its cards' `card_cost`, +PAIR_BREAK_COST per held pair it splits."""
    cost = PAIR_BREAK_COST * popcount(ge1 & ~eq2 & hand_eq2)
    rest = ge1
    while rest != ZERO:
        b = trailing_zeros(rest)
        copies = 2.0 if (eq2 >> np.uint64(b)) & ONE else 1.0
        cost += copies * card_cost(tb, b, point_weight)
        rest = rest & (rest - ONE)
    return cost


# ---- roles and the trick so far ------------------------------------------------------------------------


@njit(cache=True)
def is_teammate(declarer, a, b):
    """Baofen teams (§0.5): two different defenders play together; the declarer has no teammate."""
    return a != b and a != declarer and b != declarer


@njit(cache=True)
def opponents_after(tb, view, player):
    """How many opponents of `player` play after the acting seat in the current trick."""
    n = tb.num_players
    count = 0
    for j in range(view.n_played + 1, n):
        seat = seat_after(view.leader, j, n)
        if seat != player and not is_teammate(view.declarer, seat, player):
            count += 1
    return count


@njit(cache=True, inline="always")
def best_so_far(tb, lead, view):
    """(seat, class, value) of the best play of the current trick so far (§3.5: `trick.winning_play`); the
    `best` that the follows below are given."""
    n = tb.num_players
    return winning_play(tb, lead, view.trick_ge1[:n], view.trick_eq2[:n], view.leader, view.declarer,
                        view.n_played)


# ---- what the unseen cards can do ----------------------------------------------------------------------


@njit(cache=True)
def opponent_run_value(tb, pairs, min_length, may_be_declarer, manner):
    """Best tractor value (§1.5.3) an opponent could show with runs of `pairs` of ≥ min_length pairs; the
    joker tractor (§1.6) is valued for the declarer too when the opponent may be him."""
    value = best_run_value(tb, pairs, min_length, False, manner)
    if may_be_declarer:
        value = max(value, best_run_value(tb, pairs, min_length, True, manner))
    return value


@njit(cache=True)
def unseen_eight_above(tb, unseen_eq2, rank):
    """S001 (§1.8.4): could an unseen eight of a kind of a higher rank exist?"""
    for r in range(rank + 1, tb.eight_mask.shape[0]):
        mask = tb.eight_mask[r]
        if mask != ZERO and (unseen_eq2 & mask) == mask:
            return True
    return False


@njit(cache=True)
def beatable(tb, lead, cls, value, unseen_ge1, unseen_eq2, may_be_declarer):
    """Could one player holding unseen cards beat a play of class `cls` and value `value`? An in-suit play
    by a higher unit of the led suit, a ruff by a higher unit of trumps (an over-ruff), with the lead's
    primary unit (§3.4): its longest tractor, else a pair, else a card."""
    if lead.eight_rank >= 0:
        return tb.eight_mode == EIGHT_S001 and unseen_eight_above(tb, unseen_eq2, value)
    suit = TRUMP if cls == RUFF else lead.suit
    smask = tb.suit_mask[suit]
    if lead.k > 0:
        manner = MANNER_RUFFED if cls == RUFF else MANNER_FOLLOWED
        return opponent_run_value(tb, unseen_eq2 & smask, lead.longest, may_be_declarer, manner) > value
    if lead.pairs > 0:
        return top_power(tb, unseen_eq2 & smask) > value
    return top_power(tb, unseen_ge1 & smask) > value


@njit(cache=True)
def suit_running_out(tb, suit, unseen_ge1, unseen_eq2):
    """A plain suit with fewer than LIKELY_FOLLOW_CARDS unseen cards while trumps are unseen: an opponent
    may well be void in it and ruff."""
    if suit == TRUMP:
        return False
    if (unseen_ge1 & tb.suit_mask[TRUMP]) == ZERO:
        return False
    smask = tb.suit_mask[suit]
    return card_count(unseen_ge1 & smask, unseen_eq2 & smask) < LIKELY_FOLLOW_CARDS


@njit(cache=True)
def ruff_risk(tb, lead, unseen_ge1, unseen_eq2):
    """`suit_running_out` for the led suit (never after an eight of a kind, a trump lead)."""
    return lead.eight_rank < 0 and suit_running_out(tb, lead.suit, unseen_ge1, unseen_eq2)


@njit(cache=True)
def is_secure(tb, lead, cls, value, opp_after, may_be_declarer, risky, unseen_ge1, unseen_eq2):
    """A winning play stays winning: no opponent plays after this seat, or none could beat it (an in-suit
    play of a plain suit that is running out is not secure: `ruff_risk`)."""
    if opp_after == 0:
        return True
    if cls != RUFF and risky:
        return False
    return not beatable(tb, lead, cls, value, unseen_ge1, unseen_eq2, may_be_declarer)


# ---- sure winners (leads) ------------------------------------------------------------------------------


@njit(cache=True)
def sure_tractor(tb, top, length, is_declarer, unseen_eq2, smask):
    """Is the tractor of `length` pairs topped at bit `top` a sure winner against the unseen cards?"""
    mine = tractor_value(tb, top, is_declarer, MANNER_LED)
    return opponent_run_value(tb, unseen_eq2 & smask, length, not is_declarer, MANNER_FOLLOWED) <= mine


@njit(cache=True)
def top_down_at_least(tb, mask, floor):
    """The cards of `mask` (one suit) with power >= floor: walked from the top, which is the highest."""
    out = ZERO
    rest = mask
    while rest != ZERO:
        b = highest_index(rest)
        if tb.bit_power[b] < floor:
            break
        out |= bit(b)
        rest ^= bit(b)
    return out


@njit(cache=True)
def sure_winner_mask(tb, suit, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer):
    """(ge1, eq2) of the hand's §1.9.1 units of `suit` that are sure winners: a single with no higher unseen
    card, a loose pair with no higher unseen pair, a tractor (a whole run) with no unseen tractor as long
    and of higher value. A union of whole units of one holding splits back into the same units."""
    smask = tb.suit_mask[suit]
    sg = hand_ge1 & smask
    se = hand_eq2 & smask
    top_single = top_power(tb, unseen_ge1 & smask)
    top_pair = top_power(tb, unseen_eq2 & smask)
    singles = top_down_at_least(tb, sg & ~se, top_single)
    loose = top_down_at_least(tb, se & ~tractor_bits(tb, se), top_pair)
    out_ge1 = singles | loose
    out_eq2 = loose
    adj = links(tb, se)
    starts = run_starts(adj)
    while starts != ZERO:
        low = trailing_zeros(starts)
        length = run_length(adj, low)
        if sure_tractor(tb, low + length - 1, length, is_declarer, unseen_eq2, smask):
            run = run_bits(low, length)
            out_ge1 |= run
            out_eq2 |= run
        starts = starts & (starts - ONE)
    return out_ge1, out_eq2


@njit(cache=True)
def best_unit(tb, ge1, eq2):
    """The unit of (ge1, eq2) (whole units of one suit) with most cards, then most points, then lowest:
    a tractor run, else a pair, else a single."""
    adj = links(tb, eq2)
    best_ge1 = ZERO
    best_len = 0
    starts = run_starts(adj)
    while starts != ZERO:
        low = trailing_zeros(starts)
        length = run_length(adj, low)
        if length > best_len:
            best_len = length
            best_ge1 = run_bits(low, length)
        starts = starts & (starts - ONE)
    if best_len > 0:
        return best_ge1, best_ge1
    chosen = _most_points_lowest(tb, eq2) if eq2 != ZERO else _most_points_lowest(tb, ge1)
    return chosen, chosen & eq2


@njit(cache=True)
def _most_points_lowest(tb, mask):
    """The bit of `mask` worth most points, the lowest of those."""
    best = ZERO
    best_points = -1
    rest = mask
    while rest != ZERO:
        low = rest & ~(rest - ONE)
        points = card_points(tb, low, ZERO)
        if points > best_points:
            best, best_points = low, points
        rest ^= low
    return best


@njit(cache=True)
def sure_lead(tb, suit, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer, may_throw):
    """(ge1, eq2) the best sure-winner lead of `suit`: every sure unit together as a throw when there are
    several and `may_throw`, else the best single unit (`best_unit`); (0, 0) if there is none."""
    ge1, eq2 = sure_winner_mask(tb, suit, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer)
    if ge1 == ZERO:
        return ZERO, ZERO
    if suit_unit_count(tb, ge1, eq2) > 1 and may_throw:
        return ge1, eq2
    return best_unit(tb, ge1, eq2)


@njit(cache=True)
def best_plain_sure_lead(tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer, may_throw):
    """The best sure lead over the plain suits that are not running out (`suit_running_out`): most cards,
    then most points, then most unseen cards in the suit (the least likely to be ruffed). (0, 0) if none."""
    best_ge1 = ZERO
    best_eq2 = ZERO
    best_key = -1
    for suit in range(NUM_EFFECTIVE_SUITS):
        if (suit == TRUMP or (hand_ge1 & tb.suit_mask[suit]) == ZERO
                or suit_running_out(tb, suit, unseen_ge1, unseen_eq2)):
            continue
        ge1, eq2 = sure_lead(tb, suit, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer, may_throw)
        if ge1 == ZERO:
            continue
        smask = tb.suit_mask[suit]
        key = (card_count(ge1, eq2) * 1000 + card_points(tb, ge1, eq2) * 4
               + card_count(unseen_ge1 & smask, unseen_eq2 & smask))
        if key > best_key:
            best_ge1, best_eq2, best_key = ge1, eq2, key
    return best_ge1, best_eq2


@njit(cache=True)
def cheapest_single(tb, mask, hand_eq2, point_weight):
    """(bit as a mask, cost): the card of `mask` with the lowest `card_cost` (+PAIR_BREAK_COST for half of a
    held pair), the lowest bit on ties; (0, NO_COST) if mask is empty. Within a suit cards only get dearer
    upwards apart from their points, so a suit is left as soon as its cards cannot beat the best cost even
    with the most points."""
    best = ZERO
    best_cost = NO_COST
    bonus = min(point_weight, 0.0) * MAX_CARD_POINTS
    rest = mask
    while rest != ZERO:
        b = trailing_zeros(rest)
        suit = tb.bit_suit[b]
        floor = float(tb.bit_power[b]) + bonus + (TRUMP_COST if suit == TRUMP else 0.0)
        if floor >= best_cost:
            rest &= ~tb.suit_mask[suit]  # the rest of this suit cannot do better
            continue
        cost = card_cost(tb, b, point_weight)
        if (hand_eq2 >> np.uint64(b)) & ONE:
            cost += PAIR_BREAK_COST
        if cost < best_cost:
            best, best_cost = bit(b), cost
        rest = rest & (rest - ONE)
    return best, best_cost


# ---- the lead ------------------------------------------------------------------------------------------


@njit(cache=True)
def draw_trumps_lead(tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, may_throw):
    """The declarer draws trumps: a sure trump lead, else, holding at least a third as many trumps as are
    unseen (DRAW_LENGTH_RATIO), his cheapest trump. (0, 0) when neither applies."""
    ge1, eq2 = sure_lead(tb, TRUMP, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, True, may_throw)
    if ge1 != ZERO:
        return ge1, eq2
    tmask = tb.suit_mask[TRUMP]
    mine = card_count(hand_ge1 & tmask, hand_eq2 & tmask)
    if mine > 0 and DRAW_LENGTH_RATIO * mine >= card_count(unseen_ge1 & tmask, unseen_eq2 & tmask):
        return cheapest_single(tb, hand_ge1 & tmask, hand_eq2, POINT_COST)[0], ZERO
    return ZERO, ZERO


@njit(cache=True)
def heuristic_lead(params, tb, view, hand_ge1, hand_eq2, rng_state):
    """(rng_state, ge1, eq2): the lead of seat `view.seat` (module docstring, Lead rules 1-5). Draws
    nothing from the stream."""
    hand_ge1 = np.uint64(hand_ge1)
    hand_eq2 = np.uint64(hand_eq2)
    unseen_ge1, unseen_eq2 = unseen_cards(tb, view, hand_ge1, hand_eq2)
    is_declarer = view.seat == view.declarer
    may_throw = params[HEURISTIC_THROW_SURE] > 0.5 and tb.allow_throws != 0 and view.throw_allowed
    tmask = tb.suit_mask[TRUMP]
    rank = held_eight_rank(tb, hand_eq2) if popcount(hand_eq2) >= EIGHT_PAIRS else -1
    if rank >= 0:  # 1. an eight of a kind
        return rng_state, tb.eight_mask[rank], tb.eight_mask[rank]
    if (is_declarer and params[HEURISTIC_DRAW_TRUMPS] > 0.5 and (unseen_ge1 & tmask) != ZERO
            and (hand_ge1 & tmask) != ZERO):  # 2. draw trumps
        ge1, eq2 = draw_trumps_lead(tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, may_throw)
        if ge1 != ZERO:
            return rng_state, ge1, eq2
    ge1, eq2 = best_plain_sure_lead(tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, is_declarer, may_throw)
    if ge1 != ZERO:  # 3. cash sure winners
        return rng_state, ge1, eq2
    if is_declarer:  # 4. sure trumps
        ge1, eq2 = sure_lead(tb, TRUMP, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, True, may_throw)
        if ge1 != ZERO:
            return rng_state, ge1, eq2
    return rng_state, cheapest_single(tb, hand_ge1, hand_eq2, POINT_COST)[0], ZERO  # 5. a low card


# ---- choosing among candidates -------------------------------------------------------------------------


@njit(cache=True)
def worth_winning(params, lead, cls, secure, points):
    """Is winning with a play of class `cls` worth it, with `points` card points in the trick (own cards
    included)? A ruff needs ruff_min_points; an in-suit win on a trump lead, or an insecure one,
    win_min_points; a secure plain-suit win is always taken."""
    if cls == RUFF:
        return points >= params[HEURISTIC_RUFF_MIN_POINTS]
    if lead.suit == TRUMP or not secure:
        return points >= params[HEURISTIC_WIN_MIN_POINTS]
    return True


@njit(cache=True)
def follow_goal(params, tb, lead, view, best_seat, best_cls, best_value, unseen_ge1, unseen_eq2, risky):
    """GOAL_FEED when a teammate wins securely (and feed_points > 0), GOAL_PROTECT when a teammate wins
    insecurely, else GOAL_CONTEST."""
    if not is_teammate(view.declarer, view.seat, best_seat):
        return GOAL_CONTEST
    opp_after = opponents_after(tb, view, best_seat)
    if params[HEURISTIC_FEED_POINTS] > 0.0 and is_secure(tb, lead, best_cls, best_value, opp_after, True, risky,
                                                          unseen_ge1, unseen_eq2):
        return GOAL_FEED
    return GOAL_PROTECT


@njit(cache=True)
def pick(params, tb, lead, goal, points, win_ge1, win_eq2, win_cls, win_secure):
    """PICK_WIN when the winning candidate (win_ge1 = 0: none) is worth playing (`worth_winning`; under
    GOAL_PROTECT only a secure in-suit win), else PICK_DUMP."""
    if win_ge1 == ZERO:
        return PICK_DUMP
    if goal == GOAL_PROTECT and not (win_secure and win_cls == IN_SUIT):
        return PICK_DUMP
    total = points + card_points(tb, win_ge1, win_eq2)
    if goal == GOAL_PROTECT:
        return PICK_WIN if total >= params[HEURISTIC_WIN_MIN_POINTS] else PICK_DUMP
    return PICK_WIN if worth_winning(params, lead, win_cls, win_secure, total) else PICK_DUMP


# ---- following a single --------------------------------------------------------------------------------


@njit(cache=True)
def secure_singles(tb, winners, unseen, opp_after, risky, ruffing):
    """The cards (or pairs) of `winners` (one suit) that stay winning: all of them when no opponent plays
    after this seat, else those no unseen card (pair: unseen = the unseen pairs) beats; in suit only
    while the suit is not running out."""
    if opp_after == 0:
        return winners
    if risky and not ruffing:
        return ZERO
    secure = ZERO
    rest = winners
    while rest != ZERO:
        b = trailing_zeros(rest)
        if (unseen & tb.beat_mask[b]) == ZERO:
            secure |= bit(b)
        rest = rest & (rest - ONE)
    return secure


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
def follow_single(params, tb, lead, view, best, hand_ge1, hand_eq2):
    """(ge1, eq2) answer to a single lead, `best` the best play so far: every legal answer is one card, so the
    candidates are bit masks."""
    best_seat, best_cls, best_value = best
    ruffed = best_cls == RUFF
    best_bit = trailing_zeros(view.trick_ge1[best_seat])
    unseen_ge1, unseen_eq2 = unseen_cards(tb, view, hand_ge1, hand_eq2)
    risky = ruff_risk(tb, lead, unseen_ge1, unseen_eq2)
    goal = follow_goal(params, tb, lead, view, best_seat, best_cls, best_value, unseen_ge1, unseen_eq2, risky)
    cands = hand_ge1 & tb.suit_mask[lead.suit]
    void = cands == ZERO
    if void:
        cands = hand_ge1
    if goal == GOAL_FEED:
        return cheapest_single(tb, cands, hand_eq2, -POINT_COST * params[HEURISTIC_FEED_POINTS])[0], ZERO
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
    if pick(params, tb, lead, goal, points, win, ZERO, RUFF if void else IN_SUIT, win_secure) == PICK_WIN:
        return win, ZERO
    return cheapest_single(tb, cands, hand_eq2, POINT_COST)[0], ZERO


@njit(cache=True)
def follow_pair(params, tb, lead, view, best, hand_ge1, hand_eq2):
    """(ge1, eq2) answer to a pair lead, `best` the best play so far: DUMP and FEED are the cheapest fills of
    the follow constraints, the winning candidates are the held pairs (of the suit, or of trumps when void)
    above the best pair."""
    best_seat, best_cls, best_value = best
    ruffed = best_cls == RUFF
    best_bit = trailing_zeros(view.trick_eq2[best_seat])
    unseen_ge1, unseen_eq2 = unseen_cards(tb, view, hand_ge1, hand_eq2)
    risky = ruff_risk(tb, lead, unseen_ge1, unseen_eq2)
    goal = follow_goal(params, tb, lead, view, best_seat, best_cls, best_value, unseen_ge1, unseen_eq2, risky)
    needs = follow_constraints(tb, lead, hand_ge1, hand_eq2)
    if goal == GOAL_FEED:
        return cheapest_fill(tb, lead, needs, ZERO, ZERO, hand_eq2, -POINT_COST * params[HEURISTIC_FEED_POINTS])
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
    if pick(params, tb, lead, goal, points, win, win, RUFF if ruffing else IN_SUIT, win_secure) == PICK_WIN:
        return win, win
    return dump_ge1, dump_eq2


# ---- greedy candidates ----------------------------------------------------------------------------------


@njit(cache=True)
def cheapest_pair(tb, pairs, point_weight):
    """The bit (as a mask) of `pairs` whose pair costs least; 0 if none."""
    return cheapest_single(tb, pairs, ZERO, point_weight)[0]


@njit(cache=True)
def cheapest_window(tb, pairs, length, point_weight):
    """The cheapest `length` chain-consecutive pairs of `pairs` (a tractor piece), as a mask; 0 if none."""
    adj = links(tb, pairs)
    starts = run_starts(adj)
    best = ZERO
    best_cost = NO_COST
    while starts != ZERO:
        low = trailing_zeros(starts)
        run = run_length(adj, low)
        for start in range(low, low + run - length + 1):
            window = run_bits(start, length)
            cost = play_cost(tb, window, window, ZERO, point_weight)
            if cost < best_cost:
                best, best_cost = window, cost
        starts = starts & (starts - ONE)
    return best


@njit(cache=True)
def cheapest_fill(tb, lead, needs, pre_ge1, pre_eq2, hand_eq2, point_weight):
    """The cheapest play meeting `needs` (follow.follow_constraints) that contains `pre` (cards of the
    pool): the forced cards, a tractor piece if §2.3.2(a) asks for one, the cheapest pairs §2.3.2(b) asks
    for, then the cheapest single cards. (0, 0) when the greedy steps cannot meet the needs."""
    ge1 = np.uint64(pre_ge1)
    eq2 = np.uint64(pre_eq2)
    pool_ge1, pool_eq2 = remove_cards(needs.pool_ge1, needs.pool_eq2, ge1, eq2)
    left = needs.take - card_count(ge1, eq2)
    if left < 0:
        return ZERO, ZERO
    if needs.filter == FILTER_TP:
        if tractor_pairs(tb, lead, eq2) < needs.min_tp:
            if lead.k != 1 or 2 * needs.min_tp > left:
                return ZERO, ZERO
            window = cheapest_window(tb, pool_eq2, needs.min_tp, point_weight)
            if window == ZERO:
                return ZERO, ZERO
            ge1 |= window
            eq2 |= window
            pool_ge1, pool_eq2 = remove_cards(pool_ge1, pool_eq2, window, window)
            left -= 2 * needs.min_tp
    elif needs.filter != FILTER_NONE:
        return ZERO, ZERO  # §2.7.1 trump tractors of an eight-of-a-kind answer: left to enumeration
    while popcount(eq2) < needs.min_pairs:
        b = cheapest_pair(tb, pool_eq2, point_weight)
        if b == ZERO or left < 2:
            return ZERO, ZERO
        ge1 |= b
        eq2 |= b
        pool_ge1, pool_eq2 = remove_cards(pool_ge1, pool_eq2, b, b)
        left -= 2
    while left > 0:
        b = _cheapest_copy(tb, pool_ge1, pool_eq2, ge1, hand_eq2, point_weight)
        if b == ZERO:
            return ZERO, ZERO
        if ge1 & b:
            eq2 |= b
        ge1 |= b
        pool_ge1, pool_eq2 = remove_cards(pool_ge1, pool_eq2, b, ZERO)
        left -= 1
    return needs.fixed_ge1 | ge1, needs.fixed_eq2 | eq2


@njit(cache=True)
def _cheapest_copy(tb, pool_ge1, pool_eq2, chosen_ge1, hand_eq2, point_weight):
    """The next single copy to add: the cheapest, +PAIR_BREAK_COST to split an untouched held pair,
    -PAIR_BREAK_COST to complete a pair already split."""
    best = ZERO
    best_cost = NO_COST
    rest = pool_ge1
    while rest != ZERO:
        b = trailing_zeros(rest)
        mask = bit(b)
        rest = rest & (rest - ONE)
        cost = card_cost(tb, b, point_weight)
        if chosen_ge1 & mask:
            cost -= PAIR_BREAK_COST
        elif pool_eq2 & hand_eq2 & mask:
            cost += PAIR_BREAK_COST
        if cost < best_cost:
            best, best_cost = mask, cost
    return best


@njit(cache=True)
def primary_above(tb, lead, pool_ge1, pool_eq2, threshold, highest, is_declarer, manner):
    """The lead's primary unit (§3.4: a tractor of the longest led length, else a pair, else a card) taken
    from the pool with value > threshold: the lowest such, or the highest when `highest`. (0, 0) if none.
    Only for leads with at most one tractor."""
    if lead.k > 1:
        return ZERO, ZERO
    best = ZERO
    if lead.k == 1:
        length = lead.longest
        adj = links(tb, pool_eq2)
        starts = run_starts(adj)
        while starts != ZERO:
            low = trailing_zeros(starts)
            run = run_length(adj, low)
            for top in range(low + length - 1, low + run):
                if tractor_value(tb, top, is_declarer, manner) > threshold:
                    window = run_bits(top - length + 1, length)
                    if best == ZERO or highest:
                        best = window
            starts = starts & (starts - ONE)
        return best, best
    units = pool_eq2 if lead.pairs > 0 else pool_ge1
    rest = units
    while rest != ZERO:
        b = trailing_zeros(rest) if not highest else highest_index(rest)
        if power(tb, b) > threshold:
            best = bit(b)
            break
        rest = rest ^ bit(b)
        if highest:
            break  # the highest is not enough: nothing is
    return best, best if lead.pairs > 0 else ZERO


@njit(cache=True)
def _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count):
    """Append a greedy candidate if it is a new legal follow; returns the new count."""
    if ge1 == ZERO or count >= out_ge1.shape[0]:
        return count
    if not is_legal_follow(tb, lead, hand_ge1, hand_eq2, ge1, eq2):
        return count
    for i in range(count):
        if out_ge1[i] == ge1 and out_eq2[i] == eq2:
            return count
    out_ge1[count] = ge1
    out_eq2[count] = eq2
    return count + 1


@njit(cache=True)
def greedy_candidates(tb, lead, needs, goal, feed_weight, best_cls, best_value, is_declarer,
                      hand_ge1, hand_eq2, out_ge1, out_eq2, count):
    """Append the greedy candidates: the cheapest fill (DUMP, and FEED under GOAL_FEED); the lowest and the
    highest in-suit primary unit that beats the current winner with the cheapest fill around it; and the
    lowest and the highest all-trump answer in the lead's shape (a void player's ruff)."""
    ge1, eq2 = cheapest_fill(tb, lead, needs, ZERO, ZERO, hand_eq2, POINT_COST)
    count = _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count)
    if goal == GOAL_FEED:
        ge1, eq2 = cheapest_fill(tb, lead, needs, ZERO, ZERO, hand_eq2, feed_weight)
        return _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count)
    if needs.mode == FOLLOW_IN_SUIT and best_cls != RUFF:
        for highest in (False, True):
            p_ge1, p_eq2 = primary_above(tb, lead, needs.pool_ge1, needs.pool_eq2, best_value, highest,
                                         is_declarer, MANNER_FOLLOWED)
            if p_ge1 != ZERO:
                ge1, eq2 = cheapest_fill(tb, lead, needs, p_ge1, p_eq2, hand_eq2, POINT_COST)
                count = _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count)
    if needs.mode == FOLLOW_FREE and lead.suit != TRUMP:
        tmask = tb.suit_mask[TRUMP]
        trumps = FollowNeeds(FOLLOW_FREE, ZERO, ZERO, hand_ge1 & tmask, hand_eq2 & tmask, lead.n, lead.pairs,
                             FILTER_NONE, 0)
        threshold = best_value if best_cls == RUFF else np.int64(NO_VALUE)
        for highest in (False, True):
            p_ge1, p_eq2 = primary_above(tb, lead, trumps.pool_ge1, trumps.pool_eq2, threshold, highest,
                                         is_declarer, MANNER_RUFFED)
            if p_ge1 != ZERO:
                ge1, eq2 = cheapest_fill(tb, lead, trumps, p_ge1, p_eq2, hand_eq2, POINT_COST)
                count = _add_candidate(tb, lead, hand_ge1, hand_eq2, ge1, eq2, out_ge1, out_eq2, count)
    return count


# ---- following anything else ---------------------------------------------------------------------------


@njit(cache=True)
def follow_candidates(tb, lead, needs, goal, feed_weight, best_cls, best_value, is_declarer,
                      hand_ge1, hand_eq2, out_ge1, out_eq2):
    """Fill out_* with candidate follows: every legal follow when there are at most FOLLOW_CAPACITY
    (counted before §2.3.2(a)'s tractor filter), else the greedy ones; the enumeration's first
    FOLLOW_CAPACITY when greedy building fails. Returns the count."""
    if needs.mode == EIGHT_OWN or count_submultisets(needs.pool_ge1, needs.pool_eq2, needs.take,
                                                     needs.min_pairs) <= FOLLOW_CAPACITY:
        count, _ = enumerate_follows(tb, lead, hand_ge1, hand_eq2, out_ge1[:FOLLOW_CAPACITY],
                                     out_eq2[:FOLLOW_CAPACITY])
        return count
    count = greedy_candidates(tb, lead, needs, goal, feed_weight, best_cls, best_value, is_declarer,
                              hand_ge1, hand_eq2, out_ge1, out_eq2, 0)
    if count == 0:
        count, _ = enumerate_follows(tb, lead, hand_ge1, hand_eq2, out_ge1[:FOLLOW_CAPACITY],
                                     out_eq2[:FOLLOW_CAPACITY])
    return count


@njit(cache=True)
def follow_general(params, tb, lead, view, best, hand_ge1, hand_eq2):
    """(ge1, eq2) answer to a lead of two or more cards, `best` the best play so far: candidates
    (`follow_candidates`) scored like `follow_single`."""
    best_seat, best_cls, best_value = best
    unseen_ge1, unseen_eq2 = unseen_cards(tb, view, hand_ge1, hand_eq2)
    risky = ruff_risk(tb, lead, unseen_ge1, unseen_eq2)
    goal = follow_goal(params, tb, lead, view, best_seat, best_cls, best_value, unseen_ge1, unseen_eq2, risky)
    is_declarer = view.seat == view.declarer
    feed_weight = -POINT_COST * params[HEURISTIC_FEED_POINTS]
    needs = follow_constraints(tb, lead, hand_ge1, hand_eq2)
    out_ge1 = np.empty(FOLLOW_CAPACITY + GREEDY_SLOTS, dtype=np.uint64)
    out_eq2 = np.empty(FOLLOW_CAPACITY + GREEDY_SLOTS, dtype=np.uint64)
    count = follow_candidates(tb, lead, needs, goal, feed_weight, best_cls, best_value, is_declarer,
                              hand_ge1, hand_eq2, out_ge1, out_eq2)
    opp_after = opponents_after(tb, view, view.seat)
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
        cls, value = classify_play(tb, lead, ge1, eq2, is_declarer)
        if compare_plays(cls, value, best_cls, best_value) <= 0:
            continue
        secure = is_secure(tb, lead, cls, value, opp_after, not is_declarer, risky, unseen_ge1, unseen_eq2)
        cost = play_cost(tb, ge1, eq2, hand_eq2, -POINT_COST if secure else POINT_COST)
        better = secure if (cls == IN_SUIT and secure != win_secure) else cost < win_cost
        if better:
            win, win_cost, win_cls, win_secure = i, cost, cls, secure
    if count == 0:
        return ZERO, ZERO  # no legal play: the hand cannot come from a legal game
    if win != NO_CHOICE:
        points = table_points(tb, view)
        if pick(params, tb, lead, goal, points, out_ge1[win], out_eq2[win], win_cls, win_secure) == PICK_WIN:
            return out_ge1[win], out_eq2[win]
    return out_ge1[dump], out_eq2[dump]


@njit(cache=True)
def heuristic_follow(params, tb, lead, view, hand_ge1, hand_eq2, rng_state):
    """(rng_state, ge1, eq2): the answer of seat `view.seat` to `lead` (module docstring, Follow rules
    1-3). Draws nothing from the stream."""
    hand_ge1 = np.uint64(hand_ge1)
    hand_eq2 = np.uint64(hand_eq2)
    best = best_so_far(tb, lead, view)
    if lead.n == 1:
        ge1, eq2 = follow_single(params, tb, lead, view, best, hand_ge1, hand_eq2)
    elif lead.n == 2 and lead.pairs == 1:
        ge1, eq2 = follow_pair(params, tb, lead, view, best, hand_ge1, hand_eq2)
    else:
        ge1, eq2 = follow_general(params, tb, lead, view, best, hand_ge1, hand_eq2)
    return rng_state, ge1, eq2
