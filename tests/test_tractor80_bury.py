"""The 80分 heuristic's bury (games.tractor80.policies.heuristic): points weigh lightly beside pairs, so that a 5 is
buried before a pair is broken (the play guards the last trick that would multiply it:
policies.heuristic.last_trick)."""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS, parse_cards
from baofen_sim.games.tractor80.policies.heuristic import heuristic_bury

LEVEL_2 = 0  # rank index of the level played
TRUMP_H = 1  # ♥


def test_a_five_is_buried_before_half_of_a_low_pair():
    counts = np.zeros(NUM_KINDS, dtype=np.int64)
    for kind in parse_cards("S3 S3 S5"):
        counts[kind] += 1
    out = np.empty(1, dtype=np.int64)
    heuristic_bury(counts, LEVEL_2, TRUMP_H, out)
    assert list(out) == parse_cards("S5")
