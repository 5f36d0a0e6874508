"""`judge` for Baofen records (DESIGN.md §8): the bids, the bury, the trump and the plays checked step by step
against the reference engine (`reference.game.BaofenHand`), and the line its result event prints as."""

from __future__ import annotations

from typing import Any

from baofen_sim.cards import CardError, card_name
from baofen_sim.games.baofen.record import GameRecord
from baofen_sim.games.baofen.reference.game import BaofenHand
from baofen_sim.games.baofen.reference.table import TableLedger
from baofen_sim.io.record_fields import RecordError, require_held
from baofen_sim.reference.judge import numbers_text


def judge_baofen(record: GameRecord) -> tuple[list[dict[str, Any]], bool, BaofenHand]:
    """Replay a Baofen record through the reference engine; stop at the first illegal step: the events, whether
    every step was legal, and the hand where judging stopped. Raises RecordError for a malformed record (wrong sizes,
    a third copy, a card not held)."""
    hand = _start(record)
    events: list[dict[str, Any]] = []
    steps = _steps(record)
    for where, kind, action in steps:
        seat = hand.to_act
        if kind in ("bury", "play") and seat is not None and hand.phase == kind:
            require_held(hand.hands[seat], action, where, seat)
        check, apply = _STEPS[kind]
        verdict = check(hand, action)  # a step out of its phase (a bid after the auction) is illegal here
        if verdict is not None:
            events.append(_illegal_event(hand, kind, seat, action, verdict))
            return events, False, hand
        events += apply(hand, action)
    return events, True, hand


_STEPS = {"bid": (BaofenHand.check_bid, BaofenHand.apply_bid), "bury": (BaofenHand.check_bury, BaofenHand.apply_bury),
          "trump": (BaofenHand.check_trump, BaofenHand.apply_trump),
          "play": (BaofenHand.check_play, BaofenHand.apply_play)}


def _start(record: GameRecord) -> BaofenHand:
    try:
        if record.is_position:
            hand = BaofenHand.from_position(record.rules, record.hands, record.trump, record.declarer,
                                            record.leader, record.target, record.kitty)
        else:
            ledger = TableLedger(record.rules)
            if record.table:
                ledger.pot = record.table["pot"]
                ledger.cumulative = list(record.table["cumulative"])
            hand = BaofenHand(record.rules, record.hands, record.kitty, record.zhujiao, ledger)
    except CardError as exc:
        raise RecordError(str(exc)) from None
    if record.is_position and record.table:
        hand.ledger.pot = record.table["pot"]
        hand.ledger.cumulative = list(record.table["cumulative"])
    return hand


def _steps(record: GameRecord) -> list[tuple[str, str, Any]]:
    steps: list[tuple[str, str, Any]] = []
    if not record.is_position:
        steps += [(f"bids[{i}]", "bid", b) for i, b in enumerate(record.bids or [])]
        if record.bury is not None:
            steps.append(("bury", "bury", record.bury))
        if record.trump is not None:
            steps.append(("trump", "trump", record.trump))
    steps += [(f"plays[{i}]", "play", p) for i, p in enumerate(record.plays)]
    return steps


def _illegal_event(hand: BaofenHand, kind: str, seat: int | None, action: Any, verdict) -> dict[str, Any]:
    event: dict[str, Any] = {"event": kind, "seat": seat}
    if kind == "bid":
        event["bid"] = "pass" if action is None else action
    elif kind == "play":
        event["trick"] = hand.trick_index
        event["cards"] = [card_name(k) for k in action]
    elif kind == "bury":
        event["cards"] = [card_name(k) for k in action]
    else:
        event["trump"] = "SHCD"[action]
    event.update(legal=False, reason=verdict.reason, rule=verdict.rule)
    return event


def result_line(event: dict[str, Any]) -> str:
    """The line `judge` prints for a Baofen result event."""
    if event["category"] == "all_pass":
        return f"result: all pass; settlement {numbers_text(event['settlement'])}, pot {event['pot_after']:g}"
    won = "won" if event["declarer_won"] else "lost"
    return (f"result: declarer seat {event['declarer']} {won}; target {event['target']}, "
            f"points {event['declarer_points']} (王分 {event['wangfen_points']}, penalty "
            f"{event['penalty_points']}), R {event['result']:+d}, {event['category']}; "
            f"settlement {numbers_text(event['settlement'])}, pot {event['pot_after']:g}")
