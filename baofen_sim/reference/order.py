"""Trump membership, effective suits, power and tractor chains for one hand (RULES.md §1.2–§1.6).

Plain, slow and literal: the oracle the fast kernels are tested against. The orders of Baofen (§1.3.1,
§1.5.2 "Baofen") and of 80分 (§1.3.2, §1.5.2 "80分") are one order with a level rank: Baofen is always played
at level 2 ("永远打2没有升级"), so its 2s are the level cards; 80分 adds the level ℓ and no-trump (无主).
The 5-player 找朋友 (§1.3.3, §1.5.2 "5-player") has two constant-trump ranks, 7 and 2: `FivePlayerOrder`.
"""

from __future__ import annotations

from dataclasses import dataclass

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, RANK_2, RANK_7, rank_of, suit_of

NO_TRUMP = None  # `Order.trump` of a no-trump (无主) hand: only the jokers and the level cards are trumps (§1.2.1)

TRUMP = 4  # the effective suit of every trump (§1.2.2); plain suits keep their printed suit 0..3
JOKER_CHAIN = 4  # chain id of LJ-BJ (§1.5.2); the four suit chains use the printed suit 0..3

# §1.3.1 suggested power numbers: BJ 16, LJ 15, t2 14, x2 13, tA 12 ... t3 1; plain A 12 ... 3 1. At level ℓ
# (§1.3.2) the level cards take the places of the 2s and the other twelve ranks keep 1..12 in face order.
POWER_BJ, POWER_LJ, POWER_TRUMP_2, POWER_OTHER_2 = 16, 15, 14, 13
POWER_TRUMP_LEVEL, POWER_OTHER_LEVEL = POWER_TRUMP_2, POWER_OTHER_2
# §1.6.4: the joker tractor's "highest" and "lowest" tractor values around the suit-chain values 1..12.
JOKER_TRACTOR_HIGH, JOKER_TRACTOR_LOW = 100, 0

# How a play reached the table, for the R001 joker-tractor reading (§1.6.2).
LED, FOLLOWED, RUFFED = "led", "followed", "ruffed"


@dataclass(frozen=True)
class Order:
    """The card order of one hand with trump suit `trump` (0..3, or NO_TRUMP) played at level rank `level`
    (RANK_2 for Baofen)."""

    trump: int | None
    joker_tractor_mode: str = "r000"
    joker_tractor_ruff_001: str = "largest"
    level: int = RANK_2

    @classmethod
    def for_rules(cls, rules, trump: int) -> Order:
        return cls(trump, str(rules.joker_tractor_mode), str(rules.joker_tractor_ruff_001))

    def is_trump(self, kind: int) -> bool:
        """§1.2.1: jokers, every level card (Baofen: every 2, 常主) and every card of the trump suit."""
        return kind >= LITTLE_JOKER or rank_of(kind) == self.level or (
            self.trump is not NO_TRUMP and suit_of(kind) == self.trump)

    def suit(self, kind: int) -> int:
        """§1.2.2 effective suit: TRUMP for trumps, else the printed suit."""
        return TRUMP if self.is_trump(kind) else suit_of(kind)

    def power(self, kind: int) -> int:
        """§1.3.1 power; higher beats lower, equal ties (§1.7). Only meaningful within one effective suit."""
        if kind == BIG_JOKER:
            return POWER_BJ
        if kind == LITTLE_JOKER:
            return POWER_LJ
        if rank_of(kind) == self.level:  # §1.3.2: no-trump has no 主级牌, all eight are 副级牌 [A49]
            return POWER_TRUMP_LEVEL if suit_of(kind) == self.trump else POWER_OTHER_LEVEL
        return self.position(kind)

    def position(self, kind: int) -> int:
        """A suit card's place among the twelve ranks other than the level, 1 (lowest) .. 12 (A): its power and
        its §1.5.2 chain position (the gap at the level rank closed)."""
        rank = rank_of(kind)
        return rank + 1 if rank < self.level else rank

    def chain(self, kind: int) -> tuple[int, int] | None:
        """§1.5.2 (chain id, position) or None for cards on no chain (every 2)."""
        if kind >= LITTLE_JOKER:
            if self.joker_tractor_mode == "none":
                return None
            return (JOKER_CHAIN, 1 if kind == LITTLE_JOKER else 2)
        if rank_of(kind) == self.level:
            return None
        return (suit_of(kind), self.position(kind))

    def may_skip(self, chain: int, position: int) -> bool:
        """§1.5.2: whether a run of pairs may step over `position` of `chain` when no pair holds it. Baofen and
        80分 close their gaps in `position` itself, so none."""
        return False

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


# §1.3.3 5-player power numbers: BJ 17, LJ 16, t7 15, x7 14, t2 13, x2 12, then A 11 … 3 1 without the 7 and the 2.
FIVE_PLAYER_POWER_BJ, FIVE_PLAYER_POWER_LJ = 17, 16
FIVE_PLAYER_POWER_TRUMP_7, FIVE_PLAYER_POWER_OTHER_7 = 15, 14
FIVE_PLAYER_POWER_TRUMP_2, FIVE_PLAYER_POWER_OTHER_2 = 13, 12
# §1.5.2 5-player chains use face positions: 2 → 1, 3 → 2, …, 7 → 6, …, A → 13.
FACE_POSITION_7 = RANK_7 + 1


@dataclass(frozen=True)
class FivePlayerOrder(Order):
    """The card order of a 5-player 找朋友 hand with trump suit `trump` (0..3; never no-trump): the 7s and the 2s
    are constant trumps (§1.2.1, §1.3.3). Chains (§1.5.2 "5-player") run in face order with positions 1 (2) ..
    13 (A): the trump chain holds t2 and t7 lowered (下放) at their face positions with `trump_lowering`, and a run
    may step over the empty 7 position in the trump suit with `trump_gap_tractor`, in a plain suit with
    `plain_gap_tractor` (A33). Non-trump 7s and 2s are on no chain, nor are the jokers unless
    `joker_tractor_mode` gives them one. A tractor is valued by its top pair's face position (§1.5.3
    "2、7下放之后的大小只看点数"): `Order.tractor_value` reads it from `chain`."""

    joker_tractor_mode: str = "none"
    level: int = RANK_7
    trump_lowering: bool = True
    trump_gap_tractor: bool = True
    plain_gap_tractor: bool = True

    @classmethod
    def for_rules(cls, rules, trump: int) -> FivePlayerOrder:
        return cls(trump, str(rules.joker_tractor_mode), str(rules.joker_tractor_ruff_001),
                   trump_lowering=rules.zpy_trump_lowering, trump_gap_tractor=rules.zpy_trump_gap_tractor,
                   plain_gap_tractor=rules.zpy_plain_gap_tractor)

    def is_constant(self, kind: int) -> bool:
        """§1.2.1 常主7 and 常主2."""
        return kind < LITTLE_JOKER and rank_of(kind) in (RANK_7, RANK_2)

    def is_trump(self, kind: int) -> bool:
        """§1.2.1: jokers, every 7, every 2 and every card of the trump suit."""
        return kind >= LITTLE_JOKER or self.is_constant(kind) or suit_of(kind) == self.trump

    def power(self, kind: int) -> int:
        """§1.3.3 power: BJ > LJ > t7 > x7 (equal) > t2 > x2 (equal) > A > … > 3 without the 7 and the 2."""
        if kind == BIG_JOKER:
            return FIVE_PLAYER_POWER_BJ
        if kind == LITTLE_JOKER:
            return FIVE_PLAYER_POWER_LJ
        rank, own = rank_of(kind), suit_of(kind) == self.trump
        if rank == RANK_7:
            return FIVE_PLAYER_POWER_TRUMP_7 if own else FIVE_PLAYER_POWER_OTHER_7
        if rank == RANK_2:
            return FIVE_PLAYER_POWER_TRUMP_2 if own else FIVE_PLAYER_POWER_OTHER_2
        return rank if rank < RANK_7 else rank - 1  # 3 → 1 … 6 → 4, 8 → 5 … A → 11

    def position(self, kind: int) -> int:
        """§1.5.2 a suit card's face position on its chain, 1 (2) .. 13 (A); tractors are valued by it (§1.5.3)."""
        return rank_of(kind) + 1

    def chain(self, kind: int) -> tuple[int, int] | None:
        """§1.5.2 (chain id, face position) or None: jokers (unless `joker_tractor_mode`), non-trump 7s and 2s,
        and t7 and t2 unless lowered."""
        if kind >= LITTLE_JOKER:
            if self.joker_tractor_mode == "none":
                return None
            return (JOKER_CHAIN, 1 if kind == LITTLE_JOKER else 2)
        if self.is_constant(kind) and not (self.trump_lowering and suit_of(kind) == self.trump):
            return None
        return (suit_of(kind), self.position(kind))

    def may_skip(self, chain: int, position: int) -> bool:
        """§1.5.2 [A33]: 6 and 8 are adjacent across an empty 7 position, in the trump suit by
        `trump_gap_tractor`, in a plain suit by `plain_gap_tractor`."""
        if position != FACE_POSITION_7 or chain == JOKER_CHAIN:
            return False
        return self.trump_gap_tractor if chain == self.trump else self.plain_gap_tractor
