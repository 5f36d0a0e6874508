"""Trump membership, effective suits, power and tractor chains for one hand of Baofen (RULES.md §1.2–§1.6).

Plain, slow and literal: the oracle the fast kernels are tested against. Only the Baofen orders are
implemented here (§1.3.1, §1.5.2 "Baofen"); the rules object is kept so that options can be read.
"""

from __future__ import annotations

from dataclasses import dataclass

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, RANK_2, rank_of, suit_of

TRUMP = 4  # the effective suit of every trump (§1.2.2); plain suits keep their printed suit 0..3
JOKER_CHAIN = 4  # chain id of LJ-BJ (§1.5.2); the four suit chains use the printed suit 0..3

# §1.3.1 suggested power numbers: BJ 16, LJ 15, t2 14, x2 13, tA 12 ... t3 1; plain A 12 ... 3 1.
POWER_BJ, POWER_LJ, POWER_TRUMP_2, POWER_OTHER_2 = 16, 15, 14, 13
# §1.6.4: the joker tractor's "highest" and "lowest" tractor values around the suit-chain values 1..12.
JOKER_TRACTOR_HIGH, JOKER_TRACTOR_LOW = 100, 0

# How a play reached the table, for the R001 joker-tractor reading (§1.6.2).
LED, FOLLOWED, RUFFED = "led", "followed", "ruffed"


@dataclass(frozen=True)
class Order:
    """The card order of one Baofen hand with trump suit `trump` (0..3)."""

    trump: int
    joker_tractor_mode: str = "r000"
    joker_tractor_ruff_001: str = "largest"

    @classmethod
    def for_rules(cls, rules, trump: int) -> Order:
        return cls(trump, str(rules.joker_tractor_mode), str(rules.joker_tractor_ruff_001))

    def is_trump(self, kind: int) -> bool:
        """§1.2.1: jokers, every 2 (常主) and every card of the trump suit."""
        return kind >= LITTLE_JOKER or rank_of(kind) == RANK_2 or suit_of(kind) == self.trump

    def suit(self, kind: int) -> int:
        """§1.2.2 effective suit: TRUMP for trumps, else the printed suit."""
        return TRUMP if self.is_trump(kind) else suit_of(kind)

    def power(self, kind: int) -> int:
        """§1.3.1 power; higher beats lower, equal ties (§1.7). Only meaningful within one effective suit."""
        if kind == BIG_JOKER:
            return POWER_BJ
        if kind == LITTLE_JOKER:
            return POWER_LJ
        if rank_of(kind) == RANK_2:
            return POWER_TRUMP_2 if suit_of(kind) == self.trump else POWER_OTHER_2
        return rank_of(kind)  # 3 -> 1 ... A -> 12, trump suit and plain suits alike

    def chain(self, kind: int) -> tuple[int, int] | None:
        """§1.5.2 (chain id, position) or None for cards on no chain (every 2)."""
        if kind >= LITTLE_JOKER:
            if self.joker_tractor_mode == "none":
                return None
            return (JOKER_CHAIN, 1 if kind == LITTLE_JOKER else 2)
        if rank_of(kind) == RANK_2:
            return None
        return (suit_of(kind), rank_of(kind))

    def tractor_value(self, top_kind: int, is_declarer: bool, manner: str) -> int:
        """§1.5.3 a tractor's value is its top pair's chain position; the joker tractor follows §1.6."""
        if top_kind != BIG_JOKER:
            return self.chain(top_kind)[1]
        return JOKER_TRACTOR_HIGH if self.joker_tractor_is_high(is_declarer, manner) else JOKER_TRACTOR_LOW

    def joker_tractor_is_high(self, is_declarer: bool, manner: str) -> bool:
        mode = self.joker_tractor_mode
        if mode == "r000":  # §1.6.1 by the holder's role
            return is_declarer
        if mode == "r001":  # §1.6.2 by how it is played; the ruff case is A1's parameter
            if manner == LED:
                return True
            if manner == FOLLOWED:
                return False
            return self.joker_tractor_ruff_001 == "largest"
        return True  # `top`: simply the highest trump tractor (§1.6.5)
