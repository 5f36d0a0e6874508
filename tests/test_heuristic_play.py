"""The `heuristic` play policy (policies.heuristic): its plays are legal in random positions and whole
random hands (and its throws never fail), it follows the documented rules in positions written in card
notation, its parameters switch the rules off, it never draws from its stream, and it sees only the view
and its own hand."""

from __future__ import annotations

import random

import numpy as np
import pytest

from baofen_sim.cards import points_of
from baofen_sim.dev.kernel_calls import bits_of, cards_of, deal
from baofen_sim.kernels.bits import remove_cards
from baofen_sim.kernels.follow import is_legal_follow
from baofen_sim.kernels.leads import is_legal_lead, sample_lead
from baofen_sim.kernels.throws import validate_throw
from baofen_sim.kernels.trick import trick_winner
from baofen_sim.kernels.units import analyze_lead, unit_count
from baofen_sim.policies.heuristic import heuristic_follow, heuristic_lead
from baofen_sim.policies.registry import HEURISTIC
from baofen_sim.policies.selection import default_params
from baofen_sim.policies.view import new_play_view
from tests.kernel_helpers import BAOFEN_PRESETS, cards, tables

STATE = np.uint64(0x5EED)
SEATS = 4
HAND_SIZE = 25
RANDOM_HANDS = 120  # whole hands per preset in the legality test


# ---- positions in card notation -------------------------------------------------------------------------


def params(**overrides) -> np.ndarray:
    """The heuristic parameter row: defaults, with some parameters set by name."""
    row = default_params("heuristic")
    for name, value in overrides.items():
        row[HEURISTIC.param_index(name)] = value
    return row


def make_view(tb, *, declarer: int, leader: int, trick=(), played: str = "", throw_allowed: bool = True,
              side_mask: int | None = None, private_side: int = 0, suspect_side: int = 0):
    """The view of the seat to act: `trick` lists the plays so far, the lead first (played by `leader`);
    `side_mask` the seats scoring with the declarer (default: he alone, Baofen's), `private_side` those the seat
    alone knows do (找朋友's unrevealed friend: himself), `suspect_side` those the table suspects do (找朋友)."""
    view = new_play_view()
    view.declarer = declarer
    view.side_mask = 1 << declarer if side_mask is None else side_mask
    view.private_side = private_side
    view.suspect_side = suspect_side
    view.leader = leader
    view.n_played = len(trick)
    view.seat = (leader + len(trick)) % SEATS
    for i, play in enumerate(trick):
        seat = (leader + i) % SEATS
        view.trick_ge1[seat], view.trick_eq2[seat] = bits_of(tb, play)
    view.played_ge1, view.played_eq2 = bits_of(tb, played)
    view.throw_allowed = throw_allowed
    view.hand_sizes[:SEATS] = HAND_SIZE
    return view


def lead_play(tb, hand: str, *, declarer: int, seat: int, played: str = "", side_mask: int | None = None,
              **overrides) -> list[int]:
    """The cards the heuristic leads from `hand`, checked legal."""
    view = make_view(tb, declarer=declarer, leader=seat, played=played, side_mask=side_mask)
    hand_bits = bits_of(tb, hand)
    state, ge1, eq2 = heuristic_lead(params(**overrides), tb, view, *hand_bits, STATE)
    assert state == STATE
    assert is_legal_lead(tb, *hand_bits, ge1, eq2, True)
    return cards_of(tb, ge1, eq2)


def follow_play(tb, hand: str, trick, *, declarer: int, leader: int, played: str = "", side_mask: int | None = None,
                private_side: int = 0, suspect_side: int = 0, **overrides) -> list[int]:
    """The cards the heuristic plays from `hand` after the plays `trick` (lead first), checked legal."""
    view = make_view(tb, declarer=declarer, leader=leader, trick=trick, played=played, side_mask=side_mask,
                     private_side=private_side, suspect_side=suspect_side)
    lead = analyze_lead(tb, *bits_of(tb, trick[0]))
    hand_bits = bits_of(tb, hand)
    state, ge1, eq2 = heuristic_follow(params(**overrides), tb, lead, view, *hand_bits, STATE)
    assert state == STATE
    assert is_legal_follow(tb, lead, *hand_bits, ge1, eq2)
    return cards_of(tb, ge1, eq2)


@pytest.fixture(scope="session")
def compiled_play() -> None:
    """Compile (or load from the cache) both play kernels once per session, on every follow path."""
    tb = tables()
    lead_play(tb, "BJ BJ H3 S3 S4", declarer=0, seat=0)
    follow_play(tb, "S3 S4 C5", ["SA"], declarer=0, leader=0)
    follow_play(tb, "S3 S3 C5", ["SA SA"], declarer=0, leader=0)
    follow_play(tb, "S3 S3 S4 S4 C5", ["S9 S9 S8 S8"], declarer=0, leader=0)


pytestmark = pytest.mark.usefixtures("compiled_play")

# Seats for the scenarios: the declarer is seat 0, seats 1-3 defend.
DECL = 0


# ---- the lead -------------------------------------------------------------------------------------------


def test_declarer_draws_trumps_with_sure_trumps_first():
    tb = tables(trump="H")
    hand = "BJ BJ LJ HA HK H5 H3 SA SK S3 C4 C7 D9"
    play = lead_play(tb, hand, declarer=DECL, seat=DECL)
    assert play == cards("BJ BJ LJ")  # every sure trump unit at once: a throw that cannot fail
    assert lead_play(tb, hand, declarer=DECL, seat=DECL, declarer_throw_sure=0) == cards("BJ BJ")


def test_declarer_cashes_plain_sure_winners_once_trumps_are_out_or_when_not_drawing():
    tb = tables(trump="H")
    hand = "BJ BJ LJ HA SA SA SK C4 C7 D9"
    assert lead_play(tb, hand, declarer=DECL, seat=DECL, draw_trumps=0) == cards("SA SA SK")
    # Every other trump has been played: the declarer cashes his spades instead of leading trumps.
    others = ("LJ H2 H2 S2 S2 C2 C2 D2 D2 HA HK HK HQ HQ HJ HJ H10 H10 H9 H9 H8 H8 H7 H7 H6 H6 H5 H5 "
              "H4 H4 H3 H3")
    assert lead_play(tb, hand, declarer=DECL, seat=DECL, played=others) == cards("SA SA SK")


def test_declarer_without_sure_trumps_but_with_trump_length_leads_his_cheapest_trump():
    tb = tables(trump="H")
    # Unseen trumps: BJ H5 H4 H3, fewer than his six, and the BJ beats each of them.
    others = "BJ LJ LJ H2 H2 S2 S2 C2 C2 D2 D2 HA HA HK HQ HQ HJ HJ H10 H9 H9 H8 H8 H7 H7 H6"
    hand = "HK H10 H6 H5 H4 H3 C4 C9 D8"
    assert lead_play(tb, hand, declarer=DECL, seat=DECL, played=others) == cards("H3")
    # One trump against the 35 unseen ones: no drawing, a low plain card instead.
    assert lead_play(tb, "H3 C4 C9 D8", declarer=DECL, seat=DECL) == cards("C4")


def test_throw_only_when_every_unit_is_sure():
    tb = tables(trump="H")
    # Both SAs are held and the other SK only ties: SA SA + SK cannot fail; SQ could (the unseen SK).
    hand = "SA SA SK SQ C3 D4"
    assert lead_play(tb, hand, declarer=1, seat=1) == cards("SA SA SK")


def test_defender_without_sure_winners_leads_a_low_card_not_points_or_trumps():
    tb = tables(trump="H")
    hand = "S10 SK C5 C9 D3 D3 D8 H3 BJ"
    assert lead_play(tb, hand, declarer=DECL, seat=2) == cards("D8")


def test_no_sure_lead_from_a_suit_that_is_running_out():
    tb = tables(trump="H")
    spades = "SA SK SK SQ SQ SJ SJ S10 S10 S9 S9 S8 S8 S7 S7 S6 S6 S5 S5 S4 S4 S3 S3"  # 1 SA left unseen
    hand = "SA C3 C4 D6"
    assert lead_play(tb, hand, declarer=DECL, seat=1, played=spades) == cards("C3")


def test_eight_of_a_kind_is_led():
    tb = tables(trump="H")
    hand = "S4 S4 H4 H4 C4 C4 D4 D4 SA C9"
    assert lead_play(tb, hand, declarer=DECL, seat=DECL) == cards("S4 S4 H4 H4 C4 C4 D4 D4")


# ---- the follow -----------------------------------------------------------------------------------------


def test_defender_feeds_points_to_a_partner_winning_with_an_ace_on_the_last_seat():
    tb = tables(trump="H")
    # Seat 1 (defender) leads SA, the declarer (seat 2) and seat 3 follow; seat 0 defends, last.
    trick = ["SA", "S4", "S6"]
    play = follow_play(tb, "S3 S10 SK C4", trick, declarer=2, leader=1)
    assert play == cards("S10")
    assert follow_play(tb, "S3 S10 SK C4", trick, declarer=2, leader=1, feed_points=0) == cards("S3")


def test_defender_does_not_feed_a_winner_the_table_suspects_of_being_the_declarers_friend():
    tb = tables(trump="H")
    # As above, but seat 1 fed the declarer points earlier (找朋友, `view.suspect_side`): not a partner to feed.
    assert follow_play(tb, "S3 S10 SK C4", ["SA", "S4", "S6"], declarer=2, leader=1, suspect_side=1 << 1) == cards("S3")


def test_defender_does_not_feed_when_the_declarer_can_still_beat_the_partner():
    tb = tables(trump="H")
    # Seat 1 leads SJ; seat 2 (defender) plays second, the declarer (seat 3) is still to play.
    assert follow_play(tb, "S3 S10 C4", ["SJ"], declarer=3, leader=1) == cards("S3")


def test_a_seat_that_alone_knows_it_scores_with_the_declarer_feeds_him_points():
    tb = tables(trump="H")
    # The declarer (seat 0) leads SA and wins it: to the public side mask seat 3 is a defender, who throws his
    # lowest spade; 找朋友's unrevealed friend knows better (`view.private_side`, §7.4.8) and feeds 10 points.
    trick = ["SA", "S4", "S6"]
    assert follow_play(tb, "S3 S10 SK C4", trick, declarer=DECL, leader=DECL) == cards("S3")
    assert follow_play(tb, "S3 S10 SK C4", trick, declarer=DECL, leader=DECL, private_side=1 << 3) == cards("S10")


def test_void_defender_ruffs_a_pointed_trick_with_his_lowest_trump():
    tb = tables(trump="H")
    trick = ["SA", "S10", "SK"]  # the declarer's SA wins, 20 points on the table
    assert follow_play(tb, "H3 H7 H9 C4 C8 D6", trick, declarer=DECL, leader=DECL) == cards("H3")
    assert follow_play(tb, "H3 H7 H9 C4 C8 D6", trick, declarer=DECL, leader=DECL,
                       defender_ruff_min_points=30) == cards("C4")


def test_void_defender_ruffs_a_25_point_pair_trick_with_his_lowest_trump_pair():
    tb = tables(trump="H")
    trick = ["SA SA", "S10 S5", "SK S4"]
    hand = "H3 H3 H8 H8 HQ C4 C6 D7 D9"
    assert follow_play(tb, hand, trick, declarer=DECL, leader=DECL) == cards("H3 H3")


def test_void_defender_does_not_ruff_a_pointless_trick():
    tb = tables(trump="H")
    trick = ["SA", "S3", "S4"]
    assert follow_play(tb, "H3 H7 H9 C4 C8 D6", trick, declarer=DECL, leader=DECL) == cards("C4")


def test_player_who_cannot_win_plays_his_lowest_card():
    tb = tables(trump="H")
    assert follow_play(tb, "S3 S10 SK C4", ["SA"], declarer=DECL, leader=DECL) == cards("S3")
    # The declarer following defenders he cannot beat keeps his points too.
    assert follow_play(tb, "S5 S9 SQ", ["SA", "SK", "S3"], declarer=0, leader=1) == cards("S9")


def test_last_seat_declarer_wins_a_pointed_trick_cheaply():
    tb = tables(trump="H")
    # Defenders 1-3 played; the declarer (seat 0) holds SA and SK: the K wins too, and is his own 10 points.
    assert follow_play(tb, "S3 SK SA", ["S10", "SQ", "S5"], declarer=0, leader=1) == cards("SK")


def test_second_seat_declarer_takes_a_trick_with_a_card_nobody_can_beat():
    tb = tables(trump="H")
    # Seat 1 leads S3, the declarer (seat 2) holds SQ and SA, two defenders follow him. An unseen SK could
    # beat SQ, nothing beats SA; once both SKs and the other SA are out, the SQ is enough.
    assert follow_play(tb, "S4 SQ SA", ["S3"], declarer=2, leader=1) == cards("SA")
    assert follow_play(tb, "S4 SQ SA", ["S3"], declarer=2, leader=1, played="SK SK SA") == cards("SQ")


def test_a_high_trump_goes_on_a_pointless_trump_trick_only_below_win_min_points():
    tb = tables(trump="H")
    # The declarer leads HA (no points); seat 1 could win it only with the BJ. With win_min_points 5 (the
    # old value) he keeps it; the tuned defender (0) takes the trick, and the lead, anyway.
    assert follow_play(tb, "BJ H4 C3", ["HA"], declarer=DECL, leader=DECL, defender_win_min_points=5) == cards("H4")
    assert follow_play(tb, "BJ H4 C3", ["HA"], declarer=DECL, leader=DECL) == cards("BJ")
    # With points on the table he takes them.
    assert follow_play(tb, "BJ H4 C3", ["HA", "H10"], declarer=3, leader=3, defender_win_min_points=5) == cards("BJ")


def test_following_a_tractor_in_suit_plays_the_lowest_tractor():
    tb = tables(trump="H")
    trick = ["S9 S9 S8 S8"]
    hand = "S3 S3 S4 S4 SK SK S6 C4"
    assert follow_play(tb, hand, trick, declarer=DECL, leader=DECL) == cards("S3 S3 S4 S4")


def test_void_player_with_many_choices_discards_cheaply():
    tb = tables(trump="H")
    # A four-card lead answered by a void player: too many legal follows to list, built greedily.
    trick = ["SA SA SK SK"]
    hand = "C3 C4 C6 C8 C9 CJ CQ D3 D6 D7 D9 DJ DQ DA H3 H4 H9"
    play = follow_play(tb, hand, trick, declarer=DECL, leader=DECL)
    assert play == cards("C3 C4 D3 C6")
    assert sum(points_of(k) for k in play) == 0


def test_void_defender_ruffs_a_pointed_throw_with_his_lowest_trumps():
    tb = tables(trump="H")
    trick = ["SA SK", "S3 S4", "S6 S7"]  # the declarer's throw holds 10 points
    hand = "H3 H4 H9 HA C4 C6 D7"
    assert follow_play(tb, hand, trick, declarer=DECL, leader=DECL) == cards("H3 H4")
    assert follow_play(tb, hand, trick, declarer=DECL, leader=DECL, defender_ruff_min_points=15) == cards("C4 C6")


def test_long_suit_answer_to_a_throw_is_built_greedily_without_points():
    tb = tables(trump="H")
    # 84 ways to answer three singles from nine spades: more than are listed, so built greedily.
    hand = "S3 S4 S5 S6 S7 S8 S9 S10 SJ C3"
    assert follow_play(tb, hand, ["SA SK SQ"], declarer=DECL, leader=DECL) == cards("S3 S4 S6")
    # A defender feeding his partner's throw from the same suit gives the points instead.
    assert follow_play(tb, hand, ["SA SK SQ", "C4 C5 C6", "D3 D4 D5"], declarer=2, leader=1) == cards(
        "S5 S10 S3")


# ---- the last trick in 80分 (抠底, §7.3.11) ------------------------------------------------------------------

PARTNERS = 0b0101  # 80分: the 庄 (seat 0) and his partner (seat 2) against seats 1 and 3


def tables80():
    """80分 trick tables at level 2 with trump ♥."""
    return tables("tractor-80fen", trump="H", constant_trump_ranks=(2,))


def test_only_80fen_tables_say_the_last_trick_scores_the_kitty():
    assert tables80().last_trick_kitty == 1
    assert tables("baofen").last_trick_kitty == 0 and tables("baofen-001").last_trick_kitty == 0


def test_the_zhuang_side_keeps_its_sure_top_trump_for_the_last_trick():
    tb = tables80()
    for seat in (0, 2):  # the 庄 and his partner
        assert lead_play(tb, "BJ S3", declarer=0, seat=seat, side_mask=PARTNERS) == cards("S3")
        assert lead_play(tb, "BJ S3", declarer=0, seat=seat, side_mask=PARTNERS, declarer_last_trick=0) == cards("BJ")
    # With more than LAST_TRICK_CARDS cards left it draws trumps as before.
    assert lead_play(tb, "BJ S3 S4 S6 S7", declarer=0, seat=0, side_mask=PARTNERS) == cards("BJ")
    # Baofen's last trick scores no kitty (§5.5): no guard.
    assert lead_play(tables(trump="H"), "BJ S3", declarer=0, seat=0) == cards("BJ")


def test_a_defender_keeps_its_sure_top_trump_to_capture_the_kitty_with_the_last_trick():
    tb = tables80()
    # Void in clubs, it would ruff the 10 with its BJ and then lose the last trick with the S3.
    assert follow_play(tb, "BJ S3", ["C10"], declarer=0, leader=0, side_mask=PARTNERS) == cards("S3")
    assert follow_play(tb, "BJ S3", ["C10"], declarer=0, leader=0, side_mask=PARTNERS,
                       defender_last_trick=0) == cards("BJ")
    # A trump lead: the BJ is its only trump and must follow (§2.3).
    assert follow_play(tb, "BJ S3", ["H3"], declarer=0, leader=0, side_mask=PARTNERS) == cards("BJ")


# ---- contracts: legality, no hidden information, determinism -------------------------------------------


def add_cards(a, b):
    return a[0] | b[0], a[1] | b[1] | (a[0] & b[0])


def play_random_hand(tb, seed: int, declarer: int, random_leads: float, rnd: random.Random) -> int:
    """Play a whole dealt hand: each lead is a random candidate (leads.sample_lead, throws validated and
    replaced by the forced unit when they fail) with probability `random_leads`, else the heuristic's;
    every follow is the heuristic's. Asserts every heuristic play is legal and no heuristic throw fails.
    Returns the number of heuristic decisions."""
    kinds, _ = deal(seed, 0)
    hands = [tuple(np.uint64(x) for x in bits_of(tb, k)) for k in kinds]
    row = params()
    view = make_view(tb, declarer=declarer, leader=declarer)
    state = np.uint64(seed)
    decisions = 0
    while hands[view.leader][0]:
        leader = int(view.leader)
        view.seat, view.n_played, view.throw_allowed = leader, 0, True
        heuristic_led = rnd.random() >= random_leads
        if not heuristic_led:
            state, ge1, eq2, _ = sample_lead(tb, *hands[leader], True, np.uint64(state))
        else:
            _, ge1, eq2 = heuristic_lead(row, tb, view, *hands[leader], STATE)
            assert is_legal_lead(tb, *hands[leader], ge1, eq2, True)
            decisions += 1
        lead = analyze_lead(tb, ge1, eq2)
        if unit_count(lead) > 1 and lead.eight_rank < 0:
            ok, forced_ge1, forced_eq2 = validate_throw(tb, ge1, eq2, leader, declarer,
                                                        np.array([h[0] for h in hands], dtype=np.uint64),
                                                        np.array([h[1] for h in hands], dtype=np.uint64))
            if not ok:
                assert heuristic_led is False, cards_of(tb, ge1, eq2)  # only random throws may fail
                ge1, eq2 = forced_ge1, forced_eq2
                lead = analyze_lead(tb, ge1, eq2)
        plays = np.zeros((2, SEATS), dtype=np.uint64)
        for i in range(SEATS):
            seat = (leader + i) % SEATS
            if i > 0:
                view.seat, view.n_played = seat, i
                _, ge1, eq2 = heuristic_follow(row, tb, lead, view, *hands[seat], STATE)
                assert is_legal_follow(tb, lead, *hands[seat], ge1, eq2), (seat, cards_of(tb, ge1, eq2))
                decisions += 1
            plays[0, seat], plays[1, seat] = ge1, eq2
            view.trick_ge1[seat], view.trick_eq2[seat] = ge1, eq2
            hands[seat] = remove_cards(*hands[seat], ge1, eq2)
        winner = trick_winner(tb, lead, plays[0], plays[1], leader, declarer)
        for seat in range(SEATS):
            view.played_ge1, view.played_eq2 = add_cards((view.played_ge1, view.played_eq2),
                                                         (plays[0, seat], plays[1, seat]))
        view.leader = winner
    return decisions


@pytest.mark.parametrize("preset", BAOFEN_PRESETS)
def test_heuristic_plays_are_legal_in_random_hands(preset):
    rnd = random.Random(7)
    decisions = 0
    for seed in range(RANDOM_HANDS):
        tb = tables(preset, "SHCD"[seed % 4])
        decisions += play_random_hand(tb, 1000 + seed, seed % SEATS, 0.5 if seed % 2 else 0.0, rnd)
    assert decisions > RANDOM_HANDS * 60


def test_heuristic_throws_never_fail():
    """Whole hands with heuristic leads only: `play_random_hand` checks each throw against the real hands."""
    rnd = random.Random(3)
    for seed in range(20):
        play_random_hand(tables("baofen", "SHCD"[seed % 4]), 2000 + seed, seed % SEATS, 0.0, rnd)


def random_follow_positions(seed: int, count: int):
    """(tables, lead cards, leader, declarer, follower seat, follower hand, earlier plays) with a random
    lead (every candidate shape, throws included) and random earlier followers."""
    rnd = random.Random(seed)
    for i in range(count):
        tb = tables(rnd.choice(BAOFEN_PRESETS), "SHCD"[rnd.randrange(4)])
        kinds, _ = deal(seed, i)
        hands = [bits_of(tb, sorted(rnd.sample(k, rnd.randrange(6, 26)))) for k in kinds]
        leader = rnd.randrange(SEATS)
        _, ge1, eq2, _ = sample_lead(tb, *hands[leader], True, np.uint64(rnd.getrandbits(63)))
        yield tb, (ge1, eq2), leader, rnd.randrange(SEATS), hands, rnd.randrange(1, SEATS)


def test_heuristic_follows_are_legal_in_random_positions():
    checked = 0
    for tb, lead_bits, leader, declarer, hands, n_played in random_follow_positions(17, 400):
        lead = analyze_lead(tb, *lead_bits)
        view = make_view(tb, declarer=declarer, leader=leader)
        view.n_played = 0
        # Earlier followers answer with the heuristic too (so the trick holds legal plays), then the seat.
        view.trick_ge1[leader], view.trick_eq2[leader] = lead_bits
        for i in range(1, n_played + 1):
            seat = (leader + i) % SEATS
            view.seat, view.n_played = seat, i
            if card_count(*hands[seat]) < lead.n:
                break
            _, ge1, eq2 = heuristic_follow(params(), tb, lead, view, *hands[seat], STATE)
            assert is_legal_follow(tb, lead, *hands[seat], ge1, eq2)
            view.trick_ge1[seat], view.trick_eq2[seat] = ge1, eq2
            checked += 1
    assert checked > 400


def card_count(ge1, eq2) -> int:
    return int(ge1).bit_count() + int(eq2).bit_count()


def test_choice_ignores_hidden_cards():
    """Two deals that agree on the acting seat's hand and on the public cards (the lead) but not on the
    other hands or the kitty give the same view, hence the same lead and the same follow: the policy is
    handed the view and its own hand, nothing else."""
    tb = tables(trump="S")
    rnd = random.Random(5)
    for seed in range(30):
        kinds, kitty = deal(3000 + seed, 0)
        me, leader, declarer = 1, 0, rnd.randrange(SEATS)
        led = kinds[leader][rnd.randrange(HAND_SIZE)]
        hidden = [k for s, hand in enumerate(kinds) if s != me for k in hand] + kitty
        hidden.remove(led)
        choices = set()
        for _ in range(2):
            rnd.shuffle(hidden)  # another deal of the cards this seat cannot see
            other_hands = [hidden[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(SEATS - 1)]
            assert sorted(other_hands[0] + other_hands[1] + other_hands[2] + hidden[75:]) == sorted(hidden)
            view = make_view(tb, declarer=declarer, leader=leader, trick=[[led]])
            lead = analyze_lead(tb, *bits_of(tb, [led]))
            _, ge1, eq2 = heuristic_follow(params(), tb, lead, view, *bits_of(tb, kinds[me]), STATE)
            view = make_view(tb, declarer=declarer, leader=me)
            _, lead_ge1, lead_eq2 = heuristic_lead(params(), tb, view, *bits_of(tb, kinds[me]), STATE)
            choices.add((int(ge1), int(eq2), int(lead_ge1), int(lead_eq2)))
        assert len(choices) == 1


def test_deterministic_and_stream_untouched():
    tb = tables(trump="D")
    kinds, _ = deal(77, 0)
    hand = bits_of(tb, kinds[1])
    view = make_view(tb, declarer=0, leader=0, trick=[[kinds[0][3]]])
    lead = analyze_lead(tb, *bits_of(tb, [kinds[0][3]]))
    first = heuristic_follow(params(), tb, lead, view, *hand, np.uint64(123))
    again = heuristic_follow(params(), tb, lead, view, *hand, np.uint64(123))
    assert first == again and first[0] == np.uint64(123)
    view = make_view(tb, declarer=0, leader=1)
    assert heuristic_lead(params(), tb, view, *hand, np.uint64(9)) == heuristic_lead(params(), tb, view, *hand,
                                                                                        np.uint64(9))


def test_registry_lists_the_play_parameters_with_defaults():
    row = default_params("heuristic")
    expected = {"feed_points": 1.0, "draw_trumps": 1.0,
                "declarer_win_min_points": 5.0, "declarer_ruff_min_points": 0.0, "declarer_throw_sure": 1.0,
                "declarer_last_trick": 3.0, "defender_win_min_points": 0.0, "defender_ruff_min_points": 5.0,
                "defender_throw_sure": 1.0, "defender_last_trick": 2.0}
    for name, value in expected.items():
        assert row[HEURISTIC.param_index(name)] == value
