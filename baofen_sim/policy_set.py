"""The policies this process's engine is compiled for (DESIGN.md §6, §11): chosen once, before any kernel
is imported.

The engine dispatches each decision on a policy id among the functions of one generated module
(`policies.dispatch`), so it compiles only the policies of that set. A set without the searching `sampler` holds
both `random` and `heuristic` (`ALWAYS`, cheap beside the engine), so runs of either, or of both at different
seats, share one engine; a set with the sampler holds only what the run names (while the engine linked the search,
each more policy beside it made the engine much longer to compile: random + heuristic + sampler 332 s cold against
159 s for the sampler alone; since the search is called by address, `policies.sampler.entry`, 54.3 s against
43.2 s on 2 cores). Each plug-in compiles only when named. The set is part of the Numba cache
key (`kernels.cache`), with the source of every plug-in module, so each set compiles once per machine and code
version and loads from the cache afterwards.

`select(names)` sets it (the CLI does, from the run's policies, before the engine is imported); without a
call it is random and heuristic. Once the kernels are imported it is fixed: selecting another set then is an
error (a new process can compile another).

Plain Python with no imports of the package: `kernels.cache` reads it before any kernel exists.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from collections.abc import Iterable

BUILTIN_POLICIES = ("random", "heuristic", "sampler")  # in policy-id order: random 0, heuristic 1, sampler 2
DEFAULT_POLICY = "heuristic"  # every seat's policy when none is given
ALWAYS = ("random", "heuristic")  # in every set without the sampler: a run of either shares the other's engine
SEARCHING = "sampler"  # a set with it holds only the policies named
DEFAULT_SET = ALWAYS  # without a `select`: the sampler compiles only when a run names it

_selected: tuple[str, ...] | None = None
_frozen = False


class PolicySetError(ValueError):
    """A policy set that cannot be selected (the engine is already built for another one)."""


def is_plugin(name: str) -> bool:
    """`module:attribute` names a plug-in policy; anything else a built-in."""
    return ":" in name


def normalise(names: Iterable[str]) -> tuple[str, ...]:
    """The set of `names` in a fixed order: the built-ins in id order, then plug-ins in order of appearance."""
    names = [name.strip() for name in names]
    plugins = list(dict.fromkeys(name for name in names if is_plugin(name)))
    builtins = [name for name in BUILTIN_POLICIES if name in names]
    return tuple(builtins + plugins)


def set_of(names: Iterable[str], alongside: Iterable[str] | None = None) -> tuple[str, ...]:
    """The set an engine for the policies `names` is compiled for: they and the policies `alongside` them (default:
    ALWAYS unless the sampler is named; see the module docstring)."""
    names = [name.strip() for name in names]
    if alongside is None:
        alongside = () if SEARCHING in names else ALWAYS
    return normalise([*alongside, *names]) or DEFAULT_SET


def select(names: Iterable[str], alongside: Iterable[str] | None = None) -> tuple[str, ...]:
    """Choose the policy set of this process's engine, `set_of(names, alongside)` (the compile plan's discovery
    passes no `alongside`, to see one policy's engine alone); returns it."""
    global _selected
    names = list(names)
    wanted = set_of(names, alongside)
    if _frozen and wanted != selected():
        if set(normalise(names)) <= set(selected()):  # the run's own policies are built in
            return selected()
        raise PolicySetError(f"this process's engine is built for the policies {', '.join(selected())}; "
                             f"{', '.join(wanted)} need a new process")
    _selected = wanted
    return wanted


def selected() -> tuple[str, ...]:
    """The chosen set (DEFAULT_SET unless `select` was called)."""
    return _selected or DEFAULT_SET


def freeze() -> tuple[str, ...]:
    """Fix the set (the kernels are being imported); returns it."""
    global _frozen
    _frozen = True
    return selected()


def find_plugins_from_here() -> None:
    """Plug-in modules are found from the current directory too, as with `python -m`."""
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())


def plugin_module_origin(name: str) -> str | None:
    """The source file of a plug-in's module, found without importing it (None if it cannot be found)."""
    module = name.partition(":")[0].strip()
    find_plugins_from_here()
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    return spec.origin if spec is not None else None


def cache_key() -> str:
    """What the set adds to the Numba cache key: its names and the source of each plug-in module."""
    digest = hashlib.sha256()
    for name in selected():
        digest.update(name.encode() + b"\0")
        origin = plugin_module_origin(name) if is_plugin(name) else None
        if origin and os.path.isfile(origin):
            with open(origin, "rb") as handle:
                digest.update(handle.read())
    return digest.hexdigest()[:12]
