"""The fast evaluator of bid tables (Numba; issue 12): whole tables of stored deals re-run with new bidders,
without playing a card.

For each table of stored deals (`EachData.tables`), hand by hand: the auction from the 主叫 the table state
gives, each seat bidding from its parameter row (the table bidder on its stored evaluation, the threshold
bidder on its stored hand strength), then the declarer's stored S and category at the auction's target
(`scoring.result_at_target`, `ledger.result_settlement`), the 水草 pot carried from hand to hand and shared
at the table's end (A48), plus the stored rest (S001 throw penalties). As long as the play ignores the target
and the auction (the heuristic's does), that is what an ordinary simulation with those bidders gives on the
same deals.

The evaluator reads `bid_inputs.StoredDeals` (`stored_deals`, once per DATA; `with_bidders`, once per weight set
and bid modes): one float64 bidder value per seat (its evaluation if it bids from the table, its strength if it is the
threshold bidder) and, in one int16 array the hand loop streams (`seat_rows`), each seat's level floor(value · 64),
bid cap, S and category. A level tells almost every comparison of the value with a threshold (`threshold_level`):
which seats can open or raise at all, and which opening a seat wishes; the value (a second array, read at random)
is read only on a tie, or to compute a raise limit.

Most hands are silent: no seat's level reaches its opening level, so all pass. They are settled in a tight loop
of their own. Any other hand is played lazily: the first seat from the 主叫 that opens; then, only if a later seat
can raise over that bid, every bidder's raise limit and the auction's steps. An all-pass hand adds its pay-ins to
the pot in one sum when the amounts are whole numbers (exact in any order; `_all_pass_flows`).

Speed asks for a hand loop that passes no array to any function, not even an inline one, and unpacks no tuple of
arrays (each costs reference counting, more than a whole auction), and whose seat loops have a constant length
(SEATS = 4: the engine plays only Baofen's 4-seat table). So three things are written out here rather than called:
the bidders' arithmetic (`bidding.table_opening`, `table_limit`, `heuristic_limit`), the §5.4 auction for
bidders that open or make the smallest raise (`kernels.auction`; here on offers packed in two integers), and the
table ledger's pot flows (`kernels.ledger`: the same operations in the same order, or sums exact in any order).
tests/test_tune_bids.py keeps them equal to the engine: declarer, target and every seat's settlement, hand for
hand, under both presets and house rules that take the other branches (direct deductions, fractional amounts,
the no-bid streak).

`evaluate` runs blocks of tables in parallel (`evaluate_nb`), handed out one at a time to whichever thread is free;
each block sums its tables' totals and writes its row of per-block sums once (each seat's settlement and the
auction statistics of STAT_*); `detail` also keeps each hand's declarer, target and settlements.
"""

from __future__ import annotations

import numpy as np
from numba import parallel_chunksize, prange

from baofen_sim.codes import ALL_PASS_DIRECT_001, NO_BID, NO_SEAT, PASS, POT_END_SPLIT, STREAK_OFF
from baofen_sim.games.baofen.studies.bid_inputs import (
    ROW_CAP,
    ROW_CATEGORY,
    ROW_LEVEL,
    ROW_SCORE,
    SEATS,
    StoredDeals,
    threshold_level,
)
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.ledger import result_settlement, table_first_zhujiao
from baofen_sim.kernels.scoring import result_at_target
from baofen_sim.policies.bidding import BID_STEP, HEURISTIC_BASE_BID, TABLE_OPEN_BIDS
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
NUM_OPEN_BIDS = len(TABLE_OPEN_BIDS)


NO_CEILING = np.iinfo(np.int64).max  # the table bidder's limit has no max_bid


# ----- the evaluator ----------------------------------------------------------------------------------------


@njit(cache=True)
def _bidders(hr, params):
    """Each seat's bidder as plain arrays, read once per block, indexed [主叫, ..., seat] so that a hand reads
    them without a position: table[s] (1: the table bidder, 0: the threshold), opens[z, i, s] its opening
    thresholds, and its limit 85 + 5·⌊(value − base[z, s]) / div[s]⌋ at most ceiling[s] (0 below base): the
    arithmetic of `bidding.table_opening`, `table_limit` and `heuristic_limit`; open_level and base_level: the
    thresholds' levels (`threshold_level`); open_min[z, s]: the level below which the seat cannot open (a table:
    its lowest opening level; a threshold bidder: its base level, below which its limit is 0). largest[f, w]:
    the largest legal opening within the wish TABLE_OPEN_BIDS[w − 1] (w = 0: PASS), cheapest[f] the cheapest
    (NO_CEILING: none), f = 1 for the 主叫, 0 for a seat after passes."""
    table = np.zeros(SEATS, dtype=np.int64)
    opens = np.zeros((SEATS, NUM_OPEN_BIDS, SEATS), dtype=np.float64)
    base = np.zeros((SEATS, SEATS), dtype=np.float64)
    div = np.zeros(SEATS, dtype=np.float64)
    ceiling = np.full(SEATS, NO_CEILING, dtype=np.int64)
    for seat in range(SEATS):
        row = params[seat]
        table[seat] = 1 if row[HEURISTIC_BID_MODE] == BID_MODE_TABLE else 0
        for z in range(SEATS):
            p = (seat - z) % TABLE_POSITIONS
            for i in range(NUM_OPEN_BIDS):
                opens[z, i, seat] = row[HEURISTIC_TABLE_OPEN + i * TABLE_POSITIONS + p]
            base[z, seat] = row[HEURISTIC_TABLE_CONTEST + p] if table[seat] == 1 else row[HEURISTIC_OPEN_THRESHOLD]
        if table[seat] == 1:
            div[seat] = row[HEURISTIC_CONTEST_PER_5]
        else:
            div[seat] = row[HEURISTIC_PER_5_POINTS]
            ceiling[seat] = np.int64(np.floor(row[HEURISTIC_MAX_BID]))
    open_level = np.zeros((SEATS, NUM_OPEN_BIDS, SEATS), dtype=np.int64)
    base_level = np.zeros((SEATS, SEATS), dtype=np.int64)
    open_min = np.zeros((SEATS, SEATS), dtype=np.int64)
    for z in range(SEATS):
        for seat in range(SEATS):
            base_level[z, seat] = threshold_level(base[z, seat])
            for i in range(NUM_OPEN_BIDS):
                open_level[z, i, seat] = threshold_level(opens[z, i, seat])
            open_min[z, seat] = open_level[z, :, seat].min() if table[seat] == 1 else base_level[z, seat]
    largest = np.zeros((2, NUM_OPEN_BIDS + 1), dtype=np.int64)
    cheapest = np.zeros(2, dtype=np.int64)
    for f in range(2):
        for w in range(NUM_OPEN_BIDS + 1):
            largest[f, w] = _opening(hr, f == 1, PASS if w == 0 else TABLE_OPEN_BIDS[w - 1], False)
        count = hr.n_open_values if f == 1 else hr.n_open_values_after_pass
        cheapest[f] = NO_CEILING if count == 0 else (hr.open_values[0] if f == 1 else hr.open_values_after_pass[0])
    return table, opens, open_level, base, base_level, div, ceiling, open_min, largest, cheapest


@njit(cache=True)
def _positions():
    """position_bit[z, s]: the bit 1 << p of seat s, p places after 主叫 z (a set of seats as positions: bit p
    for position p); lowest[m]: the lowest position in the set m > 0."""
    position_bit = np.zeros((SEATS, SEATS), dtype=np.int64)
    for z in range(SEATS):
        for seat in range(SEATS):
            position_bit[z, seat] = 1 << (seat - z if seat >= z else seat - z + SEATS)
    lowest = np.zeros(1 << SEATS, dtype=np.int64)
    for m in range(1, 1 << SEATS):
        while not (m >> lowest[m]) & 1:
            lowest[m] += 1
    return position_bit, lowest


WHOLE_POT_LIMIT = 2.0 ** 52  # whole numbers of pot units below this add exactly in any order
WHOLE_AMOUNT_LIMIT = 2.0 ** 40


@njit(cache=True)
def _all_pass_flows(hr):
    """An all-pass hand's flows (§5.7.1 (1), §5.7.2): pass_out[z, s], seat s's settlement with 主叫 z before any
    split (as the ledger makes it from 0.0), and pot_in[z], the pot's growth, summed once. `one_sum`: adding
    pot_in[z] gives what the ledger's four additions give while the pot stays below WHOLE_POT_LIMIT (no pot,
    or whole amounts and loss multiple, so that the pot is a whole number too)."""
    pot_mode = hr.all_pass_mode != ALL_PASS_DIRECT_001
    pass_out = np.zeros((SEATS, SEATS), dtype=np.float64)
    pot_in = np.zeros(SEATS, dtype=np.float64)
    for z in range(SEATS):
        for seat in range(SEATS):
            if pot_mode:
                amount = hr.zhujiao_amount if seat == z else hr.fujiao_amount
                pass_out[z, seat] = 0.0 - amount * hr.pot_unit_value
                pot_in[z] += amount
            else:
                pass_out[z, seat] = 0.0 + (-hr.direct_amount if seat == z else hr.direct_amount)
    whole = True
    for x in (hr.zhujiao_amount, hr.fujiao_amount, hr.loss_multiple):
        whole = whole and x == np.floor(x) and abs(x) <= WHOLE_AMOUNT_LIMIT
    return pass_out, pot_in, whole or not pot_mode


@njit(cache=True, inline="always")
def _seat_at(zhujiao, position):
    """The seat `position` places after the 主叫."""
    return zhujiao + position if zhujiao + position < SEATS else zhujiao + position - SEATS


@njit(cache=True, inline="always")
def _raise_limit(value, cap, base, div, ceiling):
    """The highest bid a seat with `value` and bid cap `cap` raises to: its limit (`_limit`) within its cap, 0
    for none."""
    return max(0, min(np.int64(cap), _limit(value, base, div, ceiling)))


@njit(cache=True, inline="always")
def _limit(value, base, div, ceiling):
    """The highest bid a seat goes to (bidding.table_limit / heuristic_limit); 0: none."""
    if value >= base:
        return min(HEURISTIC_BASE_BID + BID_STEP * np.int64(np.floor((value - base) / div)), ceiling)
    return 0


@njit(cache=True)
def _opening(hr, first, limit, cheapest):
    """The seat's opening: the cheapest legal opening (threshold bidder) or the largest (table) within `limit`;
    PASS if none. `first`: the 主叫 opens from open_values, a seat after passes from open_values_after_pass."""
    count = hr.n_open_values if first else hr.n_open_values_after_pass
    bid = PASS
    for i in range(count):
        value = hr.open_values[i] if first else hr.open_values_after_pass[i]
        if value > limit:
            break
        bid = value
        if cheapest:
            break
    return bid


# A hand's offers, one 16-bit field per seat (seat 0 lowest), so that the auction takes no array:
#   opens:  | seat 3 opening | seat 2 | seat 1 | seat 0 |   (PASS = 0)
#   raises: | seat 3 highest bid it raises to | ... | seat 0 |   (0..cap: caps are int16)
OFFER_BITS = 16
OFFER_MASK = (1 << OFFER_BITS) - 1


@njit(cache=True, inline="always")
def _auction(opens, raises, zhujiao, step):
    """§5.4 for bidders that open at their `opens` field (or pass) and make the smallest raise while it is at
    most their `raises` field: (declarer or NO_SEAT, high bid, bids made)."""
    high = NO_BID
    high_bidder = NO_SEAT
    passed = 0
    n_passed = 0
    bids = 0
    seat = zhujiao
    while True:
        if high == NO_BID:
            bid = (opens >> (OFFER_BITS * seat)) & OFFER_MASK
        else:
            bid = high + step if high + step <= (raises >> (OFFER_BITS * seat)) & OFFER_MASK else PASS
        if bid == PASS:
            passed |= 1 << seat
            n_passed += 1
        else:
            high = bid
            high_bidder = seat
            bids += 1
        if n_passed == SEATS or (high_bidder != NO_SEAT and n_passed == SEATS - 1):
            return high_bidder, high, bids  # §5.4.3
        seat = seat + 1 if seat + 1 < SEATS else 0
        while (passed >> seat) & 1:
            seat = seat + 1 if seat + 1 < SEATS else 0


@njit(cache=True)
def _tables(hr_array, params, deals, order, first, last, totals, table_totals, stats, detail, detail_declarer,
            detail_target, detail_settle):
    """Tables order[first..last − 1] into totals (float64[N]), table_totals[k] (float64[N] per table order[k])
    and stats (float64[NUM_STATS]), each summed hand by hand in order.

    A hand where no seat's level reaches its opening level (open_min) is an all-pass without an auction: most
    hands, settled in a tight loop of their own (the general path's all-pass settlement, specialised to a pot
    that adds in one sum, the table's sums in scalars). Any other hand takes the general path: the first seat
    from the 主叫 that opens, then, only if a later seat can raise over that bid, every bidder's raise limit
    and the auction (`_auction`); the seats that can open or raise are found from the levels alone, as sets of
    positions (`_positions`). The table state (主叫, pot, no-bid streak) is kept in scalars and settled in the
    order of `kernels.ledger`, so that each hand's settlement is the engine's float for float (the differential
    test checks both paths).

    Speed (module docstring): no array passed to a function, constant-length seat loops, and a silent hands' loop
    of its own (one loop for every hand made silent hands twice as slow, measured)."""
    hr = hr_array[0]
    if hr.num_players != SEATS:
        raise ValueError("the fast evaluator plays 4 seats")
    step = hr.raise_steps[0]
    unit = hr.pot_unit_value
    table, opens, open_level, base, base_level, div, ceiling, open_min, largest, cheapest = _bidders(hr, params)
    position_bit, lowest = _positions()
    pass_out, pot_in, one_sum = _all_pass_flows(hr)
    pot_mode = hr.all_pass_mode != ALL_PASS_DIRECT_001
    splits_at_end = hr.pot_at_table_end == POT_END_SPLIT
    open_bids = np.array(TABLE_OPEN_BIDS, dtype=np.int64)
    values, seat_rows, rest, starts, table_ids = deals.values, deals.seat_rows, deals.rest, deals.starts, \
        deals.table_ids
    has_rest = rest.shape[0] > 1
    out = np.zeros(SEATS, dtype=np.float64)
    table_sum = np.zeros(SEATS, dtype=np.float64)
    block_sum = np.zeros(SEATS, dtype=np.float64)
    hands = all_pass = made = contested = 0
    target_sum = declarer_settle = 0.0
    for k in range(first, last):
        t = order[k]
        for s in range(SEATS):
            table_sum[s] = 0.0
        zhujiao = table_first_zhujiao(hr, table_ids[t])
        pot = 0.0
        streak = 0
        end = starts[t + 1]
        h = starts[t]
        while h < end:
            sum0, sum1, sum2, sum3 = table_sum[0], table_sum[1], table_sum[2], table_sum[3]
            while h < end:  # silent hands, while the pot adds in one sum and the table goes on
                if (seat_rows[h, ROW_LEVEL, 0] >= open_min[zhujiao, 0] or seat_rows[h, ROW_LEVEL, 1]
                        >= open_min[zhujiao, 1] or seat_rows[h, ROW_LEVEL, 2] >= open_min[zhujiao, 2]
                        or seat_rows[h, ROW_LEVEL, 3] >= open_min[zhujiao, 3]):
                    break
                new_pot = pot + pot_in[zhujiao]
                new_streak = streak + 1
                if not one_sum or abs(pot) >= WHOLE_POT_LIMIT or (h == end - 1 and splits_at_end and new_pot > 0):
                    break
                out0, out1, out2, out3 = pass_out[zhujiao, 0], pass_out[zhujiao, 1], pass_out[zhujiao, 2], \
                    pass_out[zhujiao, 3]
                if pot_mode and ((new_pot > 0 and new_pot >= hr.split_threshold)
                                 or (hr.nobid_streak_limit != STREAK_OFF and new_streak >= hr.nobid_streak_limit)):
                    share = new_pot / SEATS * unit  # §5.7.1 (4)
                    out0 += share
                    out1 += share
                    out2 += share
                    out3 += share
                    new_pot = 0.0
                    new_streak = 0
                sum0 += out0
                sum1 += out1
                sum2 += out2
                sum3 += out3
                if detail:
                    detail_declarer[h] = NO_SEAT
                    detail_target[h] = 0
                    detail_settle[h, 0], detail_settle[h, 1], detail_settle[h, 2], detail_settle[h, 3] = \
                        out0, out1, out2, out3
                pot = new_pot
                streak = new_streak
                hands += 1
                all_pass += 1
                zhujiao = zhujiao + 1 if zhujiao + 1 < SEATS else 0
                h += 1
            table_sum[0], table_sum[1], table_sum[2], table_sum[3] = sum0, sum1, sum2, sum3
            if h == end:
                break
            able = 0  # the positions whose level lets them open, and those whose level lets them raise
            may_raise = 0
            for s in range(SEATS):
                level = seat_rows[h, ROW_LEVEL, s]
                able |= position_bit[zhujiao, s] if level >= open_min[zhujiao, s] else 0
                may_raise |= position_bit[zhujiao, s] if level >= base_level[zhujiao, s] else 0
            declarer = NO_SEAT
            high = NO_BID
            bids = 0
            while able != 0:  # §5.4: the first seat from the 主叫 that opens
                p = lowest[able]
                able &= able - 1
                s = _seat_at(zhujiao, p)
                f = 1 if p == 0 else 0
                if table[s] == 1:
                    level = seat_rows[h, ROW_LEVEL, s]
                    w = 0
                    for i in range(NUM_OPEN_BIDS):  # value >= opens[zhujiao, i, s], by the levels unless they tie
                        reaches = level > open_level[zhujiao, i, s]
                        if level == open_level[zhujiao, i, s]:
                            reaches = values[h, s] >= opens[zhujiao, i, s]
                        w = i + 1 if reaches else w  # a select, not a branch: which bid a seat wishes is a coin toss
                    cap = np.int64(seat_rows[h, ROW_CAP, s])
                    if w == 0 or cap >= open_bids[w - 1]:
                        bid = largest[f, w]
                    else:
                        bid = _opening(hr, f == 1, cap, False)
                else:
                    raise_to = _raise_limit(values[h, s], seat_rows[h, ROW_CAP, s], base[zhujiao, s], div[s],
                                            ceiling[s])
                    bid = cheapest[f] if cheapest[f] <= raise_to else PASS
                if bid != PASS:
                    declarer = s
                    high = bid
                    bids = 1
                    break
            if declarer != NO_SEAT:
                first_position = declarer - zhujiao if declarer >= zhujiao else declarer - zhujiao + SEATS
                raised = False
                later = may_raise & ~((2 << first_position) - 1)  # the seats before the opener have passed
                while later != 0:
                    s = _seat_at(zhujiao, lowest[later])
                    later &= later - 1
                    if _raise_limit(values[h, s], seat_rows[h, ROW_CAP, s], base[zhujiao, s], div[s], ceiling[s]) \
                            >= high + step:
                        raised = True
                        break
                if raised:  # a contested auction: every bidder's raise limit, then the steps
                    raises = 0
                    bidders = may_raise & ~((1 << first_position) - 1)
                    while bidders != 0:
                        s = _seat_at(zhujiao, lowest[bidders])
                        bidders &= bidders - 1
                        raises |= _raise_limit(values[h, s], seat_rows[h, ROW_CAP, s], base[zhujiao, s], div[s],
                                               ceiling[s]) << (OFFER_BITS * s)
                    declarer, high, bids = _auction(high << (OFFER_BITS * declarer), raises, zhujiao, step)
            # §5.7 / §6.6 the settlement (kernels.ledger, same operations in the same order)
            hands += 1
            split = False  # §5.7.1 (4) the pot shared by all (ledger._split_pot)
            if declarer == NO_SEAT:
                for s in range(SEATS):
                    out[s] = pass_out[zhujiao, s]
                all_pass += 1
                streak += 1
                if pot_mode:
                    if one_sum and abs(pot) < WHOLE_POT_LIMIT:
                        pot += pot_in[zhujiao]
                    else:  # the ledger's order
                        for s in range(SEATS):
                            pot += hr.zhujiao_amount if s == zhujiao else hr.fujiao_amount
                    split = (pot > 0 and pot >= hr.split_threshold) or (
                        hr.nobid_streak_limit != STREAK_OFF and streak >= hr.nobid_streak_limit)
                if split:
                    for s in range(SEATS):
                        out[s] += pot / SEATS * unit
                    pot = 0.0
                    streak = 0
                zhujiao = zhujiao + 1 if zhujiao + 1 < SEATS else 0
            else:
                for s in range(SEATS):
                    out[s] = 0.0
                streak = 0
                c = seat_rows[h, ROW_CATEGORY, declarer]
                result, won = result_at_target(hr, np.int64(seat_rows[h, ROW_SCORE, declarer]), c, high)
                declarer_change, defender_change = result_settlement(hr, won, c, result)
                for s in range(SEATS):
                    out[s] += declarer_change if s == declarer else defender_change
                if hr.keeps_pot != 0 and pot > 0:
                    if won:
                        out[declarer] += pot * unit
                        pot = 0.0
                    else:
                        paid = pot * hr.loss_multiple
                        out[declarer] -= paid * unit
                        pot += paid
                        split = pot > 0 and pot >= hr.split_threshold
                if split:
                    for s in range(SEATS):
                        out[s] += pot / SEATS * unit
                    pot = 0.0
                if has_rest:
                    for s in range(SEATS):
                        out[s] += rest[h, declarer, s]
                made += 1 if won else 0
                target_sum += high
                declarer_settle += out[declarer]
                contested += 1 if bids > 1 else 0
                zhujiao = declarer if won else (declarer + 1 if declarer + 1 < SEATS else 0)
            if h == end - 1 and splits_at_end and pot > 0:
                for s in range(SEATS):  # A48: the table ends
                    out[s] += pot / SEATS * unit
                pot = 0.0
            for s in range(SEATS):
                table_sum[s] += out[s]
            if detail:
                detail_declarer[h] = declarer
                detail_target[h] = high if declarer != NO_SEAT else 0
                for s in range(SEATS):
                    detail_settle[h, s] = out[s]
            h += 1
        for s in range(SEATS):
            table_totals[k, s] = table_sum[s]
            block_sum[s] += table_sum[s]
    for s in range(SEATS):
        totals[s] = block_sum[s]
    stats[STAT_HANDS] = hands
    stats[STAT_ALL_PASS] = all_pass
    stats[STAT_MADE] = made
    stats[STAT_TARGET] = target_sum
    stats[STAT_DECLARER_SETTLE] = declarer_settle
    stats[STAT_CONTESTED] = contested


@njit(cache=True, parallel=True)
def evaluate_nb(hr_array, params, deals, order, totals, table_totals, stats, detail, detail_declarer, detail_target,
                detail_settle):
    """The tables order[0], order[1], ... of `deals` (StoredDeals with the bidders of `params`; all tables:
    np.arange), TABLES_PER_BLOCK a block: totals[b, seat] and stats[b, STAT_*] per block b,
    table_totals[k, seat] per table order[k]. Each block sums in its own scalars and writes its rows once.
    Call it through `evaluate`, which hands the blocks out one at a time."""
    n_tables = order.shape[0]
    for b in prange(totals.shape[0]):
        first = b * TABLES_PER_BLOCK
        last = min(n_tables, first + TABLES_PER_BLOCK)
        _tables(hr_array, params, deals, order, first, last, totals[b], table_totals, stats[b], detail,
                detail_declarer, detail_target, detail_settle)


def evaluate(hr_array: np.ndarray, params: np.ndarray, deals: StoredDeals, order: np.ndarray, totals: np.ndarray,
             table_totals: np.ndarray, stats: np.ndarray, detail: bool = False,
             detail_declarer: np.ndarray | None = None, detail_target: np.ndarray | None = None,
             detail_settle: np.ndarray | None = None) -> None:
    """`evaluate_nb` with its blocks handed out one at a time (a chunk size of 1): a thread that finishes early,
    or was slowed by the machine, takes the next block instead of waiting on a fixed half (measured on 2 threads:
    median 7.2 ms instead of 10.2). The blocks write separate rows, so the result does not depend on who ran
    which. Without `detail`, the per-hand arrays may be omitted."""
    if not detail:
        detail_declarer, detail_target, detail_settle = NO_DETAIL
    with parallel_chunksize(1):
        evaluate_nb(hr_array, params, deals, order, totals, table_totals, stats, detail, detail_declarer,
                    detail_target, detail_settle)


NO_DETAIL = (np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64), np.zeros((1, SEATS), dtype=np.float64))
