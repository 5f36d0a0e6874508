"""One release of aliases for the modules the game packages moved (issue 37): a plug-in written against the old
layout (`from baofen_sim.policies.tractor80.declare import random_choice`) still imports, with a
DeprecationWarning naming the new path. `baofen_sim/__init__.py` installs the finder; the next release removes it.
docs/policies.md and examples/plugin_policies.py use the new paths.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

# old module -> new module (the modules a plug-in or a script of the old layout imports)
OLD_PATHS: dict[str, str] = {
    "baofen_sim.engine.tractor80.declaring": "baofen_sim.games.tractor80.engine.declaring",
    "baofen_sim.engine.tractor80.records": "baofen_sim.games.tractor80.engine.records",
    "baofen_sim.engine.zhaopengyou.records": "baofen_sim.games.zhaopengyou.engine.records",
    "baofen_sim.policies.tractor80.declare": "baofen_sim.games.tractor80.policies.declare",
    "baofen_sim.policies.tractor80.heuristic": "baofen_sim.games.tractor80.policies.heuristic",
    "baofen_sim.policies.zhaopengyou.random_calls": "baofen_sim.games.zhaopengyou.policies.random_calls",
    "baofen_sim.policies.zhaopengyou.heuristic": "baofen_sim.games.zhaopengyou.policies.heuristic",
    "baofen_sim.engine.chunk": "baofen_sim.games.baofen.engine.chunk",
    "baofen_sim.engine.record": "baofen_sim.games.baofen.replay",
    "baofen_sim.runspec": "baofen_sim.runs.runspec",
    "baofen_sim.simulate": "baofen_sim.runs.simulate",
    "baofen_sim.sweep": "baofen_sim.runs.sweep",
    "baofen_sim.judge": "baofen_sim.reference.judge",
}
PARENTS = {"baofen_sim.engine.tractor80", "baofen_sim.engine.zhaopengyou", "baofen_sim.policies.tractor80",
           "baofen_sim.policies.zhaopengyou"}  # old packages that hold only moved modules


class _Alias(importlib.abc.Loader):
    """Loads an old path as the module at its new path (the import system returns what `sys.modules` holds after
    `exec_module`); an old package (new None) as an empty package its moved modules hang from."""

    def __init__(self, new: str | None):
        self.new = new

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        if self.new is None:
            return
        warnings.warn(f"{module.__name__} moved to {self.new}; the old path goes in the next release",
                      DeprecationWarning, stacklevel=2)
        sys.modules[module.__name__] = importlib.import_module(self.new)


class OldPathFinder(importlib.abc.MetaPathFinder):
    """Finds a module of `OLD_PATHS` (and its old parent packages) as the module at its new path."""

    def find_spec(self, name, path=None, target=None):
        if name in OLD_PATHS:
            return importlib.util.spec_from_loader(name, _Alias(OLD_PATHS[name]))
        if name in PARENTS:
            return importlib.util.spec_from_loader(name, _Alias(None), is_package=True)
        return None


def install() -> None:
    """Put the finder after the ordinary ones (a module that still exists is found first), once."""
    if not any(isinstance(finder, OldPathFinder) for finder in sys.meta_path):
        sys.meta_path.append(OldPathFinder())
