"""Sample calls of the 5-player 找朋友's own plug-in decisions (docs/policies.md), on which
`policies.plugins.check_compiles` runs a plug-in's functions before the engine compiles."""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS
from baofen_sim.records import MAX_KITTY, MAX_PARAMS


def sample_arguments() -> dict[str, tuple]:
    """One sample call per 找朋友 decision (the lead and follow are Baofen's): a seat of 20 cards with a pair of 7♥
    and a 7♠ may call with either 7 after 12 cards, make the forced call with either (naming ♠ or ♥, as under
    any_7), overcall with its pair of 7♥, concede under ♠, and bury 8 of its 28 cards (trump ♠)."""
    from baofen_sim.cards import RANK_7, kind_of

    seven_s, seven_h = kind_of(0, RANK_7), kind_of(1, RANK_7)
    counts = np.zeros(NUM_KINDS, dtype=np.int8)
    counts[[2, 9, 16, 22, 28, 30, 35, 41, 44, 47, 50, 52, 53, 12, 25, 38, 40]] = 1
    counts[seven_s], counts[seven_h] = 1, 2
    options, option_trumps = np.zeros(NUM_KINDS, dtype=np.int64), np.zeros(NUM_KINDS, dtype=np.int64)
    options[:2] = seven_s, seven_h
    option_trumps[:2] = 0, 1
    hand = counts.copy()
    hand[[0, 1, 3, 4, 13, 14, 26, 27]] = 1  # the kitty taken up: 28 cards
    params = np.zeros(MAX_PARAMS, dtype=np.float64)
    rng, trump = np.uint64(1), 0
    return {
        "call7": (params, counts, 12, 2, options, rng),
        "forced_call": (params, counts, 2, options, option_trumps, rng),
        "overcall": (params, counts, 1, options[1:], rng),
        "concede": (params, counts, trump, rng),
        "bury_zpy": (params, hand, trump, rng, np.zeros(MAX_KITTY, dtype=np.int64)[:8]),
    }
