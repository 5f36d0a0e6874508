"""The Numba scoring and table-ledger kernels against the reference (RULES.md §6, §5.7, §5.9, §4.5;
A11–A19, A41; cases C37–C47, C61)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baofen_sim.codes import CAT_BANJI, CAT_JINTAIYANG, CAT_NORMAL, CAT_QUANJI, CATEGORY_LABELS
from baofen_sim.games.baofen.reference.scoring import failed_throw_penalty, score_hand
from baofen_sim.games.baofen.reference.table import TableLedger
from baofen_sim.kernels import ledger as kl
from baofen_sim.kernels import scoring as ks
from baofen_sim.materialize import hand_rules
from baofen_sim.reference.throws import counted_throw_cards
from baofen_sim.rules import RuleSet, preset

PRESETS = ["baofen", "baofen-001"]
MAX_THROWS = 8


def kscore(rules_or_hr, target, c, w, w_kitty, k, pen=0, last=False):
    """The kernel score as (S, R, category name, won, adjustment)."""
    hr = hand_rules(rules_or_hr) if isinstance(rules_or_hr, RuleSet) else rules_or_hr
    s, r, category, won, adjustment = ks.score_hand(hr, target, c, w, w_kitty, k, pen, last)
    return int(s), int(r), CATEGORY_LABELS[category], bool(won), int(adjustment)


def ref_score(rules, target, c, w, w_kitty, k, pen=0, last=False):
    score = score_hand(rules, target, c, w, w_kitty, k, pen, last)
    return score.score, score.result, score.category, score.declarer_won, score.wangfen_adjustment


class KernelTable:
    """The kernel ledger behind the reference's vocabulary."""

    def __init__(self, rules):
        self.hr = hand_rules(rules)
        self.state = kl.new_ledger_state(self.hr)
        self.out = np.zeros(self.hr.num_players, dtype=np.float64)
        self.pot_flow = np.zeros(self.hr.num_players, dtype=np.float64)  # the 水草 part of `out`
        self.seats = np.zeros(MAX_THROWS, dtype=np.int64)
        self.cards = np.zeros(MAX_THROWS, dtype=np.int64)

    @property
    def zhujiao(self) -> int:
        return int(kl.ledger_zhujiao(self.state))

    @property
    def pot(self) -> float:
        return float(self.state[kl.LG_POT])

    @property
    def cumulative(self) -> list[float]:
        return self.state[kl.LG_CUMULATIVE:].tolist()

    def all_pass(self) -> tuple[tuple[float, ...], float, int]:
        pot_after = kl.settle_all_pass(self.state, self.hr, self.out, self.pot_flow)
        return tuple(self.out.tolist()), float(pot_after), self.zhujiao

    def declared(self, declarer: int, target, c, w, w_kitty, k, last=False,
                 throws: list[tuple[int, int, int]] = ()) -> tuple[tuple[float, ...], float, int]:
        """`throws` = (thrower, attempted cards, failing-unit cards) of each failed throw."""
        n = len(throws)
        for i, (seat, attempted, failing) in enumerate(throws):
            self.seats[i] = seat
            self.cards[i] = ks.counted_throw_cards(self.hr, attempted, failing)
        pen = ks.penalty_points(self.hr, declarer, self.seats, self.cards, n)
        _, result, category, won, _ = ks.score_hand(self.hr, target, c, w, w_kitty, k, pen, last)
        pot_after = kl.settle_declared(self.state, self.hr, declarer, won, category, result, self.seats, self.cards,
                                       n, self.out, self.pot_flow)
        return tuple(self.out.tolist()), float(pot_after), self.zhujiao


@pytest.fixture(scope="session", autouse=True)
def compiled():
    """Compile the scoring and ledger kernels once for the session (cached on disk afterwards)."""
    table = KernelTable(preset("baofen"))
    table.all_pass()
    table.declared(0, 120, 135, 50, 0, 20, throws=[(1, 2, 1)])
    ks.score_ledger(table.hr, CAT_NORMAL, 5)
    return table


# ----- C39–C47 through the kernels ----------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_c39_full_wangfen_adds_50_and_declarer_wins(name):
    assert kscore(preset(name), 120, 135, 50, 0, 20) == (185, 65, "normal", True, 50)
    settlement, _, next_zhujiao = KernelTable(preset(name)).declared(2, 120, 135, 50, 0, 20)
    expected = (-1.0, -1.0, 3.0, -1.0) if name == "baofen" else (-65.0, -65.0, 65.0, -65.0)
    assert settlement == expected and next_zhujiao == 2


@pytest.mark.parametrize("name", PRESETS)
def test_c40_no_wangfen_subtracts_100_and_declarer_loses(name):
    assert kscore(preset(name), 100, 110, 0, 0, 0) == (10, -90, "normal", False, -100)
    settlement, _, next_zhujiao = KernelTable(preset(name)).declared(2, 100, 110, 0, 0, 0)
    expected = (1.0, 1.0, -3.0, 1.0) if name == "baofen" else (90.0, 90.0, -90.0, 90.0)
    assert settlement == expected and next_zhujiao == 3


@pytest.mark.parametrize("name", PRESETS)
def test_c41_result_zero_is_a_win(name):
    assert kscore(preset(name), 95, 95, 30, 0, 0) == (95, 0, "normal", True, 0)
    assert KernelTable(preset(name)).declared(1, 95, 95, 30, 0, 0)[2] == 1  # he stays 主叫


def test_a11_result_zero_is_a_loss_when_configured():
    rules = preset("baofen").replace(zero_result_is_win=False)
    assert kscore(rules, 95, 95, 30, 0, 0)[3] is False


@pytest.mark.parametrize("name", PRESETS)
def test_c42_quanji(name):
    assert kscore(preset(name), 150, 200, 50, 0, 0)[1:4] == (500, "quanji", True)
    settlement = KernelTable(preset(name)).declared(0, 150, 200, 50, 0, 0)[0]
    assert settlement == ((12.0, -4.0, -4.0, -4.0) if name == "baofen" else (500.0, -500.0, -500.0, -500.0))


@pytest.mark.parametrize("name", PRESETS)
def test_c43_banji_is_a_win_even_at_target_250(name):
    assert kscore(preset(name), 250, 185, 50, 0, 15)[1:4] == (250, "banji", True)
    settlement = KernelTable(preset(name)).declared(0, 250, 185, 50, 0, 15)[0]
    assert settlement == ((6.0, -2.0, -2.0, -2.0) if name == "baofen" else (250.0, -250.0, -250.0, -250.0))


@pytest.mark.parametrize("name", PRESETS)
def test_c44_jintaiyang(name):
    hr = hand_rules(preset(name))
    score, result, category, won, _ = ks.score_hand(hr, 100, 0, 0, 0, 0, 0, False)
    assert (category, won) == (CAT_JINTAIYANG, False)
    if name == "baofen":
        assert ks.score_ledger(hr, category, result) == (-1500.0, 500.0)
        assert KernelTable(preset(name)).declared(0, 100, 0, 0, 0, 0)[0] == (-12.0, 4.0, 4.0, 4.0)
    else:
        assert result == -500
        assert KernelTable(preset(name)).declared(0, 100, 0, 0, 0, 0)[0] == (-500.0, 500.0, 500.0, 500.0)


def test_c45_defender_failed_throw_adds_to_declarer_points():
    table = KernelTable(preset("baofen"))
    settlement, _, next_zhujiao = table.declared(0, 95, 90, 20, 0, 0, throws=[(1, 2, 1)])  # S = 100, R = +5
    assert next_zhujiao == 0 and settlement[0] == 3.0
    hr = table.hr
    assert kscore(hr, 95, 90, 20, 0, 0, pen=ks.failed_throw_penalty(hr, False, 2)) == (100, 5, "normal", True, 0)


def test_c45_declarer_failed_throw_subtracts_from_declarer_points():
    hr = hand_rules(preset("baofen"))
    pen = ks.failed_throw_penalty(hr, True, 3)
    assert pen == -15
    assert kscore(hr, 95, 90, 20, 0, 0, pen=pen)[:2] == (75, -20)


def test_a41_score_may_go_negative():
    hr = hand_rules(preset("baofen"))
    assert kscore(hr, 85, 5, 5, 0, 0, pen=-20)[:2] == (-15, -100)


@pytest.mark.parametrize("name", PRESETS)
def test_c46_kitty_counts_for_nobody(name):
    assert kscore(preset(name), 100, 150, 25, 0, 20)[0] == 150


def test_a15_kitty_owner_alternatives():
    declarer = preset("baofen").replace(kitty_points_owner="declarer")
    last = preset("baofen").replace(kitty_points_owner="declarer_if_last_trick")
    assert kscore(declarer, 100, 150, 25, 0, 20)[0] == 170
    assert kscore(last, 100, 150, 25, 0, 20, last=False)[0] == 150
    assert kscore(last, 100, 150, 25, 0, 20, last=True)[0] == 170


@pytest.mark.parametrize("name", PRESETS)
def test_c47_wangfen_scope_all_50_vs_played_only(name):
    assert kscore(preset(name), 100, 120, 40, 10, 10)[4] == 0
    assert kscore(preset(name).replace(wangfen_scope="played_only"), 100, 120, 40, 10, 10)[4] == 50


def test_category_codes_follow_the_names():
    assert [CATEGORY_LABELS[c] for c in (CAT_NORMAL, CAT_QUANJI, CAT_BANJI, CAT_JINTAIYANG)] == [
        "normal", "quanji", "banji", "jintaiyang"]


# ----- differential: score_hand vs the reference ---------------------------------------------------

SCORE_OPTIONS = {
    "kitty_points_owner": ["none", "declarer", "declarer_if_last_trick"],
    "wangfen_scope": ["all_50", "played_only"],
    "special_scores_fixed": [True, False],
    "categories_use_card_points_only": [True, False],
    "zero_result_is_win": [True, False],
    "settlement_mode": ["stakes_000", "cumulative_001"],
    "jintaiyang_declarer_score": [-1500, -500],
    "wangfen_full_bonus": [50, 0, 30],
    "wangfen_zero_penalty": [100, 0, 40],
    "quanji_score": [500, 300],
    "banji_score": [250, 120],
}


@st.composite
def score_inputs(draw):
    """(target, C, W, W in kitty, K, Pen, last trick) consistent with §6.1, edges included."""
    k = draw(st.sampled_from([0, 0, 5, 15, 20, 40, 80]) | st.integers(0, 16).map(lambda x: 5 * x))
    c = draw(st.sampled_from([0, 200 - k, 200 - k - 5, 5]) | st.integers(0, (200 - k) // 5).map(lambda x: 5 * x))
    c = max(0, min(c, 200 - k))
    w_kitty = draw(st.integers(0, min(k, 50) // 5).map(lambda x: 5 * x))
    w = draw(st.sampled_from([0, min(c, 50 - w_kitty)]) | st.integers(0, min(c, 50 - w_kitty) // 5).map(
        lambda x: 5 * x))
    target = draw(st.integers(17, 50).map(lambda x: 5 * x))
    pen = draw(st.sampled_from([0, 0, -5, 5]) | st.integers(-40, 40).map(lambda x: 5 * x))
    return target, c, w, w_kitty, k, pen, draw(st.booleans())


@st.composite
def score_rules(draw):
    rules = preset(draw(st.sampled_from(PRESETS)))
    changes = {key: draw(st.sampled_from(values)) for key, values in SCORE_OPTIONS.items() if draw(st.booleans())}
    return rules.replace(**changes)


@settings(max_examples=400, deadline=None)
@given(rules=score_rules(), inputs=score_inputs())
def test_score_hand_equals_the_reference(rules, inputs):
    hr = hand_rules(rules)
    reference = score_hand(rules, *inputs)
    assert kscore(hr, *inputs) == ref_score(rules, *inputs)
    category = CATEGORY_LABELS.index(reference.category)
    assert ks.score_ledger(hr, category, reference.result) == (reference.ledger_declarer, reference.ledger_defender)


PENALTY_VARIANTS = [
    {},
    {"failed_throw_penalty_basis": "failing_unit_cards"},
    {"failed_throw_penalty_basis": "per_failure", "failed_throw_penalty_amount": 10},
    {"failed_throw_penalty_kind": "thrower_cumulative_per_card", "failed_throw_penalty_amount": 3},
    {"failed_throw_penalty_kind": "none"},
]


@settings(max_examples=200, deadline=None)
@given(variant=st.sampled_from(PENALTY_VARIANTS), declarer=st.integers(0, 3),
       throws=st.lists(st.tuples(st.integers(0, 3), st.integers(2, 12), st.integers(1, 6)), max_size=MAX_THROWS))
def test_penalty_points_equal_the_reference(variant, declarer, throws):
    rules = preset("baofen").replace(**variant)
    hr = hand_rules(rules)
    seats = np.zeros(MAX_THROWS, dtype=np.int64)
    cards = np.zeros(MAX_THROWS, dtype=np.int64)
    for i, (seat, attempted, failing) in enumerate(throws):
        seats[i] = seat
        cards[i] = ks.counted_throw_cards(hr, attempted, failing)
        assert cards[i] == counted_throw_cards(rules, attempted, failing)
    expected = sum(failed_throw_penalty(rules, seat == declarer, attempted, failing)
                   for seat, attempted, failing in throws)
    assert ks.penalty_points(hr, declarer, seats, cards, len(throws)) == expected


# ----- the table ledger: C37, C38, C61 through the kernels ---------------------------------------------


def test_c37_shares_sequence():
    table = KernelTable(preset("baofen"))
    assert table.all_pass() == ((-2.0, -1.0, -1.0, -1.0), 5.0, 1)
    # Hand 2: seat 1 declares and loses (C40 numbers): −3b / +1b, and 5 more shares into the pot.
    assert table.declared(1, 100, 110, 0, 0, 0) == ((1.0, -8.0, 1.0, 1.0), 10.0, 2)
    # Hand 3: a losing declarer pays 10 → pot 20.
    assert table.declared(2, 100, 110, 0, 0, 0)[1] == 20.0
    # A winning declarer takes the whole pot (C39 numbers: +3b and 20 shares).
    assert table.declared(3, 120, 135, 50, 0, 20) == ((-1.0, -1.0, -1.0, 23.0), 0.0, 3)
    assert table.pot_flow.tolist() == [0.0, 0.0, 0.0, 20.0]  # the 水草 part; the stakes part is 3b / −b


def test_c37_pot_splits_four_ways_at_50_shares():
    table = KernelTable(preset("baofen"))
    pots = [table.all_pass()[1] for _ in range(9)]
    assert pots == [5, 10, 15, 20, 25, 30, 35, 40, 45]
    assert table.all_pass() == ((11.5, 10.5, 11.5, 11.5), 0.0, 2)
    assert table.cumulative == [-0.5, -0.5, 0.5, 0.5]


def test_c38_points_sequence_and_400_split():
    table = KernelTable(preset("baofen-001"))
    assert table.all_pass() == ((-40.0, -20.0, -20.0, -20.0), 100.0, 1)
    assert table.declared(1, 100, 110, 0, 0, 0) == ((90.0, -190.0, 90.0, 90.0), 200.0, 2)
    assert table.declared(2, 100, 110, 0, 0, 0) == ((190.0, 190.0, -190.0, 190.0), 0.0, 3)


def test_c38_four_all_pass_hands_reach_400_and_split():
    table = KernelTable(preset("baofen-001"))
    assert [table.all_pass()[1] for _ in range(4)] == [100, 200, 300, 0]
    assert table.cumulative == [0.0, 0.0, 0.0, 0.0]


@pytest.mark.parametrize("name", PRESETS)
def test_c61_zhujiao_rotation(name):
    table = KernelTable(preset(name))
    assert table.zhujiao == 0
    assert table.all_pass()[2] == 1
    assert table.declared(3, 120, 135, 50, 0, 20)[2] == 3  # seat 3 wins: he is the next 主叫
    assert table.declared(3, 100, 110, 0, 0, 0)[2] == 0  # seat 3 loses: his 下家


def test_direct_001_zhujiao_loses_x_others_gain_x():
    table = KernelTable(preset("baofen-001").replace(all_pass_mode="direct_001", direct_deduction_amount=30))
    assert table.all_pass() == ((-30.0, 30.0, 30.0, 30.0), 0.0, 1)
    assert table.declared(1, 100, 110, 0, 0, 0)[1] == 0.0


def test_a17_nobid_streak_split_when_configured():
    table = KernelTable(preset("baofen-001").replace(shuicao_split_threshold=10_000,
                                                     shuicao_split_after_nobid_streak=3))
    assert [table.all_pass()[1] for _ in range(3)] == [100, 200, 0]


def test_s001_throw_penalty_from_the_thrower_to_nobody():
    table = KernelTable(preset("baofen-001"))
    settlement = table.declared(0, 120, 135, 50, 0, 20, throws=[(2, 3, 1), (0, 2, 1)])[0]
    assert settlement == (65.0 - 6.0, -65.0, -65.0 - 9.0, -65.0)


# ----- differential: random table histories vs TableLedger ----------------------------------------------


@st.composite
def hand_outcome(draw):
    """None = all-pass, else (declarer, score inputs, failed throws)."""
    if draw(st.booleans()):
        return None
    declarer = draw(st.integers(0, 3))
    target, c, w, w_kitty, k, _, last = draw(score_inputs())
    throws = draw(st.lists(st.tuples(st.integers(0, 3), st.integers(2, 10), st.integers(1, 4)), max_size=3))
    return declarer, (target, c, w, w_kitty, k, last), throws


LEDGER_OPTIONS = {
    "shuicao_split_threshold": [5, 12, 50, 100, 400, 1000],
    "base_stake": [1, 2, 0.5, 0.3],
    "shuicao_share_value": [1, 3, 0.7],
    "shuicao_loss_multiple": [1, 2, 0.5],
    "stake_declarer_factor": [3, 2],
    "stake_multiplier_quanji": [4, 5],
    "failed_throw_penalty_recipient": ["none", "opponents_split", "s000_rule"],
    "failed_throw_penalty_basis": ["all_attempted_cards", "failing_unit_cards", "per_failure"],
    "direct_deduction_amount": [40, 7.5],
    "zero_result_is_win": [True, False],
}


@st.composite
def ledger_rules(draw):
    rules = preset(draw(st.sampled_from(PRESETS)))
    changes = {
        "all_pass_mode": draw(st.sampled_from(["direct_001", "shuicao_shares_000", "shuicao_points_001"])),
        "shuicao_split_after_nobid_streak": draw(st.sampled_from([None, None, 1, 2, 3, 5])),
    }
    changes.update({key: draw(st.sampled_from(values)) for key, values in LEDGER_OPTIONS.items()
                    if draw(st.booleans())})
    if draw(st.booleans()):  # the other preset's settlement / penalty kind
        changes["settlement_mode"] = draw(st.sampled_from(["stakes_000", "cumulative_001"]))
        changes["failed_throw_penalty_kind"] = draw(st.sampled_from(
            ["declarer_points_per_card", "thrower_cumulative_per_card", "none"]))
    return rules.replace(**changes)


@settings(max_examples=200, deadline=None)
@given(rules=ledger_rules(), outcomes=st.lists(hand_outcome(), min_size=1, max_size=30))
def test_table_histories_equal_the_reference_ledger(rules, outcomes):
    reference = TableLedger(rules)
    kernel = KernelTable(rules)
    for outcome in outcomes:
        pot_before = kernel.pot
        if outcome is None:
            expected = reference.all_pass()
            got = kernel.all_pass()
        else:
            declarer, (target, c, w, w_kitty, k, last), throws = outcome
            pen = sum(failed_throw_penalty(rules, seat == declarer, attempted, failing)
                      for seat, attempted, failing in throws)
            score = score_hand(rules, target, c, w, w_kitty, k, pen, last)
            counted = [(seat, counted_throw_cards(rules, attempted, failing)) for seat, attempted, failing in throws]
            expected = reference.declared(declarer, score, counted)
            got = kernel.declared(declarer, target, c, w, w_kitty, k, last, throws)
        # Exact equality, float for float: the kernel does the reference's arithmetic in its order.
        assert got == (expected.settlement, expected.pot_after, expected.next_zhujiao)
        assert kernel.state[kl.LG_NOBID_STREAK] == reference.nobid_streak
        assert kernel.cumulative == reference.cumulative and kernel.pot == reference.pot
        # The 水草 part of the settlement is what left or entered the pot.
        pot_change = (kernel.pot - pot_before) * reference.pot_unit_value()
        assert math.isclose(kernel.pot_flow.sum(), -pot_change, abs_tol=1e-9)
