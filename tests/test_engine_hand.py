"""The whole-hand engine (engine/): output columns, determinism (DESIGN.md §4), the invariants of every
simulated hand (§10), table state across hands (§5), and the play options the trick loop implements."""

from __future__ import annotations

import functools

import numba
import numpy as np
import pytest

from baofen_sim.cards import TOTAL_POINTS, parse_card
from baofen_sim.codes import CAT_ALL_PASS, CAT_BANJI, CAT_JINTAIYANG, CAT_QUANJI, LEAD_THROW
from baofen_sim.dev import kernel_calls
from baofen_sim.games.baofen.engine import replay_hand, run_chunk
from baofen_sim.games.baofen.replay import replayed_hands
from baofen_sim.io.schema import hands_to_arrow, tricks_to_arrow
from baofen_sim.materialize import hand_rules
from baofen_sim.policies.registry import POLICY_HEURISTIC, POLICY_RANDOM
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec, plan_chunks

PRESETS = ("baofen", "baofen-001")
PASS_OFTEN = ({"pass_weight": 6.0},) * 4  # random bidders that often all pass: the 水草 pot fills and splits


@functools.cache
def warm_engine() -> None:
    """Compile (or load from the cache) the chunk kernel and the replay path once per process."""
    for policy in ("random", "heuristic"):
        spec = RunSpec(policies=(policy,) * 4, deals=8, hands_per_table=4, tricks=True)
        run_chunk(spec, 0, spec.tables)
        replay_hand(spec, 5)


@pytest.fixture(scope="session")
def engine() -> None:
    warm_engine()


def spec_of(name: str = "baofen", policy: str = "random", **changes) -> RunSpec:
    return RunSpec(rules=preset(name), policies=(policy,) * 4, deals=600, hands_per_table=16, seed=3,
                   tricks=True).replace(**changes)


def whole_run(spec: RunSpec):
    return run_chunk(spec, 0, spec.tables)


def pot_before(hands) -> np.ndarray:
    """Each hand's pot before it: 0 at the first hand of a table, else the previous hand's pot_after."""
    before = np.roll(hands["pot_after"], 1)
    before[hands["hand_in_table"] == 0] = 0.0
    return before


# ---- columns -------------------------------------------------------------------------------------------


def test_chunk_columns_fit_the_schema_in_hand_and_trick_order(engine):
    spec = spec_of(deals=100, hands_per_table=8)
    result = run_chunk(spec, 2, 5)
    hands, tricks = result.hands, result.tricks
    assert np.array_equal(hands["hand"], np.arange(16, 56))
    assert np.array_equal(hands["table"], hands["hand"] // 8)
    assert np.array_equal(hands["hand_in_table"], hands["hand"] % 8)
    hands_to_arrow(hands)
    tricks_to_arrow(tricks)
    assert np.array_equal(np.unique(tricks["hand"]), hands["hand"][hands["tricks_played"] > 0])
    order = tricks["hand"].astype(np.int64) * 100 + tricks["trick"]
    assert np.all(np.diff(order) > 0)
    per_hand = np.bincount(tricks["hand"] - 16, minlength=40)
    assert np.array_equal(per_hand, hands["tricks_played"])


def test_a_short_last_table_and_an_empty_range(engine):
    spec = spec_of(deals=21, hands_per_table=8)
    assert len(run_chunk(spec, 2, 1).hands["hand"]) == 5
    assert np.array_equal(run_chunk(spec, 1, 5).hands["hand"], np.arange(8, 21))


def test_policy_and_feature_columns(engine):
    spec = spec_of(deals=64, policies=("random", "heuristic", "random", "heuristic"))
    hands = whole_run(spec).hands
    assert list(hands["policy_0"][:1]) == [POLICY_RANDOM] and list(hands["policy_1"][:1]) == [POLICY_HEURISTIC]
    for seat in range(4):
        assert np.all((hands[f"pairs_{seat}"] >= 0) & (hands[f"pairs_{seat}"] <= 12))
        assert np.all(hands[f"strength_{seat}"] > 0)


# ---- determinism (DESIGN.md §4) -------------------------------------------------------------------------


def chunked(spec: RunSpec, threads: int):
    numba.set_num_threads(threads)
    try:
        parts = [run_chunk(spec, c.first_table, c.n_tables) for c in plan_chunks(spec)]
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    hands = {k: np.concatenate([p.hands[k] for p in parts]) for k in parts[0].hands}
    tricks = {k: np.concatenate([p.tricks[k] for p in parts]) for k in parts[0].tricks}
    return hands, tricks


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_rows_do_not_depend_on_chunking_or_threads(engine, policy):
    spec = spec_of(policy=policy, deals=1000)
    runs = [chunked(spec.replace(chunk_size=16), 1), chunked(spec.replace(chunk_size=4096), 1),
            chunked(spec.replace(chunk_size=4096), min(2, numba.config.NUMBA_NUM_THREADS)),
            chunked(spec.replace(chunk_size=80), 2 if numba.config.NUMBA_NUM_THREADS >= 2 else 1)]
    for hands, tricks in runs[1:]:
        for name, column in runs[0][0].items():
            assert np.array_equal(column, hands[name]), name
        for name, column in runs[0][1].items():
            assert np.array_equal(column, tricks[name]), name


def test_the_deal_is_a_function_of_the_hand_alone(engine):
    """Common random numbers: hand h's dealt hands, seat by seat, and their features are the same under
    every policy, rule variant and table layout (DESIGN §4 seat-stable deals)."""
    runs = [whole_run(spec_of(deals=160)), whole_run(spec_of(policy="heuristic", deals=160)),
            whole_run(spec_of("baofen-001", deals=160)), whole_run(spec_of(deals=160, params=PASS_OFTEN)),
            whole_run(spec_of(deals=160, hands_per_table=1))]
    for run in runs[1:]:
        for seat in range(4):
            for name in (f"pairs_{seat}", f"strength_{seat}"):
                assert np.array_equal(run.hands[name], runs[0].hands[name])


def test_seat_stable_deals_when_auctions_differ(engine):
    """Two runs whose auctions (and so 主叫 rotations) differ agree on every seat's cards and the kitty in
    100% of hands (DESIGN §4)."""
    a, b = spec_of(deals=128), spec_of(policy="heuristic", deals=128, hands_per_table=4)
    first, second = replayed_hands(a, 0, a.tables), replayed_hands(b, 0, b.tables)
    assert sum(x.record["bids"] != y.record["bids"] for x, y in zip(first, second, strict=True)) > 64
    assert sum(x.row["zhujiao"] != y.row["zhujiao"] for x, y in zip(first, second, strict=True)) > 32
    for x, y in zip(first, second, strict=True):
        assert (x.record["hands"], x.record["kitty"]) == (y.record["hands"], y.record["kitty"])


def test_a_replayed_record_holds_the_deal_of_its_hand(engine):
    spec = spec_of(deals=40)
    hands = whole_run(spec).hands
    for hand in (0, 17, 39):
        record = replay_hand(spec, hand)
        dealt, kitty = kernel_calls.deal(spec.seed, hand)
        assert [sorted(parse_card(c) for c in cards) for cards in record["hands"]] == dealt
        assert sorted(parse_card(c) for c in record["kitty"]) == kitty
        assert record["zhujiao"] == hands["zhujiao"][hand]


# ---- invariants of every hand (DESIGN.md §10) ----------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_invariants_of_every_hand(engine, name):
    spec = spec_of(name, deals=800, params=PASS_OFTEN)
    result = whole_run(spec)
    h, t = result.hands, result.tricks
    declared = h["declarer"] >= 0
    assert 0 < declared.sum() < len(declared)
    # 200 points in play + kitty; each player plays all 25 cards
    points = np.bincount(t["hand"], weights=t["points"], minlength=len(declared))
    cards = np.bincount(t["hand"], weights=t["cards"], minlength=len(declared))
    assert np.array_equal((points + h["kitty_points"])[declared], np.full(declared.sum(), TOTAL_POINTS))
    assert np.all(cards[declared] == spec.rules.hand_size)
    assert np.all(h["tricks_played"][declared] <= spec.rules.hand_size)
    # C = the points of the declarer's tricks; W is part of C; the categories (§6.4)
    won = t["winner"] == h["declarer"][t["hand"]]
    c = np.bincount(t["hand"], weights=np.where(won, t["points"], 0), minlength=len(declared))
    assert np.array_equal(c[declared], h["declarer_points"][declared])
    assert np.all(h["wangfen_points"][declared] <= np.minimum(h["declarer_points"][declared], 50))
    cat = h["category"]
    assert np.all(cat[declared] != CAT_ALL_PASS) and np.all(cat[~declared] == CAT_ALL_PASS)
    assert np.all((cat == CAT_QUANJI) <= (h["declarer_points"] == TOTAL_POINTS))
    assert np.all((cat == CAT_BANJI) <= (h["kitty_points"] > 0))
    assert np.all((cat[declared] == CAT_JINTAIYANG) == (h["declarer_points"][declared] == 0))
    # all-pass rows (io.schema / simulate.py expectations)
    assert np.all(h["trump"][~declared] == -1) and np.all(h["tricks_played"][~declared] == 0)
    assert np.all(h["trump"][declared] >= 0)
    # the pot: exactly 0 after a winning take (§5.7.1 (3))
    took = declared & h["declarer_won"] & (pot_before(h) > 0)
    assert took.any() and np.all(h["pot_after"][took] == 0.0)
    settle = np.stack([h[f"settle_{s}"] for s in range(4)], axis=1)
    pot_flow = np.stack([h[f"pot_flow_{s}"] for s in range(4)], axis=1)
    unit = hand_rules(spec.rules).pot_unit_value
    # the 水草 part of the settlement is what entered or left the pot
    assert np.any(pot_flow != 0) and np.allclose(pot_flow.sum(axis=1) + (h["pot_after"] - pot_before(h)) * unit, 0)
    if name == "baofen":  # §6.6: stakes are zero-sum once the pot counts as an account
        assert np.allclose(settle.sum(axis=1) + (h["pot_after"] - pot_before(h)) * unit, 0.0)
        assert np.allclose((settle - pot_flow).sum(axis=1), 0.0)


def test_the_zhujiao_rotates_by_the_rules(engine):
    """§5.7.4 after an all-pass the 主叫's 下家; §5.9 a winning declarer stays, a losing one's 下家 follows."""
    h = whole_run(spec_of(deals=480, params=PASS_OFTEN)).hands
    same_table = h["table"][1:] == h["table"][:-1]
    declarer, won, zhujiao = h["declarer"][:-1], h["declarer_won"][:-1], h["zhujiao"][:-1]
    expected = np.where(declarer < 0, (zhujiao + 1) % 4, np.where(won, declarer, (declarer + 1) % 4))
    assert np.array_equal(h["zhujiao"][1:][same_table], expected[same_table])
    first = h["hand_in_table"] == 0  # A48 table_start_rotation: table t starts at seat t mod 4
    assert np.array_equal(h["zhujiao"][first], h["table"][first] % 4)
    fixed = whole_run(spec_of(deals=160, rules=preset("baofen").replace(table_start_rotation=False))).hands
    assert np.all(fixed["zhujiao"][fixed["hand_in_table"] == 0] == 0)


@pytest.mark.parametrize("end", ["split", "unsettled"])
def test_a_pot_left_at_a_tables_end(engine, end):
    """A48 pot_at_table_end: `split` shares it after the table's last hand, so a run's stakes add up to
    zero; `unsettled` leaves it in pot_after."""
    rules = preset("baofen").replace(pot_at_table_end=end)
    spec = RunSpec(rules=rules, policies=("random",) * 4, params=PASS_OFTEN, deals=500, hands_per_table=10, seed=8)
    h = whole_run(spec).hands
    last = h["hand_in_table"] == spec.hands_per_table - 1
    total = sum(h[f"settle_{s}"] for s in range(4)).sum()
    assert np.all(h["table_end_split"][~last] == 0.0)
    if end == "split":
        assert (h["table_end_split"][last] > 0).sum() > 5 and np.all(h["pot_after"][last] == 0.0)
        assert abs(total) < 1e-6
    else:
        assert np.all(h["table_end_split"] == 0.0) and h["pot_after"][last].sum() > 0
        assert np.isclose(total, -h["pot_after"][last].sum() * hand_rules(rules).pot_unit_value)


# ---- the play options of the trick loop (§4.4.2, §4.5, §4.6) ------------------------------------------


def test_random_play_leads_throws_and_some_fail(engine):
    result = whole_run(spec_of(deals=100))
    t = result.tricks
    assert (t["lead_kind"] == LEAD_THROW).any()
    assert t["throw_failed"].sum() == result.hands["failed_throws"].sum() > 0
    assert t["ruffed"].any()


def test_no_throws_when_they_are_not_allowed(engine):
    result = whole_run(spec_of(deals=100, rules=preset("baofen").replace(allow_throws=False)))
    assert not (result.tricks["lead_kind"] == LEAD_THROW).any() and result.hands["failed_throws"].sum() == 0


def test_at_most_one_failed_throw_per_seat_with_the_limit(engine):
    """§4.6 max_failed_throws_per_player = 1: four seats, at most four failures a hand."""
    result = whole_run(spec_of(deals=200, rules=preset("baofen").replace(max_failed_throws_per_player=1)))
    assert result.hands["failed_throws"].max() <= 4 and result.hands["failed_throws"].sum() > 0


def test_a_free_relead_never_throws_again_in_the_same_turn(engine):
    """§4.4.2 free_relead: after a failed throw the leader leads again, and not a throw."""
    result = whole_run(spec_of(deals=200, rules=preset("baofen").replace(failed_throw_forced_play="free_relead")))
    t = result.tricks
    assert t["throw_failed"].any()
    assert not (t["throw_failed"] & (t["lead_kind"] == LEAD_THROW)).any()


def test_s000_penalty_is_five_points_per_attempted_card(engine):
    """§4.5: with no failed throw Pen is 0; with failures it is a multiple of 5 (and the S001 preset never
    puts a penalty into the score)."""
    h = whole_run(spec_of(deals=200)).hands
    declared = h["declarer"] >= 0
    assert np.all(h["penalty_points"][declared & (h["failed_throws"] == 0)] == 0)
    assert np.all(h["penalty_points"] % 5 == 0) and (h["penalty_points"] != 0).any()
    assert np.all(whole_run(spec_of("baofen-001", deals=100)).hands["penalty_points"] == 0)


def test_heuristic_hands_are_played_to_the_end(engine):
    result = whole_run(spec_of(policy="heuristic", deals=200))
    h = result.hands
    declared = h["declarer"] >= 0
    assert declared.any() and np.all(h["tricks_played"][declared] > 0)
    assert np.all(np.bincount(result.tricks["hand"], weights=result.tricks["cards"],
                              minlength=len(declared))[declared] == 25)
