"""The functions of a compile plan compiled by several processes (`worker.py`) into this process's Numba cache.

A function is handed to an idle process once every function it calls is in the cache, so each is compiled
once and its callees are loaded, not compiled again. Among the functions ready, the one with the longest
chain of callers above it goes first (the chain down from the top kernel is the critical path). Saves into
the one cache directory are serialised by `kernels.cache.save_lock`.

A process that fails to start or stops leaves its functions to the others, and a function it could not
compile (a stale plan entry) to the top kernel's process: the warm-up is slower then, never wrong.
"""

from __future__ import annotations

import heapq
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from baofen_sim.runs.warmup.plan import CompilePlan

POLL_SECONDS = 0.5  # how often the coordinator wakes without news (Ctrl-C stays prompt)


@dataclass
class ParallelOutcome:
    compiled: int = 0  # functions compiled (or found in the cache) by the processes
    failed: list[str] = field(default_factory=list)  # "function: error" the processes could not compile
    stopped: list[str] = field(default_factory=list)  # why a process stopped early or did not start


class _Process:
    """One compile process, its replies read into a shared queue by a thread of its own."""

    def __init__(self, number: int, replies: queue.Queue) -> None:
        import baofen_sim

        package_parent = os.path.dirname(os.path.dirname(os.path.abspath(baofen_sim.__file__)))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [package_parent,
                                                                           os.environ.get("PYTHONPATH")]))}
        self.number = number
        self.task: int | None = None
        self.errors: IO[bytes] = tempfile.TemporaryFile()
        self.popen = subprocess.Popen([sys.executable, "-m", "baofen_sim.runs.warmup.worker"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=self.errors, text=True, env=env)
        threading.Thread(target=self._read, args=(replies,), daemon=True).start()

    def _read(self, replies: queue.Queue) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            try:
                replies.put((self, json.loads(line)))
            except ValueError:
                continue
        replies.put((self, None))

    def send(self, message: dict[str, Any]) -> bool:
        try:
            assert self.popen.stdin is not None
            self.popen.stdin.write(json.dumps(message) + "\n")
            self.popen.stdin.flush()
            return True
        except (OSError, ValueError):
            return False

    def why_stopped(self) -> str:
        self.errors.seek(0)
        lines = self.errors.read().decode(errors="replace").strip().splitlines()
        return f"exit code {self.popen.poll()}" + (f": {lines[-1]}" if lines else "")

    def close(self, wait_seconds: float) -> None:
        try:
            if self.popen.stdin:
                self.popen.stdin.close()
            self.popen.wait(wait_seconds)
        except (OSError, subprocess.TimeoutExpired):
            self.popen.kill()
            self.popen.wait()
        finally:
            self.errors.close()


def caller_ranks(plan: CompilePlan) -> list[int]:
    """For each entry, the longest chain of plan entries that call it (0: only the top kernel calls it). A play
    the engine calls by address (each game's `sampler_play` hook, the sampler's search: the longest compile, on no
    chain below the top kernel) ranks above every chain, so that it and what it calls start first."""
    from baofen_sim.games import GAMES

    addressed = {game.hook_path("sampler_play") for game in GAMES}
    ranks = [len(plan.entries) if entry.function in addressed else 0 for entry in plan.entries]
    for i in range(len(plan.entries) - 1, -1, -1):  # callers come after their callees
        for need in plan.entries[i].needs:
            ranks[need] = max(ranks[need], ranks[i] + 1)
    return ranks


def compile_in_processes(plan: CompilePlan, policies: tuple[str, ...], processes: int,
                         done: Callable[[str], None] = lambda function: None) -> ParallelOutcome:
    """Compile every entry of `plan` with `processes` processes into this process's cache (policy set
    `policies`); `done(function)` after each. Ctrl-C stops the processes and is raised here."""
    from baofen_sim.kernels import cache  # imported here: importing the kernels fixes the policy set

    outcome = ParallelOutcome()
    entries = plan.entries
    waiting_on = [len(set(entry.needs)) for entry in entries]
    callers: list[list[int]] = [[] for _ in entries]
    for i, entry in enumerate(entries):
        for need in set(entry.needs):
            callers[need].append(i)
    ranks = caller_ranks(plan)
    ready = [(-ranks[i], i) for i, count in enumerate(waiting_on) if count == 0]
    heapq.heapify(ready)
    replies: queue.Queue = queue.Queue()
    setup = {"policies": list(policies), "cache_dir": str(cache.configure()), "types": plan.types}
    started = [_Process(number, replies) for number in range(processes)]
    live = {process for process in started if process.send(setup)}
    idle: list[_Process] = []
    finished = 0
    try:
        while finished < len(entries) and live:
            while idle and ready:
                _, i = heapq.heappop(ready)
                process = idle.pop()
                if process.send({"function": entries[i].function, "args": list(entries[i].args)}):
                    process.task = i
                else:
                    heapq.heappush(ready, (-ranks[i], i))
            try:
                process, reply = replies.get(timeout=POLL_SECONDS)
            except queue.Empty:
                continue
            if reply is None or ("ready" not in reply and "function" not in reply):  # stopped, or did not start
                live.discard(process)
                if process in idle:
                    idle.remove(process)
                outcome.stopped.append(f"compile process {process.number}: "
                                       f"{reply['error'] if reply else process.why_stopped()}")
                if process.task is not None:  # its function goes to another process
                    heapq.heappush(ready, (-ranks[process.task], process.task))
                    process.task = None
                continue
            if "function" in reply and process.task is not None:  # else: "ready"
                i, process.task = process.task, None
                finished += 1
                if reply["error"]:
                    outcome.failed.append(f"{entries[i].function}: {reply['error']}")
                else:
                    outcome.compiled += 1
                done(entries[i].function)
                for caller in callers[i]:
                    waiting_on[caller] -= 1
                    if waiting_on[caller] == 0:
                        heapq.heappush(ready, (-ranks[caller], caller))
            idle.append(process)
    finally:
        for process in started:
            process.close(wait_seconds=5.0 if finished == len(entries) else 0.0)
    return outcome
