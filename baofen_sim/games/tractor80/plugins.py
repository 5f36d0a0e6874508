"""Sample calls of 80分's own plug-in decisions (docs/policies.md), on which `policies.plugins.check_compiles` runs
a plug-in's functions before the engine compiles."""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS
from baofen_sim.codes import NO_SEAT
from baofen_sim.records import MAX_KITTY, MAX_PARAMS


def sample_arguments() -> dict[str, tuple]:
    """One sample call per 80分 decision (the lead and follow are Baofen's), at level 2: seat 1 holds eight cards,
    a pair of 2♠ among them, and may show a single or the pair, or challenge a single with the pair; the 庄 (seat 0)
    buries 8 of his 33 cards, kitty included."""
    from baofen_sim.games.tractor80.engine.declaring import MAX_SHOWINGS, TIER_NONE, TIER_PAIR, TIER_SINGLE

    counts = np.zeros(NUM_KINDS, dtype=np.int8)
    counts[[0, 14, 20, 27, 33, 40, 46]] = 1
    counts[0] = 2  # 2♠ 2♠
    tiers, suits = np.zeros(MAX_SHOWINGS, dtype=np.int64), np.zeros(MAX_SHOWINGS, dtype=np.int64)
    tiers[:2] = TIER_SINGLE, TIER_PAIR
    hand = np.zeros(NUM_KINDS, dtype=np.int8)
    hand[1:34] = 1
    params = np.zeros(MAX_PARAMS, dtype=np.float64)
    rng, level = np.uint64(1), 0
    return {
        "showing": (params, counts, 8, level, NO_SEAT, TIER_NONE, 0, 1, 2, tiers, suits, rng),
        "fandi": (params, counts, level, 0, TIER_SINGLE, 0, 1, 1, tiers[1:], suits[1:], rng),
        "bury80": (params, hand, level, 0, rng, np.zeros(MAX_KITTY, dtype=np.int64)[:8]),
    }
