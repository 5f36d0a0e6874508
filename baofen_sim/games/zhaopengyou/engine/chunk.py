"""The 找朋友 chunk runner: whole tables in parallel, one block of tables per `prange` iteration, as Baofen's and
80分's (engine/chunk.py, whose notes on private copies and compile time hold here too).

A table plays its hands in order and carries the seat that receives the next first card (§7.4.2,
`ZPY_SCRATCH_DTYPE.deal_first`); tables share nothing but read-only inputs and write disjoint rows, so the rows
depend neither on the thread count nor on the chunking.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import prange

from baofen_sim.cards import NUM_KINDS, SUIT_LETTERS, card_name
from baofen_sim.engine.tricks import load_policies
from baofen_sim.games.baofen.engine.chunk import BLOCK_ROWS, zeros_records
from baofen_sim.games.zhaopengyou.engine.calling import FRIEND_STATUS_LABELS
from baofen_sim.games.zhaopengyou.engine.hand import play_hand_zpy
from baofen_sim.games.zhaopengyou.engine.materialize import zpy_inputs
from baofen_sim.games.zhaopengyou.engine.records import (
    SEAT_SHAPE,
    ZPY_LOG_DTYPE,
    ZPY_ROW_DTYPE,
    ZPY_ROW_FIELDS,
    ZPY_SCRATCH_DTYPE,
)
from baofen_sim.io.schema import ChunkResult, RowLayout, contiguous_columns
from baofen_sim.kernels.jit import njit
from baofen_sim.policies.sampler.entry import link_play
from baofen_sim.records import PLAY_STATE_DTYPE, PLAY_VIEW_DTYPE
from baofen_sim.runs.runspec import RunSpec

CARD_LABELS = tuple(card_name(kind) for kind in range(NUM_KINDS))
ZPY_ROWS = RowLayout(ZPY_ROW_FIELDS, {"trump": tuple(SUIT_LETTERS), "flip_card": CARD_LABELS,
                                      "call_card": CARD_LABELS, "friend_card": CARD_LABELS,
                                      "friend_status": FRIEND_STATUS_LABELS})


class ZpyOutput(NamedTuple):
    rows: np.ndarray  # ZPY_ROW_DTYPE[n]
    logs: np.ndarray  # ZPY_LOG_DTYPE[n] (or [1] when unused)


@njit(cache=True)
def play_table_range_zpy(run, out, first_table, n_tables, first_row):
    """Every hand of tables first_table .. first_table + n_tables − 1 into rows first_row, first_row + 1, ..."""
    scratch = zeros_records(ZPY_SCRATCH_DTYPE, 1)
    state = zeros_records(PLAY_STATE_DTYPE, 1)
    view = zeros_records(PLAY_VIEW_DTYPE, 1)
    rules = run.hand_rules.copy()  # HAND_ZPY_RULES_DTYPE: the trick machinery's rules and the §9.5 options
    tables = run.tables.copy()
    constants = run.constants.copy()
    rows, logs = out.rows, out.logs
    load_policies(run, state[0], rules[0].num_players)
    hands_per_table = constants[0].hands_per_table
    r = first_row
    for table in range(first_table, first_table + n_tables):
        hands = min(hands_per_table, constants[0].deals - table * hands_per_table)
        for hand in range(hands):
            cs = constants[0]
            log = logs[r] if cs.do_log else logs[0]
            play_hand_zpy(rules[0], tables, cs, table, hand, rows[r], log, scratch[0], state[0], view[0])
            r += 1


@njit(cache=True, parallel=True)
def play_tables_zpy(run, out, first_table, n_tables):
    """Tables first_table .. first_table + n_tables − 1 in blocks of about BLOCK_ROWS rows, one per prange
    iteration; table i of the chunk writes rows from i × hands per table."""
    rows_per_table = run.constants[0].hands_per_table
    block = max(1, BLOCK_ROWS // rows_per_table)
    for b in prange((n_tables + block - 1) // block):
        first = b * block
        play_table_range_zpy(run, out, first_table + first, min(block, n_tables - first), first * rows_per_table)


def zpy_output(n_rows: int, log: bool = False) -> ZpyOutput:
    """Zeroed output records for `n_rows` rows (logs only when asked for)."""
    rows = np.zeros(n_rows, dtype=ZPY_ROW_DTYPE).view(np.recarray)
    logs = np.zeros(n_rows if log else 1, dtype=ZPY_LOG_DTYPE)
    return ZpyOutput(rows, logs.view(np.recarray))


def play_chunk_zpy(spec: RunSpec, first_table: int, n_tables: int, log: bool = False,
                   deals: int | None = None) -> ZpyOutput:
    """Run the kernel on tables first_table .. first_table + n_tables − 1 (the run cut at `deals` hands)."""
    run = zpy_inputs(spec, deals, log)
    end = min(int(run.constants[0].deals), (first_table + n_tables) * spec.hands_per_table)
    n_rows = max(0, end - first_table * spec.hands_per_table)
    out = zpy_output(n_rows, log)
    if n_rows:
        link_play(run.hand_rules, spec.policies, spec.rules.game)
        play_tables_zpy(run, out, first_table, n_tables)
    return out


def top_kernel_args_zpy(spec: RunSpec) -> tuple:
    """`play_tables_zpy`'s arguments for the first table of `spec` (warmup.plan types the engine from them)."""
    return zpy_inputs(spec), zpy_output(1), 0, 1


def hand_arrays_zpy(spec: RunSpec, rows: np.ndarray, copy: bool = True) -> dict[str, np.ndarray]:
    """The hand columns of a chunk's rows (`ZPY_ROWS`): a per-seat field once per seat; copied block by block
    (`io.schema.contiguous_columns`), or with `copy=False` strided views of the rows."""
    arrays = {}
    for name, _, shape, doc in ZPY_ROW_FIELDS:
        if doc is None:
            continue
        values = rows[name]
        if shape == SEAT_SHAPE:
            arrays.update({f"{name}_{seat}": values[:, seat] for seat in range(spec.num_players)})
        else:
            arrays[name] = values
    return contiguous_columns(arrays) if copy else arrays


def run_chunk_zpy(spec: RunSpec, first_table: int, n_tables: int, copy: bool = True) -> ChunkResult:
    """Play tables first_table .. first_table + n_tables − 1 of a 找朋友 `spec`: the hand columns in hand order
    (`copy=False`: views of the engine's rows, which the writer copies)."""
    return ChunkResult(hand_arrays_zpy(spec, play_chunk_zpy(spec, first_table, n_tables).rows, copy))
