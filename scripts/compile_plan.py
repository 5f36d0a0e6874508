"""Rewrite the compile plans of the parallel warm-up (baofen_sim/runs/warmup/plan-<game>.json) from the
engines' code: the call graph of each game's engine of each of its built-in policies, by Numba type inference alone
(about a minute a game; nothing is compiled). Run it after changing a kernel's arguments;
tests/test_compile_progress.py says when it is due.

    python scripts/compile_plan.py
"""

from __future__ import annotations

import sys

from baofen_sim.games import GAMES
from baofen_sim.runs.warmup.plan import game_policies, plan_path, write_plan


def main() -> int:
    for game in GAMES:
        policies = game_policies(game.id)
        plan = write_plan(game.id, policies=policies)
        print(f"wrote {plan_path(game.id)}: {len(plan.entries)} functions, {len(plan.types)} argument types "
              f"({', '.join(policies)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
