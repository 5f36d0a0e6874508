"""Baofen's whole-hand engine (DESIGN.md §1, §2), in the order a hand is played:

- `auction.py`: the auction, each seat's bid policy over `kernels.auction`;
- `hand.py`: one hand strung together — deal, auction, kitty and bury, trump, tricks (the shared
  `baofen_sim.engine.tricks`), scoring (`kernels.scoring`) and the table ledger (`kernels.ledger`);
- `chunk.py`: whole tables in parallel (Numba prange) — `run_chunk(spec, first_table, n_tables) ->
  io.schema.ChunkResult`, the hand columns in hand order and, with spec.tricks, one row per trick.

Replay (a hand's game record, DESIGN.md §8) is the game's `replay.py`. Its inputs come from one materialize step
(`baofen_sim.materialize`); kernels never see a RuleSet.

`run_chunk` and `replay_hand` are imported on first use: importing one module of the package must not build the
engine, whose dispatchers import the plug-ins (`policies.dispatch`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from baofen_sim.games.baofen.engine.chunk import run_chunk
    from baofen_sim.games.baofen.replay import replay_hand

__all__ = ["replay_hand", "run_chunk"]
_LAZY = {"run_chunk": "baofen_sim.games.baofen.engine.chunk", "replay_hand": "baofen_sim.games.baofen.replay"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value
