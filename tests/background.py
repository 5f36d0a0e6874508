"""Slow checks that run in processes of their own, started in the background as the session begins (`conftest.py`),
one after another on the core a serial pytest run leaves idle. Each compiles an engine of its own for minutes
(a policy set, the 80分 engine, a plug-in): run beside the other tests, they cost the session almost nothing.

A test asks for its job's output with `output(name)`: it waits for a job already running, or runs a job the
background has not reached (or was not started for: a run of one test file) itself, at once. A job that is only a
warm-up (engine-80fen, cli-80fen) fills the compile cache for the tests that come later and gives nothing back.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WARM_80FEN = ("from tests.test_engine_80fen import VARIANTS, spec_of\n"
              "from baofen_sim.games.tractor80.replay import replayed_hands80\n"
              "for policy in ('random', 'heuristic'):\n"
              "    spec = spec_of(policy=policy, deals=2, hands_per_table=2)\n"
              "    replayed_hands80(spec, 0, spec.tables)\n")


@dataclass
class Job:
    command: list[str]
    modules: tuple[str, ...]  # the test modules that need it: the job starts only if one of them was collected
    state: str = "pending"  # pending, running, done
    result: subprocess.CompletedProcess | None = None
    finished: threading.Event = field(default_factory=threading.Event)
    where: str = ""  # "background", or "foreground" for a job a test had to run itself
    seconds: float = 0.0  # the job's own wall time
    waited: float = 0.0  # how long the tests waited for it


def cli_warm_up(*commands: str) -> list[str]:
    """One shell running the `baofen-sim` commands one after another in a scratch directory of its own."""
    cli = shlex.join([sys.executable, "-m", "baofen_sim"])
    steps = [f"{cli} {command} > /dev/null" for command in commands]
    return ["bash", "-c", 'cd "$(mktemp -d)" && ' + " && ".join(steps)]


WARM_ZPY = ("from tests.test_engine_zpy import spec_of\n"
            "from baofen_sim.games.zhaopengyou.replay import replayed_hands_zpy\n"
            "for policy in ('random', 'heuristic'):\n"
            "    spec = spec_of(deals=2, hands_per_table=2, policy=policy)\n"
            "    replayed_hands_zpy(spec, 0, spec.tables)\n")

# In the order the tests need them (files run in name order).
JOBS: dict[str, Job] = {
    "engine-zpy": Job([sys.executable, "-c", WARM_ZPY], ("test_differential_runs_zpy", "test_engine_zpy")),
    "engine-80fen": Job([sys.executable, "-c", WARM_80FEN], ("test_engine_80fen", "test_tune_play_80fen")),
    "cli-80fen": Job(cli_warm_up("simulate --rules tractor-80fen --deals 8 --seed 1 --out runs/80",
                                 "replay runs/80 --hand 3 --record"), ("test_examples",)),
    "plugins-baofen": Job([sys.executable, "-m", "tests.plugins_baofen"], ("test_plugins",)),
    "plugins-80fen": Job([sys.executable, "-m", "tests.plugins_80fen"], ("test_plugins_80fen",)),
    "plugins-zpy": Job([sys.executable, "-m", "tests.plugins_zpy"], ("test_plugins_zpy",)),
    "policy-honesty": Job([sys.executable, "-m", "tests.policy_honesty"], ("test_policy_honesty",)),
    "sampler-hands": Job([sys.executable, "-m", "tests.sampler_hands"], ("test_sampler",)),
    "sampler-search": Job([sys.executable, "-m", "tests.sampler_search"], ("test_sampler",)),
    "sampler-80fen": Job([sys.executable, "-m", "tests.sampler_80fen_hands"], ("test_sampler_80fen",)),
    "sampler-zpy": Job([sys.executable, "-m", "tests.sampler_zpy_hands"], ("test_sampler_zpy",)),
}
_lock = threading.Lock()


def _claim(job: Job) -> bool:
    with _lock:
        if job.state != "pending":
            return False
        job.state = "running"
        return True


def _run(job: Job, where: str) -> None:
    job.where = where
    started = time.perf_counter()
    job.result = subprocess.run(job.command, capture_output=True, text=True, check=False, cwd=ROOT)
    job.seconds = time.perf_counter() - started
    job.state = "done"
    job.finished.set()


def start(collected_modules: set[str]) -> None:
    """Run, in one background thread, the jobs some collected module needs, in order."""
    wanted = [job for job in JOBS.values() if collected_modules & set(job.modules)]

    def work() -> None:
        for job in wanted:
            if _claim(job):
                _run(job, "background")

    if wanted:
        threading.Thread(target=work, name="background checks", daemon=True).start()


def output(name: str) -> subprocess.CompletedProcess:
    """The finished process of job `name` (run here and now if nothing has started it)."""
    job = JOBS[name]
    started = time.perf_counter()
    if _claim(job):
        _run(job, "foreground")
    job.finished.wait()
    job.waited += time.perf_counter() - started
    assert job.result is not None
    return job.result


def summary() -> list[str]:
    """One line per job that ran: where, its wall time and how long the tests waited for it (CI time budget)."""
    return [f"{name}: {job.where}, {job.seconds:.0f} s, tests waited {job.waited:.0f} s"
            for name, job in JOBS.items() if job.state == "done"]
