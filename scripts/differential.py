"""Long differential runs of the engine against the reference engine: `baofen_sim.dev.differential_runs`.

    python scripts/differential.py --hands 1000000 --positions 100000 [--rules baofen --rules baofen-001]
    python scripts/differential.py --positions 1000000 --rules tractor-80fen
    python scripts/differential.py --hands 1000000 --rules zhaopengyou-5p --policy random --policy heuristic
    python scripts/differential.py --hands 100000 --rules zhaopengyou-5p --set zpy_overcall_max=2
"""

from __future__ import annotations

import sys

from baofen_sim.dev.differential_runs import main

if __name__ == "__main__":
    sys.exit(main())
