"""Bury (扣牌) policies (Numba): the declarer puts 8 of his 33 cards back as the kitty (RULES.md §5.5).

`policies.dispatch.bury_decision(policy_id, params, hand_counts, rng_state, out)` fills `out` (int64[k],
k = kitty size, 8) with the kinds of the buried cards (a kind twice when both copies go) and returns the new rng state.
`hand_counts` is the declarer's 33-card hand as kind counts `int8[54]` (his 25 cards and the kitty he
picked up, which he may see). The trump is not named yet (it is named after the bury, §5.6).

- random: k distinct copies uniformly among the 33 cards (partial Fisher-Yates, `bounded` draws).
- heuristic: first the candidate trump suit t = `features.best_trump_suit(hand)`. Each copy gets a bury
  cost and the k cheapest copies are buried (ties: the lower kind id first). Costs:
    jokers 1000+, 2s 900+ and cards of t 500+ (rank + points): buried only if the rest cannot fill the kitty;
    any other card: rank index (3 → 1 … A → 12)
                     + bury_point_cost × its points (§6.2: kitty points count for nobody, and any buried
                       point turns 全击 into 半击)
                     + bury_pair_cost if both copies are held (keep pairs for pair leads)
                     − bury_void_bonus × (6 − suit length) for a suit of fewer than 6 cards of ranks 3..A
                       (emptying a short suit lets the declarer ruff it).
  It draws nothing.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import LITTLE_JOKER, NUM_KINDS, NUM_RANKS
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.rng import bounded
from baofen_sim.kernels.scoring import KIND_POINTS
from baofen_sim.policies.features import CONSTANT_TRUMP_RANK, best_suit, hand_bits, suit_length
from baofen_sim.policies.registry import (
    HEURISTIC_BURY_PAIR_COST,
    HEURISTIC_BURY_POINT_COST,
    HEURISTIC_BURY_VOID_BONUS,
)

MAX_HAND = 40  # scratch capacity for one hand's copies and 2 spare (a Baofen declarer holds 33)
KEEP_JOKER = 1000.0  # base bury costs that keep trumps out of the kitty
KEEP_TWO = 900.0
KEEP_TRUMP_SUIT = 500.0
SHORT_SUIT_LENGTH = 6  # a plain suit with fewer cards than this is worth emptying
PAIR_COPIES = 2


@njit(cache=True)
def _copies(hand_counts, out_kinds):
    """List the hand's card copies by kind (ascending) into out_kinds, which has room for two more than the
    hand (each kind is written twice and kept as often as it is held: no branch); returns how many."""
    n = 0
    for kind in range(NUM_KINDS):
        out_kinds[n] = kind
        out_kinds[n + 1] = kind
        n += hand_counts[kind]
    return n


@njit(cache=True)
def random_bury(hand_counts, rng_state, out):
    """k = len(out) distinct copies, uniformly (partial Fisher-Yates)."""
    cards = np.empty(MAX_HAND, dtype=np.int64)
    n = _copies(hand_counts, cards)
    for i in range(out.shape[0]):
        rng_state, j = bounded(rng_state, n - i)
        j += i
        card = cards[i]
        cards[i] = cards[j]
        cards[j] = card
        out[i] = cards[i]
    return rng_state


@njit(cache=True)
def bury_cost(params, hand_counts, ge1, eq2, trump_suit, kind):
    """The heuristic's cost of burying one copy of `kind` (module docstring); (ge1, eq2) are the hand's
    `features.hand_bits`."""
    if kind >= LITTLE_JOKER:
        return KEEP_JOKER + kind
    suit = kind // NUM_RANKS
    rank = kind % NUM_RANKS
    points = KIND_POINTS[kind]
    if rank == CONSTANT_TRUMP_RANK:
        return KEEP_TWO + (1.0 if suit == trump_suit else 0.0)
    if suit == trump_suit:
        return KEEP_TRUMP_SUIT + rank + points
    cost = rank + params[HEURISTIC_BURY_POINT_COST] * points
    if hand_counts[kind] >= PAIR_COPIES:
        cost += params[HEURISTIC_BURY_PAIR_COST]
    length = suit_length(ge1, eq2, suit)
    if length < SHORT_SUIT_LENGTH:
        cost -= params[HEURISTIC_BURY_VOID_BONUS] * (SHORT_SUIT_LENGTH - length)
    return cost


@njit(cache=True)
def heuristic_bury(params, hand_counts, out):
    """The k cheapest copies by `bury_cost`, ties to the lower kind (selection of the k smallest)."""
    cards = np.empty(MAX_HAND, dtype=np.int64)
    costs = np.empty(MAX_HAND, dtype=np.float64)
    n = _copies(hand_counts, cards)
    ge1, eq2 = hand_bits(hand_counts)
    trump_suit = best_suit(ge1, eq2)
    for i in range(n):
        costs[i] = bury_cost(params, hand_counts, ge1, eq2, trump_suit, cards[i])
    for i in range(out.shape[0]):
        best = i
        for j in range(i + 1, n):
            if costs[j] < costs[best] or (costs[j] == costs[best] and cards[j] < cards[best]):
                best = j
        cards[i], cards[best] = cards[best], cards[i]
        costs[i], costs[best] = costs[best], costs[i]
        out[i] = cards[i]
