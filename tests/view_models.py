"""View models built from real game records through the reference engine's judge (DESIGN.md §8), for the page tests.

The page tests check a rendered page against these records' judge events. The model is the one `report --html` shows
of its example hands (`baofen_sim.analysis.html.examples`), built the plain way: each seat's hand at the first lead is
every card it plays plus what it still holds where judging stopped; a trick's winner and points are the judge's
`trick` events; the running score is summed from them by the game's rule (`Game.view_parts`).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from baofen_sim.analysis.html.examples import example_model
from baofen_sim.cards import card_points, parse_cards
from baofen_sim.games import game_of
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
    """The view model of a legal record, and the judge's events it came from (`analysis.html.examples`)."""
    return example_model(data, hand_id)


def running_score(rules: str, done: list[dict[str, Any]], declarer: int, data: dict[str, Any]) -> dict[str, Any]:
    """The score after the tricks `done` as the game's page shows it (`ViewParts.score`): Baofen the declarer's
    points against the target; 80分 the 抓分方's points against 80; 找朋友 the defenders' points (a revealed friend's
    earlier points no longer count)."""
    return game_of(preset(rules)).view_parts().score(done, declarer, data)


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
