"""`example_page`: the page of one hand of any game, built from its game record (DESIGN.md §8) through the reference
judge, for the example hands of `report --html`.

The view model (`model.py`) is built the plain way: each seat's hand at the first lead is every card it plays plus
what it still holds where judging stopped; the events before play, each trick's plays, winner and points are the
judge's events; a friend's reveal is a note that puts him on the declarer's side. What differs between games (its
name, the seats' roles and sides, the running score) comes from the game's `ViewParts` (`Game.view_parts`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from baofen_sim.analysis.html.view import render_view
from baofen_sim.cards import LITTLE_JOKER, NUM_KINDS, NUM_RANKS, SUIT_LETTERS, card_name, parse_cards
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import format_event, judge
from baofen_sim.reference.order import TRUMP

PRE_PLAY = ("bid", "bury", "trump", "declare", "zhuang", "fandi", "flip", "call", "overcall", "concede")
EVENT_TEXT: dict[str, Callable[[dict[str, Any]], str]] = {  # one line per event before play (DESIGN.md §8)
    "bid": lambda e: "pass" if e["bid"] == "pass" else f"bids {e['bid']}",
    "trump": lambda e: f"trump {e['trump']}" + (" (from the kitty)" if e.get("source") == "kitty" else ""),
    "declare": lambda e: f"shows after card {e['after']} → trump {e['trump']}",
    "zhuang": lambda e: f"is 庄 at level {e['level']}",
    "fandi": lambda e: f"反底 → trump {e['trump']}",
    "flip": lambda e: f"turned up, card {e['after']} of the deal",
    "call": lambda e: ("forced call" if e["forced"] else f"calls after card {e['after']}") + f" → trump {e['trump']}",
    "overcall": lambda e: f"overcalls → trump {e['trump']}",
    "concede": lambda e: "concedes",
    "bury": lambda e: "buries",
}


class ExampleError(ValueError):
    """A record the page cannot show: one the judge finds illegal."""


def example_page(record: dict[str, Any], hand_id: str | int, name: str | None = None) -> str:
    """The self-contained HTML page of the hand in `record` (a game record as `replay --record` prints it): the hand
    `hand_id` of its run, which the page's title calls `name` (default: the id)."""
    return render_view(example_model(record, hand_id, name)[0])


def example_model(data: dict[str, Any], hand_id: str | int,
                  name: str | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The view model of the legal record `data`, and the judge's events it came from (ExampleError if illegal)."""
    report = judge(parse_record(data))
    if not report.legal:
        illegal = next(e for e in report.events if not e.get("legal", True))
        raise ExampleError(f"{name or hand_id}: the judge finds an illegal step: {format_event(illegal, report.game)}")
    assert report.game is not None
    parts = report.game.view_parts()
    state, events = report.hand, report.events
    order, declarer = state.order, state.declarer
    start = [list(h) for h in state.hands]  # what each seat holds where judging stopped, plus all it played
    for e in events:
        if e["event"] == "play":
            start[e["seat"]] += parse_cards(e["cards"])

    def sort_key(kind: int) -> tuple[int, int, int]:
        if order is None:  # no trump chosen (all pass): the jokers, then by suit and rank
            return (0 if kind >= LITTLE_JOKER else 1 + kind // NUM_RANKS, 0, -kind)
        suit = order.suit(kind)
        return (0 if suit == TRUMP else 1 + suit, -order.power(kind), -kind)

    seats = [{"index": i, "label": f"Seat {i}", "roles": roles, "team": side,
              "hand": [card_name(k) for k in sorted(start[i], key=sort_key)]}
             for i, (roles, side) in enumerate(parts.sides(data, declarer))]
    result = next((e for e in events if e["event"] == "result"), None)
    buries = [e for e in events if e["event"] == "bury"]
    zhuang = [e for e in events if e["event"] == "zhuang"]
    model = {
        "title": f"{parts.game} · {hand_id if name is None else name}", "game": parts.game,
        "rules": str(data.get("rules", "")), "hand": hand_id,
        "trump": None if order is None else "NT" if order.trump is None else SUIT_LETTERS[order.trump],
        "level": zhuang[-1]["level"] if zhuang else None,
        "trump_cards": [] if order is None else [card_name(k) for k in range(NUM_KINDS) if order.is_trump(k)],
        "seats": seats, "kitty": list(data.get("kitty") or []),
        "events": [_event(e) for e in events if e["event"] in PRE_PLAY],
        "bury": {"seat": buries[-1]["seat"], "cards": buries[-1]["cards"]} if buries else None,
        "tricks": _tricks(events, order, seats[declarer]["team"] if declarer is not None else None),
        "result": None if result is None else {
            "headline": format_event(result, report.game).removeprefix("result: "),
            "rows": [[k, v if isinstance(v, int | float | str) or v is None else json.dumps(v)]
                     for k, v in result.items() if k != "event"]},
    }
    for k, trick in enumerate(model["tricks"]):
        trick["score"] = parts.score(model["tricks"][:k + 1], declarer, data)
    return model, events


def _event(e: dict[str, Any]) -> dict[str, Any]:
    kind = e["event"]
    cards = e.get("cards") or ([e["card"]] if "card" in e else [])
    return {"kind": "pass" if kind == "bid" and e["bid"] == "pass" else kind, "seat": e.get("seat"),
            "text": EVENT_TEXT[kind](e), "cards": cards}


def _tricks(events: list[dict[str, Any]], order: Any, declarer_side: str | None) -> list[dict[str, Any]]:
    """Each trick from the judge's events: its plays (a failed throw on the play that followed it, a ruff marked),
    winner and points, and the friend's reveal as a note (his side from then on: the declarer's)."""
    tricks: list[dict[str, Any]] = []
    failed: dict[str, Any] | None = None
    for e in events:
        kind = e["event"]
        if kind in ("play", "throw_failed", "friend") and e["trick"] == len(tricks):
            tricks.append({"number": len(tricks) + 1, "leader": e["seat"], "plays": [], "winner": None,
                           "points": None, "note": None, "score": None})
        if kind == "throw_failed":
            failed = {"attempted": e["attempted"], "forced": e["forced"], "text": f"penalty {e['penalty']}"}
        elif kind == "play":
            trick = tricks[-1]
            lead = parse_cards(trick["plays"][0]["cards"]) if trick["plays"] else None
            cards = parse_cards(e["cards"])
            ruff = lead is not None and order.suit(lead[0]) != TRUMP and all(order.suit(k) == TRUMP for k in cards)
            trick["plays"].append({"seat": e["seat"], "cards": e["cards"], "failed_throw": failed, "ruff": ruff})
            failed = None
        elif kind == "friend":
            tricks[-1]["note"] = {"text": f"Seat {e['seat']} is the friend: {e['points_cleared']} points cleared",
                                  "seat": e["seat"], "role": "friend", "team": declarer_side}
        elif kind == "trick":
            tricks[-1].update(winner=e["winner"], points=e["points"])
    return tricks
