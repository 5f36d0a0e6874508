"""What a game tells the hand page about itself (`Game.hooks.view`): its name, its seats' roles and teams, the score
that runs along the tricks, the text of its own steps before play, its notes inside the trick stream and the rows it
adds to the result. The shared builder (`hand_model`) does the rest from the judge's events, alike for every game.

Each function reads a `JudgedHand`: the record, the game's reference hand where judging stopped (a
`reference.play.TrickHand`: `declarer`, `order`, `rules`, and the game's own fields such as its 主叫 or 庄), the
judge's events and its result event.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Roles = tuple[list[str], str | None]  # a seat's roles at the first lead ("declarer", "主叫", "庄") and its side


@dataclass(frozen=True)
class JudgedHand:
    """A record judged by the reference engine of its game."""

    data: dict[str, Any]  # the record as JSON (DESIGN.md §8)
    state: Any  # the game's reference hand where judging stopped
    events: list[dict[str, Any]]  # the judge's events (DESIGN.md §8, `judge --json`)
    result: dict[str, Any] | None  # the judge's result event; None when the record stops before the end


def no_level(hand: JudgedHand) -> str | None:
    return None


def no_note(event: dict[str, Any], hand: JudgedHand) -> dict[str, Any] | None:
    return None


def no_rows(hand: JudgedHand) -> list[list[Any]]:
    return []


@dataclass(frozen=True)
class GameView:
    """A game's part of its hand page (the fields of the view model are documented in `model.py`)."""

    name: str  # the page's name of the game: "包分 Baofen"
    seats: Callable[[JudgedHand], list[Roles]]  # each seat's roles and side at the first lead
    # the running score after the tricks `done` (the view model's tricks: winner, points, note), a model `score`
    score: Callable[[JudgedHand, list[dict[str, Any]]], dict[str, Any]]
    # the text of one of its events before play (bid, declare, call ...); None: the judge's line for it
    event_text: Callable[[dict[str, Any]], str | None]
    level: Callable[[JudgedHand], str | None] = no_level  # the rank played, where the game has levels
    # a note for one of its events inside a trick (找朋友's friend), a model `note`; None: no note
    note: Callable[[dict[str, Any], JudgedHand], dict[str, Any] | None] = no_note
    result_rows: Callable[[JudgedHand], list[list[Any]]] = no_rows  # rows after the result event's own
