"""80分 (`tractor-80fen`) in the reference engine: the order at a level rank and with no trump (RULES.md §1.2.1,
§1.3.2, §1.5.2 "80分"), and the conformance cases of §10.10 on declaring (C50), 反底 (C51), trump from the kitty
(C52), 抠底 (C48) and the hand's result (C49)."""

from __future__ import annotations

import random

import pytest

from baofen_sim.cards import (
    CLUBS,
    HEARTS,
    POINTS,
    RANK_A,
    SPADES,
    TOTAL_POINTS,
    format_cards,
    full_pack,
    parse_cards,
    rank_of,
)
from baofen_sim.games.tractor80.reference.deal import Declaration, deal_and_declare, declaration_problem, recipient
from baofen_sim.games.tractor80.reference.declaring import (
    BIG_JOKER_PAIR,
    LITTLE_JOKER_PAIR,
    PAIR,
    SINGLE,
    Showing,
    declare_problem,
    fandi_problem,
    poll_order,
)
from baofen_sim.games.tractor80.reference.kitty import kitty_bonus, undeclared_trump
from baofen_sim.games.tractor80.reference.random_play import play_random_hand
from baofen_sim.games.tractor80.reference.result import game_over, hand_result, raised_level
from baofen_sim.reference.order import NO_TRUMP, Order
from baofen_sim.reference.units import TRACTOR, decompose
from baofen_sim.rules.presets import preset

TRACTOR_80FEN = preset("tractor-80fen")

DEFAULTS = TRACTOR_80FEN


def variant(**options):
    """`tractor-80fen` with some §9.4 options changed."""
    return TRACTOR_80FEN.replace(**options)


RANK = {text: rank_of(parse_cards(f"S{text}")[0]) for text in ("2", "5", "7", "9", "K", "A")}


def order_80(level: str, trump: int | None) -> Order:
    return Order(trump, joker_tractor_mode="none", level=RANK[level])  # A22: no joker tractor in 80分


def shapes(text: str, order: Order) -> list[tuple[str, int]]:
    return [(unit.shape, unit.size) for unit in decompose(parse_cards(text), order)]


def test_trumps_number_36_with_a_trump_suit_and_12_at_no_trump():
    pack = sorted(set(full_pack()))
    assert sum(order_80("7", SPADES).is_trump(k) for k in pack) == 18  # identities: 2 jokers, 4 level, 12 spades
    assert sum(order_80("7", NO_TRUMP).is_trump(k) for k in pack) == 6  # 2 jokers and the four 7s


def test_level_cards_sit_between_the_little_joker_and_the_trump_ace_and_leave_the_suits():
    order = order_80("7", SPADES)
    power = {text: order.power(parse_cards(text)[0]) for text in ("BJ", "LJ", "S7", "H7", "C7", "SA", "S8", "S6",
                                                                    "S2", "HA", "H2")}
    assert power["BJ"] > power["LJ"] > power["S7"] > power["H7"] == power["C7"] > power["SA"]
    assert power["S8"] == power["S6"] + 1 and power["S2"] == 1 and power["HA"] == power["SA"]  # the gap is closed
    assert order.suit(parse_cards("H7")[0]) == order.suit(parse_cards("SA")[0]) != order.suit(parse_cards("HA")[0])
    no_trump = order_80("7", NO_TRUMP)
    assert no_trump.power(parse_cards("S7")[0]) == no_trump.power(parse_cards("D7")[0])  # A49: all 副级牌
    assert not no_trump.is_trump(parse_cards("SA")[0])


def test_the_gap_at_the_level_rank_is_closed_and_level_cards_and_jokers_make_no_tractor():
    order = order_80("7", HEARTS)
    assert shapes("S6 S6 S8 S8", order) == [(TRACTOR, 4)]  # "打的級別是7，那么6688也是拖拉機"
    assert shapes("H7 H7 S7 S7", order) == [("pair", 2), ("pair", 2)]  # 主级 + 副级 is never a tractor
    assert shapes("HA HA H7 H7", order) == [("pair", 2), ("pair", 2)]  # "級牌以上的不算在拖拉機"
    assert shapes("BJ BJ LJ LJ", order) == [("pair", 2), ("pair", 2)]  # A22
    assert shapes("S2 S2 S3 S3", order_80("K", HEARTS)) == [(TRACTOR, 4)]  # 2 is on the 80分 chain


def show(current, seat, text, level="7", options=DEFAULTS):
    return declare_problem(current, seat, parse_cards(text), RANK[level], options)


def test_c50_declaring_at_level_7():
    current, problem = show(None, 1, "H7")
    assert problem is None and current == Showing(1, SINGLE, HEARTS)
    reinforced, problem = show(current, 1, "H7")  # 自保
    assert problem is None and reinforced == Showing(1, PAIR, HEARTS)
    assert show(reinforced, 2, "C7 C7")[1] is not None  # ♣ < ♥
    spades, problem = show(reinforced, 0, "S7 S7")
    assert problem is None and spades.trump == SPADES
    no_trump, problem = show(spades, 3, "LJ LJ")
    assert problem is None and no_trump.trump is NO_TRUMP
    last, problem = show(no_trump, 2, "BJ BJ")
    assert problem is None and last == Showing(2, BIG_JOKER_PAIR, NO_TRUMP) and last.seat == 2  # seat 2 becomes 庄
    assert show(current, 2, "C7 C7")[1] is None  # had seat 1 not reinforced: a pair beats a single


def test_declaring_refusals():
    single = Showing(1, SINGLE, HEARTS)
    assert "never overcalls a single" in show(single, 2, "S7")[1]
    assert show(single, 2, "S7", options=variant(declare_single_overcalls_single=True))[1] is None
    assert "own declaration" in show(Showing(1, PAIR, HEARTS), 1, "BJ BJ")[1]  # no overcalling oneself
    assert "own declaration" in show(single, 1, "H7", options=variant(allow_self_reinforce=False))[1]
    assert "not a level card" in show(None, 0, "S8")[1]
    assert "not a level card" in show(None, 0, "S7 H7")[1]  # two level cards of two suits are no pair
    assert "not a level card" in show(None, 0, "BJ LJ")[1]
    assert poll_order(2, 4) == [2, 3, 0, 1]  # from the card's recipient, counter-clockwise


def challenge(setter, seat, text, first=False, zhuang=0, last_burier=0, options=DEFAULTS):
    return fandi_problem(setter, seat, parse_cards(text), RANK["5"], zhuang, last_burier, first, options)


def test_c51_fandi_at_level_5():
    deal = Showing(3, SINGLE, HEARTS)  # seat 3's single H5; the 庄 seat 0 has buried
    clubs, problem = challenge(deal, 1, "C5 C5", first=True)
    assert problem is None and clubs.trump == CLUBS
    spades, problem = challenge(clubs, 3, "S5 S5", last_burier=1)  # his ♥ no longer sets trump
    assert problem is None and spades.trump == SPADES
    assert challenge(spades, 2, "D5 D5", last_burier=3)[1] is not None  # ♦ < ♠
    no_trump, problem = challenge(spades, 1, "LJ LJ", last_burier=3)
    assert problem is None and no_trump.no_trump
    for seat in (2, 3):
        assert "after a no-trump" in challenge(no_trump, seat, "BJ BJ", last_burier=1)[1]
    for setter, first in ((deal, True), (clubs, False), (spades, False)):
        assert "庄 may not" in challenge(setter, 0, "S5 S5", first=first, last_burier=setter.seat)[1]


def test_fandi_refusals_and_options():
    deal_pair = Showing(2, PAIR, HEARTS)
    assert challenge(deal_pair, 1, "C5 C5", first=True)[1] is not None  # a deal pair needs a higher suit
    assert challenge(deal_pair, 1, "C5 C5", first=True, options=variant(fandi_first_challenge="any_pair"))[1] \
        is None
    deal_no_trump = Showing(2, BIG_JOKER_PAIR, NO_TRUMP)
    assert "after a no-trump" in challenge(deal_no_trump, 1, "LJ LJ", first=True)[1]
    assert challenge(deal_no_trump, 1, "LJ LJ", first=True, options=variant(fandi_first_challenge="any_pair"))[
        1] is None
    assert "pair of one level card" in challenge(Showing(3, SINGLE, HEARTS), 1, "S5", first=True)[1]
    assert "own trump" in challenge(Showing(3, SINGLE, HEARTS), 3, "S5 S5", first=True)[1]
    answer = variant(fandi_eligible="any_but_last_burier")
    assert challenge(Showing(1, PAIR, CLUBS), 0, "S5 S5", last_burier=1, options=answer)[1] is None  # the 庄 answers
    assert "last burier" in challenge(Showing(1, PAIR, CLUBS), 1, "S5 S5", last_burier=1, options=answer)[1]
    assert "off" in challenge(Showing(3, SINGLE, HEARTS), 1, "S5 S5", options=variant(fandi_enabled=False))[1]


def test_c52_trump_from_the_kitty():
    assert undeclared_trump(parse_cards("DK C9 S3 H4 D6 C8 S10 HQ"), RANK["9"]) == CLUBS
    assert undeclared_trump(parse_cards("HA SQ SA D3 C4 S6 H8 DJ"), RANK["9"]) == HEARTS  # A25: first of the aces
    assert undeclared_trump(parse_cards("BJ LJ S3 HK D6 C8 S10 HQ"), RANK["9"]) == HEARTS  # jokers do not count


KITTY_25 = parse_cards("S5 SK SK S3 S4 H3 D3 C3")  # 25 points


@pytest.mark.parametrize(("winning", "bonus"), [("D9 D9 D8 D8", 200), ("D9 D9", 100), ("D9", 50)])
def test_c48_the_winning_play_sets_the_multiplier(winning, bonus):
    order = order_80("2", HEARTS)
    play = parse_cards(winning)
    assert kitty_bonus(KITTY_25, play, play, True, order, DEFAULTS) == bonus


def test_c48_a_ruff_the_kitty_without_points_and_a_last_trick_of_the_zhuang_side():
    order = order_80("2", HEARTS)
    lead, ruff = parse_cards("SA SK"), parse_cards("H9 H9")
    assert kitty_bonus(KITTY_25, lead, ruff, True, order, DEFAULTS) == 100  # winner_play: the ruff holds a pair
    assert kitty_bonus(KITTY_25, lead, ruff, True, order, variant(kitty_multiplier_basis="lead_structure")) \
        == 50
    assert kitty_bonus(parse_cards("S3 S4 H3 D3 C3 S6 S7 S8"), lead, ruff, True, order, DEFAULTS) == 0
    assert kitty_bonus(KITTY_25, lead, ruff, False, order, DEFAULTS) == 0
    two_tractors = parse_cards("D9 D9 D8 D8 D6 D6 D5 D5 D4 D4")
    assert kitty_bonus(KITTY_25, two_tractors, two_tractors, True, order, DEFAULTS) == 25 * 12  # longest: 6 cards
    assert kitty_bonus(KITTY_25, two_tractors, two_tractors, True, order,
                       variant(kitty_multiplier_multi_tractor="sum")) == 25 * 20


@pytest.mark.parametrize(("total", "won", "levels", "score", "next_zhuang"), [
    (0, True, 3, 6, 2), (35, True, 2, 4, 2), (75, True, 1, 2, 2),
    (80, False, 0, 0, 1), (130, False, 1, 2, 1), (210, False, 3, 6, 1), (190, False, 2, 4, 1)])
def test_c49_the_defenders_total_decides_levels_score_and_the_next_zhuang(total, won, levels, score, next_zhuang):
    result = hand_result(total, 0, DEFAULTS)  # the 庄 is seat 0; seats 0 and 2 are the 庄家方
    assert (result.zhuang_side_won, result.levels, result.next_zhuang) == (won, levels, next_zhuang)
    winners = (0, 2) if won else (1, 3)
    assert all(result.score_each[s] == (score if s in winners else -score) for s in range(4))


def test_the_next_zhuang_on_a_hold_and_the_end_of_a_game():
    assert hand_result(50, 3, variant(next_declarer_on_hold="self")).next_zhuang == 3
    assert hand_result(50, 3, DEFAULTS).next_zhuang == 1
    assert raised_level(RANK["K"], 1, DEFAULTS) == (RANK_A, True)  # reach_A: reaching A ends the game
    assert raised_level(RANK["K"] - 1, 3, DEFAULTS) == (RANK_A, True)  # a rise past A stops at A
    assert raised_level(RANK["9"], 2, DEFAULTS) == (RANK["9"] + 2, False)  # 9 → J
    at_a = variant(game_end="win_hand_at_A")
    assert raised_level(RANK["K"], 3, at_a) == (RANK_A, False)
    assert game_over(RANK_A, hand_result(40, 0, at_a), at_a) and not game_over(RANK_A, hand_result(90, 0, at_a), at_a)


def greedy_declarer(level: int):
    """A policy that shows the strongest legal showing its cards allow, as soon as it can."""
    def choose(seat, held, current):
        counts = {k: held.count(k) for k in held}
        reinforcing = current is not None and current.seat == seat  # 自保 shows a second copy
        candidates = [[k] for k, n in counts.items() if rank_of(k) == level and (n == 2 or not reinforcing)]
        candidates += [[k, k] for k, n in counts.items() if n == 2 and (rank_of(k) == level or k >= 52)]
        legal = [(shown, c) for c in candidates for shown, problem in [declare_problem(current, seat, c, level,
                                                                                       DEFAULTS)] if not problem]
        return max(legal, key=lambda item: item[0].strength())[1] if legal else None
    return choose


def test_the_deal_goes_one_card_at_a_time_and_the_first_seat_asked_that_can_show_declares():
    start = parse_cards("S7 H7 C7 D3 S3 H7 C7 LJ S7 D4 D5 LJ")
    kitty = parse_cards("D7 D7 BJ BJ S2 S2 H2 H2")
    rest = list(full_pack())
    for kind in start + kitty:
        rest.remove(kind)
    pack = start + rest + kitty
    hands, left, declarations, setter = deal_and_declare(pack, 0, 4, 25, RANK["7"], DEFAULTS,
                                                         greedy_declarer(RANK["7"]))
    assert left == kitty and [len(h) for h in hands] == [25] * 4
    assert all(hands[(k - 1) % 4][(k - 1) // 4] == pack[k - 1] for k in range(1, 101))  # card k → seat k − 1
    assert [(d.after, d.seat, format_cards(d.cards)) for d in declarations] == [
        (1, 0, "S7"), (6, 1, "H7 H7"), (9, 0, "S7 S7"), (12, 3, "LJ LJ")]
    assert setter == Showing(3, LITTLE_JOKER_PAIR, NO_TRUMP)
    shifted, *_ = deal_and_declare(pack, 2, 4, 25, RANK["7"], DEFAULTS, lambda *_: None)
    assert shifted[2][:3] == pack[0:9:4] and recipient(1, 2, 4) == 2 and recipient(100, 2, 4) == 1


def test_a_showing_needs_the_cards_held_at_that_point_of_the_deal():
    pack = list(full_pack())  # sorted: S2 S2 S3 S3 ...
    hands = [[pack[k] for k in range(seat, 100, 4)] for seat in range(4)]  # first = 0: card k to seat k − 1
    card = hands[1][5]  # seat 1's sixth card, card 22 of the deal
    assert pack[21] == card < 52
    _, problem = declaration_problem(None, Declaration(21, 1, (card,)), hands, 0, rank_of(card), DEFAULTS)
    assert "did not hold" in problem
    shown, problem = declaration_problem(None, Declaration(22, 1, (card,)), hands, 0, rank_of(card), DEFAULTS)
    assert problem is None and shown.seat == 1
    with pytest.raises(ValueError, match="did not hold"):
        deal_and_declare(pack, 0, 4, 25, RANK["7"], DEFAULTS, lambda seat, held, current: [
            kind for kind in parse_cards("S7") if seat == 3 and current is None and kind not in held] or None)


@pytest.mark.parametrize("seed", range(60))
def test_random_hands_play_through_every_phase_and_their_result_adds_up(seed):
    rng = random.Random(seed)
    first_hand = seed % 3 == 0
    levels = (RANK["5"], RANK["5"]) if first_hand else (rng.randrange(12), rng.randrange(12))
    show = 0.0 if seed % 5 == 1 else 0.05  # nobody declares in some hands
    state = play_random_hand(rng, levels, None if first_hand else seed % 4, first_hand, show=show)
    result = state.result
    played = sum(len(cards) for t in state.tricks for _, cards in t["plays"])
    assert state.is_done and played == 100 and not any(state.hands)
    defenders = [seat for seat in range(4) if seat % 2 != state.zhuang % 2]
    assert result["defenders_points"] == sum(t["points"] for t in state.tricks if t["winner"] in defenders)
    assert sum(t["points"] for t in state.tricks) + sum(POINTS[k] for k in state.buried) == TOTAL_POINTS
    last = state.tricks[-1]
    assert (result["kitty_multiplier"] > 0) == (last["winner"] in defenders)
    assert result["kitty_bonus"] == result["kitty_points"] * result["kitty_multiplier"]
    total = max(0, result["defenders_points"] + result["kitty_bonus"] + result["penalty_points"])
    assert result["defenders_total"] == total and result["declarer_won"] == (total < 80)
    expected = hand_result(total, state.zhuang, DEFAULTS)
    assert (result["up_levels"], result["settlement"]) == (expected.levels, [expected.score_each[s] for s in range(4)])
    assert all(count <= 2 for count in state.failed_throw_count)  # §4.6: at most 2 failures per player
    assert result["penalty_points"] % 10 == 0 and abs(result["penalty_points"]) <= 10 * sum(state.failed_throw_count)
    trump = state.setter.trump if state.setter is not None else undeclared_trump(state.kitty, state.level)
    assert state.trump == trump and result["trump"] == ("NT" if trump is None else "SHCD"[trump])
    if first_hand and state.declarations:
        assert state.zhuang == state.declarations[-1].seat  # the last declarer of the deal; a 反底 changes no 庄
    assert [e["event"] for e in state.events].count("fandi") == state.fandi_count
