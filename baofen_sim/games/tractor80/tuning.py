"""What `tune-play` tunes in 80分 (`studies.tune_play`): no one is forced to declare; every deal is a table's first
hand (the 庄 the last seat to show, RULES.md §7.3.6), so the paired runs of a round share the deals, the showings, the
庄 and the bury (which read no play parameter), and the objective is the 庄家方's 积分 change (the `settle` of the
庄's seat, §7.3.12: the levels won or lost, × score_per_level). "declarer" is the 庄家方 (the 庄 and his partner),
the defenders the 抓分方, and each side's last-trick guard (`declarer_last_trick`, `defender_last_trick`) is tuned
with its play (the 抠底 of §7.3.11).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.studies.tune_play import GRID, PlayTuning

LAST_TRICK_CARDS = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0)
GRID80: dict[str, dict[str, tuple[float, ...]]] = {
    side: {**names, f"{'declarer' if side == 'declarer' else 'defender'}_last_trick": LAST_TRICK_CARDS}
    for side, names in GRID.items()
}


def zhuang_side_settlement(hands: dict[str, np.ndarray], spec) -> np.ndarray:
    """The 积分 change of the 庄's seat in each hand: his side's result."""
    settle = np.stack([hands[f"settle_{seat}"] for seat in range(spec.num_players)], axis=1)
    return settle[np.arange(len(settle)), hands["zhuang"]].astype(np.float64)


TUNING = PlayTuning(GRID80, "the 庄家方's 积分 change (the settle of the 庄's seat)", zhuang_side_settlement)
