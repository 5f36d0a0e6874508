"""80分's part of the hand page (`analysis.html.game_view`): the 庄 and the two teams (庄家方, seats of the 庄's
parity, against the 抓分方), the level played, the 抓分方's card points against the threshold as the tricks go, and
the text of the showings and 反底s."""

from __future__ import annotations

from typing import Any

from baofen_sim.analysis.html.game_view import GameView, JudgedHand, Roles
from baofen_sim.cards import rank_name
from baofen_sim.games.tractor80.reference.result import team_of

DECLARERS, DEFENDERS = "庄家方", "抓分方"


def seats(hand: JudgedHand) -> list[Roles]:
    """The 庄 and the teams (§7.3.1: partners sit opposite), once the 庄 is known."""
    zhuang = hand.state.zhuang
    if zhuang is None:
        return [([], None) for _ in range(hand.state.num_players)]
    return [(["庄"] if seat == zhuang else [], DECLARERS if team_of(seat) == team_of(zhuang) else DEFENDERS)
            for seat in range(hand.state.num_players)]


def level(hand: JudgedHand) -> str | None:
    """The rank played: the 庄's team's level (§7.3.2)."""
    return None if hand.state.level is None else rank_name(hand.state.level)


def score(hand: JudgedHand, done: list[dict[str, Any]]) -> dict[str, Any]:
    """The 抓分方's card points (P, §7.3.11): a position's earlier points, then the tricks they won, against the
    threshold at which they take over (§7.3.12); the kitty and the failed-throw adjustments come in the result."""
    zhuang, state = hand.state.zhuang, hand.state
    defenders = [seat for seat in range(state.num_players) if zhuang is not None and team_of(seat) != team_of(zhuang)]
    earlier = hand.data.get("points_won") or [0] * state.num_players
    value = sum(earlier[seat] for seat in defenders)
    value += sum(t["points"] for t in done if t["winner"] is not None and t["winner"] in defenders)
    return {"label": f"{DEFENDERS} points", "value": value, "target": state.rules.threshold,
            "target_label": "to take over"}


def event_text(event: dict[str, Any]) -> str | None:
    kind = event["event"]
    if kind == "declare":
        return f"shows after card {event['after']} of the deal → trump {event['trump']}"
    if kind == "zhuang":
        return f"is 庄 at level {event['level']}"
    if kind == "fandi":
        return f"反底 → trump {event['trump']}"
    return None


VIEW = GameView(name="80分", seats=seats, score=score, event_text=event_text, level=level)
