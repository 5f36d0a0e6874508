"""`baofen-sim judge` on 5-player 找朋友 records (DESIGN.md §8 `zhaopengyou-5p`, RULES.md §7.4): whole random hands of
the reference engine judged back event for event, records that stop after each step, positions, and the malformed
(exit 2) and illegal (exit 1) records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from baofen_sim.cards import card_name, parse_card, parse_cards
from baofen_sim.cli import app
from baofen_sim.games.zhaopengyou.record import hand_record
from baofen_sim.games.zhaopengyou.reference.calling import DEALT, Call, held_after
from baofen_sim.games.zhaopengyou.reference.hand import ZhaopengyouHand
from baofen_sim.games.zhaopengyou.reference.random_play import play_random_hand
from baofen_sim.rules import RuleSet, dump_toml
from baofen_sim.rules.presets import preset
from tests.test_reference_zhaopengyou import deal, received_at

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")

runner = CliRunner()
RESULT_KEYS = {"event", "declarer", "trump", "friend_card", "friend", "overcalled", "conceded", "defenders_points",
               "kitty_points", "kitty_multiplier", "kitty_bonus", "defenders_total", "declarer_won", "next_deal_first",
               "settlement"}  # DESIGN §8, exactly


def run_judge(tmp_path: Path, record: dict, *flags: str):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, ensure_ascii=False))
    return runner.invoke(app, ["judge", str(path), *flags])


def judged(tmp_path: Path, record: dict, exit_code: int = 0) -> list[dict]:
    result = run_judge(tmp_path, record, "--json")
    assert result.exit_code == exit_code, result.output
    return [json.loads(line) for line in result.output.splitlines()]


def malformed(tmp_path: Path, record: dict) -> str:
    """The one line a malformed record gets, with exit 2 and no traceback."""
    result = run_judge(tmp_path, record)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.output
    return lines[0]


def random_hand(seed: int, rules: RuleSet = ZHAOPENGYOU_5P) -> ZhaopengyouHand:
    return play_random_hand(random.Random(seed), rules=rules, call=0.0 if seed % 3 == 0 else 0.02)


def hand_with(seed_range, want, rules: RuleSet = ZHAOPENGYOU_5P) -> ZhaopengyouHand:
    """The first random hand of `seed_range` for which `want(hand)` holds."""
    return next(hand for hand in (random_hand(seed, rules) for seed in seed_range) if want(hand))


# ----- whole random hands -----------------------------------------------------------------------------------

SEEDS = (0, 1, 2, 4, 5, 7)
OVERCALLS_2 = ZHAOPENGYOU_5P.replace(zpy_overcall_max=2, zpy_flip_call="any_7")


@pytest.mark.parametrize("rules", [ZHAOPENGYOU_5P, OVERCALLS_2], ids=["preset", "overcalls_2"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_reference_hand_is_judged_legal_event_for_event(tmp_path, seed, rules):
    hand = random_hand(seed, rules)
    events = judged(tmp_path, hand_record(hand))
    assert events == hand.events
    assert events[-1] == hand.result and set(events[-1]) == RESULT_KEYS


def test_the_judged_hands_cover_every_5p_event():
    kinds = {e["event"] for seed in range(30) for e in random_hand(seed).events}
    assert kinds == {"flip", "call", "bury", "overcall", "concede", "friend", "play", "trick", "result"}


def test_the_text_output_names_every_step(tmp_path):
    hand = hand_with(range(40), lambda h: h.friend is not None and not h.conceded)
    result = run_judge(tmp_path, hand_record(hand))
    assert result.exit_code == 0, result.output
    text = result.output
    assert text.startswith(f"flip     card {hand.flip} of the deal, to seat {hand.flip_holder}: ")
    for words in ("call     seat", "bury     seat", "is the friend (", "-> seat", f"friend seat {hand.friend}",
                  "next first card to seat"):
        assert words in text, words


def test_a_conceded_hand_is_judged_to_its_result(tmp_path):
    hand = hand_with(range(60), lambda h: h.conceded)
    record = hand_record(hand)
    assert record["concede"] is True and "plays" not in record
    events = judged(tmp_path, record)
    assert [e["event"] for e in events[-2:]] == ["concede", "result"] and events[-1]["conceded"]
    assert "conceded and lost" in run_judge(tmp_path, record).output


def test_a_record_may_stop_after_each_step(tmp_path):
    hand = hand_with(range(40), lambda h: not h.conceded)
    record = hand_record(hand)
    steps = ["call", "bury", "overcalls", "plays"]
    for kept in range(len(steps)):
        cut = {key: value for key, value in record.items() if key not in steps or key in steps[:kept]}
        events = judged(tmp_path, cut)
        assert events == hand.events[:len(events)]
        assert events[-1]["event"] == ["flip", "call", "bury", "bury"][kept]
    events = judged(tmp_path, dict(record, plays=record["plays"][:7]))
    assert events == hand.events[:len(events)] and events[-1]["event"] == "play" and events[-1]["trick"] == 1


def test_the_bundled_examples_are_judged_legal(tmp_path):
    examples = Path(__file__).resolve().parent.parent / "examples"
    hand = json.loads((examples / "zhaopengyou_hand.json").read_text())
    events = judged(tmp_path, hand)
    assert any(e["event"] == "friend" for e in events) and events[-1]["friend"] is not None
    position = json.loads((examples / "zhaopengyou_position.json").read_text())
    assert position == POSITION
    assert judged(tmp_path, position)[-1]["defenders_points"] == 15


# ----- positions --------------------------------------------------------------------------------------------

POSITION = {"rules": "zhaopengyou-5p", "trump": "C", "declarer": 0, "leader": 0,
            "hands": [["H3", "S3", "D3"], ["H4", "SA", "DK"], ["H6", "S10", "D4"], ["HK", "S4", "C7"],
                      ["H5", "S5", "D6"]],
            "friend_card": "C7", "buried": ["H8", "H9", "HJ", "HQ", "SJ", "SQ", "DJ", "DQ"],
            "plays": [["H3"], ["H4"], ["H6"], ["HK"], ["H5"], ["S4"], ["S5"], ["S3"], ["SA"], ["S10"],
                      ["DK"], ["D4"], ["C7"], ["D6"], ["D3"]]}


def test_c53_as_a_position_record(tmp_path):
    events = judged(tmp_path, POSITION)
    assert {"event": "friend", "trick": 2, "seat": 3, "points_cleared": 15} in events
    result = events[-1]
    assert set(result) == RESULT_KEYS
    assert (result["defenders_points"], result["friend"], result["friend_card"], result["overcalled"]) == (
        15, 3, "C7", None)


def test_a_position_with_a_revealed_friend_and_points_won(tmp_path):
    record = dict(POSITION, hands=[["S3"], ["SA"], ["S4"], ["S5"], ["S6"]], friend=3,
                  points_won=[20, 5, 10, 15, 0], plays=[["S3"], ["SA"], ["S4"], ["S5"], ["S6"]])
    assert judged(tmp_path, record)[-1]["defenders_points"] == 20


def test_an_illegal_play_in_a_position_is_exit_1(tmp_path):
    record = dict(POSITION, plays=[["H3"], ["SA"]])  # seat 1 holds H4: suit first (§2.3.1)
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["legal"] is False and events[-1]["rule"].startswith("§2.3") and events[-1]["seat"] == 1


# ----- illegal steps (exit 1) --------------------------------------------------------------------------------

def called_record(rules: RuleSet = ZHAOPENGYOU_5P) -> tuple[ZhaopengyouHand, dict]:
    hand = hand_with(range(60), lambda h: not h.call.forced and not h.overcallers, rules)
    return hand, hand_record(hand)


def test_a_call_with_a_7_not_yet_held_is_illegal(tmp_path):
    hand, record = called_record()
    call = hand.call
    received = held_after(hand.dealt_in_order[call.seat], call.seat, call.after, hand.deal_first, 5)
    first_held = next(k for k in range(1, DEALT + 1) if len(held_after(
        hand.dealt_in_order[call.seat], call.seat, k, hand.deal_first, 5)) == received.index(call.card) + 1)
    record["call"]["after"] = first_held - 1
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["event"] == "call" and events[-1]["legal"] is False and events[-1]["rule"] == "§7.4.4"
    assert "did not hold" in events[-1]["reason"]
    text = run_judge(tmp_path, record).output
    assert f"ILLEGAL call by seat {call.seat}: {card_name(call.card)} — seat {call.seat} did not hold" in text
    assert text.rstrip().endswith("(§7.4.4)")


def test_a_forced_call_by_another_seat_or_with_another_card_is_illegal(tmp_path):
    hand = hand_with(range(60), lambda h: h.call.forced and not h.overcallers)
    record = hand_record(hand)
    other = (hand.flip_holder + 1) % 5
    record["call"] = {"after": DEALT, "seat": other, "card": card_name(hand.dealt_in_order[other][0]),
                      "forced": True}
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["rule"] == "§7.4.5" and "only the flip holder" in events[-1]["reason"]


def test_a_second_overcall_beyond_zpy_overcall_max_is_illegal(tmp_path):
    hand = hand_with(range(200), lambda h: len(h.overcallers) == 2, OVERCALLS_2)
    record = hand_record(hand)
    assert len(record["overcalls"]) == 2
    judged(tmp_path, record)  # legal under zpy_overcall_max = 2
    record["options"].pop("zpy_overcall_max")  # the preset allows one
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["event"] == "overcall" and events[-1]["rule"] == "§7.4.7"
    assert "only one overcall" in events[-1]["reason"]


def test_an_overcall_in_a_suit_already_trump_is_illegal(tmp_path):
    hands, kitty = deal({1: "H7", 3: "S7 S7"}, seed=54)
    hand = ZhaopengyouHand(hands, kitty, deal_first=0, flip=50, rules=OVERCALLS_2)
    hand.apply_call(Call(received_at(1, 0, 0), 1, parse_card("H7")))
    hand.finish_deal()
    hand.apply_bury([k for k in hand.hands[1] if k != parse_card("H7")][:8])
    sevens = parse_cards("S7 S7")
    keep = [k for k in sorted(hand.hands[3] + hand.buried) if k not in sevens]
    hand.apply_overcall(3, sevens, keep[:8])
    record = hand_record(hand)
    again = {"seat": 3, "cards": ["S7", "S7"], "bury": [card_name(k) for k in sorted(hand.hands[3])[:8]]}
    record["overcalls"].append(again)
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["event"] == "overcall" and events[-1]["rule"] == "§7.4.7"
    assert events[-1]["reason"] == "S has already been trump in this hand"


def test_a_concession_the_rules_do_not_allow_is_illegal(tmp_path):
    hand = hand_with(range(60), lambda h: not h.overcallers and h.friend is not None)  # another seat holds the 7
    record = hand_record(hand)
    record.pop("plays")
    record["concede"] = True
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["event"] == "concede" and events[-1]["rule"] == "§7.4.9"
    assert f"ILLEGAL concede by seat {hand.declarer} — he may concede only" in run_judge(tmp_path, record).output
    conceded = hand_record(hand_with(range(60), lambda h: h.conceded))
    conceded["options"] = {**conceded["options"], "zpy_allow_concede": False}
    events = judged(tmp_path, conceded, exit_code=1)
    assert "zpy_allow_concede = false" in events[-1]["reason"]


# ----- malformed records (exit 2) ------------------------------------------------------------------------------

@pytest.fixture
def record() -> dict:
    return hand_record(random_hand(1))


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r["hands"].append(r["hands"][0]), "hands: expected 5 entries, got 6"),
    (lambda r: r.update(zhujiao=0), "'zhujiao' is a baofen key, not one of a zhaopengyou-5p full-hand record"),
    (lambda r: r.update(levels=["2", "2"]), "'levels' is a tractor-80fen key"),
    (lambda r: r.update(trump="C"), "'trump' is a baofen key"),
    (lambda r: r.update(bids=[]), "'bids' is a baofen key"),
    (lambda r: r.update(color=1), "unknown key 'color' in a zhaopengyou-5p full-hand record"),
    (lambda r: r.update(flip=0), "flip: expected the position of the turned-up card in the deal, 1..100, got 0"),
    (lambda r: r.pop("deal_first"), "missing key 'deal_first'"),
    (lambda r: r["hands"][0].pop(), "hands[0]: expected 20 cards, got 19"),
    (lambda r: r.update(call={"after": 3, "seat": 1}), "call: expected an object with the keys after, seat, card"),
    (lambda r: r.update(options={"bid_cap_default": 160}), "bid_cap_default is an option of Baofen"),
    (lambda r: r.update(options={"fandi_enabled": False}), "fandi_enabled is an option of 80分"),
    (lambda r: r.pop("bury"), "given without 'bury'"),
    (lambda r: r.update(bury=["BJ"] * 8), "bury: seat"),
])
def test_a_malformed_record_is_one_line_exit_2(tmp_path, record, change, message):
    change(record)
    assert message in malformed(tmp_path, record)


def test_a_5p_key_in_a_baofen_or_80fen_record_is_named_as_such(tmp_path):
    assert "'flip' is a zhaopengyou-5p key" in malformed(tmp_path, {"rules": "baofen", "flip": 3,
                                                                     "hands": [[]] * 4, "kitty": []})
    assert "'deal_first' is a zhaopengyou-5p key" in malformed(tmp_path, {"rules": "tractor-80fen", "deal_first": 1,
                                                                           "levels": ["2", "2"]})


def test_a_5p_record_under_a_rules_file(tmp_path, record):
    path = tmp_path / "zpy.toml"
    path.write_text(dump_toml(ZHAOPENGYOU_5P.replace(zpy_tie_at_80="declarer_win")), encoding="utf-8")
    record["rules"], record["options"] = str(path), {}
    events = judged(tmp_path, record)
    assert events[-1]["event"] == "result"
