"""`baofen-sim judge` on 80分 records (DESIGN.md §8 `tractor-80fen`, RULES.md §7.3): whole random hands of the
reference engine judged back event for event, records that stop after each step, the §10.10 cases that read as
records (C48–C52), positions, and the malformed (exit 2) and illegal (exit 1) records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from baofen_sim.cards import card_name, full_pack, parse_card, parse_cards
from baofen_sim.cli import app
from baofen_sim.games.tractor80.options import FandiEligible, KittyMultiplierBasis
from baofen_sim.games.tractor80.record import hand_record
from baofen_sim.games.tractor80.reference.deal import recipient
from baofen_sim.games.tractor80.reference.hand import Tractor80Hand
from baofen_sim.games.tractor80.reference.random_play import play_random_hand
from baofen_sim.rules import RuleSet, dump_toml
from baofen_sim.rules.presets import preset

TRACTOR_80FEN = preset("tractor-80fen")

runner = CliRunner()
RESULT_KEYS = {"event", "declarer", "level", "trump", "defenders_points", "kitty_points", "kitty_multiplier",
               "kitty_bonus", "penalty_points", "defenders_total", "declarer_won", "up_team", "up_levels",
               "levels_after", "next_zhuang", "game_over", "settlement"}  # DESIGN §8, exactly


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


# ----- records of whole random hands of the reference engine ------------------------------------------------

def names(kinds) -> list[str]:
    return [card_name(k) for k in kinds]


def random_hand(seed: int, rules: RuleSet = TRACTOR_80FEN) -> Tractor80Hand:
    rng = random.Random(seed)
    first_hand = seed % 3 == 0
    levels = (3, 3) if first_hand else (rng.randrange(12), rng.randrange(12))
    return play_random_hand(rng, levels, None if first_hand else seed % 4, first_hand, rules,
                            show=0.0 if seed % 5 == 1 else 0.05)


# seeds 1, 6, 11: nobody declares (trump from the kitty; 6 a first hand with its random 庄); 2, 9: no-trump;
# 5, 12, 30: 反底s; every one has failed throws
SEEDS = (1, 2, 5, 6, 9, 11, 12, 30)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_reference_hand_is_judged_legal_event_for_event(tmp_path, seed):
    hand = random_hand(seed)
    events = judged(tmp_path, hand_record(hand))
    assert events == hand.events
    assert events[-1] == hand.result and set(events[-1]) == RESULT_KEYS


def test_the_random_hands_cover_every_80fen_event():
    kinds = {e["event"] for seed in SEEDS for e in random_hand(seed).events}
    assert kinds == {"declare", "trump", "zhuang", "bury", "fandi", "play", "throw_failed", "trick", "result"}
    sources = [e for seed in SEEDS for e in random_hand(seed).events if e["event"] == "trump"]
    assert sources and all(e["source"] == "kitty" for e in sources)


def test_the_record_options_reach_the_judge(tmp_path):
    rules = TRACTOR_80FEN.replace(kitty_multiplier_basis=KittyMultiplierBasis.LEAD_STRUCTURE,
                                  fandi_eligible=FandiEligible.ANY_BUT_LAST_BURIER, score_per_level=3)
    for seed in (5, 30):
        hand = random_hand(seed, rules)
        record = hand_record(hand)
        assert (record["rules"], record["options"]) == ("tractor-80fen", {
            "fandi_eligible": "any_but_last_burier", "kitty_multiplier_basis": "lead_structure", "score_per_level": 3})
        assert judged(tmp_path, record) == hand.events
        assert {abs(x) for x in hand.result["settlement"]} <= {3 * hand.result["up_levels"]}


def test_an_80fen_rules_file_gives_the_record_its_game_and_options(tmp_path):
    rules = TRACTOR_80FEN.replace(name="house-80", kitty_multiplier_basis=KittyMultiplierBasis.LEAD_STRUCTURE)
    (tmp_path / "house.toml").write_text(dump_toml(rules))
    record = last_trick(levels=["2", "2"])
    record["rules"] = str(tmp_path / "house.toml")
    assert judged(tmp_path, record)[-1]["kitty_multiplier"] == 2  # lead_structure: the lead SA SK is two singles
    record["zhujiao"] = 0
    assert "'zhujiao' is a baofen key, not one of a tractor-80fen position" in malformed(tmp_path, record)


def test_the_human_output_names_every_step(tmp_path):
    result = run_judge(tmp_path, hand_record(random_hand(12)))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    hand = random_hand(12)
    declaration = hand.declarations[0]
    assert lines[0] == (f"declare  seat {declaration.seat} after {declaration.after}: "
                        f"{' '.join(names(declaration.cards))} -> trump {hand.events[0]['trump']}")
    assert f"zhuang   seat {hand.zhuang} at level 5" in lines
    assert any(line.startswith("fandi    seat ") for line in lines)
    assert any("FAILED" in line for line in lines)
    last = hand.result
    assert lines[-1].startswith(f"result: 庄 seat {hand.zhuang} ") and f"-> T {last['defenders_total']};" in lines[-1]


@pytest.mark.parametrize("seed", (5, 12))
def test_a_record_may_stop_after_each_step(tmp_path, seed):
    hand = random_hand(seed)
    full = hand_record(hand)
    kinds = [e["event"] for e in hand.events]
    first_bury, first_play = kinds.index("bury"), kinds.index("play")
    cuts = {  # the record's keys up to a step → the reference's events up to it
        "declarations": first_bury,
        "bury": first_bury + 1,
        "fandi": first_play,
    }
    for last_step, count in cuts.items():
        keys = list(full)[:list(full).index(last_step) + 1]
        assert judged(tmp_path, {k: full[k] for k in keys}) == hand.events[:count], last_step
    mid_trick = dict(full, plays=full["plays"][:6])  # trick 1, second play
    events = judged(tmp_path, mid_trick)
    assert [e["event"] for e in events].count("play") == 6 and events == hand.events[:len(events)]
    assert events[-1]["event"] == "play" and events[-1]["trick"] == 1


def test_a_record_where_nobody_challenged_may_leave_out_the_fandi_list(tmp_path):
    hand = random_hand(1)
    record = hand_record(hand)
    assert record["fandi"] == []
    del record["fandi"]
    assert judged(tmp_path, record) == hand.events


# ----- hand-made deals: the §10.10 cases ---------------------------------------------------------------------

def deal(placed: dict[int, str], kitty: str = "", first: int = 0) -> tuple[list[list[str]], list[str]]:
    """Hands in the order received and the kitty: card k of the deal (1..100) is `placed[k]` where given (it
    goes to seat (first + k − 1) mod 4), the other cards and the rest of the kitty fill in kind order."""
    fixed = [parse_card(c) for c in placed.values()] + parse_cards(kitty)
    rest = full_pack()
    for kind in fixed:
        rest.remove(kind)
    pack = [parse_card(placed[k]) if k in placed else rest.pop(0) for k in range(1, 101)]
    kitty_cards = parse_cards(kitty) + rest[:8 - len(parse_cards(kitty))]
    hands = [[card_name(pack[k - 1]) for k in range(1, 101) if recipient(k, first, 4) == seat] for seat in range(4)]
    return hands, names(kitty_cards)


def plain_cards(hand: list[str], count: int, avoid: str = "") -> list[str]:
    """`count` cards of `hand` that are no level card of rank 5 or 7, no joker and not in `avoid`."""
    skip = set(avoid.split())
    picked = [c for c in hand if c[1:] not in ("5", "7") and c not in ("BJ", "LJ") and c not in skip]
    return picked[:count]


# C50 at level 7, hand 1: seat 0 gets cards 1, 5, 9 …; seat 1 cards 2, 6 …; seat 2 cards 3, 7 …; seat 3 cards 4, 8 …
C50_DEAL = {2: "H7", 6: "H7", 3: "C7", 7: "C7", 1: "S7", 5: "S7", 4: "LJ", 8: "LJ", 11: "BJ", 15: "BJ"}


def c50_record(*declarations: tuple[int, int, str]) -> dict:
    hands, kitty = deal(C50_DEAL)
    return {"rules": "tractor-80fen", "levels": ["7", "7"], "first_hand": True, "hands": hands, "kitty": kitty,
            "declarations": [{"after": a, "seat": s, "cards": c.split()} for a, s, c in declarations]}


def test_c50_declaring_at_level_7_the_last_declarer_is_zhuang(tmp_path):
    events = judged(tmp_path, c50_record((2, 1, "H7"), (6, 1, "H7"), (6, 0, "S7 S7"), (8, 3, "LJ LJ"),
                                         (15, 2, "BJ BJ")))
    assert [(e["seat"], e["cards"], e["trump"]) for e in events if e["event"] == "declare"] == [
        (1, ["H7"], "H"), (1, ["H7"], "H"), (0, ["S7", "S7"], "S"), (3, ["LJ", "LJ"], "NT"), (2, ["BJ", "BJ"], "NT")]
    assert events[-1] == {"event": "zhuang", "seat": 2, "level": "7"}


def test_c50_a_club_pair_does_not_overcall_a_reinforced_heart_pair(tmp_path):
    events = judged(tmp_path, c50_record((2, 1, "H7"), (6, 1, "H7"), (7, 2, "C7 C7")), exit_code=1)
    illegal = events[-1]
    assert illegal["event"] == "declare" and illegal["legal"] is False and illegal["rule"] == "§7.3.4"
    assert (illegal["after"], illegal["seat"], illegal["cards"]) == (7, 2, ["C7", "C7"])
    assert "stronger" in illegal["reason"] and len(events) == 3  # judging stops there: no zhuang
    unreinforced = judged(tmp_path, c50_record((2, 1, "H7"), (7, 2, "C7 C7")))
    assert unreinforced[1]["trump"] == "C" and unreinforced[-1]["seat"] == 2  # a pair beats a single


@pytest.mark.parametrize(("declarations", "reason"), [
    (((1, 1, "H7"),), "did not hold H7 when 1 cards had been dealt"),  # seat 1's H7s are cards 2 and 6
    (((2, 1, "H7"), (3, 2, "C7")), "never overcalls a single"),  # A47
    (((2, 1, "H7"), (6, 1, "H7 H7")), "own declaration"),  # "玩家不能反自己的主，只能自保"
    (((2, 1, "H7"), (1, 0, "S7")), "in order"),
    (((9, 0, "S2"),), "not a level card"),  # card 9, seat 0's third, is an S2
])
def test_illegal_declarations_exit_1_naming_the_rule(tmp_path, declarations, reason):
    events = judged(tmp_path, c50_record(*declarations), exit_code=1)
    assert events[-1]["legal"] is False and reason in events[-1]["reason"] and events[-1]["rule"] == "§7.3.4"
    result = run_judge(tmp_path, c50_record(*declarations))
    assert result.exit_code == 1 and result.output.splitlines()[-1].startswith("ILLEGAL declare by seat ")


def test_a_showing_of_a_card_dealt_later_to_that_seat_in_a_random_hand_is_illegal(tmp_path):
    hand = random_hand(5)
    record = hand_record(hand)
    first = record["declarations"][0]
    seat, card = first["seat"], first["cards"][0]
    received = hand.dealt_in_order[first["seat"]].index(parse_card(card))  # its first copy, received at step k
    k = received * 4 + (seat - hand.first) % 4 + 1
    record["declarations"][0]["after"] = k - 1
    events = judged(tmp_path, record, exit_code=1)
    assert events == [{"event": "declare", "after": k - 1, "seat": seat, "cards": first["cards"], "legal": False,
                       "reason": events[0]["reason"], "rule": "§7.3.4"}]
    assert "did not hold" in events[0]["reason"]


# C51 at level 5: the 庄 seat 0 (receives card 1); seat 3 declared H5; seats 1, 3 and 2 challenge.
C51_DEAL = {4: "H5", 2: "C5", 6: "C5", 10: "LJ", 14: "LJ", 8: "S5", 12: "S5", 3: "D5", 7: "D5", 11: "BJ", 15: "BJ"}


def c51_record(*challenges: tuple[int, str]) -> dict:
    hands, kitty = deal(C51_DEAL, first=0)
    record = {"rules": "tractor-80fen", "levels": ["5", "9"], "zhuang": 0, "hands": hands, "kitty": kitty,
              "declarations": [{"after": 4, "seat": 3, "cards": ["H5"]}],
              "bury": plain_cards(hands[0] + kitty, 8), "fandi": []}
    for seat, shown in challenges:  # each re-buries the 8 cards it took up
        record["fandi"].append({"seat": seat, "cards": shown.split(), "bury": record["bury"]})
    return record


def test_c51_fandi_at_level_5_changes_trump_and_the_final_kitty_but_not_the_zhuang(tmp_path):
    record = c51_record((1, "C5 C5"), (3, "S5 S5"), (1, "LJ LJ"))
    record["plays"] = [record["hands"][0][-1:]]  # seat 0 stays 庄 and leads
    events = judged(tmp_path, record)
    assert [(e["seat"], e["trump"]) for e in events if e["event"] == "fandi"] == [(1, "C"), (3, "S"), (1, "NT")]
    assert [e["seat"] for e in events if e["event"] == "bury"] == [0, 1, 3, 1]
    assert {"event": "zhuang", "seat": 0, "level": "5"} in events
    assert events[-1] == {"event": "play", "trick": 0, "seat": 0, "cards": record["hands"][0][-1:], "legal": True}


@pytest.mark.parametrize(("challenges", "reason"), [
    (((1, "C5 C5"), (3, "S5 S5"), (2, "D5 D5")), "must outrank"),  # ♦ < ♠
    (((1, "C5 C5"), (3, "S5 S5"), (1, "LJ LJ"), (2, "BJ BJ")), "after a no-trump"),
    (((3, "S5 S5"),), "own trump"),  # seat 3's H5 still sets trump
])
def test_c51_illegal_fandi_exits_1(tmp_path, challenges, reason):
    events = judged(tmp_path, c51_record(*challenges), exit_code=1)
    assert events[-1]["event"] == "fandi" and events[-1]["legal"] is False and events[-1]["rule"] == "§7.3.8"
    assert reason in events[-1]["reason"] and events[-1]["cards"] == challenges[-1][1].split()


def test_the_zhuang_may_not_fandi(tmp_path):
    hands, kitty = deal({1: "C5", 5: "C5", 4: "H5"}, first=0)  # the 庄 seat 0 holds C5 C5
    record = {"rules": "tractor-80fen", "levels": ["5", "2"], "zhuang": 0, "hands": hands, "kitty": kitty,
              "declarations": [{"after": 4, "seat": 3, "cards": ["H5"]}], "bury": plain_cards(hands[0], 8),
              "fandi": [{"seat": 0, "cards": ["C5", "C5"], "bury": plain_cards(hands[0], 8)}]}
    events = judged(tmp_path, record, exit_code=1)
    assert "庄 may not" in events[-1]["reason"] and events[-1]["seat"] == 0


# C64 at level 5, hand 2, the 庄 seat 2 (receives card 1): seat 3 shows H5 (card 2), then the second H5 (card 6).
C64_DEAL = {2: "H5", 6: "H5", 10: "LJ", 14: "LJ", 4: "C5", 8: "C5", 3: "S5", 7: "S5", 1: "BJ", 5: "BJ"}


def c64_record(*challenges: tuple[int, str], declarations=((2, 3, "H5"), (6, 3, "H5")), **options: str) -> dict:
    hands, kitty = deal(C64_DEAL, first=2)
    record = {"rules": "tractor-80fen", "levels": ["5", "9"], "zhuang": 2, "hands": hands, "kitty": kitty,
              "declarations": [{"after": a, "seat": s, "cards": c.split()} for a, s, c in declarations],
              "bury": plain_cards(hands[2] + kitty, 8), "fandi": []}
    if options:
        record["options"] = options
    for seat, shown in challenges:  # each re-buries the 8 cards it took up
        record["fandi"].append({"seat": seat, "cards": shown.split(), "bury": record["bury"]})
    return record


C64_LEGAL = ((0, "S5 S5"), (3, "LJ LJ"))


def test_c64_fandi_after_a_pair_declared_during_the_deal(tmp_path):
    record = c64_record(*C64_LEGAL)
    record["plays"] = [record["hands"][2][-1:]]  # seat 2 stays 庄 and leads
    events = judged(tmp_path, record)
    assert [(e["seat"], e["trump"]) for e in events if e["event"] == "declare"] == [(3, "H"), (3, "H")]
    assert [(e["seat"], e["trump"]) for e in events if e["event"] == "fandi"] == [(0, "S"), (3, "NT")]
    assert [e["seat"] for e in events if e["event"] == "bury"] == [2, 0, 3]  # the kitty seat 3 buried is played
    assert {"event": "zhuang", "seat": 2, "level": "5"} in events
    assert events[-1] == {"event": "play", "trick": 0, "seat": 2, "cards": record["hands"][2][-1:], "legal": True}


@pytest.mark.parametrize(("before", "challenge", "reason", "options"), [
    ((), (1, "C5 C5"), "must outrank", {"fandi_first_challenge": "any_pair"}),  # ♣ < ♥
    ((), (3, "LJ LJ"), "own trump", {"fandi_eligible": "any_but_last_burier"}),  # his ♥ pair sets trump
    ((0, "S5 S5"), (2, "BJ BJ"), "庄 may not", {"fandi_eligible": "any_but_last_burier"}),
    (C64_LEGAL, (1, "C5 C5"), "after a no-trump", None),  # the stage is over
])
def test_c64_each_refused_showing_names_its_rule_and_the_option_that_allows_it(tmp_path, before, challenge, reason,
                                                                              options):
    challenges = ((before,) if before and isinstance(before[0], int) else before) + (challenge,)
    events = judged(tmp_path, c64_record(*challenges), exit_code=1)
    assert events[-1]["event"] == "fandi" and events[-1]["legal"] is False and events[-1]["rule"] == "§7.3.8"
    assert reason in events[-1]["reason"] and events[-1]["seat"] == challenge[0]
    if options is not None:
        allowed = judged(tmp_path, c64_record(*challenges, **options))
        assert [e["seat"] for e in allowed if e["event"] == "fandi"][-1] == challenge[0]


@pytest.mark.parametrize(("options", "exit_code"), [({}, 1), ({"fandi_first_challenge": "any_pair"}, 0)])
def test_c64_a_deal_that_ends_on_a_joker_pair_opens_no_fandi_unless_any_pair(tmp_path, options, exit_code):
    record = c64_record((1, "C5 C5"), declarations=((2, 3, "H5"), (5, 2, "BJ BJ")), **options)  # the 庄's BJ BJ
    fandi = [e for e in judged(tmp_path, record, exit_code=exit_code) if e["event"] == "fandi"]
    assert [(e["seat"], e["legal"]) for e in fandi] == [(1, exit_code == 0)]
    if exit_code:
        assert "after a no-trump" in fandi[0]["reason"]
    else:
        assert fandi[0]["trump"] == "C"


def no_declaration_record(kitty: str, levels=("9", "2"), placed=None, fandi=None) -> dict:
    hands, kitty_cards = deal(placed or {}, kitty=kitty, first=0)
    record = {"rules": "tractor-80fen", "levels": list(levels), "zhuang": 0, "hands": hands, "kitty": kitty_cards,
              "declarations": []}
    if fandi is not None:
        record.update(bury=plain_cards(hands[0], 8), fandi=fandi)
    return record


@pytest.mark.parametrize(("kitty", "trump"), [("DK C9 S3 H4 D6 C8 S10 HQ", "C"), ("HA SQ SA D3 C4 S6 H8 DJ", "H")])
def test_c52_nobody_declares_and_the_kitty_gives_trump(tmp_path, kitty, trump):
    events = judged(tmp_path, no_declaration_record(kitty))
    assert events == [{"event": "trump", "trump": trump, "source": "kitty"},
                      {"event": "zhuang", "seat": 0, "level": "9"}]


def test_c52_no_fandi_after_nobody_declared(tmp_path):
    placed = {2: "C9", 6: "C9"}  # seat 1's first two cards
    hands = no_declaration_record("HA SQ SA D3 C4 S6 H8 DJ", placed=placed)["hands"]
    record = no_declaration_record("HA SQ SA D3 C4 S6 H8 DJ", placed=placed, fandi=[
        {"seat": 1, "cards": ["C9", "C9"], "bury": plain_cards(hands[1], 8, "C9")}])
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["event"] == "fandi" and "only after a declaration" in events[-1]["reason"]


def test_a_level_written_t_is_ten_and_printed_10(tmp_path):
    events = judged(tmp_path, no_declaration_record("DK C10 S3 H4 D6 C8 S9 HQ", levels=("T", "2")))
    assert events == [{"event": "trump", "trump": "C", "source": "kitty"},
                      {"event": "zhuang", "seat": 0, "level": "10"}]


def test_a_bury_of_seven_cards_is_illegal(tmp_path):
    record = c51_record()
    record["bury"] = record["bury"][:7]
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["event"] == "bury" and events[-1]["rule"] == "§7.3.7" and events[-1]["seat"] == 0


# ----- positions (C48, C49) -------------------------------------------------------------------------------------

C48_KITTY = "S5 HK HK C3 C4 D3 D4 D6"  # 25 points


def last_trick(trump="H", levels=None, level=None, buried=C48_KITTY, options=None, **more) -> dict:
    """C48: t = H; the 庄 seat 0 leads the valid throw SA SK, seat 1 (void in ♠) ruffs with H9 H9 and wins."""
    record = {"rules": "tractor-80fen", "trump": trump, "declarer": 0, "leader": 0,
              "hands": [["SA", "SK"], ["H9", "H9"], ["S3", "S4"], ["S6", "S7"]],
              "plays": [["SA", "SK"], ["H9", "H9"], ["S3", "S4"], ["S6", "S7"]], **more}
    if levels is not None:
        record["levels"] = levels
    if level is not None:
        record["level"] = level
    if buried is not None:
        record["buried"] = buried.split()
    if options:
        record["options"] = options
    return record


def test_c48_a_ruff_by_a_pair_multiplies_the_kitty_by_4(tmp_path):
    events = judged(tmp_path, last_trick(levels=["2", "2"]))
    assert events[-2] == {"event": "trick", "trick": 0, "winner": 1, "points": 10}
    result = events[-1]
    assert set(result) == RESULT_KEYS
    assert result == {"event": "result", "declarer": 0, "level": "2", "trump": "H", "defenders_points": 10,
                      "kitty_points": 25, "kitty_multiplier": 4, "kitty_bonus": 100, "penalty_points": 0,
                      "defenders_total": 110, "declarer_won": False, "up_team": 1, "up_levels": 0,
                      "levels_after": ["2", "2"], "next_zhuang": 1, "game_over": False, "settlement": [0, 0, 0, 0]}


def test_c48_under_lead_structure_the_lead_of_two_singles_gives_2(tmp_path):
    result = judged(tmp_path, last_trick(levels=["2", "2"], options={"kitty_multiplier_basis": "lead_structure"}))[-1]
    assert (result["kitty_multiplier"], result["kitty_bonus"], result["defenders_total"]) == (2, 50, 60)
    assert result["declarer_won"] and (result["up_team"], result["up_levels"], result["next_zhuang"]) == (0, 1, 2)
    assert result["levels_after"] == ["3", "2"] and result["settlement"] == [2, -2, 2, -2]


def test_c48_a_kitty_without_points_adds_nothing(tmp_path):
    result = judged(tmp_path, last_trick(levels=["2", "2"], buried="S8 S9 C8 C9 D8 D9 C6 D7"))[-1]
    assert (result["kitty_points"], result["kitty_multiplier"], result["kitty_bonus"]) == (0, 4, 0)


def test_a_position_without_buried_cards_prints_no_result(tmp_path):
    events = judged(tmp_path, last_trick(levels=["2", "2"], buried=None))
    assert [e["event"] for e in events] == ["play", "play", "play", "play", "trick"]


def test_a_position_with_only_the_level_leaves_the_levels_after_null(tmp_path):
    result = judged(tmp_path, last_trick(level="2", points_won=[0, 20, 0, 0]))[-1]  # T = 130: team 1 +1
    assert (result["defenders_total"], result["up_team"], result["up_levels"]) == (130, 1, 1)
    assert result["levels_after"] is None and result["game_over"] is None and result["next_zhuang"] == 1


def zhuang_wins_last_trick(points_won: list[int], levels: list[str]) -> dict:
    """The 庄 seat 0 wins the last trick with SA (no points in it, none in the kitty)."""
    return {"rules": "tractor-80fen", "trump": "NT", "declarer": 0, "leader": 0, "levels": levels,
            "hands": [["SA"], ["S3"], ["S4"], ["S6"]], "plays": [["SA"], ["S3"], ["S4"], ["S6"]],
            "buried": "S8 S9 C8 C9 D8 D9 C6 D7".split(), "points_won": points_won}


@pytest.mark.parametrize(("total", "up_team", "up_levels", "levels_after", "next_zhuang", "score"), [
    (0, 0, 3, ["8", "8"], 2, 6), (35, 0, 2, ["7", "8"], 2, 4), (75, 0, 1, ["6", "8"], 2, 2),
    (80, 1, 0, ["5", "8"], 1, 0), (130, 1, 1, ["5", "9"], 1, 2), (190, 1, 2, ["5", "10"], 1, 4),
    (200, 1, 3, ["5", "J"], 1, 6)])
def test_c49_the_defenders_total_decides_levels_score_and_next_zhuang(tmp_path, total, up_team, up_levels,
                                                                      levels_after, next_zhuang, score):
    result = judged(tmp_path, zhuang_wins_last_trick([0, total, 200 - total, 0], ["5", "8"]))[-1]
    assert result["trump"] == "NT" and result["defenders_points"] == total and result["kitty_multiplier"] == 0
    assert (result["up_team"], result["up_levels"], result["levels_after"], result["next_zhuang"]) == (
        up_team, up_levels, levels_after, next_zhuang)
    sign = 1 if up_team == 0 else -1
    assert result["settlement"] == [sign * score, -sign * score, sign * score, -sign * score]


def test_a_rise_to_a_ends_the_game(tmp_path):
    result = judged(tmp_path, zhuang_wins_last_trick([0, 0, 0, 0], ["Q", "3"]))[-1]
    assert result["levels_after"] == ["A", "3"] and result["game_over"] is True and result["next_zhuang"] is None


def test_earlier_failed_throws_count_and_limit_the_throws(tmp_path):
    result = judged(tmp_path, last_trick(levels=["2", "2"], failed_throws=[0, 2, 0, 0]))[-1]
    assert result["penalty_points"] == -20 and result["defenders_total"] == 90
    record = last_trick(levels=["2", "2"], failed_throws=[2, 0, 0, 0])  # the leader may not throw again (§4.6)
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["event"] == "play" and events[-1]["legal"] is False and events[-1]["seat"] == 0


def test_a_play_rule_option_reaches_the_trick_play(tmp_path):
    events = judged(tmp_path, last_trick(levels=["2", "2"], options={"allow_throws": False}), exit_code=1)
    assert events[-1]["legal"] is False and events[-1]["cards"] == ["SA", "SK"] and events[-1]["rule"] == "§4.1"


def test_a_follow_that_keeps_a_card_of_the_led_suit_is_illegal(tmp_path):
    record = last_trick(levels=["2", "2"], buried=None)
    record["hands"] = [["SA", "SK", "D8"], ["H9", "H9", "D9"], ["S3", "S4", "D4"], ["S6", "S7", "D6"]]
    record["plays"] = [["SA", "SK"], ["H9", "H9"], ["S3", "D4"]]
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1] == {"event": "play", "trick": 0, "seat": 2, "cards": ["S3", "D4"], "legal": False,
                          "reason": events[-1]["reason"], "rule": events[-1]["rule"]}
    assert events[-1]["rule"].startswith("§2")


def test_a_play_of_a_card_not_held_exits_2(tmp_path):
    record = last_trick(levels=["2", "2"])
    record["plays"][2] = ["S3", "S5"]
    assert "plays[2]: seat 2 does not hold S5" in malformed(tmp_path, record)


def test_a_play_after_the_hand_is_over_is_illegal(tmp_path):
    record = last_trick(levels=["2", "2"])
    record["plays"].append(["SA"])
    events = judged(tmp_path, record, exit_code=1)
    assert events[-1]["legal"] is False and events[-2]["event"] == "result"


# ----- malformed records: exit 2, one line naming where -------------------------------------------------------

@pytest.mark.parametrize(("spoil", "message"), [
    (lambda r: r.__setitem__("bids", [85]), "'bids' is a baofen key, not one of a tractor-80fen full-hand record"),
    (lambda r: r.__setitem__("zhujiao", 0), "'zhujiao' is a baofen key"),
    (lambda r: r.__setitem__("trump", "H"), "'trump' is a baofen key"),
    (lambda r: r.__setitem__("colour", "red"), "unknown key 'colour' in a tractor-80fen full-hand record"),
    (lambda r: r.pop("levels"), "missing key 'levels'"),
    (lambda r: r.__setitem__("levels", ["5", "X"]), "levels[1]: unknown rank 'X'"),
    (lambda r: r.__setitem__("levels", ["5"]), "levels: expected the two teams' ranks"),
    (lambda r: r.__setitem__("levels", ["5", "6"]), "levels: a game's first hand starts with both teams at one level"),
    (lambda r: r.__setitem__("levels", ["A", "A"]), "levels[0]: under game_end = reach_A"),
    (lambda r: r["hands"][1].pop(), "hands[1]: expected 25 cards, got 24"),
    (lambda r: r["kitty"].pop(), "kitty: expected 8 cards, got 7"),
    (lambda r: r["hands"].pop(), "hands: expected 4 entries, got 3"),
    (lambda r: r["hands"][1].__setitem__(0, r["hands"][0][0]) or r["hands"][2].__setitem__(0, r["hands"][0][0]),
     "times; the pack has only 2"),
    (lambda r: r["hands"][0].__setitem__(0, "SX"), "hands[0][0]: unknown card 'SX'"),
    (lambda r: r.__setitem__("zhuang", 1), "zhuang: in a first hand the last declarer is 庄"),
    (lambda r: r.__setitem__("first_hand", "yes"), "first_hand: expected true or false"),
    (lambda r: r["declarations"][0].__setitem__("at", 3), "declarations[0]: expected an object with the keys"),
    (lambda r: r["declarations"][0].__setitem__("after", 101), "declarations[0].after: expected the cards dealt"),
    (lambda r: r["declarations"][0].__setitem__("seat", 4), "declarations[0].seat: expected a seat 0..3"),
    (lambda r: r["fandi"][0].pop("bury"), "fandi[0]: expected an object with the keys seat, cards, bury"),
    (lambda r: r.pop("declarations"), "'bury' given without 'declarations'"),
    (lambda r: r.pop("bury"), "'fandi' given without 'bury'"),
    (lambda r: r.__setitem__("options", {"bid_cap_default": 150}), "rules: bid_cap_default is an option of Baofen "
     "(RULES §9.3); tractor-80fen plays 80分 and does not read it"),
    (lambda r: r.__setitem__("options", {"game_end": "never"}),
     "rules: game_end: 'never' is not one of reach_A, win_hand_at_A"),
    (lambda r: r.__setitem__("options", {"threshold": "80"}), "rules: threshold: '80' is not an integer"),
    (lambda r: r.__setitem__("options", {"level_step": 0}), "rules: level_step: 0 is not allowed (must be >= 1)"),
    (lambda r: r.__setitem__("options", {"ruff_structure_rule": "sometimes"}), "ruff_structure_rule"),
    (lambda r: r.__setitem__("options", {"colour": 1}), "rules: unknown option 'colour'"),
    (lambda r: r.__setitem__("options", {"joker_tractor_mode": "r000"}),
     "not implemented by the 80分 reference engine: joker_tractor_mode=r000"),
    (lambda r: r.__setitem__("options", []), "'options' must be an object of rule options"),
    (lambda r: r.__setitem__("table", {"pot": 3}), "table: expected an object with 'cumulative'"),
    (lambda r: r.__setitem__("table", {"cumulative": [1, 2]}), "table.cumulative: expected 4 numbers"),
])
def test_a_malformed_80fen_record_exits_2_with_one_line(tmp_path, spoil, message):
    record = hand_record(random_hand(12))  # a first hand with a declaration and a 反底
    spoil(record)
    assert message in malformed(tmp_path, record)


def test_the_zhuang_is_required_where_the_rules_do_not_give_it(tmp_path):
    later = hand_record(random_hand(5))
    del later["zhuang"]
    assert "missing key 'zhuang'" in malformed(tmp_path, later)
    first_nobody = hand_record(random_hand(6))  # a first hand where nobody declared
    del first_nobody["zhuang"]
    assert "nobody declared in this first hand" in malformed(tmp_path, first_nobody)


def test_the_bury_must_come_from_the_zhuangs_hand_and_the_kitty(tmp_path):
    hand = random_hand(5)
    record = hand_record(hand)
    zhuang = hand.zhuang
    outside = next(c for c in record["hands"][(zhuang + 1) % 4] if c not in record["hands"][zhuang]
                   and c not in record["kitty"])
    record["bury"][0] = outside
    assert f"bury: seat {zhuang} does not hold {outside}" in malformed(tmp_path, record)


def test_the_bury_of_a_fandi_must_come_from_the_hand_and_the_kitty(tmp_path):
    record = hand_record(random_hand(5))
    seat = record["fandi"][0]["seat"]
    outside = next(c for c in record["hands"][(seat + 1) % 4] if c not in record["hands"][seat]
                   and c not in record["bury"])
    record["fandi"][0]["bury"][0] = outside
    assert f"fandi[0].bury: seat {seat} does not hold {outside}" in malformed(tmp_path, record)


@pytest.mark.parametrize(("spoil", "message"), [
    (lambda r: r.__setitem__("target", 80), "'target' is a baofen key, not one of a tractor-80fen position"),
    (lambda r: r.pop("levels"), "missing key 'levels' (or 'level', the rank played)"),
    (lambda r: r.__setitem__("level", "2"), "give 'levels' or 'level', not both"),
    (lambda r: r.__setitem__("trump", "N"), "trump: expected one of S, H, C, D, NT"),
    (lambda r: r["hands"][1].pop(), "hands: a position needs 4 hands of one size"),
    (lambda r: r["buried"].pop(), "buried: expected 8 cards, got 7"),
    (lambda r: r.__setitem__("failed_throws", [0, 3, 0, 0]), "failed_throws: expected 4 integers from 0 up to 2"),
    (lambda r: r.__setitem__("points_won", [0, 7, 0, 0]),
     "points_won: expected 4 integers from 0 up to 200, multiples of 5"),
    (lambda r: r.__setitem__("points_won", [100, 100, 0, 0]), "points_won: the seats took 200 points, but only"),
    (lambda r: r["buried"].__setitem__(0, "SA") or r["hands"][2].__setitem__(0, "SA"), "SA appears 3 times"),
])
def test_a_malformed_80fen_position_exits_2_with_one_line(tmp_path, spoil, message):
    record = last_trick(levels=["2", "2"])
    spoil(record)
    assert message in malformed(tmp_path, record)


@pytest.mark.parametrize(("key", "value"), [("levels", ["2", "2"]), ("declarations", []), ("fandi", []),
                                             ("first_hand", True), ("points_won", [0, 0, 0, 0])])
def test_an_80fen_key_in_a_baofen_record_exits_2(tmp_path, key, value):
    record = json.loads((Path(__file__).resolve().parent.parent / "examples" / "full_hand.json").read_text())
    record[key] = value
    assert f"{key!r} is a tractor-80fen key, not one of a full-hand record" in malformed(tmp_path, record)


@pytest.mark.parametrize(("key", "value"), [("level", "2"), ("points_won", [0, 0, 0, 0]), ("failed_throws", [0] * 4)])
def test_an_80fen_position_key_in_a_baofen_position_exits_2(tmp_path, key, value):
    record = json.loads((Path(__file__).resolve().parent.parent / "examples" / "throw_98844.json").read_text())
    record[key] = value
    assert f"{key!r} is a tractor-80fen key, not one of a position" in malformed(tmp_path, record)


def test_a_key_of_the_other_kind_of_80fen_record_is_unknown_not_baofen(tmp_path):
    record = last_trick(levels=["2", "2"], kitty=[])  # "kitty" belongs to full hands of both games
    assert "unknown key 'kitty' in a tractor-80fen position" in malformed(tmp_path, record)
