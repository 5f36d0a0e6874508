"""One release of aliases for the modules the game packages moved (issue 37): a plug-in or script written against
the old layout still imports, with a DeprecationWarning naming the new path (`games/old_paths.py`)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from baofen_sim.games.old_paths import OLD_PATHS

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("old", "new"), sorted(OLD_PATHS.items()))
def test_an_old_module_path_is_the_new_module_with_a_warning(old, new):
    code = (f"import warnings, importlib\nwarnings.simplefilter('error')\n"
            f"try:\n    importlib.import_module({old!r})\nexcept DeprecationWarning as w:\n    print(w)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.stdout.strip() == f"{old} moved to {new}; the old path goes in the next release", done.stderr
    with pytest.warns(DeprecationWarning):
        sys.modules.pop(old, None)
        assert importlib.import_module(old) is importlib.import_module(new)


def test_the_plug_in_example_of_the_old_layout_still_imports():
    """examples/plugin_policies.py as the last release shipped it: its imports of the old paths."""
    old_imports = ("from baofen_sim.engine.tractor80.declaring import TIER_NONE\n"
                   "from baofen_sim.policies.tractor80.declare import FANDI_PROBABILITY, SHOW_PROBABILITY, "
                   "random_choice\n"
                   "from baofen_sim.policies.zhaopengyou.random_calls import CALL_PROBABILITY, random_pick\n"
                   "from baofen_sim.runspec import RunSpec\n")
    done = subprocess.run([sys.executable, "-W", "ignore::DeprecationWarning", "-c", old_imports + "print('ok')"],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.stdout.strip() == "ok", done.stderr


def test_a_module_that_never_existed_is_still_an_import_error():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("baofen_sim.engine.no_such_module")
