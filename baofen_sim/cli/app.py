"""The Typer app of `baofen-sim` and its one rule for errors (DESIGN.md §9): user errors (bad rules, bad cards, a
missing file, a bad option) end as one line `error: ...` on stderr with exit code 2, never a traceback;
`OneLineErrors` does this for every command of the app, so commands simply let these errors rise. To add a
user-facing error type, add it to `USER_ERRORS`.
"""

from __future__ import annotations

import importlib.metadata
import sys
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from baofen_sim.analysis.errors import ReportError
from baofen_sim.cards import CardError
from baofen_sim.crash import INTERRUPTED_EXIT, report_internal_error
from baofen_sim.games import GameFeatureError
from baofen_sim.io.lock import LockedError
from baofen_sim.io.record_fields import RecordError
from baofen_sim.policies import PolicyError
from baofen_sim.policy_set import PolicySetError
from baofen_sim.rules import RulesError
from baofen_sim.runs.runspec import RunSpecError
from baofen_sim.runs.simulate import SimulateError
from baofen_sim.runs.sweep import SweepError

USER_ERRORS: tuple[type[Exception], ...] = (
    RulesError, CardError, RecordError, RunSpecError, PolicyError, PolicySetError, SimulateError, SweepError,
    ReportError, LockedError, GameFeatureError, OSError,
)
USER_ERROR_EXIT = 2


def error_line(error: BaseException) -> str:
    """One line describing a user error."""
    if isinstance(error, typer.TyperException):  # Typer's (vendored click's) usage errors, BadParameter
        text = error.format_message()
        context = getattr(error, "ctx", None)
        if context is not None:
            text += f" (see {context.command_path} --help)"
    elif isinstance(error, OSError) and error.filename is not None:
        text = f"{error.strerror or error}: {error.filename}"
    else:
        text = str(error)
    return "error: " + " ".join(text.split())


class _Interrupted(Exception):
    """Ctrl-C inside a command, on its way to `OneLineErrors.main`."""


class OneLineErrors(TyperGroup):
    """Root command group: never a traceback. User errors from any command → `error: ...` and exit code 2;
    Ctrl-C → exit 130; anything else is a bug → one line naming a log file with the details, exit 3."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # before click turns it into Abort after printing an empty line
            raise _Interrupted from None

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except (_Interrupted, typer.Abort, KeyboardInterrupt):
            typer.echo("error: interrupted", err=True)
            sys.exit(INTERRUPTED_EXIT)
        except (typer.TyperException, *USER_ERRORS) as error:
            if type(error).__name__ != "NoArgsIsHelpError":  # Typer has already printed the help
                typer.echo(error_line(error), err=True)
            sys.exit(USER_ERROR_EXIT)
        except Exception as error:
            sys.exit(report_internal_error(error))
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    no_args_is_help=True,
    help="Monte Carlo simulator for 包分 (Baofen), 80分 and 5-player 找朋友.\n\nExample: baofen-sim rules list",
)
rules_app = typer.Typer(
    no_args_is_help=True,
    help="Inspect the house rules: presets, TOML rule files, differences.\n\nExample: baofen-sim rules show baofen",
)
app.add_typer(rules_app, name="rules")


def package_version() -> str:
    try:
        return importlib.metadata.version("baofen-sim")
    except importlib.metadata.PackageNotFoundError:
        return "unknown (not installed)"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"baofen-sim {package_version()}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    pass


def main() -> None:
    """Console-script entry point (`baofen-sim`)."""
    app()
