"""The fast evaluator of bid tables (Numba; issue 12): whole tables of stored deals re-run with new bidders,
without playing a card.

For each table of stored deals (`EachData.tables`), hand by hand: the auction from the 主叫 the table state
gives, each seat bidding from its parameter row (the table bidder on its stored evaluation, the threshold
bidder on its stored hand strength), then the declarer's stored S and category at the auction's target
(`scoring.result_at_target`, `ledger.result_settlement`), the 水草 pot carried from hand to hand and shared
at the table's end (A48), plus the stored rest (S001 throw penalties). As long as the play ignores the target
and the auction (the heuristic's does), that is what an ordinary simulation with those bidders gives on the
same deals.

Speed asks for the hot loop to make no call with array arguments (each costs reference counting, more than a
whole auction step), so three things are written out here rather than called: the bidders' arithmetic
(`bidding.table_opening`, `table_limit`, `heuristic_limit`), the §5.4 auction for bidders that open or make
the smallest raise (`kernels.auction`), and the table ledger's pot flows (`kernels.ledger`, the same
operations in the same order). tests/test_tune_bids.py keeps them equal to the engine: declarer, target and
every seat's settlement, hand for hand, under both presets.

`evaluate_nb` runs blocks of tables in parallel and writes per-block sums: each seat's settlement and the
auction statistics of STAT_*; `detail` also keeps each hand's declarer, target and settlements.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from baofen_sim.cards import NUM_KINDS, PACK_SIZE
from baofen_sim.codes import ALL_PASS_DIRECT_001, NO_BID, NO_SEAT, PASS, POT_END_SPLIT, STREAK_OFF
from baofen_sim.kernels.auction import cap_for_pairs, count_pairs
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.ledger import result_settlement, table_first_zhujiao
from baofen_sim.kernels.rng import deal_hands, deal_pack, kind_counts
from baofen_sim.kernels.scoring import result_at_target
from baofen_sim.policies.bidding import BID_STEP, HEURISTIC_BASE_BID, TABLE_OPEN_BIDS
from baofen_sim.policies.features import eval_features, strength, weighted_evaluation
from baofen_sim.policies.registry import (
    BID_MODE_TABLE,
    HEURISTIC_BID_MODE,
    HEURISTIC_CONTEST_PER_5,
    HEURISTIC_MAX_BID,
    HEURISTIC_OPEN_THRESHOLD,
    HEURISTIC_PER_5_POINTS,
    HEURISTIC_TABLE_CONTEST,
    HEURISTIC_TABLE_OPEN,
    TABLE_POSITIONS,
)

# per-block statistics (columns of `stats`)
STAT_HANDS = 0
STAT_ALL_PASS = 1
STAT_MADE = 2  # declared hands the declarer won
STAT_TARGET = 3  # sum of targets over declared hands
STAT_DECLARER_SETTLE = 4  # sum of the declarer's settlement over declared hands
STAT_CONTESTED = 5  # declared hands with more than one bid
NUM_STATS = 6
TABLES_PER_BLOCK = 256
DEALS_PER_BLOCK = 4096
NUM_OPEN_BIDS = len(TABLE_OPEN_BIDS)


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


@njit(cache=True)
def _bidders(params, n):
    """Each seat's bidder as plain arrays (its mode and thresholds), read once per block: the auction below
    then needs no call per step. The same arithmetic as `bidding.table_opening`, `table_limit` and
    `heuristic_limit` (the differential test keeps them equal)."""
    mode = np.zeros(n, dtype=np.int64)
    opens = np.zeros((n, TABLE_POSITIONS, NUM_OPEN_BIDS), dtype=np.float64)
    contest = np.zeros((n, TABLE_POSITIONS), dtype=np.float64)
    scalars = np.zeros((n, 4), dtype=np.float64)  # contest_per_5, open_threshold, per_5_points, max_bid
    for seat in range(n):
        row = params[seat]
        mode[seat] = 1 if row[HEURISTIC_BID_MODE] == BID_MODE_TABLE else 0
        for i in range(NUM_OPEN_BIDS):
            for p in range(TABLE_POSITIONS):
                opens[seat, p, i] = row[HEURISTIC_TABLE_OPEN + i * TABLE_POSITIONS + p]
        for p in range(TABLE_POSITIONS):
            contest[seat, p] = row[HEURISTIC_TABLE_CONTEST + p]
        scalars[seat, 0] = row[HEURISTIC_CONTEST_PER_5]
        scalars[seat, 1] = row[HEURISTIC_OPEN_THRESHOLD]
        scalars[seat, 2] = row[HEURISTIC_PER_5_POINTS]
        scalars[seat, 3] = np.floor(row[HEURISTIC_MAX_BID])
    return mode, opens, contest, scalars


@njit(cache=True, inline="always")
def _split(out, pot, n, unit):
    """§5.7.1 (4): the pot shared by all (ledger._split_pot)."""
    share = pot / n
    for seat in range(n):
        out[seat] += share * unit


@njit(cache=True)
def _tables(hr_array, params, evals, strengths, caps, score, category, rest, starts, table_ids, order, first, last,
            totals, table_totals, stats, detail, detail_declarer, detail_target, detail_settle):
    """Tables order[first..last − 1] into totals (float64[N]), table_totals[k] (float64[N] per table order[k])
    and stats (float64[NUM_STATS]).

    The auction is §5.4 (`kernels.auction`) specialised to bidders that open or make the smallest raise; the
    table state (主叫, pot, no-bid streak) is kept in scalars and settled in the order of `kernels.ledger`, so
    that each hand's settlement is the engine's float for float (the differential test checks both)."""
    hr = hr_array[0]
    n = hr.num_players
    open_values = hr.open_values.copy()
    after_pass = hr.open_values_after_pass.copy()
    n_open = hr.n_open_values
    n_after_pass = hr.n_open_values_after_pass
    step = hr.raise_steps[0]
    cap_max = hr.cap_max
    unit = hr.pot_unit_value
    out = np.zeros(n, dtype=np.float64)
    has_rest = rest.shape[0] > 1
    mode, opens, contest, scalars = _bidders(params, n)
    open_bids = np.array(TABLE_OPEN_BIDS, dtype=np.int64)
    # Below `quiet` a seat opens in no position (table: every opening threshold; threshold bidder: a limit of
    # 85 needs open_threshold): a hand where every seat is below it is an all-pass with no step to play.
    quiet = np.zeros(n, dtype=np.float64)
    for seat in range(n):
        quiet[seat] = opens[seat].min() if mode[seat] == 1 else scalars[seat, 1]
    for k in range(first, last):
        t = order[k]
        for s in range(n):
            table_totals[k, s] = 0.0
        zhujiao = table_first_zhujiao(hr, table_ids[t])
        pot = 0.0
        streak = 0
        end = starts[t + 1]
        for h in range(starts[t], end):
            # §5.4 the auction
            high = NO_BID
            high_bidder = NO_SEAT
            passed = 0
            n_passed = 0
            bids = 0
            seat = zhujiao
            silent = True
            for s in range(n):
                if (evals[h, s] if mode[s] == 1 else strengths[h, s]) >= quiet[s]:
                    silent = False
            if silent:
                n_passed = n  # everyone passes in turn (§5.4.3 / §5.7)
            while not silent:
                position = (seat - zhujiao) % TABLE_POSITIONS
                cap = min(caps[h, seat], cap_max)
                evaluation = evals[h, seat]
                # The seat's opening wish (bidding.table_opening) and limit (table_limit / heuristic_limit),
                # written out here: a call with array arguments per step costs more than the whole auction.
                bid = PASS
                if high == NO_BID:
                    n_values = n_open if seat == zhujiao else n_after_pass
                    if mode[seat] == 1:
                        wish = PASS
                        for i in range(NUM_OPEN_BIDS):
                            if evaluation >= opens[seat, position, i]:
                                wish = open_bids[i]
                        for i in range(n_values):  # the largest legal opening within the wish
                            value = open_values[i] if seat == zhujiao else after_pass[i]
                            if value > cap or value > wish:
                                break
                            bid = value
                    elif n_values > 0:
                        value = open_values[0] if seat == zhujiao else after_pass[0]
                        if value <= cap:
                            limit = 0
                            if strengths[h, seat] >= scalars[seat, 1]:
                                limit = min(HEURISTIC_BASE_BID + BID_STEP * np.int64(np.floor(
                                    (strengths[h, seat] - scalars[seat, 1]) / scalars[seat, 2])),
                                    np.int64(scalars[seat, 3]))
                            if value <= limit:
                                bid = value  # the cheapest legal opening within the limit
                elif high + step <= cap:
                    if mode[seat] == 1:
                        limit = 0
                        if evaluation >= contest[seat, position]:
                            limit = HEURISTIC_BASE_BID + BID_STEP * np.int64(
                                np.floor((evaluation - contest[seat, position]) / scalars[seat, 0]))
                    elif strengths[h, seat] >= scalars[seat, 1]:
                        limit = min(HEURISTIC_BASE_BID + BID_STEP * np.int64(np.floor(
                            (strengths[h, seat] - scalars[seat, 1]) / scalars[seat, 2])), np.int64(scalars[seat, 3]))
                    else:
                        limit = 0
                    if high + step <= limit:
                        bid = high + step  # the smallest legal raise, within the limit
                if bid == PASS:
                    passed |= 1 << seat
                    n_passed += 1
                else:
                    high = bid
                    high_bidder = seat
                    bids += 1
                if n_passed == n or (high_bidder != NO_SEAT and n_passed == n - 1):
                    break  # §5.4.3
                seat = (seat + 1) % n
                while (passed >> seat) & 1:
                    seat = (seat + 1) % n
            # §5.7 / §6.6 the settlement (kernels.ledger, same order of operations)
            for s in range(n):
                out[s] = 0.0
            stats[STAT_HANDS] += 1
            declarer = high_bidder
            if declarer == NO_SEAT:
                stats[STAT_ALL_PASS] += 1
                streak += 1
                if hr.all_pass_mode == ALL_PASS_DIRECT_001:
                    for s in range(n):
                        out[s] += -hr.direct_amount if s == zhujiao else hr.direct_amount
                else:
                    for s in range(n):
                        amount = hr.zhujiao_amount if s == zhujiao else hr.fujiao_amount
                        out[s] -= amount * unit
                        pot += amount
                    if (pot > 0 and pot >= hr.split_threshold) or (
                            hr.nobid_streak_limit != STREAK_OFF and streak >= hr.nobid_streak_limit):
                        _split(out, pot, n, unit)
                        pot = 0.0
                        streak = 0
                zhujiao = (zhujiao + 1) % n
            else:
                streak = 0
                c = category[h, declarer]
                result, won = result_at_target(hr, score[h, declarer], c, high)
                declarer_change, defender_change = result_settlement(hr, won, c, result)
                for s in range(n):
                    out[s] += declarer_change if s == declarer else defender_change
                if hr.keeps_pot != 0 and pot > 0:
                    if won:
                        out[declarer] += pot * unit
                        pot = 0.0
                    else:
                        paid = pot * hr.loss_multiple
                        out[declarer] -= paid * unit
                        pot += paid
                        if pot > 0 and pot >= hr.split_threshold:
                            _split(out, pot, n, unit)
                            pot = 0.0
                            streak = 0
                if has_rest:
                    for s in range(n):
                        out[s] += rest[h, declarer, s]
                stats[STAT_MADE] += 1 if won else 0
                stats[STAT_TARGET] += high
                stats[STAT_DECLARER_SETTLE] += out[declarer]
                stats[STAT_CONTESTED] += 1 if bids > 1 else 0
                zhujiao = declarer if won else (declarer + 1) % n
            if h == end - 1 and hr.pot_at_table_end == POT_END_SPLIT and pot > 0:
                _split(out, pot, n, unit)  # A48: the table ends
                pot = 0.0
            for s in range(n):
                totals[s] += out[s]
                table_totals[k, s] += out[s]
            if detail:
                detail_declarer[h] = declarer
                detail_target[h] = high if declarer != NO_SEAT else 0
                for s in range(n):
                    detail_settle[h, s] = out[s]


@njit(cache=True, parallel=True)
def evaluate_nb(hr_array, params, evals, strengths, caps, score, category, rest, starts, table_ids, order,
                totals, table_totals, stats, detail, detail_declarer, detail_target, detail_settle):
    """The tables order[0], order[1], ... (all of them: np.arange), TABLES_PER_BLOCK a block: totals[b, seat] and
    stats[b, STAT_*] per block b, table_totals[k, seat] per table order[k]."""
    n_tables = order.shape[0]
    for b in prange(totals.shape[0]):
        first = b * TABLES_PER_BLOCK
        last = min(n_tables, first + TABLES_PER_BLOCK)
        totals[b, :] = 0.0
        stats[b, :] = 0.0
        _tables(hr_array, params, evals, strengths, caps, score, category, rest, starts, table_ids, order, first,
                last, totals[b], table_totals, stats[b], detail, detail_declarer, detail_target, detail_settle)
