"""The cold compile of the engine on every core, shown progressing (DESIGN.md §9, §11).

Numba compiles the ~200 jitted functions below a game's top kernel (its `top_kernel` hook: Baofen's
`games.baofen.engine.chunk.play_tables`, 80分's `games.tractor80.engine.chunk.play_tables80`) one after another in
one process, and caches each on its own. `warm_up` hands them, in the order of the game's shipped compile plan
(`plan.py`), to one compile process per core (`parallel.py`, `worker.py`), the top kernel as soon as everything it
calls is in the cache (the sampler's play, which it calls by address, may still be compiling in the other process),
and then runs the top kernel here, loading it from the cache; `progress.py` shows the functions done and the time.
The compiled code is the same whichever process compiles a function (the same Numba IR and LLVM passes), so results
do not change.

One process compiles everything (as before) where there is one core, no plan for the policy set (a plug-in),
no `fcntl` (the cache's save lock) or no JIT.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from numba import config

from baofen_sim import policy_set
from baofen_sim.runs.warmup.parallel import compile_in_processes
from baofen_sim.runs.warmup.plan import load_plan, plan_path, top_kernel
from baofen_sim.runs.warmup.progress import CompileProgress

PLAN_COMMAND = "python scripts/compile_plan.py"


@dataclass
class WarmUpReport:
    seconds: float
    processes: int  # processes that compiled (1: this one alone)
    notes: list[str] = field(default_factory=list)  # a stale plan, a compile process that stopped

    def summary(self, policies: tuple[str, ...]) -> str:
        where = f" on {self.processes} processes" if self.processes > 1 else ""
        return f"compiled the engine for {', '.join(policies)} in {self.seconds:.1f} s{where}"


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def warm_up(compile_top: Callable[[], object], processes: int | None = None, show: bool | None = None,
            stream: TextIO | None = None, game: str | None = None) -> WarmUpReport:
    """Compile `game`'s engine of this process's policy set: its plan's functions on `processes` processes
    (default: one per core), then `compile_top()` here (it runs the top kernel once, loading it). `show`: the
    progress (`CompileProgress`). Call it once the engine is imported (the policy set fixed)."""
    from baofen_sim.kernels import cache

    started = time.perf_counter()
    policies = policy_set.selected()
    plan = load_plan(plan_path(game))
    plan = plan.for_policies(policies) if plan is not None else None
    processes = min(processes or available_cores(), len(plan.entries) if plan else 1)
    parallel = plan is not None and processes > 1 and cache.fcntl is not None and not config.DISABLE_JIT
    notes: list[str] = []
    with CompileProgress(len(plan.entries) if plan else None, processes if parallel else 1, show,
                         stream) as progress:
        if parallel:
            outcome = compile_in_processes(plan, policies, processes, progress.function_done)
            notes += outcome.stopped
            progress.top_kernel()
        compile_top()
    if parallel:
        missing = [function for function in progress.compiled_here if function != top_kernel(game)]
        if missing or outcome.failed:
            notes.append(f"the compile plan is out of date ({len(missing)} functions missing from it, e.g. "
                         f"{(missing or outcome.failed)[0]}; {len(outcome.failed)} it could not compile): "
                         f"`{PLAN_COMMAND}` updates it")
    return WarmUpReport(time.perf_counter() - started, processes if parallel else 1, notes)
