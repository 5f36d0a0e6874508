"""Showings in 80分 (RULES.md §7.3.4, §7.3.8, A24, A47), in kind space: the trump is not known while the cards
are dealt, so a seat's cards are its copies per card kind (int64[54]).

A showing is (tier, suit): one level card (TIER_SINGLE), a pair of one level card (TIER_PAIR), LJ LJ or BJ BJ
(no-trump). The ladder, low to high: a single < a pair ♦ < ♣ < ♥ < ♠ < LJ LJ < BJ BJ; `showing_strength` makes
it one integer. The standing showing is (seat, tier, suit), seat NO_SEAT before anyone showed.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, NUM_RANKS, NUM_SUITS
from baofen_sim.codes import NO_SEAT, NO_TRUMP
from baofen_sim.kernels.jit import njit

TIER_NONE, TIER_SINGLE, TIER_PAIR, TIER_LITTLE_JOKERS, TIER_BIG_JOKERS = 0, 1, 2, 3, 4
SUIT_STRENGTH = np.array([3, 2, 1, 0], dtype=np.int64)  # S H C D: "黑紅梅方" (§7.3.4)
STRENGTH_PER_TIER = NUM_SUITS  # a tier outranks every suit of the tier below
MAX_SHOWINGS = 2 * NUM_SUITS + 2  # the showings one hand can hold: a single and a pair per suit, two joker pairs


@njit(cache=True)
def showing_strength(tier, suit, singles_by_suit):
    """The showing's place on the ladder; suits rank pairs (and singles when `singles_by_suit`, A47)."""
    by_suit = tier == TIER_PAIR or (tier == TIER_SINGLE and singles_by_suit)
    return tier * STRENGTH_PER_TIER + (SUIT_STRENGTH[suit] if by_suit else 0)


@njit(cache=True)
def showing_kind(tier, suit, level):
    """The card kind a showing shows (both copies for a pair)."""
    if tier == TIER_LITTLE_JOKERS:
        return LITTLE_JOKER
    if tier == TIER_BIG_JOKERS:
        return BIG_JOKER
    return suit * NUM_RANKS + level


@njit(cache=True)
def showing_trump(tier, suit):
    """The trump a showing names: its suit, or NO_TRUMP for a joker pair."""
    return NO_TRUMP if tier >= TIER_LITTLE_JOKERS else suit


@njit(cache=True)
def declaration_tier(cur_seat, cur_tier, cur_suit, seat, tier, suit, self_reinforce, singles_overcall):
    """§7.3.4: the tier that stands after `seat` shows (tier, suit) against the standing showing, or TIER_NONE
    when it may not: a seat never overcalls itself, but may make its single a pair (自保, the same suit; the
    result is a pair); a single never overcalls a single unless `singles_overcall` (A47); an overcall must be
    stronger."""
    if cur_seat == NO_SEAT:
        return tier
    if seat == cur_seat:
        if self_reinforce and cur_tier == TIER_SINGLE and tier == TIER_SINGLE and suit == cur_suit:
            return TIER_PAIR
        return TIER_NONE
    if cur_tier == TIER_SINGLE and tier == TIER_SINGLE and not singles_overcall:
        return TIER_NONE
    if showing_strength(tier, suit, singles_overcall) <= showing_strength(cur_tier, cur_suit, singles_overcall):
        return TIER_NONE
    return tier


@njit(cache=True)
def fandi_allowed(set_seat, set_tier, set_suit, seat, tier, suit, zhuang, last_burier, first_challenge, gr):
    """§7.3.8, A24: may `seat` challenge the kitty with the pair (tier, suit) while (set_seat, set_tier, set_suit)
    sets trump? `gr`: the game's rules record (fandi_* codes)."""
    if not gr.fandi_enabled or tier < TIER_PAIR:
        return False
    any_pair = first_challenge and gr.fandi_first_challenge_any_pair
    if set_tier >= TIER_LITTLE_JOKERS and not any_pair:
        return False  # after a no-trump nobody may 反底 (the joker pairs are equal and final)
    if gr.fandi_eligible_any_but_last_burier:
        if seat == last_burier:  # C64: it bars only the last burier
            return False
    elif seat == zhuang or seat == set_seat:
        return False
    if any_pair or tier >= TIER_LITTLE_JOKERS:
        return True
    return showing_strength(tier, suit, False) > showing_strength(set_tier, set_suit, False)


@njit(cache=True)
def held_showings(counts, level, tiers, suits):
    """Every showing the copies `counts` allow (each level card, each level pair, each joker pair) into tiers and
    suits; returns how many."""
    n = 0
    for suit in range(NUM_SUITS):
        copies = counts[suit * NUM_RANKS + level]
        if copies >= 1:
            tiers[n] = TIER_SINGLE
            suits[n] = suit
            n += 1
        if copies == 2:
            tiers[n] = TIER_PAIR
            suits[n] = suit
            n += 1
    for kind, tier in ((LITTLE_JOKER, TIER_LITTLE_JOKERS), (BIG_JOKER, TIER_BIG_JOKERS)):
        if counts[kind] == 2:
            tiers[n] = tier
            suits[n] = 0
            n += 1
    return n
