"""The 80分 chunk runner: whole tables in parallel, one block of tables per `prange` iteration, as Baofen's
(engine/chunk.py, whose notes on private copies and compile time hold here too).

A table plays its hands in order and carries its state (each team's level, each seat's 积分, the next 庄, the game
number, `TABLE80_SCRATCH_DTYPE`); a game over starts a new game at the table's next hand. Tables share nothing but
read-only inputs and write disjoint rows, so the rows depend neither on the thread count nor on the chunking.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import prange

from baofen_sim.codes import NO_SEAT, NUM_TEAMS, TRUMP_SOURCE_LABELS
from baofen_sim.engine.tricks import load_policies
from baofen_sim.games.baofen.engine.chunk import BLOCK_ROWS, zeros_records
from baofen_sim.games.tractor80.engine.hand import TRUMP_SLOTS, play_hand80
from baofen_sim.games.tractor80.engine.materialize import tractor80_inputs
from baofen_sim.games.tractor80.engine.records import (
    HAND80_LOG_DTYPE,
    HAND80_ROW_DTYPE,
    HAND80_ROW_FIELDS,
    RESULT_DTYPE,
    SEAT_SHAPE,
    TABLE80_SCRATCH_DTYPE,
    TEAM_SHAPE,
)
from baofen_sim.io.schema import ChunkResult, RowLayout, contiguous_columns
from baofen_sim.kernels.jit import njit
from baofen_sim.policies.sampler.entry import link_play
from baofen_sim.records import PLAY_STATE_DTYPE, PLAY_VIEW_DTYPE
from baofen_sim.runs.runspec import RunSpec

TRUMP80_LABELS = ("S", "H", "C", "D", "NT")  # the row's trump: a suit, or TRUMP_SLOTS − 1 for no-trump
TRACTOR80_ROWS = RowLayout(HAND80_ROW_FIELDS, {"trump": TRUMP80_LABELS, "trump_source": TRUMP_SOURCE_LABELS},
                           team_shape=TEAM_SHAPE)
assert len(TRUMP80_LABELS) == TRUMP_SLOTS


class Tractor80Output(NamedTuple):
    rows: np.ndarray  # HAND80_ROW_DTYPE[n]
    logs: np.ndarray  # HAND80_LOG_DTYPE[n] (or [1] when unused)


@njit(cache=True)
def start_game(gr, sc, n):
    """A new game (§7.3.2): both teams at start_level, a first hand (no 庄 yet)."""
    for team in range(NUM_TEAMS):
        sc.levels[team] = gr.start_level
    sc.zhuang = NO_SEAT


@njit(cache=True)
def play_table_range80(run, out, first_table, n_tables, first_row):
    """Every hand of tables first_table .. first_table + n_tables − 1 into rows first_row, first_row + 1, ..."""
    scratch = zeros_records(TABLE80_SCRATCH_DTYPE, 1)
    state = zeros_records(PLAY_STATE_DTYPE, 1)
    view = zeros_records(PLAY_VIEW_DTYPE, 1)
    result = zeros_records(RESULT_DTYPE, 1)
    rules = run.hand_rules.copy()  # HAND80_RULES_DTYPE: the trick machinery's rules and the §9.4 options
    tables = run.tables.copy()
    constants = run.constants.copy()
    rows, logs = out.rows, out.logs
    n = rules[0].num_players
    load_policies(run, state[0], n)
    hands_per_table = constants[0].hands_per_table
    r = first_row
    for table in range(first_table, first_table + n_tables):
        hands = min(hands_per_table, constants[0].deals - table * hands_per_table)
        sc = scratch[0]
        gr = rules[0]
        start_game(gr, sc, n)
        sc.game = 0
        for seat in range(n):
            sc.cumulative[seat] = 0.0
        for hand in range(hands):
            hr = rules[0]
            cs = constants[0]
            log = logs[r] if cs.do_log else logs[0]
            play_hand80(hr, gr, tables, cs, table, hand, rows[r], log, sc, state[0], view[0], result[0])
            if rows[r].game_over:
                start_game(gr, sc, n)
                sc.game += 1
            r += 1


@njit(cache=True, parallel=True)
def play_tables80(run, out, first_table, n_tables):
    """Tables first_table .. first_table + n_tables − 1 in blocks of about BLOCK_ROWS rows, one per prange
    iteration; table i of the chunk writes rows from i × hands per table."""
    rows_per_table = run.constants[0].hands_per_table
    block = max(1, BLOCK_ROWS // rows_per_table)
    for b in prange((n_tables + block - 1) // block):
        first = b * block
        play_table_range80(run, out, first_table + first, min(block, n_tables - first), first * rows_per_table)


def tractor80_output(n_rows: int, log: bool = False) -> Tractor80Output:
    """Zeroed output records for `n_rows` rows (logs only when asked for)."""
    rows = np.zeros(n_rows, dtype=HAND80_ROW_DTYPE).view(np.recarray)
    logs = np.zeros(n_rows if log else 1, dtype=HAND80_LOG_DTYPE)
    return Tractor80Output(rows, logs.view(np.recarray))


def play_chunk80(spec: RunSpec, first_table: int, n_tables: int, log: bool = False,
                 deals: int | None = None) -> Tractor80Output:
    """Run the kernel on tables first_table .. first_table + n_tables − 1 (the run cut at `deals` hands)."""
    run = tractor80_inputs(spec, deals, log)
    end = min(int(run.constants[0].deals), (first_table + n_tables) * spec.hands_per_table)
    n_rows = max(0, end - first_table * spec.hands_per_table)
    out = tractor80_output(n_rows, log)
    if n_rows:
        link_play(run.hand_rules, spec.policies, spec.rules.game)
        play_tables80(run, out, first_table, n_tables)
    return out


def top_kernel_args80(spec: RunSpec) -> tuple:
    """`play_tables80`'s arguments for the first table of `spec` (warmup.plan types the engine from them)."""
    return tractor80_inputs(spec), tractor80_output(1), 0, 1


def hand_arrays80(spec: RunSpec, rows: np.ndarray, copy: bool = True) -> dict[str, np.ndarray]:
    """The hand columns of a chunk's rows (`TRACTOR80_ROWS`): a per-seat field once per seat, a per-team field once
    per team; the trump as its label's index. Copied block by block (`io.schema.contiguous_columns`), or with
    `copy=False` strided views of the rows."""
    arrays = {}
    for name, _, shape, doc in HAND80_ROW_FIELDS:
        if doc is None:
            continue
        values = rows[name]
        if shape == SEAT_SHAPE:
            arrays.update({f"{name}_{seat}": values[:, seat] for seat in range(spec.num_players)})
        elif shape == TEAM_SHAPE:
            arrays.update({f"{name}_{team}": values[:, team] for team in range(NUM_TEAMS)})
        else:
            arrays[name] = values
    arrays["trump"] = np.where(arrays["trump"] < 0, TRUMP_SLOTS - 1, arrays["trump"]).astype(arrays["trump"].dtype)
    return contiguous_columns(arrays) if copy else arrays


def run_chunk80(spec: RunSpec, first_table: int, n_tables: int, copy: bool = True) -> ChunkResult:
    """Play tables first_table .. first_table + n_tables − 1 of an 80分 `spec`: the hand columns in hand order
    (`copy=False`: views of the engine's rows, which the writer copies)."""
    return ChunkResult(hand_arrays80(spec, play_chunk80(spec, first_table, n_tables).rows, copy))
