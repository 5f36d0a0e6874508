"""Baofen's part of the hand page (`analysis.html.game_view`): the declarer (庄家) against three, the 主叫 who opened
the auction, the declarer's card points against his target as the tricks go, the next 主叫 after the result."""

from __future__ import annotations

from typing import Any

from baofen_sim.analysis.html.game_view import GameView, JudgedHand, Roles

DECLARER, DEFENDERS = "declarer", "defenders"  # his role; their side


def seats(hand: JudgedHand) -> list[Roles]:
    """The declarer (alone: his role says so) and the three defenders; the 主叫 of a full hand (the auction starts with
    him, §5)."""
    state = hand.state
    declarer = state.declarer
    found: list[Roles] = []
    for seat in range(state.num_players):
        roles = [DECLARER] if seat == declarer else []
        if state.auction is not None and seat == state.zhujiao:
            roles.append("主叫")
        found.append((roles, DEFENDERS if declarer is not None and seat != declarer else None))
    return found


def score(hand: JudgedHand, done: list[dict[str, Any]]) -> dict[str, Any]:
    """The declarer's card points in the tricks he won so far (C before 王分, the kitty and penalties, §6.1), against
    his target."""
    declarer = hand.state.declarer
    won = sum(t["points"] for t in done if t["winner"] is not None and t["winner"] == declarer)
    return {"label": "declarer's points", "value": won, "target": hand.state.target, "target_label": "target"}


def event_text(event: dict[str, Any]) -> str | None:
    if event["event"] == "bid":
        return "passes" if event["bid"] == "pass" else f"bids {event['bid']}"
    return None


def result_rows(hand: JudgedHand) -> list[list[Any]]:
    """The 主叫 of the next hand (§5.9: a winning declarer stays 主叫, else his 下家; §5.7.4 after an all-pass)."""
    settlement = getattr(hand.state, "settlement", None)
    if settlement is None or hand.state.auction is None:
        return []
    return [["next 主叫", settlement.next_zhujiao]]


VIEW = GameView(name="包分 Baofen", seats=seats, score=score, event_text=event_text, result_rows=result_rows)
