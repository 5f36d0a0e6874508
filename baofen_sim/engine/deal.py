"""The deal of a run's hand as card kinds (DESIGN.md §4): each absolute seat's cards and the kitty, from the same
seat-stable splitmix64 deal every game's engine plays (`kernels.rng`), for replays, records and tests."""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS, PACK_SIZE
from baofen_sim.kernels import rng


def deal(seed: int, hand: int, num_players: int = 4, hand_size: int = 25) -> tuple[list[list[int]], list[int]]:
    """The deal of the run's hand `hand` (global index) under `seed`: per-seat sorted kinds (absolute
    seats), and the kitty."""
    pack = np.zeros(PACK_SIZE, dtype=np.int64)
    rng.deal_pack(seed, hand, pack)
    ge1 = np.zeros(num_players, dtype=np.uint64)
    eq2 = np.zeros(num_players, dtype=np.uint64)
    kitty_ge1, kitty_eq2 = rng.deal_hands(pack, num_players, hand_size, ge1, eq2)
    counts = np.zeros(NUM_KINDS, dtype=np.int64)

    def kinds(g, e) -> list[int]:
        rng.kind_counts(g, e, counts)
        return [k for k in range(NUM_KINDS) for _ in range(int(counts[k]))]

    return [kinds(ge1[s], eq2[s]) for s in range(num_players)], kinds(kitty_ge1, kitty_eq2)
