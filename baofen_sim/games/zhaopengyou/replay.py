"""Replay for 找朋友 (DESIGN.md §8): re-play a table of a run with the action log and turn a hand into its game record,
which `baofen-sim judge` accepts. A hand's first card depends on the table's earlier hands (next_deal_first), so
hand K of a table is replayed by playing the table's hands 0..K with the kernel of `run_chunk_zpy`.

The record gives each seat's cards in the order received and the kitty (from the deal order in the log), the call
with the cards dealt when it was made (the forced call `after` 100), the caller's bury, each overcall with its
re-bury, the concession, and the plays as attempted (a failed throw as the attempted cards; the judge applies the
forced lead).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from baofen_sim.analysis.trick_text import TrickText, hand_trick_lines, judged_tricks
from baofen_sim.cards import SUIT_LETTERS, card_name
from baofen_sim.codes import LOG_FORCED
from baofen_sim.games.zhaopengyou.engine.calling import FRIEND_STATUS_LABELS
from baofen_sim.games.zhaopengyou.engine.chunk import play_chunk_zpy
from baofen_sim.games.zhaopengyou.engine.materialize import zpy_inputs
from baofen_sim.games.zhaopengyou.engine.records import DEALT, NUM_SEATS
from baofen_sim.io.record_fields import record_rules
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import JudgeReport, format_event, judge
from baofen_sim.runs.replays import Key, records_of_hands
from baofen_sim.runs.runspec import RunSpec, RunSpecError
from baofen_sim.tables import bits_to_kinds


def _names(kinds) -> list[str]:
    return [card_name(int(k)) for k in kinds]


def hand_record_zpy(spec: RunSpec, row: Any, log: Any, tables: Any) -> dict[str, Any]:
    """The full-hand record (DESIGN.md §8) of a hand the kernel played with a log; `tables` the run's trick tables."""
    kitty = spec.rules.kitty_size
    first = int(row.deal_first)
    hands: list[list[int]] = [[] for _ in range(NUM_SEATS)]
    for k in range(DEALT):
        hands[(first + k) % NUM_SEATS].append(int(log.dealt[k]))
    rules_name, options = record_rules(spec.rules)
    call = {"after": int(row.call_after), "seat": int(row.caller), "card": card_name(int(row.call_card))}
    record: dict[str, Any] = {"rules": rules_name, "options": options, "deal_first": first,
                              "flip": int(row.flip_position), "hands": [_names(h) for h in hands],
                              "kitty": _names(log.dealt[DEALT:DEALT + kitty]),
                              "call": call | ({"forced": True} if row.call_forced else {}),
                              "bury": _names(sorted(log.bury[:kitty])),
                              "overcalls": [{"seat": int(log.overcall_seat[i]),
                                             "cards": _names([log.overcall_kind[i]] * 2),
                                             "bury": _names(sorted(log.overcall_bury[i, :kitty]))}
                                            for i in range(int(row.overcalls))],
                              "concede": bool(row.conceded)}
    tb = tables[int(row.trump)]
    plays = [_names(bits_to_kinds(tb, log.ge1[i], log.eq2[i])) for i in range(int(log.n_plays))
             if log.kind[i] != LOG_FORCED]
    if plays:
        record["plays"] = plays
    return record


def replayed_hands_zpy(spec: RunSpec, first_table: int, n_tables: int) -> list[tuple[Any, dict[str, Any]]]:
    """(row, record) of every hand of tables first_table .. first_table + n_tables − 1."""
    out = play_chunk_zpy(spec, first_table, n_tables, log=True)
    tables = zpy_inputs(spec).tables
    return [(out.rows[i], hand_record_zpy(spec, out.rows[i], out.logs[i], tables)) for i in range(len(out.rows))]


SCORED = ("defenders_points", "kitty_points", "kitty_multiplier", "kitty_bonus", "defenders_total")


def result_line_zpy(row: Any) -> dict[str, Any]:
    """A kernel row as the judge's 找朋友 result line (DESIGN.md §8) names its fields (a conceded hand's are null)."""
    line: dict[str, Any] = {key: None if row.conceded else int(row[key]) for key in SCORED}
    line.update(declarer=int(row.declarer), trump=SUIT_LETTERS[int(row.trump)],
                friend_card=None if row.friend_card < 0 else card_name(int(row.friend_card)),
                friend=None if row.friend < 0 else int(row.friend), overcalled=bool(row.overcalls > 0),
                conceded=bool(row.conceded), declarer_won=bool(row.declarer_won),
                next_deal_first=int(row.next_deal_first))
    return line


def replay_zpy(spec: RunSpec, hand: int) -> tuple[Any, dict[str, Any]]:
    """(row, record) of hand `hand` of the 找朋友 run `spec`, re-played with its table's earlier hands."""
    if not 0 <= hand < spec.deals:
        raise RunSpecError(f"--hand {hand}: the run has hands 0..{spec.deals - 1}")
    table = hand // spec.hands_per_table
    out = play_chunk_zpy(spec, table, 1, log=True, deals=hand + 1)
    tables = zpy_inputs(spec).tables
    return out.rows[-1], hand_record_zpy(spec, out.rows[-1], out.logs[-1], tables)


def describe_zpy(hand: int, row: Any, record: dict[str, Any]) -> list[str]:
    """The hand, readably: the deal, the turned-up card, the call, the bury and the overcalls, the friend, every
    trick with the friend's reveal (`trick_lines_zpy`) and the result."""
    call = record["call"]
    lines = [f"hand {hand} (table {row.table}, hand {row.hand_in_table} of the table), rules "
             f"{record['rules']}{' with ' + str(record['options']) if record['options'] else ''}",
             f"first card to seat {row.deal_first}; turned up: card {row.flip_position} of the deal, "
             f"{card_name(int(row.flip_card))} to seat {row.flip_holder}"]
    lines += [f"  seat {seat} (in the order received): {' '.join(cards)}" for seat, cards in enumerate(record["hands"])]
    lines.append(f"  kitty: {' '.join(record['kitty'])}")
    lines.append(f"{'forced call (nobody called)' if call.get('forced') else 'call after ' + str(call['after'])} "
                 f"cards: seat {call['seat']} {call['card']}")
    lines.append(f"bury (seat {call['seat']}): {' '.join(record['bury'])}")
    lines += [f"overcall seat {o['seat']}: {' '.join(o['cards'])}, re-buries {' '.join(o['bury'])}"
              for o in record["overcalls"]]
    friend = (f"friend seat {row.friend} ({card_name(int(row.friend_card))}), revealed in trick {row.reveal_trick}, "
              f"{row.points_cleared} points cleared" if row.friend >= 0
              else f"1 vs 4 ({FRIEND_STATUS_LABELS[int(row.friend_status)]})")
    lines.append(f"declarer seat {row.declarer}, trump {SUIT_LETTERS[int(row.trump)]}; {friend}")
    if row.conceded:
        lines.append(f"seat {row.declarer} concedes: his side loses; next first card to seat {row.next_deal_first}")
        return lines
    lines += trick_lines_zpy(record)
    lines.append(f"result: defenders' points {row.defenders_points}, kitty {row.kitty_points} × {row.kitty_multiplier}"
                 f", total {row.defenders_total}; the declarer's side {'won' if row.declarer_won else 'lost'}; next "
                 f"first card to seat {row.next_deal_first}")
    return lines


def replayed_records_zpy(spec: RunSpec, keys: list[Key]) -> dict[Key, dict[str, Any]]:
    """The game records of the hands `keys` (hand, None: no forced declarer) of the run `spec`, their tables replayed
    together, a span of consecutive tables at a time."""
    return records_of_hands(spec, keys, replayed_hands_zpy)


def replay_lines(spec: RunSpec, out_dir: Path, hand: int, declarer: int | None, as_record: bool) -> list[str]:
    """What `replay` prints of hand `hand` of the run `spec`: its game record as one JSON line, or its text."""
    if declarer is not None:
        raise RunSpecError("--declarer: a 找朋友 run has no forced declarer")
    row, record = replay_zpy(spec, hand)
    return [json.dumps(record, ensure_ascii=False)] if as_record else describe_zpy(hand, row, record)


DEFENDERS_ZPY = "defenders"


def trick_texts_zpy(record: dict[str, Any]) -> tuple[list[TrickText], JudgeReport]:
    """The tricks of a 找朋友 hand's record, judged by the reference engine, with the defenders' running total
    (§7.4.10): the points of the tricks won by a defender or by the friend before he reveals himself, less the
    friend's points when he does (his reveal comes before his trick is counted: a trick he wins in or after it adds
    nothing); and the judge's report."""
    report = judge(parse_record(record))
    hand = report.hand
    counted = [0] * hand.num_players  # each seat's points in the defenders' total
    revealed = None  # the friend, once he has played the friend card
    texts = []
    for trick in judged_tricks(report.events, hand):
        if trick.friend is not None:
            revealed = trick.friend.seat
            counted[revealed] = 0
        if trick.winner not in (hand.declarer, revealed):
            counted[trick.winner] += trick.points
        texts.append(replace(trick, side=DEFENDERS_ZPY, running=sum(counted)))
    return texts, report


def trick_lines_zpy(record: dict[str, Any]) -> list[str]:
    """Each trick of the hand (`trick_text`), with the defenders' running total and the friend's reveal; a record
    the reference finds illegal (a bug) says where judging stopped."""
    if not record.get("plays"):
        return []
    texts, report = trick_texts_zpy(record)
    lines = [f"tricks (the {DEFENDERS_ZPY}' total after each trick, a revealed friend's points removed)"]
    lines += hand_trick_lines(texts)
    if not report.legal:
        lines.append(f"the reference engine stops here: {format_event(report.events[-1], report.game)}")
    return lines
