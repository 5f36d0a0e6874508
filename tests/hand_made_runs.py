"""Small hand-made runs and sweeps for the analysis tests: every number in them can be worked out by hand.
They are written by `simulate` with a stand-in engine (or as part files and a manifest for sweeps), so no
Numba engine runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from baofen_sim.io.manifest import manifest_path
from baofen_sim.io.parquet import HANDS_DIR, file_sha256, part_name, write_part
from baofen_sim.io.schema import ChunkResult, allocate, hand_columns, hands_to_arrow
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate

S, H, C, D = range(4)
NORMAL, QUANJI, BANJI, JINTAIYANG, ALL_PASS = range(5)
HANDS_PER_TABLE = 4
# Two tables of four hands. Columns: zhujiao, declarer, target, trump, bids, kitty, C, W, score, result,
# category, won, settlement per seat, pot after, failed throws, the declarer's strength.
HANDS = [
    # table 0
    (0, 0, 100, H, [100, 0, 0, 0], 10, 120, 30, 120, 20, NORMAL, True, [3, -1, -1, -1], 0, 0, 15.9),
    (0, -1, 0, -1, [0, 0, 0, 0], 20, 0, 0, 0, 0, ALL_PASS, False, [-2, -1, -1, -1], 5, 0, None),
    # jintaiyang: the declarer pays the pot (5) too, it doubles to 10 and is split (+2.5 each)
    (1, 2, 120, S, [0, 120, 0, 0], 30, 0, 0, -1500, -1500, JINTAIYANG, False, [6.5, 6.5, -14.5, 6.5], 0, 2, 16.0),
    (3, -1, 0, -1, [0, 0, 0, 0], 5, 0, 0, 0, 0, ALL_PASS, False, [-1, -1, -1, -2], 5, 0, None),
    # table 1 starts with an empty pot: this lost hand is no split
    (0, 1, 90, D, [0, 90, 0, 0], 0, 60, 0, -40, -130, NORMAL, False, [1, -3, 1, 1], 0, 1, 27.99),
    (2, 1, 100, C, [0, 0, 0, 100], 0, 200, 50, 500, 500, QUANJI, True, [-4, 12, -4, -4], 0, 0, 28.0),
    (1, -1, 0, -1, [0, 0, 0, 0], 10, 0, 0, 0, 0, ALL_PASS, False, [-1, -2, -1, -1], 5, 0, None),
    # banji; the winner takes the pot (5): no split
    (2, 3, 85, H, [0, 85, 0, 0], 15, 185, 50, 250, 250, BANJI, True, [-2, -2, -2, 11], 0, 0, 21.0),
]
OTHER_STRENGTH = 20.0  # every seat but the declarer
# The 水草 part of each settlement (pay-ins, the pot taken, split shares); the stakes part is the rest.
POT_FLOW = [[0, 0, 0, 0], [-2, -1, -1, -1], [2.5, 2.5, -2.5, 2.5], [-1, -1, -1, -2],
            [0, 0, 0, 0], [0, 0, 0, 0], [-1, -2, -1, -1], [0, 0, 0, 5]]


def hand_made_columns(hands: list[tuple[Any, ...]] = HANDS) -> dict[str, np.ndarray]:
    c = allocate(hand_columns(4), len(hands), max_bids=6)
    c["hand"][:] = np.arange(len(hands))
    c["table"][:] = c["hand"] // HANDS_PER_TABLE
    c["hand_in_table"][:] = c["hand"] % HANDS_PER_TABLE
    for i, (zj, d, t, trump, bids, k, pts, w, score, r, cat, won, settle, pot, ft, strength) in enumerate(hands):
        c["zhujiao"][i], c["declarer"][i], c["target"][i], c["trump"][i] = zj, d, t, trump
        c["bids"][i, : len(bids)] = bids
        c["kitty_points"][i], c["declarer_points"][i], c["wangfen_points"][i] = k, pts, w
        c["score"][i], c["result"][i], c["category"][i], c["declarer_won"][i] = score, r, cat, won
        for seat in range(4):
            c[f"settle_{seat}"][i] = settle[seat]
            c[f"strength_{seat}"][i] = strength if seat == d else OTHER_STRENGTH
        c["pot_after"][i], c["failed_throws"][i] = pot, ft
        c["tricks_played"][i] = 0 if d < 0 else 25
    return c


def write_run(out: Path, columns: dict[str, np.ndarray] | None = None, **spec_fields: Any) -> Path:
    """A run of the hand-made hands (or `columns`) written by `simulate`, one table per chunk."""
    columns = hand_made_columns() if columns is None else columns

    def engine(spec: RunSpec, first_table: int, n_tables: int) -> ChunkResult:
        rows = slice(first_table * HANDS_PER_TABLE, (first_table + n_tables) * HANDS_PER_TABLE)
        return ChunkResult({name: values[rows] for name, values in columns.items()})

    fields = {"deals": len(columns["hand"]), "hands_per_table": HANDS_PER_TABLE, "chunk_size": HANDS_PER_TABLE,
              **spec_fields}
    simulate(RunSpec(**fields), out, run_chunk=engine)
    return out


def set_spec(out: Path, **fields: Any) -> None:
    """Change fields of the spec in a run's manifest (e.g. ones RunSpec does not have yet: declarer, target)."""
    manifest = json.loads(manifest_path(out).read_text())
    manifest["spec"].update(fields)
    manifest_path(out).write_text(json.dumps(manifest))


def add_columns(parts: list[Path], columns: dict[str, list[float]]) -> None:
    """Rewrite part files (in hand order) with more columns, e.g. `pot_flow_<i>`, given for every row."""
    first = 0
    for part in parts:
        table = pl.read_parquet(part)
        rows = slice(first, first + table.height)
        table.with_columns(pl.Series(name, values[rows], dtype=pl.Float64) for name, values in columns.items()) \
            .write_parquet(part)
        first += table.height
    rerecord(parts)


def drop_columns(parts: list[Path], prefix: str) -> None:
    """Rewrite part files without the columns starting with `prefix` (a run written before they existed)."""
    for part in parts:
        table = pl.read_parquet(part)
        table.drop([name for name in table.columns if name.startswith(prefix)]).write_parquet(part)
    rerecord(parts)


def rerecord(parts: list[Path]) -> None:
    """Record rewritten part files' sizes and checksums in their run's manifest, as if simulate had written
    them (else report rightly takes them for altered parts)."""
    for part in parts:
        out = next(folder for folder in part.parents if manifest_path(folder).exists())
        manifest = json.loads(manifest_path(out).read_text())
        for entry in manifest.get("chunks", []):
            if entry["part"] == str(part.relative_to(out)):
                entry.update(bytes=part.stat().st_size, sha256=file_sha256(part), rows=pl.read_parquet(part).height)
        manifest_path(out).write_text(json.dumps(manifest))


def pot_flow_columns() -> dict[str, list[float]]:
    return {f"pot_flow_{s}": [row[s] for row in POT_FLOW] for s in range(4)}


def write_sweep(out: Path, vary: list[str], variants: list[tuple[dict[str, Any], dict[str, np.ndarray]]]) -> Path:
    """A sweep as `sweep` lays it out: hive directories `hands/<name>=<value>/...` of part files and a manifest
    of format baofen-sim-sweep, one variant per (values, columns)."""
    entries = []
    for values, columns in variants:
        directory = "/".join(f"{name}={values[name]}" for name in vary)
        (out / HANDS_DIR / directory).mkdir(parents=True)
        write_part(hands_to_arrow(columns), out / HANDS_DIR / directory / part_name(0))
        spec = RunSpec(deals=len(columns["hand"]), hands_per_table=HANDS_PER_TABLE)
        entries.append({"values": values, "dir": directory, "spec": spec.to_dict()})
    manifest = {"format": "baofen-sim-sweep", "format_version": 1, "status": "complete", "vary": vary,
                "variants": entries}
    manifest_path(out).write_text(json.dumps(manifest))
    return out
