"""The `sampler` policy (issue: play strength): its deals of the unseen cards (sizes, voids, the declarer's
bury, never a failure late in a hand, a function of the seat's view alone), and whole hands with it,
every play checked by the reference judge (in a subprocess: the engine is built per policy set)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from baofen_sim.codes import NUM_EFFECTIVE_SUITS, TRUMP
from baofen_sim.kernels.hands import hand_from_kinds
from baofen_sim.kernels.rng import deal_hands, deal_pack
from baofen_sim.kernels.units import card_count
from baofen_sim.policies.sampler.deals import deal_once, hidden_cards
from baofen_sim.records import MAX_PLAYERS, PLAY_VIEW_DTYPE
from tests import background
from tests.kernel_helpers import tables

KITTY = 8


def dealt(seed: int, tb):
    """Four hands and the kitty of a deal, in the trump layout."""
    pack = np.zeros(108, dtype=np.int64)
    deal_pack(seed, 0, pack)
    ge1 = np.zeros(4, dtype=np.uint64)
    eq2 = np.zeros(4, dtype=np.uint64)
    kitty = deal_hands(pack, 4, 25, ge1, eq2)
    hands = [hand_from_kinds(tb, ge1[s], eq2[s]) for s in range(4)]
    return hands, hand_from_kinds(tb, *kitty)


def view_of(hands, voids=(0, 0, 0, 0), declarer=0):
    views = np.zeros(1, dtype=PLAY_VIEW_DTYPE)
    views["declarer"] = declarer
    views["side_mask"] = 1 << declarer
    for seat, (ge1, eq2) in enumerate(hands):
        views["hand_sizes"][0, seat] = card_count(ge1, eq2)
        views["voids"][0, seat] = voids[seat]
    return views


def copies(ge1, eq2) -> np.ndarray:
    """Copies of the card at each bit."""
    return np.array([(int(ge1) >> b & 1) + (int(eq2) >> b & 1) for b in range(64)], dtype=np.int64)


def suit_cards(tb, ge1, eq2, suit):
    mask = tb.suit_mask[suit]
    return card_count(ge1 & mask, eq2 & mask)


def draw(tb, views, seat, hands, known=(0, 0), kitty_size=KITTY, state=7):
    out_ge1 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
    out_eq2 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
    state = deal_once(tb, views[0], seat, hands[seat][0], hands[seat][1], np.uint64(known[0]),
                      np.uint64(known[1]), kitty_size, np.uint64(state), out_ge1, out_eq2)
    return state, out_ge1, out_eq2


@pytest.mark.parametrize("seed", range(5))
def test_a_deal_gives_each_holder_its_size_from_the_hidden_cards(seed):
    tb = tables(trump="S")
    hands, kitty = dealt(seed, tb)
    views = view_of(hands)
    _, ge1, eq2 = draw(tb, views, 1, hands, state=seed)
    hidden = hidden_cards(tb, views[0], hands[1][0], hands[1][1], np.uint64(0), np.uint64(0))
    for seat in (0, 2, 3):
        assert card_count(ge1[seat], eq2[seat]) == 25
    assert card_count(ge1[1], eq2[1]) == KITTY  # the kitty, in the seat's own slot
    total = sum((copies(ge1[seat], eq2[seat]) for seat in range(4)), np.zeros(64, dtype=np.int64))
    assert np.array_equal(total, copies(*hidden))


def test_the_declarer_deals_only_the_defenders_hands_without_his_bury():
    tb = tables(trump="H")
    hands, kitty = dealt(11, tb)
    views = view_of(hands)
    _, ge1, eq2 = draw(tb, views, 0, hands, known=kitty, kitty_size=0)
    assert ge1[0] == 0 and eq2[0] == 0
    for seat in (1, 2, 3):
        assert card_count(ge1[seat], eq2[seat]) == 25
    dealt_copies = sum(copies(ge1[seat], eq2[seat]) for seat in (1, 2, 3))
    defenders = sum(copies(*hands[seat]) for seat in (1, 2, 3))
    assert np.array_equal(dealt_copies, defenders)  # exactly the defenders' cards: none of the bury


@pytest.mark.parametrize("seed", range(20))
def test_voids_are_respected_exactly_even_when_tight(seed):
    """Seat 2 void in trumps and in two plain suits, seat 3 void in trumps: every trump must go to seat 1
    or the kitty, seat 2 takes only its one suit; no draw fails or stalls."""
    tb = tables(trump="D")
    hands, kitty = dealt(seed, tb)
    plain = [s for s in range(NUM_EFFECTIVE_SUITS) if s != TRUMP and tb.suit_mask[s] != 0]
    keep = plain[0]
    voids = [0, 0, 0, 0]
    voids[2] = (1 << TRUMP) | sum(1 << s for s in plain[1:])
    voids[3] = 1 << TRUMP
    views = view_of(hands, voids)
    views["hand_sizes"][0, 2] = 3  # late in a hand: few cards, tight constraints
    views["hand_sizes"][0, 3] = 10
    seen_ge1, seen_eq2 = hands[0]
    hidden = hidden_cards(tb, views[0], seen_ge1, seen_eq2, np.uint64(0), np.uint64(0))
    views["hand_sizes"][0, 1] = card_count(*hidden) - 3 - 10 - KITTY
    if views["hand_sizes"][0, 1] < suit_cards(tb, *hidden, TRUMP) - KITTY or suit_cards(tb, *hidden, keep) < 3:
        pytest.skip("this deal cannot satisfy the constraints")
    for state in range(10):
        _, ge1, eq2 = draw(tb, views, 0, hands, state=1000 * seed + state)
        assert suit_cards(tb, ge1[2], eq2[2], keep) == 3
        assert suit_cards(tb, ge1[2], eq2[2], TRUMP) == suit_cards(tb, ge1[3], eq2[3], TRUMP) == 0
        assert card_count(ge1[1], eq2[1]) == views["hand_sizes"][0, 1]


@pytest.mark.parametrize("seed", range(10))
def test_cards_shown_by_a_failed_throw_stay_with_their_holder(seed):
    tb = tables(trump="S")
    hands, _ = dealt(seed, tb)
    views = view_of(hands)
    shown = hands[2][0] & tb.suit_mask[1]  # seat 2 showed one copy of each of his cards of a plain suit
    views["shown_ge1"][0, 2] = shown
    for state in range(5):
        _, ge1, eq2 = draw(tb, views, 0, hands, state=100 * seed + state)
        assert ge1[2] & shown == shown
        assert card_count(ge1[2], eq2[2]) == 25


@pytest.mark.parametrize("seed", range(10))
def test_a_pairless_seat_gets_no_pair_of_that_suit(seed):
    tb = tables(trump="H")
    hands, _ = dealt(seed, tb)
    plain = [s for s in range(NUM_EFFECTIVE_SUITS) if s != TRUMP and tb.suit_mask[s] != 0]
    pairless = sum(1 << s for s in plain[:2]) | (1 << TRUMP)
    views = view_of(hands)
    views["pairless"][0, 3] = pairless
    for state in range(5):
        _, ge1, eq2 = draw(tb, views, 0, hands, state=100 * seed + state)
        for suit in (*plain[:2], TRUMP):
            assert eq2[3] & tb.suit_mask[suit] == 0
        assert card_count(ge1[3], eq2[3]) == 25


def test_a_deal_is_a_function_of_the_view_own_cards_and_stream():
    """The true places of the hidden cards are not an input: two positions with the same view and own hand
    but other hidden hands draw the same deals."""
    tb = tables(trump="C")
    hands, _ = dealt(3, tb)
    views = view_of(hands)
    first = draw(tb, views, 2, hands, state=99)
    swapped = [hands[1], hands[0], hands[2], hands[3]]  # other seats' true cards exchanged
    second = draw(tb, views, 2, swapped, state=99)
    assert first[0] == second[0]
    assert np.array_equal(first[1], second[1]) and np.array_equal(first[2], second[2])
    other = draw(tb, views, 2, hands, state=100)
    assert not np.array_equal(first[1], other[1])


def test_sampler_hands_are_legal_and_deterministic():
    done = background.output("sampler-hands")  # tests.sampler_hands
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["declared"] > 0 and result["same"]
    assert result["codes"] == [0] * 12  # every bid and play legal, the result and settlement as the judge's


@pytest.mark.parametrize(("params", "message"), [
    (["0.samples=0"], "samples = 0 is not allowed (must be a whole number from 1 to 1024)"),
    (["0.candidates=40"], "candidates = 40 is not allowed (must be a whole number from 1 to 21)"),
    (["0.samples=7.5"], "samples = 7.5 is not allowed (must be a whole number from 1 to 1024)"),
    (["0=random-params.toml"], "unknown parameter 'pass_weight' for policy sampler (seat 0)"),
])
def test_bad_sampler_parameters_are_one_line_and_exit_2(tmp_path, params, message):
    (tmp_path / "random-params.toml").write_text("pass_weight = 0.5\n")
    options = [item for param in params for item in ("--param", param)]
    done = subprocess.run([sys.executable, "-c", "from baofen_sim.cli import main; main()", "simulate", "--policy",
                           "0=sampler", *options, "--deals", "10", "--out", "run"], cwd=tmp_path,
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)})
    assert done.returncode == 2 and message in done.stderr + done.stdout
    assert "Traceback" not in done.stderr and not (tmp_path / "run").exists()


def test_halving_keeps_the_heuristic_play_and_the_better_half():
    from baofen_sim.policies.sampler import drop_worse_half

    alive = np.ones(8, dtype=np.bool_)
    drop_worse_half(np.array([-9.0, 5, 1, 7, 2, 8, 3, 0]), alive)  # the heuristic's (first) is the worst
    assert alive.tolist() == [True, True, False, True, False, True, False, False]
    drop_worse_half(np.array([-9.0, 5, 1, 7, 2, 8, 3, 0]), alive)
    assert alive.tolist() == [True, False, False, False, False, True, False, False]
    drop_worse_half(np.array([-9.0, 5, 1, 7, 2, 8, 3, 0]), alive)  # never fewer than two
    assert alive.sum() == 2


def test_another_play_replaces_the_heuristics_only_when_significantly_better():
    from baofen_sim.policies.sampler import choose

    alive = np.ones(3, dtype=np.bool_)
    # 16 deals; candidate 2 gains 0.5 a deal on average: always (sd 0) or on half of them by 1 (sd ~0.52).
    steady = choose(np.array([0.0, -4.0, 8.0]), np.array([0.0, 16.0, 16 * 0.25]), alive, 16, 1.0)
    noisy = choose(np.array([0.0, -4.0, 8.0]), np.array([0.0, 16.0, 8 * 1.0 + 8 * 0.0]), alive, 16, 1.0)
    assert steady == 2 and noisy == 2  # 0.5 against a standard error of 0.13: both significant at z = 1
    assert choose(np.array([0.0, -4.0, 8.0]), np.array([0.0, 16.0, 8.0]), alive, 16, 4.0) == 0
    assert choose(np.array([0.0, -4.0, 8.0]), np.array([0.0, 16.0, 8.0]), alive, 16, 0.0) == 2
    assert choose(np.array([1.0, -4.0, 8.0]), np.array([0.0, 0.0, 0.0]), np.array([True, True, False]), 16,
                  0.0) == 0  # a dropped candidate is never chosen


@pytest.mark.parametrize("bidder", ["default-bids", "threshold-bids"])
def test_deals_agree_with_the_auction(bidder):
    """Seat 2 bid 85 and seat 1 only passed the opening, when 85 was open (seat 1 the 主叫): the deals drawn for
    the declarer (seat 0) give seat 2 a hand the bidder (the table or the threshold bidder) would take to 85 and
    seat 1 one it would not open with, far more often than plain deals do (at most MAX_REDRAWS draws each: a
    rare deal keeps its last draw; the table opens on a few hands in a hundred, the threshold bidder on about
    one in five)."""
    from baofen_sim.cards import NUM_KINDS
    from baofen_sim.policies.bidding import bid_reaches
    from baofen_sim.policies.registry import SAMPLER, _load_param_file
    from baofen_sim.policies.sampler.auction_model import kind_counts_of, sample_deal
    from baofen_sim.policies.selection import default_params

    tb = tables(trump="H")
    hands, kitty = dealt(4, tb)
    views = view_of(hands, declarer=0)
    views["bid_high"][0, 2] = 85
    views["passed_under"][0, 1] = 85
    views["passed_opening"][0] = 1 << 1
    views["zhujiao"][0] = 1
    params = default_params("sampler")
    for key, value in _load_param_file(bidder, "test").items():
        params[SAMPLER.param_index(key)] = value
    counts = np.zeros(NUM_KINDS, dtype=np.int8)

    def agrees(out_ge1, out_eq2):
        kind_counts_of(tb, out_ge1[1], out_eq2[1], counts)
        opening_1 = bid_reaches(params, counts, 0)[0]
        kind_counts_of(tb, out_ge1[2], out_eq2[2], counts)
        return max(bid_reaches(params, counts, 1)) >= 85 and opening_1 < 85

    read, plain = 0, 0
    for state in range(120):
        _, out_ge1, out_eq2 = draw(tb, views, 0, hands, known=kitty, kitty_size=0, state=state + 1)
        plain += agrees(out_ge1, out_eq2)
        sample_deal(params, tb, views[0], 0, *hands[0], np.uint64(kitty[0]), np.uint64(kitty[1]), 0,
                    np.uint64(state + 1), out_ge1, out_eq2)
        read += agrees(out_ge1, out_eq2)
    assert read >= max(5, 3 * plain)


# ---- speed-ups: each gives what the plain search gives, where it claims to ---------------------------------


def halls_condition(counts, allowed, free, holders) -> bool:
    """Hall's condition by its definition: every set of holders has room for the cards only it may take."""
    for subset in range(1, 1 << holders):
        room = sum(int(free[h]) for h in range(holders) if subset >> h & 1)
        need = sum(int(counts[s]) for s in range(NUM_EFFECTIVE_SUITS) if counts[s] > 0 and not any(
            not subset >> h & 1 and allowed[h] >> s & 1 and free[h] > 0 for h in range(holders)))
        if need > room:
            return False
    return True


def test_fitting_holders_is_halls_condition_after_the_placement():
    """The slack table's answer equals Hall's condition tested in full after each possible placement, on
    random states (tight, loose and impossible ones)."""
    from baofen_sim.policies.sampler.deals import MAX_HOLDERS, fitting_holders, hall_slack, holder_masks

    rng = np.random.default_rng(21)
    masks = np.zeros(NUM_EFFECTIVE_SUITS, dtype=np.int64)
    slack = np.zeros(1 << MAX_HOLDERS, dtype=np.int64)
    fits = np.zeros(MAX_HOLDERS, dtype=np.bool_)
    checked = refused = 0
    for _ in range(4000):
        holders = int(rng.integers(1, MAX_HOLDERS + 1))
        free = rng.integers(0, 4, size=MAX_HOLDERS).astype(np.int64)
        allowed = rng.integers(0, 1 << NUM_EFFECTIVE_SUITS, size=MAX_HOLDERS).astype(np.int64)
        counts = rng.integers(0, 3, size=NUM_EFFECTIVE_SUITS).astype(np.int64)
        suit = int(rng.integers(NUM_EFFECTIVE_SUITS))
        holder_masks(allowed, free, holders, masks, NUM_EFFECTIVE_SUITS)
        hall_slack(counts, masks, free, holders, slack, NUM_EFFECTIVE_SUITS)
        fitting_holders(allowed, free, holders, suit, slack, fits)
        for h in range(holders):
            after = free.copy()
            after[h] -= 1
            expected = free[h] > 0 and bool(allowed[h] >> suit & 1) and halls_condition(counts, allowed, after,
                                                                                          holders)
            assert fits[h] == expected, (holders, free, allowed, counts, suit, h)
            checked += 1
            refused += free[h] > 0 and bool(allowed[h] >> suit & 1) and not expected
    assert refused > 100 and checked > 8000  # the test reaches Hall's refusals, not only the easy cases


def constrained_deals_digest() -> str:
    """SHA-256 (16 digits) of 240 deals drawn for seat 0 and seat 1 under voids, pairless suits and shown cards."""
    import hashlib

    digest = hashlib.sha256()
    for seed in range(40):
        tb = tables(trump="SHCD"[seed % 4])
        hands, kitty = dealt(seed, tb)
        rng = np.random.default_rng(seed)
        views = view_of(hands, voids=[int(v) & ~(1 << s) for s, v in enumerate(rng.integers(0, 32, size=4))])
        views["pairless"][0, :4] = rng.integers(0, 32, size=4)
        views["shown_ge1"][0, 2] = hands[2][0] & tb.suit_mask[int(rng.integers(4))]
        for seat, known, kitty_size in ((0, kitty, 0), (1, (0, 0), KITTY)):
            for state in range(3):
                _, ge1, eq2 = draw(tb, views, seat, hands, known=known, kitty_size=kitty_size,
                                   state=1000 * seed + state + 1)
                digest.update(ge1.tobytes() + eq2.tobytes())
    return digest.hexdigest()[:16]


def test_constrained_deals_are_those_of_the_full_hall_test():
    """deal_once keeps Hall's slack table up to date card by card instead of testing every set of holders at
    every placement: the same deals, card for card (the digest recorded with the full test, before the change)."""
    assert constrained_deals_digest() == CONSTRAINED_DEALS_DIGEST


CONSTRAINED_DEALS_DIGEST = "03af1803ca1d268d"  # recorded with the full Hall test (before the slack table)


def test_stable_order_is_a_stable_sort():
    from baofen_sim.policies.sampler import stable_order

    rng = np.random.default_rng(3)
    for n in (0, 1, 2, 7, 30):
        costs = rng.integers(0, 4, size=n).astype(np.float64)
        assert stable_order(costs).tolist() == np.argsort(costs, kind="mergesort").tolist()


def test_the_early_stop_keeps_the_heuristics_play_and_otherwise_the_full_search():
    """At every decision of four whole hands (tests.sampler_search, its own process): with stop_behind the
    search either stops at a halving point and keeps the heuristic's play, or gives the unpruned search's
    choice and stream; the unpruned search decides as it did when its deals were last changed (a digest of its
    streams and plays: the exact speed-ups since keep it); and `search` has one compiled specialisation for leads
    and follows."""
    done = background.output("sampler-search")  # tests.sampler_search
    assert done.returncode == 0, done.stderr[-3000:]
    tally = json.loads(done.stdout.strip().splitlines()[-1])
    assert tally["stopped"] > 20 and tally["stopped_heuristic"] == tally["stopped"]
    assert tally["unstopped_same"] == tally["decisions"] - tally["stopped"]
    assert tally["search_signatures"] == 1
    assert tally["decisions_digest"] == UNPRUNED_DECISIONS_DIGEST


UNPRUNED_DECISIONS_DIGEST = "1200efe95b197c59"  # recorded when a layout without voids was first dealt holder by holder


def test_a_layout_without_voids_is_split_uniformly_holder_by_holder():
    """Without voids or pairless seats the deals are drawn holder by holder (`auction_model.uniform_sample`):
    every holder gets its size of exactly the hidden cards, and each hidden card lands with each holder in
    proportion to its places (600 deals: every count within five standard deviations)."""
    from baofen_sim.policies.sampler.auction_model import is_uniform, sample_deal
    from baofen_sim.policies.sampler.deals import deal_layout
    from baofen_sim.policies.selection import default_params

    tb = tables(trump="S")
    hands, kitty = dealt(5, tb)
    views = view_of(hands, declarer=0)
    views["hand_sizes"][0, 1] = 20  # a seat that has played five cards (they stay hidden here: only sizes count)
    views["hand_sizes"][0, 3] = 30
    params = default_params("sampler")
    hidden = hidden_cards(tb, views[0], *hands[0], np.uint64(kitty[0]), np.uint64(kitty[1]))
    layout = deal_layout(tb, views[0], 0, *hands[0], np.uint64(kitty[0]), np.uint64(kitty[1]), 0)
    assert is_uniform(layout)
    voided = view_of(hands, voids=(0, 1 << TRUMP, 0, 0), declarer=0)
    assert not is_uniform(deal_layout(tb, voided[0], 0, *hands[0], np.uint64(kitty[0]), np.uint64(kitty[1]), 0))
    out_ge1 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
    out_eq2 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
    landed = np.zeros((4, 64), dtype=np.int64)
    draws = 600
    for state in range(draws):
        sample_deal(params, tb, views[0], 0, *hands[0], np.uint64(kitty[0]), np.uint64(kitty[1]), 0,
                    np.uint64(state + 1), out_ge1, out_eq2)
        assert out_ge1[0] == 0 and out_eq2[0] == 0
        assert [card_count(out_ge1[s], out_eq2[s]) for s in (1, 2, 3)] == [20, 25, 30]
        for seat in (1, 2, 3):
            landed[seat] += copies(out_ge1[seat], out_eq2[seat])
    assert np.array_equal(landed.sum(axis=0), draws * copies(*hidden))
    for seat, size in ((1, 20), (2, 25), (3, 30)):
        share = size / 75
        expected = draws * copies(*hidden) * share
        spread = np.sqrt(draws * copies(*hidden) * share * (1 - share))
        assert np.all(np.abs(landed[seat] - expected) <= 5 * spread + 1e-9)


@pytest.mark.parametrize("void", [False, True])
def test_a_defenders_deals_give_the_declarer_cards_that_name_his_trump(void):
    """A defender's deals (`sample_deal`) are drawn again until the declarer's 33 cards would name the trump
    (`names_trump`), at most MAX_REDRAWS times: they do so far more often than plain deals, with or without a
    void (the two ways of drawing, `uniform_sample` and `deal_from`)."""
    from baofen_sim.cards import NUM_KINDS
    from baofen_sim.policies.sampler.auction_model import names_trump, sample_deal
    from baofen_sim.policies.selection import default_params

    tb = tables(trump="H")
    hands, _ = dealt(8, tb)
    plain = [s for s in range(NUM_EFFECTIVE_SUITS) if s != TRUMP and tb.suit_mask[s] != 0]
    views = view_of(hands, voids=(0, 0, 1 << plain[0] if void else 0, 0), declarer=0)
    params = default_params("sampler")
    counts = np.zeros(NUM_KINDS, dtype=np.int8)
    read, plain, draws = 0, 0, 150
    for state in range(draws):
        _, out_ge1, out_eq2 = draw(tb, views, 1, hands, state=state + 1)
        plain += names_trump(tb, views[0], 1, out_ge1, out_eq2, counts)
        sample_deal(params, tb, views[0], 1, *hands[1], np.uint64(0), np.uint64(0), KITTY, np.uint64(state + 1),
                    out_ge1, out_eq2)
        read += names_trump(tb, views[0], 1, out_ge1, out_eq2, counts)
        assert [card_count(out_ge1[s], out_eq2[s]) for s in (0, 2, 3)] == [25, 25, 25]
        assert card_count(out_ge1[1], out_eq2[1]) == KITTY
    assert read >= max(draws // 5, 3 * plain)


def test_a_sampler_play_called_before_its_game_s_search_is_linked_is_a_clear_error():
    """The engine calls the sampler's search by the address `link_play` writes into the hand rules record
    (policies/sampler/entry.py); a record without it is refused, not called."""
    from baofen_sim.materialize import hand_rules
    from baofen_sim.policies import parse_policy_options, policy_arrays
    from baofen_sim.policies.sampler import sampler_lead
    from baofen_sim.rules import preset
    from tests.policy_honesty import start_hand

    tb = tables(trump="S")
    st, view = start_hand(tb, 0)
    params = policy_arrays(*parse_policy_options(["sampler"], []))[1]
    hr = hand_rules(preset("baofen"))
    assert hr.sampler_address == 0
    with pytest.raises(RuntimeError, match="the sampler's play is not linked"):
        sampler_lead(params[0], tb, hr, view, st.hand_ge1[0], st.hand_eq2[0], np.uint64(0), np.uint64(0), st.rng[0])
