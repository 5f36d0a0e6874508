"""The 80分 result in Numba (engine/tractor80/result.py) against the reference (reference/tractor80/kitty.py and
result.py, and the result line of whole reference hands): the 抠底 multiplier of real last tricks under both bases and
both multi-tractor readings (A23); the level table, 积分, the next 庄, the levels after and the end of a game for every
total and every option value; whole random hands re-scored under every combination of options; and the §10.10 result
cases C48 and C49 (RULES.md §7.3.2, §7.3.6, §7.3.11, §7.3.12)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from baofen_sim.cards import POINTS, RANK_A, parse_cards, parse_rank
from baofen_sim.codes import NO_SEAT
from baofen_sim.dev.kernel_calls import bits_of
from baofen_sim.games.tractor80.differential import concentrated_position, structured_play, tables_80fen
from baofen_sim.games.tractor80.engine import result as kernel
from baofen_sim.games.tractor80.engine.materialize import tractor80_rules
from baofen_sim.games.tractor80.engine.records import NUM_SEATS, RESULT_DTYPE
from baofen_sim.games.tractor80.reference import kitty, result
from baofen_sim.games.tractor80.reference.random_play import play_random_hand
from baofen_sim.reference.order import NO_TRUMP
from baofen_sim.rules import RuleSet
from baofen_sim.rules.presets import preset

TRACTOR_80FEN = preset("tractor-80fen")

# Every value of each §9.4 option the result reads.
OPTION_VALUES = {
    "kitty_multiplier_basis": ("winner_play", "lead_structure"),
    "kitty_multiplier_multi_tractor": ("longest", "sum"),
    "next_declarer_on_hold": ("partner", "self"),
    "game_end": ("reach_A", "win_hand_at_A"),
    "defender_points_floor": (0, None),
}
ALL_OPTIONS = [TRACTOR_80FEN.replace(**dict(zip(OPTION_VALUES, values, strict=True)))
               for values in itertools.product(*OPTION_VALUES.values())]
SCORING_OPTIONS = ALL_OPTIONS[:8]  # every value of next_declarer_on_hold, game_end and defender_points_floor
TOTALS = range(-130, 280, 5)  # every multiple of 5 a hand can reach, and below 0 for defender_points_floor = none
LEVEL_7 = 5  # the rank index of the 7


def option_id(options: RuleSet) -> str:
    return "-".join(str(getattr(options, name)) for name in OPTION_VALUES)


def new_result(tb, zhuang: int, level: int, levels: tuple[int, int], points: int, kitty_points: int,
               adjustment: int, lead, winning_play, winner: int) -> np.record:
    """A RESULT_DTYPE record with the fields the flow and the tricks give."""
    record = np.zeros(1, dtype=RESULT_DTYPE).view(np.recarray)[0]
    record.zhuang, record.level, record.levels[:] = zhuang, level, levels
    record.defenders_points, record.kitty_points, record.penalty_points = points, kitty_points, adjustment
    record.last_winner = winner
    record.last_lead_ge1, record.last_lead_eq2 = bits_of(tb, lead)
    record.last_win_ge1, record.last_win_eq2 = bits_of(tb, winning_play)
    return record


def result_line(record: np.record) -> dict:
    """The record's result fields as the reference's result line names them (levels as rank indices)."""
    return {"defenders_points": int(record.defenders_points), "kitty_points": int(record.kitty_points),
            "kitty_multiplier": int(record.kitty_multiplier), "kitty_bonus": int(record.kitty_bonus),
            "penalty_points": int(record.penalty_points), "defenders_total": int(record.defenders_total),
            "declarer_won": bool(record.declarer_won), "up_team": int(record.up_team),
            "up_levels": int(record.up_levels), "levels_after": [int(x) for x in record.levels_after],
            "next_zhuang": None if record.next_zhuang == NO_SEAT else int(record.next_zhuang),
            "game_over": bool(record.game_over), "settlement": [int(x) for x in record.settlement]}


@pytest.fixture(scope="module")
def last_tricks() -> list[tuple]:
    """(tables, order, 庄, lead, winning play, winner) of every trick of played-out concentrated positions, each
    taken as a last trick: at every level, with every trump and no-trump, ruffs and tractors among them."""
    rng = random.Random("80分 last tricks")
    tricks = []
    for i in range(130):
        level, trump = i % 13, (0, 1, 2, 3, NO_TRUMP)[i // 13 % 5]
        state = concentrated_position(rng, level, trump)
        while not state.is_done:
            state.apply_play(structured_play(state, rng))
        for trick in state.tricks:
            plays = dict(trick["plays"])
            tricks.append((tables_80fen(level, trump), state.order, state.declarer, plays[trick["leader"]],
                           plays[trick["winner"]], trick["winner"]))
    return tricks


@pytest.mark.parametrize("options", ALL_OPTIONS[::8], ids=option_id)
def test_the_kitty_multiplier_of_last_tricks_agrees_with_the_reference(last_tricks, options):
    rules = tractor80_rules(options)
    seen = set()
    for tb, order, zhuang, lead, winning_play, winner in last_tricks:
        record = new_result(tb, zhuang, 0, (0, 0), 0, 0, 0, lead, winning_play, winner)
        defenders_won = winner % 2 != zhuang % 2
        want = kitty.last_trick_multiplier(lead, winning_play, defenders_won, order, options)
        assert kernel.last_trick_multiplier(tb, rules, record) == want, (lead, winning_play, winner, zhuang)
        seen.add(want)
    assert {0, 2, 4, 8} <= seen and max(seen) >= 12  # nothing, single, pair, 2-pair and longer tractors


@pytest.mark.parametrize("options", SCORING_OPTIONS, ids=option_id)
def test_levels_next_zhuang_and_settlement_for_every_total(options):
    rules = tractor80_rules(options)
    for total, zhuang in itertools.product(TOTALS, range(NUM_SEATS)):
        want = result.hand_result(total, zhuang, options)
        floored = result.defender_total(total, 0, 0, options)
        assert kernel.defenders_total(rules, total, 0, 0) == floored
        won, levels = kernel.level_change(rules, total)
        assert (won, levels) == (want.zhuang_side_won, want.levels), total
        assert kernel.next_zhuang(rules, zhuang, won) == want.next_zhuang
    for level, levels in itertools.product(range(RANK_A + 1), range(7)):
        assert kernel.raised_level(rules, level, levels) == result.raised_level(level, levels, options)
        for won in (False, True):
            outcome = result.HandResult(0, won, levels, {}, 0)
            assert kernel.won_at_ace(rules, level, won) == result.game_over(level, outcome, options)


def random_levels(rng: random.Random, options: RuleSet) -> tuple[int, int]:
    """The teams' levels, often near A; never A under reach_A (reaching it ends the game)."""
    top = RANK_A if options.game_end == "win_hand_at_A" else RANK_A - 1
    return tuple(rng.randint(top - 3, top) if rng.random() < 0.5 else rng.randint(0, top) for _ in range(2))


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=option_id)
def test_whole_random_hands_rescored_by_the_kernel_give_the_reference_result_line(options):
    rng = random.Random(str(options))
    rules = tractor80_rules(options)
    for _ in range(3):
        state = play_random_hand(rng, random_levels(rng, options), rng.randrange(NUM_SEATS), False, options)
        last = state.tricks[-1]
        plays = dict(last["plays"])
        record = new_result(tables_80fen(state.level, state.trump), state.zhuang, state.level, state.levels,
                            state.defender_points, sum(POINTS[k] for k in state.buried), state.throw_adjustment,
                            plays[last["leader"]], plays[last["winner"]], last["winner"])
        kernel.hand_result(tables_80fen(state.level, state.trump), rules, record)
        want = {key: state.result[key] for key in result_line(record)}
        want["levels_after"] = [parse_rank(rank) for rank in want["levels_after"]]
        assert result_line(record) == want


# ---- §10.10 C48 and C49 ----------------------------------------------------------------------------------------

KITTY_25 = sum(POINTS[k] for k in parse_cards("S5 SK SK S3 S4 H3 D3 C3"))


def scored(options: RuleSet, points: int, kitty_points: int, lead: str, winning_play: str, winner: int,
           zhuang: int = 0, levels: tuple[int, int] = (LEVEL_7, LEVEL_7)) -> np.record:
    tb = tables_80fen(levels[zhuang % 2], 1)  # trump ♥
    record = new_result(tb, zhuang, levels[zhuang % 2], levels, points, kitty_points, 0, parse_cards(lead),
                        parse_cards(winning_play), winner)
    kernel.hand_result(tb, tractor80_rules(options), record)
    return record


@pytest.mark.parametrize(("winning_play", "bonus"), [("D9 D9 D8 D8", 200), ("D9 D9", 100), ("D9", 50)])
def test_c48_the_winning_play_of_the_defenders_sets_the_multiplier(winning_play, bonus):
    record = scored(TRACTOR_80FEN, 0, KITTY_25, winning_play, winning_play, winner=1)
    assert (record.kitty_bonus, record.defenders_total) == (bonus, bonus)


def test_c48_a_ruffing_pair_the_lead_structure_an_empty_kitty_and_a_last_trick_of_the_zhuang_side():
    assert scored(TRACTOR_80FEN, 0, KITTY_25, "SA SK", "H9 H9", winner=1).kitty_bonus == 100
    lead_structure = TRACTOR_80FEN.replace(kitty_multiplier_basis="lead_structure")
    assert scored(lead_structure, 0, KITTY_25, "SA SK", "H9 H9", winner=1).kitty_bonus == 50
    empty = scored(TRACTOR_80FEN, 0, 0, "SA SK", "H9 H9", winner=1)
    assert (empty.kitty_multiplier, empty.kitty_bonus) == (4, 0)  # m is reported even when K = 0
    held = scored(TRACTOR_80FEN, 0, KITTY_25, "SA SK", "SA SK", winner=2)
    assert (held.kitty_multiplier, held.kitty_bonus) == (0, 0)


@pytest.mark.parametrize(("total", "won", "levels", "score", "next_zhuang"), [
    (0, True, 3, 6, 2), (35, True, 2, 4, 2), (75, True, 1, 2, 2),
    (80, False, 0, 0, 1), (130, False, 1, 2, 1), (210, False, 3, 6, 1)])
def test_c49_the_defenders_total_decides_levels_score_and_the_next_zhuang(total, won, levels, score, next_zhuang):
    record = scored(TRACTOR_80FEN, total, 0, "S3", "S3", winner=0)  # the 庄 (seat 0) won the last trick
    assert (record.declarer_won, record.up_levels, record.next_zhuang) == (won, levels, next_zhuang)
    winners = (0, 2) if won else (1, 3)
    assert list(record.settlement) == [score if seat in winners else -score for seat in range(NUM_SEATS)]
    up = 0 if won else 1
    assert record.up_team == up and record.levels_after[up] == LEVEL_7 + levels
    assert record.levels_after[1 - up] == LEVEL_7 and not record.game_over
