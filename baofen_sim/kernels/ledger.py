"""A Baofen table's ledger across hands in Numba: 主叫 rotation, the 水草 pot, settlement (RULES.md §5.7,
§5.9, §6.6, §6.7, §4.5, A17–A19). The port of `reference.table.TableLedger`; a differential test keeps the
two equal, float for float (the arithmetic below is done in the reference's order).

Table state: one `float64[LEDGER_STATE_SIZE_BASE + N]` array per table::

    index               meaning
    LG_ZHUJIAO          this hand's 主叫 (a seat, stored as a float)
    LG_POT              the 水草 pot, in pot units (shares or points, see hand rules' pot_unit_value)
    LG_NOBID_STREAK     consecutive all-pass hands since the last split or declared hand (A17)
    LG_CUMULATIVE + i   seat i's running total in settlement units (stakes 底注, or 积分 under S001)

Each settle function writes this hand's per-seat change (settlement units, pot flows included) into
`out_settlement` (float64[N]) and its 水草 part alone (pay-ins, the pot taken, split shares) into `out_pot`
(float64[N]; the rest is the stakes part), updates the state (next 主叫, pot, streak, cumulative) and returns the pot
after the hand. The pot is split (shared by all N seats) right after every payment into it that brings
it to `split_threshold`; after an all-pass hand that did not reach it, the optional no-bid streak
trigger is checked (see the reference module docstring).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import (
    ALL_PASS_DIRECT_001,
    LEDGER_STATE_SIZE_BASE,
    LG_CUMULATIVE,
    LG_NOBID_STREAK,
    LG_POT,
    LG_ZHUJIAO,
    PENALTY_THROWER_CUMULATIVE_PER_CARD,
    POT_END_SPLIT,
    RECIPIENT_OPPONENTS_SPLIT,
    SETTLE_CUMULATIVE_001,
    STREAK_OFF,
)
from baofen_sim.kernels.jit import njit


@njit(cache=True)
def table_first_zhujiao(hr, table):
    """Table `table`'s first 主叫: `first_zhujiao` (§5.2, seat 0), rotated by the table index (A48)."""
    if hr.table_start_rotation != 0:
        return (hr.first_zhujiao + table) % hr.num_players
    return hr.first_zhujiao


@njit(cache=True)
def ledger_start(hr, state, table):
    """A new table: its first 主叫, empty pot, zero totals (DESIGN §5)."""
    state[:] = 0.0
    state[LG_ZHUJIAO] = table_first_zhujiao(hr, table)


@njit(cache=True)
def settle_table_end(hr, state, out_settlement, out_pot):
    """After a table's last hand (A48): with POT_END_SPLIT a non-empty pot is shared equally among the
    players (as at §5.7.1 (4)), the shares added to `out_settlement` and `out_pot`. Returns the pot units
    shared."""
    pot = state[LG_POT]
    if hr.pot_at_table_end != POT_END_SPLIT or pot <= 0:
        return 0.0
    _split_pot(hr, state, out_settlement, out_pot)
    for seat in range(hr.num_players):  # the table's running totals take the shares too
        state[LG_CUMULATIVE + seat] += pot / hr.num_players * hr.pot_unit_value
    return pot


@njit(cache=True)
def ledger_zhujiao(state):
    """The current 主叫 as an int."""
    return np.int64(state[LG_ZHUJIAO])


# ----- pot movements (amounts in pot units) ------------------------------------------------------------


@njit(cache=True)
def _pay_in(hr, state, out, out_pot, seat, amount):
    """Seat pays `amount` pot units into the pot."""
    out[seat] -= amount * hr.pot_unit_value
    out_pot[seat] -= amount * hr.pot_unit_value
    state[LG_POT] += amount


@njit(cache=True)
def _split_pot(hr, state, out, out_pot):
    """§5.7.1 (4) / §5.7.3: the pot is shared equally by all players; the no-bid streak restarts (A17)."""
    share = state[LG_POT] / hr.num_players
    for seat in range(hr.num_players):
        out[seat] += share * hr.pot_unit_value
        out_pot[seat] += share * hr.pot_unit_value
    state[LG_POT] = 0.0
    state[LG_NOBID_STREAK] = 0.0


@njit(cache=True)
def _split_if_threshold(hr, state, out, out_pot):
    """Checked right after every payment into the pot ("达到或超过五十份" / "累積為400分"); True if split."""
    if state[LG_POT] > 0 and state[LG_POT] >= hr.split_threshold:
        _split_pot(hr, state, out, out_pot)
        return True
    return False


@njit(cache=True)
def _finish(hr, state, out, next_zhujiao):
    for seat in range(hr.num_players):
        state[LG_CUMULATIVE + seat] += out[seat]
    state[LG_ZHUJIAO] = next_zhujiao
    return state[LG_POT]


# ----- hands -----------------------------------------------------------------------------------------------


@njit(cache=True)
def settle_all_pass(state, hr, out_settlement, out_pot):
    """Settle an all-pass hand (§5.7); the 主叫 passes to his 下家 (§5.7.4). Returns the pot after it."""
    n = hr.num_players
    zhujiao = np.int64(state[LG_ZHUJIAO])
    out_settlement[:] = 0.0
    out_pot[:] = 0.0
    state[LG_NOBID_STREAK] += 1.0
    if hr.all_pass_mode == ALL_PASS_DIRECT_001:
        # §5.7.2, literally (A18, A19): the 主叫 loses X, each other player gains X (not zero-sum).
        for seat in range(n):
            out_settlement[seat] += -hr.direct_amount if seat == zhujiao else hr.direct_amount
    else:
        # §5.7.1 (1) / §5.7.3: the 主叫 pays 2 shares (40), each 副叫 1 share (20); one threshold check.
        for seat in range(n):
            amount = hr.zhujiao_amount if seat == zhujiao else hr.fujiao_amount
            _pay_in(hr, state, out_settlement, out_pot, seat, amount)
        split = _split_if_threshold(hr, state, out_settlement, out_pot)
        limit = hr.nobid_streak_limit
        if not split and limit != STREAK_OFF and state[LG_NOBID_STREAK] >= limit:
            _split_pot(hr, state, out_settlement, out_pot)  # A17: the optional "第5局" trigger
    return _finish(hr, state, out_settlement, (zhujiao + 1) % n)


@njit(cache=True)
def result_settlement(hr, declarer_won, category, result):
    """(declarer's change, each defender's change) for the hand's result alone, before pot flows and S001
    throw penalties (§6.6 stakes, §6.7 cumulative)."""
    if hr.settlement_mode == SETTLE_CUMULATIVE_001:
        return float(result), float(-result)  # §6.7 / A19: declarer += R, each defender −= R (not zero-sum)
    # §6.6: only the category and the sign count.
    sign = 1.0 if declarer_won else -1.0
    unit = hr.base_stake * hr.stake_multipliers[category]
    return sign * hr.stake_declarer_factor * unit, -sign * unit


@njit(cache=True)
def _settle_result(hr, out, declarer, declarer_won, category, result):
    declarer_change, defender_change = result_settlement(hr, declarer_won, category, result)
    for seat in range(hr.num_players):
        out[seat] += declarer_change if seat == declarer else defender_change


@njit(cache=True)
def _settle_pot(hr, state, out, out_pot, declarer, declarer_won):
    if hr.keeps_pot == 0 or state[LG_POT] <= 0:
        return  # §5.7.1 (2): only "while the pot is not empty"
    if declarer_won:
        out[declarer] += state[LG_POT] * hr.pot_unit_value  # §5.7.1 (3): he takes the whole pot
        out_pot[declarer] += state[LG_POT] * hr.pot_unit_value
        state[LG_POT] = 0.0
    else:
        # §5.7.1 (2): a losing declarer pays the pot × loss multiple, which nobody receives; then the check.
        _pay_in(hr, state, out, out_pot, declarer, state[LG_POT] * hr.loss_multiple)
        _split_if_threshold(hr, state, out, out_pot)


@njit(cache=True)
def _settle_throw_penalties(hr, out, declarer, throw_seats, throw_cards, n_throws):
    """§4.5 S001: amount × cards from the thrower's account; recipient none or the opponents, split."""
    if hr.penalty_kind != PENALTY_THROWER_CUMULATIVE_PER_CARD:
        return
    n = hr.num_players
    for i in range(n_throws):
        thrower = throw_seats[i]
        penalty = float(hr.penalty_amount * throw_cards[i])
        out[thrower] -= penalty
        if hr.penalty_recipient == RECIPIENT_OPPONENTS_SPLIT:
            if thrower == declarer:  # the defenders share it
                for seat in range(n):
                    if seat != declarer:
                        out[seat] += penalty / (n - 1)
            else:  # the declarer alone
                out[declarer] += penalty / 1


@njit(cache=True)
def settle_declared(state, hr, declarer, declarer_won, category, result, throw_seats, throw_cards, n_throws,
                    out_settlement, out_pot):
    """Settle a hand with a declarer (§6.6 or §6.7, §5.7 pot flows, §4.5 S001 throw penalties).

    `declarer_won`, `category` (CAT_*) and `result` (R) come from `scoring.score_hand`. The failed throws
    are `throw_seats[i]` (thrower) and `throw_cards[i]` (cards counted by `scoring.counted_throw_cards`)
    for i < n_throws; only thrower_cumulative_per_card charges them here (S000 Pen is inside the score).
    §5.9: a winning declarer stays 主叫, otherwise his 下家 is next. Returns the pot after the hand.
    """
    out_settlement[:] = 0.0
    out_pot[:] = 0.0
    state[LG_NOBID_STREAK] = 0.0  # A17: a declared hand ends the no-bid streak
    _settle_result(hr, out_settlement, declarer, declarer_won, category, result)
    _settle_pot(hr, state, out_settlement, out_pot, declarer, declarer_won)
    _settle_throw_penalties(hr, out_settlement, declarer, throw_seats, throw_cards, n_throws)
    next_zhujiao = declarer if declarer_won else (declarer + 1) % hr.num_players
    return _finish(hr, state, out_settlement, next_zhujiao)


def new_ledger_state(hr, table: int = 0) -> np.ndarray:
    """A fresh state array for table `table` under `hr` (Python helper): its first 主叫, empty pot, zero
    totals."""
    state = np.zeros(LEDGER_STATE_SIZE_BASE + hr.num_players, dtype=np.float64)
    ledger_start(hr, state, table)
    return state
