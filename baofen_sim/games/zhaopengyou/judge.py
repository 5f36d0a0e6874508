"""`judge` for 5-player 找朋友 records (DESIGN.md §8 `zhaopengyou-5p`): the turned-up card, then the steps in the order
call ► the end of the deal ► bury ► overcalls ► concession ► plays, each checked by the reference engine
(`ZhaopengyouHand`, RULES.md §7.4). Judging stops at the first illegal step; a step's cards that its seat does not
hold (a bury, an overcall, a play) make the record malformed, but a call with a 7 its seat did not hold at `after`
is an illegal step (§7.4.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from baofen_sim.cards import card_name
from baofen_sim.games.zhaopengyou.record import Overcall, ZhaopengyouPosition, ZhaopengyouRecord
from baofen_sim.games.zhaopengyou.reference.calling import Call
from baofen_sim.games.zhaopengyou.reference.hand import BURY, OVERCALL, ZhaopengyouHand
from baofen_sim.io.record_fields import require_held
from baofen_sim.reference.play import PLAY
from baofen_sim.reference.verdict import Illegal

Events = list[dict[str, Any]]


def judge_zhaopengyou(record: ZhaopengyouRecord | ZhaopengyouPosition) -> tuple[Events, bool, ZhaopengyouHand]:
    """The events of `record` judged step by step, whether it is legal, and the hand where judging stopped."""
    hand = _start(record)
    events: Events = list(hand.events)  # the turned-up card
    for where, kind, step in _steps(record):
        _require_held(hand, where, kind, step)
        check, apply = STEPS[kind]
        verdict = check(hand, step)
        if verdict is not None:
            events.append(_illegal_event(hand, kind, step, verdict))
            return events, False, hand
        events += apply(hand, step)
    return events, True, hand


def _start(record: ZhaopengyouRecord | ZhaopengyouPosition) -> ZhaopengyouHand:
    if isinstance(record, ZhaopengyouPosition):
        return ZhaopengyouHand.from_position(record.hands, record.trump, record.declarer, record.leader,
                                             record.buried, record.points_won, record.friend_card, record.friend,
                                             record.rules)
    return ZhaopengyouHand(record.hands, record.kitty, record.deal_first, record.flip, record.rules)


def _steps(record: ZhaopengyouRecord | ZhaopengyouPosition) -> list[tuple[str, str, Any]]:
    """(where in the record, kind, the step) in order; the ends of the deal and of the overcalls are steps too. The
    flip holder's forced call comes after the end of the deal, a call with a 7 before it."""
    steps: list[tuple[str, str, Any]] = []
    if isinstance(record, ZhaopengyouRecord) and record.call is not None:
        call = [("call", "call", record.call)]
        deal_over = [("call", "deal_over", None)]
        steps += deal_over + call if record.call.forced else call + deal_over
        if record.bury is not None:
            steps.append(("bury", "bury", record.bury))
            steps += [(f"overcalls[{i}]", "overcall", o) for i, o in enumerate(record.overcalls or [])]
            if record.overcalls is not None or record.concede is not None or record.plays:
                steps.append(("overcalls", "overcalls_over", None))
            if record.concede:
                steps.append(("concede", "concede", None))
    steps += [(f"plays[{i}]", "play", p) for i, p in enumerate(record.plays)]
    return steps


def _require_held(hand: ZhaopengyouHand, where: str, kind: str, step: Any) -> None:
    """The cards of a bury, an overcall (the pair shown; the 8 buried from the hand and the cards taken up) or a
    play must be in the seat's hand, when the step comes in its phase (out of it, the step is illegal)."""
    if kind == "bury" and hand.phase == BURY:
        require_held(hand.hands[hand.declarer], step, where, hand.declarer)
    elif kind == "overcall" and hand.phase == OVERCALL:
        require_held(hand.hands[step.seat], step.cards, f"{where}.cards", step.seat)
        require_held(hand.hands[step.seat] + hand.buried, step.bury, f"{where}.bury", step.seat)
    elif kind == "play" and hand.phase == PLAY:
        require_held(hand.hands[hand.to_act], step, where, hand.to_act)


def _overcall_check(hand: ZhaopengyouHand, o: Overcall) -> Illegal | None:
    return hand.check_overcall(o.seat, o.cards, o.bury)


def _overcall(hand: ZhaopengyouHand, o: Overcall) -> Events:
    return hand.apply_overcall(o.seat, o.cards, o.bury)


def _overcalls_over(hand: ZhaopengyouHand, _: None) -> Events:
    return hand.end_overcalls() if hand.phase == OVERCALL else []


def _always_legal(hand: ZhaopengyouHand, step: Any) -> None:
    return None


STEPS: dict[str, tuple[Callable[[ZhaopengyouHand, Any], Illegal | None],
                       Callable[[ZhaopengyouHand, Any], Events]]] = {
    "call": (ZhaopengyouHand.check_call, ZhaopengyouHand.apply_call),
    "deal_over": (_always_legal, lambda hand, _: hand.finish_deal()),
    "bury": (ZhaopengyouHand.check_bury, ZhaopengyouHand.apply_bury),
    "overcall": (_overcall_check, _overcall),
    "overcalls_over": (_always_legal, _overcalls_over),
    "concede": (lambda hand, _: hand.check_concede(), lambda hand, _: hand.apply_concede()),
    "play": (ZhaopengyouHand.check_play, ZhaopengyouHand.apply_play),
}


def _illegal_event(hand: ZhaopengyouHand, kind: str, step: Any, verdict: Illegal) -> dict[str, Any]:
    names = lambda kinds: [card_name(k) for k in kinds]  # noqa: E731
    if kind == "call":
        call: Call = step
        event = {"event": "call", "after": call.after, "seat": call.seat, "card": card_name(call.card),
                 "forced": call.forced}
    elif kind == "bury":
        event = {"event": "bury", "seat": hand.declarer, "cards": names(step)}
    elif kind == "overcall":
        event = {"event": "overcall", "seat": step.seat, "cards": names(step.cards), "bury": names(step.bury)}
    elif kind == "concede":
        event = {"event": "concede", "seat": hand.declarer}
    else:
        event = {"event": "play", "trick": hand.trick_index, "seat": hand.to_act, "cards": names(step)}
    return event | {"legal": False, "reason": verdict.reason, "rule": verdict.rule}


def result_line(event: dict[str, Any]) -> str:
    """The line `judge` prints for this game's result event."""
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
