"""Long differential runs (DESIGN.md §10): the engine against the reference engine.

    python scripts/differential.py --hands 1000000 --positions 100000 [--rules baofen --rules baofen-001]
                                   [--policy random --policy heuristic] [--param pass_weight=6]
                                   [--seed N] [--hands-per-table 16] [--processes 2]

- `--hands N`: N whole hands per preset and policy, simulated by the Numba engine, then each hand's game
  record (engine/record.py, DESIGN.md §8) re-judged by the reference engine (`baofen_sim.judge`): every step
  must be legal and every trick's winner and points, C, W, Pen, K, S, R, the category, the settlement and the
  pot after it must agree. The table state is the reference's own: a `TableLedger` chained across each
  table's hands (pot and cumulative scores go into the next record's `"table"` key), whose next 主叫 must be
  the engine's.
- `--positions N`: N concentrated mid-hand positions per preset through the trick-level harness of
  `baofen_sim.tools.differential` (legality verdicts, follow choices, lead units, throw verdicts, trick winners).
  `--rules tractor-80fen` takes positions at every 80分 level and trump, no-trump included
  (`baofen_sim.tools.differential_80fen`); its `--hands` are re-judged as Baofen's (`compare_tables80`: every step
  legal, the result line equal to the engine's row; the table state is the engine's, carried by each record's
  levels and 庄).

Work is split over `--processes` processes (one Numba thread each). Prints a summary; exit 1 on any
disagreement. `compare_tables` is also what tests/test_engine_differential.py runs.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any

MAX_REPORTED = 20  # disagreements kept per batch
TABLES_PER_JOB = 16
POSITIONS_PER_JOB = 200
PROGRESS_EVERY_S = 60.0  # a progress line on stderr at most this often
TRACTOR_80FEN = "tractor-80fen"  # its positions: differential_80fen; its hands: compare_tables80
DECLARED_FIELDS = ("target", "declarer_points", "wangfen_points", "penalty_points", "result", "declarer_won")


@dataclass
class HandTally:
    hands: int = 0
    declared: int = 0
    tricks: int = 0
    failed_throws: int = 0
    disagreements: list[str] = field(default_factory=list)

    def add(self, other: HandTally) -> None:
        self.hands += other.hands
        self.declared += other.declared
        self.tricks += other.tricks
        self.failed_throws += other.failed_throws
        self.disagreements += other.disagreements[:MAX_REPORTED]


def _differences(replayed, report, next_zhujiao: int | None, table_end: bool) -> list[str]:
    """What the engine's hand and the reference's verdict on its record disagree on; at a table's end,
    after the reference's own table-end settlement (A48)."""
    from baofen_sim.codes import NO_SEAT

    row, events = replayed.row, report.events
    if not report.legal:
        return [f"illegal step {events[-1]}"]
    out = []
    tricks = [(e["winner"], e["points"]) for e in events if e["event"] == "trick"]
    mine = [(t["winner"], t["points"]) for t in replayed.tricks]
    if tricks != mine:
        first = next((i for i, (a, b) in enumerate(zip(tricks, mine, strict=False)) if a != b), min(len(tricks),
                                                                                                   len(mine)))
        out.append(f"tricks differ from trick {first}: reference {tricks[first:first + 3]}, "
                   f"engine {mine[first:first + 3]}")
    failed = sorted({e["trick"] for e in events if e["event"] == "throw_failed"})
    if failed != [t["trick"] for t in replayed.tricks if t["throw_failed"]]:
        out.append(f"failed throws in tricks {failed} (reference) differ from the engine's")
    if sum(e["event"] == "throw_failed" for e in events) != row["failed_throws"]:
        out.append(f"failed throws: engine {row['failed_throws']}")
    results = [e for e in events if e["event"] == "result"]
    if len(results) != 1:
        return out + ["the reference reached no result"]
    result = results[0]
    want = {"declarer": row["declarer"], "category": _category(row["category"]),
            "settlement": [row[f"settle_{s}"] for s in range(len(result["settlement"]))],
            "pot_after": row["pot_after"]}
    if row["declarer"] != NO_SEAT:
        want.update({name: row[name] for name in DECLARED_FIELDS})
        score = report.hand.score
        if (score.score, score.kitty_points) != (row["score"], row["kitty_points"]):
            out.append(f"S, K: reference {(score.score, score.kitty_points)}, engine "
                       f"{(row['score'], row['kitty_points'])}")
    got = {name: result[name] for name in want}
    want["table_end_split"], got["table_end_split"] = row["table_end_split"], 0.0
    if table_end:
        split, shares = report.hand.ledger.end_table()
        got.update(table_end_split=split, pot_after=report.hand.ledger.pot,
                   settlement=[a + b for a, b in zip(got["settlement"], shares, strict=True)])
    if got != want:
        out.append(f"result: reference {got}, engine {want}")
    if next_zhujiao is not None and report.hand.ledger.zhujiao != next_zhujiao:
        out.append(f"next 主叫: reference {report.hand.ledger.zhujiao}, engine {next_zhujiao}")
    return out


def _category(code: int) -> str:
    from baofen_sim.codes import CATEGORY_LABELS

    return CATEGORY_LABELS[code]


def compare_tables(spec, first_table: int, n_tables: int) -> HandTally:
    """Simulate tables first_table .. + n_tables − 1 of `spec` with the engine and judge every hand's record
    with the reference engine, the table state chained through the reference's own TableLedger."""
    from baofen_sim.engine.record import replayed_hands
    from baofen_sim.io.records import RecordError, parse_record
    from baofen_sim.judge import judge
    from baofen_sim.reference.table import TableLedger

    tally = HandTally()
    hands = replayed_hands(spec, first_table, n_tables)
    pot, cumulative = 0.0, [0.0] * spec.num_players
    for i, replayed in enumerate(hands):
        row = replayed.row
        if row["hand_in_table"] == 0:
            pot, cumulative = 0.0, [0.0] * spec.num_players
        record: dict[str, Any] = dict(replayed.record)
        record.pop("table", None)
        if row["hand_in_table"] > 0:
            record["table"] = {"pot": pot, "cumulative": cumulative}
        following = hands[i + 1] if i + 1 < len(hands) and hands[i + 1].row["table"] == row["table"] else None
        table_end = row["hand_in_table"] == spec.hands_in(row["table"], 1) - 1
        first_zhujiao = TableLedger.first_zhujiao(spec.rules, row["table"])
        problems_before = []
        if row["hand_in_table"] == 0 and row["zhujiao"] != first_zhujiao:
            problems_before.append(f"first 主叫 of table {row['table']}: engine {row['zhujiao']}, reference "
                                   f"{first_zhujiao}")
        try:
            report = judge(parse_record(record))
        except RecordError as error:
            report, problems = None, [f"record rejected: {error}"]
        else:
            problems = _differences(replayed, report, following.row["zhujiao"] if following else None, table_end)
        problems = problems_before + problems
        if report is not None and report.legal:
            pot, cumulative = report.hand.ledger.pot, list(report.hand.ledger.cumulative)
        if following and not problems and (following.pot_before, following.cumulative_before) != (pot, cumulative):
            problems.append(f"table state after the hand: reference pot {pot}, cumulative {cumulative}; engine "
                            f"{following.pot_before}, {following.cumulative_before}")
        if report is None or not report.legal:  # go on from the engine's table state
            pot, cumulative = (following.pot_before, following.cumulative_before) if following else (pot, cumulative)
        tally.hands += 1
        tally.declared += row["declarer"] >= 0
        tally.tricks += len(replayed.tricks)
        tally.failed_throws += row["failed_throws"]
        if problems and len(tally.disagreements) < MAX_REPORTED:
            tally.disagreements.append(f"hand {replayed.hand}: " + "; ".join(problems))
    return tally


def compare_tables80(spec, first_table: int, n_tables: int) -> HandTally:
    """Simulate tables first_table .. + n_tables − 1 of an 80分 `spec` with the engine and judge every hand's record
    with the reference engine: every step legal, the result line the engine's."""
    from baofen_sim.engine.tractor80.record import replayed_hands80, result_line80
    from baofen_sim.io.records import RecordError, parse_record
    from baofen_sim.judge import judge

    tally = HandTally()
    for row, record in replayed_hands80(spec, first_table, n_tables):
        try:
            report = judge(parse_record(record))
        except RecordError as error:
            problems = [f"record rejected: {error}"]
        else:
            want, got = result_line80(row), report.events[-1]
            problems = ([f"illegal: {got}"] if not report.legal else
                        [f"{key}: engine {value}, reference {got.get(key)}" for key, value in want.items()
                         if got.get(key) != value])
        tally.hands += 1
        tally.declared += 1
        tally.tricks += int(row.tricks_played)
        tally.failed_throws += int(row.failed_throws)
        if problems and len(tally.disagreements) < MAX_REPORTED:
            tally.disagreements.append(f"hand {int(row.hand)}: " + "; ".join(problems))
    return tally


# ---- process pool ------------------------------------------------------------------------------------


def _hand_batch(args: tuple) -> HandTally:
    rules_name, policy, params, seed, hands_per_table, first_table, n_tables, deals = args
    from baofen_sim.policies.registry import POLICIES
    from baofen_sim.rules import preset
    from baofen_sim.runspec import RunSpec

    known = {p.name for p in POLICIES[policy].params}
    seat_params = {key: value for key, value in params.items() if key in known}
    spec = RunSpec(rules=preset(rules_name), policies=(policy,) * 4, params=(seat_params,) * 4, seed=seed,
                   deals=deals, hands_per_table=hands_per_table)
    return (compare_tables80 if rules_name == TRACTOR_80FEN else compare_tables)(spec, first_table, n_tables)


def _position_batch(args: tuple):
    rules_name, seed, count = args
    if rules_name == TRACTOR_80FEN:
        from baofen_sim.tools import differential_80fen

        return differential_80fen.run_positions(seed, count)
    from baofen_sim.rules import preset
    from baofen_sim.tools.differential import run_positions

    return run_positions(preset(rules_name), seed, count)


def _batches(hands: int, hands_per_table: int, tables_per_batch: int) -> list[tuple[int, int]]:
    tables = -(-hands // hands_per_table)
    return [(first, min(tables_per_batch, tables - first)) for first in range(0, tables, tables_per_batch)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=0, help="whole hands per preset and policy")
    parser.add_argument("--positions", type=int, default=0, help="trick-level positions per preset")
    parser.add_argument("--rules", action="append", help="preset (repeatable; default baofen and baofen-001)")
    parser.add_argument("--policy", action="append", help="random or heuristic (repeatable; default random)")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a policy parameter for every seat whose policy has it (e.g. pass_weight=6)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands-per-table", type=int, default=16)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    presets = args.rules or ["baofen", "baofen-001"]
    params = {key: float(value) for key, _, value in (p.partition("=") for p in args.param)}
    policies = args.policy or ["random"]
    os.environ["NUMBA_NUM_THREADS"] = "1"  # the workers inherit it: one thread per process
    started = time.perf_counter()
    failed = False
    with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
        for rules_name in presets:
            for policy in policies if args.hands else []:
                jobs = [(rules_name, policy, params, args.seed, args.hands_per_table, first, count, args.hands)
                        for first, count in _batches(args.hands, args.hands_per_table, TABLES_PER_JOB)]
                total = HandTally()
                last_progress = time.perf_counter()
                for tally in pool.imap_unordered(_hand_batch, jobs):
                    total.add(tally)
                    if time.perf_counter() - last_progress >= PROGRESS_EVERY_S:
                        last_progress = time.perf_counter()
                        print(f"  {rules_name} {policy}: {total.hands}/{args.hands} hands, "
                              f"{len(total.disagreements)} disagreements so far "
                              f"({last_progress - started:.0f} s)", file=sys.stderr, flush=True)
                failed |= _report_hands(rules_name, policy, total)
            if args.positions:
                per_job = POSITIONS_PER_JOB
                jobs = [(rules_name, args.seed * 1_000_003 + i, min(per_job, args.positions - i * per_job))
                        for i in range(-(-args.positions // per_job))]
                positions = tricks = 0
                disagreements: list[str] = []
                for tally in pool.imap_unordered(_position_batch, jobs):
                    positions += tally.hands
                    tricks += tally.tricks
                    disagreements += tally.disagreements[:MAX_REPORTED]
                print(f"{rules_name} positions: {positions} positions, {tricks} tricks; "
                      f"{len(disagreements)} disagreements")
                for line in disagreements[:MAX_REPORTED]:
                    print("  " + line)
                failed |= bool(disagreements)
    print(f"{'DISAGREEMENTS FOUND' if failed else 'all agree'} ({time.perf_counter() - started:.0f} s)")
    return 1 if failed else 0


def _report_hands(rules_name: str, policy: str, tally: HandTally) -> bool:
    print(f"{rules_name} {policy}: {tally.hands} hands ({tally.declared} declared), {tally.tricks} tricks, "
          f"{tally.failed_throws} failed throws; {len(tally.disagreements)} disagreements")
    for line in tally.disagreements[:MAX_REPORTED]:
        print("  " + line)
    return bool(tally.disagreements)


if __name__ == "__main__":
    sys.exit(main())
