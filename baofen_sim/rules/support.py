"""Which games and option values the engines implement. Other values are valid configuration (RULES.md §9
declares them as open alternatives, or for the 5-player preset) but are refused with one clear line before any
hand is played, rather than silently played by the wrong rule.

The fast engine (simulate, sweep) plays Baofen and 80分; the reference engine (judge) plays those and the
5-player 找朋友.
"""

from __future__ import annotations

from baofen_sim.rules.games import GAME_TITLES, Game
from baofen_sim.rules.ruleset import RulesError, RuleSet

FAST_ENGINE_GAMES = (Game.BAOFEN, Game.TRACTOR_80FEN, Game.ZHAOPENGYOU_5P)

# option -> the values the Baofen engines implement
BAOFEN_SUPPORTED: dict[str, tuple] = {
    "num_players": (4,),
    "constant_trump_ranks": ((2,),),
    "allow_no_trump": (False,),
    "special_tier_tractors": (False,),  # §9.1: no chain across BJ/LJ/主2/副2 is defined for Baofen
    "eight_kind_lead_only": (True,),  # A2 (iii): following/ruffing with an eight is not specified
    "eight_kind_promotion_scope": ("play_only",),  # A2 (ii): whole-hand promotion is not specified
}

# option -> the values the 80分 reference engine (reference/tractor80) implements
TRACTOR_80FEN_SUPPORTED: dict[str, tuple] = {
    "hand_size": (25,),
    "kitty_size": (8,),
    "constant_trump_ranks": ((),),  # §7.3.9 the level cards are the only constant trumps
    "allow_no_trump": (True,),  # §7.3.4 a joker pair is always a no-trump showing
    "joker_tractor_mode": ("none", "top"),  # A22: by role (r000) or by manner (r001) is not defined for 80分
    "special_tier_tractors": (False,),
    "level_gap_tractor": (True,),
    "failed_throw_penalty_kind": ("defender_points_per_failure",),  # §4.5 S003: the defenders' total moves
    "failed_throw_penalty_basis": ("per_failure",),
    "failed_throw_penalty_recipient": ("defenders_total_signed",),
    "eight_kind_mode": ("off",),  # §1.8: Baofen only
    "declaration_poll_order": ("recipient_first",),  # A28: seat_order is not specified further
    "fandi_ends_after_no_trump": (True,),  # A24: nothing says what a 反底 after a no-trump must beat
    "fandi_changes_declarer": (False,),  # A24 (i): a new 庄 from the other team would play at which level?
}

# option -> the values the 5-player reference engine (reference/zhaopengyou) implements
ZHAOPENGYOU_5P_SUPPORTED: dict[str, tuple] = {
    "hand_size": (20,),
    "kitty_size": (8,),
    "constant_trump_ranks": ((7, 2),),  # §1.2.1 the 7s and the 2s are the constant trumps
    "allow_no_trump": (False,),  # §7.4.4 a call is always a suit
    "joker_tractor_mode": ("none", "top"),  # A33 (iii): by role or by manner is not defined for 找朋友
    "special_tier_tractors": (False,),  # A33 (iv)
    "failed_throw_penalty_kind": ("none",),  # A34: throws, where allowed, cost nothing
    "eight_kind_mode": ("off",),  # §1.8: Baofen only
    "zpy_friend_only_without_overcall": (True,),  # A32: who would the friend be after an overcall?
    "zpy_friend_points_cleared_on_reveal": (True,),  # §7.4.10: nothing says what his later tricks count otherwise
}

SUPPORTED: dict[Game, dict[str, tuple]] = {Game.BAOFEN: BAOFEN_SUPPORTED, Game.TRACTOR_80FEN: TRACTOR_80FEN_SUPPORTED,
                                           Game.ZHAOPENGYOU_5P: ZHAOPENGYOU_5P_SUPPORTED}


def unsupported_options(rules: RuleSet) -> list[str]:
    """`option=value` for each option set to a value the engines of its game do not implement."""
    found = []
    for name, supported in SUPPORTED[rules.game].items():
        value = getattr(rules, name)
        if value not in supported:
            found.append(f"{name}={_text(value)}")
    return found


def require_supported(rules: RuleSet) -> None:
    """Refuse rules the fast engine (and the Baofen reference) cannot play: another game, or a value of
    `unsupported_options`."""
    if rules.game not in FAST_ENGINE_GAMES:
        raise RulesError(no_fast_engine_message(rules.game))
    found = unsupported_options(rules)
    if found:
        raise RulesError(f"not implemented by the {GAME_TITLES[rules.game]} engine: {', '.join(found)} "
                         "(see RULES.md §8, §9)")


def no_fast_engine_message(game: Game) -> str:
    """One line: `game` has no fast engine yet (simulate, sweep and the commands built on them refuse it)."""
    played = ", ".join(GAME_TITLES[fast] for fast in FAST_ENGINE_GAMES)
    return (f"the fast engine for {GAME_TITLES[game]} does not exist yet: simulate and sweep play {played} only "
            f"(`baofen-sim judge` checks {GAME_TITLES[game]} records with the reference engine)")


def require_reference_supported(rules: RuleSet) -> None:
    """Refuse rules whose values the reference engine of their game does not implement."""
    found = unsupported_options(rules)
    if found:
        raise RulesError(f"not implemented by the {GAME_TITLES[rules.game]} reference engine: {', '.join(found)} "
                         "(see RULES.md §8, §9)")


def _text(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "[]"
    return str(value)
