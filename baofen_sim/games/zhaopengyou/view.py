"""5-player 找朋友's part of the hand page (`analysis.html.game_view`): the 庄 alone on his side until his friend
plays the friend card (the note of that trick reveals him), the defenders' points against the 80 line as the tricks
go (a revealed friend's earlier points removed, §7.4.10), and the text of the flip, the call, overcalls and a
concession."""

from __future__ import annotations

from typing import Any

from baofen_sim.analysis.html.game_view import GameView, JudgedHand, Roles
from baofen_sim.cards import card_name

DECLARERS, DEFENDERS = "庄家方", "defenders"


def seats(hand: JudgedHand) -> list[Roles]:
    """The 庄 (the caller, §7.4.4); the others' sides are hidden until the friend reveals himself (§7.4.8), except
    a friend a position says has already been revealed, and after an overcall, which leaves no friend card: the 庄
    alone against four."""
    state, known_friend = hand.state, hand.data.get("friend")
    alone = state.declarer is not None and state.friend_card is None and bool(state.overcallers)
    found: list[Roles] = []
    for seat in range(state.num_players):
        if seat == state.declarer:
            found.append((["庄"], DECLARERS))
        elif seat == known_friend:
            found.append((["friend"], DECLARERS))
        else:
            found.append(([], DEFENDERS if alone else None))
    return found


def score(hand: JudgedHand, done: list[dict[str, Any]]) -> dict[str, Any]:
    """The defenders' points (§7.4.10): a position's earlier points and the tricks won by anyone but the 庄 and a
    revealed friend; when the friend reveals himself, his points so far no longer count."""
    state = hand.state
    counted = list(hand.data.get("points_won") or [0] * state.num_players)
    revealed = hand.data.get("friend")
    for trick in done:
        note = trick.get("note")
        if note is not None and note.get("role") == "friend":
            revealed = note["seat"]
        if trick["winner"] is not None:
            counted[trick["winner"]] += trick["points"]
    value = sum(p for seat, p in enumerate(counted) if seat not in (state.declarer, revealed))
    return {"label": "defenders' points", "value": value, "target": state.rules.zpy_threshold,
            "target_label": "to win"}


def event_text(event: dict[str, Any]) -> str | None:
    kind = event["event"]
    if kind == "flip":
        return f"is dealt the turned-up card (card {event['after']} of the deal)"
    if kind == "call":
        how = "forced call" if event["forced"] else f"calls after card {event['after']} of the deal"
        return f"{how} → trump {event['trump']}; the other {event['card']} is the friend card"
    if kind == "overcall":
        return f"overcalls → trump {event['trump']}; no friend (1 vs 4)"
    if kind == "concede":
        return "concedes before the first lead"
    return None


def note(event: dict[str, Any], hand: JudgedHand) -> dict[str, Any] | None:
    """The friend's reveal (§7.4.8): from this trick on he shows as the friend, on the 庄's side."""
    if event["event"] != "friend":
        return None
    card = None if hand.state.friend_card is None else card_name(hand.state.friend_card)
    played = f"plays the friend card {card}" if card else "plays the friend card"
    return {"text": f"Seat {event['seat']} {played}: he is the friend ({event['points_cleared']} points cleared)",
            "seat": event["seat"], "role": "friend", "team": DECLARERS}


VIEW = GameView(name="找朋友 (5 players)", seats=seats, score=score, event_text=event_text, note=note)
