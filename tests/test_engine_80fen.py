"""The 80分 engine (engine/tractor80) against the reference engine and RULES.md §7.3: every hand it plays, re-judged
from its game record by the reference (`judge`), is legal step by step and gives the kernel's result; the invariants
of a deal (108 cards, 200 points, levels never past A, 积分 zero-sum); a table as a sequence of hands carrying the
levels, the 庄 and the 积分; seat-stable deals; rows that depend on neither the chunking nor the threads; a golden
digest; and the CLI end to end (simulate, report, replay --record accepted by judge)."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from collections import Counter

import numba
import numpy as np
import pytest
from typer.testing import CliRunner

from baofen_sim.cards import RANK_A, full_pack, parse_cards
from baofen_sim.cli import app
from baofen_sim.codes import NO_SEAT
from baofen_sim.engine.deal import deal
from baofen_sim.games.tractor80.engine.chunk import hand_arrays80, play_chunk80
from baofen_sim.games.tractor80.replay import replayed_hands80, result_line80
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import judge
from baofen_sim.rules.presets import preset
from baofen_sim.runs.runspec import RunSpec
from tests import background

TRACTOR_80FEN = preset("tractor-80fen")

runner = CliRunner()

# Option sets whose hands are re-judged, played by random players (every rule path: showings, 反底s, throws): the
# preset, and every alternative the flow or the result reads; and the preset played by the heuristic.
VARIANTS = {
    "preset": (),
    "heuristic": (),
    "alternatives": ("fandi_first_challenge=any_pair", "fandi_eligible=any_but_last_burier",
                     "kitty_multiplier_basis=lead_structure", "kitty_multiplier_multi_tractor=sum",
                     "game_end=win_hand_at_A", "next_declarer_on_hold=self", "start_level=10",
                     "declare_single_overcalls_single=true"),
    "no 反底, no 自保, no floor": ("fandi_enabled=false", "allow_self_reinforce=false", "defender_points_floor=none",
                                 "score_per_level=3"),
}
JUDGED_HANDS = 80  # per variant, at tables of 40 hands (games end and start again)


def spec_of(overrides=(), deals=JUDGED_HANDS, hands_per_table=40, seed=5, policy="random") -> RunSpec:
    return RunSpec(rules=TRACTOR_80FEN.with_overrides(overrides), deals=deals, hands_per_table=hands_per_table,
                   seed=seed, policies=(policy,) * 4)


@pytest.fixture(scope="session")
def replayed():
    """Every variant's hands with their game records (the 80分 engine compiled in the background first)."""
    background.output("engine-80fen")
    specs = {name: spec_of(overrides, policy="heuristic" if name == "heuristic" else "random")
             for name, overrides in VARIANTS.items()}
    return {name: (spec, replayed_hands80(spec, 0, spec.tables)) for name, spec in specs.items()}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_kernel_hand_is_legal_for_the_reference_and_gives_its_result_line(replayed, variant):
    _, hands = replayed[variant]
    sources = Counter()
    for row, record in hands:
        report = judge(parse_record(record))
        assert report.legal, (int(row.hand), report.events[-1])
        result = report.events[-1]
        assert result["event"] == "result"
        want = result_line80(row)
        assert {key: result[key] for key in want} == want, int(row.hand)
        sources[int(row.trump_source)] += 1
        sources["fandi hands"] += bool(record["fandi"])
    assert sources["fandi hands"] > 0 or variant in ("no 反底, no 自保, no floor", "heuristic")


@pytest.mark.parametrize(("eligible", "allowed"), [("non_zhuang", [False, False, True, False]),
                                                  ("any_but_last_burier", [True, True, True, False])])
def test_c64_the_kernel_refuses_the_fandis_the_reference_refuses(eligible, allowed):
    """Level 5, 庄 seat 2, seat 3's ♥ pair sets trump: seat 3's own LJ LJ; the 庄's BJ BJ after seat 0's ♠ re-bury;
    seat 0's S5 S5; seat 0's BJ BJ when he is the last burier; under each `fandi_eligible`."""
    from baofen_sim.games.tractor80.engine.declaring import (
        TIER_BIG_JOKERS,
        TIER_LITTLE_JOKERS,
        TIER_PAIR,
        fandi_allowed,
    )
    from baofen_sim.games.tractor80.engine.materialize import tractor80_inputs

    gr = tractor80_inputs(spec_of([f"fandi_eligible={eligible}"]), None, False).hand_rules[0]
    hearts, spades = 1, 0
    steps = [(3, TIER_PAIR, hearts, 3, TIER_LITTLE_JOKERS, 0, 2, True),  # his own trump
             (0, TIER_PAIR, spades, 2, TIER_BIG_JOKERS, 0, 0, False),  # the 庄
             (3, TIER_PAIR, hearts, 0, TIER_PAIR, spades, 2, True),  # ♠ outranks ♥
             (0, TIER_PAIR, spades, 0, TIER_BIG_JOKERS, 0, 0, False)]
    assert [fandi_allowed(set_seat, set_tier, set_suit, seat, tier, suit, 2, last_burier, first, gr)
            for set_seat, set_tier, set_suit, seat, tier, suit, last_burier, first in steps] == allowed


def test_a_deal_holds_the_108_cards_and_200_points_and_levels_stay_within_2_to_a(replayed):
    for spec, hands in replayed.values():
        for row, record in hands:
            dealt = [card for cards in record["hands"] for card in cards] + record["kitty"]
            assert sorted(parse_cards(dealt)) == sorted(full_pack())
            assert all(len(cards) == spec.rules.hand_size for cards in record["hands"])
            assert 0 <= row.defenders_points + row.kitty_points <= 200
            assert 0 <= row.levels_after.min() and row.levels_after.max() <= RANK_A
            assert row.settle[:4].sum() == 0 and abs(row.settle[0]) == spec.rules.score_per_level * row.up_levels


def test_a_table_carries_levels_zhuang_and_score_from_hand_to_hand_and_starts_a_new_game_after_one_ends(replayed):
    spec, hands = replayed["preset"]
    rows = [row for row, _ in hands]
    start = spec.rules.start_level - 2
    games_over = 0
    for before, after in zip(rows, rows[1:], strict=False):
        if after.table != before.table:
            assert after.first_hand and after.game == 0 and list(after.levels_before) == [start, start]
            continue
        np.testing.assert_array_equal(after.cumulative[:4], before.cumulative[:4] + after.settle[:4])
        if before.game_over:
            games_over += 1
            assert after.first_hand and after.game == before.game + 1
            assert list(after.levels_before) == [start, start]
        else:
            assert not after.first_hand and after.zhuang == before.next_zhuang
            assert list(after.levels_before) == list(before.levels_after)
            assert after.level == after.levels_before[after.zhuang % 2]
    assert games_over > 0


def test_deals_are_seat_stable_whoever_receives_the_first_card(replayed):
    spec, hands = replayed["preset"]
    firsts = set()
    for row, record in hands[:40]:
        seats, kitty = deal(spec.seed, int(row.hand))
        assert [sorted(parse_cards(cards)) for cards in record["hands"]] == seats
        assert sorted(parse_cards(record["kitty"])) == kitty
        firsts.add(0 if row.first_hand else int(row.zhuang))
    assert len(firsts) > 1


def test_rows_do_not_depend_on_the_chunking_or_the_threads():
    spec = spec_of(deals=96, hands_per_table=8, seed=9)
    whole = play_chunk80(spec, 0, spec.tables).rows
    parts = np.concatenate([play_chunk80(spec, first, 3).rows for first in range(0, spec.tables, 3)])
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        one_thread = play_chunk80(spec, 0, spec.tables).rows
    finally:
        numba.set_num_threads(threads)
    for name in whole.dtype.names:
        np.testing.assert_array_equal(whole[name], parts[name], err_msg=name)
        np.testing.assert_array_equal(whole[name], one_thread[name], err_msg=name)


def test_the_first_hand_of_a_game_makes_the_last_declarer_zhuang_or_a_random_seat(replayed):
    for _, hands in replayed.values():
        for row, record in hands:
            if row.first_hand and record["declarations"]:
                assert row.zhuang == record["declarations"][-1]["seat"] and row.trump_setter != NO_SEAT


# The digest of a small run's hand columns: a change means the same RunSpec plays other hands (bump RULES_VERSION).
GOLDEN_80FEN = "b4b36983597ffe7447060e1791d806d10d23598fdebfb7d1dadc0ba0084d098d"


def run_digest(spec: RunSpec) -> str:
    arrays = hand_arrays80(spec, play_chunk80(spec, 0, spec.tables).rows)
    digest = hashlib.sha256()
    for name in sorted(arrays):
        digest.update(name.encode())
        digest.update(np.ascontiguousarray(arrays[name]).tobytes())
    return digest.hexdigest()


def test_golden_digest_of_an_80fen_run():
    assert run_digest(spec_of(deals=256, hands_per_table=32, seed=2026)) == GOLDEN_80FEN


def test_schema_lists_the_80fen_hand_columns_and_no_trick_table():
    result = runner.invoke(app, ["schema", "--rules", "tractor-80fen"])
    assert result.exit_code == 0, result.output
    names = [line.split()[0] for line in result.stdout.splitlines() if line.startswith("  ")]
    assert {"zhuang", "level", "trump_source", "defenders_total", "levels_after_1", "settle_3"} <= set(names)
    assert "OUT/tricks" not in result.stdout and "bids" not in names


def test_simulate_report_and_a_replayed_record_that_judge_accepts(tmp_path):
    out = tmp_path / "run"
    result = runner.invoke(app, ["simulate", "--rules", "tractor-80fen", "--deals", "96", "--seed", "4", "--out",
                                 str(out)])
    assert result.exit_code == 0, result.output
    report = runner.invoke(app, ["report", str(out), "--json"])
    assert report.exit_code == 0, report.output
    numbers = json.loads(report.stdout)
    assert numbers["hands"] == 96 and 0 < numbers["zhuang_side_wins"]["rate"] < 1
    assert abs(sum(row["rate"] for row in numbers["defenders_total"]) - 1) < 1e-9
    replay = runner.invoke(app, ["replay", str(out), "--hand", "37", "--record"])
    assert replay.exit_code == 0, replay.output
    (tmp_path / "h37.json").write_text(replay.stdout)
    judged = runner.invoke(app, ["judge", str(tmp_path / "h37.json"), "--json"])
    assert judged.exit_code == 0, judged.output
    events = [json.loads(line) for line in judged.stdout.splitlines()]
    assert events[-1]["event"] == "result" and all(e.get("legal", True) for e in events)


def test_compare_pairs_two_80fen_runs_hand_by_hand(tmp_path):
    outs = [tmp_path / "a", tmp_path / "b"]
    for out, value in zip(outs, ("true", "false"), strict=True):
        result = runner.invoke(app, ["simulate", "--rules", "tractor-80fen", "--policy", "random", "--set",
                                     f"fandi_enabled={value}", "--deals", "64", "--seed", "8", "--out", str(out)])
        assert result.exit_code == 0, result.output
    compared = runner.invoke(app, ["compare", *map(str, outs), "--json"])
    assert compared.exit_code == 0, compared.output
    numbers = json.loads(compared.stdout)
    assert numbers["hands"] == 64
    assert numbers["a"]["fandi_per_hand"]["mean"] > 0 == numbers["b"]["fandi_per_hand"]["mean"]
    assert set(numbers["differences"]) >= {"庄家方 win rate", "defenders' total T", "games ended per hand"}


def test_importing_the_cli_compiles_nothing_and_leaves_the_policy_set_open():
    """The 80分 report is imported by the CLI: it must not import an engine (that fixes this process's policy set,
    and `simulate --policy sampler` would then need a new process)."""
    code = "import baofen_sim.cli, sys; from baofen_sim import policy_set; sys.exit(int(policy_set._frozen))"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_trump_from_the_kitty_is_the_references_when_nobody_shows():
    """§7.3.5, A25 (the random players almost always show, so the whole-hand runs rarely reach this path)."""
    from baofen_sim.games.tractor80.engine.hand import undeclared_trump as kernel_trump
    from baofen_sim.games.tractor80.reference.kitty import undeclared_trump

    rng = random.Random(80)
    for _ in range(2000):
        pack = full_pack()
        rng.shuffle(pack)
        level = rng.randrange(13)
        kitty = pack[100:] if rng.random() < 0.5 else [k for k in pack if k % 13 != level][:8]  # no level card
        array = np.array(pack[:100] + kitty, dtype=np.int64)
        assert kernel_trump(array, 100, 8, level) == undeclared_trump(kitty, level), (kitty, level)
