"""Game records (DESIGN.md §8, stable): JSON for a full hand or a mid-hand position, of any game.

A record's rule set ("rules": a preset name or a TOML rules file, default the default game's first preset, and its
"options") chooses its game, whose parser reads the rest (`Game.hooks.parse_record`): each game's records have keys
of their own, and a key of another game's records is named as that game's. A record may stop at any step.
Malformed input raises RecordError whose message says where.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from baofen_sim.games import GAMES, game_of
from baofen_sim.io.record_fields import GameKeys, RecordError, parse_rules

STDIN = "-"


def load_record(path: str | Path) -> Any:
    """The record in the JSON file at `path` (`-`: standard input); RecordError naming the file and place."""
    name = "<stdin>" if str(path) == STDIN else str(path)
    try:
        raw = sys.stdin.buffer.read() if str(path) == STDIN else Path(path).read_bytes()
    except FileNotFoundError:
        raise RecordError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{name}: a directory, not a record file") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"{name}: not valid JSON: {exc}") from None
    except RecursionError:
        raise RecordError(f"{name}: not valid JSON: nested too deeply") from None
    try:
        return parse_record(data)
    except RecordError as exc:
        raise RecordError(f"{name}: {exc}") from None


def parse_record(data: Any) -> Any:
    """The record of the game its rule set plays ("rules" and "options"), read by that game's parser; its `rules`
    attribute is the rule set."""
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    rules = parse_rules(data)
    game = game_of(rules)
    return game.hook("parse_record")(data, rules, other_games_keys(game.id))


def other_games_keys(game_id: str) -> dict[str, GameKeys]:
    """The record keys of every game but `game_id`, by the name of its first preset (for error messages)."""
    return {next(iter(other.hook("presets"))): other.hook("record_keys") for other in GAMES if other.id != game_id}
