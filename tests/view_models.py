"""Test-side helpers for the page tests: real game records (the examples, a random Baofen hand played by the reference
engine), their view models made by the package's builder from the judge's events (`analysis.html.hand_model`),
and independent oracles to check a rendered page against: the running score summed from the tricks, a seat's hand
after k tricks.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from baofen_sim.analysis.html.hand_model import judged_view_model
from baofen_sim.cards import card_points, parse_cards
from baofen_sim.games.baofen.record import record_to_json
from baofen_sim.games.baofen.reference.game import AUCTION, BURY, CHOOSE_TRUMP, BaofenHand
from baofen_sim.games.baofen.reference.random_play import random_action
from baofen_sim.reference.random_play import random_deal
from baofen_sim.rules import preset

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


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
    """The view model of a legal record, made by the package's builder (`analysis.html.hand_model`), and the judge's
    events it came from (the tests check the page against these events, and the running score against
    `running_score` below, summed here independently)."""
    model, events = judged_view_model(data, hand_id)
    assert all(e.get("legal", True) for e in events), [e for e in events if not e.get("legal", True)]
    return model, events


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


def judged_tricks(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each trick as the judge reported it: the cards per seat, failed throws, winner, points, a friend."""
    tricks: dict[int, dict[str, Any]] = {}
    for e in events:
        if "trick" not in e or e["event"] not in ("play", "throw_failed", "trick", "friend"):
            continue
        trick = tricks.setdefault(e["trick"], {"plays": {}, "failed": {}, "winner": None, "points": None,
                                               "note": None})
        if e["event"] == "play":
            trick["plays"][e["seat"]] = e["cards"]
        elif e["event"] == "throw_failed":
            trick["failed"][e["seat"]] = e["attempted"]
        elif e["event"] == "friend":
            trick["note"] = {"seat": e["seat"]}
        else:
            trick.update(winner=e["winner"], points=e["points"])
    return [tricks[k] for k in sorted(tricks)]


def without(cards: list[str], gone: Counter) -> list[str]:
    gone = Counter(gone)
    left = []
    for c in cards:
        if gone[c]:
            gone[c] -= 1
        else:
            left.append(c)
    return left
