"""The 54 card kinds of the two-deck pack, their notation and point values (DESIGN.md §3, RULES.md §1.1).

Kind ids (stable)::

    kind = suit * 13 + rank      suit: S=0 H=1 C=2 D=3     rank: 2=0, 3=1, ..., T=8, J=9, Q=10, K=11, A=12
    LJ (little joker, 小王) = 52  BJ (big joker, 大王) = 53

Each kind exists twice in the 108-card pack. A hand is a sorted list of kind ids (copies repeat).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

SPADES, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
NUM_SUITS = 4
NUM_RANKS = 13
SUIT_LETTERS = "SHCD"
RANK_LETTERS = "23456789TJQKA"
RANK_2, RANK_5, RANK_7, RANK_10, RANK_K, RANK_A = 0, 3, 5, 8, 11, 12

LITTLE_JOKER = 52
BIG_JOKER = 53
NUM_KINDS = 54
COPIES_PER_KIND = 2
PACK_SIZE = NUM_KINDS * COPIES_PER_KIND
TOTAL_POINTS = 200

_SUIT_INPUT = {"S": SPADES, "H": HEARTS, "C": CLUBS, "D": DIAMONDS,
               "♠": SPADES, "♥": HEARTS, "♣": CLUBS, "♦": DIAMONDS,
               "♤": SPADES, "♡": HEARTS, "♧": CLUBS, "♢": DIAMONDS}
_RANK_INPUT = {letter: i for i, letter in enumerate(RANK_LETTERS)} | {"10": RANK_10}
_JOKER_INPUT = {"BJ": BIG_JOKER, "LJ": LITTLE_JOKER, "大王": BIG_JOKER, "小王": LITTLE_JOKER}


class CardError(ValueError):
    """Card text that names no card, or a card set that cannot exist in the pack."""


def kind_of(suit: int, rank: int) -> int:
    return suit * NUM_RANKS + rank


def suit_of(kind: int) -> int:
    """Printed suit 0..3; -1 for a joker."""
    return -1 if kind >= LITTLE_JOKER else kind // NUM_RANKS


def rank_of(kind: int) -> int:
    """Rank 0..12 (2..A); -1 for a joker."""
    return -1 if kind >= LITTLE_JOKER else kind % NUM_RANKS


def is_joker(kind: int) -> bool:
    return kind >= LITTLE_JOKER


def points_of(kind: int) -> int:
    """§1.1.2: each 5 = 5, each 10 and K = 10, every other card 0."""
    rank = rank_of(kind)
    if rank == RANK_5:
        return 5
    if rank in (RANK_10, RANK_K):
        return 10
    return 0


POINTS = tuple(points_of(k) for k in range(NUM_KINDS))


def parse_card(token: str) -> int:
    """One card from its notation: `SA`, `H10`/`HT`, `♠a`, `BJ`, `大王`. Raises CardError naming the token."""
    text = token.strip()
    upper = text.upper()
    if upper in _JOKER_INPUT:
        return _JOKER_INPUT[upper]
    if text in _JOKER_INPUT:
        return _JOKER_INPUT[text]
    if len(upper) >= 2 and upper[0] in _SUIT_INPUT and upper[1:] in _RANK_INPUT:
        return kind_of(_SUIT_INPUT[upper[0]], _RANK_INPUT[upper[1:]])
    raise CardError(f"unknown card {token!r} (expected e.g. SA, H10, HT, C2, BJ, LJ)")


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Cards from a space/comma separated string or an iterable of tokens, in the given order."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    for token in tokens:
        if not isinstance(token, str):
            raise CardError(f"card must be a string, got {token!r}")
    return [parse_card(t) for t in tokens]


def parse_rank(text: str) -> int:
    """A rank 0..12 from its notation: `2`..`10` (also `T`), `J`, `Q`, `K`, `A`. Raises CardError naming it."""
    rank = _RANK_INPUT.get(text.strip().upper()) if isinstance(text, str) else None
    if rank is None:
        raise CardError(f"unknown rank {text!r} (expected 2..10, J, Q, K or A; T for 10)")
    return rank


def rank_name(rank: int) -> str:
    """Output notation of a rank 0..12: `2`..`10`, `J`, `Q`, `K`, `A`."""
    return "10" if rank == RANK_10 else RANK_LETTERS[rank]


def card_name(kind: int) -> str:
    """Output notation: `SA`, `H10`, `BJ`."""
    if kind == BIG_JOKER:
        return "BJ"
    if kind == LITTLE_JOKER:
        return "LJ"
    if not 0 <= kind < NUM_KINDS:
        raise CardError(f"no card kind {kind}")
    return SUIT_LETTERS[suit_of(kind)] + rank_name(rank_of(kind))


def format_cards(kinds: Iterable[int]) -> str:
    return " ".join(card_name(k) for k in kinds)


def card_points(kinds: Iterable[int]) -> int:
    return sum(POINTS[k] for k in kinds)


def full_pack() -> list[int]:
    """The 108 cards, each kind twice, in kind order."""
    return [k for k in range(NUM_KINDS) for _ in range(COPIES_PER_KIND)]


def check_copies(kinds: Iterable[int], where: str = "cards") -> None:
    """Raise CardError if any kind appears more than twice (there are only two decks)."""
    for kind, count in Counter(kinds).items():
        if count > COPIES_PER_KIND:
            raise CardError(f"{where}: {card_name(kind)} appears {count} times; the pack has only 2")
