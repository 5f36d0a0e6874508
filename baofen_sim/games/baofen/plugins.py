"""Sample calls of Baofen's own plug-in decisions (docs/policies.md), on which `policies.plugins.check_compiles`
runs a plug-in's functions before the engine compiles: seat 0 of a fixed deal of 25 distinct cards."""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS
from baofen_sim.codes import AUCTION_STATE_SIZE
from baofen_sim.records import MAX_PARAMS


def sample_arguments() -> dict[str, tuple]:
    """One sample call per decision: the bid at the start of an auction, the bury, the trump."""
    from baofen_sim.rules import preset

    rules = preset("baofen")
    counts = np.zeros(NUM_KINDS, dtype=np.int8)
    counts[list(range(0, 50, 2))] = 1  # 25 distinct cards
    params = np.zeros(MAX_PARAMS, dtype=np.float64)
    rng = np.uint64(1)
    legal = np.array(rules.bid_open_values, dtype=np.int64)
    return {
        "bid": (params, counts, legal, len(legal), np.zeros(AUCTION_STATE_SIZE, dtype=np.int64), rng),
        "bury": (params, counts, rng, np.zeros(rules.kitty_size, dtype=np.int64)),
        "trump": (params, counts, rng),
    }
