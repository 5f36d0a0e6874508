"""Property tests of the reference engine (hypothesis): whole random hands keep every invariant, every
play it lists as legal passes its checker, and mutated plays are rejected with the right rule."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from baofen_sim.cards import POINTS, TOTAL_POINTS, kind_of
from baofen_sim.games.baofen.reference.game import PLAY, BaofenHand
from baofen_sim.games.baofen.reference.random_play import random_action
from baofen_sim.reference.random_play import random_deal
from baofen_sim.reference.throws import validate_throw
from baofen_sim.rules import preset
from tests.helpers import follow_verdict, hand, order_for

PRESETS = [preset("baofen"), preset("baofen-001")]
SPADES = 0
RANK_NAMES = "3456789TJQKA"  # chain order of a plain suit (§1.5.2); 2 is a trump


def spade(rank_index: int) -> str:
    return "S" + RANK_NAMES[rank_index]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.sampled_from([0, 1]))
def test_random_hand_conserves_cards_and_points_and_settles_to_zero(seed, which):
    rules = PRESETS[which]
    rng = random.Random(seed)
    hands, kitty = random_deal(rng, rules)
    state = BaofenHand(rules, hands, kitty, zhujiao=seed % 4)
    while not state.is_done:
        state.apply(random_action(state, rng))
        in_hands = sum(len(h) for h in state.hands)
        in_play = sum(len(p.cards) for p in state.current) + sum(len(c) for t in state.tricks for _, c in t["plays"])
        # The kitty is in the declarer's hand during the bury, then the buried cards are set aside.
        kitty_cards = len(state.buried) if state.buried else (0 if state.declarer is not None else len(state.kitty))
        assert in_hands + in_play + kitty_cards == 108
    settlement = state.settlement
    if state.declarer is None:
        assert state.events[-1]["category"] == "all_pass"
    else:
        trick_points = sum(t["points"] for t in state.tricks)
        assert trick_points + sum(POINTS[k] for k in state.buried) == TOTAL_POINTS
        assert state.declarer_points == sum(t["points"] for t in state.tricks if t["winner"] == state.declarer)
    if rules.settlement_mode == "stakes_000" and rules.failed_throw_penalty_recipient != "none":
        pot_change = (settlement.pot_after - settlement.pot_before) * state.ledger.pot_unit_value()
        assert abs(sum(settlement.settlement) + pot_change) < 1e-9


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 60))
def test_every_listed_legal_play_passes_the_checker(seed, stop):
    rules = PRESETS[seed % 2]
    rng = random.Random(seed)
    hands, kitty = random_deal(rng, rules)
    state = BaofenHand(rules, hands, kitty)
    steps = 0
    while not state.is_done and (state.phase != PLAY or steps < stop):
        state.apply(random_action(state, rng))
        steps += state.phase == PLAY
    if state.is_done:
        return
    listed = []
    for play in state.legal_plays():
        listed.append(play)
        if len(listed) > 400:
            break
    assert listed, "a player to act always has a legal play"
    for play in listed:
        assert state.check_play(play) is None


# ----- mutated plays --------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(ranks=st.lists(st.integers(0, 11), min_size=3, max_size=6, unique=True), data=st.data())
def test_card_swapped_out_of_suit_is_rejected(ranks, data):
    rules = PRESETS[data.draw(st.sampled_from([0, 1]))]
    lead = spade(ranks[0])
    holding = " ".join(spade(r) for r in ranks[1:]) + " D3"
    assert follow_verdict(rules, lead, holding, spade(ranks[1])) is None
    assert follow_verdict(rules, lead, holding, "D3").rule == "§2.3.1"


@settings(max_examples=60, deadline=None)
@given(pair=st.integers(0, 11), singles=st.lists(st.integers(0, 11), min_size=1, max_size=4, unique=True),
       led=st.integers(0, 11))
def test_pair_split_is_rejected(pair, singles, led):
    singles = [r for r in singles if r != pair]
    if not singles:
        return
    rules = PRESETS[0]
    holding = f"{spade(pair)} {spade(pair)} " + " ".join(spade(r) for r in singles)
    lead = f"{spade(led)} {spade(led)}"
    # Two copies only: a card the follower holds twice cannot also be in the lead.
    if led == pair or led in singles:
        return
    assert follow_verdict(rules, lead, holding, f"{spade(pair)} {spade(pair)}") is None
    assert follow_verdict(rules, lead, holding, f"{spade(pair)} {spade(singles[0])}").rule == "§2.3.2"


@settings(max_examples=60, deadline=None)
@given(top=st.integers(1, 11), led_top=st.integers(1, 11), extra=st.integers(0, 11), which=st.sampled_from([0, 1]))
def test_tractor_skipped_is_rejected(top, led_top, extra, which):
    held_ranks, led_ranks = {top, top - 1}, {led_top, led_top - 1}
    if held_ranks & led_ranks or extra in held_ranks | led_ranks or extra in (top + 1, top - 2):
        return  # the extra pair must not extend the held tractor
    rules = PRESETS[which]
    holding = " ".join(f"{spade(r)} {spade(r)}" for r in sorted(held_ranks)) + f" {spade(extra)} {spade(extra)}"
    lead = " ".join(f"{spade(r)} {spade(r)}" for r in sorted(led_ranks))
    tractor = " ".join(f"{spade(r)} {spade(r)}" for r in sorted(held_ranks))
    assert follow_verdict(rules, lead, holding, tractor) is None
    skipped = f"{spade(top)} {spade(top)} {spade(extra)} {spade(extra)}"
    assert follow_verdict(rules, lead, holding, skipped).rule == "§2.3.2"


@settings(max_examples=60, deadline=None)
@given(single=st.integers(0, 10), pair=st.integers(0, 11), higher=st.integers(1, 11))
def test_throw_with_a_beatable_single_fails_and_forces_that_single(single, pair, higher):
    if pair == single or higher <= single or higher == pair:
        return
    rules = PRESETS[0]
    order = order_for(rules, "H")
    throw = hand(f"{spade(single)} {spade(pair)} {spade(pair)}")
    others = {1: hand(spade(higher)), 2: hand("D3"), 3: hand("C3")}
    verdict = validate_throw(throw, True, others, 0, order, rules)
    assert not verdict.valid
    assert verdict.forced.cards() == [kind_of(SPADES, single + 1)]


def test_c27_third_throw_attempt_refused_after_two_failures():
    # C27 is an 80分 case; Baofen has the same limit as the option max_failed_throws_per_player.
    rules = preset("baofen").replace(max_failed_throws_per_player=2)
    hands = [hand("S4 S6 S6 S7 S8 S8 SA SA SK"), hand("S5 S3 S9 S3 D3 D4 D5 D6 D7"),
             hand("C3 C4 C5 C6 C7 C8 C9 CT CJ"), hand("D8 D9 DT DJ DQ DK DA C3 C4")]
    state = BaofenHand.from_position(rules, hands, trump=1, declarer=1, leader=0)
    for throw in ("S4 S6 S6", "S7 S8 S8"):  # each fails on seat 1's higher single; the single is forced
        events = state.apply(hand(throw))
        assert events[0]["event"] == "throw_failed" and len(events[0]["forced"]) == 1
        state.apply(hand("S3"))
        state.apply([state.hands[2][0]])
        state.apply([state.hands[3][0]])
        assert state.tricks[-1]["winner"] == 0
    assert state.failed_throw_count[0] == 2
    assert state.check_play(hand("SA SA SK")).rule == "§4.6"
    assert state.check_play(hand("SA SA")) is None
