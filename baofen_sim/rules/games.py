"""The games a rule set can play (RULES.md §7), and the §9 option sections each game reads.

A rule set's game follows from `trump_selection`: Baofen names trump after the kitty (§5.6), 80分 declares it
during the deal (§7.3.4). The 5-player 找朋友 (`deal_call_7`, §7.4) is the game of a later issue: it gets a member
here, a row in both tables and its §9.5 options in ruleset.py.
"""

from __future__ import annotations

from enum import StrEnum

from baofen_sim.rules.options import TrumpSelection


class Game(StrEnum):
    """The game a rule set plays (RULES §7): 包分 (§7.1, §7.2) or 80分 (§7.3)."""

    BAOFEN = "baofen"
    TRACTOR_80FEN = "tractor_80fen"


GAME_TITLES: dict[Game, str] = {Game.BAOFEN: "Baofen", Game.TRACTOR_80FEN: "80分"}

GAME_OF_TRUMP_SELECTION: dict[TrumpSelection, Game] = {
    TrumpSelection.AFTER_KITTY: Game.BAOFEN,
    TrumpSelection.DEAL_DECLARATION: Game.TRACTOR_80FEN,
    # TrumpSelection.DEAL_CALL_7: the 5-player 找朋友 (§7.4, §9.5) of a later issue
}

# The §9 sections whose options each game reads (ruleset.SECTIONS lists the options of each section).
GAME_SECTIONS: dict[Game, tuple[str, ...]] = {
    Game.BAOFEN: ("§9.1", "§9.2", "§9.3"),
    Game.TRACTOR_80FEN: ("§9.1", "§9.2", "§9.4"),
}
