"""`baofen-sim judge`: check a game record step by step against the reference engine (DESIGN.md §8).

A Baofen record is judged here; an 80分 record by `judge_tractor80`, a 找朋友 record by `judge_zhaopengyou`.
`format_event` prints the events of all three."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from baofen_sim.cards import CardError, card_name
from baofen_sim.games.baofen.record import GameRecord
from baofen_sim.games.baofen.reference.game import BaofenHand
from baofen_sim.games.baofen.reference.table import TableLedger
from baofen_sim.games.tractor80.judge import judge_tractor80
from baofen_sim.games.tractor80.record import Tractor80Position, Tractor80Record
from baofen_sim.games.zhaopengyou.judge import judge_zhaopengyou
from baofen_sim.games.zhaopengyou.record import ZhaopengyouPosition, ZhaopengyouRecord
from baofen_sim.io.record_fields import RecordError, require_held
from baofen_sim.reference.play import TrickHand

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2


@dataclass
class JudgeReport:
    events: list[dict[str, Any]]
    legal: bool
    hand: TrickHand  # the game's reference hand where judging stopped

    @property
    def exit_code(self) -> int:
        return EXIT_LEGAL if self.legal else EXIT_ILLEGAL


def judge(record: GameRecord | Tractor80Record | Tractor80Position | ZhaopengyouRecord
          | ZhaopengyouPosition) -> JudgeReport:
    """Replay `record` through the reference engine; stop at the first illegal step.
    Raises RecordError for a malformed record (wrong sizes, a third copy, a card not held)."""
    if isinstance(record, ZhaopengyouRecord | ZhaopengyouPosition):
        return JudgeReport(*judge_zhaopengyou(record))
    if not isinstance(record, GameRecord):
        return JudgeReport(*judge_tractor80(record))
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
            return JudgeReport(events, False, hand)
        events += apply(hand, action)
    return JudgeReport(events, True, hand)


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


def format_event(event: dict[str, Any]) -> str:
    """One human-readable line per event."""
    kind = event["event"]
    if not event.get("legal", True):
        shown = event.get("cards") or event.get("bid") or event.get("trump") or event.get("card")
        if isinstance(shown, list):
            shown = " ".join(shown)
        shown = "" if shown is None else f": {shown}"  # a concession shows nothing
        return f"ILLEGAL {kind} by seat {event['seat']}{shown} — {event['reason']} ({event['rule']})"
    if kind == "bid":
        return f"bid      seat {event['seat']}: {event['bid']}"
    if kind == "bury":
        return f"bury     seat {event['seat']}: {' '.join(event['cards'])}"
    if kind == "trump":
        if event.get("source") == "kitty":
            return f"trump    from the kitty: {event['trump']}"
        return f"trump    seat {event['seat']}: {event['trump']}"
    if kind == "declare":
        return (f"declare  seat {event['seat']} after {event['after']}: {' '.join(event['cards'])} "
                f"-> trump {event['trump']}")
    if kind == "zhuang":
        return f"zhuang   seat {event['seat']} at level {event['level']}"
    if kind == "fandi":
        return f"fandi    seat {event['seat']}: {' '.join(event['cards'])} -> trump {event['trump']}"
    if kind == "flip":
        return f"flip     card {event['after']} of the deal, to seat {event['seat']}: {event['card']}"
    if kind == "call":
        forced = "forced call" if event["forced"] else f"call after {event['after']}"
        return f"call     seat {event['seat']} ({forced}): {event['card']} -> trump {event['trump']}"
    if kind == "overcall":
        return f"overcall seat {event['seat']}: {' '.join(event['cards'])} -> trump {event['trump']}"
    if kind == "concede":
        return f"concede  seat {event['seat']}"
    if kind == "friend":
        return (f"trick {event['trick']:>2} seat {event['seat']} is the friend ({event['points_cleared']} points "
                "cleared)")
    if kind == "play":
        return f"trick {event['trick']:>2} seat {event['seat']}: {' '.join(event['cards'])}"
    if kind == "throw_failed":
        return (f"trick {event['trick']:>2} seat {event['seat']}: throw {' '.join(event['attempted'])} FAILED "
                f"-> forced {' '.join(event['forced']) or '(free re-lead)'}, penalty {event['penalty']}")
    if kind == "trick":
        return f"         -> seat {event['winner']} wins trick {event['trick']} ({event['points']} points)"
    if kind == "result" and "level" in event:
        return _tractor80_result_line(event)
    if kind == "result" and "friend_card" in event:
        return _zhaopengyou_result_line(event)
    if kind == "result":
        if event["category"] == "all_pass":
            return f"result: all pass; settlement {_numbers(event['settlement'])}, pot {event['pot_after']:g}"
        won = "won" if event["declarer_won"] else "lost"
        return (f"result: declarer seat {event['declarer']} {won}; target {event['target']}, "
                f"points {event['declarer_points']} (王分 {event['wangfen_points']}, penalty "
                f"{event['penalty_points']}), R {event['result']:+d}, {event['category']}; "
                f"settlement {_numbers(event['settlement'])}, pot {event['pot_after']:g}")
    return str(event)


def _tractor80_result_line(event: dict[str, Any]) -> str:
    won = "won" if event["declarer_won"] else "lost"
    levels = "[" + ", ".join(event["levels_after"]) + "]" if event["levels_after"] else "not given"
    next_zhuang = f"next 庄 seat {event['next_zhuang']}"
    game_over = {True: "game over", False: next_zhuang, None: f"{next_zhuang} if the game goes on"}
    return (f"result: 庄 seat {event['declarer']} {won} at level {event['level']}, trump {event['trump']}; "
            f"defenders {event['defenders_points']} + kitty {event['kitty_points']} x {event['kitty_multiplier']} = "
            f"{event['kitty_bonus']}, penalty {event['penalty_points']:+d} -> T {event['defenders_total']}; "
            f"team {event['up_team']} +{event['up_levels']} (levels {levels}); {game_over[event['game_over']]}; "
            f"settlement {_numbers(event['settlement'])}")


def _zhaopengyou_result_line(event: dict[str, Any]) -> str:
    won = "won" if event["declarer_won"] else "lost"
    if event["conceded"]:
        return (f"result: 庄 seat {event['declarer']} conceded and lost, trump {event['trump']}; next first card to "
                f"seat {event['next_deal_first']}")
    card = "" if event["friend_card"] is None else f" (friend card {event['friend_card']})"
    friend = "no friend, 1 vs 4" if event["friend"] is None else f"friend seat {event['friend']}"
    overcalled = " after an overcall" if event["overcalled"] else ""
    return (f"result: 庄 seat {event['declarer']} {won}, trump {event['trump']}, {friend}{card}{overcalled}; "
            f"defenders {event['defenders_points']} + kitty {event['kitty_points']} x {event['kitty_multiplier']} = "
            f"{event['kitty_bonus']} -> {event['defenders_total']}; next first card to seat "
            f"{event['next_deal_first']}")


def _numbers(values) -> str:
    return "[" + ", ".join(f"{v:+g}" for v in values) + "]"
