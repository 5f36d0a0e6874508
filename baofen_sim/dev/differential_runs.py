"""Long differential runs (DESIGN.md §10): the engine against the reference engine.

    python scripts/differential.py --hands 1000000 --positions 100000 [--rules baofen --rules baofen-001]
                                   [--policy random --policy heuristic] [--param pass_weight=6]
                                   [--set OPTION=VALUE] [--seed N] [--hands-per-table 16] [--processes 2]

- `--hands N`: N whole hands per preset and policy, simulated by the Numba engine, then each hand's game
  record (games/baofen/replay.py, DESIGN.md §8) re-judged by the reference engine (`games.baofen.judge`): every step
  must be legal and every trick's winner and points, C, W, Pen, K, S, R, the category, the settlement and the
  pot after it must agree. The table state is the reference's own: a `TableLedger` chained across each
  table's hands (pot and cumulative scores go into the next record's `"table"` key), whose next 主叫 must be
  the engine's.
- `--positions N`: N concentrated mid-hand positions per preset through the trick-level harness of
  `baofen_sim.dev.differential` (legality verdicts, follow choices, lead units, throw verdicts, trick winners).
  `--rules tractor-80fen` takes positions at every 80分 level and trump, no-trump included
  (`baofen_sim.games.tractor80.differential`), `--rules zhaopengyou-5p` on the 5-player tables with each trump
  (`baofen_sim.games.zhaopengyou.differential`). Their `--hands` are re-judged by `compare_judged` with the game's
  `JudgedGame` (`JUDGED_GAMES`): every step legal, the result line equal to the engine's row, the tricks' count,
  and the game's own checks (找朋友: the friend's reveal, each seat's points, the next hand's first card); the
  table state is the engine's, carried by each record (80分: levels and 庄; 找朋友: `deal_first`). Each game
  counts its kinds of hand (`categories`).
- `--set OPTION=VALUE` (repeatable): the presets with these options (as `simulate --set`), for the hands and for
  Baofen's and 找朋友's positions.

Work is split over `--processes` processes (one Numba thread each; 1: in this process). Prints a summary with
the hands judged per second; exit 1 on any disagreement, 2 on bad options. `compare_tables` is also what
tests/test_engine_differential.py runs.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from baofen_sim.games import default_game

MAX_REPORTED = 20  # disagreements kept per batch
TABLES_PER_JOB = 16
POSITIONS_PER_JOB = 200
PROGRESS_EVERY_S = 60.0  # a progress line on stderr at most this often


@dataclass
class HandTally:
    hands: int = 0
    declared: int = 0
    tricks: int = 0
    failed_throws: int = 0
    categories: Counter = field(default_factory=Counter)  # hands of each kind the game counts (JudgedGame)
    disagreements: list[str] = field(default_factory=list)

    def add(self, other: HandTally) -> None:
        self.hands += other.hands
        self.declared += other.declared
        self.tricks += other.tricks
        self.failed_throws += other.failed_throws
        self.categories.update(other.categories)
        self.disagreements += other.disagreements[:MAX_REPORTED]


@dataclass(frozen=True)
class Differential:
    """A game's long differential runs (its `differential` hook): `hands` (spec, first_table, n_tables) → HandTally,
    the engine's hands of those tables judged by the reference engine; `positions` (rules, seed, count) → the
    trick-level tally of `count` positions; `preset_positions`: its positions are its preset's whatever `--set`
    says."""

    hands: Callable[[Any, int, int], HandTally]
    positions: Callable[[Any, int, int], Any]
    preset_positions: bool = False


@dataclass(frozen=True)
class JudgedGame:
    """What re-judging a game's simulated hands needs beyond what every game shares (`compare_judged`):
    `replayed` (spec, first_table, n_tables) → [(row, game record)], `result_line` row → the judge's result line as
    the engine has it, `checks` (row, events, the next row of the table or None) → problems beyond the result line,
    `categories` row → the kinds of hand it is."""

    replayed: Callable[[Any, int, int], list]
    result_line: Callable[[Any], dict[str, Any]]
    checks: Callable[[Any, list[dict[str, Any]], Any], list[str]]
    categories: Callable[[Any], list[str]]


def compare_judged(game: JudgedGame, spec, first_table: int, n_tables: int) -> HandTally:
    """Simulate tables first_table .. + n_tables − 1 of `spec` with the engine and judge every hand's record with
    the reference engine: every step legal, the result line and the tricks' count the engine's, and `game.checks`."""
    from baofen_sim.io.record_fields import RecordError
    from baofen_sim.io.records import parse_record
    from baofen_sim.reference.judge import judge

    result_line, checks, categories = game.result_line, game.checks, game.categories
    hands = game.replayed(spec, first_table, n_tables)
    tally = HandTally()
    for i, (row, record) in enumerate(hands):
        following = hands[i + 1][0] if i + 1 < len(hands) and hands[i + 1][0].table == row.table else None
        events: list[dict[str, Any]] = []
        try:
            report = judge(parse_record(record))
        except RecordError as error:
            problems = [f"record rejected: {error}"]
        else:
            events = report.events
            problems = [f"illegal: {events[-1]}"] if not report.legal else _line_problems(result_line(row),
                                                                                          events[-1])
            if report.legal:
                tricks = sum(e["event"] == "trick" for e in events)
                if tricks != row.tricks_played:
                    problems.append(f"tricks: engine {int(row.tricks_played)}, reference {tricks}")
                problems += checks(row, events, following)
        tally.hands += 1
        tally.declared += 1
        tally.tricks += int(row.tricks_played)
        tally.failed_throws += sum(e["event"] == "throw_failed" for e in events)
        tally.categories.update(categories(row))
        if problems and len(tally.disagreements) < MAX_REPORTED:
            tally.disagreements.append(f"hand {int(row.hand)}: " + "; ".join(problems))
    return tally


def _line_problems(want: dict[str, Any], got: dict[str, Any]) -> list[str]:
    return [f"{key}: engine {value}, reference {got.get(key)}" for key, value in want.items() if got.get(key) != value]


def _line_problems(want: dict[str, Any], got: dict[str, Any]) -> list[str]:
    return [f"{key}: engine {value}, reference {got.get(key)}" for key, value in want.items() if got.get(key) != value]


def kinds(*labelled) -> list[str]:
    """The labels of the (label, condition) pairs whose condition holds."""
    return [label for label, condition in labelled if condition]


# ---- process pool ------------------------------------------------------------------------------------


def _hand_batch(args: tuple) -> HandTally:
    rules_name, overrides, policy, params, seed, hands_per_table, first_table, n_tables, deals = args
    from baofen_sim.policies.registry import POLICIES
    from baofen_sim.rules import preset
    from baofen_sim.runs.runspec import RunSpec

    known = {p.name for p in POLICIES[policy].params}
    seat_params = {key: value for key, value in params.items() if key in known}
    rules = preset(rules_name).with_overrides(overrides)
    seats = rules.num_players
    spec = RunSpec(rules=rules, policies=(policy,) * seats, params=(seat_params,) * seats, seed=seed, deals=deals,
                   hands_per_table=hands_per_table)
    return differential_of(rules).hands(spec, first_table, n_tables)


def _position_batch(args: tuple):
    rules_name, overrides, seed, count = args
    from baofen_sim.rules import preset

    rules = preset(rules_name)
    differential = differential_of(rules)
    return differential.positions(rules if differential.preset_positions else rules.with_overrides(overrides),
                                  seed, count)


def differential_of(rules) -> Differential:
    """The long differential runs of the game `rules` play."""
    from baofen_sim.games import game_of

    return game_of(rules).hook("differential")


def _batches(hands: int, hands_per_table: int, tables_per_batch: int) -> list[tuple[int, int]]:
    tables = -(-hands // hands_per_table)
    return [(first, min(tables_per_batch, tables - first)) for first in range(0, tables, tables_per_batch)]


def _check_options(parser: argparse.ArgumentParser, args: argparse.Namespace, presets: list[str],
                   policies: list[str]) -> None:
    """A bad preset, option or policy: one line and exit 2 (argparse's), before any work."""
    from baofen_sim.policies.registry import POLICIES, PolicyError
    from baofen_sim.policies.selection import policy_spec
    from baofen_sim.rules import preset
    from baofen_sim.rules.ruleset import RulesError
    from baofen_sim.runs.runspec import RunSpec, RunSpecError

    for policy in policies:
        if policy not in POLICIES:  # a plug-in too: the batches play built-ins
            try:
                policy_spec(policy)
            except PolicyError as error:
                parser.error(f"--policy: {error}")
            parser.error(f"--policy {policy}: a built-in policy ({', '.join(POLICIES)})")
    for name in presets:
        try:
            rules = preset(name).with_overrides(args.set)
            for policy in policies:
                RunSpec(rules=rules, policies=(policy,) * rules.num_players)
        except (RulesError, RunSpecError, PolicyError) as error:
            parser.error(f"--rules {name}: {error}")
        if args.set and args.positions and differential_of(preset(name)).preset_positions:
            parser.error(f"--set: the {name} positions are the preset's; give --positions 0")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=0, help="whole hands per preset and policy")
    parser.add_argument("--positions", type=int, default=0, help="trick-level positions per preset")
    parser.add_argument("--rules", action="append", help="preset (repeatable; default: the default game's presets)")
    parser.add_argument("--policy", action="append", help="random or heuristic (repeatable; default random)")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a policy parameter for every seat whose policy has it (e.g. pass_weight=6)")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                        help="a rule option of every preset, as simulate --set (e.g. zpy_overcall_max=2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands-per-table", type=int, default=16)
    parser.add_argument("--processes", type=int, default=2, help="worker processes (1: this process)")
    args = parser.parse_args(argv)
    presets = args.rules or list(default_game().hook("presets"))
    params = {key: float(value) for key, _, value in (p.partition("=") for p in args.param)}
    policies = args.policy or ["random"]
    overrides = tuple(args.set)
    _check_options(parser, args, presets, policies)
    started = time.perf_counter()
    failed = False
    with _workers(args.processes) as imap:
        for rules_name in presets:
            for policy in policies if args.hands else []:
                jobs = [(rules_name, overrides, policy, params, args.seed, args.hands_per_table, first, count,
                         args.hands) for first, count in _batches(args.hands, args.hands_per_table, TABLES_PER_JOB)]
                total = HandTally()
                began = last_progress = time.perf_counter()
                for tally in imap(_hand_batch, jobs):
                    total.add(tally)
                    if time.perf_counter() - last_progress >= PROGRESS_EVERY_S:
                        last_progress = time.perf_counter()
                        print(f"  {rules_name} {policy}: {total.hands}/{args.hands} hands, "
                              f"{len(total.disagreements)} disagreements so far "
                              f"({last_progress - started:.0f} s)", file=sys.stderr, flush=True)
                failed |= _report_hands(rules_name, policy, total, time.perf_counter() - began)
            if args.positions:
                per_job = POSITIONS_PER_JOB
                jobs = [(rules_name, overrides, args.seed * 1_000_003 + i, min(per_job, args.positions - i * per_job))
                        for i in range(-(-args.positions // per_job))]
                positions = tricks = 0
                disagreements: list[str] = []
                for tally in imap(_position_batch, jobs):
                    positions += tally.hands
                    tricks += tally.tricks
                    disagreements += tally.disagreements[:MAX_REPORTED]
                print(f"{rules_name} positions: {positions} positions, {tricks} tricks; "
                      f"{len(disagreements)} disagreements")
                for line in disagreements[:MAX_REPORTED]:
                    print("  " + line)
                failed |= bool(disagreements)
    options = f" with {' '.join(overrides)}" if overrides else ""
    print(f"{'DISAGREEMENTS FOUND' if failed else 'all agree'}{options} ({time.perf_counter() - started:.0f} s)")
    return 1 if failed else 0


@contextlib.contextmanager
def _workers(processes: int):
    """`imap(function, jobs)` over a pool of `processes` spawned processes, or in this process for 1 (in order);
    one Numba thread each."""
    if processes <= 1:
        import numba

        threads = numba.get_num_threads()
        numba.set_num_threads(1)
        try:
            yield map
        finally:
            numba.set_num_threads(threads)
        return
    before = os.environ.get("NUMBA_NUM_THREADS")
    os.environ["NUMBA_NUM_THREADS"] = "1"  # the workers inherit it
    try:
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            yield pool.imap_unordered
    finally:
        if before is None:
            os.environ.pop("NUMBA_NUM_THREADS")
        else:
            os.environ["NUMBA_NUM_THREADS"] = before


def _report_hands(rules_name: str, policy: str, tally: HandTally, seconds: float) -> bool:
    print(f"{rules_name} {policy}: {tally.hands} hands ({tally.declared} declared), {tally.tricks} tricks, "
          f"{tally.failed_throws} failed throws; {len(tally.disagreements)} disagreements "
          f"({tally.hands / max(seconds, 1e-9):.0f} hands/s)")
    if tally.categories:
        print("  hands: " + ", ".join(f"{kind} {count}" for kind, count in sorted(tally.categories.items())))
    for line in tally.disagreements[:MAX_REPORTED]:
        print("  " + line)
    return bool(tally.disagreements)


if __name__ == "__main__":
    sys.exit(main())
