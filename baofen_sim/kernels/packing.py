"""Tractor packing (RULES.md §2.3.2 TP, §3.2 shape): a lead's tractors τ1..τk (their lengths longest first,
`units.slot_lengths`) cut, disjoint, from the tractor runs of a hand or a play (`units.runs_of`).
`tractor_cover` is the follow rule's TP (§2.3.2 (a)): the most pairs such pieces can cover; `shape_primary` says
whether tractors of exactly those lengths can all be cut from a play's runs, and the best value of a longest piece
(§3.2 shape, §3.4). Both walk every assignment of the tractors to the runs (an odometer, `_next_assignment`): a suit
holds at most a few runs (MAX_RUNS).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.units import MAX_RUNS


@njit(cache=True)
def _next_assignment(assign, k, last):
    """Odometer step over assign[0..k) ∈ [0, last]; False when it wraps around."""
    i = 0
    while i < k:
        assign[i] += 1
        if assign[i] <= last:
            return True
        assign[i] = 0
        i += 1
    return False


@njit(cache=True)
def tractor_cover(slot_len, k, run_len, m, exact):
    """TP of §2.3.2(a): the most pairs in disjoint tractors τ1..τk cut from runs `run_len[0..m)`, where
    τi is absent or has 2..slot_len[i] pairs (exactly slot_len[i] when `exact`, A8 same_length_only).
    A run of r pairs hosts pieces summing to ≤ r; a set S of flexible pieces gets min(r, Σℓ) if 2|S| ≤ r."""
    if k == 0 or m == 0:
        return 0
    if k == 1:
        best = 0
        for j in range(m):
            if exact:
                if run_len[j] >= slot_len[0]:
                    return slot_len[0]
            else:
                best = max(best, min(slot_len[0], run_len[j]))
        return best
    assign = np.zeros(k, dtype=np.int64)
    used = np.zeros(MAX_RUNS, dtype=np.int64)
    count = np.zeros(MAX_RUNS, dtype=np.int64)
    best = 0
    while True:  # assign[i] = run of slot i, or m = not used
        for j in range(m):
            used[j] = 0
            count[j] = 0
        for i in range(k):
            if assign[i] < m:
                used[assign[i]] += slot_len[i]
                count[assign[i]] += 1
        total = 0
        for j in range(m):
            if count[j] == 0:
                continue
            if exact:
                if used[j] > run_len[j]:
                    total = -1
                    break
                total += used[j]
            else:
                if 2 * count[j] > run_len[j]:
                    total = -1
                    break
                total += min(run_len[j], used[j])
        best = max(best, total)
        if not _next_assignment(assign, k, m):
            return best


@njit(cache=True)
def shape_primary(slot_len, k, run_len, run_val, m):
    """§3.2 shape / §3.4: can tractors of exactly slot_len[0..k) all be cut from the runs? Returns the best
    value of a piece matched to a longest slot (the longest pieces sit at the top of their run, so a run's
    value is its top value `run_val`), or -1 when no packing exists. slot_len is longest first."""
    if k == 0:
        return 0
    if k == 1:
        best = -1
        for j in range(m):
            if run_len[j] >= slot_len[0]:
                best = max(best, run_val[j])
        return best
    if m == 0:
        return -1
    assign = np.zeros(k, dtype=np.int64)
    used = np.zeros(MAX_RUNS, dtype=np.int64)
    best = -1
    while True:
        for j in range(m):
            used[j] = 0
        for i in range(k):
            used[assign[i]] += slot_len[i]
        fits = True
        for j in range(m):
            if used[j] > run_len[j]:
                fits = False
                break
        if fits:
            for i in range(k):
                if slot_len[i] == slot_len[0]:
                    best = max(best, run_val[assign[i]])
        if not _next_assignment(assign, k, m - 1):
            return best
