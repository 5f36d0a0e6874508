"""Trump-relative lookup tables for the kernels (DESIGN.md §3), built once per (RuleSet, trump) in Python.

`materialize(rules, trump)` returns a `TrumpTables` record (masks, per-bit arrays and option codes) that
every kernel takes as its first argument. Kernels never see a RuleSet; every option they need is an integer
code of `baofen_sim.codes`.

Bit layout
----------
A hand is two uint64 bitboards over the *trump-relative bit positions* below: `ge1` (holds ≥ 1 copy) and
`eq2` (holds both copies). Each effective suit is one contiguous bit range, ascending in power (but for the
5-player lowered t7 and t2, below); tractor
chains are runs of adjacent bits, and `link_mask` bit i says "bit i and bit i+1 are consecutive on one
chain" (so chains need no separator bits, and a closed level gap or an open 6-8 gap is a table change).
Baofen, trump t = ♥ (the plain suits keep printed order S, C, D; the trump block is always on top)::

    bit    0 ......... 11   12 ........ 23   24 ........ 35   36 ........ 47   48 49 50   51   52   53
    card   S3 S4 ... SA     C3 C4 ... CA     D3 D4 ... DA     H3 H4 ... HA     S2 C2 D2   H2   LJ   BJ
    suit   0 (S)            2 (C)            3 (D)            TRUMP = 4 ..........................
    link   ===========      ===========      ===========      ===========      .  .  .    .    ===
           (3..A: 12 positions, 11 links per suit)                              副2 ties   主2  joker chain
    tie    .  .  ...  .     .  .  ...  .     .  .  ...  .     .  .  ...  .     .  T  T    .    .    .

Ties (the three 副2) get one bit each with equal `bit_power` (§1.3 numbers: BJ 16, LJ 15, 主2 14, 副2 13,
A..3 12..1) and `tie_mask` marks them; `beat_mask[b]` (same-suit bits of strictly higher power) makes
"a higher card of the suit" one AND. Tractor values are `chain_value[top]`, the top pair's chain position
(here equal to its power; the joker tractor 0 or 100, §1.6.4). The joker chain LJ-BJ is linked iff joker
tractors exist. Bits 54..63 are unused.
Other layouts from the same builder: 80分 level ℓ (`constant_trump_ranks` = (ℓ,)): suits run
2..A without ℓ, the gap linked by `level_gap_tractor`; no-trump (`trump` = NO_TRUMP): all four suits
plain, the trump block is the eight level cards (one tie group) and the jokers. In these layouts bits rise
with power inside every effective suit, and `chain_value` = `bit_power`.

5-player 找朋友 (`constant_trump_ranks` = (7, 2), `zpy_trump_lowering`), trump t = ♣: the plain suits run
3..A without 7 and 2 (11 places, 6-8 linked by `zpy_plain_gap_tractor`); the trump suit is one chain in face
order 2..A with t2 and t7 lowered (下放) to their face places, so t6t6t7t7t8t8 and t2t2t3t3 are runs of
adjacent bits (§1.5.2), and their single/pair power comes from the table, not from the bit (§1.3.3)::

    bit    0 ...... 10   11 ..... 21   22 ..... 32   33 34 .. 37 38 39 40 ..... 45   46 47 48   49 50 51   52 53
    card   S3..S6 S8..SA H3 .. HA      D3 .. DA      C2 C3 .. C6 C7 C8 C9 ..... CA   S2 H2 D2   S7 H7 D7   LJ BJ
    suit   0 (S)         1 (H)         3 (D)         TRUMP = 4 .....................................................
    power  1 .. 4 5 .. 11 (3..A, no 7/2)             13 1 .. 4  15  5  6 ..... 11   12 12 12   14 14 14   16 17
    chain  1 .. 11                                   1  2 .. 5  6   7  8 ..... 13   (chain_value = power off the chain)
    link   ====~=====    ===~====      ===~====      =========================      .  .  .    .  .  .    .  .
           ~ : the 6-8 link, zpy_plain_gap_tractor                                  副2 ties   副7 ties
    lowered                                          L              L   (`lowered_mask`: out of power order)
    gap                                              <-- gap_below -->|t7|  gap_test = C6|C7|C8, gap_want = C6|C8

Only the lowered cards break "a higher bit is a higher card": the kernels take a suit's highest or lowest
card with `values.top_bit` / `values.bottom_bit`, which compare the `lowered_mask` bits by power (one AND and
a branch where the mask is 0). A tractor's value is its top pair's face place (`chain_value`: t7t7t8t8 is
worth 7 < t9t9tTtT's 9; "2、7下放之后的大小只看点数", §1.5.3). With `zpy_trump_gap_tractor` a run may
skip an empty t7 place (t6t6t8t8, worth 7 as t7t7t8t8 is): when the pairs hold C6 and C8 but not C7, the
kernels find runs in a *chain view* where the `gap_below` bits move up one place (units.gap_shift), and a
C7 pair, when held, is used by the run (§1.9.1). 54 positions in all.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from baofen_sim.cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    NUM_KINDS,
    NUM_RANKS,
    NUM_SUITS,
    RANK_5,
    RANK_10,
    RANK_K,
    kind_of,
)
from baofen_sim.codes import NO_BIT, NO_TRUMP, NUM_EFFECTIVE_SUITS, TRUMP, option_code
from baofen_sim.games import game_of

# ---- named integers used by the kernels -----------------------------------------------------------------

NUM_BITS = 64
FACE_OFFSET = 2  # RuleSet face values 2..14 → rank index 0..12


# The fields of a TrumpTables record: (name, dtype, shape or None, meaning).
_FIELDS = (
    ("kind_to_bit", np.int64, NUM_KINDS, "card kind → bit"),
    ("bit_to_kind", np.int64, NUM_BITS, "bit → card kind, NO_BIT if unused"),
    ("bit_suit", np.int64, NUM_BITS, "bit → effective suit 0..3 or TRUMP, -1 if unused"),
    ("bit_power", np.int64, NUM_BITS, "power within the effective suit (§1.3 numbers); equal = tie (§1.7)"),
    ("chain_value", np.int64, NUM_BITS, "§1.5.3 value of a tractor whose top pair is at this bit: its chain "
                                        "position; = bit_power except on the 5-player trump chain (face 1..13)"),
    ("beat_mask", np.uint64, NUM_BITS, "same-suit bits of strictly higher power"),
    ("suit_mask", np.uint64, NUM_EFFECTIVE_SUITS, "bits of each effective suit, index TRUMP = 4 for trumps"),
    ("eight_mask", np.uint64, NUM_RANKS, "the four kinds of rank index r; 0 where no eight of a kind exists"),
    ("all_mask", np.uint64, None, "every used bit"),
    ("chain_mask", np.uint64, None, "bits that lie on some tractor chain"),
    ("link_mask", np.uint64, None, "bit i set: bits i and i+1 are consecutive on one chain"),
    ("tie_mask", np.uint64, None, "bit i set: bit i ties in power with bit i-1 (e.g. the 副2)"),
    ("joker_mask", np.uint64, None, "LJ|BJ bits when BJ BJ LJ LJ is a tractor, else 0"),
    ("lowered_mask", np.uint64, None, "cards on a chain out of power order (5-player t7, t2 lowered, §1.5.2): "
                                      "each is above every chain card of its suit; 0 elsewhere"),
    ("gap_test", np.uint64, None, "5-player trump t6|t7|t8 when a run may skip the lowered t7 "
                                  "(zpy_trump_gap_tractor, §1.5.2); 0 elsewhere"),
    ("gap_want", np.uint64, None, "t6|t8: pairs holding these of gap_test close the gap"),
    ("gap_below", np.uint64, None, "the trump-chain bits below t7, one place up in the chain view of a closed gap"),
    ("wangfen_mask", np.uint64, None, "trump-suit 5, 10, K (§1.1.3 王分); 0 in no-trump"),
    ("five_mask", np.uint64, None, "every 5 (5 points per copy)"),
    ("ten_mask", np.uint64, None, "every 10 and K (10 points per copy)"),
    ("joker_top", np.int64, None, "bit of BJ, the joker tractor's top"),
    ("trump", np.int64, None, "trump suit 0..3 or NO_TRUMP"),
    ("num_players", np.int64, None, "players at the table"),
    ("joker_mode", np.int64, None, "JOKER_* code"),
    ("joker_ruff_001", np.int64, None, "JOKER_RUFF_* code"),
    ("ruff_rule", np.int64, None, "RUFF_* code"),
    ("follow_rule", np.int64, None, "FOLLOW_* code"),
    ("compare_rule", np.int64, None, "COMPARE_* code"),
    ("eight_mode", np.int64, None, "EIGHT_* code"),
    ("eight_void_must_play_pairs", np.int64, None, "0/1"),
    ("eight_fill_pairs", np.int64, None, "0/1"),
    ("failed_priority", np.int64, None, "LOWEST_CARD / FEWEST_CARDS_FIRST / MOST_CARDS_FIRST"),
    ("allow_throws", np.int64, None, "0/1"),
    ("ruff_all_trump_for_singles", np.int64, None, "0/1"),
    ("last_trick_kitty", np.int64, None, "1: the defenders score the kitty by winning the last trick (80分 抠底, "
                                         "§7.3.11); 0 in Baofen"),
)
TRUMP_TABLES_DTYPE = np.dtype([(name, dtype, shape) if shape else (name, dtype)
                               for name, dtype, shape, _ in _FIELDS], align=True)

# A TrumpTables is one record (np.record) of TRUMP_TABLES_DTYPE; fields read as attributes (`tb.link_mask`)
# in Python and in kernels. Why a record and not a NamedTuple: Numba passes a record to a callee as one
# pointer, but flattens a tuple into one argument per field (~50 pushes per non-inlined call, measured 4 ns
# of a 10 ns kernel), and a numpy array inside a tuple costs a refcount increment/decrement per call level
# (~10 ns per array). Every table has the same dtype, so kernels compile once.
TrumpTables = np.record


class Slot(NamedTuple):
    """One bit of the layout."""

    kind: int
    suit: int  # effective suit 0..3 or TRUMP
    power: int  # §1.3 power within the effective suit
    linked: bool  # on one chain with the next slot (`link_mask`)
    chain_value: int  # §1.5.3 value of a tractor topped here (= power except on a lowered trump chain)


def _slots(rules, trump: int) -> tuple[list[Slot], int | None]:
    """The layout, lowest bit first, and the rank index of the lowered trump card a run may skip (the
    5-player t7 with zpy_trump_gap_tractor; the `gap_*` fields), or None."""
    constant = [face - FACE_OFFSET for face in rules.constant_trump_ranks]  # highest tier first
    lowered = len(constant) > 1 and trump != NO_TRUMP and bool(getattr(rules, "zpy_trump_lowering", False))
    if getattr(rules, "special_tier_tractors", False):
        raise NotImplementedError("special_tier_tractors = true has no bit layout yet")
    chain_ranks = [r for r in range(NUM_RANKS) if r not in constant]
    gap_linked = bool(rules.level_gap_tractor if len(constant) == 1 else
                      getattr(rules, "zpy_plain_gap_tractor", False))
    trump_gap_linked = bool(rules.level_gap_tractor if len(constant) == 1 else
                            getattr(rules, "zpy_trump_gap_tractor", False))
    tier_power: dict[int, tuple[int, int]] = {}  # constant rank -> (power of its off-suit cards, of its trump card)
    power = len(chain_ranks) if trump != NO_TRUMP else 0
    for rank in reversed(constant):  # lowest tier first
        tier_power[rank] = (power + 1, power + 2)
        power += 2 if trump != NO_TRUMP else 1
    slots: list[Slot] = []

    def suit_run(suit: int, effective: int, linked_gaps: bool) -> None:
        for i, rank in enumerate(chain_ranks):
            nxt = chain_ranks[i + 1] if i + 1 < len(chain_ranks) else None
            linked = nxt is not None and (nxt == rank + 1 or linked_gaps)
            slots.append(Slot(kind_of(suit, rank), effective, i + 1, linked, i + 1))

    def lowered_run() -> int | None:
        """§1.5.2 S002 下放: the trump suit in face order 2..A, its constant-rank cards at their face places with
        their tier power, every place linked to the next; chain values are face positions 1..13."""
        gap = None
        for rank in range(NUM_RANKS):
            rank_power = tier_power[rank][1] if rank in constant else chain_ranks.index(rank) + 1
            slots.append(Slot(kind_of(trump, rank), TRUMP, rank_power, rank + 1 < NUM_RANKS, rank + 1))
            if rank in constant and 0 < rank < NUM_RANKS - 1 and trump_gap_linked:
                if gap is not None or rank - 1 in constant or rank + 1 in constant:
                    raise NotImplementedError("the lowered trump chain has one gap (t7) at most")
                gap = rank
        return gap

    for suit in range(NUM_SUITS):
        if suit != trump:
            suit_run(suit, suit, gap_linked)
    gap = None
    if lowered:
        gap = lowered_run()
    elif trump != NO_TRUMP:
        suit_run(trump, TRUMP, trump_gap_linked)
    for rank in reversed(constant):  # lowest tier first
        off, own = tier_power[rank]
        for suit in range(NUM_SUITS):  # the off-suit cards of a tier tie (§1.7)
            if suit != trump:
                slots.append(Slot(kind_of(suit, rank), TRUMP, off, False, off))
        if trump != NO_TRUMP and not lowered:
            slots.append(Slot(kind_of(trump, rank), TRUMP, own, False, own))
    joker_linked = str(rules.joker_tractor_mode) != "none"
    slots.append(Slot(LITTLE_JOKER, TRUMP, power + 1, joker_linked, power + 1))
    slots.append(Slot(BIG_JOKER, TRUMP, power + 2, False, power + 2))
    return slots, gap


def materialize(rules, trump: int) -> TrumpTables:
    """The kernel tables of `rules` with trump suit `trump` (0..3 = S H C D, or NO_TRUMP)."""
    if trump == NO_TRUMP and not getattr(rules, "allow_no_trump", False):
        raise ValueError("these rules have no no-trump hands (allow_no_trump = false)")
    if trump != NO_TRUMP and not 0 <= trump < NUM_SUITS:
        raise ValueError(f"trump must be 0..3 (S H C D) or NO_TRUMP, not {trump}")
    slots, gap_rank = _slots(rules, trump)
    assert len(slots) == NUM_KINDS <= NUM_BITS
    tb = np.rec.array(np.zeros(1, dtype=TRUMP_TABLES_DTYPE))[0]

    tb.bit_to_kind[:] = NO_BIT
    tb.bit_suit[:] = -1
    suit_mask = [0] * NUM_EFFECTIVE_SUITS
    link_mask = chain_mask = tie_mask = 0
    lowered_mask = 0
    for bit, (kind, suit, power, linked, value) in enumerate(slots):
        tb.kind_to_bit[kind] = bit
        tb.bit_to_kind[bit] = kind
        tb.bit_suit[bit] = suit
        tb.bit_power[bit] = power
        tb.chain_value[bit] = value
        suit_mask[suit] |= 1 << bit
        if bit > 0 and slots[bit - 1].suit == suit and slots[bit - 1].power > power:
            lowered_mask |= 1 << (bit - 1)  # lowered onto the chain (下放): above its chain successor in power
        if linked:
            link_mask |= 1 << bit
            chain_mask |= (1 << bit) | (1 << (bit + 1))
        if bit > 0 and slots[bit - 1].suit == suit and slots[bit - 1].power == power:
            tie_mask |= 1 << bit
    for bit, slot in enumerate(slots):
        tb.beat_mask[bit] = sum(1 << b for b, other in enumerate(slots)
                                if other.suit == slot.suit and other.power > slot.power)
    tb.suit_mask[:] = suit_mask
    for suit in range(NUM_EFFECTIVE_SUITS):  # top_bit / bottom_bit: the other cards of a suit rise with the bit
        rising = [slot.power for bit, slot in enumerate(slots) if slot.suit == suit and not lowered_mask >> bit & 1]
        assert rising == sorted(rising), (suit, rising)

    constant = {face - FACE_OFFSET for face in rules.constant_trump_ranks}
    if str(rules.eight_kind_mode) != "off":
        for rank in range(NUM_RANKS):
            if rank not in constant:
                tb.eight_mask[rank] = sum(1 << int(tb.kind_to_bit[kind_of(s, rank)]) for s in range(NUM_SUITS))

    def mask_of(kinds) -> int:
        return sum(1 << int(tb.kind_to_bit[k]) for k in kinds)

    tb.all_mask = (1 << len(slots)) - 1
    tb.chain_mask = chain_mask
    tb.link_mask = link_mask
    tb.tie_mask = tie_mask
    tb.lowered_mask = lowered_mask
    if gap_rank is not None:
        low, fill, high = (mask_of([kind_of(trump, r)]) for r in (gap_rank - 1, gap_rank, gap_rank + 1))
        tb.gap_test = low | fill | high
        tb.gap_want = low | high
        tb.gap_below = mask_of(kind_of(trump, r) for r in range(gap_rank))
    tb.joker_mask = mask_of((LITTLE_JOKER, BIG_JOKER)) if str(rules.joker_tractor_mode) != "none" else 0
    tb.wangfen_mask = (mask_of(kind_of(trump, r) for r in (RANK_5, RANK_10, RANK_K) if r not in constant)
                       if trump != NO_TRUMP else 0)
    tb.five_mask = mask_of(kind_of(s, RANK_5) for s in range(NUM_SUITS))
    tb.ten_mask = mask_of(kind_of(s, r) for s in range(NUM_SUITS) for r in (RANK_10, RANK_K))
    tb.joker_top = tb.kind_to_bit[BIG_JOKER]
    tb.trump = trump
    tb.num_players = rules.num_players
    tb.joker_mode = option_code("joker_tractor_mode", rules.joker_tractor_mode)
    tb.joker_ruff_001 = option_code("joker_tractor_ruff_001", rules.joker_tractor_ruff_001)
    tb.ruff_rule = option_code("ruff_structure_rule", rules.ruff_structure_rule)
    tb.follow_rule = option_code("follow_tractor_rule", rules.follow_tractor_rule)
    tb.compare_rule = option_code("multi_unit_compare", rules.multi_unit_compare)
    tb.eight_mode = option_code("eight_kind_mode", rules.eight_kind_mode)
    tb.eight_void_must_play_pairs = int(bool(rules.eight_kind_void_must_play_pairs))
    tb.eight_fill_pairs = int(bool(rules.eight_kind_fill_pairs))
    tb.failed_priority = option_code("failed_throw_unit_priority", rules.failed_throw_unit_priority)
    tb.allow_throws = int(bool(rules.allow_throws))
    tb.ruff_all_trump_for_singles = int(bool(rules.ruff_all_trump_required_for_singles))
    tb.last_trick_kitty = int(game_of(rules).last_trick_kitty)
    return tb


def kinds_to_bits(tables: TrumpTables, kinds) -> tuple[int, int]:
    """(ge1, eq2) of a list of card kinds (copies repeat). Raises ValueError on a third copy."""
    ge1 = eq2 = 0
    for kind in kinds:
        bit = 1 << int(tables.kind_to_bit[kind])
        if eq2 & bit:
            raise ValueError(f"card kind {kind} appears more than twice")
        if ge1 & bit:
            eq2 |= bit
        ge1 |= bit
    return ge1, eq2


def bits_to_kinds(tables: TrumpTables, ge1, eq2) -> list[int]:
    """The card kinds of a bitboard pair, sorted by kind id, copies repeated."""
    ge1, eq2 = int(ge1), int(eq2)
    kinds = []
    for bit in range(NUM_BITS):
        if ge1 >> bit & 1:
            kinds.extend([int(tables.bit_to_kind[bit])] * (2 if eq2 >> bit & 1 else 1))
    return sorted(kinds)
