"""Which option values the Baofen engines implement. Other values are valid configuration (RULES.md §9
declares them for the 80分 and 5-player presets or as open alternatives) but are refused with one clear
line before any hand is played, rather than silently played by the wrong rule."""

from __future__ import annotations

from baofen_sim.rules.ruleset import RulesError, RuleSet

# option -> the values the Baofen engines implement
BAOFEN_SUPPORTED: dict[str, tuple] = {
    "num_players": (4,),
    "constant_trump_ranks": ((2,),),
    "trump_selection": ("after_kitty",),
    "allow_no_trump": (False,),
    "special_tier_tractors": (False,),  # §9.1: no chain across BJ/LJ/主2/副2 is defined for Baofen
    "eight_kind_lead_only": (True,),  # A2 (iii): following/ruffing with an eight is not specified
    "eight_kind_promotion_scope": ("play_only",),  # A2 (ii): whole-hand promotion is not specified
}


def unsupported_options(rules: RuleSet) -> list[str]:
    """`option=value` for each option set to a value the Baofen engines do not implement."""
    found = []
    for name, supported in BAOFEN_SUPPORTED.items():
        value = getattr(rules, name)
        if value not in supported:
            found.append(f"{name}={_text(value)}")
    return found


def require_supported(rules: RuleSet) -> None:
    found = unsupported_options(rules)
    if found:
        raise RulesError(f"not implemented by the Baofen engine: {', '.join(found)} "
                         "(see RULES.md §8 A2, §9.1)")


def _text(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)
