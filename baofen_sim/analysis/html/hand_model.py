"""The view model of one hand (`model.py`), made from its game record by the reference engine's judge, alike for
every game: `view_model(record, hand_id)` and `hand_page(record, hand_id)`, the page itself.

The record is parsed and judged (`io.records.parse_record`, `reference.judge.judge`); everything on the page comes
from the judge's events and the hand where judging stopped:

- each seat's hand at the first lead: what it still holds where judging stopped plus every card it played, sorted
  as a player sorts it for this trump and level (trumps first, then each plain suit, high to low by the reference
  order's power);
- the steps before play (bids, showings, calls, overcalls, 反底s, concessions, buries, the trump) in order, the bury
  that stands at the first lead;
- the tricks: each seat's play (after a failed throw the forced unit, with the attempted cards), ruffs (the judge's
  play classes), the winner and the card points, the game's running score and its notes (the friend revealed);
- the result: the game's result line as the headline, the result event's fields as rows.

A record the judge finds illegal still makes a page: the legal steps, then the illegal one named with the judge's
line (`ILLEGAL play by seat 1: S3 — … (§2.3.1)`), and no result. What differs between games comes from the game's
`view` hook (`game_view.GameView`).
"""

from __future__ import annotations

import json
from typing import Any

from baofen_sim.analysis.html.game_view import GameView, JudgedHand
from baofen_sim.analysis.html.view import render_view
from baofen_sim.cards import LITTLE_JOKER, NUM_KINDS, card_name, parse_cards
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import format_event, judge, numbers_text
from baofen_sim.reference.order import TRUMP
from baofen_sim.reference.trick import RUFF

IN_TRICKS = ("play", "throw_failed", "trick")  # the trick events every game's judge prints


def hand_page(record: dict[str, Any], hand_id: str | int, title: str | None = None) -> str:
    """The self-contained HTML page of the hand in `record` (a game record as JSON, DESIGN.md §8)."""
    return render_view(view_model(record, hand_id, title))


def view_model(record: dict[str, Any], hand_id: str | int, title: str | None = None) -> dict[str, Any]:
    """The view model (`model.py`) of the hand in `record`; `hand_id` names it on the page (its index in a run, or
    the record's file name), `title` heads the page (default: the game and the hand). Raises RecordError for a
    malformed record; an illegal step ends the page there (`stopped`)."""
    model, _ = judged_view_model(record, hand_id, title)
    return model


def judged_view_model(record: dict[str, Any], hand_id: str | int,
                      title: str | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The view model and the judge's events it was made from."""
    report = judge(parse_record(record))
    events = report.events
    result = next((e for e in events if e["event"] == "result"), None)
    hand = JudgedHand(record, report.hand, events, result)
    view: GameView = report.game.hook("view")
    state = report.hand
    illegal = next((e for e in events if not e.get("legal", True)), None)
    start = [list(cards) for cards in state.hands]
    for e in events:
        if e["event"] == "play" and e.get("legal", True):
            start[e["seat"]] += parse_cards(e["cards"])
    order = state.order
    seats = [{"index": i, "label": seat_label(i), "roles": roles, "team": team,
              "hand": [card_name(k) for k in sorted(start[i], key=_sort_key(order))]}
             for i, (roles, team) in enumerate(view.seats(hand))]
    tricks = _tricks(events, state, hand, view, report.game)
    model: dict[str, Any] = {
        "title": title or f"{view.name} · hand {hand_id}", "game": view.name, "rules": _rules_text(record, state.rules),
        "hand": hand_id, "trump": None if order is None else ("NT" if order.trump is None else "SHCD"[order.trump]),
        "level": view.level(hand),
        "trump_cards": [] if order is None else [card_name(k) for k in range(NUM_KINDS) if order.is_trump(k)],
        "seats": seats, "kitty": list(record.get("kitty") or []),
        "events": [_event(e, view, report.game) for e in events if _before_play(e)],
        "bury": _bury(events, record, state), "tricks": tricks, "score_start": view.score(hand, []),
        "result": None if result is None or illegal is not None else _result(result, hand, view, report.game),
    }
    if illegal is not None:
        model["stopped"] = format_event(illegal, report.game)
    return model, events


def seat_label(seat: int) -> str:
    return f"Seat {seat}"


def _sort_key(order: Any):
    """A hand as a player sorts it: trumps first (highest first), then spades, hearts, clubs, diamonds, each high to
    low (cards of one power in suit order: S2 before D2); with no trump known, jokers first, then each suit high
    to low."""
    if order is None:
        return lambda kind: (-1 if kind >= LITTLE_JOKER else kind // 13, -kind)

    def key(kind: int) -> tuple[int, int, int]:
        suit = order.suit(kind)
        return (0 if suit == TRUMP else 1 + suit, -order.power(kind), kind)
    return key


def _rules_text(record: dict[str, Any], rules: Any) -> str:
    """The record's rules: its preset name or rules file (the rule set's name when it names none)."""
    return str(record.get("rules") or rules.name)


def _before_play(event: dict[str, Any]) -> bool:
    return "trick" not in event and event["event"] not in ("result", *IN_TRICKS)


def _event(e: dict[str, Any], view: GameView, game: Any) -> dict[str, Any]:
    """A step before play as the page lists it: its kind, seat, one line and its cards."""
    kind = e["event"]
    cards = e.get("cards") or ([e["card"]] if e.get("card") else [])
    if not e.get("legal", True):
        return {"kind": "illegal", "seat": e.get("seat"), "text": format_event(e, game), "cards": cards}
    if kind == "bury":
        text = f"buries {len(e['cards'])} cards"
    elif kind == "trump":
        text = f"trump {e['trump']}" + (" (turned up from the kitty)" if e.get("source") == "kitty" else "")
    else:
        text = view.event_text(e) or format_event(e, game)
    return {"kind": kind, "seat": e.get("seat"), "text": text, "cards": cards}


def _bury(events: list[dict[str, Any]], record: dict[str, Any], state: Any) -> dict[str, Any] | None:
    """The bury that stands at the first lead: the last legal bury, or a position's `buried` cards."""
    buries = [e for e in events if e["event"] == "bury" and e.get("legal", True)]
    if buries:
        return {"seat": buries[-1]["seat"], "cards": buries[-1]["cards"]}
    if record.get("buried") and state.declarer is not None:
        return {"seat": state.declarer, "cards": list(record["buried"])}
    return None


def _tricks(events: list[dict[str, Any]], state: Any, hand: JudgedHand, view: GameView,
            game: Any) -> list[dict[str, Any]]:
    """The tricks from the judge's events, in order: each play (a failed throw and its forced unit), ruffs from the
    judged tricks' play classes, the winner and points, notes, the running score after each."""
    tricks: list[dict[str, Any]] = []
    failed: dict[str, Any] | None = None

    def trick_at(index: int, seat: int) -> dict[str, Any]:
        while len(tricks) <= index:
            tricks.append({"number": len(tricks) + 1, "leader": seat, "plays": [], "winner": None, "points": None,
                           "note": None})
        return tricks[index]

    for e in events:
        kind = e["event"]
        if "trick" not in e:
            continue
        trick = trick_at(e["trick"], e.get("seat", e.get("winner", 0)))
        if kind == "throw_failed":
            failed = {"attempted": e["attempted"], "forced": e["forced"], "text": f"penalty {e['penalty']}"}
            if not trick["plays"]:
                trick["leader"] = e["seat"]
        elif kind == "play" and e.get("legal", True):
            if not trick["plays"]:
                trick["leader"] = e["seat"]
            trick["plays"].append({"seat": e["seat"], "cards": e["cards"], "failed_throw": failed, "ruff": False})
            failed = None
        elif kind == "play":  # the illegal step: named, not played
            if not trick["plays"]:
                trick["leader"] = e["seat"]
            _add_note(trick, {"text": format_event(e, game), "seat": e["seat"]})
        elif kind == "trick":
            trick.update(winner=e["winner"], points=e["points"])
        elif (note := view.note(e, hand)) is not None:
            _add_note(trick, note)
    for judged, trick in zip(state.tricks, tricks, strict=False):
        for play, play_class in zip(trick["plays"], judged["classes"], strict=False):
            play["ruff"] = play_class == RUFF
    for k, trick in enumerate(tricks):
        trick["score"] = view.score(hand, tricks[:k + 1])
    return tricks


def _add_note(trick: dict[str, Any], note: dict[str, Any]) -> None:
    if trick["note"] is None:
        trick["note"] = note
    else:
        trick["note"] = {**trick["note"], "text": trick["note"]["text"] + "; " + note["text"]}


def _result(result: dict[str, Any], hand: JudgedHand, view: GameView, game: Any) -> dict[str, Any]:
    """The game's result line as the headline; the result event's fields, then the game's own rows."""
    rows = [[key, _row_value(value)] for key, value in result.items() if key != "event"]
    return {"headline": format_event(result, game).removeprefix("result: "), "rows": rows + view.result_rows(hand)}


def _row_value(value: Any) -> Any:
    if isinstance(value, list):
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
            return numbers_text(value)
        return " ".join(json.dumps(v) if not isinstance(v, str) else v for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return value
