"""`baofen-sim judge` on the bundled examples and on hand-made illegal and malformed records (DESIGN.md §8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from baofen_sim.cards import card_name, card_points, parse_cards
from baofen_sim.cli import app
from baofen_sim.games.baofen.reference.auction import count_pairs
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import judge

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
runner = CliRunner()


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def run_judge(tmp_path: Path, record: dict, *flags: str):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, ensure_ascii=False))
    return runner.invoke(app, ["judge", str(path), *flags])


def json_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def position(hands: list[str], plays: list[str], trump: str = "H", declarer: int = 0, leader: int = 0) -> dict:
    return {"rules": "baofen", "trump": trump, "declarer": declarer, "leader": leader,
            "hands": [h.split() for h in hands], "plays": [p.split() for p in plays]}


# ----- legal records -----------------------------------------------------------------------------------

def test_full_example_hand_is_legal_and_ends_with_a_result():
    result = runner.invoke(app, ["judge", str(EXAMPLES / "full_hand.json"), "--json"])
    assert result.exit_code == 0, result.output
    events = json_lines(result.output)
    assert {"bid", "play", "trick", "throw_failed", "result"} <= {e["event"] for e in events}
    tricks = [e for e in events if e["event"] == "trick"]
    result_event = events[-1]
    assert result_event["event"] == "result"
    bury_points = sum(card_points(parse_cards(e["cards"])) for e in events if e["event"] == "bury")
    assert sum(e["points"] for e in tricks) + bury_points == 200
    won = sum(e["points"] for e in tricks if e["winner"] == result_event["declarer"])
    assert result_event["declarer_points"] == won
    assert sum(result_event["settlement"]) == 0


def test_full_example_hand_human_output_names_tricks_and_settlement():
    result = runner.invoke(app, ["judge", str(EXAMPLES / "full_hand.json")])
    assert result.exit_code == 0
    assert "wins trick 0" in result.output and "settlement" in result.output and "FAILED" in result.output


def test_all_pass_example_pays_into_the_pot():
    result = runner.invoke(app, ["judge", str(EXAMPLES / "all_pass.json"), "--json"])
    assert result.exit_code == 0
    last = json_lines(result.output)[-1]
    assert last["category"] == "all_pass" and last["declarer"] == -1 and last["pot_after"] == 5


def test_overruff_wins_the_trick(tmp_path):
    # C10: 977 ruffs 544, 884 over-ruffs.
    plays = ["S5 S4 S4", "H9 H7 H7", "H8 H8 H4", "D3 D4 D5"]
    record = position(plays, plays)
    result = run_judge(tmp_path, record, "--json")
    assert result.exit_code == 0, result.output
    assert [e for e in json_lines(result.output) if e["event"] == "trick"][0]["winner"] == 2


def test_trump_play_without_the_leads_pairs_is_only_a_discard(tmp_path):
    # C9: 998872 cannot ruff AA5544: the trump play is a discard under §3.2 and the leader keeps the trick.
    record = position(["SA SA S5 S5 S4 S4", "H9 H9 H8 H8 H7 C2", "D3 D4 D5 D6 D7 D8", "C3 C4 C5 C6 C7 C8"],
                      ["SA SA S5 S5 S4 S4", "H9 H9 H8 H8 H7 C2", "D3 D4 D5 D6 D7 D8", "C3 C4 C5 C6 C7 C8"],
                      declarer=1)
    result = run_judge(tmp_path, record, "--json")
    assert result.exit_code == 0, result.output
    assert [e for e in json_lines(result.output) if e["event"] == "trick"][0]["winner"] == 0


def test_position_played_to_the_end_with_a_target_is_scored(tmp_path):
    record = position(["HK", "S3", "S4", "S5"], ["HK", "S3", "S4", "S5"])
    record.update(target=85, buried=[])
    events = json_lines(run_judge(tmp_path, record, "--json").output)
    assert events[-1]["event"] == "result" and events[-1]["declarer_points"] == 15


# ----- illegal steps: exit 1 with the rule -------------------------------------------------------------

def illegal(tmp_path, record) -> dict:
    result = run_judge(tmp_path, record, "--json")
    assert result.exit_code == 1, result.output
    bad = json_lines(result.output)[-1]
    assert bad["legal"] is False
    return bad


def test_wrong_follow_example_is_illegal():
    result = runner.invoke(app, ["judge", str(EXAMPLES / "illegal_follow.json"), "--json"])
    assert result.exit_code == 1
    assert json_lines(result.output)[-1]["rule"] == "§2.3.1"


def test_failed_throw_answered_as_if_it_stood_is_illegal(tmp_path):
    # The record goes on as if the throw had stood: the next seat plays as many cards as were thrown,
    # but the judge applied the forced lead, so that follow has the wrong count (§2.2).
    record = example("full_hand")
    events = judge(parse_record(record)).events
    failed = next(e for e in events if e["event"] == "throw_failed")
    cut = sum(1 for e in events[:events.index(failed)] if e["event"] == "play") + 1
    state = judge(parse_record(dict(record, plays=record["plays"][:cut]))).hand
    follower = [card_name(k) for k in state.hands[state.to_act]][:len(failed["attempted"])]
    bad = illegal(tmp_path, dict(record, plays=record["plays"][:cut] + [follower]))
    assert bad["rule"] == "§2.2" and len(failed["forced"]) < len(failed["attempted"])


def _auction_record(bids: list) -> dict:
    record = example("full_hand")
    for key in ("bury", "trump", "plays"):
        record.pop(key)
    record["bids"] = bids
    return record


def test_raise_of_25_is_illegal(tmp_path):
    assert illegal(tmp_path, _auction_record([85, 110]))["rule"] == "§5.4.2"


def test_opening_of_100_is_illegal(tmp_path):
    assert illegal(tmp_path, _auction_record([100]))["rule"] == "§5.4.2"


def test_bid_over_the_cap_is_illegal(tmp_path):
    record = _auction_record([])
    hands = parse_record(record).hands
    seat = next(s for s in range(4) if count_pairs(hands[s], True) <= 4)
    # Raise by 5 up to 150 (never on `seat`), the others pass, then `seat` bids 155.
    opening = 90 if seat == 1 else 85
    bids: list = list(range(opening, 151, 5))
    last_bidder = (len(bids) - 1) % 4
    bids += ["pass"] * ((seat - last_bidder) % 4 - 1) + [155]
    bad = illegal(tmp_path, _auction_record(bids))
    assert bad["rule"] == "§5.4.2" and bad["seat"] == seat and "150" in bad["reason"]


def test_bury_of_seven_cards_is_illegal(tmp_path):
    record = example("full_hand")
    record.pop("trump"), record.pop("plays")
    record["bury"] = record["bury"][:7]
    assert illegal(tmp_path, record)["rule"] == "§5.5"


def test_tractor_must_follow_tractor(tmp_path):
    # C15 through a position.
    record = position(["SQ SQ SJ SJ D3 D3 D4", "SA SA S8 S8 S7 S7 S3", "D5 D6 D7 D8 D9 DT DJ", "C5 C6 C7 C8 C9 CT CJ"],
                      ["SQ SQ SJ SJ", "SA SA S8 S8"])
    assert illegal(tmp_path, record)["rule"] == "§2.3.2"


def test_throw_not_allowed_when_throws_are_off(tmp_path):
    record = position(["SA SK SK", "S3 S4 S5", "D5 D6 D7", "C5 C6 C7"], ["SA SK SK"])
    record["options"] = {"allow_throws": False}
    assert illegal(tmp_path, record)["rule"] == "§4.1"


def test_lead_of_two_suits_is_illegal(tmp_path):
    record = position(["SA D3", "S3 S4", "D5 D6", "C5 C6"], ["SA D3"])
    assert illegal(tmp_path, record)["rule"] == "§2.1"


@pytest.mark.parametrize("options, follows, verdict", [
    ({}, ["S3 S6", "D3 D4", "SQ SQ"], 0),  # lowest_card (default): S4 S4 is forced, everyone follows with two
    ({"failed_throw_unit_priority": "fewest_cards_first"}, ["S3", "D3", "SQ"], 0),  # a record of the old default
    ({"failed_throw_unit_priority": "fewest_cards_first"}, ["S3 S6", "D3 D4", "SQ SQ"], 1),
])
def test_failed_throw_forced_unit_follows_the_record_options(tmp_path, options, follows, verdict):
    """C24: SQ SQ beats the single 9 and both pairs; the record's options choose the forced unit (§4.4.2)."""
    record = position(["S9 S8 S8 S4 S4", "S3 S6 C7 C8 C9", "D3 D4 D5 D6 D7", "SQ SQ D8 D9 DT"],
                      ["S9 S8 S8 S4 S4", *follows])
    record["options"] = options
    result = run_judge(tmp_path, record, "--json")
    assert result.exit_code == verdict, result.output
    failed = next(e for e in json_lines(result.output) if e["event"] == "throw_failed")
    assert sorted(failed["forced"]) == sorted(["S9"] if options else ["S4", "S4"])


def test_throw_98844_example_forces_44():
    result = runner.invoke(app, ["judge", str(EXAMPLES / "throw_98844.json"), "--json"])
    assert result.exit_code == 0, result.output
    failed = next(e for e in json_lines(result.output) if e["event"] == "throw_failed")
    assert sorted(failed["forced"]) == ["S4", "S4"]


# ----- malformed records: exit 2 with one line -----------------------------------------------------------

@pytest.mark.parametrize("spoil,message", [
    (lambda r: r["hands"][1].pop(), "hand 1 has 24 cards"),
    (lambda r: r["hands"][1].__setitem__(0, r["hands"][0][0]) or r["hands"][2].__setitem__(0, r["hands"][0][0]),
     "appears 3 times"),
    (lambda r: r["hands"][0].__setitem__(0, "SX"), "unknown card 'SX'"),
    (lambda r: r.__setitem__("bids", [87]), "bids[0]: 87 is not a bid"),
    (lambda r: r.__setitem__("trump", "N"), "trump: expected one of S, H, C, D"),
    (lambda r: r.__setitem__("colour", "red"), "unknown key 'colour'"),
    (lambda r: r.__setitem__("options", {"ruff_structure_rule": "sometimes"}), "ruff_structure_rule"),
])
def test_malformed_record_exits_2_with_one_line(tmp_path, spoil, message):
    record = example("full_hand")
    spoil(record)
    result = run_judge(tmp_path, record)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_play_of_a_card_not_held_exits_2(tmp_path):
    record = position(["SA SK", "S3 S4", "D5 D6", "C5 C6"], ["SA", "S5"])
    result = run_judge(tmp_path, record)
    assert result.exit_code == 2 and "plays[1]: seat 1 does not hold S5" in result.output


def test_not_json_exits_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    result = runner.invoke(app, ["judge", str(path)])
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_option_the_engine_does_not_implement_exits_2(tmp_path):
    record = example("full_hand")
    record["options"] = {"eight_kind_promotion_scope": "whole_hand"}
    result = run_judge(tmp_path, record)
    assert result.exit_code == 2 and "not implemented" in result.output
