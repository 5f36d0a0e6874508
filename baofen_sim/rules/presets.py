"""The named rule sets (RULES.md §7): each game's presets (`games/<game>/presets.py`) as RuleSets."""

from __future__ import annotations

import difflib

from baofen_sim.games import GAMES, by_id
from baofen_sim.rules.ruleset import RulesError, RuleSet


def _presets() -> tuple[dict[str, RuleSet], dict[str, str]]:
    rule_sets, descriptions = {}, {}
    for game in GAMES:
        for name, (description, options) in game.hook("presets").items():
            rule_sets[name] = RuleSet(name=name, **options)
            descriptions[name] = description
    return rule_sets, descriptions


PRESETS, PRESET_DESCRIPTIONS = _presets()  # every game's, in the registry's order
DEFAULT_PRESET = next(iter(PRESETS))  # what `--rules` is when left out


def game_preset(game_id: str) -> RuleSet:
    """The first preset of the game `game_id`, the one its other presets and custom rules are told apart from."""
    return PRESETS[next(iter(by_id(game_id).hook("presets")))]


def preset(name: str) -> RuleSet:
    """The preset called `name`; unknown → RulesError listing the presets."""
    if name in PRESETS:
        return PRESETS[name]
    close = difflib.get_close_matches(name, PRESETS, n=1)
    hint = f"did you mean {close[0]}? " if close else ""
    raise RulesError(f"unknown preset {name!r}; {hint}presets: {', '.join(PRESETS)}")
