"""The whole-hand engine (DESIGN.md §1, §2): the hand-flow kernel and the chunk runner.

`hand_rules.hand_rules(rules)` turns a RuleSet once into the `HandRules` bundle that the non-trick kernels
(`kernels.auction`, `kernels.scoring`, `kernels.ledger`) and the policies read; kernels never see a RuleSet.

- `run_chunk(spec, first_table, n_tables) -> io.schema.ChunkResult` (engine/chunk.py): play whole tables
  in parallel (Numba prange), the hand columns in hand order and, with spec.tricks, one row per trick.
- `replay_hand(spec, hand) -> dict` (engine/record.py): re-play one hand of a run and return its game
  record (DESIGN.md §8), which `baofen-sim judge` accepts.

Both are imported on first use (the kernels compile or load from the cache then), which also keeps
`engine.hand_rules` importable by the kernels without a cycle.
"""

from __future__ import annotations

from typing import Any

__all__ = ["replay_hand", "run_chunk"]


def __getattr__(name: str) -> Any:
    if name == "run_chunk":
        from baofen_sim.engine.chunk import run_chunk

        return run_chunk
    if name == "replay_hand":
        from baofen_sim.engine.record import replay_hand

        return replay_hand
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
