"""`baofen-sim view` and `hands`: a hand as a self-contained HTML page (of a run, or of a record file), and the
hands of a run that match a filter, as a table and as an index page linking one page per hand
(`analysis.hand_pages`, `analysis.html.hand_model`)."""

from __future__ import annotations

import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from baofen_sim.cli.app import app
from baofen_sim.cli.options import note
from baofen_sim.io.record_fields import RecordError
from baofen_sim.runs.runspec import RunSpecError

PAGES_LIMIT = 50  # hands shown and pages written unless --limit says otherwise
EXIT_ILLEGAL = 1  # as `judge`: the record has an illegal step (the page shows the steps before it)


@app.command("view")
def view_command(
    target: Annotated[Path, typer.Argument(metavar="OUT|FILE.json",
                                           help="Run directory written by simulate, or a game record file.")],
    hand: Annotated[int | None, typer.Option("--hand", metavar="K", help="Global index of the run's hand.")] = None,
    declarer: Annotated[
        int | None, typer.Option("--declarer", metavar="SEAT", help="In a --declarer each run: whose play.")
    ] = None,
    out_file: Annotated[
        Path | None, typer.Option("--out", metavar="FILE.html",
                                  help="Where to write the page (default: OUT/views/hand-K.html for a run, "
                                       "FILE.html beside a record file).")
    ] = None,
    open_page: Annotated[bool, typer.Option("--open", help="Open the page in the web browser.")] = False,
) -> None:
    """Write one hand as a self-contained HTML page that works offline: the table from above with every seat's
    hand (sorted, trumps marked), the roles and teams, the steps before play and the bury, then the tricks stepped
    with the arrow keys, the buttons or the slider (each seat's play, the winner, the points, failed throws, the
    running score, the friend revealed) and the result. A run's hand is replayed from its manifest; a record file
    is judged as `judge` does (exit 1 if it has an illegal step: the page shows the steps before it and names it).
    Prints the page's path.

    Example: baofen-sim view runs/bf-20k --hand 42 --out hand42.html
    """
    # here, not at the top: Polars and the page code load only for the commands that draw pages
    from baofen_sim.analysis.hand_pages import record_file, run_model, run_record, view_name, write_text_atomically
    from baofen_sim.analysis.html.hand_model import view_model
    from baofen_sim.analysis.html.view import render_view

    if target.is_dir():
        if hand is None:
            raise RunSpecError(f"{target} is a run: give --hand K")
        record = run_record(target, hand, declarer)
        path = out_file or target / "views" / view_name(hand, declarer)
        model = run_model(target, hand, declarer, record)
    elif target.is_file():
        if hand is not None or declarer is not None:
            raise RecordError(f"{target} is a record file: --hand and --declarer choose a hand of a run")
        record = record_file(target)
        path = out_file or target.with_suffix(".html")
        model = view_model(record, target.name)
    else:
        raise RunSpecError(f"{target}: no such run directory or record file")
    if out_file is None:
        path.parent.mkdir(exist_ok=True)
    write_text_atomically(path, render_view(model))
    typer.echo(str(path))
    if open_page:
        webbrowser.open(path.resolve().as_uri())
    if "stopped" in model:
        note(f"{target}: judging stopped at an illegal step, which the page names: {model['stopped']}")
        raise typer.Exit(EXIT_ILLEGAL)


@app.command("hands")
def hands_command(
    out: Annotated[Path, typer.Argument(metavar="OUT", help="Run directory written by simulate.")],
    where: Annotated[str, typer.Option("--where", metavar="EXPR",
                                       help="SQL filter over the hand columns, as Polars reads one "
                                            "(category = 'quanji', overcalls > 0 AND NOT declarer_won).")],
    limit: Annotated[int, typer.Option("--limit", metavar="N",
                                       help="Show (and write pages for) the first N matching hands.")] = PAGES_LIMIT,
    html_file: Annotated[
        Path | None, typer.Option("--html", metavar="FILE.html",
                                  help="Also write an index page there, linking one page per hand (in the folder "
                                       "FILE beside it).")
    ] = None,
) -> None:
    """Find the hands of a run worth looking at: the hands whose row matches a SQL filter over its hand columns
    (`baofen-sim schema --rules PRESET` lists them), printed as a table of the hand, the columns the
    filter names and the hand's result. With --html, the page of each (as `view` writes it) and an index page
    linking them, written whole or not at all.

    Example: baofen-sim hands runs/bf-20k --where "category = 'banji' AND declarer_won" --html runs/bf-20k/banji.html
    """
    # here, not at the top: Polars and the page code load only for the commands that draw pages
    from baofen_sim.analysis.hand_pages import check_pages_target, select_hands, selection_lines, write_hand_pages

    if html_file is not None:
        check_pages_target(html_file)  # before anything is printed: a bad --html is the one line there is
    selection = select_hands(out, where, limit)
    for line in selection_lines(selection):
        typer.echo(line)
    if html_file is not None:
        pages = write_hand_pages(selection, html_file, note)
        typer.echo(f"{html_file} ({pages} pages in {html_file.with_suffix('')})")
