"""The reference table ledger: 主叫 rotation, 水草 pot, settlement (RULES.md §5.7, §5.9, §6.6, §6.7; C37, C38,
C61)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baofen_sim.games.baofen.reference.scoring import HandScore, score_hand
from baofen_sim.games.baofen.reference.table import HandSettlement, TableLedger
from baofen_sim.rules import preset

PRESETS = ["baofen", "baofen-001"]


def win(name: str) -> HandScore:
    return score_hand(preset(name), 120, 135, 50, 0, 20, 0)  # C39: R = +65


def loss(name: str) -> HandScore:
    return score_hand(preset(name), 100, 110, 0, 0, 0, 0)  # C40: R = −90


def zero_sum(table: TableLedger, hand: HandSettlement) -> float:
    return sum(hand.settlement) + (hand.pot_after - hand.pot_before) * table.pot_unit_value()


# ----- C37 S000 shares ------------------------------------------------------------------------------


def test_c37_hand1_all_pass_fills_pot_with_5_shares():
    table = TableLedger(preset("baofen"))
    hand = table.all_pass()
    assert hand.settlement == (-2.0, -1.0, -1.0, -1.0)
    assert (hand.pot_before, hand.pot_after, hand.pot_paid_in, hand.split) == (0, 5, 5, False)
    assert hand.next_zhujiao == 1 and table.zhujiao == 1


def test_c37_hand2_losing_declarer_doubles_the_pot():
    table = TableLedger(preset("baofen"))
    table.all_pass()
    hand = table.declared(1, loss("baofen"))
    # Normal loss −3b / +1b each, and 5 more shares into the pot, which nobody receives.
    assert hand.settlement == (1.0, -8.0, 1.0, 1.0)
    assert (hand.pot_before, hand.pot_after, hand.pot_paid_in, hand.pot_paid_out) == (5, 10, 5, 0)
    assert zero_sum(table, hand) == 0


def test_c37_hand2_all_pass_instead():
    table = TableLedger(preset("baofen"))
    table.all_pass()
    hand = table.all_pass()
    assert hand.settlement == (-1.0, -2.0, -1.0, -1.0)  # seat 1 is now the 主叫
    assert hand.pot_after == 10


def c37_after_hand2() -> TableLedger:
    """Hand 1 all-pass, hand 2 a losing declarer (seat 1): pot 10, seat 2 is 主叫."""
    table = TableLedger(preset("baofen"))
    table.all_pass()
    table.declared(1, loss("baofen"))
    return table


def test_c37_hand3_losing_declarer_pays_10():
    table = c37_after_hand2()
    assert table.zhujiao == 2 and table.pot == 10
    hand = table.declared(2, loss("baofen"))
    assert hand.pot_paid_in == 10 and hand.pot_after == 20


def test_c37_hand3_all_pass_instead_adds_5():
    assert c37_after_hand2().all_pass().pot_after == 15


def test_c37_winning_declarer_takes_the_whole_pot():
    table = TableLedger(preset("baofen"))
    table.all_pass()
    table.all_pass()
    hand = table.declared(3, win("baofen"))
    assert hand.settlement == (-1.0, -1.0, -1.0, 13.0)  # +3b and the 10 shares
    assert (hand.pot_after, hand.pot_paid_out, hand.split) == (0, 10, False)
    assert table.pot == 0 and table.zhujiao == 3


def test_c37_pot_splits_four_ways_at_50_shares():
    table = TableLedger(preset("baofen"))
    hands = [table.all_pass() for _ in range(10)]
    assert [h.pot_after for h in hands[:9]] == [5, 10, 15, 20, 25, 30, 35, 40, 45]
    last = hands[9]
    assert last.split and last.pot_after == 0 and last.pot_paid_out == 50
    # This hand's 主叫 (seat 1) paid 2, the others 1; each receives 12.5.
    assert last.settlement == (11.5, 10.5, 11.5, 11.5)
    # Seats 0 and 1 were 主叫 three times (paid 13), seats 2 and 3 twice (paid 12); each got 12.5 back.
    assert table.cumulative == [-0.5, -0.5, 0.5, 0.5]


# ----- C38 S001 points ------------------------------------------------------------------------------


def test_c38_all_pass_40_and_20():
    table = TableLedger(preset("baofen-001"))
    hand = table.all_pass()
    assert hand.settlement == (-40.0, -20.0, -20.0, -20.0)
    assert hand.pot_after == 100 and table.cumulative == [-40.0, -20.0, -20.0, -20.0]


def test_c38_losing_declarers_double_the_pot_until_the_400_split():
    table = TableLedger(preset("baofen-001"))
    table.all_pass()
    hand2 = table.declared(1, loss("baofen-001"))
    assert hand2.settlement == (90.0, -190.0, 90.0, 90.0)  # R = −90, plus 100 into the pot
    assert hand2.pot_after == 200
    hand3 = table.declared(2, loss("baofen-001"))
    assert hand3.pot_paid_in == 200 and hand3.split
    assert (hand3.pot_after, hand3.pot_paid_out) == (0, 400)
    # Each player gets +100 from the split on top of R: declarer −90 − 200 + 100, defenders +90 + 100.
    assert hand3.settlement == (190.0, 190.0, -190.0, 190.0)


def test_c38_four_all_pass_hands_reach_400_and_split():
    table = TableLedger(preset("baofen-001"))
    hands = [table.all_pass() for _ in range(4)]
    assert [h.pot_after for h in hands] == [100, 200, 300, 0]
    assert [h.split for h in hands] == [False, False, False, True]
    assert hands[3].pot_paid_out == 400
    assert table.cumulative == [0.0, 0.0, 0.0, 0.0]


# ----- C61 rotation --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_c61_zhujiao_rotation(name):
    table = TableLedger(preset(name))
    assert table.zhujiao == 0
    assert table.all_pass().next_zhujiao == 1
    assert table.zhujiao == 1
    hand2 = table.declared(3, win(name))
    assert hand2.zhujiao == 1 and hand2.next_zhujiao == 3
    hand3 = table.declared(3, loss(name))
    assert hand3.zhujiao == 3 and hand3.next_zhujiao == 0
    assert table.zhujiao == 0


# ----- other all-pass modes and options ------------------------------------------------------------


def test_direct_001_zhujiao_loses_x_others_gain_x():
    rules = preset("baofen-001").replace(all_pass_mode="direct_001", direct_deduction_amount=30)
    table = TableLedger(rules)
    hand = table.all_pass()
    assert hand.settlement == (-30.0, 30.0, 30.0, 30.0)
    assert (hand.pot_before, hand.pot_after) == (0, 0) and hand.next_zhujiao == 1
    # No pot: a later declarer neither takes nor feeds one.
    assert table.declared(1, loss("baofen-001")).pot_after == 0


def test_a17_nobid_streak_split_when_configured():
    rules = preset("baofen-001").replace(shuicao_split_threshold=10_000, shuicao_split_after_nobid_streak=3)
    table = TableLedger(rules)
    hands = [table.all_pass() for _ in range(3)]
    assert [h.split for h in hands] == [False, False, True]
    assert table.pot == 0 and table.nobid_streak == 0


def test_a17_nobid_streak_restarts_at_a_threshold_split():
    rules = preset("baofen-001").replace(shuicao_split_after_nobid_streak=5)
    table = TableLedger(rules)
    hands = [table.all_pass() for _ in range(5)]
    assert [h.split for h in hands] == [False, False, False, True, False]  # 400 at hand 4; hand 5 is 1st
    assert table.pot == 100 and table.nobid_streak == 1


def test_a17_declared_hand_ends_the_nobid_streak():
    rules = preset("baofen-001").replace(shuicao_split_threshold=10_000, shuicao_split_after_nobid_streak=3)
    table = TableLedger(rules)
    table.all_pass()
    table.all_pass()
    table.declared(2, loss("baofen-001"))
    assert table.nobid_streak == 0
    assert not table.all_pass().split


def test_share_value_and_base_stake_convert_shares_to_stakes():
    rules = preset("baofen").replace(base_stake=2, shuicao_share_value=1.5)
    table = TableLedger(rules)
    hand = table.all_pass()
    assert hand.pot_after == 5  # still in shares
    assert hand.settlement == (-6.0, -3.0, -3.0, -3.0)
    hand2 = table.declared(1, win("baofen"))
    assert hand2.settlement == (-2.0, 6.0 + 15.0, -2.0, -2.0)


def test_s001_throw_penalty_from_the_thrower_to_nobody():
    table = TableLedger(preset("baofen-001"))
    hand = table.declared(0, win("baofen-001"), failed_throws=[(2, 3), (0, 2)])
    assert hand.settlement == (65.0 - 6.0, -65.0, -65.0 - 9.0, -65.0)


def test_s001_throw_penalty_split_among_opponents():
    rules = preset("baofen-001").replace(failed_throw_penalty_recipient="opponents_split")
    table = TableLedger(rules)
    hand = table.declared(0, win("baofen-001"), failed_throws=[(2, 3), (0, 3)])
    # Seat 2 (defender) pays 9 to the declarer; the declarer pays 9, 3 to each defender.
    assert hand.settlement == (65.0 + 9.0 - 9.0, -65.0 + 3.0, -65.0 - 9.0 + 3.0, -65.0 + 3.0)


def test_s000_failed_throws_are_not_charged_by_the_table():
    table = TableLedger(preset("baofen"))
    hand = table.declared(0, win("baofen"), failed_throws=[(2, 3)])
    assert hand.settlement == (3.0, -1.0, -1.0, -1.0)


# ----- threshold exactness ---------------------------------------------------------------------------


@pytest.mark.parametrize("threshold,splits", [(20, True), (21, False)])
def test_losing_declarer_split_exactly_at_threshold(threshold, splits):
    rules = preset("baofen").replace(shuicao_split_threshold=threshold)
    table = TableLedger(rules)
    table.all_pass()
    table.all_pass()  # pot 10
    hand = table.declared(2, loss("baofen"))  # pays 10 → pot 20
    assert hand.pot_paid_in == 10 and hand.split is splits
    assert hand.pot_after == (0 if splits else 20)
    assert zero_sum(table, hand) == 0


@pytest.mark.parametrize("threshold,splits", [(15, True), (16, False)])
def test_all_pass_split_exactly_at_threshold(threshold, splits):
    rules = preset("baofen").replace(shuicao_split_threshold=threshold)
    table = TableLedger(rules)
    hands = [table.all_pass() for _ in range(3)]  # pot 5, 10, 15
    assert hands[2].split is splits
    assert not hands[0].split and not hands[1].split


# ----- properties ------------------------------------------------------------------------------------


@st.composite
def hand_outcomes(draw):
    """None = all-pass, else (declarer, HandScore inputs) consistent with §6.1."""
    if draw(st.booleans()):
        return None
    declarer = draw(st.integers(0, 3))
    target = draw(st.sampled_from(range(85, 255, 5)))
    k = draw(st.sampled_from(range(0, 85, 5)))
    c = draw(st.sampled_from(range(0, 200 - k + 5, 5)))
    w_kitty = draw(st.sampled_from(range(0, min(k, 50) + 5, 5)))
    w = draw(st.sampled_from(range(0, min(c, 50 - w_kitty) + 5, 5)))
    pen = draw(st.sampled_from([-15, -10, 0, 10, 20]))
    return declarer, (target, c, w, w_kitty, k, pen)


def expected_split(rules, pot_before: float, outcome, hand: HandSettlement) -> bool:
    """§5.7.1 (4): a split happens iff a payment into the pot brings it to the threshold."""
    if outcome is None:
        return pot_before + 5 >= rules.shuicao_split_threshold
    if pot_before > 0 and hand.next_zhujiao != outcome[0]:  # the declarer lost and paid in
        return pot_before * (1 + rules.shuicao_loss_multiple) >= rules.shuicao_split_threshold
    return False


@settings(max_examples=200, deadline=None)
@given(outcomes=st.lists(hand_outcomes(), min_size=1, max_size=40),
       threshold=st.sampled_from([5, 12, 20, 50]), base=st.sampled_from([1, 2, 0.5]),
       share=st.sampled_from([1, 3]), multiple=st.sampled_from([1, 2]))
def test_stakes_settlement_plus_pot_change_is_zero_sum(outcomes, threshold, base, share, multiple):
    rules = preset("baofen").replace(shuicao_split_threshold=threshold, base_stake=base,
                    shuicao_share_value=share, shuicao_loss_multiple=multiple)
    table = TableLedger(rules)
    for outcome in outcomes:
        pot_before = table.pot
        if outcome is None:
            hand = table.all_pass()
        else:
            declarer, args = outcome
            hand = table.declared(declarer, score_hand(rules, *args), [])
        assert hand.pot_before == pot_before
        assert math.isclose(zero_sum(table, hand), 0, abs_tol=1e-9)
        assert hand.pot_after == pytest.approx(hand.pot_before + hand.pot_paid_in - hand.pot_paid_out)
        # The pot never rests at or above the threshold: it is split as soon as it gets there.
        assert 0 <= hand.pot_after < threshold
        assert hand.split == expected_split(rules, pot_before, outcome, hand)
        if hand.split:
            assert hand.pot_after == 0 and hand.pot_paid_out == hand.pot_before + hand.pot_paid_in
    assert math.isclose(sum(table.cumulative) + table.pot * table.pot_unit_value(), 0, abs_tol=1e-9)


@settings(max_examples=200, deadline=None)
@given(n_all_pass=st.integers(1, 30))
def test_pot_splits_exactly_when_it_reaches_the_threshold(n_all_pass):
    table = TableLedger(preset("baofen"))
    pot = 0
    for _ in range(n_all_pass):
        hand = table.all_pass()
        pot += 5
        assert hand.split == (pot >= 50)
        if pot >= 50:
            pot = 0
        assert hand.pot_after == pot


# ----- A48 simulated tables ---------------------------------------------------------------------------


def test_a48_tables_start_in_rotation():
    rules = preset("baofen")
    assert [TableLedger(rules, table).zhujiao for table in range(6)] == [0, 1, 2, 3, 0, 1]
    fixed = rules.replace(table_start_rotation=False)
    assert [TableLedger(fixed, table).zhujiao for table in range(6)] == [0] * 6


def test_a48_a_pot_left_at_the_end_is_split_or_left():
    table = TableLedger(preset("baofen"))
    table.all_pass()  # 5 shares in the pot
    assert table.end_table() == (5.0, (1.25, 1.25, 1.25, 1.25))
    assert table.pot == 0 and sum(table.cumulative) == 0
    assert table.end_table() == (0.0, (0.0, 0.0, 0.0, 0.0))
    left = TableLedger(preset("baofen").replace(pot_at_table_end="unsettled"))
    left.all_pass()
    assert left.end_table() == (0.0, (0.0, 0.0, 0.0, 0.0)) and left.pot == 5
