"""`judge` for 80分 records (DESIGN.md §8 `tractor-80fen`): the steps in the order declarations ► the end of the
deal (trump, 庄) ► bury ► 反底 ► plays, each checked by the reference engine (`Tractor80Hand`, RULES.md §7.3).
Judging stops at the first illegal step; a step's cards that its seat does not hold (a bury, a 反底, a play) make
the record malformed, but a showing of a card not yet dealt to its seat is an illegal step (§7.3.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from baofen_sim.cards import card_name
from baofen_sim.games.tractor80.record import Fandi, Tractor80Position, Tractor80Record
from baofen_sim.games.tractor80.reference.deal import Declaration
from baofen_sim.games.tractor80.reference.hand import BURY, FANDI, Tractor80Hand
from baofen_sim.io.record_fields import require_held
from baofen_sim.reference.judge import numbers_text
from baofen_sim.reference.play import PLAY
from baofen_sim.reference.verdict import Illegal

Events = list[dict[str, Any]]


def judge_tractor80(record: Tractor80Record | Tractor80Position) -> tuple[Events, bool, Tractor80Hand]:
    """The events of `record` judged step by step, whether it is legal, and the hand where judging stopped."""
    hand = _start(record)
    events: Events = []
    for where, kind, step in _steps(record):
        _require_held(hand, where, kind, step)
        check, apply = STEPS[kind]
        verdict = check(hand, step)
        if verdict is not None:
            events.append(_illegal_event(hand, kind, step, verdict))
            return events, False, hand
        events += apply(hand, step)
    return events, True, hand


def _start(record: Tractor80Record | Tractor80Position) -> Tractor80Hand:
    if isinstance(record, Tractor80Position):
        return Tractor80Hand.from_position(record.hands, record.trump, record.declarer, record.leader, record.levels,
                                           record.buried, record.points_won, record.failed_throws, record.rules)
    return Tractor80Hand(record.hands, record.kitty, record.levels, record.zhuang, record.first_hand, record.rules)


def _steps(record: Tractor80Record | Tractor80Position) -> list[tuple[str, str, Any]]:
    """(where in the record, kind, the step) in order; the ends of the deal and of the 反底 stage are steps too."""
    steps: list[tuple[str, str, Any]] = []
    if isinstance(record, Tractor80Record) and record.declarations is not None:
        steps += [(f"declarations[{i}]", "declare", d) for i, d in enumerate(record.declarations)]
        steps.append(("declarations", "deal_over", None))
        if record.bury is not None:
            steps.append(("bury", "bury", record.bury))
            steps += [(f"fandi[{i}]", "fandi", f) for i, f in enumerate(record.fandi or [])]
            if record.fandi is not None or record.plays:
                steps.append(("fandi", "fandi_over", None))
    steps += [(f"plays[{i}]", "play", p) for i, p in enumerate(record.plays)]
    return steps


def _require_held(hand: Tractor80Hand, where: str, kind: str, step: Any) -> None:
    """The cards of a bury, a 反底 (the pair shown; the 8 buried from the hand and the kitty taken up) or a play
    must be in the seat's hand, when the step comes in its phase (out of it, the step is illegal)."""
    if kind == "bury" and hand.phase == BURY:
        require_held(hand.hands[hand.zhuang], step, where, hand.zhuang)
    elif kind == "fandi" and hand.phase == FANDI:
        require_held(hand.hands[step.seat], step.cards, f"{where}.cards", step.seat)
        require_held(hand.hands[step.seat] + hand.buried, step.bury, f"{where}.bury", step.seat)
    elif kind == "play" and hand.phase == PLAY:
        require_held(hand.hands[hand.to_act], step, where, hand.to_act)


def _declare_check(hand: Tractor80Hand, d: Declaration) -> Illegal | None:
    return hand.check_declaration(d.after, d.seat, d.cards)


def _declare(hand: Tractor80Hand, d: Declaration) -> Events:
    return hand.apply_declaration(d.after, d.seat, d.cards)


def _fandi_check(hand: Tractor80Hand, f: Fandi) -> Illegal | None:
    return hand.check_fandi(f.seat, f.cards, f.bury)


def _fandi(hand: Tractor80Hand, f: Fandi) -> Events:
    return hand.apply_fandi(f.seat, f.cards, f.bury)


def _fandi_over(hand: Tractor80Hand, _: None) -> Events:
    if hand.phase == FANDI:  # no 反底 stage without a declaration (§7.3.8)
        hand.end_fandi()
    return []


def _always_legal(hand: Tractor80Hand, step: Any) -> None:
    return None


STEPS: dict[str, tuple[Callable[[Tractor80Hand, Any], Illegal | None], Callable[[Tractor80Hand, Any], Events]]] = {
    "declare": (_declare_check, _declare),
    "deal_over": (_always_legal, lambda hand, _: hand.finish_deal()),
    "bury": (Tractor80Hand.check_bury, Tractor80Hand.apply_bury),
    "fandi": (_fandi_check, _fandi),
    "fandi_over": (_always_legal, _fandi_over),
    "play": (Tractor80Hand.check_play, Tractor80Hand.apply_play),
}


def _illegal_event(hand: Tractor80Hand, kind: str, step: Any, verdict: Illegal) -> dict[str, Any]:
    names = lambda kinds: [card_name(k) for k in kinds]  # noqa: E731
    if kind == "declare":
        event = {"event": "declare", "after": step.after, "seat": step.seat, "cards": names(step.cards)}
    elif kind == "bury":
        event = {"event": "bury", "seat": hand.zhuang, "cards": names(step)}
    elif kind == "fandi":
        event = {"event": "fandi", "seat": step.seat, "cards": names(step.cards), "bury": names(step.bury)}
    else:
        event = {"event": "play", "trick": hand.trick_index, "seat": hand.to_act, "cards": names(step)}
    return event | {"legal": False, "reason": verdict.reason, "rule": verdict.rule}


def result_line(event: dict[str, Any]) -> str:
    """The line `judge` prints for this game's result event."""
    won = "won" if event["declarer_won"] else "lost"
    levels = "[" + ", ".join(event["levels_after"]) + "]" if event["levels_after"] else "not given"
    next_zhuang = f"next 庄 seat {event['next_zhuang']}"
    game_over = {True: "game over", False: next_zhuang, None: f"{next_zhuang} if the game goes on"}
    return (f"result: 庄 seat {event['declarer']} {won} at level {event['level']}, trump {event['trump']}; "
            f"defenders {event['defenders_points']} + kitty {event['kitty_points']} x {event['kitty_multiplier']} = "
            f"{event['kitty_bonus']}, penalty {event['penalty_points']:+d} -> T {event['defenders_total']}; "
            f"team {event['up_team']} +{event['up_levels']} (levels {levels}); {game_over[event['game_over']]}; "
            f"settlement {numbers_text(event['settlement'])}")
