"""The `baofen-sim` console script: the CLI imported and run with no traceback even at start-up (Ctrl-C
while the libraries load → exit 130; a broken install → one line and a log file, exit 3)."""

from __future__ import annotations

import sys

from baofen_sim.crash import INTERRUPTED_EXIT, report_internal_error


def main() -> None:
    """Console-script entry point."""
    try:
        from baofen_sim.cli import main as cli_main
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED_EXIT)
    except Exception as error:
        sys.exit(report_internal_error(error))
    try:
        cli_main()
    except KeyboardInterrupt:  # between the import and the command
        print("error: interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED_EXIT)
