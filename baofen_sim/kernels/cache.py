"""Numba on-disk cache keyed on the kernel sources (DESIGN.md §11 `cache=True` pitfall).

Numba re-checks only the source file of the function it loads, so editing a helper module would leave
its cached callers stale. `configure()` points `numba.config.CACHE_DIR` at a directory named after a hash
of every module whose code is compiled into kernels (this package, tables.py, cards.py, and the engine
and policy packages that call the kernels): any edit there means a fresh directory and a recompile.

The engine is compiled for one policy set (`baofen_sim.policy_set`): the set and its plug-in sources are
part of the directory name, so each set compiles once and another set never loads its code.

It must run before any `@njit(cache=True)` function is decorated; `baofen_sim.kernels` calls it first.
Base directory: $BAOFEN_SIM_CACHE_DIR, else $NUMBA_CACHE_DIR, else $XDG_CACHE_HOME (~/.cache)/baofen-sim.

Several processes may fill one directory at once (the parallel warm-up, `baofen_sim.warmup`): Numba saves an
entry by reading a function's index, adding the entry and writing the index back, so two processes saving two
signatures of one function could pair an index entry with the other's data file. `save_lock` serialises the
saves (flock; where `fcntl` does not exist the warm-up compiles in one process).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from numba import config

from baofen_sim import policy_set

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
HASHED_DIRS = ("kernels", "engine", "policies")  # packages whose njit code calls the kernels
HASHED_FILES = ("tables.py", "cards.py", "codes.py", "records.py", "policy_set.py")
SAVE_LOCK_NAME = ".save.lock"
_configured: Path | None = None


def kernel_sources() -> list[Path]:
    """The files whose text keys the cache, in a fixed order."""
    files = [PACKAGE_ROOT / name for name in HASHED_FILES]
    for folder in HASHED_DIRS:
        files.extend(sorted((PACKAGE_ROOT / folder).rglob("*.py")))
    return [f for f in files if f.is_file()]


def source_hash() -> str:
    """16 hex digits of SHA-256 over the relative paths and contents of `kernel_sources()`."""
    digest = hashlib.sha256()
    for path in kernel_sources():
        digest.update(str(path.relative_to(PACKAGE_ROOT)).encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _base_dir() -> Path:
    for variable in ("BAOFEN_SIM_CACHE_DIR", "NUMBA_CACHE_DIR"):
        if os.environ.get(variable):
            return Path(os.environ[variable])
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "baofen-sim"


def configure() -> Path | None:
    """Set numba's cache directory to <base>/numba-<source hash>-<policy set key> and fix the policy set
    (idempotent). None under DISABLE_JIT."""
    global _configured
    policy_set.freeze()
    if config.DISABLE_JIT:
        return None
    if _configured is None:
        path = _base_dir() / f"numba-{source_hash()}-{policy_set.cache_key()}"
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError:
            path = Path(tempfile.gettempdir()) / "baofen-sim" / path.name
            path.mkdir(parents=True, exist_ok=True)
        config.CACHE_DIR = str(path)
        _configured = path
    return _configured


@contextlib.contextmanager
def save_lock(folder: str | Path) -> Iterator[None]:
    """Hold the cache directory's save lock (exclusive, across processes) while the block runs."""
    if fcntl is None:
        yield
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    fd = os.open(Path(folder) / SAVE_LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the flock
