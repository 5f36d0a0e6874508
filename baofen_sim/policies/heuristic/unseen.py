"""What the heuristic knows beyond its own hand (`policies.heuristic`): the unseen cards (the other hands
and the kitty together, `unseen_cards`), the points and the roles at the table, and what the unseen cards
could do: beat a play (`beatable`, `is_secure`), ruff a plain suit that is running out (`suit_running_out`),
or nothing at all against a hand's sure winners (`sure_winner_mask`)."""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from baofen_sim.codes import EIGHT_S001, MANNER_FOLLOWED, MANNER_LED, MANNER_RUFFED, RUFF, TRUMP
from baofen_sim.kernels.bits import ONE, ZERO, bit, highest_index, remove_cards, trailing_zeros
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.trick import best_run_value, seat_after
from baofen_sim.kernels.units import (
    card_count,
    gap_shift,
    links,
    real_bits,
    real_index,
    run_bits,
    run_length,
    run_starts,
    tractor_bits,
)
from baofen_sim.kernels.values import top_power, tractor_value
from baofen_sim.policies.registry import (
    DEFENDER_SLOT,
    HEURISTIC_DRAW_TRUMPS,
    HEURISTIC_FEED_POINTS,
    HEURISTIC_LAST_TRICK,
    HEURISTIC_RUFF_MIN_POINTS,
    HEURISTIC_THROW_SURE,
    HEURISTIC_WIN_MIN_POINTS,
)

LIKELY_FOLLOW_CARDS = 4  # unseen cards of a plain suit for "no opponent is void in it yet"


# ---- the cards and the table -------------------------------------------------------------------------


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


@njit(cache=True, inline="always")
def known_side(view):
    """The seats the acting seat takes to score with the declarer: `view.side_mask` (Baofen: he alone; 80分: the 庄
    and his partner; 找朋友: the declarer, and the friend from his reveal) and what it alone knows
    (`view.private_side`: 找朋友's friend knows himself from the start, §7.4.8, and a declarer playing 1 vs 4 knows
    he is alone); a seat that knows no more adds the others the table suspects of being the friend
    (`view.suspect_side`, never itself)."""
    if view.private_side != 0:
        return view.side_mask | view.private_side
    return view.side_mask | (view.suspect_side & ~(np.int64(1) << np.int64(view.seat)))


@njit(cache=True)
def on_declarer_side(view, seat):
    """The seat scores with the declarer, as the acting seat knows (`known_side`)."""
    return (known_side(view) >> np.int64(seat)) & 1 != 0


@njit(cache=True)
def is_teammate(side_mask, a, b):
    """Two different seats of one side (Baofen §0.5: two defenders; the declarer has no teammate; 80分: partners)."""
    return a != b and ((side_mask >> np.int64(a)) & 1) == ((side_mask >> np.int64(b)) & 1)


# The acting seat's play parameters, read once per decision from its parameter vector (registry HEURISTIC_*):
# small functions take them as this tuple of floats, not the vector (an array argument costs reference counting).
PlayParams = namedtuple("PlayParams", [
    "feed_points",  # FEED's weight of the points given to a teammate (0: never feed)
    "draw_trumps",  # > 0.5: the declarer draws trumps (Lead rule 2)
    "win_min_points",  # the seat's side's: the points an insecure win or a win on a trump lead needs
    "ruff_min_points",  # the seat's side's: the points a ruff needs
    "throw_sure",  # the seat's side's: > 0.5 to throw the sure units of a suit together
    "last_trick",  # the seat's side's: cards left from which it keeps its guard card (0 = never)
])


@njit(cache=True)
def play_params(params, view):
    """The PlayParams of the acting seat `view.seat`: the shared ones and those the declarer's side and the
    defenders hold apart (registry DEFENDER_SLOT)."""
    side = 0 if on_declarer_side(view, view.seat) else DEFENDER_SLOT
    return PlayParams(params[HEURISTIC_FEED_POINTS], params[HEURISTIC_DRAW_TRUMPS],
                      params[HEURISTIC_WIN_MIN_POINTS + side], params[HEURISTIC_RUFF_MIN_POINTS + side],
                      params[HEURISTIC_THROW_SURE + side], params[HEURISTIC_LAST_TRICK + side])


@njit(cache=True)
def opponents_after(tb, view, player):
    """How many opponents of `player` play after the acting seat in the current trick."""
    n = tb.num_players
    count = 0
    for j in range(view.n_played + 1, n):
        seat = seat_after(view.leader, j, n)
        if seat != player and not is_teammate(known_side(view), seat, player):
            count += 1
    return count


# ---- what the unseen cards can do --------------------------------------------------------------------


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


# ---- sure winners ------------------------------------------------------------------------------------


@njit(cache=True)
def sure_tractor(tb, top, length, is_declarer, unseen_eq2, smask):
    """Is the tractor of `length` pairs topped at bit `top` a sure winner against the unseen cards?"""
    mine = tractor_value(tb, top, is_declarer, MANNER_LED)
    return opponent_run_value(tb, unseen_eq2 & smask, length, not is_declarer, MANNER_FOLLOWED) <= mine


@njit(cache=True)
def top_down_at_least(tb, mask, floor):
    """The cards of `mask` (one suit) with power >= floor: walked from the top (bits rise with power
    but for the lowered 5-player t7/t2)."""
    out = ZERO
    rest = mask
    if (mask & tb.lowered_mask) != ZERO:  # 5-player lowered t7/t2: bits do not rise with power
        while rest != ZERO:
            b = trailing_zeros(rest)
            if tb.bit_power[b] >= floor:
                out |= bit(b)
            rest ^= bit(b)
        return out
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
    shift = gap_shift(tb, np.uint64(se))
    adj = links(tb, se)
    starts = run_starts(adj)
    while starts != ZERO:
        low = trailing_zeros(starts)
        length = run_length(adj, low)
        if sure_tractor(tb, real_index(shift, low + length - 1), length, is_declarer, unseen_eq2, smask):
            run = real_bits(shift, run_bits(low, length))  # chain view -> cards
            out_ge1 |= run
            out_eq2 |= run
        starts = starts & (starts - ONE)
    return out_ge1, out_eq2
