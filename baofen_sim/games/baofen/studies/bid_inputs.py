"""What the fast evaluator (`bid_eval`) reads (issue 12): each seat's dealt features, strength and bid cap
(`deal_features_nb`, once per DATA), its evaluation (`evaluations_nb`, once per weight set), the stored deals in
the evaluator's form (`stored_deals`, `with_bidders`), and the level rule that lets it compare a seat's value
with a threshold mostly without reading the value (`threshold_level`)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import prange

from baofen_sim.cards import NUM_KINDS, PACK_SIZE
from baofen_sim.kernels.auction import cap_for_pairs, count_pairs
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.rng import deal_hands, deal_pack, kind_counts
from baofen_sim.policies.features import eval_features, strength, weighted_evaluation
from baofen_sim.policies.registry import BID_MODE_TABLE, HEURISTIC_BID_MODE, TABLE_POSITIONS

SEATS = TABLE_POSITIONS  # the fast evaluator's seats (4: SUPPORTED_PLAYERS)
LEVEL_SCALE = 64.0  # a power of two: value × LEVEL_SCALE is exact, so a level bounds its value from above
LEVEL_MIN, LEVEL_MAX = -32768, 32767  # int16
# the rows of StoredDeals.seat_rows: what the hand loop reads of each seat, 8 bytes a seat, two hands a cache line
ROW_LEVEL = 0  # floor(value · LEVEL_SCALE), clipped: tells most comparisons of the value without reading it
ROW_CAP = 1  # the seat's bid cap, at most cap_max (§5.4.2)
ROW_SCORE = 2  # the declarer's S had this seat declared
ROW_CATEGORY = 3  # CAT_* of that hand
NUM_ROWS = 4
DEALS_PER_BLOCK = 4096


class StoredDeals(NamedTuple):
    """The stored deals in the form the evaluator reads (`stored_deals`, `with_bidders`): each field cast once to
    its dtype, so one compiled `evaluate_nb` serves every call."""

    values: np.ndarray  # float64[H, N]: each seat's bidder input, its evaluation (table) or strength (threshold)
    seat_rows: np.ndarray  # int16[H, NUM_ROWS, N]: ROW_LEVEL, ROW_CAP, ROW_SCORE, ROW_CATEGORY of each seat
    rest: np.ndarray  # float64[H, N (declarer), N]: the settlement's stored rest (S001); [1, N, N] when none
    starts: np.ndarray  # int64[T + 1]: table t is hands starts[t]..starts[t + 1] − 1
    table_ids: np.ndarray  # int64[T]: each table's index in its run (its first 主叫, A48)


def _int16(name: str, array: np.ndarray) -> np.ndarray:
    if array.size and (array.min() < LEVEL_MIN or array.max() > LEVEL_MAX):
        raise ValueError(f"stored {name} out of the int16 range")
    return array.astype(np.int16)


def stored_deals(cap_max: int, caps: np.ndarray, score: np.ndarray, category: np.ndarray, rest: np.ndarray | None,
                 starts: np.ndarray, table_ids: np.ndarray) -> StoredDeals:
    """The bidder-independent part of StoredDeals; `with_bidders` adds the values and levels."""
    players = caps.shape[1]
    if players != SEATS:
        raise ValueError(f"the fast evaluator plays {SEATS} seats, not {players}")
    rows = np.zeros((caps.shape[0], NUM_ROWS, players), dtype=np.int16)
    rows[:, ROW_CAP] = _int16("caps", np.minimum(caps, cap_max))
    rows[:, ROW_SCORE] = _int16("scores", score)
    rows[:, ROW_CATEGORY] = _int16("categories", category)
    return StoredDeals(values=np.zeros((0, players)), seat_rows=rows,
                       rest=np.zeros((1, players, players)) if rest is None else rest.astype(np.float64),
                       starts=starts.astype(np.int64), table_ids=table_ids.astype(np.int64))


def with_bidders(deals: StoredDeals, params: np.ndarray, evals: np.ndarray, strengths: np.ndarray) -> StoredDeals:
    """`deals` with the values and levels of the bidders of `params`: a seat whose bid_mode is the table reads
    its evaluation, a threshold bidder its strength. Only the modes matter, not the thresholds."""
    table = params[:, HEURISTIC_BID_MODE] == BID_MODE_TABLE
    values = np.where(table[None, :], evals, strengths).astype(np.float64)
    if np.isnan(values).any():
        raise ValueError("a bidder's evaluation is NaN: its weights are out of range")
    rows = deals.seat_rows.copy()
    rows[:, ROW_LEVEL] = value_levels(values)
    return deals._replace(values=values, seat_rows=rows)


def value_levels(values: np.ndarray) -> np.ndarray:
    """int16 floor(values · LEVEL_SCALE), clipped to its range."""
    with np.errstate(over="ignore"):  # beyond the float range: ±inf, clipped
        return np.clip(np.floor(values * LEVEL_SCALE), LEVEL_MIN, LEVEL_MAX).astype(np.int16)


@njit(cache=True)
def threshold_level(threshold):
    """The level a threshold t is compared at: floor(t · LEVEL_SCALE) within [LEVEL_MIN, LEVEL_MAX] (NaN:
    LEVEL_MAX). For a value v (not NaN) of level l: l > level(t) tells v >= t, l < level(t) tells v < t, and only
    l == level(t) needs v itself. Proof: l > level(t) puts v · LEVEL_SCALE >= l > t · LEVEL_SCALE; l < level(t)
    puts it below l + 1 <= t · LEVEL_SCALE; a clipped level or threshold level errs only towards equality."""
    level = np.floor(threshold * LEVEL_SCALE)
    if level >= LEVEL_MAX or not level == level:
        return np.int64(LEVEL_MAX)
    return np.int64(max(level, LEVEL_MIN))


@njit(cache=True)
def _deal_range(hr_array, seed, first, last, features, strength_out, caps):
    hr = hr_array[0]  # (a record taken inside the prange body itself does not compile)
    n = hr.num_players
    pack = np.empty(PACK_SIZE, dtype=np.int64)
    ge1 = np.empty(n, dtype=np.uint64)
    eq2 = np.empty(n, dtype=np.uint64)
    counts = np.empty(NUM_KINDS, dtype=np.int64)
    for h in range(first, last):
        deal_pack(seed, h, pack)
        deal_hands(pack, n, hr.hand_size, ge1, eq2)
        for seat in range(n):
            eval_features(ge1[seat], eq2[seat], features[h, seat])
            strength_out[h, seat] = strength(ge1[seat], eq2[seat])
            kind_counts(ge1[seat], eq2[seat], counts)
            caps[h, seat] = cap_for_pairs(hr, count_pairs(counts, hr.pairs_include_jokers != 0))


@njit(cache=True, parallel=True)
def deal_features_nb(hr_array, seed, features, strength_out, caps):
    """Deal hands 0..n − 1 of a run with `seed` as the engine does (seat-stable, DESIGN §4) and fill each
    seat's evaluation features, hand strength and bid cap."""
    n_hands = features.shape[0]
    blocks = (n_hands + DEALS_PER_BLOCK - 1) // DEALS_PER_BLOCK
    for b in prange(blocks):
        _deal_range(hr_array, seed, b * DEALS_PER_BLOCK, min(n_hands, (b + 1) * DEALS_PER_BLOCK), features,
                    strength_out, caps)


@njit(cache=True, parallel=True)
def evaluations_nb(params, features, out):
    """out[h, seat] = the hand evaluation of seat `seat` with the weights of its parameter row."""
    players = out.shape[1]
    for h in prange(out.shape[0]):
        for seat in range(players):
            out[h, seat] = weighted_evaluation(params[seat], features[h, seat])
