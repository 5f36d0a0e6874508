"""One process at a time on an output directory: `OUT/.lock`, held with `flock` for the whole run.

The kernel releases a flock when its holder dies (kill -9 included), so a lock is never stale; the file
holds the holder's host, pid, start time and command only to name it to the process that is refused. The
holder deletes the file when it lets go; a process that locked a file deleted meanwhile locks again.
Where `fcntl` does not exist (Windows) runs are not locked.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from baofen_sim.io.manifest import utc_now

LOCK_NAME = ".lock"


class LockedError(Exception):
    """Another process holds the lock of the output directory."""


def holder_text(path: Path) -> str:
    """Who holds the lock at `path`, in words, from what the holder wrote there."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return (f"process {data['pid']} on {data['host']} (since {data['started']}: "
                f"{' '.join(data['command'])[:120]})")
    except (OSError, ValueError, KeyError, TypeError):
        return "another process"


@contextlib.contextmanager
def run_lock(out: Path) -> Iterator[None]:
    """Hold OUT/.lock while the block runs; LockedError naming the holder if another process has it."""
    if fcntl is None:
        yield
        return
    path = out / LOCK_NAME
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
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
