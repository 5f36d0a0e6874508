"""How far a run got, as a reader tells it: the manifest's status read against the run's lock, and the command
that resumes a run that stopped.

A manifest says `running` from a session's start to its end; a writer that is killed (kill -9, a crash, a
machine lost) never says otherwise. So a run whose manifest says running while no process holds its lock
(`io.lock.lock_state`) was interrupted. Where that cannot be told (its last holder ran on another host, or
runs are not locked) it stays running.

The resume command is the command that wrote the run, as its last holder recorded it in OUT/.lock or the
manifest's last session did (`sys.argv`), with `--out` set to OUT as the reader was given it: rerunning the
same simulate or sweep command resumes (DESIGN.md §7). A run written from Python records no such command;
then `resume_hint` says what to rerun in words.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from baofen_sim.io.lock import LockState
from baofen_sim.io.manifest import INTERRUPTED, RUNNING

RESUMING_COMMANDS = ("simulate", "sweep")


def reader_status(out: Path, status: str | None, sessions: Sequence[dict[str, Any]],
                  lock: LockState) -> tuple[str | None, str | None]:
    """(status, the command that resumes the run or None): `running` with no process holding the lock reads as
    `interrupted`; an interrupted run gets its resume command where one was recorded."""
    if status == RUNNING and lock.held is False:
        status = INTERRUPTED
    if status != INTERRUPTED:
        return status, None
    recorded = [lock.holder.get("command"), sessions[-1].get("command") if sessions else None]
    return status, next((c for c in (resume_command(argv, out) for argv in recorded) if c is not None), None)


def resume_command(argv: Any, out: Path) -> str | None:
    """`argv` (a simulate or sweep command as `sys.argv` held it) as a `baofen-sim` command line writing to
    `out`; None if it is not one."""
    if not (isinstance(argv, list) and len(argv) >= 2 and argv[1] in RESUMING_COMMANDS
            and all(isinstance(arg, str) for arg in argv)):
        return None
    kept, rest = [], iter(argv[2:])
    for arg in rest:
        if arg == "--out":
            next(rest, None)
        elif not arg.startswith("--out="):
            kept.append(arg)
    return shlex.join(["baofen-sim", argv[1], *kept, "--out", str(out)])


def resume_hint(out: str | Path, command: str | None) -> str:
    """How to resume an interrupted run: its command, or in words where none was recorded."""
    return command or f"rerun the simulate (or sweep) command that wrote it, with --out {out}"
