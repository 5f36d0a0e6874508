"""The cold compile on every core, shown progressing (baofen_sim.runs.warmup; issue 20 point 10).

The compiles run in fresh interpreters with an empty cache directory each, so that something is compiled.
The one whole-engine test (the heuristic engine compiled by two processes, ~1 min on 2 cores) is also the check
that the shipped compile plan is complete for the default policy set.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from numba.core.caching import FunctionCache

from baofen_sim import policy_set
from baofen_sim.games import GAMES, by_id
from baofen_sim.kernels import cache as kernel_cache
from baofen_sim.kernels.jit import SharedFunctionCache
from baofen_sim.runs.warmup.parallel import ParallelOutcome, caller_ranks
from baofen_sim.runs.warmup.plan import CompilePlan, PlanEntry, load_plan, plan_path
from baofen_sim.runs.warmup.progress import CompileProgress

ROOT = Path(__file__).resolve().parent.parent


def run_python(code: str, cache_dir: Path) -> dict:
    """Run `code` in a fresh interpreter on an empty cache; the JSON object of its last stdout line."""
    env = {**os.environ, "BAOFEN_SIM_CACHE_DIR": str(cache_dir),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env,
                          check=False, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_progress_text_gives_functions_done_processes_and_time():
    clock = FakeClock()
    with CompileProgress(total=206, processes=2, show=False, clock=clock) as progress:
        for _ in range(143):
            progress.function_done()
        clock.now += 31.4
        assert progress.text() == "compiling the engine: 143/206 functions on 2 processes, 31 s"
        progress.top_kernel()
        clock.now += 21.0
        assert progress.text() == "compiling the engine: the top kernel (143/206 functions compiled), 52 s"
    assert CompileProgress(total=None, show=False, clock=clock).text() == "compiling the engine: 0 functions, 0 s"


def test_progress_lines_appear_while_a_kernel_compiles(tmp_path):
    result = run_python("""
        import io, json, time
        import numpy as np
        from baofen_sim.runs.warmup.progress import CompileProgress
        from baofen_sim.kernels.bits import highest_index
        stream = io.StringIO()
        with CompileProgress(total=None, stream=stream, interval=0.05) as progress:
            highest_index(np.uint64(40))
            time.sleep(0.4)
        print(json.dumps({"lines": stream.getvalue().splitlines(), "here": progress.compiled_here}))
    """, tmp_path)
    assert "baofen_sim.kernels.bits:highest_index" in result["here"]
    assert len(result["lines"]) >= 3  # no terminal: a line every interval
    assert all(line.startswith("compiling the engine: ") and line.endswith(" s") for line in result["lines"])
    assert result["lines"][-1].startswith(f"compiling the engine: {len(result['here'])} functions, ")


def test_cache_saves_hold_the_directory_save_lock(tmp_path, monkeypatch):
    held = []

    def save(self, sig, data):  # another open file description cannot take the lock meanwhile
        fd = os.open(tmp_path / kernel_cache.SAVE_LOCK_NAME, os.O_RDWR)
        try:
            kernel_cache.fcntl.flock(fd, kernel_cache.fcntl.LOCK_EX | kernel_cache.fcntl.LOCK_NB)
            held.append(False)
        except BlockingIOError:
            held.append(True)
        finally:
            os.close(fd)

    monkeypatch.setattr(FunctionCache, "save_overload", save)
    shared = SharedFunctionCache.__new__(SharedFunctionCache)
    shared._cache_path = str(tmp_path)
    shared.save_overload(None, None)
    assert held == [True]


def test_callers_with_a_longer_chain_above_them_are_ranked_first():
    entries = (PlanEntry("m:leaf", (), (), ("random",)), PlanEntry("m:middle", (), (0,), ("random",)),
               PlanEntry("m:top", (), (1, 0), ("random",)), PlanEntry("m:alone", (), (), ("random",)))
    assert caller_ranks(CompilePlan({}, entries)) == [2, 1, 0, 0]


def test_the_sampler_s_play_called_by_address_and_what_it_calls_rank_above_every_chain():
    play = "baofen_sim.policies.sampler:sampler_play_at"
    entries = (PlanEntry("m:leaf", (), (), ("sampler",)), PlanEntry("m:middle", (), (0,), ("sampler",)),
               PlanEntry("m:top", (), (1,), ("sampler",)), PlanEntry(play, (), (0,), ("sampler",)))
    assert caller_ranks(CompilePlan({}, entries)) == [5, 1, 0, 4]


@pytest.mark.parametrize("game", [game.id for game in GAMES])
def test_no_function_of_the_engine_calls_the_sampler_s_search_it_is_called_by_address(game):
    """Issue 21, the sampler's first compile: the engine of a set with the sampler links no search (the runners
    would optimise it again); its play is compiled on its own, by address (policies/sampler/entry.py)."""

    plan = load_plan(plan_path(game)).for_policies(["sampler"])
    functions = [entry.function for entry in plan.entries]
    play = functions.index(by_id(game).hook_path("sampler_play"))
    assert len(plan.entries[play].needs) > 10  # the heuristic and the deals below it
    assert not [entry.function for entry in plan.entries if play in entry.needs]


def test_a_plan_for_a_policy_set_keeps_its_entries_and_their_needs():
    entries = (PlanEntry("m:a", (), (), ("random", "heuristic")), PlanEntry("m:b", (), (0,), ("heuristic",)),
               PlanEntry("m:c", (), (0,), ("random",)), PlanEntry("m:d", (), (1, 2), ("random", "heuristic")))
    plan = CompilePlan({}, entries)
    random = plan.for_policies(["random"])
    assert [e.function for e in random.entries] == ["m:a", "m:c", "m:d"]
    assert [e.needs for e in random.entries] == [(), (0,), (1,)]
    assert plan.for_policies(["random", "my_policies:CAUTIOUS"]) is None  # a plug-in: one process compiles
    assert CompilePlan.from_json(plan.to_json()) == plan


@pytest.mark.parametrize(("game", "functions"), [("baofen", 200), ("tractor_80fen", 150),
                                               ("zhaopengyou_5p", 100)])
def test_every_entry_of_the_shipped_plan_names_a_cached_kernel_with_its_argument_count(tmp_path, game, functions):
    result = run_python(f"""
        import inspect, json
        from baofen_sim import policy_set
        from baofen_sim.runs.warmup.plan import game_policies, load_plan, plan_path, top_kernel
        policy_set.select(game_policies({game!r}))
        import baofen_sim.games.baofen.engine
        from baofen_sim.runs.warmup.signatures import imported, numba_type
        plan, problems = load_plan(plan_path({game!r})), []
        imported(top_kernel({game!r}))
        for entry in plan.entries:
            function = imported(entry.function)
            [numba_type(name, plan.types) for name in entry.args]
            if len(inspect.signature(function.py_func).parameters) != len(entry.args):
                problems.append(entry.function)
            if not function._cache.__class__.__name__ == "SharedFunctionCache":
                problems.append(entry.function + " (not cached)")
        print(json.dumps({{"entries": len(plan.entries), "problems": problems}}))
    """, tmp_path)
    assert result["entries"] > functions
    assert result["problems"] == [], "python scripts/compile_plan.py updates the plan"


@pytest.mark.parametrize(("game", "module"), [("baofen", "baofen_sim.games.baofen.engine.hand:"),
                                            ("tractor_80fen", "baofen_sim.games.tractor80.engine.hand:"),
                                            ("zhaopengyou_5p", "baofen_sim.games.zhaopengyou.engine.hand:")])
def test_the_warm_up_of_a_game_hands_its_own_plan_to_the_compile_processes(monkeypatch, game, module):
    import baofen_sim.runs.warmup as warmup

    handed = []

    def compile_in_processes(plan, policies, processes, done):
        handed.extend(entry.function for entry in plan.entries)
        return ParallelOutcome(compiled=len(plan.entries))

    monkeypatch.setattr(warmup, "compile_in_processes", compile_in_processes)
    report = warmup.warm_up(lambda: None, processes=2, show=False, game=game)
    assert report.processes == 2 and handed
    assert any(name.startswith(module) for name in handed)
    others = [m for m in ("baofen_sim.games.baofen.engine.hand:", "baofen_sim.games.tractor80.engine.",
                          "baofen_sim.games.zhaopengyou.engine.") if not module.startswith(m)]
    assert not any(name.startswith(tuple(others)) for name in handed)  # a run compiles no other game's code


@pytest.mark.parametrize(("game", "play", "other_game"), [
    ("baofen", "baofen_sim.policies.sampler:sampler_play_at",
     ("baofen_sim.games.tractor80.policies.", "baofen_sim.games.tractor80.engine.")),
    ("tractor_80fen", "baofen_sim.games.tractor80.policies.sampler:sampler_play80_at",
     ("baofen_sim.policies.sampler:sampler_play", "baofen_sim.games.baofen.engine.hand:"))])
def test_the_shipped_plan_compiles_the_sampler_s_play_of_its_game_alone(game, play, other_game):
    """Issue 21: the sampler's engine compiles on every core too: its play (chosen by the game,
    policies/sampler/entry.py) is in the game's plan, after what it calls, and nothing of the other game."""
    plan = load_plan(plan_path(game)).for_policies(["sampler"])
    functions = [entry.function for entry in plan.entries]
    assert play in functions
    assert len(plan.entries[functions.index(play)].needs) > 10  # the heuristic and the deals below it
    assert not [name for name in functions if name.startswith(other_game)]


def test_a_function_compiled_by_a_compile_process_is_loaded_by_the_next_process_not_compiled(tmp_path):
    plan = load_plan().for_policies(["heuristic"])
    caller = next(e for e in plan.entries if 2 <= len(e.needs) <= 4 and all(not plan.entries[n].needs for n in e.needs))
    leaves = tuple(PlanEntry(plan.entries[n].function, plan.entries[n].args, (), caller.policies)
                   for n in caller.needs)
    top = PlanEntry(caller.function, caller.args, tuple(range(len(leaves))), caller.policies)
    small = CompilePlan(plan.types, (*leaves, top))
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(small.to_json())
    filled = run_python(f"""
        import json
        from baofen_sim.policies import select_policies
        select_policies(["heuristic"])
        import baofen_sim.games.baofen.engine
        from baofen_sim.runs.warmup.parallel import compile_in_processes
        from baofen_sim.runs.warmup.plan import load_plan
        from pathlib import Path
        outcome = compile_in_processes(load_plan(Path({str(plan_file)!r})), ("heuristic",), 2)
        print(json.dumps({{"compiled": outcome.compiled, "failed": outcome.failed, "stopped": outcome.stopped}}))
    """, tmp_path / "cache")
    assert filled == {"compiled": len(small.entries), "failed": [], "stopped": []}
    loaded = run_python(f"""
        import json
        from numba.core import event
        from baofen_sim.policies import select_policies
        select_policies(["heuristic"])
        import baofen_sim.games.baofen.engine
        from baofen_sim.runs.warmup.plan import load_plan
        from baofen_sim.runs.warmup.signatures import imported, numba_type
        from pathlib import Path
        plan = load_plan(Path({str(plan_file)!r}))
        entry = plan.entries[-1]
        function = imported(entry.function)
        with event.install_recorder("numba:compile") as compiles:
            function.compile(tuple(numba_type(name, plan.types) for name in entry.args))
        print(json.dumps({{"compiled": len(compiles.buffer), "hits": sum(function.stats.cache_hits.values())}}))
    """, tmp_path / "cache")
    assert loaded == {"compiled": 0, "hits": 1}


def test_the_parallel_warm_up_leaves_the_engine_compiled_for_the_next_process(tmp_path):
    """On a copy of this session's cache without the top kernel: the engine is cold, the plan's functions are
    loaded (or compiled, where this session has not compiled them) on two processes, the top kernel compiled by
    them too."""
    from baofen_sim.games.baofen.engine.chunk import play_tables

    own_set = kernel_cache.configure()
    if own_set is not None:  # (None: NUMBA_DISABLE_JIT, nothing to copy)
        for folder in (kernel_cache.common_dir(), own_set):
            shutil.copytree(folder, tmp_path / folder.name)
        (tmp_path / Path(play_tables._cache._cache_file._index_path).relative_to(own_set.parent)).unlink(
            missing_ok=True)
    warmed = run_python("""
        import json
        from baofen_sim.policies import select_policies
        select_policies(["heuristic"])
        from baofen_sim.runs.simulate import engine_is_compiled, warm_up_engine
        from baofen_sim.runs.warmup import warm_up
        cold = engine_is_compiled()
        report = warm_up(lambda: warm_up_engine(("heuristic",)), processes=2, show=False)
        print(json.dumps({"cold": not cold, "processes": report.processes, "notes": report.notes}))
    """, tmp_path)
    # no notes: the plan had every function, the top kernel too
    assert warmed == {"cold": True, "processes": 2, "notes": []}
    warm = run_python("""
        import json
        from numba.core import event
        from baofen_sim.policies import select_policies
        select_policies(["heuristic"])
        from baofen_sim.runs.simulate import engine_is_compiled, warm_up_engine
        compiled = engine_is_compiled()
        with event.install_recorder("numba:compile") as compiles:
            warm_up_engine(("heuristic",))
        names = [e.data["dispatcher"].py_func.__module__ for _, e in compiles.buffer]
        print(json.dumps({"compiled": compiled, "ours": [n for n in names if n.startswith("baofen")]}))
    """, tmp_path)
    assert warm == {"compiled": True, "ours": []}


def test_a_first_simulate_on_a_cold_cache_compiles_on_every_core_before_its_first_chunk(tmp_path, monkeypatch):
    from baofen_sim.runs import simulate as simulate_module
    from baofen_sim.runs.warmup import WarmUpReport
    from tests.test_simulate_plumbing import FakeEngine, spec_of

    engine, events = FakeEngine(), []
    monkeypatch.setattr(simulate_module, "ENGINE_RUNNER", engine)
    monkeypatch.setattr(simulate_module, "engine_is_compiled", lambda game: False)

    def compile_engine(show, game=None):
        events.append(("compile", show, len(engine.calls)))
        return WarmUpReport(52.5, 2)

    monkeypatch.setattr(simulate_module, "compile_engine", compile_engine)
    simulate_module.simulate(spec_of(), tmp_path / "out", progress=False, run_chunk=engine, echo=events.append)
    assert events[:3] == [simulate_module.COMPILE_NOTICE, ("compile", False, 0),
                          f"compiled the engine for {', '.join(policy_set.selected())} in 52.5 s on 2 processes"]
    assert engine.calls
