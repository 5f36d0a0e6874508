"""One process at a time on an output directory: `OUT/.lock`, held with `flock` for the whole run.

The kernel releases a flock when its holder dies (kill -9 included), so a lock is never stale; the file
holds the holder's host, pid, start time and command to name it to the process that is refused (and to
readers, below). The
holder deletes the file when it lets go; a process that locked a file deleted meanwhile locks again.
Where `fcntl` does not exist (Windows) runs are not locked.

Readers ask `lock_state` whether a run is still being written: they try a shared lock without waiting, which
fails while a writer holds its exclusive one. A free lock proves the writer gone only on its own host (on a
shared filesystem another host's flock may not be seen), so a lock file naming another host reads as unknown.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from baofen_sim.io.manifest import utc_now

LOCK_NAME = ".lock"
READER_GRACE_SECONDS = 0.5  # how long a writer waits out a reader's shared-lock probe before refusing


class LockedError(Exception):
    """Another process holds the lock of the output directory."""


class LockState(NamedTuple):
    """What a reader can tell of OUT's lock."""

    held: bool | None  # True: a process holds it; False: none does; None: cannot tell (another host, no fcntl)
    holder: dict[str, Any]  # what its last holder wrote (pid, host, started, command); {} if nothing readable


def holder_record(path: Path) -> dict[str, Any]:
    """What the holder of the lock at `path` wrote there; {} if nothing readable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def holder_text(path: Path) -> str:
    """Who holds the lock at `path`, in words, from what the holder wrote there."""
    data = holder_record(path)
    try:
        return (f"process {data['pid']} on {data['host']} (since {data['started']}: "
                f"{' '.join(data['command'])[:120]})")
    except (KeyError, TypeError):
        return "another process"


def lock_state(out: Path) -> LockState:
    """Whether a process holds OUT/.lock, without waiting and without creating the file."""
    if fcntl is None:
        return LockState(None, {})
    path = out / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return LockState(False, {})  # a holder keeps the file as long as it holds it
    except OSError:
        return LockState(None, {})
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return LockState(True, holder_record(path))
    except OSError:
        os.close(fd)
        return LockState(None, holder_record(path))
    try:
        holder = holder_record(path)
    finally:
        os.close(fd)  # lets the shared lock go
    return LockState(False if holder.get("host") == socket.gethostname() else None, holder)


@contextlib.contextmanager
def run_lock(out: Path) -> Iterator[None]:
    """Hold OUT/.lock while the block runs; LockedError naming the holder if another process has it."""
    if fcntl is None:
        yield
        return
    path = out / LOCK_NAME
    deadline = time.monotonic() + READER_GRACE_SECONDS
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() < deadline:  # perhaps a reader's brief `lock_state` probe: try again
                time.sleep(READER_GRACE_SECONDS / 20)
                continue
            raise LockedError(f"--out {out} is in use by {holder_text(path)}; wait for it to finish or stop it, "
                              "or choose another --out") from None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # the holder deleted the file between our open and our lock: lock the new one
    try:
        holder = {"pid": os.getpid(), "host": socket.gethostname(), "started": utc_now(), "command": sys.argv}
        os.ftruncate(fd, 0)
        os.write(fd, json.dumps(holder).encode())
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        os.close(fd)
