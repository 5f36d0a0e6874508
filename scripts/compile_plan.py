"""Rewrite the compile plans of the parallel warm-up (baofen_sim/warmup/plan.json, plan-<game>.json) from the
engines' code: the call graph of each game's engine of each of its built-in policies, by Numba type inference alone
(about a minute a game; nothing is compiled). Run it after changing a kernel's arguments;
tests/test_compile_progress.py says when it is due.

    python scripts/compile_plan.py
"""

from __future__ import annotations

import sys

from baofen_sim.games import GAME_ENGINES
from baofen_sim.warmup.plan import game_policies, plan_path, write_plan

# The sampler's engines are not discovered: the game switch of its search (policies/sampler/entry.py, a Numba
# overload) is lowered, not only typed, so discovery stops there. Its own functions then compile in the top kernel's
# process (the warm-up says the plan misses them); every function it shares with the heuristic is in the plan.
UNDISCOVERED = ("sampler",)


def main() -> int:
    for game, engine in GAME_ENGINES.items():
        if engine.compile_plan:
            policies = [name for name in game_policies(game) if name not in UNDISCOVERED]
            plan = write_plan(game, policies=policies)
            print(f"wrote {plan_path(game)}: {len(plan.entries)} functions, {len(plan.types)} argument types "
                  f"({', '.join(policies)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
