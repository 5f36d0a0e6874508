"""Reference Baofen scoring (RULES.md §6.1–§6.7, §4.5; A11–A16, A41; cases C39–C47)."""

from __future__ import annotations

import pytest

from baofen_sim.cards import parse_cards, points_of
from baofen_sim.games.baofen.reference.scoring import (
    HandScore,
    failed_throw_penalty,
    score_hand,
)
from baofen_sim.games.baofen.reference.table import TableLedger
from baofen_sim.reference.throws import counted_throw_cards
from baofen_sim.rules import preset

PRESETS = ["baofen", "baofen-001"]


def settle(name: str, declarer: int, score: HandScore) -> tuple[tuple[float, ...], int]:
    """Settle one hand on a fresh table (empty pot): the per-seat settlement and the next 主叫."""
    hand = TableLedger(preset(name)).declared(declarer, score, [])
    return hand.settlement, hand.next_zhujiao


def declarer_and_each_defender(settlement: tuple[float, ...], declarer: int) -> tuple[float, set[float]]:
    return settlement[declarer], {v for seat, v in enumerate(settlement) if seat != declarer}


# ----- C39–C41 normal hands --------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_c39_full_wangfen_adds_50_and_declarer_wins(name):
    score = score_hand(preset(name), 120, 135, 50, 0, 20, 0)
    assert score.wangfen_adjustment == 50
    assert (score.score, score.result, score.category, score.declarer_won) == (185, 65, "normal", True)
    settlement, next_zhujiao = settle(name, 2, score)
    expected = (3.0, {-1.0}) if name == "baofen" else (65.0, {-65.0})
    assert declarer_and_each_defender(settlement, 2) == expected
    assert next_zhujiao == 2  # §5.9: a winning declarer stays 主叫


@pytest.mark.parametrize("name", PRESETS)
def test_c40_no_wangfen_subtracts_100_and_declarer_loses(name):
    score = score_hand(preset(name), 100, 110, 0, 0, 0, 0)
    assert score.wangfen_adjustment == -100
    assert (score.score, score.result, score.category, score.declarer_won) == (10, -90, "normal", False)
    settlement, next_zhujiao = settle(name, 3, score)
    expected = (-3.0, {1.0}) if name == "baofen" else (-90.0, {90.0})
    assert declarer_and_each_defender(settlement, 3) == expected
    assert next_zhujiao == 0  # §5.9: the declarer's 下家


@pytest.mark.parametrize("name", PRESETS)
def test_c41_result_zero_is_a_win(name):
    score = score_hand(preset(name), 95, 95, 30, 0, 0, 0)
    assert score.result == 0 and score.declarer_won
    settlement, next_zhujiao = settle(name, 1, score)
    if name == "baofen-001":
        assert settlement == (0.0, 0.0, 0.0, 0.0)
    else:
        assert declarer_and_each_defender(settlement, 1) == (3.0, {-1.0})
    assert next_zhujiao == 1


def test_a11_result_zero_is_a_loss_when_configured():
    rules = preset("baofen").replace(zero_result_is_win=False)
    assert not score_hand(rules, 95, 95, 30, 0, 0, 0).declarer_won


# ----- C42–C44 special categories --------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_c42_quanji_all_points_nothing_buried(name):
    score = score_hand(preset(name), 150, 200, 50, 0, 0, 0)
    assert (score.category, score.score, score.result, score.declarer_won) == ("quanji", 500, 500, True)
    settlement, _ = settle(name, 0, score)
    expected = (12.0, {-4.0}) if name == "baofen" else (500.0, {-500.0})
    assert declarer_and_each_defender(settlement, 0) == expected


@pytest.mark.parametrize("name", PRESETS)
def test_c43_banji_is_a_win_even_at_target_250(name):
    kitty = parse_cards("SK D5")  # t = H: no 王分 buried
    k = sum(points_of(c) for c in kitty)
    assert k == 15
    score = score_hand(preset(name), 250, 185, 50, 0, k, 0)
    assert (score.category, score.score, score.result, score.declarer_won) == ("banji", 250, 250, True)
    settlement, next_zhujiao = settle(name, 0, score)
    expected = (6.0, {-2.0}) if name == "baofen" else (250.0, {-250.0})
    assert declarer_and_each_defender(settlement, 0) == expected
    assert next_zhujiao == 0
    # The non-special formula would have lost: 185 + 50 − 250 = −15.
    assert 185 + score.wangfen_adjustment - 250 == -15


@pytest.mark.parametrize("name", PRESETS)
def test_c44_jintaiyang_no_points_at_all(name):
    score = score_hand(preset(name), 90, 0, 0, 0, 0, 0)
    assert score.category == "jintaiyang" and not score.declarer_won
    settlement, next_zhujiao = settle(name, 1, score)
    if name == "baofen":
        assert (score.ledger_declarer, score.ledger_defender) == (-1500.0, 500.0)
        assert declarer_and_each_defender(settlement, 1) == (-12.0, {4.0})
    else:
        assert score.result == -500
        assert (score.ledger_declarer, score.ledger_defender) == (-500.0, 500.0)
        assert declarer_and_each_defender(settlement, 1) == (-500.0, {500.0})
    assert next_zhujiao == 2


def test_a16_categories_ignore_penalties():
    rules = preset("baofen")
    # A defender's failed throw does not lift a pointless declarer out of 金太阳 …
    assert score_hand(rules, 90, 0, 0, 0, 0, 10).category == "jintaiyang"
    # … and the declarer's own failed throw does not spoil 全击.
    assert score_hand(rules, 90, 200, 50, 0, 0, -15).category == "quanji"
    # The alternative tests C + Pen.
    alt = rules.replace(categories_use_card_points_only=False)
    assert score_hand(alt, 90, 0, 0, 0, 0, 10).category == "normal"
    assert score_hand(alt, 90, 200, 50, 0, 0, -15).category == "normal"


def test_a12_special_scores_minus_target_when_not_fixed():
    rules = preset("baofen-001").replace(special_scores_fixed=False)
    quanji = score_hand(rules, 150, 200, 50, 0, 0, 0)
    assert (quanji.score, quanji.result, quanji.declarer_won) == (500, 350, True)
    banji = score_hand(rules, 250, 185, 50, 0, 15, 0)
    assert (banji.score, banji.result, banji.declarer_won) == (250, 0, True)
    jintaiyang = score_hand(rules, 100, 0, 0, 0, 0, 0)
    assert (jintaiyang.result, jintaiyang.declarer_won) == (-600, False)


# ----- C45 failed-throw penalties --------------------------------------------------------------------


def test_c45_defender_failed_throw_adds_to_declarer_points():
    rules = preset("baofen")
    pen = failed_throw_penalty(rules, thrower_is_declarer=False, attempted_cards=2, failing_unit_cards=1)
    assert pen == 10
    score = score_hand(rules, 95, 90, 20, 0, 0, pen)
    assert (score.score, score.result, score.declarer_won) == (100, 5, True)


def test_c45_declarer_failed_throw_subtracts_from_declarer_points():
    rules = preset("baofen")
    pen = failed_throw_penalty(rules, thrower_is_declarer=True, attempted_cards=3, failing_unit_cards=1)
    assert pen == -15
    score = score_hand(rules, 95, 90, 20, 0, 0, pen)
    assert (score.score, score.result, score.declarer_won) == (75, -20, False)


def test_a4_penalty_basis_failing_unit_cards():
    rules = preset("baofen").replace(failed_throw_penalty_basis="failing_unit_cards")
    assert counted_throw_cards(rules, 5, 2) == 2
    assert failed_throw_penalty(rules, False, 5, 2) == 10


def test_s001_penalty_is_not_in_declarer_points():
    assert failed_throw_penalty(preset("baofen-001"), True, 4, 1) == 0


def test_a41_score_may_go_negative():
    rules = preset("baofen")
    score = score_hand(rules, 85, 5, 5, 0, 0, -20)
    assert score.score == -15 and score.result == -100 and score.category == "normal"


# ----- C46, C47 kitty and 王分 scope -----------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_c46_kitty_counts_for_nobody(name):
    score = score_hand(preset(name), 100, 150, 25, 0, 20, 0)
    assert score.declarer_points == 150 and score.kitty_points == 20
    assert score.score == 150 and score.result == 50


def test_a15_kitty_owner_alternatives():
    base = preset("baofen")
    owned = base.replace(kitty_points_owner="declarer")
    assert score_hand(owned, 100, 150, 25, 0, 20, 0).score == 170
    last = base.replace(kitty_points_owner="declarer_if_last_trick")
    assert score_hand(last, 100, 150, 25, 0, 20, 0, declarer_won_last_trick=True).score == 170
    assert score_hand(last, 100, 150, 25, 0, 20, 0, declarer_won_last_trick=False).score == 150


@pytest.mark.parametrize("name", PRESETS)
def test_c47_wangfen_scope_all_50_vs_played_only(name):
    kitty = parse_cards("DK")  # buried, then t = D
    k = points_of(kitty[0])
    all_50 = score_hand(preset(name), 100, 120, 40, k, k, 0)
    assert all_50.wangfen_adjustment == 0  # no +50 and no 倒扣
    played = score_hand(preset(name).replace(wangfen_scope="played_only"), 100, 120, 40, k, k, 0)
    assert played.wangfen_adjustment == 50
    assert played.score == 170 and all_50.score == 120


def test_a14_all_wangfen_buried():
    rules = preset("baofen")
    # all_50: every 王分 buried still means "none taken" → 倒扣.
    assert score_hand(rules, 100, 120, 0, 50, 50, 0).wangfen_adjustment == -100
    # played_only: nothing was in play, so neither adjustment.
    played = rules.replace(wangfen_scope="played_only")
    assert score_hand(played, 100, 120, 0, 50, 50, 0).wangfen_adjustment == 0


def test_s000_ledger_shares_the_result_among_defenders():
    score = score_hand(preset("baofen"), 120, 135, 50, 0, 20, 0)
    assert score.ledger_declarer == 65.0
    assert score.ledger_defender == pytest.approx(-65 / 3)


@pytest.mark.parametrize("args", [
    (100, 210, 0, 0, 0, 0),  # C above 200
    (100, 150, 0, 0, 60, 0),  # C + K above 200
    (100, 30, 40, 0, 0, 0),  # W above C
    (100, 100, 20, 10, 5, 0),  # 王分 in the kitty above K
    (100, 100, 0, 0, 90, 0),  # K above 80
])
def test_inconsistent_inputs_are_rejected(args):
    with pytest.raises(ValueError):
        score_hand(preset("baofen"), *args)
