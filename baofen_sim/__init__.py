"""baofen-sim: a fast, rule-exact Monte Carlo simulator of 包分 (Baofen), 80分 and 5-player 找朋友 (docs/architecture.md
is the map of the package)."""

from baofen_sim.games import old_paths

old_paths.install()  # one release of aliases for the modules the game packages moved
