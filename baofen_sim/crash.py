"""Unexpected internal errors (DESIGN.md §8: exit code 3): the details go to a log file, the user gets one line.

Standard library only, so that the console script can use it before the rest of the package has imported.
Logs go to $BAOFEN_SIM_LOG_DIR, else <cache>/baofen-sim/logs ($XDG_CACHE_HOME or ~/.cache), else the system
temp directory.
"""

from __future__ import annotations

import datetime
import importlib.metadata
import os
import platform
import sys
import tempfile
import traceback
from pathlib import Path

INTERNAL_ERROR_EXIT = 3
INTERRUPTED_EXIT = 130  # the shell's code for SIGINT


def log_dirs() -> list[Path]:
    """Where a crash log may go, in order of preference."""
    dirs = [Path(os.environ["BAOFEN_SIM_LOG_DIR"])] if os.environ.get("BAOFEN_SIM_LOG_DIR") else []
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return [*dirs, Path(cache) / "baofen-sim" / "logs", Path(tempfile.gettempdir()) / "baofen-sim-logs"]


def write_crash_log(error: BaseException, argv: list[str] | None = None) -> Path | None:
    """Write the traceback of `error`, the command line and the versions to a new log file; its path, or
    None if no directory was writable."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    text = "".join([
        f"baofen-sim internal error, {stamp}\n",
        f"command: {' '.join(argv if argv is not None else sys.argv)}\n",
        f"python {platform.python_version()} on {platform.platform()}\n",
        f"versions: {_versions()}\n\n",
        *traceback.format_exception(error),
    ])
    for folder in log_dirs():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"crash-{stamp}-{os.getpid()}.log"
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def _versions() -> str:
    found = []
    for name in ("baofen-sim", "numba", "numpy", "polars", "pyarrow", "typer"):
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} not installed")
    return ", ".join(found)


def internal_error_line(error: BaseException, log: Path | None) -> str:
    """The one line shown for an internal error."""
    what = " ".join(f"{type(error).__name__}: {error}".split())[:200]
    where = f"with the details in {log}" if log else "(no log file could be written)"
    return f"error: internal error ({what}); this is a bug: please report it {where}"


def report_internal_error(error: BaseException) -> int:
    """Log `error`, print its one line on stderr; the exit code."""
    try:
        log = write_crash_log(error)
    except Exception:  # the report of a bug must not raise another
        log = None
    print(internal_error_line(error, log), file=sys.stderr)
    return INTERNAL_ERROR_EXIT
