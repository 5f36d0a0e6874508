"""`baofen-sim report OUT --html FILE`: the report of a run or a sweep as one self-contained page a designer can mail
(`analysis.html.report`): the report's tables as the terminal shows them, its plots inline as SVG (the figures
`--plot` draws: `Game.report_figures`), and the first two hands of each of the game's result categories
(`Game.example_categories`), each replayed from the run to its game record (`Game.replay`) and folded into the page
as its own hand page (`analysis.html.hand_model`). A sweep's example hands are its first variant's.

The page is written atomically (a temp file beside it, then a rename): a reader never sees half a page. Whether the
file can be written is tried before any work, so a bad `--html` costs one line and no wait.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from baofen_sim.analysis.html.hand_model import view_model
from baofen_sim.analysis.html.report import Example, Image, Links, Preformatted, Section, Text, render_report_page
from baofen_sim.analysis.runs import ReportError, Run, open_output, row_keys
from baofen_sim.analysis.text import key_text
from baofen_sim.games import Game, GameFeatureError, ReportRequest
from baofen_sim.games.interface import Printer
from baofen_sim.io.parquet import unique_temp_path
from baofen_sim.policies import select_policies
from baofen_sim.runs.runspec import RunSpec, RunSpecError

EXAMPLES_PER_CATEGORY = 2
TEXT_WIDTH = 200  # the tables' width, as when the report is piped


@dataclass
class ExampleHand:
    """A hand shown on the page: the row that names it, and every category it is an example of."""

    hand: int
    declarer: int | None  # the seat whose play it is, in a run that plays every deal once per seat; else None
    categories: list[str] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return f"hand-{self.hand}" + ("" if self.declarer is None else f"-seat-{self.declarer}")

    @property
    def id(self) -> int | str:
        """The hand's id on its page: its index, and the declaring seat where a deal is played once per seat."""
        return self.hand if self.declarer is None else f"{self.hand} (seat {self.declarer})"

    @property
    def name(self) -> str:
        return f"hand {self.hand}" + ("" if self.declarer is None else f" (seat {self.declarer} declares)")


@dataclass(frozen=True)
class PageSummary:
    path: Path
    size: int  # bytes
    examples: int  # hands shown


def check_writable(path: Path) -> None:
    """ReportError unless a file can be written at `path`: a file is made and removed beside it, before any work."""
    if path.is_dir():
        raise ReportError(f"--html {path}: is a folder; give a file name such as report.html")
    probe = unique_temp_path(path)
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        raise ReportError(f"--html {path}: cannot write there ({error.strerror or error})") from None


def write_report_page(game: Game, request: ReportRequest, sweep: bool, data: dict[str, Any], printer: Printer,
                      path: Path) -> PageSummary:
    """Build the page of the report `data` (what `game.report(request, sweep)` returned) and write it to `path`."""
    html, examples = report_page(game, request, sweep, data, printer)
    write_text_atomically(path, html)
    return PageSummary(path, len(html.encode("utf-8")), examples)


def write_text_atomically(path: Path, text: str) -> None:
    """`text` to `path` through a temp file beside it and a rename; on any failure `path` is untouched."""
    tmp = unique_temp_path(path)
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise


def report_page(game: Game, request: ReportRequest, sweep: bool, data: dict[str, Any],
                printer: Printer) -> tuple[str, int]:
    """The page's HTML, and the number of example hands on it."""
    output = open_output(request.out, warn=lambda _: None)
    sections = [Section("Report", [Preformatted(tables_text(data, printer))]), plots_section(game, request, data)]
    first = output if isinstance(output, Run) else output.variants[0]
    where = "this run" if not sweep else f"the sweep's first variant ({key_text(first.values)})"
    example_sections, shown = examples_sections(game, first, where)
    command = " ".join(["baofen-sim report", str(request.out), *_options(request), "--html FILE"])
    title = f"{game.title} {'sweep' if sweep else 'run'} report: {request.out.name or request.out}"
    return render_report_page(title, sections + example_sections, subtitle=command), shown


def tables_text(data: dict[str, Any], printer: Printer) -> str:
    """What the report prints on a terminal, as plain text."""
    console = Console(record=True, width=TEXT_WIDTH, file=io.StringIO(), color_system=None)
    printer(data, console)
    return console.export_text().rstrip()


def plots_section(game: Game, request: ReportRequest, data: dict[str, Any]) -> Section:
    """The report's figures inline as SVG, or a line saying that the game's report has none."""
    figures = game.report_figures(request, data)
    if not figures:
        return Section("Plots", [Text(f"The {game.title} report has no plots yet.")])
    return Section("Plots", [Image(svg_bytes(figure), "image/svg+xml", alt=caption, caption=caption)
                             for caption, figure in figures])


def svg_bytes(figure: Any) -> bytes:
    """A matplotlib figure as SVG, the same bytes for the same figure (no date, fixed element ids)."""
    import matplotlib  # only when a game has plots

    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "baofen-sim", "svg.fonttype": "none"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def examples_sections(game: Game, run: Run, where: str) -> tuple[list[Section], int]:
    """The links to the first hands of each result category of `run` (described as `where`), and the hands' pages."""
    if run.spec is None:  # a run written before manifests: its hands cannot be replayed
        return [Section("Example hands", [Text(f"{where.capitalize()} has no manifest, so its hands cannot be "
                                               "replayed: no example hands.")])], 0
    categories = game.example_categories(run.spec.get("rules", {}))
    keys = row_keys(run.spec)  # the hand, and its declarer where every deal is played once per seat
    hands: dict[tuple[int, int | None], ExampleHand] = {}
    listed: list[tuple[str, list[ExampleHand]]] = []
    frame = run.scan()
    for label, condition in categories:
        rows = frame.filter(condition).select(keys).head(EXAMPLES_PER_CATEGORY).collect()
        chosen = []
        for row in rows.iter_rows(named=True):
            declarer = row.get("declarer")
            example = hands.setdefault((row["hand"], declarer), ExampleHand(row["hand"], declarer))
            example.categories.append(label)
            chosen.append(example)
        listed.append((label, chosen))
    pages = _example_blocks(game, run, list(hands.values()))
    intro = Text(f"The first {EXAMPLES_PER_CATEGORY} hands of each result category in {where}, in hand order. "
                 "Each is replayed from the run to its game record (as replay --record prints it) and checked by the "
                 "reference judge; open one below (or follow its link) to step through it trick by trick.")
    index: list[Text | Links] = [intro]
    for label, chosen in listed:
        if chosen:
            index.append(Links([(f"{label}: {h.name}", f"#{h.anchor}") for h in chosen]))
        else:
            index.append(Text(f"{label}: none."))
    return [Section("Example hands", index), Section("The example hands", pages)], len(hands)


def _example_blocks(game: Game, run: Run, hands: list[ExampleHand]) -> list[Example | Text]:
    """Each example hand's page, replayed from the run (its policies chosen first, as `replay` does)."""
    if not hands:
        return [Text("No example hands.")]
    spec = RunSpec.from_dict(run.spec or {})  # `examples_sections` shows none of a run without a spec
    select_policies(spec.policies, spec.rules.game)
    blocks: list[Example | Text] = []
    for hand in hands:
        try:
            record = json.loads(game.replay(spec, run.out, hand.hand, hand.declarer, True)[0])
        except (RunSpecError, GameFeatureError) as error:
            blocks.append(Text(f"{hand.name}: cannot be replayed ({error})."))
            continue
        model = view_model(record, hand.id)
        headline = model["result"]["headline"] if model["result"] else "no result"
        blocks.append(Example(hand.anchor, f"{hand.name} · {' · '.join(hand.categories)} · {headline}", model))
    return blocks


def _options(request: ReportRequest) -> list[str]:
    """The request's options beyond the plain report, as on the command line."""
    options = [f"--by {name}" for name in request.by]
    given = {"--plot": request.plot, "--compare": request.compare, "--baseline": request.baseline,
             "--evaluation": request.evaluation}
    return options + [f"{name} {value}" for name, value in given.items() if value is not None]

