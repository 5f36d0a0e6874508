"""Replay for 80分 (DESIGN.md §8): re-play tables of a run with the action log and turn each hand into its game
record, which `baofen-sim judge` accepts. A hand depends on its table's earlier hands (the levels, the 庄, the 积分),
so hand K of a table is replayed by playing the table's hands 0..K with the kernel of `run_chunk80`.

The record gives each seat's cards in the order received and the kitty in the order it is turned over (from the
deal order in the log), every showing with the cards dealt when it was made, the 庄's bury, each 反底 with its
re-bury, and the plays as attempted (a failed throw as the attempted cards; the judge applies the forced lead).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from baofen_sim.analysis.trick_text import TrickText, hand_trick_lines, judged_tricks
from baofen_sim.cards import SUIT_LETTERS, card_name, rank_name
from baofen_sim.codes import LOG_FORCED
from baofen_sim.games.tractor80.engine.chunk import play_chunk80
from baofen_sim.games.tractor80.engine.hand import trick_table
from baofen_sim.games.tractor80.engine.materialize import tractor80_inputs
from baofen_sim.games.tractor80.engine.records import NUM_SEATS, NUM_TEAMS
from baofen_sim.games.tractor80.reference.result import team_of
from baofen_sim.io.record_fields import record_rules
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import JudgeReport, format_event, judge
from baofen_sim.runs.replays import Key, records_of_hands
from baofen_sim.runs.runspec import RunSpec, RunSpecError
from baofen_sim.tables import bits_to_kinds


def _names(kinds) -> list[str]:
    return [card_name(int(k)) for k in kinds]


def hand_record80(spec: RunSpec, row: Any, log: Any, tables: Any) -> dict[str, Any]:
    """The full-hand record (DESIGN.md §8) of a hand the kernel played with a log; `tables` the run's trick tables."""
    n, size, kitty = spec.num_players, spec.rules.hand_size, spec.rules.kitty_size
    dealt = n * size
    first = int(log.first)
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(dealt):
        hands[(first + k) % n].append(int(log.dealt[k]))
    rules_name, options = record_rules(spec.rules)
    record: dict[str, Any] = {"rules": rules_name, "options": options,
                              "levels": [rank_name(int(row.levels_before[team])) for team in range(NUM_TEAMS)],
                              "first_hand": bool(row.first_hand),
                              "hands": [_names(h) for h in hands], "kitty": _names(log.dealt[dealt:dealt + kitty])}
    declarations = [{"after": int(log.declaration_after[i]), "seat": int(log.declaration_seat[i]),
                     "cards": _names([log.declaration_kind[i]] * int(log.declaration_copies[i]))}
                    for i in range(int(log.n_declarations))]
    if not row.first_hand or not declarations:
        record["zhuang"] = int(row.zhuang)
    record["declarations"] = declarations
    record["bury"] = _names(sorted(log.bury[:kitty]))
    record["fandi"] = [{"seat": int(log.fandi_seat[i]), "cards": _names([log.fandi_kind[i]] * 2),
                        "bury": _names(sorted(log.fandi_bury[i, :kitty]))} for i in range(int(log.n_fandi))]
    tb = tables[trick_table(int(row.level), int(row.trump))]
    record["plays"] = [_names(bits_to_kinds(tb, log.ge1[i], log.eq2[i])) for i in range(int(log.n_plays))
                       if log.kind[i] != LOG_FORCED]
    return record


def replayed_hands80(spec: RunSpec, first_table: int, n_tables: int) -> list[tuple[Any, dict[str, Any]]]:
    """(row, record) of every hand of tables first_table .. first_table + n_tables − 1."""
    out = play_chunk80(spec, first_table, n_tables, log=True)
    tables = tractor80_inputs(spec).tables
    return [(out.rows[i], hand_record80(spec, out.rows[i], out.logs[i], tables)) for i in range(len(out.rows))]


RESULT_INTEGERS = ("defenders_points", "kitty_points", "kitty_multiplier", "kitty_bonus", "penalty_points",
                   "defenders_total", "up_team", "up_levels")


def result_line80(row: Any) -> dict[str, Any]:
    """A kernel row as the judge's 80分 result line (DESIGN.md §8) names its fields."""
    line: dict[str, Any] = {key: int(row[key]) for key in RESULT_INTEGERS}
    line.update(declarer=int(row.zhuang), level=rank_name(int(row.level)),
                trump=SUIT_LETTERS[int(row.trump)] if row.trump >= 0 else "NT", declarer_won=bool(row.declarer_won),
                levels_after=[rank_name(int(level)) for level in row.levels_after], game_over=bool(row.game_over),
                next_zhuang=None if row.game_over else int(row.next_zhuang),
                settlement=[int(x) for x in row.settle[:NUM_SEATS]])
    return line


def replay80(spec: RunSpec, hand: int) -> tuple[Any, dict[str, Any]]:
    """(row, record) of hand `hand` of the 80分 run `spec`, re-played with its table's earlier hands."""
    if not 0 <= hand < spec.deals:
        raise RunSpecError(f"--hand {hand}: the run has hands 0..{spec.deals - 1}")
    table = hand // spec.hands_per_table
    out = play_chunk80(spec, table, 1, log=True, deals=hand + 1)
    tables = tractor80_inputs(spec).tables
    return out.rows[-1], hand_record80(spec, out.rows[-1], out.logs[-1], tables)


def describe80(hand: int, row: Any, record: dict[str, Any]) -> list[str]:
    """The hand, readably: the levels and the 庄, each seat's cards in the order received, the showings, the bury
    and the 反底s, every trick (`trick_lines80`) and the result."""
    trump = SUIT_LETTERS[int(row.trump)] if row.trump >= 0 else "NT"
    lines = [f"hand {hand} (table {row.table}, hand {row.hand_in_table} of the table, game {row.game}), rules "
             f"{record['rules']}{' with ' + str(record['options']) if record['options'] else ''}",
             f"levels {' / '.join(record['levels'])} (team 0: seats 0 and 2); 庄 seat {row.zhuang} at "
             f"{rank_name(int(row.level))}; trump {trump}"]
    lines += [f"  seat {seat} (in the order received): {' '.join(cards)}" for seat, cards in enumerate(record["hands"])]
    lines.append(f"  kitty (turned-over order): {' '.join(record['kitty'])}")
    lines += [f"showing after {d['after']} cards: seat {d['seat']} {' '.join(d['cards'])}"
              for d in record["declarations"]] or ["nobody showed: trump from the kitty"]
    lines.append(f"bury (seat {row.zhuang}): {' '.join(record['bury'])}")
    lines += [f"反底 seat {f['seat']}: {' '.join(f['cards'])}, re-buries {' '.join(f['bury'])}"
              for f in record["fandi"]]
    lines += trick_lines80(record)
    lines.append(f"result: defenders' points {row.defenders_points}, kitty {row.kitty_points} × {row.kitty_multiplier}"
                 f", throws {row.penalty_points:+d}, total {row.defenders_total}; the 庄家方 "
                 f"{'won' if row.declarer_won else 'lost'}; team {row.up_team} +{row.up_levels}; levels after "
                 f"{' / '.join(rank_name(int(x)) for x in row.levels_after)}"
                 + ("; the game is over" if row.game_over else f"; next 庄 seat {row.next_zhuang}"))
    return lines


def replayed_records80(spec: RunSpec, keys: list[Key]) -> dict[Key, dict[str, Any]]:
    """The game records of the hands `keys` (hand, None: no forced declarer) of the run `spec`, their tables replayed
    together, a span of consecutive tables at a time."""
    return records_of_hands(spec, keys, replayed_hands80)


def replay_lines(spec: RunSpec, out_dir: Path, hand: int, declarer: int | None, as_record: bool) -> list[str]:
    """What `replay` prints of hand `hand` of the run `spec`: its game record as one JSON line, or its text."""
    if declarer is not None:
        raise RunSpecError("--declarer: an 80分 run has no forced declarer")
    row, record = replay80(spec, hand)
    return [json.dumps(record, ensure_ascii=False)] if as_record else describe80(hand, row, record)


DEFENDERS80 = "抓分方"


def trick_texts80(record: dict[str, Any]) -> tuple[list[TrickText], JudgeReport]:
    """The tricks of an 80分 hand's record, judged by the reference engine, with the 抓分方's running points: the card
    points of the tricks they won (P, §7.3.11), and the failed-throw adjustments so far (X: −10 per 抓分方 failure,
    +10 per 庄家方 failure, §4.5) as a note; and the judge's report."""
    report = judge(parse_record(record))
    hand = report.hand
    defenders = 1 - team_of(hand.zhuang)
    points = adjustment = 0
    texts = []
    for trick in judged_tricks(report.events, hand):
        failed = trick.failed_throw
        if failed is not None:
            cost = -failed.penalty if team_of(failed.seat) == defenders else failed.penalty
            adjustment += cost
            failed = replace(failed, cost=f"{DEFENDERS80} {cost:+d}")
        if team_of(trick.winner) == defenders:
            points += trick.points
        texts.append(replace(trick, failed_throw=failed, side=DEFENDERS80, running=points,
                             note=f", throws {adjustment:+d}" if adjustment else ""))
    return texts, report


def trick_lines80(record: dict[str, Any]) -> list[str]:
    """Each trick of the hand (`trick_text`), with the 抓分方's running points; a record the reference finds illegal
    (a bug) says where judging stopped."""
    if not record.get("plays"):
        return []
    texts, report = trick_texts80(record)
    defenders = 1 - team_of(report.hand.zhuang)
    lines = [f"tricks (the {DEFENDERS80}, seats {defenders} and {defenders + 2}: their card points after each trick)"]
    lines += hand_trick_lines(texts)
    if not report.legal:
        lines.append(f"the reference engine stops here: {format_event(report.events[-1], report.game)}")
    return lines
