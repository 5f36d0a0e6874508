"""The 找朋友 heuristic's call, forced call, overcall, concession and bury (RULES.md §7.4.4–§7.4.9), on the seat's own
cards (kind counts) only. Its play is the shared heuristic (`policies.heuristic`) on the sides as the acting seat
knows them (`unseen.known_side`: the public side mask, and to the friend himself from the start, his own seat), whose
leads read the 5-player chain view (a tractor through a lowered 7 only when the seat holds it). The declarer and
the defenders know the friend only from his reveal; until then they take the seats that fed the declarer points as
his side (`games.zhaopengyou.engine.suspects`), and a defender every other seat but the declarer as a partner.

- The trumps a seat would hold under a suit are its 7s, its 2s, its jokers and the other cards of that suit (§1.2.1).
- Call: the 7 of the suit with the most of them, once at least CALL_MIN_CARDS cards have arrived and they are at
  least CALL_SHARE of its cards so far; the forced call: the option naming the suit with the most.
- Overcall: with a pair of 7s whose suit gives at least OVERCALL_SHARE of its cards as trumps.
- Concession: when the declarer's trumps are fewer than CONCEDE_TRUMPS.
- Bury: the cheapest copies by a cost that keeps trumps and pairs, empties short plain suits and weighs points
  lightly (the kitty bonus, §7.4.11), with 80分's costs (`policies.bury_keys`).
"""

from __future__ import annotations

from baofen_sim.cards import LITTLE_JOKER, NUM_KINDS, NUM_RANKS, NUM_SUITS, RANK_2, RANK_7
from baofen_sim.games.zhaopengyou.policies.random_calls import NO_CARD
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
from baofen_sim.policies.registry import POLICY_HEURISTIC

CALL_MIN_CARDS = 8
CALL_SHARE = 0.35
OVERCALL_SHARE = 0.45
CONCEDE_TRUMPS = 7


@njit(cache=True)
def is_constant_trump(kind):
    """§1.2.1 the jokers, the 7s and the 2s are trumps whatever the suit."""
    return kind >= LITTLE_JOKER or kind % NUM_RANKS == RANK_7 or kind % NUM_RANKS == RANK_2


@njit(cache=True)
def trumps_under(counts, trump):
    """Cards of `counts` that are trumps if `trump` is the trump suit: the jokers, the 7s, the 2s and the other
    cards of that suit."""
    total = 0
    for kind in range(LITTLE_JOKER, NUM_KINDS):
        total += counts[kind]
    for suit in range(NUM_SUITS):
        total += counts[suit * NUM_RANKS + RANK_7] + counts[suit * NUM_RANKS + RANK_2]
    if 0 <= trump < NUM_SUITS:
        for rank in range(NUM_RANKS):
            if rank != RANK_7 and rank != RANK_2:
                total += counts[trump * NUM_RANKS + rank]
    return total


@njit(cache=True)
def best_option(counts, n_options, option_trumps):
    """(index, trumps) of the option naming the suit with the most trumps (the first of equals)."""
    best, best_trumps = 0, -1
    for i in range(n_options):
        trumps = trumps_under(counts, option_trumps[i])
        if trumps > best_trumps:
            best, best_trumps = i, trumps
    return best, best_trumps


@njit(cache=True)
def best_seven(counts, n_options, sevens):
    """`best_option` among 7s: (index, trumps) of the 7 whose suit gives the most trumps (the first of equals)."""
    best, best_trumps = 0, -1
    for i in range(n_options):
        trumps = trumps_under(counts, sevens[i] // NUM_RANKS)
        if trumps > best_trumps:
            best, best_trumps = i, trumps
    return best, best_trumps


@njit(cache=True)
def declines_until_dealt(policy_id):
    """Whether the policy's call during the deal depends only on the seat's cards (the heuristic's: no draw, no
    parameter), so that a seat that declined need not be asked again before it receives a card."""
    return policy_id == POLICY_HEURISTIC


@njit(cache=True)
def heuristic_call(counts, received, n_options, options):
    """The 7 to call with now among the n it holds, or NO_CARD."""
    if n_options == 0 or received < CALL_MIN_CARDS:
        return NO_CARD
    best, trumps = best_seven(counts, n_options, options)
    return options[best] if trumps >= CALL_SHARE * received else NO_CARD


@njit(cache=True)
def heuristic_forced_call(counts, n_options, options, option_trumps):
    """The flip holder's card among the n options, by the trump each names."""
    return options[best_option(counts, n_options, option_trumps)[0]]


@njit(cache=True)
def heuristic_overcall(counts, n_options, options):
    """The pair of 7s to overcall with, or NO_CARD."""
    if n_options == 0:
        return NO_CARD
    cards = 0
    for kind in range(NUM_KINDS):
        cards += counts[kind]
    best, trumps = best_seven(counts, n_options, options)
    return options[best] if trumps >= OVERCALL_SHARE * cards else NO_CARD


@njit(cache=True)
def heuristic_concede(counts, trump):
    return trumps_under(counts, trump) < CONCEDE_TRUMPS


@njit(cache=True)
def plain_length(counts, suit):
    """Cards of `suit` in `counts` other than its 7s and 2s."""
    length = 0
    for r in range(NUM_RANKS):
        if not is_constant_trump(suit * NUM_RANKS + r):
            length += counts[suit * NUM_RANKS + r]
    return length


@njit(cache=True)
def bury_cost(counts, trump, kind):
    """What burying one copy of `kind` costs the burier (module docstring)."""
    return cost_in_suit(counts, trump, kind, plain_length(counts, kind // NUM_RANKS))


@njit(cache=True)
def cost_in_suit(counts, trump, kind, length):
    """`bury_cost` of `kind`, whose suit holds `length` cards other than 7s and 2s (unused for a trump)."""
    if is_constant_trump(kind) or kind // NUM_RANKS == trump:
        return KEEP_TRUMP + kind
    cost = kind % NUM_RANKS + POINT_COST * KIND_POINTS[kind] + (PAIR_COST if counts[kind] == 2 else 0.0)
    return cost - VOID_BONUS * max(0, SHORT_SUIT - length)


@njit(cache=True)
def heuristic_bury(counts, trump, out):
    """The len(out) cheapest copies by `bury_cost` (ties: the lower kind first) into out, as 80分's bury: each
    copy's `bury_keys.bury_key` inserted into out in order, then turned back into its kind."""
    filled = 0
    for suit in range(NUM_SUITS):
        length = plain_length(counts, suit)
        for rank in range(NUM_RANKS):
            kind = suit * NUM_RANKS + rank
            if counts[kind] > 0:
                key = bury_key(cost_in_suit(counts, trump, kind, length), kind)
                for _ in range(counts[kind]):
                    filled = insert_key(out, filled, key)
    for kind in range(LITTLE_JOKER, NUM_KINDS):
        if counts[kind] > 0:
            key = bury_key(cost_in_suit(counts, trump, kind, 0), kind)
            for _ in range(counts[kind]):
                filled = insert_key(out, filled, key)
    for i in range(out.shape[0]):
        out[i] = out[i] & KIND_BITS
