"""Issue 21: the hand columns `cap_reached` (the final bid is the declarer's cap, RULES.md §5.4.2) and
`cap_limited` (some seat's bidder would have bid above its cap), on hands built so that a cap binds and so that
it does not, over whole runs, and in `report` and `compare`."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from baofen_sim.cards import parse_cards
from baofen_sim.cli import app
from baofen_sim.games.baofen.engine import hand as engine_hand
from baofen_sim.games.baofen.engine import run_chunk
from baofen_sim.games.baofen.report import build_report
from baofen_sim.games.baofen.report.compare import compare_runs
from baofen_sim.games.baofen.studies.bid_table import heuristic_row
from baofen_sim.kernels import auction as ka
from baofen_sim.materialize import hand_rules
from baofen_sim.policies import registry, selection
from baofen_sim.policies.features import counts_of
from baofen_sim.records import DEAL_SCRATCH_DTYPE, HAND_ROW_DTYPE, PLAY_STATE_DTYPE
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate
from tests.test_engine_hand import warm_engine

runner = CliRunner()
FIVE_PAIRS = "SA SA HA HA CA CA DA DA SK SK S3 S4 S5 S6 S7 S8 S9 H3 H4 H5 H6 H7 H8 H9 H10"  # cap 250 (§5.4.2)
FOUR_PAIRS = "SQ SQ HQ HQ CQ CQ DQ DQ C3 C4 C5 C6 C7 C8 C9 C10 CJ D3 D4 D5 D6 D7 D8 D9 D10"  # cap 150
NO_PAIR = "BJ LJ S2 H2 C2 D2 SJ HJ DJ HK CK DK S10 C10 D10 H10 S5 H5 C5 D5 S6 H6 C6 D6 S7"


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    warm_engine()


def bidder(evaluation: float) -> np.ndarray:
    """A table bidder that evaluates every hand at `evaluation`; in every position it opens 85 from 80, 90 from
    100, 95 from 140 and raises to 85 + 5·⌊(evaluation − 85) / 5⌋."""
    table = {f"eval_{name}": 0.0 for name in registry.EVAL_FEATURE_NAMES} | {"eval_intercept": evaluation,
                                                                           "contest_per_5": 5.0}
    for p in range(4):
        table |= {f"open85_{p}": 80.0, f"open90_{p}": 100.0, f"open95_{p}": 140.0, f"contest_{p}": 85.0}
    return heuristic_row(table)


def auction(hands: list[str], evaluations: list[float], rules=None) -> dict[str, object]:
    """The engine's auction (`engine.hand.auction`) of these hands, seat 0 the 主叫: its bids and the cap columns."""
    hr = hand_rules(rules or preset("baofen"))
    scratch = np.zeros(1, DEAL_SCRATCH_DTYPE)
    state = np.zeros(1, PLAY_STATE_DTYPE)
    row = np.zeros(1, HAND_ROW_DTYPE)
    for seat, (cards, evaluation) in enumerate(zip(hands, evaluations, strict=True)):
        counts = counts_of(parse_cards(cards))
        scratch[0]["counts"][seat] = counts
        scratch[0]["caps"][seat] = ka.bid_cap(hr, counts)
        state[0]["policy_ids"][seat] = registry.POLICY_HEURISTIC
        state[0]["params"][seat] = bidder(evaluation)
    declarer = engine_hand.auction(hr, scratch[0], state[0], row[0], 0)
    bids = [int(b) for b in row[0]["bids"][:row[0]["n_bids"]] if b != ka.PASS]
    return {"declarer": int(declarer), "target": bids[-1] if bids else None, "bids": bids,
            "cap_reached": bool(row[0]["cap_reached"]), "cap_limited": bool(row[0]["cap_limited"])}


PASSING = [-1000.0, -1000.0]  # seats 2 and 3 never bid


def test_a_cap_that_stops_two_raisers_is_reached_and_holds_one_back():
    # both raise to 200 but hold 4 pairs: seat 1 bids 150 = its cap, seat 0 would bid 155 and must pass
    a = auction([FOUR_PAIRS, FOUR_PAIRS, NO_PAIR, NO_PAIR], [200.0, 200.0, *PASSING])
    assert (a["declarer"], a["target"], a["bids"][:3]) == (1, 150, [95, 100, 105])
    assert a["cap_reached"] and a["cap_limited"]


def test_an_auction_that_stops_below_the_caps_reaches_none_and_is_held_back_by_none():
    a = auction([FOUR_PAIRS, FOUR_PAIRS, NO_PAIR, NO_PAIR], [110.0, 110.0, *PASSING])
    assert (a["declarer"], a["target"]) == (0, 110)  # seat 1 stops at its limit 105, below the cap
    assert not a["cap_reached"] and not a["cap_limited"]


def test_a_bidder_whose_limit_is_the_cap_reaches_it_without_being_held_back():
    a = auction([FOUR_PAIRS, FOUR_PAIRS, NO_PAIR, NO_PAIR], [150.0, 150.0, *PASSING])
    assert (a["declarer"], a["target"]) == (1, 150)  # seat 0 passes at 155: above its own limit, not the cap's
    assert a["cap_reached"] and not a["cap_limited"]


def test_a_cap_can_hold_a_bidder_back_below_the_declarers_own_cap():
    # seat 1 holds five pairs (cap 250): seat 0 is held at 150, seat 1 declares at 150, well under its cap
    a = auction([FOUR_PAIRS, FIVE_PAIRS, NO_PAIR, NO_PAIR], [200.0, 200.0, *PASSING])
    assert (a["declarer"], a["target"]) == (1, 150)
    assert not a["cap_reached"] and a["cap_limited"]
    open_range = auction([FIVE_PAIRS, FIVE_PAIRS, NO_PAIR, NO_PAIR], [200.0, 200.0, *PASSING])
    assert open_range["target"] == 200 and not open_range["cap_reached"] and not open_range["cap_limited"]


def test_a_low_cap_binds_on_the_first_raise_and_an_all_pass_hand_has_neither():
    rules = preset("baofen").replace(bid_cap_default=100)  # §9.3: never below the highest opening (95)
    a = auction([FOUR_PAIRS, FOUR_PAIRS, NO_PAIR, NO_PAIR], [150.0, 150.0, *PASSING], rules)
    assert (a["declarer"], a["bids"]) == (1, [95, 100])  # seat 0 would raise to 105
    assert a["cap_reached"] and a["cap_limited"]
    all_pass = auction([FOUR_PAIRS, NO_PAIR, NO_PAIR, NO_PAIR], [-1000.0] * 4, rules)
    assert all_pass["declarer"] == ka.NO_SEAT and not all_pass["cap_reached"] and not all_pass["cap_limited"]


def reckless(cap: int, **changes) -> RunSpec:
    _, params = selection.parse_policy_options([], ["reckless-bids"])
    return RunSpec(rules=preset("baofen").replace(bid_cap_default=cap), params=params, deals=3000, hands_per_table=1,
                   seed=12, **changes)


def test_a_cap_holds_a_bidder_back_exactly_where_a_higher_cap_changes_the_auction():
    """Over whole runs of deterministic bidders (one hand per table): the auction at cap 120 differs from the
    auction on the same deal at cap 250 exactly in the hands marked cap_limited; cap_reached is the final bid
    being the declarer's §5.4.2 cap."""
    low = run_chunk(reckless(120), 0, 3000).hands
    high = run_chunk(reckless(250), 0, 3000).hands
    changed = np.any(low["bids"] != high["bids"], axis=1)
    assert np.array_equal(low["cap_limited"], changed) and 10 < changed.sum() < 1500
    assert not high["cap_limited"].any()
    pairs = np.stack([low[f"pairs_{s}"] for s in range(4)], axis=1)
    caps = np.where(pairs >= 5, 250, 120)  # bid_cap_pairs_min 5, bid_cap_max 250
    declared = low["declarer"] >= 0
    at_cap = declared & (low["target"] == caps[np.arange(len(caps)), np.maximum(low["declarer"], 0)])
    assert np.array_equal(low["cap_reached"], at_cap) and at_cap.sum() > 10
    forced = run_chunk(reckless(120, declarer=0, target=120), 0, 3000).hands
    assert not forced["cap_reached"].any() and not forced["cap_limited"].any()  # no auction


@pytest.fixture(scope="module")
def cap_runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("caps")
    for cap in (120, 150):
        simulate(reckless(cap).replace(hands_per_table=8, deals=4000), root / f"cap{cap}", progress=False)
    return root


def test_report_shows_both_cap_rates_with_cis_and_the_declarers_results_where_they_hold(cap_runs):
    report = build_report(cap_runs / "cap120")
    caps = report["overall"]["caps"]
    hands = run_chunk(reckless(120).replace(hands_per_table=8, deals=4000), 0, 500).hands
    declared = hands["declarer"] >= 0
    assert caps["cap_reached"]["count"] == hands["cap_reached"].sum() > 0
    assert caps["cap_reached"]["rate"] == pytest.approx(hands["cap_reached"].sum() / declared.sum())
    assert caps["cap_limited"]["rate"] == pytest.approx(hands["cap_limited"].sum() / declared.sum())
    for name in ("cap_reached", "cap_limited"):
        low, high = caps[name]["ci95"]
        assert low < caps[name]["rate"] < high
        rows = declared & hands[name]
        settle = np.choose(np.maximum(hands["declarer"], 0), [hands[f"settle_{s}"] for s in range(4)])[rows]
        assert caps[name]["mean_settle_declarer"] == pytest.approx(settle.mean())
        assert caps[name]["win_rate"] == pytest.approx(hands["declarer_won"][rows].mean())
    result = runner.invoke(app, ["report", str(cap_runs / "cap120")])
    assert result.exit_code == 0 and "cap reached (target = the declarer's cap)" in result.output
    assert "cap held a bidder back" in result.output


def test_compare_pairs_the_cap_rates_and_the_hands_where_a_cap_binds(cap_runs):
    result = compare_runs(cap_runs / "cap150", cap_runs / "cap120")
    reached, limited = result["metrics"]["cap_reached_rate"], result["metrics"]["cap_limited_rate"]
    assert reached["b"] > reached["a"] and limited["b"] > limited["a"]
    assert reached["ci95"][0] > 0 and limited["ci95"][0] > 0  # the paired CI of B − A excludes 0
    # the same hands on both sides: those where a cap holds a bidder back in A or in B
    a, b = (run_chunk(reckless(cap).replace(hands_per_table=8, deals=4000), 0, 500).hands for cap in (150, 120))
    bound = a["cap_limited"] | b["cap_limited"]
    target = result["metrics"]["target_cap_bound"]
    assert (target["a"], target["b"]) == pytest.approx((a["target"][bound].mean(), b["target"][bound].mean()))
    assert target["ci95"][1] < 0  # where the lower cap binds, it lowers the target
    settle = result["metrics"]["settle_declarer_cap_bound"]
    declarer_b = np.choose(b["declarer"][bound], [b[f"settle_{s}"][bound] for s in range(4)])
    assert settle["b"] == pytest.approx(declarer_b.mean())
    printed = runner.invoke(app, ["compare", str(cap_runs / "cap150"), str(cap_runs / "cap120")])
    assert printed.exit_code == 0 and "cap reached (declared hands)" in printed.output
    assert "mean target where a cap holds a bidder back in either run" in printed.output
    as_json = json.loads(runner.invoke(app, ["compare", str(cap_runs / "cap150"), str(cap_runs / "cap120"),
                                             "--json"]).output)
    assert as_json["metrics"]["cap_limited_rate"]["difference"] == pytest.approx(limited["difference"])
