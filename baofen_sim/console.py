"""The `baofen-sim` console script: the CLI imported and run with no traceback even at start-up (Ctrl-C
while the libraries load → exit 130; a broken install → one line and a log file, exit 3). A shell asking
for completions is answered by `completion`, without loading the CLI."""

from __future__ import annotations

import gc
import os
import sys

from baofen_sim.crash import INTERRUPTED_EXIT, report_internal_error


def main() -> None:
    """Console-script entry point.

    The cyclic garbage collector is off while the CLI and its libraries load, and what they loaded is then frozen
    (`gc.freeze`): the import allocates a great many objects that live as long as the process, and the collections
    that kept walking them, then and while the engine's cached kernels load, cost ~0.15 s of every command's start.
    It is off again once the command is over: the collection at interpreter exit would only walk, once more, the
    objects loaded since (0.03 s after a `simulate`); the memory goes back to the system with the process.
    """
    gc.disable()
    try:
        request = completion_request()
        if request:
            _serve_completion(*request)
        from baofen_sim.cli import main as cli_main
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED_EXIT)
    except Exception as error:
        sys.exit(report_internal_error(error))
    finally:
        gc.freeze()
        gc.enable()
    try:
        cli_main()
    except KeyboardInterrupt:  # between the import and the command
        print("error: interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED_EXIT)
    finally:
        gc.disable()


def completion_request() -> tuple[str, str, str] | None:
    """(program name, variable, instruction) when a shell asks this program for completions through the
    variable Typer names `_<PROG>_COMPLETE` (`_BAOFEN_SIM_COMPLETE=complete_bash`), else None."""
    prog_name = os.path.basename(sys.argv[0])
    complete_var = f"_{prog_name}_COMPLETE".replace("-", "_").upper()
    instruction = os.environ.get(complete_var)
    return (prog_name, complete_var, instruction) if instruction else None


def _serve_completion(prog_name: str, complete_var: str, instruction: str) -> None:
    try:
        from baofen_sim.completion import serve_completion
    except ImportError:  # a Typer without the parts `completion` builds on: the CLI's own, slower completion
        return
    serve_completion(prog_name, complete_var, instruction)
