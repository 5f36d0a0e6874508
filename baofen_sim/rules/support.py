"""Which option values the engines implement. Other values are valid configuration (RULES.md §9 declares them as
open alternatives) but are refused with one clear line before any hand is played, rather than silently played by
the wrong rule. Each game lists its own (`SUPPORTED` in `games/<game>/options.py`); the fast engine and the
reference engine of a game implement the same values.
"""

from __future__ import annotations

from baofen_sim.games import by_id
from baofen_sim.rules.ruleset import OPTIONS_MODULES, RulesError, RuleSet


def supported_values(game_id: str) -> dict[str, tuple]:
    """Option -> the values the engines of game `game_id` implement (options not listed: every value)."""
    return OPTIONS_MODULES[game_id].SUPPORTED


def unsupported_options(rules: RuleSet) -> list[str]:
    """`option=value` for each option set to a value the engines of its game do not implement."""
    found = []
    for name, supported in supported_values(rules.game).items():
        value = getattr(rules, name)
        if value not in supported:
            found.append(f"{name}={_text(value)}")
    return found


def require_supported(rules: RuleSet, engine: str = "engine") -> None:
    """Refuse rules with a value of `unsupported_options`, naming the `engine` that cannot play them."""
    found = unsupported_options(rules)
    if found:
        raise RulesError(f"not implemented by the {by_id(rules.game).title} {engine}: {', '.join(found)} "
                         "(see RULES.md §8, §9)")


def require_reference_supported(rules: RuleSet) -> None:
    """Refuse rules whose values the reference engine of their game does not implement."""
    require_supported(rules, "reference engine")


def _text(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "[]"
    return str(value)
