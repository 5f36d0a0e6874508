"""The registry of the games the fast engine plays (RULES.md §7; the rule sets' games are `rules.games.Game`).

Each game is a unit of its own: its rules (rules/, its §9 section), its reference phases (reference/<game>/), its
kernels and flow (engine/<game>/ for 80分 and 找朋友; Baofen's engine/ modules), its row layout and its report
section. Here each game names its parts by import path, so that importing the registry compiles nothing and a run of
one game loads (and compiles) only that game's engine:

- `run_chunk`: the chunk runner (`RunSpec, first_table, n_tables -> io.schema.ChunkResult`), the game's one entry
  into its kernels, and `top_kernel` the parallel kernel below it (its Numba cache says whether the engine is
  compiled on this machine), with `top_kernel_args` its arguments for one hand (the compile plan's types);
- `rows`: its `io.schema.RowLayout` (the hand columns);
- `policies`: the built-in policies it has (None: every policy of the registry); whether it plays the forced
  scenarios of DESIGN.md §5 (`--declarer`, `--target`), writes trick rows (`--tricks`) and has a parallel compile
  plan (`baofen_sim.runs.warmup`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from baofen_sim.policies.registry import DEFAULT_POLICY
from baofen_sim.rules.games import GAME_TITLES, Game
from baofen_sim.rules.ruleset import RulesError
from baofen_sim.rules.support import no_fast_engine_message


@dataclass(frozen=True)
class GameEngine:
    game: Game
    run_chunk: str  # "module:function"
    top_kernel: str  # "module:function"
    top_kernel_args: str  # "module:function": (RunSpec of one hand) -> the top kernel's arguments (warmup.plan)
    rows: str  # "module:attribute"
    policies: tuple[str, ...] | None = None
    forced_declarer: bool = False
    tricks: bool = False
    compile_plan: bool = False

    @property
    def title(self) -> str:
        return GAME_TITLES[self.game]

    @property
    def default_policy(self) -> str:
        """Every seat's policy when none is given: the registry's default, or the game's first."""
        return DEFAULT_POLICY if self.policies is None else self.policies[0]


GAME_ENGINES: dict[Game, GameEngine] = {
    Game.BAOFEN: GameEngine(Game.BAOFEN, "baofen_sim.games.baofen.engine.chunk:run_chunk",
                            "baofen_sim.games.baofen.engine.chunk:play_tables",
                            "baofen_sim.games.baofen.engine.chunk:top_kernel_args", "baofen_sim.io.schema:BAOFEN_ROWS",
                            forced_declarer=True, tricks=True, compile_plan=True),
    Game.TRACTOR_80FEN: GameEngine(Game.TRACTOR_80FEN, "baofen_sim.games.tractor80.engine.chunk:run_chunk80",
                                   "baofen_sim.games.tractor80.engine.chunk:play_tables80",
                                   "baofen_sim.games.tractor80.engine.chunk:top_kernel_args80",
                                   "baofen_sim.games.tractor80.engine.chunk:TRACTOR80_ROWS",
                                   policies=("heuristic", "random", "sampler"), compile_plan=True),
    Game.ZHAOPENGYOU_5P: GameEngine(Game.ZHAOPENGYOU_5P, "baofen_sim.games.zhaopengyou.engine.chunk:run_chunk_zpy",
                                    "baofen_sim.games.zhaopengyou.engine.chunk:play_tables_zpy",
                                    "baofen_sim.games.zhaopengyou.engine.chunk:top_kernel_args_zpy",
                                    "baofen_sim.games.zhaopengyou.engine.chunk:ZPY_ROWS",
                                    policies=("random", "heuristic", "sampler"), compile_plan=True),
}


def resolve(path: str) -> Any:
    """The object a "module:attribute" path names (the module is imported on first use)."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


def game_engine(game: Game) -> GameEngine:
    """The fast engine of `game`; RulesError (one line, exit 2) for a game that has none."""
    if game not in GAME_ENGINES:
        raise RulesError(no_fast_engine_message(game))
    return GAME_ENGINES[game]
