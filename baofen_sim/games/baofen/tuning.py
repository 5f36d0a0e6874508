"""What `tune-play` tunes in Baofen (`studies.tune_play`): seat 0 declares every deal at a target (85 unless
`--target` says), and the objective is his settlement."""

from __future__ import annotations

import numpy as np

from baofen_sim.studies.tune_play import GRID, PlayTuning

TUNE_PLAY_TARGET = 85  # the forced declarer's target by default


def declarer_settlement(hands: dict[str, np.ndarray], spec) -> np.ndarray:
    """Seat 0's settlement in each hand (he declares every one)."""
    return hands["settle_0"].astype(np.float64)


TUNING = PlayTuning(GRID, "the declarer's settlement (seat 0, forced to declare at the target)", declarer_settlement,
                    forced_target=TUNE_PLAY_TARGET)
