"""Counter-based random streams and the deal (DESIGN.md §4).

A stream is keyed on (seed, hand, stream id) by splitmix64 mixing, the hand being its global index in the
run, so hand h gets the same cards whatever the chunking, thread count, hands per table, rule variant or
policies. The state is one uint64 passed in and returned
(`state, value = next_u64(state)`); there is no global state.

The deal works in *kind space*: `deal_pack` shuffles the 108 cards (Fisher-Yates), `deal_hands` hands them
out round-robin by absolute seat (seat 0 first, whoever is 主叫: DESIGN §4 seat-stable deals) and returns
per-seat bitboards over card kinds 0..53 (ge1/eq2, as in the trump-relative layout but indexed by kind id)
plus the kitty. Remap to a trump layout with
`hands.hand_from_kinds` once the trump is known.
"""

from __future__ import annotations

import numpy as np
from numba import config

from baofen_sim.cards import NUM_KINDS, PACK_SIZE
from baofen_sim.kernels.jit import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # splitmix64 increment
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_K0, _K2, _K3 = np.uint64(0x243F6A8885A308D3), np.uint64(0xA4093822299F31D0), np.uint64(0x082EFA98EC4E6C89)
_LOW32 = np.uint64(0xFFFFFFFF)
_S11, _S27, _S30, _S31, _S32 = np.uint64(11), np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)
_UNIT_53 = 1.0 / 9007199254740992.0  # 2**-53: a 53-bit draw → [0, 1)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)

# Stream ids (DESIGN.md §4): the deal, the auction, then one stream per seat's policy.
STREAM_DEAL = 0
STREAM_AUCTION = 1
STREAM_DRAW = 2  # draws of a game's flow: the random 庄 of an 80分 first hand nobody declared in
STREAM_SEAT_BASE = 16  # seat s uses STREAM_SEAT_BASE + s


if config.DISABLE_JIT:
    def _wrap_mul(a, b):
        with np.errstate(over="ignore"):
            return np.uint64(a) * np.uint64(b)

    def _wrap_add(a, b):
        with np.errstate(over="ignore"):
            return np.uint64(a) + np.uint64(b)
else:
    @njit(cache=True)
    def _wrap_mul(a, b):
        return np.uint64(a) * np.uint64(b)

    @njit(cache=True)
    def _wrap_add(a, b):
        return np.uint64(a) + np.uint64(b)


@njit(cache=True)
def mix64(z):
    """splitmix64's finaliser: a bijective avalanche of a uint64."""
    z = np.uint64(z)
    z = _wrap_mul(z ^ (z >> _S30), _MIX1)
    z = _wrap_mul(z ^ (z >> _S27), _MIX2)
    return z ^ (z >> _S31)


@njit(cache=True)
def stream_key(seed, hand, stream):
    """Initial state of the stream (seed, hand, stream) of the run's hand `hand` (its global index); each
    argument a non-negative integer."""
    h = mix64(np.uint64(seed) ^ _K0)
    h = mix64(h ^ _wrap_add(np.uint64(hand), _K2))
    return mix64(h ^ _wrap_add(np.uint64(stream), _K3))


@njit(cache=True)
def next_u64(state):
    """(new state, 64 random bits)."""
    state = _wrap_add(state, GOLDEN)
    return state, mix64(state)


@njit(cache=True)
def uniform01(state):
    """(new state, a float64 uniform in [0, 1) with 53 random bits)."""
    state, r = next_u64(state)
    return state, np.float64(r >> _S11) * _UNIT_53


@njit(cache=True)
def bounded(state, n):
    """(new state, uniform integer in [0, n)) for 1 <= n < 2**32 (Lemire's method, exact). The rejection
    threshold 2**32 mod n takes a division, so it is computed only when the low word is below n (rarely)."""
    bound = np.uint64(n)
    state, r = next_u64(state)
    product = (r >> _S32) * bound  # < 2**64: a 32-bit draw times n < 2**32
    if (product & _LOW32) < bound:
        threshold = ((_LOW32 - bound) + _ONE) % bound  # 2**32 mod n, < n
        while (product & _LOW32) < threshold:
            state, r = next_u64(state)
            product = (r >> _S32) * bound
    return state, np.int64(product >> _S32)


@njit(cache=True)
def bounded64(state, n):
    """(new state, integer in [0, n)) for any 1 <= n < 2**63; bias below n / 2**64."""
    state, r = next_u64(state)
    return state, np.int64(r % np.uint64(n))


@njit(cache=True)
def shuffle_pack(state, pack):
    """Fill `pack` (int64[108]) with the 108 cards in a uniformly random order; returns the new state."""
    for i in range(PACK_SIZE):
        pack[i] = i // 2  # kind i//2, two copies each
    for i in range(PACK_SIZE - 1, 0, -1):
        state, j = bounded(state, i + 1)
        card = pack[i]
        pack[i] = pack[j]
        pack[j] = card
    return state


@njit(cache=True)
def deal_pack(seed, hand, pack):
    """Shuffle `pack` for the run's hand `hand` (its global index) under `seed` (stream STREAM_DEAL)."""
    shuffle_pack(stream_key(seed, hand, STREAM_DEAL), pack)


@njit(cache=True)
def deal_hands(pack, num_players, hand_size, out_ge1, out_eq2):
    """Hand out `pack` by absolute seat: card i goes to seat i mod N for i < N × hand_size, the rest is the
    kitty (seat-stable: the same cards at each seat whoever is 主叫, DESIGN §4; RULES §5.3 dealing from the
    主叫 is the same for a uniformly random deal). Writes kind-space bitboards per seat into out_ge1/out_eq2
    (uint64[N]) and returns (kitty_ge1, kitty_eq2)."""
    dealt = num_players * hand_size
    for seat in range(num_players):  # a seat at a time: its bitboards stay in registers
        ge1 = _ZERO
        eq2 = _ZERO
        for i in range(seat, dealt, num_players):
            card = _ONE << np.uint64(pack[i])
            eq2 |= ge1 & card
            ge1 |= card
        out_ge1[seat] = ge1
        out_eq2[seat] = eq2
    kitty_ge1 = _ZERO
    kitty_eq2 = _ZERO
    for i in range(dealt, PACK_SIZE):
        card = _ONE << np.uint64(pack[i])
        kitty_eq2 |= kitty_ge1 & card
        kitty_ge1 |= card
    return kitty_ge1, kitty_eq2


@njit(cache=True)
def kind_counts(ge1, eq2, out):
    """Copies of each kind (int64[54]) of a kind-space bitboard pair."""
    for kind in range(NUM_KINDS):
        card = _ONE << np.uint64(kind)
        out[kind] = (1 if ge1 & card else 0) + (1 if eq2 & card else 0)
