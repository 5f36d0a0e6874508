"""`baofen-sim replay OUT --hand K` prints every trick alike in all three games (`analysis.trick_text`): a run
simulated by the real engine, a few hands replayed and their trick lines read back. The plays they show are the
hand's game record's (`replay --record`: the engine's log), trick after trick counter-clockwise from the winner of
the last; winners, points, failed throws and their forced leads are the reference judge's; each trick's points are
its cards'; a ruff is a winning all-trump play on a plain-suit lead; the running points, counted again from the lines
under each game's rule, end on the engine's row (Baofen: the declarer's points; 80分: the 抓分方's points and the
throw adjustments; 找朋友: the defenders' points, with the friend's reveal and the points it cleared)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.analysis.trick_text import FailedThrow, FriendReveal, TrickText, trick_lines
from baofen_sim.cards import card_points, parse_cards
from baofen_sim.cli import app
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import judge
from baofen_sim.reference.order import TRUMP
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate
from tests.test_engine_hand import PASS_OFTEN

runner = CliRunner()

TRICK = re.compile(r"trick +(?P<index>\d+): (?P<plays>seat \d: .+?)  -> seat (?P<winner>\d) wins (?P<points>\d+) "
                   r"points \((?P<lead>\w+) lead(?P<ruff>, ruff)?\)(?:; (?P<side>\S+) (?P<running>-?\d+)(?P<note>.*))?")
FAILED = re.compile(r"trick +(?P<index>\d+): seat (?P<seat>\d) throws (?P<attempted>[^:]+): FAILED"
                    r"(?:, forced lead (?P<forced>[^(]+?)|, leads again)(?: \((?P<cost>[^)]*)\))?")
FRIEND = re.compile(r"trick +(?P<index>\d+): seat (?P<seat>\d) plays the friend card(?: (?P<card>\S+))?: "
                    r"the friend is revealed, (?P<cleared>\d+) points cleared")
PLAY = re.compile(r"seat (\d): (.+)")


@dataclass
class Trick:
    index: int
    plays: list[tuple[int, list[str]]]
    winner: int
    points: int
    lead: str
    ruff: bool
    side: str | None
    running: int | None
    note: str
    failed: dict | None = None
    friend: dict | None = None


def read_tricks(lines: list[str]) -> list[Trick]:
    """The tricks of a replay's printed lines; a line that starts like a trick line but reads as none fails."""
    tricks, failed, friend = [], {}, {}
    for line in lines:
        if not re.match(r"trick +\d+:", line):
            continue
        if m := FAILED.fullmatch(line):
            failed[int(m["index"])] = {"seat": int(m["seat"]), "attempted": m["attempted"].split(),
                                       "forced": (m["forced"] or "").split(), "cost": m["cost"]}
        elif m := FRIEND.fullmatch(line):
            friend[int(m["index"])] = {"seat": int(m["seat"]), "card": m["card"], "cleared": int(m["cleared"])}
        else:
            m = TRICK.fullmatch(line)
            assert m, line
            plays = [PLAY.fullmatch(part).groups() for part in m["plays"].split("   ")]
            index = int(m["index"])
            tricks.append(Trick(index, [(int(seat), cards.split()) for seat, cards in plays], int(m["winner"]),
                                int(m["points"]), m["lead"], bool(m["ruff"]), m["side"],
                                None if m["running"] is None else int(m["running"]), m["note"] or "",
                                failed.pop(index, None), friend.pop(index, None)))
    assert not failed and not friend, (failed, friend)  # every reveal and failure belongs to a trick that follows
    return tricks


def check_against_record(tricks: list[Trick], record: dict, num_players: int) -> list[dict]:
    """The trick lines against the hand's game record and the reference judge's events; returns the events."""
    assert tricks, "no trick lines"
    attempted = []
    for trick in tricks:
        lead = trick.failed["attempted"] if trick.failed else trick.plays[0][1]
        attempted += [lead] + [cards for _, cards in trick.plays[1:]]
    assert [sorted(cards) for cards in attempted] == [sorted(cards) for cards in record["plays"]]
    report = judge(parse_record(record))
    assert report.legal, report.events[-1]
    events = report.events
    assert [(t.index, t.winner, t.points) for t in tricks] == [
        (e["trick"], e["winner"], e["points"]) for e in events if e["event"] == "trick"]
    assert [(t.index, t.failed["seat"], sorted(t.failed["attempted"]), sorted(t.failed["forced"]))
            for t in tricks if t.failed] == [(e["trick"], e["seat"], sorted(e["attempted"]), sorted(e["forced"]))
                                             for e in events if e["event"] == "throw_failed"]
    order = report.hand.order
    leader = tricks[0].plays[0][0]
    for i, trick in enumerate(tricks):
        assert trick.index == i
        assert [seat for seat, _ in trick.plays] == [(leader + k) % num_players for k in range(num_players)]
        assert trick.winner in [seat for seat, _ in trick.plays]
        assert trick.points == card_points(k for _, cards in trick.plays for k in parse_cards(cards))
        lead = parse_cards(trick.plays[0][1])
        won = parse_cards(dict(trick.plays)[trick.winner])
        assert trick.ruff == (order.suit(lead[0]) != TRUMP and all(order.suit(k) == TRUMP for k in won)), trick
        assert (trick.lead == "single") == (len(lead) == 1)
        if trick.failed:
            assert trick.plays[0] == (trick.failed["seat"], trick.failed["forced"]) and trick.lead != "throw"
        leader = trick.winner
    return events


def replayed(run_dir, hand: int) -> tuple[list[str], dict]:
    text = runner.invoke(app, ["replay", str(run_dir), "--hand", str(hand)])
    assert text.exit_code == 0, text.output
    record = runner.invoke(app, ["replay", str(run_dir), "--hand", str(hand), "--record"])
    assert record.exit_code == 0, record.output
    return text.output.splitlines(), json.loads(record.output)


def rows(out) -> pl.DataFrame:
    return pl.read_parquet(out / "hands" / "part-*.parquet").sort("hand")


def simulated(tmp_path_factory, name: str, spec: RunSpec):
    out = tmp_path_factory.mktemp(name) / "run"
    simulate(spec, out, progress=False)
    return out, rows(out)


def test_trick_lines_print_the_failed_throw_the_reveal_then_the_trick():
    trick = TrickText(4, ((1, ("SQ", "SQ")), (2, ("S3", "S5")), (3, ("H2", "H2"))), 3, 15, "pair", True,
                      FailedThrow(1, ("SK", "SQ", "SQ"), ("SQ", "SQ"), 10), FriendReveal(3, "H2", 5),
                      "defenders", 40, ", note")
    assert trick_lines(trick) == [
        "trick  4: seat 1 throws SK SQ SQ: FAILED, forced lead SQ SQ (penalty 10)",
        "trick  4: seat 3 plays the friend card H2: the friend is revealed, 5 points cleared",
        "trick  4: seat 1: SQ SQ   seat 2: S3 S5   seat 3: H2 H2  -> seat 3 wins 15 points (pair lead, ruff); "
        "defenders 40, note"]
    read = read_tricks(trick_lines(trick))
    assert [(t.index, t.plays, t.winner, t.points, t.lead, t.ruff, t.running, t.failed, t.friend) for t in read] == [
        (4, [(1, ["SQ", "SQ"]), (2, ["S3", "S5"]), (3, ["H2", "H2"])], 3, 15, "pair", True, 40,
         {"seat": 1, "attempted": ["SK", "SQ", "SQ"], "forced": ["SQ", "SQ"], "cost": "penalty 10"},
         {"seat": 3, "card": "H2", "cleared": 5})]
    free_relead = TrickText(0, ((0, ("D3",)), (1, ("D4",))), 1, 0, "single",
                            failed_throw=FailedThrow(0, ("DA", "DK"), ()))  # §4.4.2 free_relead: no running points
    assert trick_lines(free_relead) == ["trick  0: seat 0 throws DA DK: FAILED, leads again",
                                        "trick  0: seat 0: D3   seat 1: D4  -> seat 1 wins 0 points (single lead)"]


# ---- Baofen: the engine's trick rows --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def baofen_run(tmp_path_factory):
    spec = RunSpec(rules=preset("baofen"), policies=("random",) * 4, params=PASS_OFTEN, deals=24, hands_per_table=12,
                   seed=17)
    return simulated(tmp_path_factory, "baofen", spec)


def test_baofen_tricks_read_back_as_the_record_and_end_on_the_declarers_points(baofen_run):
    out, frame = baofen_run
    declared = frame.filter(pl.col("declarer") >= 0)
    chosen = declared.filter(pl.col("failed_throws") > 0)["hand"].to_list()[:2] + [declared["hand"][0]]
    assert len(chosen) == 3
    for hand in chosen:
        row = frame.filter(pl.col("hand") == hand).row(0, named=True)
        lines, record = replayed(out, hand)
        tricks = read_tricks(lines)
        check_against_record(tricks, record, 4)
        assert tricks[0].plays[0][0] == row["declarer"]  # the declarer leads the first trick
        assert len(tricks) == row["tricks_played"] and sum(bool(t.failed) for t in tricks) == row["failed_throws"]
        won = 0
        for trick in tricks:
            won += trick.points if trick.winner == row["declarer"] else 0
            assert (trick.side, trick.running, trick.note) == ("declarer", won, f" (target {row['target']})")
        assert won == row["declarer_points"]  # the preset's kitty counts for nobody (§6.2)


# ---- 80分: judged by the reference ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tractor80_run(tmp_path_factory):
    spec = RunSpec(rules=preset("tractor-80fen"), policies=("random",) * 4, deals=24, hands_per_table=12, seed=5)
    return simulated(tmp_path_factory, "tractor80", spec)


def test_80fen_tricks_read_back_with_the_defenders_points_and_the_failed_throws(tractor80_run):
    out, frame = tractor80_run
    failing = frame.filter(pl.col("failed_throws") > 0)["hand"].to_list()
    chosen = failing[:3] + frame.filter(pl.col("failed_throws") == 0)["hand"].to_list()[:1]
    assert len(failing) >= 3, "random players throw: some throws fail"
    sides = set()
    for hand in chosen:
        row = frame.filter(pl.col("hand") == hand).row(0, named=True)
        lines, record = replayed(out, hand)
        tricks = read_tricks(lines)
        check_against_record(tricks, record, 4)
        assert not any(line.startswith("plays (as attempted") for line in lines)
        header = next(line for line in lines if line.startswith("tricks (the 抓分方"))
        defenders = [int(s) for s in re.search(r"seats (\d) and (\d)", header).groups()]
        assert row["zhuang"] not in defenders and sorted(defenders) in ([0, 2], [1, 3])
        assert tricks[0].plays[0][0] == row["zhuang"]  # the 庄 leads the first trick (§7.3.7)
        assert len(tricks) == row["tricks_played"] and sum(bool(t.failed) for t in tricks) == row["failed_throws"]
        points = adjustment = 0
        for trick in tricks:
            if trick.failed:
                cost = -10 if trick.failed["seat"] in defenders else 10  # §4.5 S003: ±10 per failure
                sides.add(cost)
                adjustment += cost
                assert trick.failed["cost"] == f"抓分方 {cost:+d}"
            points += trick.points if trick.winner in defenders else 0
            assert (trick.side, trick.running) == ("抓分方", points)
            assert trick.note == (f", throws {adjustment:+d}" if adjustment else "")
        assert (points, adjustment) == (row["defenders_points"], row["penalty_points"])
        assert lines[-1].startswith("result:") and f"throws {row['penalty_points']:+d}" in lines[-1]
    assert sides == {-10, 10}, "failures by both sides"


# ---- 找朋友: judged by the reference, the friend's reveal --------------------------------------------------------


@pytest.fixture(scope="module")
def zpy_runs(tmp_path_factory):
    runs = {}
    for name, overrides in (("preset", ()), ("throws", ("allow_throws=true",))):
        spec = RunSpec(rules=preset("zhaopengyou-5p").with_overrides(overrides), policies=("random",) * 5, deals=24,
                       hands_per_table=12, seed=5)
        runs[name] = simulated(tmp_path_factory, f"zpy-{name}", spec)
    return runs


def check_zpy_hand(out, row: dict) -> list[Trick]:
    lines, record = replayed(out, row["hand"])
    if row["conceded"]:
        assert not read_tricks(lines) and "concedes" in lines[-1]
        return []
    tricks = read_tricks(lines)
    check_against_record(tricks, record, 5)
    assert tricks[0].plays[0][0] == row["declarer"] and len(tricks) == row["tricks_played"]
    counted, revealed = [0] * 5, None  # §7.4.10, each seat's points in the defenders' total
    for trick in tricks:
        if trick.friend:
            revealed = trick.friend["seat"]
            assert trick.friend["cleared"] == counted[revealed]
            assert trick.friend["card"] == row["friend_card"] and row["friend_card"] in dict(trick.plays)[revealed]
            counted[revealed] = 0
        if trick.winner not in (row["declarer"], revealed):
            counted[trick.winner] += trick.points
        assert (trick.side, trick.running, trick.note) == ("defenders", sum(counted), "")
    assert sum(counted) == row["defenders_points"]
    reveals = [(t.index, t.friend["seat"], t.friend["cleared"]) for t in tricks if t.friend]
    assert reveals == ([(row["reveal_trick"], row["friend"], row["points_cleared"])] if row["reveal_trick"] >= 0
                       else [])
    return tricks


def test_zpy_tricks_read_back_with_the_friends_reveal_and_the_defenders_total(zpy_runs):
    out, frame = zpy_runs["preset"]
    clearing = frame.filter(pl.col("points_cleared") > 0)["hand"].to_list()
    alone = frame.filter((pl.col("friend") < 0) & ~pl.col("conceded"))["hand"].to_list()
    conceded = frame.filter(pl.col("conceded"))["hand"].to_list()
    assert clearing and alone, "a friend who reveals himself with points, and a 1 vs 4"
    for hand in clearing[:2] + alone[:1] + conceded[:1]:
        tricks = check_zpy_hand(out, frame.filter(pl.col("hand") == hand).row(0, named=True))
        assert any(t.friend for t in tricks) == (hand in clearing)


def test_zpy_failed_throws_read_back_when_throws_are_allowed(zpy_runs):
    out, frame = zpy_runs["throws"]
    failures = throws = 0
    for row in frame.filter(~pl.col("conceded")).head(6).iter_rows(named=True):
        tricks = check_zpy_hand(out, row)
        failures += sum(bool(t.failed) for t in tricks)
        throws += sum(t.lead == "throw" for t in tricks)
        assert all(t.failed["cost"] is None for t in tricks if t.failed)  # S002 has no penalty
    assert failures > 0 and throws > 0, "random players throw: some throws fail, some stand"
