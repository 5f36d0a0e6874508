"""The output tables (DESIGN.md §7), in one place: every column's name, the numpy dtype the engine fills,
its Arrow type, and the conversion of a chunk's numpy columns to an Arrow table.

The engine fills plain numpy arrays (`allocate_*` gives them preallocated, in the right dtypes); this
module is the only place that turns them into Arrow, at the I/O edge:

- small integer codes with `labels` become dictionary strings (`category` "normal", `trump` "H", ...);
- `bids` is a 2-D int16 array padded on the right with −1 (a pass is 0) and becomes list<int16>;
- columns marked `declared_only` are null in all-pass hands (declarer == −1): the declarer's target,
  trump, points and result mean nothing there.

Per-seat columns (`settle_0` ...) come in one copy per player of the rule set.

pyarrow is imported where it is used: a `simulate` plays its first chunk while its writer thread loads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from baofen_sim.codes import BID_PAD, LEAD_KIND_LABELS
from baofen_sim.records import SEAT_SHAPE

if TYPE_CHECKING:
    import pyarrow as pa


class SchemaError(ValueError):
    """Engine output that does not match the schema (a missing or unknown column, a wrong dtype or length)."""


@dataclass(frozen=True, slots=True)
class Column:
    """One output column."""

    name: str
    dtype: str  # numpy dtype the engine fills
    doc: str
    labels: tuple[str, ...] | None = None  # int codes → dictionary<int8, string>; −1 → null
    declared_only: bool = False  # null when declarer == −1
    padded_list: bool = False  # 2-D array padded with BID_PAD → list<dtype>

    @property
    def arrow_type(self) -> pa.DataType:
        import pyarrow as pa

        if self.labels is not None:
            return pa.dictionary(pa.int8(), pa.string())
        value_type = pa.from_numpy_dtype(np.dtype(self.dtype))
        return pa.list_(value_type) if self.padded_list else value_type


def _per_seat(name: str, dtype: str, doc: str, num_players: int) -> list[Column]:
    return [Column(f"{name}_{seat}", dtype, f"{doc}, seat {seat}") for seat in range(num_players)]


@dataclass(frozen=True, slots=True)
class RowLayout:
    """How a game's engine row becomes hand columns: its fields (name, dtype, shape, description; no description:
    engine only), the coded fields' labels, the fields that are null without a declarer, and the shapes that
    become one column per seat (`settle_0` ...) or per team (`levels_after_0` ...)."""

    fields: tuple[tuple[str, type, tuple[int, ...], str | None], ...]
    labels: dict[str, tuple[str, ...]]
    declared_only: frozenset[str] = frozenset()
    team_shape: tuple[int, ...] | None = None


def hand_columns(num_players: int = 4, layout: RowLayout | None = None) -> tuple[Column, ...]:
    """The columns of the hand table, one row per hand, in file order: the described fields of the engine's
    hand row (`layout`; default: the default game's), a per-seat field once per seat, a per-team field once per
    team."""
    if layout is None:
        from baofen_sim.games import default_game

        layout = default_game().rows()
    columns: list[Column] = []
    for name, dtype, shape, doc in layout.fields:
        if doc is None:
            continue
        numpy_type = np.dtype(dtype).name
        if shape == SEAT_SHAPE:
            columns.extend(_per_seat(name, numpy_type, doc, num_players))
        elif shape == layout.team_shape:
            columns.extend(Column(f"{name}_{team}", numpy_type, f"{doc}, team {team}") for team in range(shape[0]))
        else:
            columns.append(Column(name, numpy_type, doc, labels=layout.labels.get(name),
                                  declared_only=name in layout.declared_only, padded_list=shape != ()))
    return tuple(columns)


TRICK_COLUMNS: tuple[Column, ...] = (
    Column("hand", "int64", "global hand index"),
    Column("declarer", "int8", "declarer seat of the hand (a hand of a declarer = each run is played once per seat)"),
    Column("trick", "int16", "trick number in the hand, from 0"),
    Column("leader", "int8", "seat that led"),
    Column("winner", "int8", "seat that won"),
    Column("points", "int16", "card points in the trick"),
    Column("cards", "int16", "cards per player"),
    Column("lead_kind", "int8", "shape of the lead", labels=LEAD_KIND_LABELS),
    Column("throw_failed", "bool", "the lead was a failed throw (§4.4)"),
    Column("ruffed", "bool", "a trump beat a plain-suit lead (§3)"),
)


def arrow_schema(columns: tuple[Column, ...]) -> pa.Schema:
    """The Arrow schema of a table; each field carries its description (`description` field metadata), so
    the Parquet files document their columns."""
    import pyarrow as pa

    return pa.schema([pa.field(c.name, c.arrow_type, nullable=True, metadata={"description": c.doc})
                      for c in columns])


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """What the engine returns for one chunk: numpy columns in hand order (tricks: in (hand, trick) order). A
    column may be a strided view of the engine's records (a game's `run_chunk(..., copy=False)`); `to_arrow`
    copies such columns (`contiguous_columns`)."""

    hands: dict[str, np.ndarray]
    tricks: dict[str, np.ndarray] | None = None


# ---- preallocation for the engine ----


def allocate(columns: tuple[Column, ...], n_rows: int, max_bids: int = 0) -> dict[str, np.ndarray]:
    """Zeroed arrays for `n_rows` rows (`bids` filled with BID_PAD, shape (n_rows, max_bids))."""
    arrays = {}
    for c in columns:
        if c.padded_list:
            arrays[c.name] = np.full((n_rows, max_bids), BID_PAD, dtype=c.dtype)
        else:
            arrays[c.name] = np.zeros(n_rows, dtype=c.dtype)
    return arrays


COPY_BLOCK_ROWS = 4096  # rows per pass of `contiguous_columns`: ~1.3 MB of Baofen hand records, cached for every column


def contiguous_columns(columns: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The columns, each strided view (of one record array, `rows["settle"][:, 0]` ..., all of equal length)
    replaced by a contiguous copy. The views are copied COPY_BLOCK_ROWS rows at a time, every view in each
    block: a view at a time would read the whole record array once per column (~50 passes over 20 MB a chunk,
    4x slower)."""
    views = {name: array for name, array in columns.items() if not array.flags.c_contiguous}
    if not views:
        return columns
    copies = {name: np.empty(view.shape, dtype=view.dtype) for name, view in views.items()}
    n_rows = len(next(iter(views.values())))
    for start in range(0, n_rows, COPY_BLOCK_ROWS):
        block = slice(start, start + COPY_BLOCK_ROWS)
        for name, view in views.items():
            copies[name][block] = view[block]
    return {name: copies.get(name, array) for name, array in columns.items()}


# ---- numpy → Arrow ----


def to_arrow(arrays: dict[str, np.ndarray], columns: tuple[Column, ...]) -> pa.Table:
    """The Arrow table for numpy `arrays` (exactly `columns`, right dtypes, equal lengths) or SchemaError."""
    import pyarrow as pa

    _check_names(arrays, columns)
    arrays = contiguous_columns(arrays)
    n_rows = len(arrays[columns[0].name])
    undeclared = arrays["declarer"] < 0 if any(c.declared_only for c in columns) else None
    out = []
    for c in columns:
        values = arrays[c.name]
        if values.dtype != np.dtype(c.dtype) or len(values) != n_rows or values.ndim != (2 if c.padded_list else 1):
            raise SchemaError(
                f"column {c.name}: got {values.dtype} shape {values.shape}, expected {c.dtype} "
                f"{'(n, max_bids)' if c.padded_list else '(n,)'} with n = {n_rows}"
            )
        mask = undeclared if c.declared_only else None
        out.append(_convert(c, values, mask))
    return pa.Table.from_arrays(out, schema=arrow_schema(columns))


def hands_to_arrow(hands: dict[str, np.ndarray], num_players: int = 4, layout: RowLayout | None = None) -> pa.Table:
    return to_arrow(hands, hand_columns(num_players, layout))


def tricks_to_arrow(tricks: dict[str, np.ndarray]) -> pa.Table:
    return to_arrow(tricks, TRICK_COLUMNS)


def _check_names(arrays: dict[str, np.ndarray], columns: tuple[Column, ...]) -> None:
    expected = [c.name for c in columns]
    missing = [n for n in expected if n not in arrays]
    unknown = [n for n in arrays if n not in expected]
    if missing or unknown:
        raise SchemaError(
            f"columns missing: {missing or 'none'}; not in baofen_sim.io.schema: {unknown or 'none'}"
        )


def _convert(c: Column, values: np.ndarray, mask: np.ndarray | None) -> pa.Array:
    import pyarrow as pa

    if c.padded_list:
        return _padded_to_list(c.name, values)
    if c.labels is not None:
        bad = (values < -1) | (values >= len(c.labels))
        if bad.any():
            raise SchemaError(f"column {c.name}: code {values[bad][0]} is not -1..{len(c.labels) - 1}")
        null = values < 0 if mask is None else (values < 0) | mask
        indices = pa.array(np.where(null, 0, values).astype(np.int8), mask=null)
        return pa.DictionaryArray.from_arrays(indices, pa.array(c.labels, pa.string()))
    return pa.array(values, mask=mask)


def _padded_to_list(name: str, values: np.ndarray) -> pa.Array:
    """list<...> from a 2-D array whose rows are values then BID_PAD to the right."""
    import pyarrow as pa

    present = values != BID_PAD
    if values.shape[1] > 1 and (present[:, 1:] & ~present[:, :-1]).any():
        raise SchemaError(f"column {name}: a value follows the -1 padding")
    offsets = np.zeros(len(values) + 1, dtype=np.int32)
    np.cumsum(present.sum(axis=1), out=offsets[1:])
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values[present]))
