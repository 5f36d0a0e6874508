"""`baofen-sim view` and `hands` (issue 38): a hand of a run or a record file as one HTML page, the hands of a run that
match a filter as a table and as an index of pages; every bad input one line, exit 2, nothing written.

Runs of every game are simulated once for the module (small, on engines the other tests compile too). The pages'
models are checked against what the builder makes of `replay --record`, and against the runs' rows; in Chromium
(`tests.browser`), each game's index from `hands --html` opens a hand's page, which is stepped trick by trick with
the arrow key and checked against the judge's events of the hand's record.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.analysis import hand_pages
from baofen_sim.analysis.html.hand_model import view_model
from baofen_sim.cards import card_name
from baofen_sim.cli import app
from baofen_sim.games import game_of
from baofen_sim.io.records import parse_record
from baofen_sim.policies import select_policies
from baofen_sim.reference.judge import format_event, judge
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate
from tests import background
from tests.browser import read_state
from tests.test_engine_hand import warm_engine
from tests.view_models import EXAMPLES, judged_tricks, running_score

runner = CliRunner()
SCREENSHOTS = os.environ.get("BAOFEN_VIEW_SCREENSHOTS")  # a folder: the browser test saves each game's page there
# game: (rules, policy, deals, a filter of its own columns that matches some hands, the result column to check)
RUNS = {
    "baofen": ("baofen", "heuristic", 400, "declarer >= 0 AND declarer_points >= 40", "category"),
    "tractor80": ("tractor-80fen", "random", 48, "failed_throws > 0 OR fandi > 0", "defenders_total"),
    "zhaopengyou": ("zhaopengyou-5p", "heuristic", 60, "friend_status = 'friend' AND reveal_trick > 2",
                    "defenders_total"),
}
MODEL = re.compile(r'<script type="application/json" id="view-model">(.*?)</script>', re.S)


def invoke(*args: Any):
    return runner.invoke(app, [str(a) for a in args])


def page_model(path: Path) -> dict[str, Any]:
    return json.loads(MODEL.search(path.read_text(encoding="utf-8")).group(1))


def files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def assert_one_line_error(result, text: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert text in result.stderr, result.stderr


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, tuple[Path, pl.DataFrame]]:
    """(run directory, its hands) of a small run of every game, and of a Baofen run of declarer = each."""
    warm_engine()
    background.output("engine-80fen")
    background.output("engine-zpy")
    root = tmp_path_factory.mktemp("view-runs")
    specs = {game: RunSpec(rules=preset(rules), policies=(policy,) * preset(rules).num_players, deals=deals,
                           hands_per_table=16, seed=11)
             for game, (rules, policy, deals, _, _) in RUNS.items()}
    specs["each"] = RunSpec(rules=preset("baofen"), policies=("heuristic",) * 4, deals=6, declarer="each", target=85,
                            hands_per_table=1, seed=3)
    made = {}
    for name, spec in specs.items():
        simulate(spec, root / name, progress=False, echo=lambda line: None)
        made[name] = (root / name, pl.read_parquet(root / name / "hands" / "part-*.parquet").sort("hand"))
    return made


def matching(runs, game: str) -> pl.DataFrame:
    out, frame = runs[game]
    found = frame.filter(pl.sql_expr(RUNS[game][3]))
    assert found.height >= 2, f"{game}: the filter matches {found.height} hands; change it or the run"
    return found


def replayed_record(out: Path, hand: int, *declarer: Any) -> dict[str, Any]:
    result = invoke("replay", out, "--hand", hand, "--record", *declarer)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# ----- view ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", list(RUNS))
def test_view_writes_a_runs_hand_as_the_page_of_its_replayed_record(runs, game):
    out, _ = runs[game]
    row = matching(runs, game).row(0, named=True)
    result = invoke("view", out, "--hand", row["hand"])
    assert result.exit_code == 0, result.output
    path = out / "views" / f"hand-{row['hand']}.html"
    assert result.stdout.strip() == str(path)
    model = page_model(path)
    assert model == view_model(replayed_record(out, row["hand"]), row["hand"], title=model["title"])
    assert len(model["tricks"]) == row["tricks_played"] and model["result"] is not None
    column = RUNS[game][4]
    assert dict(model["result"]["rows"])[column] == row[column]
    assert files(out / "views") == {path.name}  # no temporary file left


def test_a_forced_declarers_hand_needs_its_seat_and_shows_him_declaring(runs):
    out, frame = runs["each"]
    assert_one_line_error(invoke("view", out, "--hand", 2), "--declarer 0..3")
    result = invoke("view", out, "--hand", 2, "--declarer", 1, "--out", out / "h.html")
    assert result.exit_code == 0, result.output
    model = page_model(out / "h.html")
    assert "declarer" in model["seats"][1]["roles"] and model["hand"] == "2 (declarer seat 1)"
    assert model == view_model(replayed_record(out, 2, "--declarer", 1), model["hand"], title=model["title"])
    row = frame.filter((pl.col("hand") == 2) & (pl.col("declarer") == 1)).row(0, named=True)
    assert dict(model["result"]["rows"])["declarer_points"] == row["declarer_points"]


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("*.json")))
def test_view_of_a_record_file_writes_its_page_beside_it(tmp_path, name):
    path = tmp_path / f"{name}.json"
    shutil.copy(EXAMPLES / path.name, path)
    data = json.loads(path.read_text())
    legal = judge(parse_record(data)).legal
    result = invoke("view", path)
    assert result.exit_code == (0 if legal else 1), result.output
    assert result.stdout.strip() == str(tmp_path / f"{name}.html")
    model = page_model(tmp_path / f"{name}.html")
    assert model == view_model(data, path.name)
    if legal:
        assert "stopped" not in model and result.stderr == ""
    else:  # the page shows the steps before the illegal one and names it, as judge does
        line = next(line for line in invoke("judge", path).stdout.splitlines() if line.startswith("ILLEGAL"))
        assert model["stopped"] == line and model["result"] is None and line in result.stderr


# ----- hands --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", list(RUNS))
def test_hands_prints_the_matching_hands_with_the_filters_columns_and_the_result(runs, game):
    out, _ = runs[game]
    found = matching(runs, game)
    result = invoke("hands", out, "--where", RUNS[game][3], "--limit", 1000)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    header = lines[0].split()
    named = pl.sql_expr(RUNS[game][3]).meta.root_names()
    result_columns = game_of(preset(RUNS[game][0])).result_columns
    assert header == list(dict.fromkeys(["hand", *named, *result_columns]))
    assert [int(line.split()[0]) for line in lines[1:-1]] == found["hand"].to_list()
    assert lines[-1] == f"{found.height} hands match {RUNS[game][3]}"


def test_hands_limit_shows_the_first_hands_and_says_so(runs):
    out, _ = runs["zhaopengyou"]
    found = matching(runs, "zhaopengyou")
    result = invoke("hands", out, "--where", RUNS["zhaopengyou"][3], "--limit", 1)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and lines[1].split()[0] == str(found["hand"][0])
    assert lines[-1].endswith("; the first 1 shown (--limit 1)") and lines[-1].startswith(f"{found.height} hands")


@pytest.mark.parametrize("game", [*RUNS, "each"])
def test_hands_html_writes_an_index_linking_one_page_per_hand(runs, game, tmp_path):
    out, frame = runs[game]
    where = "declarer_points >= 60" if game == "each" else RUNS[game][3]
    found = frame.filter(pl.sql_expr(where)).head(3)
    index = tmp_path / "picked.html"
    result = invoke("hands", out, "--where", where, "--limit", 3, "--html", index)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == f"{index} ({found.height} pages in {tmp_path / 'picked'})"
    links = re.findall(r'<a data-view href="([^"]+)"', index.read_text(encoding="utf-8"))
    per_declarer = game == "each"
    keys = [(r["hand"], r["declarer"] if per_declarer else None) for r in found.iter_rows(named=True)]
    assert links == [f"picked/{hand_pages.view_name(*key)}" for key in keys]
    assert files(tmp_path) == {"picked.html", "picked", *links}
    for link, (hand, declarer) in zip(links, keys, strict=True):
        model = page_model(tmp_path / link)
        record = replayed_record(out, hand, *(["--declarer", declarer] if per_declarer else []))
        assert model == view_model(record, model["hand"], title=model["title"])


def test_hands_html_replaces_its_earlier_pages_and_never_a_folder_of_other_files(runs, tmp_path):
    out, _ = runs["zhaopengyou"]
    where = RUNS["zhaopengyou"][3]
    index = tmp_path / "friends.html"
    assert invoke("hands", out, "--where", where, "--limit", 3, "--html", index).exit_code == 0
    assert invoke("hands", out, "--where", where, "--limit", 1, "--html", index).exit_code == 0
    assert len(list((tmp_path / "friends").iterdir())) == 1
    (tmp_path / "friends" / "notes.txt").write_text("mine")
    before = files(tmp_path)
    assert_one_line_error(invoke("hands", out, "--where", where, "--html", index), "holds other files")
    assert files(tmp_path) == before


def test_an_error_while_writing_the_pages_leaves_nothing_behind(runs, tmp_path, monkeypatch):
    out, _ = runs["zhaopengyou"]
    made = []

    def failing(*args):
        if made:
            raise OSError(28, "No space left on device", str(tmp_path / "friends"))
        made.append(args)
        return "<html></html>"

    monkeypatch.setattr(hand_pages, "run_page", failing)
    result = invoke("hands", out, "--where", RUNS["zhaopengyou"][3], "--html", tmp_path / "friends.html")
    assert_one_line_error(result, "No space left on device")
    assert made and files(tmp_path) == set()


def test_the_records_hook_gives_the_records_replay_gives(runs):
    for game in ("baofen", "tractor80", "each"):
        out, frame = runs[game]
        spec, engine = hand_pages.run_spec(out)
        select_policies(spec.policies, spec.rules.game)
        per_declarer = game == "each"
        keys = [(h, d if per_declarer else None) for h, d in zip(frame["hand"], frame["declarer"] if per_declarer
                                                                 else frame["hand"], strict=True)]
        keys = [keys[0], keys[-1], keys[len(keys) // 2]]  # tables apart, out of order
        records = engine.records(spec, out, keys)
        assert list(records) == keys
        for hand, declarer in keys:
            assert records[(hand, declarer)] == json.loads(engine.replay(spec, out, hand, declarer, True)[0])


# ----- bad input: one line, exit 2, nothing written ----------------------------------------------------------------

BAD_INPUTS = {
    "a hand out of range": (["view", "{run}", "--hand", "400"], "--hand 400: the run has hands 0..399"),
    "a negative hand": (["view", "{run}", "--hand", "-1"], "--hand -1"),
    "a run without --hand": (["view", "{run}"], "give --hand K"),
    "a folder that is not a run": (["view", "{tmp}/empty", "--hand", "0"], "not a run directory"),
    "no such run or file": (["view", "{tmp}/nothing", "--hand", "0"], "no such run directory or record file"),
    "a malformed record": (["view", "{tmp}/bad.json"], "bad.json: hands"),
    "a file that is not JSON": (["view", "{tmp}/notes.json"], "not valid JSON"),
    "--hand with a record file": (["view", "{tmp}/bad.json", "--hand", "1"], "is a record file"),
    "--out in a missing folder": (["view", "{run}", "--hand", "3", "--out", "{tmp}/no/page.html"], "No such directory"),
    "--out a folder": (["view", "{run}", "--hand", "3", "--out", "{tmp}/empty"], "a directory"),
    "--out under a file": (["view", "{run}", "--hand", "3", "--out", "{tmp}/notes.json/page.html"], "No such"),
    "a filter that is not SQL": (["hands", "{run}", "--where", "category = = 1"], "unable to parse"),
    "an unknown column": (["hands", "{run}", "--where", "categry = 'quanji'"], "no column 'categry' (nearest: "
                                                                                "category"),
    "a column of another type": (["hands", "{run}", "--where", "category = 5"], "cannot compare"),
    "a filter that is no condition": (["hands", "{run}", "--where", "result + 1"], "Boolean"),
    "a limit under 1": (["hands", "{run}", "--where", "declarer_won", "--limit", "0"], "--limit 0"),
    "hands of a folder that is not a run": (["hands", "{tmp}/empty", "--where", "declarer_won"], "no hands"),
    "--html in a missing folder": (["hands", "{run}", "--where", "declarer_won", "--html", "{tmp}/no/x.html"],
                                   "No such directory"),
    "--html without .html": (["hands", "{run}", "--where", "declarer_won", "--html", "{tmp}/index"], ".html"),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS))
def test_every_bad_input_is_one_line_exit_2_and_writes_nothing(runs, tmp_path, case):
    out, _ = runs["baofen"]
    (tmp_path / "empty").mkdir()
    (tmp_path / "bad.json").write_text('{"rules": "baofen", "hands": 3}')
    (tmp_path / "notes.json").write_text("not json")
    before, run_before = files(tmp_path), files(out)
    args, text = BAD_INPUTS[case]
    result = invoke(*[a.format(run=out, tmp=tmp_path) for a in args])
    assert_one_line_error(result, text)
    assert result.stdout == ""
    assert files(tmp_path) == before and files(out) == run_before


# ----- in the browser: the index of each game opens a page that steps through every trick ------------------------

@pytest.mark.parametrize("game", list(RUNS))
def test_each_games_index_opens_a_page_that_steps_through_every_trick(runs, game, offline, tmp_path):
    out, _ = runs[game]
    index = tmp_path / "hands.html"
    result = invoke("hands", out, "--where", RUNS[game][3], "--limit", 2, "--html", index)
    assert result.exit_code == 0, result.output
    page = offline.page
    page.goto(index.as_uri())
    assert page.locator("#hands tbody tr").count() == 2
    first = page.locator("a[data-view]").first
    hand = int(first.inner_text())
    first.click()
    page.wait_for_selector("body[data-ready]")
    record = replayed_record(out, hand)
    report = judge(parse_record(record))
    tricks = judged_tricks(report.events)
    declarer = report.hand.declarer
    start = [Counter(card_name(k) for k in cards) for cards in report.hand.hands]  # where judging ended
    for trick in tricks:  # plus every card played: each seat's hand at the first lead
        for seat, cards in trick["plays"].items():
            start[seat].update(cards)
    state = read_state(page)
    assert [Counter(state["hands"][str(seat)]) for seat in range(len(start))] == start
    assert all(_trumps_first(page, seat) for seat in range(len(start)))
    played = [Counter() for _ in start]
    shot_at = next((k for k, t in enumerate(tricks, 1) if t["failed"] or t["note"]), max(1, len(tricks) // 2))
    for k, trick in enumerate(tricks, 1):
        page.keyboard.press("ArrowRight")
        state = read_state(page)
        assert state["trick"] == k
        for seat, cards in trick["plays"].items():
            played[seat].update(cards)
        for seat in range(len(start)):
            assert Counter(state["hands"][str(seat)]) == start[seat] - played[seat], (k, seat)
            assert sorted(state["plays"][str(seat)]["cards"]) == sorted(trick["plays"].get(seat, [])), (k, seat)
            assert state["plays"][str(seat)]["winner"] == (seat == trick["winner"])
        assert int(state["winner"]) == trick["winner"] and int(state["points"]) == trick["points"]
        score = running_score(record["rules"], tricks[:k], declarer, record)
        assert float(state["score"]["value"]) == score["value"], k
        if k == shot_at:
            page.screenshot(path=str(tmp_path / f"view-{game}.png"), full_page=True)
    result_event = next(e for e in report.events if e["event"] == "result")
    assert state["final"] == "true"
    assert state["result"] == format_event(result_event, report.game).removeprefix("result: ")
    assert (tmp_path / f"view-{game}.png").stat().st_size > 10_000
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / f"view-{game}.png", Path(SCREENSHOTS) / f"view-{game}.png")


def _trumps_first(page, seat: int) -> bool:
    marks = page.eval_on_selector_all(f'[data-hand][data-seat="{seat}"] [data-card]',
                                      "cards => cards.map(c => c.dataset.trump === 'true')")
    return marks == sorted(marks, reverse=True)
