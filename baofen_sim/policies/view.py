"""What a play policy may see (DESIGN.md §6): one numpy record, filled by the engine before each play.

A policy sees its own hand (passed separately as bitboards), the public plays, the trump (through the
TrumpTables), the roles and the declarer's points so far — never another hand or the kitty. Bitboards
use the trump-relative bit layout of `baofen_sim.tables` (ge1 = at least one copy, eq2 = both copies).
"""

from __future__ import annotations

import numpy as np

MAX_PLAYERS = 5

PLAY_VIEW_DTYPE = np.dtype([
    ("seat", np.int64),             # the player to act
    ("declarer", np.int64),         # 庄家 seat
    ("leader", np.int64),           # seat that led the current trick
    ("n_played", np.int64),         # plays already made in the current trick (0: the player leads)
    ("trick_index", np.int64),      # 0-based trick number
    ("trick_ge1", np.uint64, (MAX_PLAYERS,)),  # current trick, by seat (valid for seats that played)
    ("trick_eq2", np.uint64, (MAX_PLAYERS,)),
    ("played_ge1", np.uint64),      # every card played in earlier tricks: >= 1 copy
    ("played_eq2", np.uint64),      # ... both copies
    ("declarer_points", np.int64),  # card points the declarer has won so far (§6.1 C)
    ("target", np.int64),           # the declarer's bid
    ("hand_sizes", np.int64, (MAX_PLAYERS,)),
    ("throw_allowed", np.bool_),    # §4.4.2 / §4.6: may the leader attempt a throw now
])


def new_play_view() -> np.record:
    """A zeroed view (Python side); kernels allocate theirs with np.zeros(1, PLAY_VIEW_DTYPE)[0]."""
    return np.rec.array(np.zeros(1, dtype=PLAY_VIEW_DTYPE))[0]
