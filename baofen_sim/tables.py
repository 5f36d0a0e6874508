"""Trump-relative lookup tables for the kernels (DESIGN.md §3), built once per (RuleSet, trump) in Python.

`materialize(rules, trump)` returns a `TrumpTables`: plain numpy arrays and ints that every kernel takes as
its first argument. Kernels never see a RuleSet; every option they need is an integer code defined here.

Bit layout
----------
A hand is two uint64 bitboards over the *trump-relative bit positions* below: `ge1` (holds ≥ 1 copy) and
`eq2` (holds both copies). Each effective suit is one contiguous bit range, ascending in power; tractor
chains are runs of adjacent bits, and `link_mask` bit i says "bit i and bit i+1 are consecutive on one
chain" (so chains need no separator bits, and a closed level gap or an open 6-8 gap is a table change).
Baofen, trump t = ♥ (the plain suits keep printed order S, C, D; the trump block is always on top)::

    bit    0 ......... 11   12 ........ 23   24 ........ 35   36 ........ 47   48 49 50   51   52   53
    card   S3 S4 ... SA     C3 C4 ... CA     D3 D4 ... DA     H3 H4 ... HA     S2 C2 D2   H2   LJ   BJ
    suit   0 (S)            2 (C)            3 (D)            TRUMP = 4 ..........................
    power  1  2  ...  12    1  2  ...  12    1  2  ...  12    1  2  ...  12    13 13 13   14   15   16
    link   ===========      ===========      ===========      ===========      (副2: tie, (主2)  ==== joker
           (a chain: 3..A, 12 positions, 11 links per suit)                     no chain)        chain

Ties (the three 副2) get one bit each with equal power; `beat_mask[b]` (same-suit bits of strictly higher
power) makes "higher" checks one AND. The joker chain LJ-BJ is linked iff joker tractors exist.
Bits 54..63 are unused (`bit_to_kind` = -1). Other layouts from the same builder:
80分 level ℓ (`constant_trump_ranks` = (ℓ,)): suits run 2..A without ℓ, the gap linked by
`level_gap_tractor`; no-trump (`trump` = NO_TRUMP): all four suits plain, the trump block is the eight
level cards (one tie group) and the jokers. 5-player tiers (7 above 2) lay out likewise; only S002's
"lowering" (t7/t2 on the trump chain, §1.5.2) cannot be a run of adjacent bits and is refused.
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
    POINTS,
    RANK_5,
    RANK_10,
    RANK_K,
    kind_of,
)

# ---- named integers used by the kernels -----------------------------------------------------------------

NUM_BITS = 64
TRUMP = 4  # effective-suit index of the trump suit; plain suits keep their printed index 0..3
NUM_EFFECTIVE_SUITS = 5
NO_TRUMP = -1  # `trump` argument for a no-trump (无主) hand, 80分 only
NO_BIT = -1  # bit_to_kind of an unused bit, kind_to_bit of a card outside the layout
FACE_OFFSET = 2  # RuleSet face values 2..14 → rank index 0..12

# Unit shapes (§1.9) and lead candidate kinds.
SINGLE, PAIR, TRACTOR, THROW, EIGHT_KIND = 1, 2, 3, 4, 5

# Play classes (§3.1).
LEAD, IN_SUIT, RUFF, DISCARD = 0, 1, 2, 3

# How a play reached the table, for the R001 joker-tractor reading (§1.6.2).
MANNER_LED, MANNER_FOLLOWED, MANNER_RUFFED = 0, 1, 2

# §1.6.4 joker tractor values around the suit-chain values (1..13).
JOKER_TRACTOR_HIGH, JOKER_TRACTOR_LOW = 100, 0

# Option codes: one block per §9 parameter, the first value of each block is the `baofen` default.
JOKER_R000, JOKER_R001, JOKER_TOP, JOKER_NONE = 0, 1, 2, 3  # joker_tractor_mode
JOKER_RUFF_LARGEST, JOKER_RUFF_SMALLEST = 0, 1  # joker_tractor_ruff_001
RUFF_SHAPE, RUFF_COUNT = 0, 1  # ruff_structure_rule
FOLLOW_LONGEST_UP_TO_LED, FOLLOW_SAME_LENGTH_ONLY = 0, 1  # follow_tractor_rule
COMPARE_PRIMARY_UNIT, COMPARE_LEXICOGRAPHIC = 0, 1  # multi_unit_compare
EIGHT_S000, EIGHT_S001, EIGHT_OFF = 0, 1, 2  # eight_kind_mode
FEWEST_CARDS_FIRST, MOST_CARDS_FIRST = 0, 1  # failed_throw_unit_priority

_CODES = {
    "joker_tractor_mode": {"r000": JOKER_R000, "r001": JOKER_R001, "top": JOKER_TOP, "none": JOKER_NONE},
    "joker_tractor_ruff_001": {"largest": JOKER_RUFF_LARGEST, "smallest": JOKER_RUFF_SMALLEST},
    "ruff_structure_rule": {"shape": RUFF_SHAPE, "count": RUFF_COUNT},
    "follow_tractor_rule": {"longest_up_to_led": FOLLOW_LONGEST_UP_TO_LED,
                            "same_length_only": FOLLOW_SAME_LENGTH_ONLY},
    "multi_unit_compare": {"primary_unit": COMPARE_PRIMARY_UNIT, "lexicographic": COMPARE_LEXICOGRAPHIC},
    "eight_kind_mode": {"s000": EIGHT_S000, "s001": EIGHT_S001, "off": EIGHT_OFF},
    "failed_throw_unit_priority": {"fewest_cards_first": FEWEST_CARDS_FIRST,
                                   "most_cards_first": MOST_CARDS_FIRST},
}


class TrumpTables(NamedTuple):
    """Everything the trick kernels know about one (RuleSet, trump). Arrays are indexed by bit (64) or kind.

    Build with `materialize`; the field types are fixed (int64 / uint64 arrays, Python ints) so that every
    table has the same Numba type and kernels compile once.
    """

    kind_to_bit: np.ndarray  # int64[54]  card kind → bit position
    bit_to_kind: np.ndarray  # int64[64]  bit → card kind, NO_BIT if unused
    bit_suit: np.ndarray  # int64[64]  bit → effective suit 0..3 or TRUMP, -1 if unused
    bit_power: np.ndarray  # int64[64]  power within the effective suit (§1.3); equal = tie (§1.7)
    chain_value: np.ndarray  # int64[64]  tractor value of a pair at this bit as a run's top (§1.5.3); 0 = none
    beat_mask: np.ndarray  # uint64[64] same-suit bits of strictly higher power
    points: np.ndarray  # int64[64]   card points of one copy (§1.1.2)
    suit_mask: np.ndarray  # uint64[5]  bits of each effective suit (index TRUMP = 4)
    eight_mask: np.ndarray  # uint64[13] the four kinds of rank index r, 0 where no eight of a kind exists
    all_mask: np.uint64  # every used bit
    chain_mask: np.uint64  # bits that lie on some tractor chain
    link_mask: np.uint64  # bit i set: bits i and i+1 are consecutive on one chain
    joker_mask: np.uint64  # LJ|BJ bits when BJ BJ LJ LJ is a tractor, else 0
    joker_top: int  # bit of BJ (the joker tractor's top)
    wangfen_mask: np.uint64  # trump-suit 5, 10, K (§1.1.3 王分); 0 in no-trump
    five_mask: np.uint64  # every 5 (5 points per copy)
    ten_mask: np.uint64  # every 10 and K (10 points per copy)
    trump: int  # trump suit 0..3 or NO_TRUMP
    num_players: int
    joker_mode: int  # JOKER_* code
    joker_ruff_001: int  # JOKER_RUFF_* code
    ruff_rule: int  # RUFF_* code
    follow_rule: int  # FOLLOW_* code
    compare_rule: int  # COMPARE_* code
    eight_mode: int  # EIGHT_* code
    eight_void_must_play_pairs: int  # 0/1
    eight_fill_pairs: int  # 0/1
    failed_priority: int  # FEWEST_CARDS_FIRST / MOST_CARDS_FIRST
    allow_throws: int  # 0/1
    ruff_all_trump_for_singles: int  # 0/1


def option_code(name: str, value) -> int:
    """The integer code of an enum-valued option (`option_code("ruff_structure_rule", "count") == 1`)."""
    try:
        return _CODES[name][str(value)]
    except KeyError:
        raise ValueError(f"{name}: no kernel code for value {value!r}") from None


def _slots(rules, trump: int) -> list[tuple[int, int, int, bool]]:
    """The layout, lowest bit first: (kind, effective suit, power, linked to the next slot)."""
    constant = [face - FACE_OFFSET for face in rules.constant_trump_ranks]  # highest tier first
    if len(constant) > 1 and getattr(rules, "zpy_trump_lowering", False):
        raise NotImplementedError("zpy_trump_lowering (t7/t2 on the trump chain) has no bit layout yet")
    if getattr(rules, "special_tier_tractors", False):
        raise NotImplementedError("special_tier_tractors = true has no bit layout yet")
    chain_ranks = [r for r in range(NUM_RANKS) if r not in constant]
    gap_linked = bool(rules.level_gap_tractor if len(constant) == 1 else
                      getattr(rules, "zpy_plain_gap_tractor", False))
    trump_gap_linked = bool(rules.level_gap_tractor if len(constant) == 1 else
                            getattr(rules, "zpy_trump_gap_tractor", False))
    slots: list[tuple[int, int, int, bool]] = []

    def suit_run(suit: int, effective: int, linked_gaps: bool) -> None:
        for i, rank in enumerate(chain_ranks):
            nxt = chain_ranks[i + 1] if i + 1 < len(chain_ranks) else None
            linked = nxt is not None and (nxt == rank + 1 or linked_gaps)
            slots.append((kind_of(suit, rank), effective, i + 1, linked))

    for suit in range(NUM_SUITS):
        if suit != trump:
            suit_run(suit, suit, gap_linked)
    if trump != NO_TRUMP:
        suit_run(trump, TRUMP, trump_gap_linked)
    power = len(chain_ranks) if trump != NO_TRUMP else 0
    for rank in reversed(constant):  # lowest tier first
        power += 1
        for suit in range(NUM_SUITS):  # the off-suit cards of a tier tie (§1.7)
            if suit != trump:
                slots.append((kind_of(suit, rank), TRUMP, power, False))
        if trump != NO_TRUMP:
            power += 1
            slots.append((kind_of(trump, rank), TRUMP, power, False))
    joker_linked = str(rules.joker_tractor_mode) != "none"
    slots.append((LITTLE_JOKER, TRUMP, power + 1, joker_linked))
    slots.append((BIG_JOKER, TRUMP, power + 2, False))
    return slots


def materialize(rules, trump: int) -> TrumpTables:
    """The kernel tables of `rules` with trump suit `trump` (0..3 = S H C D, or NO_TRUMP)."""
    if trump == NO_TRUMP and not getattr(rules, "allow_no_trump", False):
        raise ValueError("these rules have no no-trump hands (allow_no_trump = false)")
    if trump != NO_TRUMP and not 0 <= trump < NUM_SUITS:
        raise ValueError(f"trump must be 0..3 (S H C D) or NO_TRUMP, not {trump}")
    slots = _slots(rules, trump)
    assert len(slots) == NUM_KINDS <= NUM_BITS

    kind_to_bit = np.full(NUM_KINDS, NO_BIT, dtype=np.int64)
    bit_to_kind = np.full(NUM_BITS, NO_BIT, dtype=np.int64)
    bit_suit = np.full(NUM_BITS, -1, dtype=np.int64)
    bit_power = np.zeros(NUM_BITS, dtype=np.int64)
    chain_value = np.zeros(NUM_BITS, dtype=np.int64)
    points = np.zeros(NUM_BITS, dtype=np.int64)
    link_mask = chain_mask = 0
    for bit, (kind, suit, power, linked) in enumerate(slots):
        kind_to_bit[kind] = bit
        bit_to_kind[bit] = kind
        bit_suit[bit] = suit
        bit_power[bit] = power
        points[bit] = POINTS[kind]
        if linked:
            link_mask |= 1 << bit
            chain_mask |= (1 << bit) | (1 << (bit + 1))
    for bit in range(len(slots)):  # chain values: the suit chains are valued by position (§1.5.3)
        if chain_mask >> bit & 1:
            chain_value[bit] = bit_power[bit]

    suit_mask = np.zeros(NUM_EFFECTIVE_SUITS, dtype=np.uint64)
    beat_mask = np.zeros(NUM_BITS, dtype=np.uint64)
    for bit in range(len(slots)):
        suit_mask[bit_suit[bit]] |= np.uint64(1 << bit)
    for bit in range(len(slots)):
        higher = [b for b in range(len(slots)) if bit_suit[b] == bit_suit[bit] and bit_power[b] > bit_power[bit]]
        beat_mask[bit] = np.uint64(sum(1 << b for b in higher))

    eight_mask = np.zeros(NUM_RANKS, dtype=np.uint64)
    constant = {face - FACE_OFFSET for face in rules.constant_trump_ranks}
    if str(rules.eight_kind_mode) != "off":
        for rank in range(NUM_RANKS):
            if rank not in constant:
                eight_mask[rank] = np.uint64(sum(1 << int(kind_to_bit[kind_of(s, rank)]) for s in range(NUM_SUITS)))

    def mask_of(kinds) -> int:
        return sum(1 << int(kind_to_bit[k]) for k in kinds)

    joker_mask = mask_of((LITTLE_JOKER, BIG_JOKER)) if str(rules.joker_tractor_mode) != "none" else 0
    wangfen = (mask_of(kind_of(trump, r) for r in (RANK_5, RANK_10, RANK_K) if r not in constant)
               if trump != NO_TRUMP else 0)
    return TrumpTables(
        kind_to_bit=kind_to_bit,
        bit_to_kind=bit_to_kind,
        bit_suit=bit_suit,
        bit_power=bit_power,
        chain_value=chain_value,
        beat_mask=beat_mask,
        points=points,
        suit_mask=suit_mask,
        eight_mask=eight_mask,
        all_mask=np.uint64((1 << len(slots)) - 1),
        chain_mask=np.uint64(chain_mask),
        link_mask=np.uint64(link_mask),
        joker_mask=np.uint64(joker_mask),
        joker_top=int(kind_to_bit[BIG_JOKER]),
        wangfen_mask=np.uint64(wangfen),
        five_mask=np.uint64(mask_of(kind_of(s, RANK_5) for s in range(NUM_SUITS))),
        ten_mask=np.uint64(mask_of(kind_of(s, r) for s in range(NUM_SUITS) for r in (RANK_10, RANK_K))),
        trump=int(trump),
        num_players=int(rules.num_players),
        joker_mode=option_code("joker_tractor_mode", rules.joker_tractor_mode),
        joker_ruff_001=option_code("joker_tractor_ruff_001", rules.joker_tractor_ruff_001),
        ruff_rule=option_code("ruff_structure_rule", rules.ruff_structure_rule),
        follow_rule=option_code("follow_tractor_rule", rules.follow_tractor_rule),
        compare_rule=option_code("multi_unit_compare", rules.multi_unit_compare),
        eight_mode=option_code("eight_kind_mode", rules.eight_kind_mode),
        eight_void_must_play_pairs=int(bool(rules.eight_kind_void_must_play_pairs)),
        eight_fill_pairs=int(bool(rules.eight_kind_fill_pairs)),
        failed_priority=option_code("failed_throw_unit_priority", rules.failed_throw_unit_priority),
        allow_throws=int(bool(rules.allow_throws)),
        ruff_all_trump_for_singles=int(bool(rules.ruff_all_trump_required_for_singles)),
    )


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


def bits_to_kinds(tables: TrumpTables, ge1: int, eq2: int) -> list[int]:
    """The card kinds of a bitboard pair, sorted by kind id, copies repeated."""
    ge1, eq2 = int(ge1), int(eq2)
    kinds = []
    for bit in range(NUM_BITS):
        if ge1 >> bit & 1:
            kinds.extend([int(tables.bit_to_kind[bit])] * (2 if eq2 >> bit & 1 else 1))
    return sorted(kinds)
