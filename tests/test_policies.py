"""Policies: the registry and its options (DESIGN §6, §9), hand features, and the bid / bury / trump
decisions (RULES.md §5.4–§5.6), checked against the reference auction where they meet it."""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import config

from baofen_sim.cards import BIG_JOKER, POINTS, full_pack, parse_cards, rank_of
from baofen_sim.games.baofen.engine.auction import play_auction
from baofen_sim.games.baofen.reference.auction import Auction, count_pairs
from baofen_sim.kernels import auction as ka
from baofen_sim.kernels.rng import STREAM_SEAT_BASE, stream_key
from baofen_sim.materialize import hand_rules
from baofen_sim.policies import dispatch, registry, selection
from baofen_sim.policies.features import (
    FEAT_BEST_SUIT,
    FEAT_BEST_SUIT_LENGTH,
    FEAT_JOKERS,
    FEAT_PAIRS,
    FEAT_STRENGTH,
    FEAT_TRUMP_LENGTH,
    FEAT_TWOS,
    NUM_FEATURES,
    best_trump_suit,
    counts_of,
    hand_features,
    hand_strength,
)
from baofen_sim.policies.registry import (
    HEURISTIC_MAX_BID,
    HEURISTIC_OPEN_THRESHOLD,
    HEURISTIC_PER_5_POINTS,
    POLICY_HEURISTIC,
    POLICY_RANDOM,
    RANDOM_PASS_WEIGHT,
    PolicyError,
)
from baofen_sim.policies.selection import describe_policies, policy_arrays, resolve_policies
from baofen_sim.records import MAX_PARAMS
from baofen_sim.rules import preset

RANDOM_ID = np.int8(POLICY_RANDOM)
HEURISTIC_ID = np.int8(POLICY_HEURISTIC)
KITTY = 8


def deal(seed: int) -> tuple[list[list[int]], list[int]]:
    pack = full_pack()
    random.Random(seed).shuffle(pack)
    return [sorted(pack[25 * i:25 * (i + 1)]) for i in range(4)], sorted(pack[100:])


def seat_streams(seed: int) -> np.ndarray:
    return np.array([stream_key(seed, 0, STREAM_SEAT_BASE + s) for s in range(4)], dtype=np.uint64)


def auction_arrays(hr):
    return (ka.new_auction_state(), np.zeros(hr.max_auction_steps, dtype=np.int64),
            np.zeros(hr.max_auction_steps, dtype=np.int64))


def run_auction(rules, hands, ids, params, seed, zhujiao=0):
    """play_auction on `hands`: (steps as (seat, bid or None), declarer or None, target or None)."""
    hr = hand_rules(rules)
    counts = np.stack([counts_of(h) for h in hands])
    caps = np.array([ka.bid_cap(hr, c) for c in counts], dtype=np.int64)
    state, seats, bids = auction_arrays(hr)
    n, _ = play_auction(hr, zhujiao, counts, caps, ids, params, seat_streams(seed), state, seats, bids,
                        np.zeros(hr.max_bid_choices, dtype=np.int64), np.zeros(hr.max_auction_steps, dtype=np.int64))
    steps = [(int(seats[i]), None if bids[i] == ka.PASS else int(bids[i])) for i in range(n)]
    declarer = int(ka.auction_declarer(state))
    return steps, (None if declarer == ka.NO_SEAT else declarer), (int(ka.auction_target(state)) or None)


@pytest.fixture(scope="session", autouse=True)
def compiled():
    """Compile every policy kernel once for the session (cached on disk afterwards)."""
    hands, kitty = deal(0)
    for name in ("heuristic", "random"):
        ids, params = resolve_policies([name], [])
        run_auction(preset("baofen"), hands, ids, params, 0)
        out = np.zeros(KITTY, dtype=np.int64)
        dispatch.bury_decision(ids[0], params[0], counts_of(hands[0] + kitty), np.uint64(1), out)
        dispatch.trump_decision(ids[0], params[0], counts_of(hands[0]), np.uint64(1))
    hand_features(counts_of(hands[0]), True, np.zeros(NUM_FEATURES))


# ----- registry and options -----------------------------------------------------------------------------


def test_default_is_heuristic_with_default_params():
    ids, params = resolve_policies([], [])
    assert ids.dtype == np.int8 and ids.tolist() == [POLICY_HEURISTIC] * 4
    assert params.shape == (4, MAX_PARAMS) and params.dtype == np.float64
    assert params[0, HEURISTIC_OPEN_THRESHOLD] == 22.0 and params[3, HEURISTIC_MAX_BID] == 250.0


def test_names_and_ids():
    assert selection.policy_id("random") == 0 and selection.policy_id("heuristic") == 1
    assert registry.policy_name(1) == "heuristic"


def test_policy_for_every_seat_and_one_seat():
    ids, params = resolve_policies(["random", "2=heuristic"], [])
    assert ids.tolist() == [0, 0, 1, 0]
    assert params[0, RANDOM_PASS_WEIGHT] == 1.0
    # A seat's policy wins over the plain NAME whatever the order.
    assert resolve_policies(["2=heuristic", "random"], [])[0].tolist() == [0, 0, 1, 0]


def test_param_key_value_and_file_in_order(tmp_path):
    path = tmp_path / "bids.toml"
    path.write_text("open_threshold = 25\nper_5_points = 0.5\n")
    _, params = resolve_policies([], [f"1={path}", "1.open_threshold=24.5", "3.max_bid=120"])
    assert params[1, HEURISTIC_OPEN_THRESHOLD] == 24.5 and params[1, HEURISTIC_PER_5_POINTS] == 0.5
    assert params[3, HEURISTIC_MAX_BID] == 120 and params[0, HEURISTIC_OPEN_THRESHOLD] == 22.0


def test_named_parameter_file_for_one_seat_or_every_seat():
    untuned = {"declarer_win_min_points": 5.0, "declarer_ruff_min_points": 10.0,
               "defender_win_min_points": 5.0, "defender_ruff_min_points": 10.0}
    names, values = selection.parse_policy_options([], ["2=heuristic-untuned"])
    assert all(values[2][key] == value for key, value in untuned.items())
    assert values[1]["declarer_ruff_min_points"] == 0.0 and values[1]["defender_win_min_points"] == 0.0
    names, values = selection.parse_policy_options(["sampler"], ["heuristic-untuned", "3.samples=20"])
    assert all(values[seat][key] == value for seat in range(4) for key, value in untuned.items())
    assert values[3]["samples"] == 20 and values[0]["samples"] == 16
    assert "heuristic-untuned" in registry.named_param_files()


def test_policy_arrays_from_names_and_mappings():
    ids, params = policy_arrays(["random", "heuristic", "heuristic", "random"], [{"pass_weight": 3}, {}, {}, {}])
    assert ids.tolist() == [0, 1, 1, 0] and params[0, RANDOM_PASS_WEIGHT] == 3.0
    with pytest.raises(PolicyError, match="unknown parameter 'max_bid' for policy random"):
        policy_arrays(["random"] * 4, [{"max_bid": 100}])


@pytest.mark.parametrize(("policies", "params", "message"), [
    (["heuristc"], [], "unknown policy 'heuristc'; did you mean heuristic?"),
    (["mymod:policy"], [], "plug-in 'mymod:policy' is not in this process's policy set"),
    (["1=mymod:policy"], [], "call baofen_sim.policy_set.select with the run's policies first"),
    (["4=random"], [], "seat 4 is not a seat"),
    (["x=random"], [], "'x' is not a seat"),
    (["1=random", "1=heuristic"], [], "seat 1 is given a policy twice"),
    (["random", "heuristic"], [], "already given"),
    ([], ["0.open_treshold=3"], "unknown parameter 'open_treshold' .* did you mean open_threshold"),
    ([], ["0.pass_weight=3"], "unknown parameter 'pass_weight' for policy heuristic"),
    ([], ["0.open_threshold=abc"], "is not a number"),
    ([], ["0.open_threshold=nan"], "not a finite number"),
    ([], ["0.per_5_points=0"], "must be > 0"),
    (["random"], ["2.pass_weight=-1"], "must be >= 0"),
    ([], ["5.max_bid=100"], "seat 5 is not a seat"),
    ([], ["0"], "'0' is neither FILE.toml nor a named parameter file; named: bold-bids, cautious-bids, default-bids, "
                "heuristic-untuned"),
    ([], ["0=params.txt"], "'params.txt' is neither FILE.toml nor a named parameter file"),
    ([], ["1=heuristic-untund"], "did you mean heuristic-untuned?"),
    ([], ["0=/no/such/file.toml"], "no such file"),
    (["random"], ["heuristic-untuned"], "unknown parameter 'declarer_win_min_points' for policy random"),
    (["sampler"], ["0.samples=0"], "samples = 0 is not allowed \\(must be a whole number from 1 to 1024\\)"),
    (["sampler"], ["0.samples=2000"], "samples = 2000 is not allowed \\(must be a whole number from 1 to 1024\\)"),
    (["sampler"], ["0.candidates=22"], "candidates = 22 is not allowed \\(must be a whole number from 1 to 21\\)"),
    (["sampler"], ["0.candidates=2.5"], "candidates = 2.5 is not allowed \\(must be a whole number from 1 to 21\\)"),
])
def test_bad_options_raise_one_line(policies, params, message):
    with pytest.raises(PolicyError, match=message) as error:
        resolve_policies(policies, params)
    assert "\n" not in str(error.value)


def test_param_file_must_be_flat_numbers(tmp_path):
    nested = tmp_path / "nested.toml"
    nested.write_text("[heuristic]\nopen_threshold = 25\n")
    with pytest.raises(PolicyError, match="flat table"):
        resolve_policies([], [f"0={nested}"])
    boolean = tmp_path / "bool.toml"
    boolean.write_text("max_bid = true\n")
    with pytest.raises(PolicyError, match="not a number"):
        resolve_policies([], [f"0={boolean}"])


def test_describe_lists_every_policy_and_parameter():
    text = describe_policies()
    for spec in registry.POLICIES.values():
        assert f"{spec.name} (id {spec.id}" in text
        for param in spec.params:
            assert param.name in text


def test_options_parse_to_what_a_run_spec_holds():
    names, params = selection.parse_policy_options(["0=random"], ["1.max_bid=150"])
    assert names == ("random", "heuristic", "heuristic", "heuristic")
    assert params[0] == {"pass_weight": 1.0}
    assert params[1]["max_bid"] == 150.0 and params[2]["max_bid"] == 250.0
    assert len(params[1]) == len(registry.HEURISTIC.params)


# ----- features ------------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), include_jokers=st.booleans())
def test_feature_pairs_equal_the_reference_count(seed, include_jokers):
    hand = deal(seed)[0][0]
    out = np.zeros(NUM_FEATURES)
    hand_features(counts_of(hand), include_jokers, out)
    assert out[FEAT_PAIRS] == count_pairs(hand, include_jokers)
    assert out[FEAT_STRENGTH] == hand_strength(counts_of(hand))


def test_strength_of_a_known_hand():
    # BJ BJ (2 × 3.0), one 2 (1.5), SA (1.0), SK (0.5); pairs BJ BJ, S9 S9, S8 S8 (3 × 1.5);
    # link S9-S8 (2.0); best suit ♠ with SA SK S9 S9 S8 S8 = 6 cards (6 × 1.0).
    counts = counts_of(parse_cards("BJ BJ H2 SA SK S9 S9 S8 S8"))
    assert hand_strength(counts) == 6.0 + 1.5 + 1.0 + 0.5 + 4.5 + 2.0 + 6.0
    out = np.zeros(NUM_FEATURES)
    hand_features(counts, True, out)
    assert (out[FEAT_JOKERS], out[FEAT_TWOS], out[FEAT_BEST_SUIT], out[FEAT_BEST_SUIT_LENGTH]) == (2, 1, 0, 6)
    assert out[FEAT_TRUMP_LENGTH] == 9


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_strength_never_drops_when_a_big_joker_is_added(seed):
    hand = [k for k in deal(seed)[0][0] if k != BIG_JOKER]
    assert hand_strength(counts_of(hand + [BIG_JOKER])) >= hand_strength(counts_of(hand)) + 3.0


def test_best_trump_suit_is_the_long_suit():
    assert best_trump_suit(counts_of(parse_cards("S3 S4 H5 H6 H7 H8 HQ C9 DA"))) == 1
    assert best_trump_suit(counts_of(parse_cards("SA HA CA DA"))) == 0  # a tie goes to the lowest suit


# ----- bidding -------------------------------------------------------------------------------------------


def decide(policy, params, hand, legal, state=None, rng=1):
    buffer = np.zeros(8, dtype=np.int64)
    buffer[:len(legal)] = legal
    state = ka.new_auction_state() if state is None else state
    bid, rng = dispatch.bid_decision(policy, params, counts_of(hand), buffer, len(legal), state, np.uint64(rng))
    return int(bid), rng


def test_heuristic_bids_the_cheapest_legal_bid_within_its_limit():
    params = selection.default_params("heuristic")
    params[registry.HEURISTIC_BID_MODE] = registry.BID_MODE_THRESHOLD  # whatever the default bidder is
    hand = deal(7)[0][0]
    strength = hand_strength(counts_of(hand))
    params[HEURISTIC_OPEN_THRESHOLD] = strength - 2.0  # limit 85 + 5 × 2 = 95
    assert decide(HEURISTIC_ID, params, hand, [85, 90, 95])[0] == 85
    assert decide(HEURISTIC_ID, params, hand, [95, 100])[0] == 95
    assert decide(HEURISTIC_ID, params, hand, [100, 105])[0] == ka.PASS
    params[HEURISTIC_MAX_BID] = 90
    assert decide(HEURISTIC_ID, params, hand, [95, 100])[0] == ka.PASS
    params[HEURISTIC_OPEN_THRESHOLD] = strength + 0.5  # too weak for any bid
    assert decide(HEURISTIC_ID, params, hand, [85, 90, 95])[0] == ka.PASS


def test_heuristic_draws_nothing():
    params = selection.default_params("heuristic")
    assert decide(HEURISTIC_ID, params, deal(3)[0][0], [85, 90, 95], rng=12345)[1] == 12345


def test_random_bid_is_pass_or_legal_and_roughly_uniform():
    params = selection.default_params("random")
    rng = np.uint64(99)
    seen = Counter()
    for _ in range(2000):
        bid, rng = decide(RANDOM_ID, params, [], [100, 105, 110, 115], rng=rng)
        seen[bid] += 1
    assert set(seen) == {ka.PASS, 100, 105, 110, 115}
    assert all(300 <= count <= 500 for count in seen.values())  # each 1/5 of 2000
    params[RANDOM_PASS_WEIGHT] = 0.0
    assert all(decide(RANDOM_ID, params, [], [85, 90], rng=s)[0] != ka.PASS for s in range(50))
    assert decide(RANDOM_ID, params, [], [])[0] == ka.PASS  # no legal bid: must pass


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), policies=st.lists(st.sampled_from(["random", "heuristic"]), min_size=4,
                                                         max_size=4),
       name=st.sampled_from(["baofen", "baofen-001"]), zhujiao=st.integers(0, 3),
       threshold=st.sampled_from([16.0, 20.0, 22.0]), pass_weight=st.sampled_from([0.0, 1.0, 3.0]),
       table=st.booleans())
def test_policy_auctions_are_legal_for_the_reference(seed, policies, name, zhujiao, threshold, pass_weight, table):
    rules = preset(name)
    hands, _ = deal(seed)
    # table: the table bidder on "10 points a pair", opening and raising by position (a 5-pair hand may go past
    # the 150 cap of the others)
    bidder = {"bid_mode": 1.0, "eval_pairs": 10.0, "contest_per_5": 2.0,
              **{f"open{bid}_{p}": threshold * 2 + p + (bid - 85) for bid in (85, 90, 95) for p in range(4)},
              **{f"contest_{p}": threshold * 2 for p in range(4)}} if table else {"bid_mode": 0.0}
    ids, params = policy_arrays(policies, [
        {"open_threshold": threshold, **bidder} if p == "heuristic" else {"pass_weight": pass_weight}
        for p in policies])
    steps, declarer, target = run_auction(rules, hands, ids, params, seed, zhujiao)
    reference = Auction(rules, zhujiao, hands)
    for seat, bid in steps:
        assert reference.to_act == seat
        reference.apply(bid)  # raises if the policy made an illegal step (e.g. above its cap)
    assert reference.finished and (reference.declarer, reference.target) == (declarer, target)
    assert steps == run_auction(rules, hands, ids, params, seed, zhujiao)[0]  # same streams, same auction


def test_first_bid_ignores_the_other_hands():
    """DESIGN §6: a policy's choice does not change when hidden cards change."""
    hands, _ = deal(11)
    ids, params = resolve_policies(["random"], [])
    first = run_auction(preset("baofen"), hands, ids, params, 5)[0][0]
    for seed in range(5):
        others, _ = deal(100 + seed)
        mixed = [hands[0]] + others[1:]
        assert run_auction(preset("baofen"), mixed, ids, params, 5)[0][0] == first


@pytest.mark.skipif(config.DISABLE_JIT, reason="no compiled signatures under NUMBA_DISABLE_JIT")
def test_changing_parameters_never_recompiles():
    before = len(dispatch.bid_decision.signatures)
    hand = deal(2)[0][0]
    for threshold in (10.0, 20.0, 30.0):
        params = selection.default_params("heuristic")
        params[HEURISTIC_OPEN_THRESHOLD] = threshold
        decide(HEURISTIC_ID, params, hand, [85, 90, 95])
    assert len(dispatch.bid_decision.signatures) == before


# ----- bury ---------------------------------------------------------------------------------------------


def bury_of(policy, hand33, params=None, rng=1):
    params = selection.default_params(registry.policy_name(int(policy))) if params is None else params
    out = np.zeros(KITTY, dtype=np.int64)
    rng = dispatch.bury_decision(policy, params, counts_of(hand33), np.uint64(rng), out)
    return sorted(int(k) for k in out), rng


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), policy=st.sampled_from([RANDOM_ID, HEURISTIC_ID]))
def test_bury_takes_8_of_the_33_cards(seed, policy):
    hands, kitty = deal(seed)
    hand33 = hands[1] + kitty
    buried, _ = bury_of(policy, hand33, rng=seed)
    assert len(buried) == KITTY
    assert not Counter(buried) - Counter(hand33)  # a sub-multiset of the hand


def test_random_bury_reaches_every_card():
    hands, kitty = deal(4)
    hand33 = hands[0] + kitty
    seen = Counter()
    rng = 7
    for _ in range(300):
        buried, rng = bury_of(RANDOM_ID, hand33, rng=rng)
        seen.update(buried)
    assert set(seen) == set(hand33)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_heuristic_bury_keeps_trumps_and_points_when_it_can(seed):
    hands, kitty = deal(seed)
    hand33 = hands[2] + kitty
    counts = counts_of(hand33)
    trump = best_trump_suit(counts)
    buried, rng = bury_of(HEURISTIC_ID, hand33, rng=5)
    assert rng == 5  # deterministic: no draw

    def plain(kind):
        return kind < 52 and rank_of(kind) != 0 and kind // 13 != trump

    plain_cards = [k for k in hand33 if plain(k)]
    if len(plain_cards) >= KITTY:
        assert all(plain(k) for k in buried)  # jokers, 2s and the candidate trump suit stay
    plain_zero = [k for k in plain_cards if POINTS[k] == 0 and counts[k] == 1]
    if len(plain_zero) >= KITTY + 6:
        assert all(POINTS[k] == 0 for k in buried)  # no points buried with so many spare low cards


def test_heuristic_bury_example():
    hand33 = parse_cards("BJ LJ S2 H2 C2 SA SA SK SQ SJ S10 S9 S8 S8 S7 S6 "
                         "H4 H6 H9 HJ C3 C4 C5 C7 C10 CK D3 D6 D8 D9 DJ DQ DA")
    buried, _ = bury_of(HEURISTIC_ID, hand33)
    # ♠ is kept (the trump candidate) with the jokers and 2s; the cheapest plain cards go: rank index,
    # less 1.5 per card ♥ (4 cards) is short of 6: H4 −1, H6 1, C3 1, D3 1, C4 2, H9 4, D6 4, C7 5.
    # C5, C10 and CK (points) stay, as do HJ and D8 (cost 6).
    assert buried == sorted(parse_cards("H4 H6 H9 C3 C4 C7 D3 D6"))


# ----- trump choice -----------------------------------------------------------------------------------


def test_heuristic_trump_is_the_strongest_suit():
    counts = counts_of(parse_cards("BJ S3 S4 H5 H5 H6 H6 H7 HK C9 DA"))
    suit, rng = dispatch.trump_decision(HEURISTIC_ID, selection.default_params("heuristic"), counts,
                                            np.uint64(3))
    assert (suit, rng) == (1, 3)


def test_random_trump_is_roughly_uniform():
    params = selection.default_params("random")
    counts = counts_of(parse_cards("SA"))
    rng = np.uint64(17)
    seen = Counter()
    for _ in range(800):
        suit, rng = dispatch.trump_decision(RANDOM_ID, params, counts, rng)
        seen[int(suit)] += 1
    assert set(seen) == {0, 1, 2, 3} and all(150 <= n <= 250 for n in seen.values())


def test_heuristic_play_defaults_are_the_tune_play_result():
    """The shipped defaults are what `baofen-sim tune-play --start heuristic-untuned` wrote (results/tune-play)."""
    tuned = tomllib.loads((Path(__file__).parent.parent / "results" / "tune-play" / "tuned.toml").read_text())
    defaults = {p.name: p.default for p in registry.HEURISTIC.params}
    assert tuned and all(defaults[name] == value for name, value in tuned.items())
    untuned = selection.parse_policy_options([], ["0=heuristic-untuned"])[1][0]
    assert untuned["declarer_ruff_min_points"] != defaults["declarer_ruff_min_points"]


def test_a_set_without_the_sampler_holds_random_and_heuristic_and_one_with_it_only_what_is_named():
    from baofen_sim.policy_set import set_of

    assert set_of(["heuristic"]) == set_of(["random"]) == set_of(["heuristic", "random"]) == ("random", "heuristic")
    assert set_of(["random", "mod:P"]) == ("random", "heuristic", "mod:P")
    assert set_of(["sampler"]) == ("sampler",)
    assert set_of(["sampler", "heuristic", "heuristic"]) == ("heuristic", "sampler")
    assert set_of(["heuristic"], alongside=()) == ("heuristic",)  # the compile plan's discovery
