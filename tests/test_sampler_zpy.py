"""The `sampler` in 找朋友 (issue 23): its deals agree with what was shown (the caller's 7, an overcaller's pair, the
turned-up card, the voids, the kitty to the declarer who buried it, a bury an overcall took), the friend of each deal
is the friend the seat may believe in (itself when it holds the friend card, the revealed one, the deal's holder of the
friend card, none for 1 vs 4), its value is the declarer's side's result, its highest-card lead candidate is the
highest by power, and whole hands with sampler seats are legal (re-judged by the reference, in a process of its own:
the engine is built for the policy set) and repeat, with its strength against the heuristic measured."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from baofen_sim.cards import NUM_KINDS, full_pack, parse_cards
from baofen_sim.codes import NO_SEAT, TRUMP
from baofen_sim.engine.tricks import known_cards
from baofen_sim.games import by_id
from baofen_sim.games.zhaopengyou.engine.hand import hands_in_layout
from baofen_sim.games.zhaopengyou.engine.materialize import hand_rules_zpy
from baofen_sim.games.zhaopengyou.engine.records import HAND_ZPY_RULES_DTYPE, ZPY_SCRATCH_DTYPE
from baofen_sim.games.zhaopengyou.engine.result import declarer_won
from baofen_sim.games.zhaopengyou.policies.sampler import TOTAL_WEIGHT, deal_zpy, sampler_play_zpy, side_value
from baofen_sim.kernels.hands import counts_to_bits
from baofen_sim.kernels.kitty import pass_kitty
from baofen_sim.kernels.play import note_void, start_play
from baofen_sim.kernels.units import analyze_lead, card_count
from baofen_sim.policies.sampler import MAX_CANDIDATES, lead_candidates
from baofen_sim.policies.sampler.entry import play_of
from baofen_sim.policies.selection import default_params
from baofen_sim.records import MAX_PLAYERS, PLAY_STATE_DTYPE, PLAY_VIEW_DTYPE
from baofen_sim.rules.presets import preset
from tests import background
from tests.kernel_helpers import tables

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")

SEATS = 5
HAND = 20
KITTY = 8
DECLARER = 0
H7 = parse_cards("H7")[0]


def records(dtype):
    return np.zeros(1, dtype=dtype).view(np.recarray)


def bits(tb, text):
    """(ge1, eq2) of cards in notation, in the trump layout."""
    return counts_to_bits(tb, np.bincount(parse_cards(text), minlength=NUM_KINDS).astype(np.int8))


def copies_of(tb, ge1, eq2, text):
    bit, _ = bits(tb, text)
    return int(ge1 & bit != 0) + int(eq2 & bit != 0)


def arranged(wanted: dict[int, str], seed: int = 1):
    """(counts int8[5, 54], kitty kinds): a deal of the pack whose seat s holds the cards wanted[s] (the kitty:
    wanted[SEATS]) and random others."""
    pack = full_pack()
    for text in wanted.values():
        for kind in parse_cards(text):
            pack.remove(kind)
    random.Random(seed).shuffle(pack)
    counts = np.zeros((MAX_PLAYERS, NUM_KINDS), dtype=np.int8)
    places = [[*parse_cards(wanted.get(s, ""))] for s in range(SEATS + 1)]
    for s in range(SEATS + 1):
        size = KITTY if s == SEATS else HAND
        while len(places[s]) < size:
            places[s].append(pack.pop())
    for s in range(SEATS):
        for kind in places[s]:
            counts[s, kind] += 1
    return counts, np.array(places[SEATS], dtype=np.int64)


def position(tb, wanted, shown=(), friend_card="H7", seed=1, overcalled_by=None):
    """(sc, st, view) at the first trick, hearts trump, the declarer seat 0 having called with an H7 (or, with
    overcalled_by, that seat's pair of 7s having taken the kitty from him, `pass_kitty`); `shown`: (seat, cards)
    each seat showed before the play (the engine's `sc.shown`: the call, an overcall pair, the turned-up card)."""
    sc, st, view = records(ZPY_SCRATCH_DTYPE)[0], records(PLAY_STATE_DTYPE)[0], records(PLAY_VIEW_DTYPE)[0]
    counts, kitty = arranged(wanted, seed)
    sc.counts[:] = counts
    sc.kitty[:KITTY] = kitty
    declarer = DECLARER
    if overcalled_by is not None:
        pass_kitty(sc, DECLARER, overcalled_by, KITTY, SEATS)  # he takes the kitty as buried and buries it again
        declarer = overcalled_by
    for seat, text in shown:
        for kind in parse_cards(text):
            sc.shown[seat, kind] += 1
    hands_in_layout(tb, sc, st, SEATS, KITTY)
    st.bury_owner = declarer
    start_play(tb, st, view, declarer, np.int64(1) << declarer, 0)
    view.friend_ge1 = 0 if friend_card is None else bits(tb, friend_card)[0]
    return sc, st, view


def deals(tb, st, view, seat, count=40, known=None):
    """`count` of the seat's deals (as its search draws them): [(out_ge1, out_eq2, friend)]."""
    known = known_cards(st, view, seat) if known is None else known
    hand = (st.hand_ge1[seat], st.hand_eq2[seat])
    found = []
    for state in range(count):
        out_ge1 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        out_eq2 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        _, friend = deal_zpy(tb, view, seat, *hand, *known, KITTY, np.uint64(state), out_ge1, out_eq2)
        found.append((out_ge1, out_eq2, friend))
    return found


@pytest.fixture(scope="module")
def tb():
    return tables("zhaopengyou-5p", trump="H")


def test_the_caller_holds_his_7_and_the_flip_holder_the_turned_up_card_in_every_deal(tb):
    """§7.4.4 the caller showed an H7, §7.4.3 the turned-up SA went to seat 2: a defender's deals give them those."""
    _, st, view = position(tb, {0: "H7", 2: "SA", 3: "H7"}, shown=[(0, "H7"), (2, "SA")])
    for out_ge1, out_eq2, _ in deals(tb, st, view, 1):
        assert copies_of(tb, out_ge1[0], out_eq2[0], "H7") >= 1
        assert copies_of(tb, out_ge1[2], out_eq2[2], "SA") >= 1
        assert [card_count(out_ge1[s], out_eq2[s]) for s in range(SEATS)] == [HAND, KITTY, HAND, HAND, HAND]


def test_an_overcaller_holds_his_pair_of_7s_and_there_is_no_friend(tb):
    """§7.4.7, §7.4.8 [A32]: seat 4 overcalled with a pair of S7: every deal gives him both, 1 vs 4."""
    _, st, view = position(tb, {0: "H7", 4: "S7 S7"}, shown=[(0, "H7"), (4, "S7 S7")], friend_card=None,
                           overcalled_by=4)
    for out_ge1, out_eq2, friend in deals(tb, st, view, 1):
        assert copies_of(tb, out_ge1[4], out_eq2[4], "S7") == 2
        assert friend == NO_SEAT


def test_the_caller_overcalled_deals_his_bury_only_to_the_overcaller_or_the_kitty(tb):
    """§7.4.7: the caller knows the 8 cards he buried; the overcaller took them: those still hidden lie with him or
    in the final kitty (`deals.confine`, as after 80分's 反底)."""
    sc, st, view = position(tb, {0: "H7", 4: "S7 S7", SEATS: "DA DA DK DK CA CA CK CK"},
                           shown=[(0, "H7"), (4, "S7 S7")], friend_card=None, overcalled_by=4)
    assert list(sc.bury_takers[:SEATS]) == [1 << 4, 0, 0, 0, 0]
    assert view.bury_takers[0] == 1 << 4
    known = known_cards(st, view, 0)
    assert known == bits(tb, "DA DA DK DK CA CA CK CK")
    for out_ge1, out_eq2, _ in deals(tb, st, view, 0, known=known):
        for seat in (1, 2, 3):
            for card in ("DA", "DK", "CA", "CK"):
                assert copies_of(tb, out_ge1[seat], out_eq2[seat], card) == 0
        assert card_count(out_ge1[0], out_eq2[0]) == KITTY  # the final kitty, which he does not know


def test_the_declarer_knows_the_kitty_he_buried(tb):
    _, st, view = position(tb, {0: "H7", 3: "H7"}, shown=[(0, "H7")])
    for out_ge1, out_eq2, friend in deals(tb, st, view, DECLARER):
        assert out_ge1[0] == 0 and out_eq2[0] == 0
        assert [card_count(out_ge1[s], out_eq2[s]) for s in (1, 2, 3, 4)] == [HAND] * 4
        assert friend in (1, 2, 3, 4)
        assert copies_of(tb, out_ge1[friend], out_eq2[friend], "H7") == 1


def test_a_declarer_holding_both_friend_cards_plays_1_vs_4_in_every_deal(tb):
    """§7.4.8 [A32]: the other copy in his own hand (or in his bury): no friend."""
    _, st, view = position(tb, {0: "H7 H7"}, shown=[(0, "H7")])
    assert {friend for *_, friend in deals(tb, st, view, DECLARER)} == {NO_SEAT}
    _, st, view = position(tb, {0: "H7", SEATS: "H7"}, shown=[(0, "H7")])
    assert {friend for *_, friend in deals(tb, st, view, DECLARER)} == {NO_SEAT}


def test_the_friend_knows_he_is_the_friend(tb):
    _, st, view = position(tb, {0: "H7", 3: "H7"}, shown=[(0, "H7")])
    assert {friend for *_, friend in deals(tb, st, view, 3)} == {3}


def test_a_defender_sees_the_friend_where_the_deal_puts_the_friend_card(tb):
    """Before the reveal a defender does not know the friend: each deal's is the seat it gives the other H7 (a
    deal that leaves it to the declarer or the kitty is 1 vs 4)."""
    _, st, view = position(tb, {0: "H7", 3: "H7"}, shown=[(0, "H7")])
    found = deals(tb, st, view, 1, count=200)
    for out_ge1, out_eq2, friend in found:
        holders = [s for s in (2, 3, 4) if copies_of(tb, out_ge1[s], out_eq2[s], "H7")]
        assert [friend] == holders or (friend == NO_SEAT and holders == [])
    assert {friend for *_, friend in found} >= {2, 3, 4}


def test_a_seat_void_in_trumps_is_never_the_friend_and_a_revealed_friend_is_known(tb):
    """§2.3.1: seat 4 followed a trump lead with a spade: no deal gives it a trump, the friend card (a trump 7)
    included; once seat 3 has played the friend card (in this trick, or revealed in the side mask), it is the friend
    in every deal."""
    _, st, view = position(tb, {0: "H7", 3: "H7"}, shown=[(0, "H7")])
    note_void(tb, view, analyze_lead(tb, *bits(tb, "HA")), 4, *bits(tb, "S3"))
    assert view.voids[4] >> TRUMP & 1
    for out_ge1, _, friend in deals(tb, st, view, 1, count=100):
        assert out_ge1[4] & tb.suit_mask[TRUMP] == 0
        assert friend != 4
    h7 = bits(tb, "H7")
    view.leader, view.n_played = 3, 1  # seat 3 has led the H7 in this trick
    view.trick_ge1[3], view.trick_eq2[3] = h7
    view.hand_sizes[3] -= 1
    assert {friend for *_, friend in deals(tb, st, view, 1)} == {3}
    view.n_played = 0  # after that trick (whatever the others played)
    view.played_ge1 |= h7[0]
    view.seat_played_ge1[3] |= h7[0]
    view.side_mask |= 1 << 3
    assert {friend for *_, friend in deals(tb, st, view, 1)} == {3}


def test_the_deals_are_a_function_of_the_seat_s_stream(tb):
    _, st, view = position(tb, {0: "H7", 3: "H7"}, shown=[(0, "H7")])
    known = known_cards(st, view, 1)
    hand = (st.hand_ge1[1], st.hand_eq2[1])
    drawn = []
    for state in (5, 5, 6):
        out_ge1 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        out_eq2 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        deal_zpy(tb, view, 1, *hand, *known, KITTY, np.uint64(state), out_ge1, out_eq2)
        drawn.append(out_ge1)
    assert np.array_equal(drawn[0], drawn[1]) and not np.array_equal(drawn[0], drawn[2])


@pytest.mark.parametrize(("won", "friend", "last_winner", "last_cards"), [
    ((10, 30, 20, 15, 25), 2, 0, "HA"),  # T = 30 + 15 + 25 = 70 < 80: the side wins
    ((10, 30, 20, 15, 25), 2, 1, "S3"),  # a defender takes the last trick: the kitty's 20 doubled, T = 110
    ((0, 45, 0, 40, 0), NO_SEAT, 3, "S3"),  # 1 vs 4: T = 85 + 20 × 2
    ((5, 40, 35, 5, 0), 4, 4, "C3 C3"),  # the friend takes the last trick: no bonus, T = 80: the defenders win
    ((100, 0, 0, 0, 0), 1, 0, "HA")])
def test_the_value_is_the_declarer_side_s_result(tb, won, friend, last_winner, last_cards):
    """§7.4.10–§7.4.12: T counts the tricks of the seats outside the declarer and the friend and the kitty bonus
    (s003 multipliers: ×2 for a single, ×4 for a pair) when one of them took the last trick."""
    zr = hand_rules_zpy(ZHAOPENGYOU_5P)[0]
    st, view = records(PLAY_STATE_DTYPE)[0], records(PLAY_VIEW_DTYPE)[0]
    kitty = bits(tb, "S5 SK D5 C3 C4 C6 C8 C9")  # 20 points
    played = bits(tb, last_cards)
    leader = (last_winner + 1) % SEATS
    st.play_ge1[last_winner], st.play_eq2[last_winner] = played
    st.play_ge1[leader], st.play_eq2[leader] = played
    view.leader = last_winner
    points = np.array(won + (0,) * (MAX_PLAYERS - SEATS), dtype=np.int64)
    value = side_value(tb, zr, st, view, points, DECLARER, friend, leader, *kitty)
    outside = [s for s in range(SEATS) if s not in (DECLARER, friend)]
    multiplier = 0 if last_winner not in outside else (2 if card_count(*played) == 1 else 4)
    total = sum(won[s] for s in outside) + 20 * multiplier
    side_wins = declarer_won(zr, total)
    assert side_wins == (total < 80)
    assert value == pytest.approx((1.0 if side_wins else -1.0) - TOTAL_WEIGHT * total)


def test_the_highest_card_lead_candidate_is_the_highest_by_power(tb):
    """Issue 23: in the 5-player trump suit the trump 7 and 2 sit at their face places on the chain (lowered) but
    rank above the ace; the sampler's `highest card` candidate is the trump 7, not the ace above it in the layout."""
    _, st, view = position(tb, {1: "H7 HA HK H4 S3 S5 S8 S10 SJ C3 C5 C8 C10 CJ D3 D5 D8 D10 DJ DQ"},
                           shown=[(0, "H7")])
    view.seat = view.leader = 1
    params = default_params("sampler")
    out_ge1 = np.zeros(MAX_CANDIDATES, dtype=np.uint64)
    out_eq2 = np.zeros(MAX_CANDIDATES, dtype=np.uint64)
    count = lead_candidates(params, tb, view, st.hand_ge1[1], st.hand_eq2[1], out_ge1, out_eq2, MAX_CANDIDATES)
    singles = {int(g) for g, e in zip(out_ge1[:count], out_eq2[:count], strict=True) if e == 0}
    assert bits(tb, "H7")[0] in singles
    assert bits(tb, "HA")[0] not in singles


def test_zhaopengyou_plays_the_sampler_with_its_own_search():
    assert "sampler" in by_id("zhaopengyou_5p").policies
    assert play_of(HAND_ZPY_RULES_DTYPE) is sampler_play_zpy


@pytest.fixture(scope="module")
def sampler_hands() -> dict:
    done = background.output("sampler-zpy")  # tests.sampler_zpy_hands
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("seats", ["two", "five"])
def test_hands_with_sampler_seats_are_legal_and_repeat(sampler_hands, seats):
    run = sampler_hands[seats]
    assert run["hands"] == run["judged"] > 0
    assert run["disagreements"] == []
    assert run["same"]
    assert 2 in run["policy_ids"]  # the sampler's id


def test_simulate_replay_and_judge_with_a_sampler_seat(sampler_hands):
    for step in ("simulate", "replay", "judge"):
        assert sampler_hands["cli"][step]["code"] == 0, sampler_hands["cli"][step]["stderr"]


def test_the_sampler_declarer_does_not_lose_to_the_heuristic_and_its_friend_gains(sampler_hands):
    """A small strength check (tests.sampler_zpy_hands, 300 paired deals): the sampler at the declarer's seat (at
    the friend's) against the heuristic's play of the same deals, the other seats the heuristic's; only a clear loss
    fails. Measured on 2,000 deals (STRENGTH_DEALS = 2000): the heuristic's declarer's side wins 18.8%; the sampler
    as declarer +13.2 pp (standard error 1.0), as the friend +11.1 pp (1.5), as a defender +1.9 pp for the
    defenders (0.8)."""
    strength = sampler_hands["strength"]
    assert strength["declarer"]["hands"] >= 100
    assert strength["declarer"]["gain"] > -2.5 * strength["declarer"]["se"]
    assert strength["friend"]["gain"] > 0
