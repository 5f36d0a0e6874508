"""Rewrite the compile plan of the parallel warm-up (baofen_sim/warmup/plan.json) from the engine's code: the
call graph of the engine of each built-in policy, by Numba type inference alone (about a minute; nothing is
compiled). Run it after changing a kernel's arguments; tests/test_compile_progress.py says when it is due.

    python scripts/compile_plan.py
"""

from __future__ import annotations

import sys

from baofen_sim.warmup.plan import PLAN_PATH, write_plan


def main() -> int:
    plan = write_plan()
    print(f"wrote {PLAN_PATH}: {len(plan.entries)} functions, {len(plan.types)} argument types")
    return 0


if __name__ == "__main__":
    sys.exit(main())
