"""The pages of `baofen-sim view` and `hands`: one hand of a run (or a record file) as a self-contained HTML page,
and the hands of a run that match a SQL filter, printed as a table and written as an index page linking one page
per hand.

- `run_record(out, hand, declarer)`: the game record of hand K of a run, replayed from its manifest (as `replay
  --record` prints it); `record_file(path)`: a record file's JSON, checked as `judge` reads it;
- `select_hands(out, where, limit)`: the matching rows (`Selection`), the filter a Polars SQL expression over the
  hand columns (`pl.sql_expr`);
- `write_hand_pages(selection, html_file)`: the pages of the selected hands beside the index;
- `write_text_atomically(path, text)`: every page is written whole or not at all (a temporary file renamed).

Errors the user can fix are one line: ReportError (a bad filter, an unknown column, an unwritable folder),
RunSpecError (no run, a hand out of range), RecordError (a malformed record).
"""

from __future__ import annotations

import difflib
import json
import os
import secrets
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from baofen_sim.analysis.html import render_index, render_view
from baofen_sim.analysis.html.hand_model import view_model
from baofen_sim.analysis.html.index import cell_text
from baofen_sim.analysis.runs import ReportError, open_run, output_game
from baofen_sim.games import Game, game_of
from baofen_sim.io.manifest import run_spec_of
from baofen_sim.io.records import load_record
from baofen_sim.policies import select_policies
from baofen_sim.runs.runspec import RunSpec

PROGRESS_EVERY_S = 2.0
Key = tuple[int, int | None]  # (hand, the forced declarer in a run of declarer = each, else None)


# ---- one hand ----------------------------------------------------------------------------------------------------

def run_spec(out: Path) -> tuple[RunSpec, Game]:
    """The RunSpec and game of the run in `out`, with this process's policy set chosen for replaying it."""
    spec = run_spec_of(out)
    select_policies(spec.policies, spec.rules.game)
    return spec, game_of(spec.rules)


def run_record(out: Path, hand: int, declarer: int | None) -> dict[str, Any]:
    """The game record of hand `hand` of the run in `out` (with `declarer`: that seat's play of a run of declarer =
    each), re-played from its manifest."""
    spec, game = run_spec(out)
    return json.loads(game.replay(spec, out, hand, declarer, True)[0])


def record_file(path: Path) -> dict[str, Any]:
    """The JSON of the record file at `path`, checked as `judge` reads it (RecordError naming the file and place)."""
    load_record(path)
    return json.loads(path.read_text(encoding="utf-8"))


def view_name(hand: int, declarer: int | None) -> str:
    """The file name of a hand's page: hand-K.html, hand-K-declarer-D.html."""
    return f"hand-{hand}.html" if declarer is None else f"hand-{hand}-declarer-{declarer}.html"


def hand_label(hand: int, declarer: int | None) -> str:
    return f"hand {hand}" if declarer is None else f"hand {hand}, declarer seat {declarer}"


def run_model(out: Path, hand: int, declarer: int | None, record: dict[str, Any]) -> dict[str, Any]:
    """The view model of hand `hand` of the run in `out`, titled by the run and the hand."""
    hand_id = hand if declarer is None else f"{hand} (declarer seat {declarer})"
    return view_model(record, hand_id, title=f"{out.name} · {hand_label(hand, declarer)}")


def run_page(out: Path, hand: int, declarer: int | None, record: dict[str, Any]) -> str:
    """The page of hand `hand` of the run in `out`."""
    return render_view(run_model(out, hand, declarer, record))


def write_text_atomically(path: Path, text: str) -> None:
    """`text` into `path`, whole or not at all: written to a temporary file beside it, then renamed over it. An
    unwritable place is an OSError naming it (nothing is left behind)."""
    if path.is_dir():
        raise ReportError(f"{path}: a directory; give the page's file name")
    if not path.parent.is_dir():
        raise FileNotFoundError(2, "No such directory", str(path.parent))
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    try:
        with temporary.open("x", encoding="utf-8") as file:  # created with the umask's permissions
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


# ---- the hands of a run that match a filter ----------------------------------------------------------------------

@dataclass(frozen=True)
class Selection:
    """The hands of a run that match a filter, the first `limit` of them."""

    out: Path
    game: Game
    where: str
    rows: pl.DataFrame  # the first `limit` matching rows: `columns`, in hand order
    columns: list[str]  # hand, (declarer), the columns the filter names, the game's result columns
    matched: int  # rows that match in all
    limit: int

    def keys(self, per_declarer: bool) -> list[Key]:
        """(hand, declarer) of each row; the declarer only when the run plays each hand once per declarer."""
        declarers = self.rows["declarer"].to_list() if per_declarer else [None] * self.rows.height
        return [(int(h), None if d is None else int(d)) for h, d in zip(self.rows["hand"].to_list(), declarers,
                                                                           strict=True)]


def select_hands(out: Path, where: str, limit: int) -> Selection:
    """The hands of the run in `out` whose row matches `where`, a SQL expression over its hand columns as Polars
    reads one (`category = 'quanji'`, `cap_limited`, `overcalls > 0 AND NOT declarer_won`). ReportError (one line)
    for a filter Polars cannot read, a column the run does not have (naming the nearest ones) or one of another
    type than the filter compares it with."""
    if limit < 1:
        raise ReportError(f"--limit {limit}: give at least 1")
    run = open_run(out)
    game, _ = output_game(out)
    frame = run.scan()
    names = frame.collect_schema().names()
    try:
        expression = pl.sql_expr(where)
    except pl.exceptions.PolarsError as error:
        raise ReportError(f"--where {where!r}: {_first_line(error)}") from None
    named = list(dict.fromkeys(expression.meta.root_names()))
    for name in named:
        if name not in names:
            near = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
            hint = f"nearest: {', '.join(near)}" if near else f"the columns are {', '.join(names)}"
            raise ReportError(f"--where {where!r}: the run has no column {name!r} ({hint})")
    per_declarer = "declarer" in names and (run.spec or {}).get("declarer") == "each"
    columns = list(dict.fromkeys(["hand", *(["declarer"] if per_declarer else []), *named,
                                  *(c for c in game.result_columns if c in names)]))
    try:
        matched = frame.filter(expression).select(columns).collect()
    except pl.exceptions.PolarsError as error:
        raise ReportError(f"--where {where!r}: {_first_line(error)}") from None
    return Selection(out, game, where, matched.head(limit), columns, matched.height, limit)


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def selection_lines(selection: Selection) -> list[str]:
    """The selected rows as an aligned text table, then how many matched."""
    cells = [[cell_text(v) for v in row] for row in selection.rows.iter_rows()]
    widths = [max([len(c), *(len(r[i]) for r in cells)]) for i, c in enumerate(selection.columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(selection.columns, widths, strict=True)).rstrip()]
    lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    shown = selection.rows.height
    more = f"; the first {shown} shown (--limit {selection.limit})" if shown < selection.matched else ""
    lines.append(f"{selection.matched} hands match {selection.where}{more}")
    return lines


def pages_folder(html_file: Path) -> Path:
    """Where the pages of an index FILE.html go: the folder FILE beside it (runs/v/quanji.html -> runs/v/quanji/)."""
    if not html_file.suffix:
        raise ReportError(f"--html {html_file}: give a file name ending in .html (its pages go in a folder of "
                          "that name without .html)")
    return html_file.with_suffix("")


def check_pages_target(html_file: Path) -> Path:
    """The folder the pages of the index `html_file` go in (`pages_folder`), after checking that they can go there:
    the index's folder exists, the index is not a directory, and the pages' folder is new or holds only pages (it
    is then replaced, never merged)."""
    folder = pages_folder(html_file)
    if html_file.is_dir():
        raise ReportError(f"--html {html_file}: a directory; give the index's file name")
    if folder.exists() and (not folder.is_dir() or any(not p.name.startswith("hand-") for p in folder.iterdir())):
        raise ReportError(f"--html {html_file}: {folder} holds other files; give another name or move it")
    if not html_file.parent.is_dir():
        raise FileNotFoundError(2, "No such directory", str(html_file.parent))
    return folder


def write_hand_pages(selection: Selection, html_file: Path, progress: Callable[[str], None]) -> int:
    """The page of every selected hand in the folder beside `html_file` (`check_pages_target`), then the index at
    `html_file` linking them; the number of pages. Everything is written to temporary places first and moved into
    place at the end, so an error leaves the folder and the index as they were."""
    folder = check_pages_target(html_file)
    spec, game = run_spec(selection.out)
    keys = selection.keys(per_declarer=spec.rows_per_hand > 1)
    staging = html_file.parent / f".{folder.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    staging.mkdir()
    try:
        records = game.records(spec, selection.out, keys)
        shown_at = time.monotonic()
        for i, key in enumerate(keys, 1):
            (staging / view_name(*key)).write_text(run_page(selection.out, *key, records[key]), encoding="utf-8")
            if time.monotonic() - shown_at > PROGRESS_EVERY_S:
                progress(f"pages: {i}/{len(keys)}")
                shown_at = time.monotonic()
        rows = [dict(zip(selection.columns, row, strict=True)) for row in selection.rows.iter_rows()]
        links = {id(row): f"{folder.name}/{view_name(*key)}" for row, key in zip(rows, keys, strict=True)}
        index = render_index(f"{selection.out.name}: hands where {selection.where}", rows, selection.columns,
                             lambda row: links[id(row)], intro=_intro(selection))
        write_text_atomically(staging / ".index.html", index)
        _move_into_place(staging, folder)
        os.replace(folder / ".index.html", html_file)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return len(keys)


def _intro(selection: Selection) -> str:
    shown = selection.rows.height
    more = f"; the first {shown} are listed (--limit {selection.limit})" if shown < selection.matched else ""
    return f"{selection.game.title} · {selection.matched} hands of {selection.out} match {selection.where}{more}."


def _move_into_place(staging: Path, folder: Path) -> None:
    """The staged pages become `folder` (an earlier folder of pages is replaced)."""
    old = None
    if folder.exists():
        old = folder.with_name(f".{folder.name}.old-{os.getpid()}")
        os.replace(folder, old)
    os.replace(staging, folder)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
