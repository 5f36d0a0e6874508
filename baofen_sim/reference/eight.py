"""Eight of a kind (八张一样的牌, RULES.md §1.8): detection."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from baofen_sim.cards import NUM_SUITS, RANK_2, kind_of, rank_of

EIGHT = 2 * NUM_SUITS


def eight_kind_rank(cards: Iterable[int]) -> int | None:
    """The rank r if `cards` are exactly the eight cards of rank r != 2 (§1.8.1), else None."""
    cards = list(cards)
    if len(cards) != EIGHT or any(k >= 52 for k in cards):
        return None
    rank = rank_of(cards[0])
    wanted = Counter({kind_of(s, rank): 2 for s in range(NUM_SUITS)})
    return rank if rank != RANK_2 and Counter(cards) == wanted else None


def eight_kinds_held(hand: Iterable[int]) -> list[int]:
    """Ranks (not 2) of which the hand holds all eight cards."""
    counts = Counter(hand)
    return [r for r in range(1, 13) if all(counts[kind_of(s, r)] == 2 for s in range(NUM_SUITS))]
