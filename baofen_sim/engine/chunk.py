"""The chunk runner (DESIGN.md §1, §4, §5): whole tables in parallel, one table per `prange` iteration.

A table plays its hands in order and carries its ledger (主叫, 水草 pot, cumulative totals) from hand to hand;
tables share nothing but read-only inputs and write disjoint output rows, so the rows do not depend on
the thread count or the chunking. Each table first takes private copies of the inputs that hold arrays
(HandRules, the trick tables, the policies, the run constants): threads that pass a shared array from call
to call contend for its reference count (tricks.py). `run_chunk` (Python) builds the inputs once per
spec, calls the kernel and turns its records into the io.schema columns.

Compile time: the per-hand driver (play_hand → play_declared → play_tricks → take_lead / take_follows) is
`inline="always"`, compiled once inside play_table rather than as a chain of libraries that would each
re-optimise everything below them (results/BENCHMARKS.md). play_table itself must stay a separate function:
inlined into the prange body, its scratch arrays were freed while the private copies still pointed into
them (the settlements came out 0; tests/test_engine_differential.py fails).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np
from numba import config, prange

from baofen_sim.engine.hand import DEAL_SCRATCH_DTYPE, HAND_ROW_DTYPE, MAX_BIDS, MAX_RULE_VALUES, play_hand
from baofen_sim.engine.hand_rules import HandRules, hand_rules
from baofen_sim.engine.tricks import (
    HAND_LOG_DTYPE,
    PLAY_STATE_DTYPE,
    TRICK_ROW_DTYPE,
    EngineRun,
    copy_tricks,
    load_policies,
    run_constants,
)
from baofen_sim.io.schema import TRICK_COLUMNS, ChunkResult, allocate, hand_columns
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.ledger import LEDGER_STATE_SIZE_BASE, ledger_start
from baofen_sim.policies.registry import policy_arrays
from baofen_sim.policies.view import PLAY_VIEW_DTYPE
from baofen_sim.rules import RuleSet, require_supported
from baofen_sim.runspec import RunSpec
from baofen_sim.tables import TRUMP_TABLES_DTYPE, materialize

NUM_TRUMPS = 4  # Baofen names one of the four suits (§5.6)

_TRICK_FIELDS = ("trick", "leader", "winner", "points", "cards", "lead_kind", "throw_failed", "ruffed")

# `private_hand_rules` copies the array fields of HandRules, found at these positions.
assert HandRules._fields[2:5] == ("open_values", "open_values_after_pass", "raise_steps")
assert HandRules._fields[25] == "stake_multipliers" and len(HandRules._fields) == 39


class HandColumns(NamedTuple):
    """A chunk's hand columns in their io.schema dtypes; the per-seat ones (SEAT_COLUMNS) as (n, N) arrays."""

    hand: np.ndarray
    table: np.ndarray
    hand_in_table: np.ndarray
    zhujiao: np.ndarray
    declarer: np.ndarray
    target: np.ndarray
    trump: np.ndarray
    bids: np.ndarray  # (n, max auction steps), padded with BID_PAD
    kitty_points: np.ndarray
    declarer_points: np.ndarray
    wangfen_points: np.ndarray
    penalty_points: np.ndarray
    score: np.ndarray
    result: np.ndarray
    category: np.ndarray
    declarer_won: np.ndarray
    settle: np.ndarray
    pot_after: np.ndarray
    failed_throws: np.ndarray
    tricks_played: np.ndarray
    pairs: np.ndarray
    strength: np.ndarray
    policy: np.ndarray


SEAT_COLUMNS = ("settle", "pairs", "strength", "policy")


class EngineOutput(NamedTuple):
    """Where a chunk goes; row r is hand r of the chunk."""

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
def _copied(values, store):
    """`values` copied into the record field `store`, as a view of exactly their length."""
    n = values.shape[0]
    store[:n] = values
    return store[:n]


@njit(cache=True)
def private_hand_rules(hr, sc):
    """The HandRules with its arrays copied into the scratch record `sc` (which must outlive the result)."""
    arrays = (_copied(hr.open_values, sc.open_values), _copied(hr.open_values_after_pass, sc.open_values_after_pass),
              _copied(hr.raise_steps, sc.raise_steps))
    return HandRules(*(hr[:2] + arrays + hr[5:25] + (_copied(hr.stake_multipliers, sc.stake_multipliers),)
                       + hr[26:]))


@njit(cache=True)
def play_table(run, hr_shared, out, table, first_row):
    """Every hand of `table` (fewer at a short last table) into rows first_row, first_row + 1, ... The
    scratch, the ledger and private copies of the inputs are made once here and serve every hand. (A record
    is a pointer into its array and an array may be freed after its last use, so each array is used inside
    the loop: that keeps it alive as long as its records.)"""
    scratch = zeros_records(DEAL_SCRATCH_DTYPE, 1)
    state = zeros_records(PLAY_STATE_DTYPE, 1)
    view = zeros_records(PLAY_VIEW_DTYPE, 1)
    hr = private_hand_rules(hr_shared, scratch[0])
    tables = run.tables.copy()
    constants = run.constants.copy()
    rows, logs, trick_rows = out.rows, out.logs, out.trick_rows
    ledger = np.zeros(LEDGER_STATE_SIZE_BASE + hr.num_players, dtype=np.float64)
    ledger_start(hr, ledger)
    load_policies(run, state[0], hr.num_players)
    hands_per_table = constants[0].hands_per_table
    hands = min(hands_per_table, constants[0].deals - table * hands_per_table)
    for hand in range(hands):
        cs = constants[0]
        r = first_row + hand
        log = logs[r] if cs.do_log else logs[0]
        play_hand(hr, tables, cs, table, hand, rows[r], log, ledger, scratch[0], state[0], view[0])
        if cs.do_tricks:
            copy_tricks(state[0], trick_rows, r * cs.hand_size)


@njit(cache=True)
def rows_to_columns(rows, columns):
    """Spread HAND_ROW_DTYPE records into HandColumns, one pass over the rows (numpy's per-field copies
    would read every row once per column)."""
    for r in range(rows.shape[0]):
        row = rows[r]
        columns.hand[r] = row.hand
        columns.table[r] = row.table
        columns.hand_in_table[r] = row.hand_in_table
        columns.zhujiao[r] = row.zhujiao
        columns.declarer[r] = row.declarer
        columns.target[r] = row.target
        columns.trump[r] = row.trump
        for i in range(columns.bids.shape[1]):
            columns.bids[r, i] = row.bids[i]
        columns.kitty_points[r] = row.kitty_points
        columns.declarer_points[r] = row.declarer_points
        columns.wangfen_points[r] = row.wangfen_points
        columns.penalty_points[r] = row.penalty_points
        columns.score[r] = row.score
        columns.result[r] = row.result
        columns.category[r] = row.category
        columns.declarer_won[r] = row.declarer_won
        columns.pot_after[r] = row.pot_after
        columns.failed_throws[r] = row.failed_throws
        columns.tricks_played[r] = row.tricks_played
        for seat in range(columns.settle.shape[1]):
            columns.settle[r, seat] = row.settle[seat]
            columns.pairs[r, seat] = row.pairs[seat]
            columns.strength[r, seat] = row.strength[seat]
            columns.policy[r, seat] = row.policy[seat]


@njit(cache=True, parallel=True)
def play_tables(run, hr, out, first_table, n_tables):
    """Tables first_table .. first_table + n_tables − 1, one per prange iteration; table i of the chunk
    writes rows from i × hands_per_table (only the run's last table may be short, so rows stay dense)."""
    hands_per_table = run.constants[0].hands_per_table
    for i in prange(n_tables):
        play_table(run, hr, out, first_table + i, i * hands_per_table)


# ---- Python side ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _fixed_inputs(rules: RuleSet, policies: tuple[str, ...], params: tuple) -> tuple:
    require_supported(rules)
    tables = np.zeros(NUM_TRUMPS, dtype=TRUMP_TABLES_DTYPE).view(np.recarray)
    for trump in range(NUM_TRUMPS):
        tables[trump] = materialize(rules, trump)
    hr = hand_rules(rules)
    if hr.max_auction_steps > MAX_BIDS or max(len(hr.open_values), len(hr.open_values_after_pass),
                                              len(hr.raise_steps)) > MAX_RULE_VALUES:
        raise ValueError("these bidding rules exceed the engine's capacities (MAX_BIDS, MAX_RULE_VALUES)")
    ids, values = policy_arrays(policies, [dict(p) for p in params])
    return tables, hr, ids, values


def engine_run(spec: RunSpec, deals: int | None = None, tricks: bool = False,
               log: bool = False) -> tuple[EngineRun, HandRules]:
    """The kernel inputs of `spec`; `deals` (default spec.deals) cuts the run short (replay)."""
    tables, hr, ids, values = _fixed_inputs(spec.rules, spec.policies, spec.params)
    constants = run_constants(spec.rules, hr, spec.seed, spec.hands_per_table,
                              spec.deals if deals is None else deals, tricks, log)
    return EngineRun(tables, ids, values, constants), hr


def engine_output(spec: RunSpec, n_rows: int, tricks: bool = False, log: bool = False) -> EngineOutput:
    """Zeroed output records for `n_rows` hands (trick rows and logs only when asked for)."""
    rows = np.zeros(n_rows, dtype=HAND_ROW_DTYPE).view(np.recarray)
    trick_rows = np.zeros(n_rows * spec.rules.hand_size if tricks else 1, dtype=TRICK_ROW_DTYPE)
    logs = np.zeros(n_rows if log else 1, dtype=HAND_LOG_DTYPE)
    return EngineOutput(rows, trick_rows.view(np.recarray), logs.view(np.recarray))


def play_chunk(spec: RunSpec, first_table: int, n_tables: int, tricks: bool = False, log: bool = False,
               deals: int | None = None) -> EngineOutput:
    """Run the kernel on tables first_table .. first_table + n_tables − 1 (the run cut at `deals` hands);
    the raw kernel output."""
    run, hr = engine_run(spec, deals, tricks, log)
    end = min(int(run.constants[0].deals), (first_table + n_tables) * spec.hands_per_table)
    n_rows = max(0, end - first_table * spec.hands_per_table)
    out = engine_output(spec, n_rows, tricks, log)
    if n_rows:
        play_tables(run, hr, out, first_table, n_tables)
    return out


def hand_arrays(spec: RunSpec, out: EngineOutput) -> dict[str, np.ndarray]:
    """The io.schema hand columns of a chunk's rows, in one pass over the rows (`rows_to_columns`)."""
    n, seats = len(out.rows), spec.num_players
    schema = {c.name: c for c in hand_columns(seats)}
    shapes = {"bids": (n, hand_rules(spec.rules).max_auction_steps)}
    columns = HandColumns(*(np.empty(shapes.get(name, (n, seats) if name in SEAT_COLUMNS else n),
                                     dtype=schema[f"{name}_0" if name in SEAT_COLUMNS else name].dtype)
                            for name in HandColumns._fields))
    rows_to_columns(out.rows, columns)
    arrays = {}
    for name, values in zip(HandColumns._fields, columns, strict=True):
        if name in SEAT_COLUMNS:
            arrays.update({f"{name}_{seat}": np.ascontiguousarray(values[:, seat]) for seat in range(seats)})
        else:
            arrays[name] = values
    return {name: arrays[name] for name in schema}


def trick_arrays(spec: RunSpec, out: EngineOutput) -> dict[str, np.ndarray]:
    """The io.schema trick columns: each hand's tricks_played rows, in (hand, trick) order."""
    size = spec.rules.hand_size
    played = out.rows["tricks_played"]
    valid = (np.arange(size)[None, :] < played[:, None]).ravel()
    rows = out.trick_rows[valid]
    columns = allocate(TRICK_COLUMNS, len(rows))
    columns["hand"][:] = np.repeat(out.rows["hand"], played)
    for name in _TRICK_FIELDS:
        columns[name][:] = rows[name]
    return columns


def run_chunk(spec: RunSpec, first_table: int, n_tables: int) -> ChunkResult:
    """Play tables first_table .. first_table + n_tables − 1 of `spec` (DESIGN.md §1): the hand columns in
    hand order and, when spec.tricks, the trick columns in (hand, trick) order."""
    out = play_chunk(spec, first_table, n_tables, tricks=spec.tricks)
    tricks = trick_arrays(spec, out) if spec.tricks else None
    return ChunkResult(hand_arrays(spec, out), tricks)
