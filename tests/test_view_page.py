"""The hand page, the index page and the report page (baofen_sim.analysis.html), in a real headless Chromium.

Models come from real records judged by the reference engine (`tests.view_models`): a Baofen hand with two failed
throws, an 80分 hand with a 反底 and a failed throw, a 找朋友 hand where the friend reveals himself, a failed-throw
position and a random Baofen hand. The page is stepped with the keyboard and checked after every trick against
the judge's events: each seat's cards, the trick's cards per seat, the winner, the points, the running score;
at the end the result. A missing browser fails these tests (tests.browser); it never skips them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from baofen_sim.analysis.html import ViewModelError, render_index, render_report_page, render_view
from baofen_sim.analysis.html.report import Image, Links, Preformatted, Section, Text
from tests.browser import chromium, read_state
from tests.view_models import example, random_baofen_record, running_score, view_of_record

NO_RESULT = "No result: the record stops before the end of the hand."
SCREENSHOTS = os.environ.get("BAOFEN_VIEW_SCREENSHOTS")  # a folder: the step test also saves its pictures there
# name: (record, the judge result's key that the running score must end on)
CASES = {"full_hand": "declarer_points", "tractor80_hand": "defenders_points", "zhaopengyou_hand": "defenders_points",
         "throw_98844": None, "random_baofen": "declarer_points"}


@cache
def case(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    record = random_baofen_record(7) if name == "random_baofen" else example(name)
    return view_of_record(record, name)


def model_of(name: str) -> dict[str, Any]:
    return json.loads(json.dumps(case(name)[0]))  # a copy a test may change


def open_view(probe, tmp_path: Path, model: dict[str, Any], name: str = "view", anchor: str = ""):
    path = tmp_path / f"{name}.html"
    path.write_text(render_view(model), encoding="utf-8")
    probe.page.goto(path.as_uri() + anchor)
    probe.page.wait_for_selector("body[data-ready]")
    return probe.page


def judged_tricks(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each trick as the judge reported it: the cards per seat, failed throws, winner, points, a friend."""
    tricks: dict[int, dict[str, Any]] = {}
    for e in events:
        if "trick" not in e or e["event"] not in ("play", "throw_failed", "trick", "friend"):
            continue
        trick = tricks.setdefault(e["trick"], {"plays": {}, "failed": {}, "winner": None, "points": None,
                                               "note": None})
        if e["event"] == "play":
            trick["plays"][e["seat"]] = e["cards"]
        elif e["event"] == "throw_failed":
            trick["failed"][e["seat"]] = e["attempted"]
        elif e["event"] == "friend":
            trick["note"] = {"seat": e["seat"]}
        else:
            trick.update(winner=e["winner"], points=e["points"])
    return [tricks[k] for k in sorted(tricks)]


def without(cards: list[str], gone: Counter) -> list[str]:
    gone = Counter(gone)
    left = []
    for c in cards:
        if gone[c]:
            gone[c] -= 1
        else:
            left.append(c)
    return left


# ----- in the browser -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(CASES))
def test_stepping_every_trick_with_the_arrow_key_shows_what_the_judge_reported(offline, tmp_path, name):
    model, events = case(name)
    tricks = judged_tricks(events)
    assert len(tricks) == len(model["tricks"]) > 0
    page = open_view(offline, tmp_path, model, name)
    state = read_state(page)
    assert state["trick"] == 0 and state["winner"] == "" and state["points"] == ""
    assert [state["hands"][str(s["index"])] for s in model["seats"]] == [s["hand"] for s in model["seats"]]
    played = [Counter() for _ in model["seats"]]
    shot_at = next((k for k, t in enumerate(tricks, 1) if t["failed"] or t["note"]), len(tricks) // 2 or 1)
    for k, trick in enumerate(tricks, 1):
        page.keyboard.press("ArrowRight")
        state = read_state(page)
        assert (state["trick"], state["slider"]) == (k, k)
        for seat, cards in trick["plays"].items():
            played[seat].update(cards)
        for s in model["seats"]:
            seat = s["index"]
            assert state["hands"][str(seat)] == without(s["hand"], played[seat]), f"trick {k}, seat {seat}'s hand"
            shown = state["plays"][str(seat)]
            assert sorted(shown["cards"]) == sorted(trick["plays"].get(seat, [])), f"trick {k}, seat {seat}'s play"
            assert sorted(shown["attempted"]) == sorted(trick["failed"].get(seat, [])), f"trick {k}, seat {seat}"
            assert shown["failed"] == (seat in trick["failed"])
            assert shown["winner"] == (seat == trick["winner"])
        assert int(state["winner"]) == trick["winner"] and f"Seat {trick['winner']} wins" == state["winner_text"]
        assert int(state["points"]) == trick["points"] and state["points_text"].startswith(str(trick["points"]))
        score = running_score(model["rules"], tricks[:k], model_declarer(model), record_data(name))
        assert float(state["score"]["value"]) == score["value"] and state["score"]["label"] == score["label"]
        assert state["unsized"] == 0
        if k == shot_at:
            save_screenshot(page, tmp_path, name)
    headline = model["result"]["headline"] if model["result"] else NO_RESULT
    assert state["final"] == "true" and state["result"] == headline
    result = next(e for e in events if e["event"] == "result") if CASES[name] else None
    if result is not None:
        assert float(state["score"]["value"]) == result[CASES[name]]
        assert ("won" if result["declarer_won"] else "lost") in state["result"]
    page.keyboard.press("ArrowRight")
    assert read_state(page)["trick"] == len(tricks)


def model_declarer(model: dict[str, Any]) -> int:
    return next(s["index"] for s in model["seats"] if {"declarer", "庄"} & set(s["roles"]))


def record_data(name: str) -> dict[str, Any]:
    return random_baofen_record(7) if name == "random_baofen" else example(name)


def save_screenshot(page, tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(SCREENSHOTS) / f"view-{name}.png")


def test_home_end_the_slider_the_buttons_and_the_trick_list_step_the_page(offline, tmp_path):
    model = model_of("full_hand")
    n = len(model["tricks"])
    page = open_view(offline, tmp_path, model)
    page.keyboard.press("End")
    assert read_state(page)["trick"] == n
    page.keyboard.press("ArrowLeft")
    assert read_state(page)["trick"] == n - 1
    page.keyboard.press("Home")
    state = read_state(page)
    assert state["trick"] == 0 and state["final"] == "false"
    page.locator("#slider").fill("5")
    assert read_state(page)["trick"] == 5
    page.click("#next")
    page.click("#next")
    page.click("#prev")
    assert read_state(page)["trick"] == 6
    page.click('#tricks li[data-trick="12"]')
    state = read_state(page)
    assert state["trick"] == 12 and state["plays"]["1"]["failed"]
    assert page.locator('#tricks li[data-trick="12"]').get_attribute("aria-current") == "step"
    page.click("#last")
    assert read_state(page)["trick"] == n and page.locator("#next").is_disabled()


def test_an_address_with_a_trick_opens_the_page_at_that_trick(offline, tmp_path):
    page = open_view(offline, tmp_path, model_of("tractor80_hand"), anchor="#trick=16")
    state = read_state(page)
    assert state["trick"] == 16 and state["plays"]["3"]["failed"]  # the 抓分方's failed throw
    assert "failed throw" in page.locator('[data-play][data-seat="3"] [data-failed-throw]').inner_text()


def test_the_friend_shows_his_role_from_the_trick_that_reveals_him(offline, tmp_path):
    model = model_of("zhaopengyou_hand")
    k = next(t["number"] for t in model["tricks"] if t["note"])
    friend = next(t["note"]["seat"] for t in model["tricks"] if t["note"])
    page = open_view(offline, tmp_path, model, anchor=f"#trick={k - 1}")
    assert "friend" not in read_state(page)["roles"][str(friend)]
    page.keyboard.press("ArrowRight")
    state = read_state(page)
    assert state["trick"] == k
    assert "friend" in state["roles"][str(friend)] and "is the friend" in state["note"]
    assert state["roles"][str(model_declarer(model))] == ["庄"]


def test_every_card_carries_its_code_an_accessible_name_and_its_trump_mark(offline, tmp_path):
    model = model_of("tractor80_hand")  # no-trump at level 5: the jokers and the 5s are the trumps
    page = open_view(offline, tmp_path, model)
    cards = page.evaluate("""() => Array.from(document.querySelectorAll("[data-card]"), (e) => [
        e.dataset.card, e.getAttribute("aria-label"), e.getAttribute("role"), e.dataset.trump === "true"])""")
    assert len(cards) >= 100
    names = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
    suits = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}
    for code, label, role, trump in cards:
        expected = ({"BJ": "big joker", "LJ": "little joker"}.get(code)
                    or f"{names.get(code[1:], code[1:])} of {suits[code[0]]}")
        assert (label, role) == (expected, "img"), code
        assert trump == (code in model["trump_cards"]) == (code in ("BJ", "LJ") or code[1:] == "5"), code
    assert page.get_by_role("img", name="10 of hearts").count() > 0


def test_the_index_lists_every_hand_sorts_by_a_column_and_its_links_open_the_views(offline, tmp_path):
    rows = []
    for name in ("full_hand", "tractor80_hand", "zhaopengyou_hand"):
        model = model_of(name)
        (tmp_path / "hands").mkdir(exist_ok=True)
        (tmp_path / "hands" / f"{name}.html").write_text(render_view(model), encoding="utf-8")
        rows.append({"hand": name, "game": model["game"], "tricks": len(model["tricks"]),
                     "won": next(v for k, v in model["result"]["rows"] if k == "declarer_won")})
    index = tmp_path / "index.html"
    index.write_text(render_index("Hands", rows, ["hand", "game", ("tricks", "tricks played"), "won"],
                                  lambda row: f"hands/{row['hand']}.html"), encoding="utf-8")
    page = offline.page
    page.goto(index.as_uri())
    links = page.locator("a[data-view]")
    assert [links.nth(i).get_attribute("href") for i in range(3)] == [f"hands/{r['hand']}.html" for r in rows]
    order = lambda: page.eval_on_selector_all("#hands tbody tr", "rows => rows.map(r => r.dataset.row)")  # noqa: E731
    page.click('th[data-col="tricks"] button')
    assert order() == ["2", "0", "1"]  # 18, 22, 24 tricks
    page.click('th[data-col="tricks"] button')
    assert order() == ["1", "0", "2"]
    assert page.locator('th[data-col="tricks"]').get_attribute("aria-sort") == "descending"
    page.fill("#filter", "80分")
    assert page.locator("#hands tbody tr:visible").count() == 1
    page.fill("#filter", "")
    page.click('a[href="hands/zhaopengyou_hand.html"]')
    page.wait_for_selector("body[data-ready]")
    assert page.url.endswith("hands/zhaopengyou_hand.html#trick=0")
    assert len(read_state(page)["hands"]) == 5


def test_the_report_page_shows_its_inline_image_and_links_offline(offline, tmp_path):
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">'
           b'<rect width="120" height="40" fill="#1f6b40"/></svg>')
    html = render_report_page("Report", [Section("Win rate", [Text("By target."), Preformatted("target  won\n85  0.61"),
                                                              Image(svg, "image/svg+xml", "win rate by target"),
                                                              Links([("hand 12", "hands/12.html")])])])
    (tmp_path / "report.html").write_text(html, encoding="utf-8")
    page = offline.page
    page.goto((tmp_path / "report.html").as_uri())
    assert page.eval_on_selector("img", "img => img.complete && img.naturalWidth") == 120
    assert page.locator("pre").inner_text().startswith("target  won")
    assert page.locator("ul.links a").get_attribute("href") == "hands/12.html"


# ----- without a browser ----------------------------------------------------------------------------------------

def test_a_missing_field_is_named():
    model = model_of("full_hand")
    del model["tricks"][3]["winner"]
    with pytest.raises(ViewModelError, match=r"^view model: tricks\[3\]\.winner: missing field$"):
        render_view(model)


def test_an_ill_typed_field_is_named():
    model = model_of("full_hand")
    model["seats"][2]["hand"][4] = "S1"
    with pytest.raises(ViewModelError, match=r"seats\[2\]\.hand\[4\]: expected a card code such as 'SA'.*'S1'"):
        render_view(model)
    model = model_of("full_hand")
    model["tricks"][0]["points"] = "10"
    with pytest.raises(ViewModelError, match=r"tricks\[0\]\.points: expected an integer, got '10'"):
        render_view(model)


def test_an_unknown_field_names_the_nearest_known_one():
    model = model_of("full_hand")
    model["tricks"][1]["winer"] = 2
    with pytest.raises(ViewModelError, match=r"tricks\[1\]\.winer: unknown field \(did you mean 'winner'\?\)"):
        render_view(model)


def test_a_card_played_that_the_hand_no_longer_holds_is_an_error():
    model = model_of("full_hand")
    play = model["tricks"][5]["plays"][2]
    play["cards"] = [model["seats"][(play["seat"] + 1) % 4]["hand"][0]]
    with pytest.raises(ViewModelError, match=r"tricks\[5\]\.plays\[2\]\.cards: seat \d plays .* no longer holds"):
        render_view(model)


def test_no_text_in_the_model_can_close_its_script_tag():
    model = model_of("throw_98844")
    model["title"] = "</script><script>alert(1)</script> & <!-- \u2028"
    model["result"] = {"headline": "</SCRIPT>", "rows": [["a<b", "c>d"]]}
    html = render_view(model)
    assert "<script>alert" not in html and "</SCRIPT>" not in html and "<!--" not in html
    data = re.search(r'<script type="application/json" id="view-model">(.*?)</script>', html, re.S).group(1)
    assert json.loads(data) == model
    assert "<title>&lt;/script&gt;&lt;script&gt;alert(1)" in html


def test_a_page_names_no_address_to_fetch():
    html = render_view(model_of("zhaopengyou_hand"))
    assert not re.search(r"https?://|//cdn|@import|url\(|\bsrc=", html)
    assert "default-src 'none'" in html  # and the browser is told to fetch nothing


def test_the_index_refuses_absolute_links():
    with pytest.raises(ValueError, match="relative"):
        render_index("Hands", [{"hand": 1}], ["hand"], lambda row: "https://example.org/1.html")
    with pytest.raises(ValueError, match="relative"):
        render_index("Hands", [{"hand": 1}], ["hand"], lambda row: "/tmp/1.html")


def test_a_missing_browser_fails_with_how_to_install_it(monkeypatch):
    monkeypatch.setenv("BAOFEN_CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(AssertionError, match="apt-get install -y chromium"):
        with chromium():
            pass
