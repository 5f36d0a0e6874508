"""Test-side view models built from real game records through the reference engine's judge (DESIGN.md §8).

The page tests check a rendered page against these records' judge events, so the model here is built the plain
way: each seat's hand at the first lead is every card it plays plus what it still holds where judging stopped;
a trick's winner and points are the judge's `trick` events; the running score is summed from them. The games'
own producers (issue 38) come later through the game interface; this builder only feeds the renderer real data.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from baofen_sim.cards import NUM_KINDS, card_name, card_points, parse_cards
from baofen_sim.games.baofen.record import record_to_json
from baofen_sim.games.baofen.reference.game import AUCTION, BURY, CHOOSE_TRUMP, BaofenHand
from baofen_sim.games.baofen.reference.random_play import random_action
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import format_event, judge
from baofen_sim.reference.order import TRUMP
from baofen_sim.reference.random_play import random_deal
from baofen_sim.rules import preset

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PRE_PLAY = ("bid", "bury", "trump", "declare", "zhuang", "fandi", "flip", "call", "overcall", "concede")
GAMES = {"baofen": "包分 Baofen", "tractor-80fen": "80分", "zhaopengyou-5p": "找朋友 (5 players)"}


def example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def random_baofen_record(seed: int) -> dict[str, Any]:
    """A whole Baofen hand played by the reference engine's random player (the first seed from `seed` on whose
    auction has a declarer), as a game record."""
    rules = preset("baofen")
    while True:
        rng = random.Random(seed)
        hands, kitty = random_deal(rng, rules)
        state = BaofenHand(rules, hands, kitty, zhujiao=seed % 4)
        bids, bury, trump, plays = [], None, None, []
        while not state.is_done:
            phase, action = state.phase, random_action(state, rng)
            state.apply(action)
            if phase == AUCTION:
                bids.append(action)
            elif phase == BURY:
                bury = action
            elif phase == CHOOSE_TRUMP:
                trump = action
            else:
                plays.append(action)
        if state.declarer is not None:
            return record_to_json("baofen", {}, seed % 4, hands, kitty, bids, bury, trump, plays)
        seed += 1000


def view_of_record(data: dict[str, Any], hand_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The view model of a legal record, and the judge's events it came from."""
    record = parse_record(data)
    report = judge(record)
    assert report.legal, [e for e in report.events if not e.get("legal", True)]
    state, events = report.hand, report.events
    order, n = state.order, state.num_players
    rules = data.get("rules", "baofen")
    start = [list(h) for h in state.hands]  # what each seat holds where judging stopped, plus all it played
    for e in events:
        if e["event"] == "play":
            start[e["seat"]] += parse_cards(e["cards"])

    def sort_key(kind: int) -> tuple[int, int, int]:
        suit = order.suit(kind)
        return (0 if suit == TRUMP else 1 + suit, -order.power(kind), -kind)

    declarer = state.declarer
    seats = [{"index": i, "label": f"Seat {i}", "roles": [], "team": None,
              "hand": [card_name(k) for k in sorted(start[i], key=sort_key)]} for i in range(n)]
    _roles(rules, seats, data, declarer)
    result = next((e for e in events if e["event"] == "result"), None)
    buries = [e for e in events if e["event"] == "bury"]
    model = {
        "title": f"{GAMES[rules]} · {hand_id}", "game": GAMES[rules], "rules": rules, "hand": hand_id,
        "trump": _trump_letter(order), "level": _level(events, rules),
        "trump_cards": [card_name(k) for k in range(NUM_KINDS) if order.is_trump(k)],
        "seats": seats, "kitty": list(data.get("kitty") or []),
        "events": [_event(e) for e in events if e["event"] in PRE_PLAY],
        "bury": {"seat": buries[-1]["seat"], "cards": buries[-1]["cards"]} if buries else None,
        "tricks": _tricks(events, rules, declarer, order, n, data),
        "result": None if result is None else {
            "headline": format_event(result, report.game).removeprefix("result: "),
            "rows": [[k, v if isinstance(v, int | float | str) or v is None else json.dumps(v)]
                     for k, v in result.items() if k != "event"]},
    }
    return model, events


def _trump_letter(order) -> str:
    return "NT" if order.trump is None else "SHCD"[order.trump]


def _level(events: list[dict[str, Any]], rules: str) -> str | None:
    zhuang = [e for e in events if e["event"] == "zhuang"]
    return zhuang[-1]["level"] if zhuang else None


def _roles(rules: str, seats: list[dict[str, Any]], data: dict[str, Any], declarer: int) -> None:
    if rules == "baofen":
        for seat in seats:
            seat["team"] = "declarer" if seat["index"] == declarer else "defenders"
        seats[declarer]["roles"].append("declarer")
        if "zhujiao" in data:
            seats[data["zhujiao"]]["roles"].append("主叫")
    elif rules == "tractor-80fen":
        for seat in seats:
            seat["team"] = "庄家方" if seat["index"] % 2 == declarer % 2 else "抓分方"
        seats[declarer]["roles"].append("庄")
    else:
        seats[declarer]["roles"].append("庄")
        seats[declarer]["team"] = "庄家方"


def _event(e: dict[str, Any]) -> dict[str, Any]:
    kind = e["event"]
    cards = e.get("cards") or ([e["card"]] if "card" in e else [])
    text = {"bid": lambda: "pass" if e["bid"] == "pass" else f"bids {e['bid']}",
            "trump": lambda: f"trump {e['trump']}" + (" (from the kitty)" if e.get("source") == "kitty" else ""),
            "declare": lambda: f"shows after card {e['after']} → trump {e['trump']}",
            "zhuang": lambda: f"is 庄 at level {e['level']}",
            "fandi": lambda: f"反底 → trump {e['trump']}",
            "flip": lambda: f"turned up, card {e['after']} of the deal",
            "call": lambda: (("forced call" if e["forced"] else f"calls after card {e['after']}")
                             + f" → trump {e['trump']}"),
            "overcall": lambda: f"overcalls → trump {e['trump']}",
            "concede": lambda: "concedes",
            "bury": lambda: "buries"}[kind]()
    return {"kind": "pass" if kind == "bid" and e["bid"] == "pass" else kind, "seat": e.get("seat"), "text": text,
            "cards": cards}


def _tricks(events, rules: str, declarer: int, order, n: int, data: dict[str, Any]) -> list[dict[str, Any]]:
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
                                  "seat": e["seat"], "role": "friend", "team": "庄家方"}
        elif kind == "trick":
            tricks[-1].update(winner=e["winner"], points=e["points"])
    for k, trick in enumerate(tricks):
        trick["score"] = running_score(rules, tricks[:k + 1], declarer, data)
    return tricks


def running_score(rules: str, done: list[dict[str, Any]], declarer: int, data: dict[str, Any]) -> dict[str, Any]:
    """The score after the tricks `done`, summed from their winners and points: Baofen the declarer's points
    against the target; 80分 the 抓分方's points against 80; 找朋友 the defenders' points (a revealed friend's
    earlier points no longer count)."""
    won = Counter()
    for t in done:
        if t["winner"] is not None:
            won[t["winner"]] += t["points"]
    if rules == "baofen":
        target = data.get("target") or next((b for b in reversed(data.get("bids", [])) if b != "pass"), None)
        return {"label": "declarer's points", "value": won[declarer], "target": target, "target_label": "target"}
    if rules == "tractor-80fen":
        value = sum(p for seat, p in won.items() if seat % 2 != declarer % 2)
        return {"label": "抓分方 points", "value": value, "target": 80, "target_label": "to win"}
    friends = {t["note"]["seat"] for t in done if t["note"]}
    value = sum(p for seat, p in won.items() if seat != declarer and seat not in friends)
    return {"label": "defenders' points", "value": value, "target": 80, "target_label": "to win"}


def hand_after(model: dict[str, Any], seat: int, k: int) -> list[str]:
    """Seat `seat`'s hand after trick k: its hand at the first lead minus every card it played in tricks 1..k."""
    gone = Counter(c for t in model["tricks"][:k] for p in t["plays"] if p["seat"] == seat for c in p["cards"])
    left = []
    for c in model["seats"][seat]["hand"]:
        if gone[c]:
            gone[c] -= 1
        else:
            left.append(c)
    return left


def points_of_cards(cards: list[str]) -> int:
    return card_points(parse_cards(cards))
