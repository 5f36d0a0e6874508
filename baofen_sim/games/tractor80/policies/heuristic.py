"""The 80分 heuristic's showings, 反底s and bury (RULES.md §7.3.4, §7.3.7, §7.3.8), on the seat's own cards (kind
counts) only; its play is the shared heuristic (`policies.heuristic`) with the 庄 and his partner on one side.

- Showing: the trumps a seat would hold under each trump it may show are its level cards, its jokers and the cards
  of that suit (no suit for a joker pair). It shows the option with the most of them once at least SHOW_MIN_CARDS
  cards have arrived and they are at least SHOW_SHARE of its cards so far; it reinforces its own single (自保) as soon
  as it can; it never overcalls its partner.
- 反底: with a pair that gives it at least FANDI_MARGIN more trumps than the trump standing, and never against its
  partner's trump.
- Bury: the cheapest kitty_size copies by a cost that keeps trumps (level cards, jokers, the trump suit) and pairs,
  empties short plain suits and weighs points lightly (a 抠底 multiplies them for the other side, §7.3.11, but the
  play guards the last trick: `policies.heuristic.last_trick`).
"""

from __future__ import annotations

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, NUM_KINDS, NUM_RANKS, NUM_SUITS
from baofen_sim.codes import NO_SEAT, NO_TRUMP
from baofen_sim.games.tractor80.engine.declaring import TIER_LITTLE_JOKERS, TIER_NONE, showing_trump
from baofen_sim.games.tractor80.engine.records import NUM_SEATS
from baofen_sim.games.tractor80.engine.result import PARTNER_OFFSET
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.scoring import KIND_POINTS
from baofen_sim.policies.bury_keys import (
    KEEP_TRUMP,
    KIND_BITS,
    PAIR_COST,
    POINT_COST,
    SHORT_SUIT,
    VOID_BONUS,
    bury_key,
    insert_key,
)

SHOW_MIN_CARDS = 8  # cards received before a first showing (too few say nothing of the suit)
SHOW_SHARE = 0.3  # ... and the share of them that would be trumps
FANDI_MARGIN = 3  # trumps a 反底 must add over the standing trump


@njit(cache=True)
def trumps_under(counts, level, trump):
    """Cards of `counts` that are trumps if `trump` (a suit or NO_TRUMP) is named at `level`."""
    total = counts[LITTLE_JOKER] + counts[BIG_JOKER]
    for suit in range(NUM_SUITS):
        total += counts[suit * NUM_RANKS + level]
    if trump != NO_TRUMP:
        for rank in range(NUM_RANKS):
            if rank != level:
                total += counts[trump * NUM_RANKS + rank]
    return total


@njit(cache=True)
def heuristic_showing(counts, received, level, cur_seat, cur_tier, cur_suit, seat, n_options, tiers, suits):
    """(tier, suit) of the showing to make now among the n legal options, or TIER_NONE; `counts`: the seat's
    `received` cards so far."""
    if n_options == 0 or (cur_seat != NO_SEAT and seat == (cur_seat + PARTNER_OFFSET) % NUM_SEATS):
        return TIER_NONE, 0
    if seat == cur_seat:
        return tiers[0], suits[0]  # 自保: the only option a seat has against its own showing
    if received < SHOW_MIN_CARDS:
        return TIER_NONE, 0
    best, best_trumps = -1, -1
    for i in range(n_options):
        trumps = trumps_under(counts, level, showing_trump(tiers[i], suits[i]))
        if trumps > best_trumps:
            best, best_trumps = i, trumps
    if best_trumps < SHOW_SHARE * received:
        return TIER_NONE, 0
    return tiers[best], suits[best]


@njit(cache=True)
def heuristic_fandi(counts, level, set_seat, set_tier, set_suit, seat, n_options, tiers, suits):
    """(tier, suit) of the pair to challenge the kitty with, or TIER_NONE."""
    if n_options == 0 or seat == (set_seat + PARTNER_OFFSET) % NUM_SEATS:
        return TIER_NONE, 0
    standing = trumps_under(counts, level, showing_trump(set_tier, set_suit))
    best, best_trumps = -1, standing + FANDI_MARGIN - 1
    for i in range(n_options):
        if tiers[i] >= TIER_LITTLE_JOKERS and set_tier < TIER_LITTLE_JOKERS:
            trumps = trumps_under(counts, level, NO_TRUMP)
        else:
            trumps = trumps_under(counts, level, showing_trump(tiers[i], suits[i]))
        if trumps > best_trumps:
            best, best_trumps = i, trumps
    if best < 0:
        return TIER_NONE, 0
    return tiers[best], suits[best]


@njit(cache=True)
def plain_length(counts, level, suit):
    """Cards of `suit` in `counts` other than its level cards."""
    length = 0
    for r in range(NUM_RANKS):
        if r != level:
            length += counts[suit * NUM_RANKS + r]
    return length


@njit(cache=True)
def bury_cost(counts, level, trump, kind):
    """What burying one copy of `kind` costs the burier (module docstring)."""
    return cost_in_suit(counts, level, trump, kind, plain_length(counts, level, kind // NUM_RANKS))


@njit(cache=True)
def cost_in_suit(counts, level, trump, kind, length):
    """`bury_cost` of `kind`, whose suit holds `length` cards other than level cards (unused for a joker)."""
    if kind >= LITTLE_JOKER:
        return KEEP_TRUMP
    suit, rank = kind // NUM_RANKS, kind % NUM_RANKS
    if rank == level or suit == trump:
        return KEEP_TRUMP + rank
    cost = rank + POINT_COST * KIND_POINTS[kind] + (PAIR_COST if counts[kind] == 2 else 0.0)
    return cost - VOID_BONUS * max(0, SHORT_SUIT - length)


@njit(cache=True)
def heuristic_bury(counts, level, trump, out):
    """The kitty_size = len(out) cheapest copies by `bury_cost` (ties: the lower kind first) into out: each copy's
    `bury_keys.bury_key` is inserted into out, kept in order, then turned back into its kind."""
    filled = 0
    for suit in range(NUM_SUITS):
        length = plain_length(counts, level, suit)
        for rank in range(NUM_RANKS):
            kind = suit * NUM_RANKS + rank
            if counts[kind] > 0:
                key = bury_key(cost_in_suit(counts, level, trump, kind, length), kind)
                for _ in range(counts[kind]):
                    filled = insert_key(out, filled, key)
    for kind in range(LITTLE_JOKER, NUM_KINDS):
        if counts[kind] > 0:
            key = bury_key(cost_in_suit(counts, level, trump, kind, 0), kind)
            for _ in range(counts[kind]):
                filled = insert_key(out, filled, key)
    for i in range(out.shape[0]):
        out[i] = out[i] & KIND_BITS
