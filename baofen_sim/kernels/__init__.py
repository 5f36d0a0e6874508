"""Numba kernels: short pure functions over the trump-relative bitboards of `baofen_sim.tables` and the
records of `baofen_sim.records`; they never see a RuleSet (DESIGN.md §2, STYLE.md §3). Modules: bits,
rng, hands (hands as bitboards, card points), units (units of one suit), values (tractor values, highest cards),
packing (tractor packing), leads and follow (legality: check, enumerate, sample), throws, trick
(winner, classes, points), auction, scoring, ledger; jit (the project's `njit`), cache.

Importing this package first points Numba's cache at a directory keyed on the kernel sources (cache.py).
Calling kernels in card notation, for tests and tools: `baofen_sim.dev.kernel_calls`.
"""

from __future__ import annotations

from baofen_sim.kernels import cache

cache.configure()
