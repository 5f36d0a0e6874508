"""The chunk runner (DESIGN.md §1, §4, §5): whole tables in parallel, one table per `prange` iteration.

A table plays its hands in order and carries its ledger (主叫, 水草 pot, cumulative totals) from hand to hand
(with a forced declarer of every seat, RunSpec.declarer = each, its one hand once per seat, each from a new
ledger);
tables share nothing but read-only inputs and write disjoint output rows, so the rows do not depend on
the thread count or the chunking. Each table first takes private copies of the inputs (`materialize.
KernelInputs`: hand rules, trick tables, policies, run constants): threads that pass a shared array from
call to call contend for its reference count (tricks.py). `run_chunk` (Python) builds the inputs once per
spec, calls the kernel and turns its records into the io.schema columns.

Compile time: the per-hand driver (play_hand → play_declared → play_tricks → take_lead / take_follows) is
`inline="always"`, compiled once inside play_table_range rather than as a chain of libraries that would each
re-optimise everything below them (results/BENCHMARKS.md). play_table_range itself must stay a separate
function: inlined into the prange body, its scratch arrays were freed while the private copies still pointed into
them (the settlements came out 0; tests/test_engine_differential.py fails).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import config, prange

from baofen_sim.codes import DECLARER_EACH, LEDGER_STATE_SIZE_BASE, LG_POT
from baofen_sim.engine.tricks import copy_tricks, load_policies
from baofen_sim.games.baofen.engine.hand import play_hand
from baofen_sim.io.schema import TRICK_COLUMNS, ChunkResult, allocate, contiguous_columns
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.ledger import ledger_start, settle_table_end
from baofen_sim.materialize import kernel_inputs, max_auction_steps
from baofen_sim.policies.sampler.entry import link_play
from baofen_sim.records import (
    DEAL_SCRATCH_DTYPE,
    HAND_LOG_DTYPE,
    HAND_ROW_DTYPE,
    HAND_ROW_FIELDS,
    PLAY_STATE_DTYPE,
    PLAY_VIEW_DTYPE,
    SEAT_SHAPE,
    TRICK_ROW_DTYPE,
)
from baofen_sim.runs.runspec import RunSpec

BLOCK_ROWS = 64  # rows per prange iteration at least: the per-table set-up serves several small tables

_TRICK_FIELDS = ("trick", "leader", "winner", "points", "cards", "lead_kind", "throw_failed", "ruffed")


class EngineOutput(NamedTuple):
    """Where a chunk goes; row r is hand r of the chunk (with declarer = each: hand r // N, declarer r % N)."""

    rows: np.ndarray  # HAND_ROW_DTYPE[n]
    trick_rows: np.ndarray  # TRICK_ROW_DTYPE[n × hand_size]: row r × hand_size + trick (or [1] when unused)
    logs: np.ndarray  # tricks.HAND_LOG_DTYPE[n] (or [1] when unused)


# ---- kernels -------------------------------------------------------------------------------------------


if config.DISABLE_JIT:  # pure Python (debugging): fields of a record read as attributes only in a recarray
    def zeros_records(dtype, n):
        return np.zeros(n, dtype=dtype).view(np.recarray)
else:
    @njit(cache=True)
    def zeros_records(dtype, n):
        return np.zeros(n, dtype=dtype)


@njit(cache=True)
def play_table_range(run, out, first_table, n_tables, first_row):
    """Every hand of tables first_table .. first_table + n_tables − 1 (fewer hands at a short last table)
    into rows first_row, first_row + 1, ... The scratch and private copies of the inputs are made once here
    and serve every hand; each table starts its own ledger. (A record is a pointer into its array and an
    array may be freed after its last use, so each array is used inside the loop: that keeps it alive as
    long as its records.)"""
    scratch = zeros_records(DEAL_SCRATCH_DTYPE, 1)
    state = zeros_records(PLAY_STATE_DTYPE, 1)
    view = zeros_records(PLAY_VIEW_DTYPE, 1)
    rules = run.hand_rules.copy()
    tables = run.tables.copy()
    constants = run.constants.copy()
    rows, logs, trick_rows = out.rows, out.logs, out.trick_rows
    n = rules[0].num_players
    ledger = scratch[0].ledger[:LEDGER_STATE_SIZE_BASE + n]  # a record's field: no reference counts per call
    load_policies(run, state[0], n)
    hands_per_table = constants[0].hands_per_table
    rows_per_hand = constants[0].rows_per_hand
    r = first_row
    for table in range(first_table, first_table + n_tables):
        hands = min(hands_per_table, constants[0].deals - table * hands_per_table)
        last_hand = min(hands_per_table, constants[0].run_deals - table * hands_per_table) - 1
        for hand in range(hands):
            for replay in range(rows_per_hand):
                hr = rules[0]
                cs = constants[0]
                log = logs[r] if cs.do_log else logs[0]
                forced = replay if cs.forced_declarer == DECLARER_EACH else cs.forced_declarer
                if hand == 0 or replay > 0:  # a new table; each replay of a hand starts it afresh
                    ledger_start(hr, ledger, table)
                play_hand(hr, tables, cs, table, hand, rows[r], log, ledger, scratch[0], state[0], view[0], forced)
                if hand == last_hand:  # A48: the table ends
                    rows[r].table_end_split = settle_table_end(hr, ledger, rows[r].settle, rows[r].pot_flow)
                    rows[r].pot_after = ledger[LG_POT]
                if cs.do_tricks:
                    copy_tricks(state[0], trick_rows, r * hr.hand_size)
                r += 1


@njit(cache=True, parallel=True, nogil=True)
def play_tables(run, out, first_table, n_tables):
    """Tables first_table .. first_table + n_tables − 1 in blocks of about BLOCK_ROWS rows, one block per
    prange iteration; table i of the chunk writes rows from i × rows per table (only the run's last table
    may be short, so rows stay dense). It releases the GIL: the local backend writes the chunk before this one
    in a background thread meanwhile (simulate.LocalBackend)."""
    rows_per_table = run.constants[0].hands_per_table * run.constants[0].rows_per_hand
    block = max(1, BLOCK_ROWS // rows_per_table)
    for b in prange((n_tables + block - 1) // block):
        first = b * block
        play_table_range(run, out, first_table + first, min(block, n_tables - first), first * rows_per_table)


# ---- Python side ---------------------------------------------------------------------------------------


def engine_output(spec: RunSpec, n_rows: int, tricks: bool = False, log: bool = False) -> EngineOutput:
    """Zeroed output records for `n_rows` rows (trick rows and logs only when asked for)."""
    rows = np.zeros(n_rows, dtype=HAND_ROW_DTYPE).view(np.recarray)
    trick_rows = np.zeros(n_rows * spec.rules.hand_size if tricks else 1, dtype=TRICK_ROW_DTYPE)
    logs = np.zeros(n_rows if log else 1, dtype=HAND_LOG_DTYPE)
    return EngineOutput(rows, trick_rows.view(np.recarray), logs.view(np.recarray))


def play_chunk(spec: RunSpec, first_table: int, n_tables: int, tricks: bool = False, log: bool = False,
               deals: int | None = None) -> EngineOutput:
    """Run the kernel on tables first_table .. first_table + n_tables − 1 (the run cut at `deals` hands);
    the raw kernel output."""
    run = kernel_inputs(spec, deals, tricks, log)
    end = min(int(run.constants[0].deals), (first_table + n_tables) * spec.hands_per_table)
    n_rows = max(0, end - first_table * spec.hands_per_table) * spec.rows_per_hand
    out = engine_output(spec, n_rows, tricks, log)
    if n_rows:
        link_play(run.hand_rules, spec.policies, spec.rules.game)
        play_tables(run, out, first_table, n_tables)
    return out


def hand_arrays(spec: RunSpec, out: EngineOutput, copy: bool = True) -> dict[str, np.ndarray]:
    """The io.schema hand columns of a chunk's rows (`records.HAND_ROW_FIELDS`): a per-seat field once per
    seat, `bids` cut to the rules' longest auction; copied block by block (`io.schema.contiguous_columns`), or with
    `copy=False` strided views of the rows."""
    rows = out.rows
    views = {}
    for name, _, shape, doc in HAND_ROW_FIELDS:
        if doc is None:
            continue
        values = rows[name]
        if shape == SEAT_SHAPE:
            for seat in range(spec.num_players):
                views[f"{name}_{seat}"] = values[:, seat]
        elif shape:
            views[name] = values[:, :max_auction_steps(spec.rules)]
        else:
            views[name] = values
    return contiguous_columns(views) if copy else views


def trick_arrays(spec: RunSpec, out: EngineOutput) -> dict[str, np.ndarray]:
    """The io.schema trick columns: each hand's tricks_played rows, in (hand, trick) order."""
    size = spec.rules.hand_size
    played = out.rows["tricks_played"]
    valid = (np.arange(size)[None, :] < played[:, None]).ravel()
    rows = out.trick_rows[valid]
    columns = allocate(TRICK_COLUMNS, len(rows))
    columns["hand"][:] = np.repeat(out.rows["hand"], played)
    columns["declarer"][:] = np.repeat(out.rows["declarer"], played)
    for name in _TRICK_FIELDS:
        columns[name][:] = rows[name]
    return columns


def top_kernel_args(spec: RunSpec) -> tuple:
    """`play_tables`' arguments for the first table of `spec` (warmup.plan types the engine from them)."""
    return kernel_inputs(spec, None, False, False), engine_output(spec, 1), 0, 1


def run_chunk(spec: RunSpec, first_table: int, n_tables: int, copy: bool = True) -> ChunkResult:
    """Play tables first_table .. first_table + n_tables − 1 of `spec` (DESIGN.md §1): the hand columns in
    hand order (`copy=False`: views of the engine's rows, which the writer copies) and, when spec.tricks, the
    trick columns in (hand, trick) order."""
    out = play_chunk(spec, first_table, n_tables, tricks=spec.tricks)
    tricks = trick_arrays(spec, out) if spec.tricks else None
    return ChunkResult(hand_arrays(spec, out, copy), tricks)
