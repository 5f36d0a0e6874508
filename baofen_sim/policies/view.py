"""What a play policy may see (DESIGN.md §6): one numpy record, filled by the engine before each play.

A policy sees its own hand (passed separately as bitboards), the public plays, the trump (through the
TrumpTables), the roles and the declarer's points so far — never another hand or the kitty. Bitboards
use the trump-relative bit layout of `baofen_sim.tables` (ge1 = at least one copy, eq2 = both copies).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.records import PLAY_VIEW_DTYPE


def new_play_view() -> np.record:
    """A zeroed view (Python side); kernels allocate theirs with np.zeros(1, PLAY_VIEW_DTYPE)[0]."""
    return np.rec.array(np.zeros(1, dtype=PLAY_VIEW_DTYPE))[0]
