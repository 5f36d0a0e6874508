"""Numba on-disk cache keyed on the kernel sources (DESIGN.md §11 `cache=True` pitfall).

Numba re-checks only the source file of the function it loads, so editing a helper module would leave
its cached callers stale. `configure()` points `numba.config.CACHE_DIR` at a directory named after a hash
of every module whose code is compiled into kernels (this package, tables.py, cards.py, and the engine
and policy packages that call the kernels): any edit there means a fresh directory and a recompile.

The engine is compiled for one policy set (`baofen_sim.policy_set`): the set and its plug-in sources are
part of the directory name, so each set compiles once and another set never loads its code. Only the modules
that reach the set's generated dispatchers (`SET_ROOTS`, and whatever imports them: the engine's flow and
chunk runners) compile per set; every other kernel (the trick machinery, the policies, the sampler) is the
same in every set and is cached once per code version in a directory beside them (`common_dir`), so a second
set (a plug-in, the sampler) compiles only the engine layer above the policies.

It must run before any `@njit(cache=True)` function is decorated; `baofen_sim.kernels` calls it first.
Base directory: $BAOFEN_SIM_CACHE_DIR, else $NUMBA_CACHE_DIR, else $XDG_CACHE_HOME (~/.cache)/baofen-sim.

Several processes may fill one directory at once (the parallel warm-up, `baofen_sim.runs.warmup`): Numba saves an
entry by reading a function's index, adding the entry and writing the index back, so two processes saving two
signatures of one function could pair an index entry with the other's data file. `save_lock` serialises the
saves (flock; where `fcntl` does not exist the warm-up compiles in one process).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from numba import config

from baofen_sim import policy_set

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
HASHED_DIRS = ("kernels", "engine", "policies", "games/*/engine", "games/*/policies")  # njit code calling the kernels
HASHED_FILES = ("tables.py", "cards.py", "codes.py", "records.py", "policy_set.py")
SAVE_LOCK_NAME = ".save.lock"
SET_ROOTS = re.compile(r"^baofen_sim\.(games\.\w+\.)?policies\.dispatch$")  # the modules generated per policy set
COMMON_KEY = "common"  # the directory suffix of the kernels every policy set shares
_configured: Path | None = None
_common: Path | None = None
_set_free: frozenset[str] = frozenset()

# `from baofen_sim.x import a, b` (parenthesised or not) and `import baofen_sim.x`: the edges of the import graph.
_FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+(baofen_sim[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)", re.M)
_PLAIN_IMPORT = re.compile(r"^[ \t]*import[ \t]+(baofen_sim[\w.]*)", re.M)


def kernel_sources() -> list[Path]:
    """The files whose text keys the cache, in a fixed order."""
    files = [PACKAGE_ROOT / name for name in HASHED_FILES]
    for pattern in HASHED_DIRS:
        for folder in sorted(PACKAGE_ROOT.glob(pattern)):
            files.extend(sorted(folder.rglob("*.py")))
    return [f for f in files if f.is_file()]


def module_name(path: Path) -> str:
    """The dotted module name of a source file of the package."""
    parts = list(path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(text: str, modules: Iterable[str]) -> set[str]:
    """The modules of `modules` that the source `text` imports (or imports names from)."""
    found = set(_PLAIN_IMPORT.findall(text))
    for module, names in _FROM_IMPORT.findall(text):
        found.add(module)
        for name in names.strip("()").split(","):
            name = name.split("#")[0].split(" as ")[0].strip()
            if name:
                found.add(f"{module}.{name}")
    return found & set(modules)


def set_free_modules(texts: dict[str, str]) -> frozenset[str]:
    """The modules (name: source) that import no set root, directly or through another module: their jitted
    functions can call nothing a policy set changes. Over the import graph, so a module that merely might
    call a dispatcher counts as set-dependent."""
    imports = {module: imported_modules(text, texts) for module, text in texts.items()}
    dependent = {module for module in texts if SET_ROOTS.match(module)}
    grew = True
    while grew:
        grew = False
        for module, targets in imports.items():
            if module not in dependent and targets & dependent:
                dependent.add(module)
                grew = True
    return frozenset(texts) - dependent


def source_hash(texts: dict[Path, bytes]) -> str:
    """16 hex digits of SHA-256 over the relative paths and contents of `kernel_sources()` (path: content)."""
    digest = hashlib.sha256()
    for path, content in texts.items():
        digest.update(str(path.relative_to(PACKAGE_ROOT)).encode())
        digest.update(b"\0")
        digest.update(content)
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _base_dir() -> Path:
    for variable in ("BAOFEN_SIM_CACHE_DIR", "NUMBA_CACHE_DIR"):
        if os.environ.get(variable):
            return Path(os.environ[variable])
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "baofen-sim"


def _make_dir(path: Path) -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        path = Path(tempfile.gettempdir()) / "baofen-sim" / path.name
        path.mkdir(parents=True, exist_ok=True)
    return path


def configure() -> Path | None:
    """Set numba's cache directory to <base>/numba-<source hash>-<policy set key> (the set's own functions;
    the shared ones go to `common_dir()`) and fix the policy set (idempotent). None under DISABLE_JIT."""
    global _configured, _common, _set_free
    policy_set.freeze()
    if config.DISABLE_JIT:
        return None
    if _configured is None:
        texts = {path: path.read_bytes() for path in kernel_sources()}
        prefix = f"numba-{source_hash(texts)}"
        _set_free = set_free_modules({module_name(path): text.decode() for path, text in texts.items()})
        _common = _make_dir(_base_dir() / f"{prefix}-{COMMON_KEY}")
        _configured = _make_dir(_base_dir() / f"{prefix}-{policy_set.cache_key()}")
        config.CACHE_DIR = str(_configured)
    return _configured


def common_dir() -> Path | None:
    """The cache directory of the kernels every policy set shares (None before `configure` or without JIT)."""
    return _common


def function_cache_root(module: str) -> str:
    """Where the jitted functions of `module` are cached: the shared directory for a set-free module of the
    package, the policy set's directory for the rest (the engine layer, generated dispatchers, plug-ins)."""
    if _common is not None and module in _set_free:
        return str(_common)
    return config.CACHE_DIR


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
