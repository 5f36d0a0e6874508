"""The `sampler` in 80分 (issue 22): its deals agree with what was shown (the deal's showings and 反底 pairs reach
the play view and are dealt to their holders, unless the seat saw them elsewhere or a void says they are gone; the
kitty hidden but to its burier; the same deal for the same stream), its value is the level table's, and whole
hands with sampler seats are legal (re-judged by the reference, in a process of its own: the engine is built for
the policy set) and repeat."""

from __future__ import annotations

import json

import numpy as np
import pytest

from baofen_sim.cards import NUM_KINDS, NUM_RANKS, TOTAL_POINTS, parse_cards
from baofen_sim.codes import TRUMP
from baofen_sim.engine.tricks import known_cards
from baofen_sim.games import by_id
from baofen_sim.games.tractor80.engine.declaring import TIER_PAIR, TIER_SINGLE
from baofen_sim.games.tractor80.engine.hand import hands_in_layout, note_shown
from baofen_sim.games.tractor80.engine.materialize import hand_rules80
from baofen_sim.games.tractor80.engine.records import RESULT_DTYPE, TABLE80_SCRATCH_DTYPE
from baofen_sim.games.tractor80.engine.result import hand_result
from baofen_sim.games.tractor80.policies.sampler import TOTAL_WEIGHT, deal80_once, zhuang_value
from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.hands import counts_to_bits
from baofen_sim.kernels.kitty import pass_kitty
from baofen_sim.kernels.play import note_void, start_play
from baofen_sim.kernels.rng import deal_pack
from baofen_sim.kernels.units import analyze_lead, card_count
from baofen_sim.policies.sampler.deals import deal_once
from baofen_sim.records import MAX_PLAYERS, PLAY_STATE_DTYPE, PLAY_VIEW_DTYPE
from baofen_sim.rules.presets import preset
from tests import background
from tests.kernel_helpers import tables

TRACTOR_80FEN = preset("tractor-80fen")

SEATS = 4
HAND = 25
KITTY = 8
LEVEL = 0  # the preset's first hand: level 2
HEARTS = 1
H2 = HEARTS * NUM_RANKS + LEVEL
SHOWER = 2  # the seat that shows a pair of level hearts
VIEWER = 1


def records(dtype):
    return np.zeros(1, dtype=dtype).view(np.recarray)


def deal_with_pair(tb):
    """(scratch, state, view) of a first trick at level 2, hearts trump, in a deal where SHOWER holds both H2 and
    showed them as a pair during the deal (`note_shown`, as the engine's polls do); seat 0 is 庄 and buried."""
    for seed in range(500):
        pack = np.zeros(108, dtype=np.int64)
        deal_pack(seed, 0, pack)
        if sum(pack[j * SEATS + SHOWER] == H2 for j in range(HAND)) == 2:
            break
    sc, st, view = records(TABLE80_SCRATCH_DTYPE), records(PLAY_STATE_DTYPE), records(PLAY_VIEW_DTYPE)
    for j in range(HAND):
        for seat in range(SEATS):
            sc.counts[0, seat, pack[j * SEATS + seat]] += 1
    sc.kitty[0, :KITTY] = pack[SEATS * HAND:]
    note_shown(sc[0], SHOWER, TIER_PAIR, HEARTS, LEVEL, False)
    hands_in_layout(tb, sc[0], st[0], SEATS, KITTY)
    start_play(tb, st[0], view[0], 0, 0b101, 0)
    return sc[0], st[0], view[0]


def bits(tb, text):
    """(ge1, eq2) of cards in notation, in the trump layout."""
    return counts_to_bits(tb, np.bincount(parse_cards(text), minlength=NUM_KINDS).astype(np.int8))


def copies_of(tb, ge1, eq2, kind):
    counts = np.zeros(NUM_KINDS, dtype=np.int8)
    counts[kind] = 1
    bit, _ = counts_to_bits(tb, counts)
    return int(ge1 & bit != 0) + int(eq2 & bit != 0)


def sampled(tb, view, seat, hand, known=(0, 0), kitty=KITTY, state=1):
    out_ge1 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
    out_eq2 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
    deal_once(tb, view, seat, np.uint64(hand[0]), np.uint64(hand[1]), np.uint64(known[0]), np.uint64(known[1]),
              kitty, np.uint64(state), out_ge1, out_eq2)
    return out_ge1, out_eq2


@pytest.mark.parametrize(("tier", "both", "copies"), [(TIER_SINGLE, False, 1), (TIER_SINGLE, True, 2),
                                                      (TIER_PAIR, False, 2)])
def test_a_showing_tells_the_cards_its_seat_holds(tier, both, copies):
    """§7.3.4: a level card shows one copy, a 自保 (the standing seat showing again) and a pair both."""
    sc = records(TABLE80_SCRATCH_DTYPE)
    note_shown(sc[0], 3, tier, HEARTS, 5, both)
    assert sc.shown[0, 3, HEARTS * NUM_RANKS + 5] == copies
    assert sc.shown[0].sum() == copies


def test_a_seat_that_showed_a_pair_of_level_hearts_gets_them_in_every_deal():
    tb = tables("tractor-80fen", trump="H")
    _, st, view = deal_with_pair(tb)
    assert copies_of(tb, view.shown_ge1[SHOWER], view.shown_eq2[SHOWER], H2) == 2
    hand = (st.hand_ge1[VIEWER], st.hand_eq2[VIEWER])
    for state in range(40):
        ge1, eq2 = sampled(tb, view, VIEWER, hand, state=state)
        assert copies_of(tb, ge1[SHOWER], eq2[SHOWER], H2) == 2
        assert card_count(ge1[SHOWER], eq2[SHOWER]) == HAND
        assert card_count(ge1[VIEWER], eq2[VIEWER]) == KITTY  # the kitty, hidden from a seat that did not bury it


def test_the_deals_are_a_function_of_the_seat_s_stream():
    tb = tables("tractor-80fen", trump="H")
    _, st, view = deal_with_pair(tb)
    hand = (st.hand_ge1[VIEWER], st.hand_eq2[VIEWER])
    first, again, other = (sampled(tb, view, VIEWER, hand, state=s) for s in (5, 5, 6))
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not np.array_equal(first[0], other[0])


def test_the_burier_knows_the_kitty_and_deals_only_the_other_hands():
    tb = tables("tractor-80fen", trump="H")
    _, st, view = deal_with_pair(tb)
    hand = (st.hand_ge1[0], st.hand_eq2[0])
    for state in range(10):
        ge1, eq2 = sampled(tb, view, 0, hand, known=(st.bury_ge1, st.bury_eq2), kitty=0, state=state)
        assert ge1[0] == 0 and eq2[0] == 0
        for seat in (1, 2, 3):
            assert card_count(ge1[seat], eq2[seat]) == HAND
        dealt = sum(copies_of(tb, ge1[s], eq2[s], H2) for s in (1, 2, 3))
        assert dealt == 2 - copies_of(tb, *hand, H2) - copies_of(tb, st.bury_ge1, st.bury_eq2, H2)


def test_a_shown_card_the_seat_saw_elsewhere_or_a_void_rules_out_is_not_dealt_to_its_shower():
    """The shower's pair was buried (a random bury may) and one copy is now in the viewer's hand (a 反底 took the
    kitty): the shower is dealt the other copy only; once he has shown a void in trumps, none."""
    tb = tables("tractor-80fen", trump="H")
    _, st, view = deal_with_pair(tb)
    one = bits(tb, "H2")
    ge1, eq2 = view.shown_ge1[SHOWER], view.shown_eq2[SHOWER]
    hand = (st.hand_ge1[VIEWER] | one[0], st.hand_eq2[VIEWER])  # one H2 more for the viewer ...
    view.hand_sizes[VIEWER] += 1
    view.hand_sizes[SHOWER] -= 1  # ... out of the shower's hand
    assert copies_of(tb, ge1, eq2, H2) == 2
    for state in range(20):
        out_ge1, out_eq2 = sampled(tb, view, VIEWER, hand, state=state)
        assert copies_of(tb, out_ge1[SHOWER], out_eq2[SHOWER], H2) <= 1
        assert sum(copies_of(tb, out_ge1[s], out_eq2[s], H2) for s in range(SEATS) if s != VIEWER) == 1
    trump_lead = analyze_lead(tb, *bits(tb, "HA"))
    note_void(tb, view, trump_lead, SHOWER, *bits(tb, "S3"))  # he follows a trump lead with a spade
    assert view.voids[SHOWER] >> TRUMP & 1 and view.shown_ge1[SHOWER] == 0
    for state in range(20):
        out_ge1, out_eq2 = sampled(tb, view, VIEWER, hand, state=state)
        assert copies_of(tb, out_ge1[SHOWER], out_eq2[SHOWER], H2) == 0


def fandi_position(tb):
    """(st, view, first_bury) of the first trick of `deal_with_pair`'s deal after a 反底 (§7.3.8): the 庄 (seat 0)
    buried the kitty as dealt (first_bury, kinds); SHOWER showed his pair of level hearts, took the kitty
    (`pass_kitty`) and buried four of its cards and four of his own."""
    sc, st, view = deal_with_pair(tb)
    first_bury = sc.kitty[:KITTY].copy()
    pass_kitty(sc, 0, SHOWER, KITTY, SEATS)
    for kind in first_bury:
        sc.counts[SHOWER, kind] += 1
    own = [kind for kind in np.repeat(np.arange(NUM_KINDS), sc.counts[SHOWER]) if kind != H2 and kind not in first_bury]
    rebury = np.concatenate([first_bury[:4], own[:4]])
    for kind in rebury:
        sc.counts[SHOWER, kind] -= 1
    sc.kitty[:KITTY] = rebury
    st.bury_owner = SHOWER
    hands_in_layout(tb, sc, st, SEATS, KITTY)
    start_play(tb, st, view, 0, 0b101, 0)
    return st, view, first_bury


def test_a_fandi_passes_the_bury_down_the_seats_that_took_the_kitty():
    """§7.3.8: each burier knows where its bury went: to the seats that took the kitty after it (or the kitty)."""
    sc = records(TABLE80_SCRATCH_DTYPE)[0]
    sc.kitty[:KITTY] = np.arange(KITTY)
    pass_kitty(sc, 0, 2, KITTY, SEATS)  # the 庄's bury to seat 2
    pass_kitty(sc, 2, 3, KITTY, SEATS)  # seat 2's to seat 3
    assert list(sc.bury_takers[:SEATS]) == [0b1100, 0, 0b1000, 0]
    assert list(sc.passed[0, :KITTY]) == list(range(KITTY))
    pass_kitty(sc, 3, 0, KITTY, SEATS)  # the 庄 takes it back: his bury is the kitty again
    assert list(sc.bury_takers[:SEATS]) == [0, 0, 0b1001, 0b0001]


def test_the_zhuang_deals_his_first_bury_only_to_the_fandi_seat_or_the_kitty():
    """Issue 22: after a 反底 the 庄 knows the cards he buried; those still hidden are the 反底 seat's or the
    final kitty's in every deal, never a seat that cannot hold them (without that knowledge some deals do)."""
    tb = tables("tractor-80fen", trump="H")
    st, view, first_bury = fandi_position(tb)
    known = known_cards(st, view, 0)
    assert known == counts_to_bits(tb, np.bincount(first_bury, minlength=NUM_KINDS).astype(np.int8))
    assert view.bury_takers[0] == 1 << SHOWER
    hand = (st.hand_ge1[0], st.hand_eq2[0])
    zhuang_copies = {kind: copies_of(tb, *hand, kind) for kind in set(first_bury)}
    buried = {kind: int(np.sum(first_bury == kind)) for kind in set(first_bury)}
    elsewhere = 0
    for state in range(60):
        out_ge1 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        out_eq2 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        deal80_once(tb, view, 0, *hand, *known, KITTY, np.uint64(state), out_ge1, out_eq2)
        assert [card_count(out_ge1[s], out_eq2[s]) for s in range(SEATS)] == [KITTY, HAND, HAND, HAND]
        for kind, copies in buried.items():
            others = sum(copies_of(tb, out_ge1[s], out_eq2[s], kind) for s in (1, 3))
            assert others <= 2 - zhuang_copies[kind] - copies  # only a copy he did not bury
        uninformed = sampled(tb, view, 0, hand, state=state)
        elsewhere += sum(copies_of(tb, uninformed[0][s], uninformed[1][s], kind) for s in (1, 3) for kind in buried)
    assert elsewhere > 0


def test_a_card_of_the_first_bury_the_fandi_seat_cannot_hold_is_in_the_kitty():
    """Once the 反底 seat has shown a void in trumps, the trumps of the 庄's first bury are in the kitty, every deal."""
    tb = tables("tractor-80fen", trump="H")
    st, view, first_bury = fandi_position(tb)
    note_void(tb, view, analyze_lead(tb, *bits(tb, "HA")), SHOWER, *bits(tb, "S3"))
    known = known_cards(st, view, 0)
    trumps = [kind for kind in set(first_bury) if copies_of(tb, known[0] & tb.suit_mask[TRUMP], ZERO, kind)]
    assert trumps  # the deal's kitty holds a trump
    hand = (st.hand_ge1[0], st.hand_eq2[0])
    for state in range(30):
        out_ge1 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        out_eq2 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        deal80_once(tb, view, 0, *hand, *known, KITTY, np.uint64(state), out_ge1, out_eq2)
        assert out_ge1[SHOWER] & tb.suit_mask[TRUMP] == 0
        for kind in trumps:
            assert copies_of(tb, out_ge1[0], out_eq2[0], kind) >= int(np.sum(first_bury == kind))


@pytest.mark.parametrize(("points", "winner", "last_cards"), [
    (175, 0, "HA"), (130, 2, "S3"), (95, 1, "SA"), (60, 3, "H3 H3"), (40, 1, "H4 H4 H5 H5"), (0, 3, "S4"),
    (120, 1, "S3"), (45, 0, "SK SK")])
def test_the_value_is_the_level_table_s_result_for_the_zhuangjia(points, winner, last_cards):
    """§7.3.11 抠底 with its multiplier and §7.3.12: the 庄家方's levels up, or minus the 抓分方's, less
    TOTAL_WEIGHT × T, as `result.hand_result` scores the same hand (`points`: the 庄家方's card points, the kitty
    holds 25)."""
    tb = tables("tractor-80fen", trump="H")
    hr = hand_rules80(TRACTOR_80FEN)[0]
    kitty_ge1, kitty_eq2 = bits(tb, "S5 SK D10 D2 C3 C4 C6 C7")
    kitty_points = 25
    st, view, result = records(PLAY_STATE_DTYPE), records(PLAY_VIEW_DTYPE), records(RESULT_DTYPE)
    played = bits(tb, last_cards)
    leader = (winner + 1) % SEATS
    st.declarer_points[0] = points
    st.play_ge1[0, winner], st.play_eq2[0, winner] = played
    st.play_ge1[0, leader], st.play_eq2[0, leader] = played
    view.leader[0] = winner
    value = zhuang_value(tb, hr, st[0], view[0], result[0], 0, leader, kitty_ge1, kitty_eq2)
    expected = records(RESULT_DTYPE)[0]
    expected.zhuang, expected.level, expected.kitty_points = 0, LEVEL, kitty_points
    expected.defenders_points = TOTAL_POINTS - kitty_points - st.declarer_points[0]
    expected.last_winner = winner
    expected.last_lead_ge1, expected.last_lead_eq2 = played
    expected.last_win_ge1, expected.last_win_eq2 = played
    hand_result(tb, hr, expected)
    levels = expected.up_levels if expected.declarer_won else -expected.up_levels
    assert value == pytest.approx(levels - TOTAL_WEIGHT * expected.defenders_total)


def test_80fen_plays_the_sampler():
    assert "sampler" in by_id("tractor_80fen").policies


@pytest.fixture(scope="module")
def sampler_hands() -> dict:
    done = background.output("sampler-80fen")  # tests.sampler_80fen_hands
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("seats", ["two", "four"])
def test_hands_with_sampler_seats_are_legal_and_repeat(sampler_hands, seats):
    run = sampler_hands[seats]
    assert run["hands"] == 8
    assert run["disagreements"] == []
    assert run["same"]
    assert 2 in run["policy_ids"]  # the sampler's id


def test_simulate_with_one_sampler_seat_runs(sampler_hands):
    assert sampler_hands["cli"]["code"] == 0, sampler_hands["cli"]["stderr"]
