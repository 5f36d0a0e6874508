"""Values within one effective suit: a tractor's value (RULES.md §1.5.3; the joker tractor BJ BJ LJ LJ, §1.6) and
the highest and lowest cards of a set by power (§1.3).

Bits rise with power in the layout of `baofen_sim.tables`, except the lowered t7 and t2 of the 5-player trump
suit (`lowered_mask`): they sit on the trump chain by face but above tA by power, so `top_bit` and `bottom_bit`
compare those by power, and a tractor's value is its chain position (`chain_value`), not its power.
"""

from __future__ import annotations

from baofen_sim.codes import (
    JOKER_R000,
    JOKER_R001,
    JOKER_RUFF_LARGEST,
    JOKER_TRACTOR_HIGH,
    JOKER_TRACTOR_LOW,
    MANNER_LED,
    MANNER_RUFFED,
)
from baofen_sim.kernels.bits import ONE, ZERO, highest_index, trailing_zeros
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.units import power


@njit(cache=True)
def joker_tractor_value(tb, is_declarer, manner):
    """§1.6: the value of BJ BJ LJ LJ as a tractor, from the holder's role (R000) or the manner (R001)."""
    if tb.joker_mode == JOKER_R000:
        high = is_declarer
    elif tb.joker_mode == JOKER_R001:
        high = manner == MANNER_LED or (manner == MANNER_RUFFED and tb.joker_ruff_001 == JOKER_RUFF_LARGEST)
    else:
        high = True
    return JOKER_TRACTOR_HIGH if high else JOKER_TRACTOR_LOW


@njit(cache=True)
def tractor_value(tb, top, is_declarer, manner):
    """§1.5.3 value of a tractor whose top pair is at (real) bit `top`: its chain position (on the 5-player
    trump chain the face position, "2、7下放之后的大小只看点数")."""
    if top == tb.joker_top and tb.joker_mask != ZERO:
        return joker_tractor_value(tb, is_declarer, manner)
    return tb.chain_value[top]


@njit(cache=True, inline="always")
def top_bit(tb, mask):
    """The bit of a highest-power card of `mask` (all of one effective suit); -1 if empty. Bits rise with power
    except the lowered 5-player t7/t2 (`lowered_mask`), which are compared by power."""
    if (mask & tb.lowered_mask) == ZERO:  # always outside the 5-player trump suit
        return highest_index(mask)
    return _top_bit_lowered(tb, mask)


@njit(cache=True)
def _top_bit_lowered(tb, mask):
    """`top_bit` of a mask holding lowered cards (kept out of line: the hot callers inline `top_bit`)."""
    lowered = mask & tb.lowered_mask
    best = highest_index(mask & ~lowered)
    while lowered != ZERO:
        b = trailing_zeros(lowered)
        if best < 0 or power(tb, b) > power(tb, best):
            best = b
        lowered = lowered & (lowered - ONE)
    return best


@njit(cache=True, inline="always")
def bottom_bit(tb, mask):
    """The bit of a lowest-power card of `mask` (one effective suit; among equal powers the lowest bit, i.e.
    the first suit in ♠♥♣♦); 64 if empty. The lowered t7/t2 are compared by power, as in `top_bit`."""
    lowered = mask & tb.lowered_mask
    best = trailing_zeros(mask & ~lowered)
    while lowered != ZERO:
        b = trailing_zeros(lowered)
        if best == 64 or power(tb, b) < power(tb, best):
            best = b
        lowered = lowered & (lowered - ONE)
    return best


@njit(cache=True)
def top_power(tb, mask):
    """Power of the highest card of `mask` (all of one effective suit); -1 if empty."""
    if mask == ZERO:
        return -1
    return power(tb, top_bit(tb, mask))
