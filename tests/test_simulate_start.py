"""What keeps a `simulate` lean (issue 37.9) and must not change what it writes: Numba's implementations load
without SciPy's BLAS probe, the CLI and the engine import without pyarrow (the writer thread loads it), the
collector is paused only while the first chunk plays, and the hand columns reach the writer as views of the
engine's rows, copied there into the same Parquet rows a study's copied columns give."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap

import numpy as np
import pyarrow.parquet as pq
import pytest
from numba.core.caching import UserProvidedCacheLocator

from baofen_sim.games import GAMES, by_id
from baofen_sim.io.parquet import hand_part_paths
from baofen_sim.io.schema import hands_to_arrow
from baofen_sim.kernels.jit import PackageCacheLocator
from baofen_sim.rules.presets import game_preset
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import collector_paused, simulate


def run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_numba_implementations_load_without_importing_scipy_linalg():
    out = run_python("""
        import importlib.util, sys
        from baofen_sim.kernels.jit import load_numba_implementations
        load_numba_implementations()
        print("numba.np.arraymath" in sys.modules, "scipy.linalg" in sys.modules)
        if importlib.util.find_spec("scipy") is not None:  # where SciPy is installed, it still imports after
            import scipy.linalg
            print(scipy.linalg.inv([[2.0]])[0][0])
        else:
            print(0.5)
    """)
    assert out.split() == ["True", "False", "0.5"]


def test_the_cli_and_the_engine_import_without_pyarrow():
    out = run_python("""
        import sys
        import baofen_sim.cli.app, baofen_sim.runs.simulate
        for game in ("baofen", "tractor80", "zhaopengyou"):
            __import__(f"baofen_sim.games.{game}.engine.chunk")
        print(sorted(name for name in ("pyarrow", "polars") if name in sys.modules))
    """)
    assert out.strip() == "[]"


def test_the_collector_is_paused_while_the_first_chunk_plays_and_then_as_it_was():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_each_cache_directory_is_checked_for_writing_once(monkeypatch, tmp_path):
    checks = []
    monkeypatch.setattr(PackageCacheLocator, "_writable", set())
    monkeypatch.setattr(UserProvidedCacheLocator, "ensure_cache_path", lambda self: checks.append(self._cache_path))
    for path in (tmp_path / "a", tmp_path / "a", tmp_path / "b"):
        locator = PackageCacheLocator.__new__(PackageCacheLocator)
        locator._cache_path = str(path)
        locator.ensure_cache_path()
    assert checks == [str(tmp_path / "a"), str(tmp_path / "b")]


@pytest.mark.parametrize("game", [game.id for game in GAMES])
def test_views_of_the_rows_are_written_as_the_copied_columns(game, tmp_path):
    rules = game_preset(game)
    spec = RunSpec(rules=rules, policies=("random",) * rules.num_players, deals=300, seed=5)
    views = by_id(game).run_chunk(spec, 0, spec.tables, copy=False).hands
    copies = by_id(game).run_chunk(spec, 0, spec.tables).hands
    assert list(views) == list(copies)
    assert any(not column.flags.c_contiguous for column in views.values())
    assert all(column.flags.c_contiguous for column in copies.values())
    for name in copies:
        np.testing.assert_array_equal(views[name], copies[name])
    simulate(spec, tmp_path / "run", progress=False)
    written = pq.read_table(hand_part_paths(tmp_path / "run")[0])
    assert written.equals(hands_to_arrow(copies, spec.num_players, by_id(game).rows()))
