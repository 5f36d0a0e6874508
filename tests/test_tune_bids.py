"""Issue 12: the fitted hand evaluation, the table bidder and `tune-bids`.

The differential check that makes tune-bids trustworthy: scoring a bid table on stored `--declarer each`
deals (`bid_eval`, no card played) gives, hand for hand, the declarer, the target and every seat's settlement
of an ordinary simulation of the same deals with those bidders (水草 pot, 主叫 rotation and the S001 rules
included). Then the table bidder itself, the evaluation's features, bad DATA, and fit-eval → tune-bids →
simulate --param end to end.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from baofen_sim.cards import parse_cards
from baofen_sim.cli import app
from baofen_sim.games.baofen.engine import run_chunk
from baofen_sim.games.baofen.options import AllPassMode, PotAtTableEnd
from baofen_sim.games.baofen.studies import bid_eval, bid_inputs
from baofen_sim.games.baofen.studies.bid_search import Search
from baofen_sim.games.baofen.studies.bid_table import TABLE_KEYS, WEIGHT_NAMES, heuristic_row
from baofen_sim.games.baofen.studies.each_data import EachDataError, load_each_data
from baofen_sim.games.baofen.studies.table_evaluator import TableEvaluator
from baofen_sim.games.baofen.studies.tune_bids import TuneBidsConfig, fit_weights, tune_bids
from baofen_sim.kernels import auction as ka
from baofen_sim.kernels.ledger import table_first_zhujiao
from baofen_sim.materialize import hand_rules_array
from baofen_sim.policies import dispatch, registry, selection
from baofen_sim.policies.features import EVAL_FEATURE_NAMES, NUM_EVAL_FEATURES, counts_of, eval_features, hand_bits
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate
from tests.test_engine_hand import warm_engine

DEALS = 240
HANDS_PER_TABLE = 8
SEED = 5
runner = CliRunner()
# the presets, and house rules that take the evaluator's other branches: all-pass deductions without a pot;
# fractional pay-ins (whose sum depends on the order: the pot adds in the ledger's) and a pot left unsettled;
# the no-bid streak split
RULES = {"baofen": preset("baofen"), "baofen-001": preset("baofen-001"),
         "direct": preset("baofen").replace(all_pass_mode=AllPassMode.DIRECT_001),
         "fractional": preset("baofen").replace(shuicao_zhujiao_amount=0.3, shuicao_fujiao_amount=0.1,
                                                shuicao_loss_multiple=1.5, shuicao_split_threshold=5.0,
                                                pot_at_table_end=PotAtTableEnd.UNSETTLED),
         "streak": preset("baofen").replace(shuicao_split_after_nobid_streak=3)}


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    warm_engine()


def each_run(root: Path, rules: str, seed: int = SEED, deals: int = DEALS) -> Path:
    out = root / f"each-{rules}-{seed}"
    if not out.exists():
        simulate(RunSpec(rules=RULES[rules], deals=deals, hands_per_table=1, seed=seed, declarer="each",
                         target="each"), out, progress=False)
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("each")


def contested_table(weights: dict[str, float]) -> dict[str, float]:
    """A table that opens about half the hands, differently per position, and raises often: auctions of
    every length, all-pass hands now and then (so the 水草 pot moves)."""
    table: dict[str, float] = {"bid_mode": 1.0, **weights, "contest_per_5": 4.0}
    for p, shift in enumerate((0.0, 5.0, 10.0, -5.0)):
        table[f"open85_{p}"] = 40.0 + shift
        table[f"open90_{p}"] = 60.0 + shift
        table[f"open95_{p}"] = 80.0 + shift
        table[f"contest_{p}"] = 45.0 + shift
    return table


def simulated(rules: str, params: list[dict[str, float]]) -> dict[str, np.ndarray]:
    spec = RunSpec(rules=RULES[rules], policies=("heuristic",) * 4, params=tuple(params), deals=DEALS,
                   hands_per_table=HANDS_PER_TABLE, seed=SEED)
    return run_chunk(spec, 0, spec.tables).hands


def on_stored_values(table: dict[str, float], data) -> dict[str, float]:
    """`table` with every threshold moved onto a stored evaluation: the evaluator's levels tie there and it
    must compare the values themselves (bid_inputs.threshold_level)."""
    evals = TableEvaluator(data, HANDS_PER_TABLE).evaluations(np.tile(heuristic_row(table), (4, 1))).ravel()
    moved = dict(table)
    for key in TABLE_KEYS:
        if key != "contest_per_5":
            moved[key] = float(evals[np.argmin(np.abs(evals - table[key]))])
    return moved


def test_levels_tell_a_comparison_as_the_values_do():
    """The evaluator compares a value with a threshold by their levels, reading the value only on a tie
    (bid_inputs.threshold_level): the same verdict as value >= threshold, at ties, one ulp either side, clipped
    levels, infinities and a NaN threshold."""
    rng = np.random.default_rng(3)
    base = np.concatenate([rng.normal(80, 40, 400), np.round(rng.normal(80, 40, 200) * 64) / 64,
                           [0.0, -0.0, 511.99, 512.0, 600.0, -512.0, -513.0, -1e9, 1e9, np.inf, -np.inf]])
    values = np.concatenate([base, np.nextafter(base, np.inf), np.nextafter(base, -np.inf)])
    thresholds = np.concatenate([base[::7], np.nextafter(base[::11], np.inf), [np.nan]])
    levels = bid_inputs.value_levels(values).astype(np.int64)[:, None]
    threshold_levels = np.array([bid_inputs.threshold_level(t) for t in thresholds])[None, :]
    truth = values[:, None] >= thresholds[None, :]
    by_levels = np.where(levels == threshold_levels, truth, levels > threshold_levels)
    assert np.array_equal(by_levels, truth)
    assert (levels == threshold_levels).mean() < 0.05  # the value is rarely needed


def test_a_value_exactly_on_a_threshold_reaches_it_and_one_ulp_below_does_not():
    """Hand-made deals (one hand a table, the 主叫 fixed): the 主叫 opens 85 exactly at his open85 threshold and
    90 exactly at open90; one ulp below each he bids less; the seat after him raises to 90 exactly at
    contest + contest_per_5 and not one ulp below. Levels tie at every one of these values, so only the
    evaluator's reading of the value itself decides."""
    hr = hand_rules_array(preset("baofen").replace(table_start_rotation=False))
    zhujiao = table_first_zhujiao(hr[0], 0)
    t85, t90, contest, per_5 = 40.0 + 1 / 3, 55.7, 50.25, 4.0
    table = {"bid_mode": 1.0, "contest_per_5": per_5,
             **{f"open{bid}_{p}": 1e6 for bid in (85, 90, 95) for p in range(1, 4)},
             "open85_0": t85, "open90_0": t90, "open95_0": 1e6, "contest_0": 1e6,
             "contest_1": contest, "contest_2": 1e6, "contest_3": 1e6}
    below = np.nextafter
    cases = [  # (the 主叫's value, the next seat's value) -> (declarer's position or None, target)
        ((t85, 0.0), (0, 85)), ((below(t85, -np.inf), 0.0), (None, 0)),
        ((t90, 0.0), (0, 90)), ((below(t90, -np.inf), 0.0), (0, 85)),
        ((t85, contest + per_5), (1, 90)), ((t85, below(contest + per_5, -np.inf)), (0, 85))]
    values = np.zeros((len(cases), 4))
    for h, ((first, second), _) in enumerate(cases):
        values[h, zhujiao] = first
        values[h, (zhujiao + 1) % 4] = second
    assert np.all(bid_inputs.value_levels(values[:, zhujiao]) ==
                  [bid_inputs.threshold_level(v) for v in (t85, t85, t90, t90, t85, t85)])
    n = len(cases)
    deals = bid_inputs.stored_deals(int(hr[0].cap_max), np.full((n, 4), 150), np.full((n, 4), 100),
                                    np.zeros((n, 4), dtype=np.int64), None, np.arange(n + 1), np.zeros(n))
    params = np.tile(heuristic_row(table), (4, 1))
    deals = bid_inputs.with_bidders(deals, params, values, values)
    declarer, target = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    bid_eval.evaluate(hr, params, deals, np.arange(n), np.zeros((1, 4)), np.zeros((n, 4)),
                      np.zeros((1, bid_eval.NUM_STATS)), True, declarer, target, np.zeros((n, 4)))
    expected = [(-1 if p is None else (zhujiao + p) % 4, t) for _, (p, t) in cases]
    assert list(zip(declarer.tolist(), target.tolist(), strict=True)) == expected


@pytest.mark.parametrize("rules, mix", [(rules, mix) for rules in ("baofen", "baofen-001") for mix in (
    "all_table", "one_table", "all_threshold", "on_stored_values")] + [(rules, mix) for rules in (
        "direct", "fractional", "streak") for mix in ("all_table", "all_threshold")])
def test_fast_evaluator_settles_every_hand_as_the_simulation_does(runs, rules, mix):
    data = load_each_data([each_run(runs, rules)])
    table = contested_table(fit_weights(data))
    if mix == "on_stored_values":
        table = on_stored_values(table, data)
    params = {"all_table": [table] * 4, "one_table": [{}, table, {}, {}], "all_threshold": [{}] * 4,
              "on_stored_values": [table] * 4}[mix]
    hands = simulated(rules, params)
    _, rows = TableEvaluator(data, HANDS_PER_TABLE).run(np.array([heuristic_row(p) for p in params]), detail=True)
    assert np.array_equal(rows["declarer"], hands["declarer"])
    declared = hands["declarer"] >= 0
    assert np.array_equal(rows["target"][declared], hands["target"][declared])
    for seat in range(4):
        assert np.array_equal(rows["settle"][:, seat], hands[f"settle_{seat}"]), seat
    if mix == "on_stored_values":  # some seats' evaluations sit exactly on a threshold
        evals = TableEvaluator(data, HANDS_PER_TABLE).evaluations(np.tile(heuristic_row(table), (4, 1)))
        assert np.isin(evals, [table[key] for key in TABLE_KEYS]).sum() >= 8
    if mix == "all_table":  # the check covers what it should: contested auctions, all-passes, pot flows
        assert (~declared).sum() > 5 and (hands["target"][declared] > 95).sum() > 5
        assert np.any(hands["pot_after"] > 0) == (RULES[rules].all_pass_mode != AllPassMode.DIRECT_001)


def test_each_data_recomputes_the_dealt_features_of_the_run(runs):
    out = each_run(runs, "baofen")
    data = load_each_data([out])
    hands = run_chunk(RunSpec(rules=preset("baofen"), deals=DEALS, hands_per_table=1, seed=SEED, declarer="each",
                              target="each"), 0, DEALS).hands
    for seat in range(4):  # the strength_i column of every row of hand h is seat i's dealt strength
        assert np.array_equal(data.strength[:, seat], hands[f"strength_{seat}"][::4])
        assert np.array_equal(data.caps[:, seat] == 250, hands[f"pairs_{seat}"][::4] >= 5)
    assert np.array_equal(data.score.reshape(-1), hands["score"])


# ----- the evaluation and the table bidder ----------------------------------------------------------------


def features_of(text: str) -> dict[str, float]:
    ge1, eq2 = hand_bits(counts_of(parse_cards(text)))
    out = np.zeros(NUM_EVAL_FEATURES)
    eval_features(ge1, eq2, out)
    return dict(zip(EVAL_FEATURE_NAMES, out.tolist(), strict=True))


def test_evaluation_features_count_a_hand_in_domain_terms():
    # ♥ is the best suit: H3 H3 H4 H4 H5 (a tractor, a 王分 card) HA HK; ♠ void, ♦ one card, ♣ long-ish.
    f = features_of("BJ BJ LJ S2 C2 HA HK H3 H3 H4 H4 H5 H10 DA C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CQ")
    assert (f["big_jokers"], f["little_jokers"], f["twos"], f["aces"], f["kings"]) == (2, 1, 2, 2, 1)
    assert f["points"] == (5 + 10 + 10 + 5 + 10) / 10  # H5 H10 HK C5 C10
    assert f["pairs"] == 4 and f["links"] == 1  # BJ, H3, H4, CQ; H3H3H4H4
    assert (f["trump_length"], f["trump_high"], f["trump_pairs"], f["trump_wangfen"]) == (8, 2, 2, 3)
    assert (f["voids"], f["short_suits"]) == (1, 1)  # ♠ void, ♦ A alone (the 2s are not suit cards)


def decide(params: np.ndarray, hand: str, legal: list[int], zhujiao: int, to_act: int, high: int = 0) -> int:
    state = ka.new_auction_state()
    state[ka.AU_ZHUJIAO], state[ka.AU_TO_ACT] = zhujiao, to_act
    state[ka.AU_HIGH_BID] = high if high else ka.NO_BID
    buffer = np.zeros(8, dtype=np.int64)
    buffer[:len(legal)] = legal
    bid, _ = dispatch.bid_decision(registry.POLICY_HEURISTIC, params, counts_of(parse_cards(hand)), buffer,
                                   len(legal), state, np.uint64(1))
    return int(bid)


def test_table_bidder_opens_by_position_and_raises_to_its_limit():
    hand = "BJ BJ LJ S2 C2 HA HK H3 H3 H4 H4 H5 H10 DA C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CQ"
    values = {**dict.fromkeys(WEIGHT_NAMES, 0.0), "bid_mode": 1.0, "eval_intercept": 100.0,
              "contest_per_5": 5.0}  # every hand evaluates to 100
    for p in range(4):
        values |= {f"open85_{p}": 90.0 + 5 * p, f"open90_{p}": 95.0 + 5 * p, f"open95_{p}": 999.0, f"contest_{p}": 90.0}
    params = heuristic_row(values)
    assert decide(params, hand, [85, 90, 95], zhujiao=2, to_act=2) == 90  # position 0: 100 >= open90 95
    assert decide(params, hand, [85, 90, 95], zhujiao=2, to_act=3) == 90  # position 1: 100 >= 100
    assert decide(params, hand, [85, 90, 95], zhujiao=2, to_act=0) == 85  # position 2: open90 105, open85 100
    assert decide(params, hand, [85, 90, 95], zhujiao=2, to_act=1) == ka.PASS  # position 3: open85 at 105
    assert decide(params, hand, [85], zhujiao=0, to_act=1) == 85  # only 85 is legal
    # limit 85 + 5·⌊(100 − 90) / 5⌋ = 95: raises by the smallest step up to 95, then passes
    assert decide(params, hand, [95, 100, 105], zhujiao=0, to_act=1, high=90) == 95
    assert decide(params, hand, [100, 105], zhujiao=0, to_act=1, high=95) == ka.PASS
    weak = heuristic_row({**values, "eval_intercept": 50.0})
    assert decide(weak, hand, [85, 90, 95], zhujiao=0, to_act=0) == ka.PASS


def test_threshold_bids_file_is_the_old_threshold_bidder_whatever_the_default():
    _, params = selection.parse_policy_options([], ["0=threshold-bids"])
    assert params[0]["bid_mode"] == registry.BID_MODE_THRESHOLD
    assert (params[0]["open_threshold"], params[0]["per_5_points"], params[0]["max_bid"]) == (22.0, 1.0, 250.0)
    # default-bids.toml sets the table bidder's defaults and nothing else
    with registry.DEFAULT_BIDS_FILE.open("rb") as handle:
        assert set(tomllib.load(handle)) <= {p.name for p in registry.TABLE_BIDDER_PARAMS}


# ----- bad DATA ---------------------------------------------------------------------------------------------


def test_tune_bids_refuses_data_that_is_not_declarer_each(runs, tmp_path):
    auction_run = runs / "auction"
    if not auction_run.exists():
        simulate(RunSpec(deals=32, hands_per_table=8, seed=1), auction_run, progress=False)
    result = runner.invoke(app, ["tune-bids", str(auction_run), "--out", str(tmp_path / "t")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "not --declarer each data" in lines[0] and "Traceback" not in result.output
    with pytest.raises(EachDataError):
        load_each_data([auction_run])


def test_tune_bids_refuses_data_that_mixes_rules(runs, tmp_path):
    result = runner.invoke(app, ["tune-bids", str(each_run(runs, "baofen")), str(each_run(runs, "baofen-001")),
                                 "--out", str(tmp_path / "t")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "mix rules" in lines[0]


# ----- end to end -------------------------------------------------------------------------------------------


def test_fit_eval_then_tune_bids_then_simulate_with_the_written_table(runs, tmp_path):
    train, test = each_run(runs, "baofen"), each_run(runs, "baofen", seed=SEED + 1)
    fitted = runner.invoke(app, ["fit-eval", str(train), "--test", str(test), "--out", str(tmp_path / "eval")])
    assert fitted.exit_code == 0, fitted.output
    assert (tmp_path / "eval" / "calibration.png").stat().st_size > 0
    tuned = runner.invoke(app, ["tune-bids", str(train), "--eval", str(tmp_path / "eval" / "eval.toml"),
                                "--rounds", "2", "--hands-per-table", "4", "--validate", "64",
                                "--out", str(tmp_path / "bids")])
    assert tuned.exit_code == 0, tuned.output
    bids = tmp_path / "bids" / "bids.toml"
    with bids.open("rb") as handle:
        table = tomllib.load(handle)
    assert table["bid_mode"] == 1 and "open85_0" in table and "eval_links" in table
    played = runner.invoke(app, ["simulate", "--deals", "32", "--seed", "9", "--param", f"0={bids}",
                                 "--param", f"2={bids}", "--out", str(tmp_path / "sim")])
    assert played.exit_code == 0, played.output


def test_tune_bids_reaches_a_table_that_is_a_best_response_to_itself(runs, tmp_path):
    data = load_each_data([each_run(runs, "baofen")])
    summary = tune_bids(data, fit_weights(data), TuneBidsConfig(hands_per_table=4, rounds=8), tmp_path,
                        echo=lambda line: None)
    assert summary["fixed_point"]
    assert summary["rounds"][-1]["moves"] == []  # the last round's best response is the table itself


def test_tune_bids_options_are_checked_in_one_line(runs, tmp_path):
    data = str(each_run(runs, "baofen"))
    partial = tmp_path / "weights.toml"
    partial.write_text("eval_intercept = 1.0\n")
    for args, expected in ((["--eval", str(partial)], "no eval_big_jokers"), (["--seats", "5"], "--seats 1 to 4"),
                           (["--eval", str(tmp_path / "none.toml")], "no such file")):
        result = runner.invoke(app, ["tune-bids", data, *args, "--out", str(tmp_path / "t")])
        assert result.exit_code == 2, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], result.output


def test_search_replays_only_the_affected_tables_and_scores_as_a_full_evaluation(runs):
    data = load_each_data([each_run(runs, "baofen")])
    search = Search(TableEvaluator(data, HANDS_PER_TABLE), fit_weights(data))
    current = {key: value for key, value in contested_table({}).items() if key in TABLE_KEYS}
    best = {**current, "open85_1": current["open85_1"] - 6}
    for key, step in (("open85_1", 3.0), ("open90_0", -20.0), ("contest_2", -4.0), ("contest_per_5", 1.0),
                      ("open95_3", -30.0), ("contest_0", 50.0)):
        trial = {**best, key: best[key] + step}
        assert search.score(trial, current, reference=best) == pytest.approx(search.score(trial, current), abs=1e-12)
    # a chain of accepted moves: each new reference is built from the last candidate's replayed tables
    reference = best
    for key, step in (("open85_2", -4.0), ("contest_1", 2.0), ("contest_per_5", -1.0), ("open90_3", 8.0)):
        trial = {**reference, key: reference[key] + step}
        assert search.score(trial, current, reference=reference) == pytest.approx(search.score(trial, current),
                                                                                  abs=1e-12)
        reference = trial
    rows = np.tile(search.row(current), (4, 1))
    few = search.affected_tables({**current, "open95_0": current["open95_0"] + 1}, current, rows, 0)
    assert 0 < len(few) < len(search.evaluator.table_ids)  # a small move replays a few tables
