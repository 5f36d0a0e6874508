"""`report OUT --html FILE` of all three games and of sweeps (issue 38, item 4): small runs played by the real engine,
each page read back: the report's tables as `report` prints them, Baofen's plot inline as SVG, the first two hands of
each result category the issue names linked and folded in, and each such hand's view model consistent with the
reference judge's events for `replay --record` of that hand. Then bad `--html` paths (one line, exit 2, nothing
written, an earlier page untouched), and each game's page in a real headless Chromium (tests.browser): the plot drawn,
an example hand opened from its link and stepped (the `offline` page of tests/conftest.py). A missing browser fails
these tests; it never skips them.
"""

from __future__ import annotations

import base64
import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.analysis.html import render_view, validate_view
from baofen_sim.analysis.runs import open_output
from baofen_sim.cli import app
from baofen_sim.games import game_of
from baofen_sim.io.manifest import manifest_path
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import judge
from baofen_sim.rules import preset
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate

runner = CliRunner()
T = pl.col("defenders_total")
PLAYED = ~pl.col("conceded")
# The result categories the issue names, per preset, as (label on the page, the hand rows in it), in the page's order.
CATEGORIES: dict[str, list[tuple[str, pl.Expr]]] = {
    "baofen": [(label, pl.col("category") == value) for label, value in (
        ("全击 quanji", "quanji"), ("半击 banji", "banji"), ("金太阳 jintaiyang", "jintaiyang"),
        ("normal hands", "normal"), ("all-pass (水草)", "all_pass"))],
    "tractor-80fen": [("T = 0", T == 0), ("0 < T < 40", (T > 0) & (T < 40)), ("40 ≤ T < 80", (T >= 40) & (T < 80)),
                      ("80 ≤ T < 120", (T >= 80) & (T < 120)), ("120 ≤ T < 160", (T >= 120) & (T < 160)),
                      ("160 ≤ T < 200", (T >= 160) & (T < 200)), ("T ≥ 200", T >= 200),
                      ("抠底 (the 抓分方 win the last trick)", pl.col("kitty_multiplier") > 0)],
    "zhaopengyou-5p": [("with a friend", PLAYED & (pl.col("friend") >= 0)),
                       ("1 vs 4: overcalled (no friend card)", PLAYED & (pl.col("friend_status") == "overcall")),
                       ("1 vs 4: the 庄 holds the other copy", PLAYED & (pl.col("friend_status") == "own_card")),
                       ("1 vs 4: the friend card is buried", PLAYED & (pl.col("friend_status") == "buried")),
                       ("conceded", pl.col("conceded"))],
}
SCORE_KEY = {"baofen": "declarer_points", "tractor-80fen": "defenders_points", "zhaopengyou-5p": "defenders_points"}
SPECS = {  # small runs of random players: every category the issue names is likely, none is required
    "baofen": dict(deals=400, hands_per_table=16, seed=3),
    "tractor-80fen": dict(deals=300, hands_per_table=12, seed=5),
    "zhaopengyou-5p": dict(deals=300, hands_per_table=12, seed=5),
}


def run(*args: Any):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    """One run of each game, and each run's page (`report --html`) with the report's printed text."""
    made = {}
    for name, shape in SPECS.items():
        rules = preset(name)
        out = tmp_path_factory.mktemp(name) / "run"
        simulate(RunSpec(rules=rules, policies=("random",) * rules.num_players, **shape), out,
                 progress=False)
        made[name] = out
    return made


@pytest.fixture(scope="module")
def pages(runs) -> dict[str, tuple[str, str]]:
    """Each game's page and what `report` printed with it."""
    made = {}
    for name, out in runs.items():
        path = out.parent / "report.html"
        result = run("report", out, "--html", path)
        assert result.exit_code == 0, result.output
        assert re.fullmatch(rf"wrote {re.escape(str(path))}: [\d,]+ KB, \d+ example hands\n", result.stderr)
        made[name] = (path.read_text(encoding="utf-8"), result.stdout)
    return made


# ----- reading a page back ------------------------------------------------------------------------------------

EXAMPLE = re.compile(r'<details class="example" id="([^"]+)"><summary>(.*?)</summary><script type="application/json" '
                     r'class="view-model" data-title-html="([^"]*)">(.*?)</script>', re.S)


def tables(page: str) -> str:
    return html.unescape(re.search(r"<pre>(.*?)</pre>", page, re.S)[1])


def images(page: str) -> list[tuple[str, bytes]]:
    found = re.findall(r'<img src="data:([^;]+);base64,([^"]+)"', page)
    return [(mime, base64.b64decode(data)) for mime, data in found]


def links(page: str) -> list[tuple[str, str]]:
    return [(html.unescape(text), href) for href, text in re.findall(r'<li><a href="([^"]+)">(.*?)</a></li>', page)]


def nones(page: str) -> list[str]:
    return [html.unescape(label) for label in re.findall(r"<p>([^<]*?): none\.</p>", page)]


def examples(page: str) -> dict[str, tuple[str, dict[str, Any]]]:
    """anchor -> (summary, view model) of each example hand folded into the page."""
    return {anchor: (html.unescape(summary), json.loads(model)) for anchor, summary, _, model in EXAMPLE.findall(page)}


def expected_links(rows: pl.LazyFrame, name: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The links the page must show (the first two hands of each category, in hand order) and the empty categories."""
    shown, empty = [], []
    for label, condition in CATEGORIES[name]:
        hands = rows.filter(condition).select("hand").head(2).collect()["hand"].to_list()
        shown += [(f"{label}: hand {h}", f"#hand-{h}") for h in hands]
        if not hands:
            empty.append(label)
    return shown, empty


def judged(record: dict[str, Any]) -> list[dict[str, Any]]:
    report = judge(parse_record(record))
    assert report.legal
    return report.events


def check_against_judge(model: dict[str, Any], events: list[dict[str, Any]], name: str) -> None:
    """The view model's tricks, plays and result are the judge's."""
    validate_view(model)
    assert [(t["winner"], t["points"]) for t in model["tricks"]] == [
        (e["winner"], e["points"]) for e in events if e["event"] == "trick"]
    plays = [(e["trick"], e["seat"], sorted(e["cards"])) for e in events if e["event"] == "play"]
    assert [(t["number"] - 1, p["seat"], sorted(p["cards"])) for t in model["tricks"] for p in t["plays"]] == plays
    failed = [(e["trick"], e["seat"], e["attempted"]) for e in events if e["event"] == "throw_failed"]
    assert [(t["number"] - 1, p["seat"], p["failed_throw"]["attempted"]) for t in model["tricks"] for p in t["plays"]
            if p["failed_throw"]] == failed
    result = next(e for e in events if e["event"] == "result")
    rows = dict(model["result"]["rows"])
    judged_rows = {k: v for k, v in result.items() if k != "event" and not isinstance(v, list | dict)}
    assert judged_rows == {k: rows[k] for k in judged_rows}  # the game's view may add rows (Baofen: the next 主叫)
    if model["tricks"] and result.get(SCORE_KEY[name]) is not None:
        assert model["tricks"][-1]["score"]["value"] == result[SCORE_KEY[name]]


# ----- each game's page ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(SPECS))
def test_the_page_holds_the_report_tables_as_printed(pages, name):
    page, printed = pages[name]
    assert tables(page) == printed.rstrip()
    assert game_of(preset(name)).title in page


def test_the_baofen_page_holds_its_plot_inline_as_svg(pages):
    (mime, svg), = images(pages["baofen"][0])
    assert mime == "image/svg+xml" and b"<svg" in svg and b"Declarer win rate" in svg
    assert "Declarer win rate and settlement by target" in pages["baofen"][0]


@pytest.mark.parametrize("name", ["tractor-80fen", "zhaopengyou-5p"])
def test_a_game_without_plots_says_so(pages, name):
    page = pages[name][0]
    assert not images(page) and f"The {game_of(preset(name)).title} report has no plots yet." in page


@pytest.mark.parametrize("name", list(SPECS))
def test_the_first_two_hands_of_each_category_are_linked_and_folded_in(runs, pages, name):
    page = pages[name][0]
    shown, empty = expected_links(open_output(runs[name]).scan(), name)
    assert links(page) == shown and nones(page) == empty
    assert len(shown) >= 6, "a few hundred random hands fill most categories"
    folded = examples(page)
    assert sorted(folded) == sorted({href[1:] for _, href in shown})  # a hand in two categories is folded in once
    for text, href in shown:
        summary, _ = folded[href[1:]]
        label, hand = text.rsplit(": ", 1)
        assert summary.startswith(f"{hand} · ") and f" · {label}" in summary


@pytest.mark.parametrize("name", list(SPECS))
def test_each_example_hand_is_its_replayed_record_as_the_judge_plays_it(runs, pages, name):
    for anchor, (_, model) in examples(pages[name][0]).items():
        hand = int(anchor.removeprefix("hand-"))
        replayed = run("replay", runs[name], "--hand", hand, "--record")
        assert replayed.exit_code == 0, replayed.output
        check_against_judge(model, judged(json.loads(replayed.stdout)), name)
        assert model["hand"] == hand and model["title"].endswith(f" · hand {hand}")


def test_the_page_is_the_same_bytes_every_time(runs, pages, tmp_path):
    again = tmp_path / "again.html"
    assert run("report", runs["baofen"], "--html", again).exit_code == 0
    assert again.read_text(encoding="utf-8") == pages["baofen"][0]


def test_html_composes_with_by_and_plot(runs, tmp_path):
    result = run("report", runs["baofen"], "--by", "zhujiao", "--plot", tmp_path / "p.png", "--html",
                 tmp_path / "by.html")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "by.html").read_text(encoding="utf-8")
    assert (tmp_path / "p.png").stat().st_size > 0 and "by zhujiao" in tables(page)
    assert "baofen-sim report" in page and "--by zhujiao --plot" in page
    (mime, svg), = images(page)
    assert b"zhujiao = 0" in svg  # one series per group, as --plot draws them


def test_a_run_without_manifest_gets_its_tables_and_plot_but_no_example_hands(runs, tmp_path):
    out = tmp_path / "run"
    shutil.copytree(runs["baofen"], out)
    manifest_path(out).unlink()
    result = run("report", out, "--html", tmp_path / "r.html")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert tables(page) == result.stdout.rstrip() and len(images(page)) == 1
    assert "This run has no manifest, so its hands cannot be replayed: no example hands." in page
    assert not links(page) and not examples(page)


# ----- sweeps ---------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sweep_dir(runs, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sweep") / "sweep"
    result = run("sweep", "--rules", "baofen", "--policy", "random", "--deals", 160, "--hands-per-table", 16,
                 "--seed", 3, "--vary", "bid_cap_default=150,200", "--out", out)
    assert result.exit_code == 0, result.output
    return out


def test_a_sweep_page_shows_the_first_variants_hands_and_says_so(sweep_dir, tmp_path):
    path = tmp_path / "sweep.html"
    result = run("report", sweep_dir, "--html", path)
    assert result.exit_code == 0, result.output
    page = path.read_text(encoding="utf-8")
    assert "the sweep&#x27;s first variant (bid_cap_default = 150)" in page
    assert tables(page) == result.stdout.rstrip()
    first = open_output(sweep_dir).variants[0]
    shown, empty = expected_links(first.scan(), "baofen")
    assert links(page) == shown and nones(page) == empty and shown
    spec = RunSpec.from_dict(first.spec)
    for anchor, (_, model) in examples(page).items():
        record = json.loads(game_of(spec.rules).replay(spec, sweep_dir, int(anchor[5:]), None, True)[0])
        assert record["options"].get("bid_cap_default", 150) == 150
        check_against_judge(model, judged(record), "baofen")


def test_a_sweep_compare_page_holds_the_differences_plot(sweep_dir, tmp_path):
    result = run("report", sweep_dir, "--compare", "bid_cap_default", "--html", tmp_path / "c.html")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert "Each value of bid_cap_default against 150, paired by hand" in page
    (mime, svg), = images(page)
    assert b"difference from 150" in svg


# ----- bad input --------------------------------------------------------------------------------------------------

def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize(("target", "message"), [("folder", "is a folder"),
                                                 ("missing/report.html", "cannot write there"),
                                                 ("file.txt/report.html", "cannot write there")])
def test_an_html_file_that_cannot_be_written_is_one_line_before_any_work(runs, tmp_path, monkeypatch, target,
                                                                         message):
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.txt").write_text("x")
    monkeypatch.setattr("baofen_sim.games.interface.Game.report", lambda *a, **k: pytest.fail("worked first"))
    result = run("report", runs["baofen"], "--html", tmp_path / target)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: --html ") and message in result.stderr and result.stderr.count("\n") == 1
    assert files(tmp_path) == ["file.txt", "folder"] and files(tmp_path / "folder") == []


def test_a_report_that_fails_writes_no_page(runs, tmp_path):
    result = run("report", runs["tractor-80fen"], "--by", "zhuang", "--html", tmp_path / "r.html")
    assert result.exit_code == 2 and "--by" in result.stderr and result.stderr.count("\n") == 1
    assert files(tmp_path) == []


def test_a_failed_write_leaves_the_earlier_page_whole_and_no_temp_file(runs, tmp_path, monkeypatch):
    path = tmp_path / "r.html"
    path.write_text("the earlier page")

    def full_disk(*args):
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr("baofen_sim.analysis.report_html.os.replace", full_disk)
    result = run("report", runs["zhaopengyou-5p"], "--html", path)
    assert result.exit_code == 2 and result.stderr.startswith("error: No space left on device")
    assert result.stderr.count("\n") == 1
    assert path.read_text() == "the earlier page" and files(tmp_path) == ["r.html"]


# ----- in the browser ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(SPECS))
def test_each_page_opens_with_its_plot_and_an_example_hand_opens_from_its_link(pages, runs, offline, name):
    page_html = pages[name][0]
    path = runs[name].parent / "report.html"
    page = offline.page
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready]")
    if name == "baofen":
        assert page.eval_on_selector("figure img", "i => i.complete && i.naturalWidth") > 500
    else:
        assert page.get_by_text("has no plots yet").is_visible()
    (text, href), *_ = links(page_html)
    anchor = href[1:]
    assert page.eval_on_selector(f"#{anchor}", "d => d.open") is False
    page.get_by_role("link", name=text).click()
    page.wait_for_function(f"document.getElementById({anchor!r}).open")  # the link's hash change opens it
    assert page.eval_on_selector(f"#{anchor}", "d => d.open") is True
    model = examples(page_html)[anchor][1]
    assert page.eval_on_selector(f"#{anchor} iframe.hand-view", "f => f.srcdoc") == render_view(model)
    frame = page.frame_locator(f"#{anchor} iframe.hand-view")
    frame.locator("body[data-ready]").wait_for()
    if model["tricks"]:
        frame.locator("#next").click()
        assert frame.locator("#trick").get_attribute("data-trick") == "1"
        first = model["tricks"][0]
        assert frame.locator("[data-trick-winner]").get_attribute("data-value") == str(first["winner"])
        assert frame.locator("[data-trick-points]").get_attribute("data-value") == str(first["points"])
    assert frame.locator("[data-result-headline]").inner_text() == model["result"]["headline"]


def test_a_page_opened_at_a_hand_unfolds_it_and_opens_it_full_size(pages, runs, offline):
    page_html = pages["zhaopengyou-5p"][0]
    anchor = links(page_html)[-1][1][1:]
    page = offline.page
    page.goto((runs["zhaopengyou-5p"].parent / "report.html").as_uri() + f"#{anchor}")
    page.wait_for_selector("body[data-ready]")
    assert page.eval_on_selector(f"#{anchor}", "d => d.open") is True
    with page.context.expect_page() as opened:
        page.locator(f"#{anchor} button.full-size").click()
    tab = opened.value
    tab.wait_for_selector("body[data-ready]")
    assert tab.url.startswith("blob:") and tab.title() == examples(page_html)[anchor][1]["title"]
