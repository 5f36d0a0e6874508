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
from dataclasses import dataclass, field
from typing import Any

MAX_REPORTED = 20  # disagreements kept per batch
TABLES_PER_JOB = 16
POSITIONS_PER_JOB = 200
PROGRESS_EVERY_S = 60.0  # a progress line on stderr at most this often
TRACTOR_80FEN, ZHAOPENGYOU_5P = "tractor-80fen", "zhaopengyou-5p"  # their hands: compare_judged, JUDGED_GAMES
DECLARED_FIELDS = ("target", "declarer_points", "wangfen_points", "penalty_points", "result", "declarer_won")


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
    from baofen_sim.games.baofen.judge import judge
    from baofen_sim.games.baofen.record import RecordError, parse_record
    from baofen_sim.games.baofen.reference.table import TableLedger
    from baofen_sim.games.baofen.replay import replayed_hands

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
    return compare_judged(JUDGED_GAMES[TRACTOR_80FEN], spec, first_table, n_tables)


@dataclass(frozen=True)
class JudgedGame:
    """What re-judging a game's simulated hands needs beyond what every game shares (`compare_judged`), as
    "module:function" paths (imported when a batch runs): `replayed` (spec, first_table, n_tables) → [(row, game
    record)], `result_line` row → the judge's result line as the engine has it, `checks` (row, events, the next
    row of the table or None) → problems beyond the result line, `categories` row → the kinds of hand it is."""

    replayed: str
    result_line: str
    checks: str
    categories: str


JUDGED_GAMES = {
    TRACTOR_80FEN: JudgedGame("baofen_sim.games.tractor80.replay:replayed_hands80",
                              "baofen_sim.games.tractor80.replay:result_line80",
                              "baofen_sim.dev.differential_runs:checks80",
                              "baofen_sim.dev.differential_runs:categories80"),
    ZHAOPENGYOU_5P: JudgedGame("baofen_sim.games.zhaopengyou.replay:replayed_hands_zpy",
                               "baofen_sim.games.zhaopengyou.replay:result_line_zpy",
                               "baofen_sim.dev.differential_runs:checks_zpy",
                               "baofen_sim.dev.differential_runs:categories_zpy"),
}


def compare_judged(game: JudgedGame, spec, first_table: int, n_tables: int) -> HandTally:
    """Simulate tables first_table .. + n_tables − 1 of `spec` with the engine and judge every hand's record with
    the reference engine: every step legal, the result line and the tricks' count the engine's, and `game.checks`."""
    from baofen_sim.games import resolve
    from baofen_sim.games.baofen.judge import judge
    from baofen_sim.games.baofen.record import RecordError, parse_record

    result_line, checks, categories = (resolve(path) for path in (game.result_line, game.checks, game.categories))
    hands = resolve(game.replayed)(spec, first_table, n_tables)
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


def checks80(row, events: list[dict[str, Any]], following) -> list[str]:
    """80分 beyond the result line: the failed throws (the result line has only their net points)."""
    failed = sum(e["event"] == "throw_failed" for e in events)
    return [] if failed == row.failed_throws else [f"failed throws: engine {int(row.failed_throws)}, reference "
                                                   f"{failed}"]


def categories80(row) -> list[str]:
    from baofen_sim.codes import TRUMP_SOURCE_LABELS

    return [f"trump from {TRUMP_SOURCE_LABELS[int(row.trump_source)]}"] + _kinds(
        ("反底", row.fandi > 0), ("庄家方 won", row.declarer_won), ("game over", row.game_over))


def _kinds(*labelled) -> list[str]:
    """The labels of the (label, condition) pairs whose condition holds."""
    return [label for label, condition in labelled if condition]


def checks_zpy(row, events: list[dict[str, Any]], following) -> list[str]:
    """找朋友 beyond the result line: the friend's reveal (trick, seat, points cleared, §7.4.8, §7.4.10), the card
    points of each seat's tricks, and the next hand of the table receiving its first card where the reference says
    (§7.4.2)."""
    problems = []
    reveals = [(e["trick"], e["seat"], e["points_cleared"]) for e in events if e["event"] == "friend"]
    mine = [(int(row.reveal_trick), int(row.friend), int(row.points_cleared))] if row.reveal_trick >= 0 else []
    if reveals != mine:
        problems.append(f"friend revealed: engine {mine}, reference {reveals}")
    won = [0] * len(row.points_won)
    for e in events:
        if e["event"] == "trick":
            won[e["winner"]] += e["points"]
    if won != [int(x) for x in row.points_won]:
        problems.append(f"points won per seat: engine {[int(x) for x in row.points_won]}, reference {won}")
    if following is not None and following.deal_first != events[-1]["next_deal_first"]:
        problems.append(f"the next hand's first card: engine seat {int(following.deal_first)}, reference seat "
                        f"{events[-1]['next_deal_first']}")
    return problems


def categories_zpy(row) -> list[str]:
    from baofen_sim.games.zhaopengyou.engine.calling import FRIEND_STATUS_LABELS

    friend = "friend" if row.friend >= 0 else f"1 vs 4 ({FRIEND_STATUS_LABELS[int(row.friend_status)]})"
    return [friend] + _kinds(
        ("forced call", row.call_forced), ("overcalled", row.overcalls > 0), ("two overcalls", row.overcalls > 1),
        ("conceded", row.conceded), ("friend revealed", row.reveal_trick >= 0),
        ("points cleared", row.points_cleared > 0), ("kitty bonus", row.kitty_bonus > 0),
        ("defenders at 80", row.defenders_total == 80), ("declarer's side won", row.declarer_won))


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
    if rules_name in JUDGED_GAMES:
        return compare_judged(JUDGED_GAMES[rules_name], spec, first_table, n_tables)
    return compare_tables(spec, first_table, n_tables)


def _position_batch(args: tuple):
    rules_name, overrides, seed, count = args
    from baofen_sim.rules import preset

    if rules_name == TRACTOR_80FEN:
        from baofen_sim.games.tractor80 import differential as differential_80fen

        return differential_80fen.run_positions(seed, count)
    rules = preset(rules_name).with_overrides(overrides)
    if rules_name == ZHAOPENGYOU_5P:
        from baofen_sim.games.zhaopengyou import differential as differential_zpy

        return differential_zpy.run_positions(seed, count, rules)
    from baofen_sim.dev.differential import run_positions

    return run_positions(rules, seed, count)


def _batches(hands: int, hands_per_table: int, tables_per_batch: int) -> list[tuple[int, int]]:
    tables = -(-hands // hands_per_table)
    return [(first, min(tables_per_batch, tables - first)) for first in range(0, tables, tables_per_batch)]


def _check_options(parser: argparse.ArgumentParser, args: argparse.Namespace, presets: list[str],
                   policies: list[str]) -> None:
    """A bad preset, option or policy: one line and exit 2 (argparse's), before any work."""
    from baofen_sim.policies.registry import POLICIES, PolicyError, policy_spec
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
        if args.set and args.positions and name == TRACTOR_80FEN:
            parser.error("--set: the 80分 positions are the preset's (differential_80fen); give --positions 0")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=0, help="whole hands per preset and policy")
    parser.add_argument("--positions", type=int, default=0, help="trick-level positions per preset")
    parser.add_argument("--rules", action="append", help="preset (repeatable; default baofen and baofen-001)")
    parser.add_argument("--policy", action="append", help="random or heuristic (repeatable; default random)")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a policy parameter for every seat whose policy has it (e.g. pass_weight=6)")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                        help="a rule option of every preset, as simulate --set (e.g. zpy_overcall_max=2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands-per-table", type=int, default=16)
    parser.add_argument("--processes", type=int, default=2, help="worker processes (1: this process)")
    args = parser.parse_args(argv)
    presets = args.rules or ["baofen", "baofen-001"]
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
