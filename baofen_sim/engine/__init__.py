"""The whole-hand engine (DESIGN.md §1, §2), in the order a hand is played:

- `auction.py`: the auction, each seat's bid policy over `kernels.auction`;
- `hand.py`: one hand strung together — deal, auction, kitty and bury, trump, tricks, scoring
  (`kernels.scoring`) and the table ledger (`kernels.ledger`);
- `tricks.py`: the play of the tricks (leads, throws and their penalties, follows, winners);
- `chunk.py`: whole tables in parallel (Numba prange) — `run_chunk(spec, first_table, n_tables) ->
  io.schema.ChunkResult`, the hand columns in hand order and, with spec.tricks, one row per trick;
- `record.py`: replay — `replay_hand(spec, hand) -> dict`, a hand's game record (DESIGN.md §8) that
  `baofen-sim judge` accepts.

Its inputs come from one materialize step (`baofen_sim.materialize`); kernels never see a RuleSet.
"""

from __future__ import annotations

from baofen_sim.engine.chunk import run_chunk
from baofen_sim.engine.record import replay_hand

__all__ = ["replay_hand", "run_chunk"]
