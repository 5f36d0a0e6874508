"""Hand features for the bid, bury and trump policies (Numba), from a kind-count hand `int8[54]`.

Each feature is computed on the hand's kind-space bitboards (`hand_bits`: bit k = card kind k, as dealt),
where a suit's length or pairs are one popcount; the engine passes the dealt bitboards straight to
`strength`, and the policies' count-hand functions (`hand_strength`, `best_trump_suit`, `hand_features`)
convert once.

A policy sees only its own hand, so every feature here is a function of one player's cards. Baofen
layout (RULES.md §5.1, §5.6): the 2s (rank index 0) and the jokers are trumps whatever suit is named; the
named suit's ranks 3..A (rank indices 1..12) join them, and tractors run along those ranks (§1.5.2; the 2s
are not on the chain). The trump suit is chosen after the bury, so during the auction a hand is judged by
its best *candidate* trump suit.

`hand_strength` (the `strength_i` feature, in "strength points", higher = better) is a fixed, documented
sum, so that it means the same in every run; the bidders' thresholds are parameters on this scale::

    3.0 per 大王 BJ, 2.5 per 小王 LJ, 1.5 per 2          constant trumps
    1.0 per ace, 0.5 per king                         top cards of any suit
    1.5 per pair (count_pairs, jokers included)       pairs win pair leads and force pairs out
    2.0 per tractor link (adjacent pairs on a suit chain, or BJ BJ + LJ LJ)
    1.0 per card of ranks 3..A in the best candidate trump suit (`best_trump_suit`)

Over uniformly random 25-card hands (10⁵ samples) it has mean 20.2, standard deviation 3.7, median 20,
70th percentile 22, 95th 26.5, 99th 30; the best of four hands has median 24. The heuristic bidder's
defaults (`policies.registry`) are set on this scale.

`eval_features` fills the EVAL_* features of the table bidder's hand evaluation (issue 12), counts on the 25
dealt cards in the order of `registry.EVAL_FEATURE_NAMES`: big jokers, little jokers, 2s, aces, kings, card
points held / 10, pairs (jokers included), tractor links, then for the best candidate trump suit its cards of
ranks 3..A, its aces and kings, its pairs and its 王分 cards (5, 10, K), and last the other three suits'
voids and short suits (1 or 2 cards of ranks 3..A). `hand_evaluation` is the linear evaluation with the
weights of a parameter row (intercept first), summed in feature order.

`trump_suit_score(ge1, eq2, suit)` ranks candidate trump suits: 2 per card of ranks 3..A of the suit,
1.5 per pair in it, 2 per tractor link in it, 1 per A or K of it and 0.5 per 王分 card (5, 10, K: §6.3, a
hand without them risks 倒扣). Ties go to the lowest suit index (S, H, C, D).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, NUM_KINDS, NUM_RANKS, NUM_SUITS, RANK_5, RANK_10, RANK_A, RANK_K
from baofen_sim.kernels.auction import PAIR_COPIES, count_pairs
from baofen_sim.kernels.bits import ONE, ZERO, bit, popcount
from baofen_sim.kernels.jit import njit
from baofen_sim.policies.registry import EVAL_FEATURE_NAMES, HEURISTIC_EVAL_WEIGHTS
from baofen_sim.records import MAX_EVAL_FEATURES

CONSTANT_TRUMP_RANK = 0  # rank index of the 2 (常主, §1.2.1)
FIRST_CHAIN_RANK = 1  # rank index of the 3: suit chains run 3..A

# hand_strength weights (module docstring)
STRENGTH_BIG_JOKER = 3.0
STRENGTH_LITTLE_JOKER = 2.5
STRENGTH_TWO = 1.5
STRENGTH_ACE = 1.0
STRENGTH_KING = 0.5
STRENGTH_PAIR = 1.5
STRENGTH_LINK = 2.0
STRENGTH_TRUMP_LENGTH = 1.0

# trump_suit_score weights
TRUMP_LENGTH_WEIGHT = 2.0
TRUMP_PAIR_WEIGHT = 1.5
TRUMP_LINK_WEIGHT = 2.0
TRUMP_HIGH_WEIGHT = 1.0
TRUMP_WANGFEN_WEIGHT = 0.5

# `hand_features` output layout (float64[NUM_FEATURES])
FEAT_PAIRS = 0  # count_pairs (the auction's count, A10)
FEAT_STRENGTH = 1  # hand_strength
FEAT_JOKERS = 2  # jokers held
FEAT_TWOS = 3  # 2s held
FEAT_ACES = 4  # aces held
FEAT_LINKS = 5  # tractor links (suit chains and the joker pair link)
FEAT_BEST_SUIT = 6  # best candidate trump suit 0..3 (S H C D)
FEAT_BEST_SUIT_LENGTH = 7  # its cards of ranks 3..A
FEAT_TRUMP_LENGTH = 8  # jokers + 2s + that length: the trumps held if that suit were named
NUM_FEATURES = 9
FEATURE_NAMES = ("pairs", "strength", "jokers", "twos", "aces", "links", "best_suit", "best_suit_length",
                 "trump_length")


# Kind-space masks: bit k = card kind k, the layout of a dealt hand (`rng.deal_hands`). A hand is a pair
# (ge1, eq2) of such bitboards: kinds held at least once, kinds held twice (`hand_bits`).
def _kinds_mask(kinds) -> np.uint64:
    return np.uint64(sum(1 << kind for kind in kinds))


RANK_MASKS = np.array([_kinds_mask(suit * NUM_RANKS + rank for suit in range(NUM_SUITS))
                       for rank in range(NUM_RANKS)], dtype=np.uint64)  # one rank in the four suits
CHAIN_MASKS = np.array([_kinds_mask(suit * NUM_RANKS + rank for rank in range(FIRST_CHAIN_RANK, NUM_RANKS))
                        for suit in range(NUM_SUITS)], dtype=np.uint64)  # ranks 3..A of each suit
LINK_MASKS = np.array([_kinds_mask(suit * NUM_RANKS + rank for rank in range(FIRST_CHAIN_RANK, NUM_RANKS - 1))
                       for suit in range(NUM_SUITS)], dtype=np.uint64)  # ranks 3..K: kind k links to k + 1
BIG_JOKER_MASK = _kinds_mask((BIG_JOKER,))
LITTLE_JOKER_MASK = _kinds_mask((LITTLE_JOKER,))
JOKERS_MASK = BIG_JOKER_MASK | LITTLE_JOKER_MASK


@njit(cache=True)
def hand_bits(counts):
    """(ge1, eq2) kind-space bitboards of a kind-count hand."""
    ge1 = ZERO
    eq2 = ZERO
    for kind in range(NUM_KINDS):
        b = ONE << np.uint64(kind)
        if counts[kind] > 0:
            ge1 |= b
        if counts[kind] >= PAIR_COPIES:
            eq2 |= b
    return ge1, eq2


@njit(cache=True)
def cards_in(ge1, eq2, mask):
    """Cards of the hand among the kinds of `mask`."""
    return popcount(ge1 & mask) + popcount(eq2 & mask)


@njit(cache=True)
def suit_length(ge1, eq2, suit):
    """Cards of ranks 3..A of `suit` (its 2s are constant trumps, counted apart)."""
    return cards_in(ge1, eq2, CHAIN_MASKS[suit])


@njit(cache=True)
def suit_pairs(eq2, suit):
    """Pairs among ranks 3..A of `suit`."""
    return popcount(eq2 & CHAIN_MASKS[suit])


@njit(cache=True)
def suit_links(eq2, suit):
    """Adjacent pair ranks on the suit's chain 3..A: a tractor of p pairs has p − 1 links (§1.5)."""
    return popcount(eq2 & (eq2 >> ONE) & LINK_MASKS[suit])


@njit(cache=True)
def rank_count(ge1, eq2, rank):
    """Copies of `rank` over the four suits."""
    return cards_in(ge1, eq2, RANK_MASKS[rank])


@njit(cache=True)
def tractor_links(eq2):
    """Links of every suit chain, plus the joker pair link BJ BJ LJ LJ (§1.6)."""
    links = 0
    for suit in range(NUM_SUITS):
        links += suit_links(eq2, suit)
    if (eq2 & JOKERS_MASK) == JOKERS_MASK:
        links += 1
    return links


@njit(cache=True)
def trump_suit_score(ge1, eq2, suit):
    """How good `suit` would be as trump for this hand (module docstring)."""
    base = suit * NUM_RANKS
    high = cards_in(ge1, eq2, bit(base + RANK_A) | bit(base + RANK_K))
    wangfen = cards_in(ge1, eq2, bit(base + RANK_5) | bit(base + RANK_10) | bit(base + RANK_K))
    return (TRUMP_LENGTH_WEIGHT * suit_length(ge1, eq2, suit) + TRUMP_PAIR_WEIGHT * suit_pairs(eq2, suit)
            + TRUMP_LINK_WEIGHT * suit_links(eq2, suit) + TRUMP_HIGH_WEIGHT * high
            + TRUMP_WANGFEN_WEIGHT * wangfen)


@njit(cache=True)
def best_suit(ge1, eq2):
    """The suit with the highest `trump_suit_score`; ties to the lowest suit index."""
    best = 0
    best_score = trump_suit_score(ge1, eq2, 0)
    for suit in range(1, NUM_SUITS):
        score = trump_suit_score(ge1, eq2, suit)
        if score > best_score:
            best = suit
            best_score = score
    return best


@njit(cache=True)
def strength(ge1, eq2):
    """The bidders' strength score (module docstring), float64. Every term is a multiple of 0.5, so the sum
    is exact whatever its order."""
    return strength_for_suit(ge1, eq2, best_suit(ge1, eq2))


@njit(cache=True)
def strength_for_suit(ge1, eq2, best):
    """`strength` of a hand whose `best_suit` is `best`, known already (the deal finds it once per hand)."""
    return (STRENGTH_BIG_JOKER * cards_in(ge1, eq2, BIG_JOKER_MASK)
            + STRENGTH_LITTLE_JOKER * cards_in(ge1, eq2, LITTLE_JOKER_MASK)
            + STRENGTH_TWO * rank_count(ge1, eq2, CONSTANT_TRUMP_RANK) + STRENGTH_ACE * rank_count(ge1, eq2, RANK_A)
            + STRENGTH_KING * rank_count(ge1, eq2, RANK_K) + STRENGTH_PAIR * popcount(eq2)
            + STRENGTH_LINK * tractor_links(eq2)
            + STRENGTH_TRUMP_LENGTH * suit_length(ge1, eq2, best))


@njit(cache=True)
def best_trump_suit(counts):
    """`best_suit` of a kind-count hand."""
    ge1, eq2 = hand_bits(counts)
    return best_suit(ge1, eq2)


@njit(cache=True)
def hand_strength(counts):
    """`strength` of a kind-count hand."""
    ge1, eq2 = hand_bits(counts)
    return strength(ge1, eq2)


@njit(cache=True)
def hand_features(counts, include_jokers, out):
    """Fill `out` (float64[NUM_FEATURES]) with the FEAT_* features; pairs as the auction counts them."""
    ge1, eq2 = hand_bits(counts)
    best = best_suit(ge1, eq2)
    jokers = cards_in(ge1, eq2, JOKERS_MASK)
    twos = rank_count(ge1, eq2, CONSTANT_TRUMP_RANK)
    length = suit_length(ge1, eq2, best)
    out[FEAT_PAIRS] = count_pairs(counts, include_jokers)
    out[FEAT_STRENGTH] = strength(ge1, eq2)
    out[FEAT_JOKERS] = jokers
    out[FEAT_TWOS] = twos
    out[FEAT_ACES] = rank_count(ge1, eq2, RANK_A)
    out[FEAT_LINKS] = tractor_links(eq2)
    out[FEAT_BEST_SUIT] = best
    out[FEAT_BEST_SUIT_LENGTH] = length
    out[FEAT_TRUMP_LENGTH] = jokers + twos + length


# `eval_features` output layout (float64[NUM_EVAL_FEATURES]), the order of registry.EVAL_FEATURE_NAMES
EVAL_BIG_JOKERS = 0
EVAL_LITTLE_JOKERS = 1
EVAL_TWOS = 2
EVAL_ACES = 3
EVAL_KINGS = 4
EVAL_POINTS = 5  # card points held / 10
EVAL_PAIRS = 6  # kinds held twice, jokers included
EVAL_LINKS = 7  # tractor_links
EVAL_TRUMP_LENGTH = 8  # best candidate trump suit: cards of ranks 3..A
EVAL_TRUMP_HIGH = 9  # ... its aces and kings
EVAL_TRUMP_PAIRS = 10  # ... its pairs
EVAL_TRUMP_WANGFEN = 11  # ... its 5s, 10s and kings (王分, §6.3)
EVAL_VOIDS = 12  # the other suits without a card of ranks 3..A
EVAL_SHORT_SUITS = 13  # the other suits with 1 or 2 such cards
NUM_EVAL_FEATURES = 14
SHORT_SUIT_MAX = 2
POINTS_UNIT = 10.0
assert len(EVAL_FEATURE_NAMES) == NUM_EVAL_FEATURES <= MAX_EVAL_FEATURES


@njit(cache=True)
def eval_features(ge1, eq2, out):
    """Fill `out` (float64[NUM_EVAL_FEATURES]) with the EVAL_* features of a kind-space hand."""
    eval_features_for_suit(ge1, eq2, best_suit(ge1, eq2), out)


@njit(cache=True)
def eval_features_for_suit(ge1, eq2, best, out):
    """`eval_features` of a hand whose `best_suit` is `best`, known already (the deal finds it once per hand)."""
    base = best * NUM_RANKS
    out[EVAL_BIG_JOKERS] = cards_in(ge1, eq2, BIG_JOKER_MASK)
    out[EVAL_LITTLE_JOKERS] = cards_in(ge1, eq2, LITTLE_JOKER_MASK)
    out[EVAL_TWOS] = rank_count(ge1, eq2, CONSTANT_TRUMP_RANK)
    out[EVAL_ACES] = rank_count(ge1, eq2, RANK_A)
    out[EVAL_KINGS] = rank_count(ge1, eq2, RANK_K)
    out[EVAL_POINTS] = (5 * rank_count(ge1, eq2, RANK_5) + 10 * rank_count(ge1, eq2, RANK_10)
                        + 10 * rank_count(ge1, eq2, RANK_K)) / POINTS_UNIT
    out[EVAL_PAIRS] = popcount(eq2)
    out[EVAL_LINKS] = tractor_links(eq2)
    out[EVAL_TRUMP_LENGTH] = suit_length(ge1, eq2, best)
    out[EVAL_TRUMP_HIGH] = cards_in(ge1, eq2, bit(base + RANK_A) | bit(base + RANK_K))
    out[EVAL_TRUMP_PAIRS] = suit_pairs(eq2, best)
    out[EVAL_TRUMP_WANGFEN] = cards_in(ge1, eq2, bit(base + RANK_5) | bit(base + RANK_10) | bit(base + RANK_K))
    voids = 0
    short = 0
    for suit in range(NUM_SUITS):
        if suit != best:
            length = suit_length(ge1, eq2, suit)
            if length == 0:
                voids += 1
            elif length <= SHORT_SUIT_MAX:
                short += 1
    out[EVAL_VOIDS] = voids
    out[EVAL_SHORT_SUITS] = short


@njit(cache=True)
def weighted_evaluation(params, features):
    """The intercept plus each feature times its weight, in feature order (params: a parameter row)."""
    total = params[HEURISTIC_EVAL_WEIGHTS]
    for i in range(NUM_EVAL_FEATURES):
        total += params[HEURISTIC_EVAL_WEIGHTS + 1 + i] * features[i]
    return total


@njit(cache=True)
def hand_evaluation(params, counts):
    """The table bidder's evaluation of a kind-count hand (module docstring) with the weights of `params`."""
    ge1, eq2 = hand_bits(counts)
    features = np.empty(NUM_EVAL_FEATURES, dtype=np.float64)
    eval_features(ge1, eq2, features)
    return weighted_evaluation(params, features)


def counts_of(kinds) -> np.ndarray:
    """The kind-count hand `int8[54]` of a list of card kinds (Python helper)."""
    counts = np.zeros(BIG_JOKER + 1, dtype=np.int8)
    for kind in kinds:
        counts[kind] += 1
    return counts
