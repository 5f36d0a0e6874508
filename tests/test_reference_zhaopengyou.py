"""The 5-player 找朋友 reference engine (issue 23; RULES.md §7.4, §10.11): the cases C53–C57, C4 and C21 under the
`zhaopengyou-5p` preset, the 下放 tractors in tricks, the call, overcall, concession and kitty options, and whole
random hands with their invariants (108 cards, 200 points, five hands of 20)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from baofen_sim.cards import CLUBS, DIAMONDS, POINTS, SPADES, TOTAL_POINTS, full_pack, parse_card, parse_cards
from baofen_sim.games.zhaopengyou.reference.calling import DEALT, HAND_SIZE, NUM_PLAYERS, Call, deal_and_call
from baofen_sim.games.zhaopengyou.reference.hand import ZhaopengyouHand
from baofen_sim.games.zhaopengyou.reference.random_play import play_random_hand
from baofen_sim.games.zhaopengyou.reference.result import declarer_won
from baofen_sim.reference.play import DONE
from baofen_sim.reference.verdict import IllegalStep
from baofen_sim.rules import RulesError, preset

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")

C = parse_card


def cards(text: str) -> list[int]:
    return parse_cards(text)


# ---- building hands ----


def received_at(seat: int, index: int, first: int) -> int:
    """The deal position k of the card at `index` of `seat`'s cards (card k goes to seat (f + k − 1) mod 5)."""
    return index * NUM_PLAYERS + (seat - first) % NUM_PLAYERS + 1


def deal(placed: dict[int, str], kitty: str = "", first: int = 0, seed: int = 0) -> tuple[list[list[int]], list[int]]:
    """Hands in the order received with `placed` cards first in each seat (in that order) and `kitty` in the kitty;
    the rest of the pack shuffled into the remaining places."""
    rest = Counter(full_pack())
    rest.subtract(k for text in [*placed.values(), kitty] for k in cards(text))
    assert not -rest, "a card placed three times"
    pool = list(rest.elements())
    random.Random(seed).shuffle(pool)
    hands = []
    for seat in range(NUM_PLAYERS):
        own = cards(placed.get(seat, ""))
        hands.append(own + [pool.pop() for _ in range(HAND_SIZE - len(own))])
    return hands, cards(kitty) + [pool.pop() for _ in range(8 - len(cards(kitty)))]


def position(hands: dict[int, str], trump: int = CLUBS, declarer: int = 0, leader: int = 0,
             **kwargs) -> ZhaopengyouHand:
    return ZhaopengyouHand.from_position([cards(hands[s]) for s in range(NUM_PLAYERS)], trump, declarer, leader,
                                         **kwargs)


def play(state: ZhaopengyouHand, *plays: str) -> list[dict]:
    events = []
    for text in plays:
        events += state.apply_play(cards(text))
    return events


def winners(events: list[dict]) -> list[int]:
    return [e["winner"] for e in events if e["event"] == "trick"]


# ---- C53 the friend's points (§7.4.10, A44) ----

C53_HANDS = {0: "H3 S3 D3", 1: "H4 SA DK", 2: "H6 ST D4", 3: "HK S4 C7", 4: "H5 S5 D6"}
C53_KITTY = "H8 H9 HJ HQ SJ SQ DJ DQ"


def test_c53_the_friend_counts_for_the_defenders_until_he_plays_the_friend_card():
    state = position(C53_HANDS, friend_card_kind=C("C7"), buried=cards(C53_KITTY))
    assert state.friend == 3 and not state.friend_revealed
    events = play(state, "H3", "H4", "H6", "HK", "H5")  # seat 3 wins 15: they count for the defenders
    assert winners(events) == [3] and state.counted[3] == 15
    events = play(state, "S4", "S5", "S3", "SA", "ST")  # seat 1 wins 15
    assert winners(events) == [1]
    events = play(state, "DK", "D4", "C7", "D6", "D3")  # seat 3 ruffs with the friend card and wins 10
    friend = [e for e in events if e["event"] == "friend"]
    assert friend == [{"event": "friend", "trick": 2, "seat": 3, "points_cleared": 15}]
    assert [e["event"] for e in events[:4]] == ["play", "play", "play", "friend"]  # right after his C7
    assert winners(events) == [3] and state.is_done
    result = state.result
    assert result["defenders_points"] == 15  # seats 1, 2 and 4 only; seat 3's 15 and 10 do not count
    assert (result["friend"], result["friend_card"], result["kitty_multiplier"]) == (3, "C7", 0)  # friend won last
    assert result["declarer_won"] and result["next_deal_first"] == 0


def test_c53_points_a_revealed_friend_took_before_the_position_do_not_count():
    state = position({0: "S3", 1: "SA", 2: "S4", 3: "S5", 4: "S6"}, friend_card_kind=C("C7"), friend=3,
                     points_won=[20, 5, 10, 15, 0], buried=cards(C53_KITTY))
    play(state, "S3", "SA", "S4", "S5", "S6")
    assert state.result["defenders_points"] == 5 + 10 + 5  # seats 1, 2, 4 and seat 1's last trick
    assert state.result["kitty_multiplier"] == 2 and state.result["kitty_bonus"] == 0  # a pointless kitty


# ---- C54 the overcall (§7.4.7, A35) ----


def called_hand(rules=ZHAOPENGYOU_5P) -> ZhaopengyouHand:
    """Seat 1 calls with H7 (received first); seat 3 holds S7 S7, seat 0 D7 D7."""
    hands, kitty = deal({1: "H7", 3: "S7 S7", 0: "D7 D7"}, seed=54)
    state = ZhaopengyouHand(hands, kitty, deal_first=0, flip=50, rules=rules)
    state.apply_call(Call(received_at(1, 0, 0), 1, C("H7")))
    state.finish_deal()
    state.apply_bury([k for k in state.hands[1] if k != C("H7")][:8])
    return state


def test_c54_an_overcall_makes_its_seat_declarer_with_no_friend_and_ends_the_overcalls():
    state = called_hand()
    buried = list(state.buried)
    taken = sorted(state.hands[3] + buried)
    events = state.apply_overcall(3, cards("S7 S7"), taken[:8])
    assert [e["event"] for e in events] == ["overcall", "bury"] and events[0]["trump"] == "S"
    assert (state.declarer, state.trump, len(state.hands[3])) == (3, SPADES, HAND_SIZE)
    second = state.check_overcall(0, cards("D7 D7"), state.hands[0][:8])
    assert second is not None and second.rule == "§7.4.7" and "only one overcall" in second.reason
    state.end_overcalls()
    assert state.friend_card is None and state.friend is None  # 1 vs 4 (A32)
    verdict = state.check_concede()
    assert verdict is not None and "overcaller cannot concede" in verdict.reason


def test_c54_more_overcalls_need_a_suit_not_yet_trump():
    state = called_hand(ZHAOPENGYOU_5P.replace(zpy_overcall_max=2))
    state.apply_overcall(3, cards("S7 S7"), sorted(state.hands[3] + state.buried)[:8])
    assert state.check_overcall(0, cards("D7 D7"), sorted(state.hands[0] + state.buried)[:8]) is None
    state.apply_overcall(0, cards("D7 D7"), sorted(state.hands[0] + state.buried)[:8])
    assert (state.declarer, state.trump, state.suits_named) == (0, DIAMONDS, [2 - 1, SPADES, DIAMONDS])
    third = state.check_overcall(3, cards("S7 S7"), state.hands[3][:8])
    assert "at most 2 overcalls" in third.reason


def test_no_overcall_under_zpy_overcall_max_0():
    state = called_hand(ZHAOPENGYOU_5P.replace(zpy_overcall_max=0))
    verdict = state.check_overcall(3, cards("S7 S7"), state.hands[3][:8])
    assert verdict.rule == "§7.4.7" and "zpy_overcall_max = 0" in verdict.reason


def test_an_overcall_with_the_suit_already_trump_or_without_a_pair_is_illegal():
    hands, kitty = deal({1: "H7", 3: "H7 S7"}, kitty="S7", seed=3)
    state = ZhaopengyouHand(hands, kitty, deal_first=0, flip=50)
    assert state.check_overcall(3, cards("S7 S7"), []).reason.startswith("an overcall needs a standing single call")
    state.apply_call(Call(received_at(1, 0, 0), 1, C("H7")))
    state.finish_deal()
    state.apply_bury(state.hands[1][-8:])
    assert "a pair of 7s" in state.check_overcall(3, cards("H7 S7"), state.hands[3][:8]).reason
    assert "does not hold" in state.check_overcall(3, cards("S7 S7"), state.hands[3][:8]).reason


# ---- the call during the deal (§7.4.4) ----


def test_a_call_needs_a_7_its_seat_held_at_after_and_only_the_first_call_stands():
    hands, kitty = deal({2: "SA C7"}, seed=4)
    state = ZhaopengyouHand(hands, kitty, deal_first=0, flip=10)
    k = received_at(2, 1, 0)  # the C7 is seat 2's second card
    early = state.check_call(Call(k - 1, 2, C("C7")))
    assert early.rule == "§7.4.4" and "did not hold C7 when" in early.reason
    assert "a call shows one 7" in state.check_call(Call(k, 2, C("SA"))).reason
    state.apply_call(Call(k, 2, C("C7")))
    assert (state.declarer, state.trump) == (2, CLUBS)
    assert state.check_call(Call(DEALT, 0, hands[0][0])) is not None  # nobody calls after the first call


# ---- C55 the flip holder's forced call (§7.4.5, A50) ----


def flip_hand(rules=ZHAOPENGYOU_5P) -> ZhaopengyouHand:
    """Nobody called; the turned-up card LJ went to seat 2, who holds S7 and D7 too."""
    hands, kitty = deal({2: "LJ S7 D7", 4: "LJ"}, seed=55)
    state = ZhaopengyouHand(hands, kitty, deal_first=0, flip=received_at(2, 0, 0), rules=rules)
    assert (state.flip_holder, state.turned_up) == (2, C("LJ"))
    state.finish_deal()
    return state


@pytest.mark.parametrize(("flip_call", "card", "trump"), [
    ("flip_or_trump_7", "LJ", SPADES), ("flip_or_trump_7", "S7", SPADES), ("flip_or_trump_7", "D7", None),
    ("any_7", "LJ", SPADES), ("any_7", "S7", SPADES), ("any_7", "D7", DIAMONDS),
    ("flip_only", "LJ", SPADES), ("flip_only", "S7", None), ("flip_only", "D7", None),
])
def test_c55_the_flip_holder_calls_as_zpy_flip_call_allows(flip_call, card, trump):
    state = flip_hand(ZHAOPENGYOU_5P.replace(zpy_flip_call=flip_call))
    call = Call(DEALT, 2, C(card), forced=True)
    verdict = state.check_call(call)
    if trump is None:
        assert verdict is not None and verdict.rule == "§7.4.5" and flip_call in verdict.reason
        return
    assert verdict is None
    state.apply_call(call)
    assert (state.declarer, state.trump) == (2, trump)
    state.apply_bury([k for k in state.hands[2] if k != C(card)][:8])
    state.end_overcalls()
    assert state.friend_card == C(card)
    if card == "LJ":
        assert state.friend == 4  # the holder of the other LJ


def test_c55_only_the_flip_holder_calls_after_the_deal_and_a_big_joker_names_hearts():
    state = flip_hand()
    assert "only the flip holder (seat 2)" in state.check_call(Call(DEALT, 4, C("LJ"), forced=True)).reason
    hands, kitty = deal({1: "BJ"}, seed=7)
    bj = ZhaopengyouHand(hands, kitty, deal_first=0, flip=received_at(1, 0, 0),
                         rules=ZHAOPENGYOU_5P.replace(zpy_joker_flip_suit_bj="D"))
    bj.finish_deal()
    assert bj.apply_call(Call(DEALT, 1, C("BJ"), forced=True))[0]["trump"] == "D"


def test_the_flip_holder_calls_only_when_nobody_did():
    hands, kitty = deal({2: "LJ", 0: "C7"}, seed=8)
    state = ZhaopengyouHand(hands, kitty, deal_first=0, flip=received_at(2, 0, 0))
    state.apply_call(Call(1, 0, C("C7")))
    assert state.check_call(Call(DEALT, 2, C("LJ"), forced=True)) is not None


# ---- C56 the concession (§7.4.9, A32) ----


def conceding_hand(rules=ZHAOPENGYOU_5P, bury_a_seven: bool = False) -> ZhaopengyouHand:
    """Seat 4 called with D7; the other D7 was in the kitty."""
    hands, kitty = deal({4: "D7"}, kitty="D7", seed=56)
    state = ZhaopengyouHand(hands, kitty, deal_first=0, flip=3, rules=rules)
    state.apply_call(Call(received_at(4, 0, 0), 4, C("D7")))
    state.finish_deal()
    others = [k for k in state.hands[4] if k != C("D7")]
    state.apply_bury(([C("D7")] if bury_a_seven else []) + others[:8 - bury_a_seven])
    state.end_overcalls()
    return state


def test_c56_a_declarer_holding_both_trump_7s_may_concede_a_declarer_loss():
    state = conceding_hand()
    assert state.friend is None  # he holds the friend card: 1 vs 4
    events = state.apply_concede()
    assert [e["event"] for e in events] == ["concede", "result"] and state.phase == DONE
    result = events[-1]
    assert result["conceded"] and not result["declarer_won"] and result["next_deal_first"] == 0
    assert all(result[key] is None for key in ("defenders_points", "kitty_points", "kitty_multiplier",
                                               "kitty_bonus", "defenders_total", "settlement"))


def test_c56_if_he_plays_on_there_is_no_friend_and_no_later_concession():
    state = conceding_hand()
    state.apply_play([state.hands[4][0]])
    assert state.check_concede().reason.endswith("before the first lead of the hand he called")


@pytest.mark.parametrize(("condition", "buried", "may"), [
    ("held_both", False, True), ("held_both", True, True),
    ("holds_both_after_bury", False, True), ("holds_both_after_bury", True, False),
    ("held_both_in_deal", False, False), ("held_both_in_deal", True, False),
])
def test_c56_zpy_concede_condition(condition, buried, may):
    state = conceding_hand(ZHAOPENGYOU_5P.replace(zpy_concede_condition=condition), bury_a_seven=buried)
    assert (state.check_concede() is None) == may


def test_no_concession_when_the_option_is_off_or_without_both_sevens():
    off = conceding_hand(ZHAOPENGYOU_5P.replace(zpy_allow_concede=False))
    assert "zpy_allow_concede = false" in off.check_concede().reason
    hands, kitty = deal({4: "D7", 1: "D7"}, seed=57)
    state = ZhaopengyouHand(hands, kitty, deal_first=0, flip=3)
    state.apply_call(Call(received_at(4, 0, 0), 4, C("D7")))
    state.finish_deal()
    state.apply_bury(state.hands[4][-8:])
    state.end_overcalls()
    assert state.friend == 1 and state.check_concede() is not None
    with pytest.raises(IllegalStep):
        state.apply_concede()


# ---- C57 the 80 line (§7.4.12, A29) ----


@pytest.mark.parametrize(("total", "tie", "won"), [
    (85, "defenders_win", False), (75, "defenders_win", True), (80, "defenders_win", False),
    (80, "declarer_win", True), (81, "declarer_win", False),
])
def test_c57_the_defenders_win_above_80_and_at_80_by_zpy_tie_at_80(total, tie, won):
    assert declarer_won(total, ZHAOPENGYOU_5P.replace(zpy_tie_at_80=tie)) == won


# ---- C4 the 下放 tractors in tricks (§1.5.2, §1.5.3) ----

VOID = {2: "S3 S4 S5 S6", 3: "S8 S9 SJ SQ", 4: "D3 D4 D5 D6"}


def test_c4_991010_beats_7788():
    state = position({0: "C7 C7 C8 C8", 1: "C9 C9 CT CT", **VOID})
    assert winners(play(state, "C7 C7 C8 C8", "C9 C9 CT CT", "S3 S4 S5 S6", "S8 S9 SJ SQ", "D3 D4 D5 D6")) == [1]


def test_c4_a_2233_ruff_is_over_ruffed_by_6677():
    state = position({0: "H9 H9 HT HT", 1: "C2 C2 C3 C3", 2: "C6 C6 C7 C7", 3: "S8 S9 SJ SQ", 4: "D3 D4 D5 D6"})
    events = play(state, "H9 H9 HT HT", "C2 C2 C3 C3", "C6 C6 C7 C7", "S8 S9 SJ SQ", "D3 D4 D5 D6")
    assert winners(events) == [2] and state.tricks[0]["classes"] == ["lead", "ruff", "ruff", "discard", "discard"]


def test_c4_a_plain_6688_lead_is_a_tractor_and_a_plain_suit_7788_is_not():
    state = position({0: "H6 H6 H8 H8", 1: "H9 H9 HT HT HJ", 2: "H7 H7 H5 H5 HQ", 3: "S8 S9 SJ SQ SK",
                      4: "D3 D4 D5 D6 D8"}, declarer=3)
    play(state, "H6 H6 H8 H8")
    assert state.check_play(cards("H9 H9 HT HJ")).rule == "§2.3.2"  # seat 1 must follow with his tractor
    play(state, "H9 H9 HT HT")
    # seat 2's H7s are trumps (副7): his hearts are H5 H5 HQ, so he plays them and one more card
    assert state.check_play(cards("H7 H7 H5 H5")).rule == "§2.3.1"
    events = play(state, "H5 H5 HQ H7", "S8 S9 SJ SQ", "D3 D4 D5 D6")
    assert winners(events) == [1] and state.tricks[0]["classes"][2] == "discard"


def test_c4_a_follower_must_play_his_tractor_through_the_trump_7():
    state = position({0: "C9 C9 CT CT C3", 1: "C6 C6 C7 C7 CA", 2: "S3 S4 S5 S6 S7", 3: "S8 S9 SJ SQ SK",
                      4: "D3 D4 D5 D6 D8"})
    play(state, "C9 C9 CT CT")
    bad = state.check_play(cards("C6 C6 C7 CA"))
    assert bad is not None and bad.rule == "§2.3.2"
    assert state.check_play(cards("C6 C6 C7 C7")) is None


def test_c4_the_trump_7_pair_beats_a_trump_ace_pair():
    state = position({0: "CA CA", 1: "C7 C7", 2: "S3 S4", 3: "S8 S9", 4: "D3 D4"})
    assert winners(play(state, "CA CA", "C7 C7", "S3 S4", "S8 S9", "D3 D4")) == [1]


def test_c5_equal_seven_singles_the_first_played_wins():
    state = position({0: "H7", 1: "S7", 2: "C3", 3: "D7", 4: "C4"})
    assert winners(play(state, "H7", "S7", "C3", "D7", "C4")) == [0]


# ---- C21 following a pair lead (§2.6, A51) ----

C21_HANDS = {0: "H3 H3 S3", 1: "H9 H9 HK", 2: "HA HK S4", 3: "H5 S5 S6", 4: "C4 C4 CK"}


@pytest.mark.parametrize(("seat_plays", "illegal"), [
    (("H9 HK",), True), (("H9 H9", "HA HK", "S5 S6"), True), (("H9 H9", "HA HK", "H5 S5"), False),
])
def test_c21_followers_play_the_suit_and_its_pairs(seat_plays, illegal):
    state = position(C21_HANDS)
    play(state, "H3 H3", *seat_plays[:-1])
    assert (state.check_play(cards(seat_plays[-1])) is not None) == illegal


@pytest.mark.parametrize(("ruff", "winner", "seat_4_class"), [("C4 C4", 4, "ruff"), ("C4 CK", 1, "discard")])
def test_c21_a_void_seat_ruffs_with_a_trump_pair_and_discards_with_two_unpaired_trumps(ruff, winner, seat_4_class):
    state = position(C21_HANDS)
    events = play(state, "H3 H3", "H9 H9", "HA HK", "H5 S5", ruff)
    assert winners(events) == [winner] and state.tricks[0]["classes"][4] == seat_4_class


# ---- the kitty (§7.4.11, A30) ----


@pytest.mark.parametrize(("kitty_rule", "multiplier"), [("s003_multipliers", 4), ("flat_double", 2), ("none", 0)])
def test_the_kitty_of_a_defenders_last_trick_follows_zpy_kitty_rule(kitty_rule, multiplier):
    rules = ZHAOPENGYOU_5P.replace(zpy_kitty_rule=kitty_rule)
    state = position({0: "S3 S3", 1: "SA SA", 2: "S4 S5", 3: "S6 S8", 4: "S9 ST"}, rules=rules,
                     buried=cards("H5 HT HK H3 H4 H6 H8 H9"))
    play(state, "S3 S3", "SA SA", "S4 S5", "S6 S8", "S9 ST")
    result = state.result
    assert (result["kitty_points"], result["kitty_multiplier"], result["kitty_bonus"]) == (25, multiplier,
                                                                                          25 * multiplier)
    assert result["defenders_total"] == 15 + 25 * multiplier


def test_a_position_without_its_kitty_is_not_scored():
    state = position({0: "S3", 1: "SA", 2: "S4", 3: "S5", 4: "S6"})
    assert play(state, "S3", "SA", "S4", "S5", "S6")[-1]["event"] == "trick" and state.result is None


# ---- the engine reads the RuleSet ----


def test_the_5p_reference_refuses_another_game_and_unplayed_values():
    hands, kitty = [[0] * HAND_SIZE] * NUM_PLAYERS, [0] * 8  # never dealt: the rules are checked first
    with pytest.raises(RulesError, match="baofen does not play 5-player 找朋友"):
        ZhaopengyouHand(hands, kitty, 0, 1, rules=preset("baofen"))
    with pytest.raises(RulesError, match="reference engine: zpy_friend_only_without_overcall=false"):
        ZhaopengyouHand(hands, kitty, 0, 1, rules=ZHAOPENGYOU_5P.replace(zpy_friend_only_without_overcall=False))


# ---- whole random hands ----

OPTION_SETS = [
    {},
    {"zpy_overcall_max": 3, "zpy_flip_call": "any_7", "zpy_concede_condition": "holds_both_after_bury"},
    {"zpy_flip_call": "flip_only", "zpy_kitty_rule": "flat_double", "zpy_tie_at_80": "declarer_win",
     "zpy_trump_gap_tractor": False, "zpy_plain_gap_tractor": False, "zpy_trump_lowering": False},
    {"allow_throws": True, "joker_tractor_mode": "top", "zpy_allow_concede": False, "zpy_flip_card": "last_dealt"},
]


@pytest.mark.parametrize("options", range(len(OPTION_SETS)))
@pytest.mark.parametrize("seed", range(6))
def test_a_random_hand_keeps_the_invariants(options, seed):
    rules = ZHAOPENGYOU_5P.replace(**OPTION_SETS[options])
    rng = random.Random(seed * 7 + options)
    state = play_random_hand(rng, rules=rules, call=0.0 if seed % 3 == 0 else 0.02)
    assert Counter(k for h in state.dealt_in_order for k in h) + Counter(state.kitty) == Counter(full_pack())
    assert [len(h) for h in state.dealt_in_order] == [HAND_SIZE] * NUM_PLAYERS and len(state.kitty) == 8
    result = state.result
    assert result is not None and state.is_done
    if result["conceded"]:
        assert not result["declarer_won"] and state.trick_index == 0
        return
    assert all(not h for h in state.hands)
    assert sum(state.points_won) + sum(POINTS[k] for k in state.buried) == TOTAL_POINTS
    assert sum(len(c) for trick in state.tricks for _, c in trick["plays"]) == NUM_PLAYERS * HAND_SIZE
    declarer_side = {state.declarer, state.friend}
    assert result["defenders_points"] == sum(p for s, p in enumerate(state.counted) if s not in declarer_side)
    assert result["defenders_points"] <= sum(p for s, p in enumerate(state.points_won) if s != state.declarer)
    assert result["defenders_total"] == result["defenders_points"] + result["kitty_bonus"]
    assert result["declarer_won"] == declarer_won(result["defenders_total"], rules)
    expected_next = state.declarer if result["declarer_won"] else (state.declarer + 1) % NUM_PLAYERS
    assert result["next_deal_first"] == expected_next
    reveals = [e for e in state.events if e["event"] == "friend"]
    assert len(reveals) == (state.friend is not None)


def test_the_random_hands_reach_every_5p_event_and_outcome():
    kinds, outcomes = set(), Counter()
    for seed in range(40):
        rules = ZHAOPENGYOU_5P.replace(zpy_overcall_max=2) if seed % 2 else ZHAOPENGYOU_5P
        state = play_random_hand(random.Random(seed), rules=rules, call=0.0 if seed % 3 == 0 else 0.02)
        kinds |= {e["event"] for e in state.events}
        result = state.result
        outcomes[("forced" if state.call.forced else "called", len(state.overcallers), result["friend"] is None,
                  result["conceded"])] += 1
    assert kinds == {"flip", "call", "bury", "overcall", "concede", "friend", "play", "trick", "result"}
    assert {key[0] for key in outcomes} == {"forced", "called"} and {key[1] for key in outcomes} >= {0, 1}
    assert {key[2] for key in outcomes} == {True, False} and {key[3] for key in outcomes} == {True, False}


def test_the_deal_polls_the_recipient_first_and_stops_at_the_first_call():
    pack = full_pack()
    random.Random(9).shuffle(pack)
    asked = []

    def choose(seat, held, k):
        asked.append((k, seat))
        sevens = [c for c in held if c < 52 and c % 13 == 5]
        return sevens[0] if sevens and k >= 30 else None

    hands, kitty, call = deal_and_call(pack, 2, choose)
    assert asked[:5] == [(1, 2), (1, 3), (1, 4), (1, 0), (1, 1)]
    assert call is not None and call.after >= 30 and asked[-1] == (call.after, call.seat)
    assert hands[2][0] == pack[0] and kitty == pack[DEALT:]
