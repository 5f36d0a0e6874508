"""Issue 21: bidding styles. The table bidder's `bid_margin` (card points added to its evaluation before it reads
its table, for openings and raises), the bundled styles cautious-bids, bold-bids and reckless-bids, `--param KEY=VALUE`
and `sweep --vary PARAM=...` for every seat at once, and the fast bid evaluator of tune-bids honouring the margin."""

from __future__ import annotations

import random

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.cards import full_pack
from baofen_sim.cli import app
from baofen_sim.games.baofen.engine import run_chunk
from baofen_sim.games.baofen.studies.bid_table import heuristic_row
from baofen_sim.games.baofen.studies.each_data import load_each_data
from baofen_sim.games.baofen.studies.table_evaluator import TableEvaluator
from baofen_sim.games.baofen.studies.tune_bids import fit_weights
from baofen_sim.kernels import auction as ka
from baofen_sim.policies import dispatch, registry, selection
from baofen_sim.policies.bidding import bid_reaches
from baofen_sim.policies.features import counts_of
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.sweep import SweepError, parse_vary, plan_variants, sweep
from tests.test_engine_hand import warm_engine
from tests.test_simulate_plumbing import assert_one_line_error
from tests.test_tune_bids import HANDS_PER_TABLE, contested_table, each_run, simulated

runner = CliRunner()
STYLES = ("cautious-bids", "default-bids", "bold-bids", "reckless-bids")


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    warm_engine()


def default_row(**changes: float) -> np.ndarray:
    """The heuristic's parameter row (the default table bidder) with some parameters changed."""
    return heuristic_row(changes)


def bid(params: np.ndarray, counts: np.ndarray, legal: list[int], zhujiao: int, to_act: int, high: int) -> int:
    state = ka.new_auction_state()
    state[ka.AU_ZHUJIAO], state[ka.AU_TO_ACT] = zhujiao, to_act
    state[ka.AU_HIGH_BID] = high if high else ka.NO_BID
    buffer = np.zeros(8, dtype=np.int64)
    buffer[:len(legal)] = legal
    choice, _ = dispatch.bid_decision(registry.POLICY_HEURISTIC, params, counts, buffer, len(legal), state,
                                      np.uint64(7))
    return int(choice)


def steps(rng: random.Random) -> tuple[list[int], int]:
    """A random auction step: (the legal bids, the high bid; 0 = an opening)."""
    if rng.random() < 0.4:
        return [85, 90, 95], 0
    high = rng.choice(range(85, 150, 5))
    return [high + step for step in (5, 10, 15, 20)], high


@pytest.mark.parametrize("margin", [-10.0, 7.5, 20.0, 40.0])
def test_a_bidder_with_margin_m_bids_as_one_whose_evaluation_is_m_higher(margin):
    rng = random.Random(21)
    base = default_row()
    styled = default_row(bid_margin=margin)
    raised = default_row(eval_intercept=base[registry.HEURISTIC_EVAL_WEIGHTS] + margin)  # every evaluation + m
    differs = 0
    for _ in range(3000):
        counts = counts_of(rng.sample(full_pack(), 25))
        legal, high = steps(rng)
        zhujiao, to_act = rng.randrange(4), rng.randrange(4)
        choice = bid(styled, counts, legal, zhujiao, to_act, high)
        assert choice == bid(raised, counts, legal, zhujiao, to_act, high)
        differs += choice != bid(base, counts, legal, zhujiao, to_act, high)
        position = (to_act - zhujiao) % 4
        assert bid_reaches(styled, counts, position) == bid_reaches(raised, counts, position)  # the sampler's read
    assert differs > 10  # the margin changed decisions, and the same ones a higher evaluation changes


def test_the_margin_moves_openings_and_raises_by_whole_card_points():
    counts = counts_of(full_pack()[:25])
    flat = {name: 0.0 for name in ("eval_" + n for n in registry.EVAL_FEATURE_NAMES)}
    # every hand evaluates to 80: below every default opening (83 and up); +5 makes it 85, an 85 opening at
    # positions 0 and 1 (open85 83), not at 2 and 3 (open85 86)
    for position, expected in enumerate((85, 85, ka.PASS, ka.PASS)):
        assert bid(default_row(**flat, eval_intercept=80.0), counts, [85, 90, 95], 0, position, 0) == ka.PASS
        assert bid(default_row(**flat, eval_intercept=80.0, bid_margin=5.0), counts, [85, 90, 95], 0, position,
                   0) == expected
    # a raise at position 1: limit 85 + 5·⌊(e + m − contest_1 87) / 5⌋ = 115 with e + m = 117.5
    row = default_row(**flat, eval_intercept=100.0, bid_margin=17.5)
    assert bid(row, counts, [115, 120], 0, 1, 110) == 115
    assert bid(row, counts, [120, 125], 0, 1, 115) == ka.PASS


def test_style_files_are_the_default_table_with_a_margin():
    names, values = selection.parse_policy_options([], ["bold-bids"])
    defaults = {p.name: p.default for p in registry.HEURISTIC.params}
    style = ("bid_margin", "contest_per_5")
    for seat in range(4):
        assert {k: v for k, v in values[seat].items() if k not in style} == {
            k: v for k, v in defaults.items() if k not in style}
    margins = [selection.parse_policy_options([], [style])[1][0]["bid_margin"] for style in STYLES]
    assert margins == sorted(margins) and margins[1] == 0.0 and margins[0] < 0 < margins[2]
    listed = {line.split(": ")[0].strip(): line for line in selection.describe_policies().splitlines()}
    for style in STYLES[:1] + STYLES[2:]:  # `baofen-sim policies` says how often each style opens
        assert "of deals are opened" in listed[style]


def test_bolder_styles_open_more_hands_and_contested_auctions_reach_the_caps():
    """Measured on the same 3,000 deals: each style opens more hands than the one before, and reckless bidders
    at every seat, raising each other, reach a cap of 120 in some hands."""
    rules = preset("baofen").replace(bid_cap_default=120)
    opened, reached = [], []
    for style in STYLES:
        _, params = selection.parse_policy_options([], [style])
        hands = run_chunk(RunSpec(rules=rules, params=params, deals=3000, hands_per_table=1, seed=21), 0, 3000).hands
        opened.append(float(np.mean(hands["declarer"] >= 0)))
        reached.append(int(hands["cap_reached"].sum()))
    assert opened == sorted(opened) and len(set(opened)) == 4
    assert opened[0] < 0.12 and 0.65 < opened[2] < 0.9 and opened[3] > 0.9
    assert reached[0] == reached[1] == 0 and 0 < reached[2] < reached[3]


def test_param_key_value_sets_that_parameter_at_every_seat():
    _, values = selection.parse_policy_options([], ["bid_margin=12.5", "2.bid_margin=-3"])
    assert [v["bid_margin"] for v in values] == [12.5, 12.5, -3.0, 12.5]
    _, values = selection.parse_policy_options([], ["reckless-bids", "bid_margin=5"])  # a later one wins
    assert {v["bid_margin"] for v in values} == {5.0}


@pytest.mark.parametrize(("params", "message"), [
    (["bid_margin=150"], "bid_margin = 150 is not allowed \\(must be from -100 to 100\\)"),
    (["0.bid_margin=-100.5"], "bid_margin = -100.5 is not allowed \\(must be from -100 to 100\\)"),
    (["bid_margn=5"], "unknown parameter 'bid_margn' .* did you mean bid_margin\\?"),
    (["bold-bid"], "'bold-bid' is neither FILE.toml nor a named parameter file; did you mean bold-bids\\?"),
    (["1=reckles-bids"], "did you mean reckless-bids\\?"),
])
def test_bad_margins_and_misspelt_styles_are_one_line_errors(params, message):
    with pytest.raises(registry.PolicyError, match=message) as error:
        selection.parse_policy_options([], params)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--param", "bid_margin=101"], "bid_margin = 101 is not allowed"),
    (["simulate", "--param", "cautios-bids"], "did you mean cautious-bids?"),
    (["sweep", "--vary", "bid_margin=0,500"], "bid_margin = 500 is not allowed"),
    (["sweep", "--vary", "bid_margni=0,5"], "unknown option 'bid_margni'"),
])
def test_cli_refuses_bad_margins_and_styles_in_one_line_writing_nothing(tmp_path, args, message):
    out = tmp_path / "run"
    result = runner.invoke(app, [*args, "--deals", "10", "--out", str(out)])
    assert_one_line_error(result, message)
    assert not out.exists()


def test_sweep_varies_a_parameter_of_every_seat_on_the_same_deals(tmp_path):
    policies, params = selection.parse_policy_options([], [])
    base = RunSpec(policies=policies, params=params, deals=400, hands_per_table=8, chunk_size=200, seed=3)
    varies = [parse_vary("bid_margin=0,20", base)]
    variants = plan_variants(base, varies)
    assert [v.dir for v in variants] == ["bid_margin=0", "bid_margin=20"]
    assert [variants[1].spec.seat_params(s)["bid_margin"] for s in range(4)] == [20.0] * 4
    sweep(base, varies, tmp_path / "sweep", progress=False)
    hands = pl.scan_parquet(tmp_path / "sweep" / "hands").collect()
    by_margin = hands.group_by("bid_margin").agg((pl.col("declarer") >= 0).mean().alias("open")).sort("bid_margin")
    assert by_margin["open"][1] > by_margin["open"][0] + 0.2
    bold = run_chunk(variants[1].spec, 0, variants[1].spec.tables).hands
    assert np.array_equal(hands.filter(pl.col("bid_margin") == 20)["declarer"].to_numpy(), bold["declarer"])
    with pytest.raises(SweepError, match="unknown parameter 'bid_margin' for policy random \\(seat 1\\)"):
        parse_vary("bid_margin=0,5", base.replace(policies=("heuristic", "random", "heuristic", "random"),
                                                  params=selection.parse_policy_options(["heuristic", "1=random",
                                                                                        "3=random"], [])[1]),
                   ["heuristic", "1=random", "3=random"])


def test_fast_bid_evaluator_honours_each_seats_margin(tmp_path):
    """tune-bids' evaluator mirrors the bidder: with a different margin at every seat it settles every hand as
    the simulation of the same deals does."""
    data = load_each_data([each_run(tmp_path, "baofen")])
    table = contested_table(fit_weights(data))
    params = [table | {"bid_margin": margin} for margin in (-6.0, 0.0, 9.5, 20.0)]
    hands = simulated("baofen", params)
    _, rows = TableEvaluator(data, HANDS_PER_TABLE).run(np.array([heuristic_row(p) for p in params]), detail=True)
    assert np.array_equal(rows["declarer"], hands["declarer"])
    for seat in range(4):
        assert np.array_equal(rows["settle"][:, seat], hands[f"settle_{seat}"]), seat
    unstyled = simulated("baofen", [table] * 4)
    assert not np.array_equal(unstyled["declarer"], hands["declarer"])  # the margins mattered
