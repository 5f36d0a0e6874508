"""The registry: the one list of the games (RULES.md §7), and how the shared code finds a game.

Each game is a package beside the others, with the same outline (see `docs/architecture.md`); its `__init__`
declares its `interface.Game`. Adding a game is a new package and one line in `GAMES`. Importing the registry
imports no engine and compiles nothing (the games' hooks are imported on first use).
"""

from __future__ import annotations

from baofen_sim.games import baofen, tractor80, zhaopengyou
from baofen_sim.games.interface import Decision, Game, GameFeatureError, Hooks, ReportRequest

GAMES: tuple[Game, ...] = (baofen.GAME, tractor80.GAME, zhaopengyou.GAME)  # in the order of `rules list`

_BY_ID = {game.id: game for game in GAMES}
_BY_TRUMP_SELECTION = {game.trump_selection: game for game in GAMES}

__all__ = ["GAMES", "Decision", "Game", "GameFeatureError", "Hooks", "ReportRequest", "by_id", "default_game",
           "game_of", "for_trump_selection"]


def default_game() -> Game:
    """The game of the default rules (`--rules` left out)."""
    return GAMES[0]


def by_id(game_id: str | None) -> Game:
    """The game whose id is `game_id` (RuleSet.game, a compile plan's name), the default game for None;
    KeyError if none."""
    return default_game() if game_id is None else _BY_ID[game_id]


def for_trump_selection(value: str) -> Game:
    """The game a rule set with `trump_selection` = value plays (each game picks its trump its own way)."""
    return _BY_TRUMP_SELECTION[value]


def game_of(rules) -> Game:
    """The game `rules` (a RuleSet) plays."""
    return _BY_ID[rules.game]
