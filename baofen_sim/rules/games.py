"""The games a rule set can play (RULES.md §7), and the §9 option sections each game reads.

A rule set's game follows from `trump_selection`: Baofen names trump after the kitty (§5.6), 80分 declares it
during the deal (§7.3.4), the 5-player 找朋友 calls it with a 7 during the deal (§7.4.4).
"""

from __future__ import annotations

from enum import StrEnum

from baofen_sim.rules.options import TrumpSelection


class Game(StrEnum):
    """The game a rule set plays (RULES §7): 包分 (§7.1, §7.2), 80分 (§7.3) or 5-player 找朋友 (§7.4)."""

    BAOFEN = "baofen"
    TRACTOR_80FEN = "tractor_80fen"
    ZHAOPENGYOU_5P = "zhaopengyou_5p"


GAME_TITLES: dict[Game, str] = {Game.BAOFEN: "Baofen", Game.TRACTOR_80FEN: "80分",
                                Game.ZHAOPENGYOU_5P: "5-player 找朋友"}

GAME_OF_TRUMP_SELECTION: dict[TrumpSelection, Game] = {
    TrumpSelection.AFTER_KITTY: Game.BAOFEN,
    TrumpSelection.DEAL_DECLARATION: Game.TRACTOR_80FEN,
    TrumpSelection.DEAL_CALL_7: Game.ZHAOPENGYOU_5P,
}

# The §9 sections whose options each game reads (ruleset.SECTIONS lists the options of each section).
GAME_SECTIONS: dict[Game, tuple[str, ...]] = {
    Game.BAOFEN: ("§9.1", "§9.2", "§9.3"),
    Game.TRACTOR_80FEN: ("§9.1", "§9.2", "§9.4"),
    Game.ZHAOPENGYOU_5P: ("§9.1", "§9.2", "§9.5"),
}

# §1.1.4 the players each game seats (`num_players`).
GAME_PLAYERS: dict[Game, tuple[int, ...]] = {
    Game.BAOFEN: (4,),
    Game.TRACTOR_80FEN: (4,),
    Game.ZHAOPENGYOU_5P: (5,),
}
