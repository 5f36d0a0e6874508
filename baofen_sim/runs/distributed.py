"""The Dask backend (DESIGN.md §1, §2): a run's chunks as Dask tasks, for runs that outgrow one machine.

- Each chunk is one task: it plays the chunk on a worker and writes the chunk's part files there (temp name
  + rename, `simulate.write_chunk`), and returns only its manifest entry (rows, bytes, SHA-256 of each part).
  The client (this process) alone writes the manifest, so resuming, extending and `report` work as with the
  local backend, and the rows do not depend on the backend (DESIGN.md §4).
- `DaskBackend()` starts a `LocalCluster` of `workers` processes with one task thread each and the cores shared
  out as Numba threads; `DaskBackend(scheduler=ADDR)` joins a running cluster (`dask scheduler`,
  `dask worker ADDR`, dask-jobqueue); ADDR may also be a scheduler file (`*.json`).
- Workers write to OUT's absolute path: on a shared filesystem the client sees every part; otherwise each
  worker's parts land in its own copy of that path, to be gathered into OUT before a resume or `report`.
- Warm-up: before the first chunk, one worker selects the run's policy set and loads the engine (compiling it
  if its Numba cache is cold), then every other worker does: workers that share the cache directory
  ($BAOFEN_SIM_CACHE_DIR) load it warm instead of compiling side by side. A worker that joins later warms
  itself on its first task.
- A worker process plays one chunk at a time (its chunk runs over Numba's threads, `--threads`); the Parquet
  writing of one chunk overlaps the play of the next.
- At most IN_FLIGHT_PER_THREAD tasks per worker thread are submitted ahead, so the client's memory does not
  grow with --deals.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from baofen_sim import policy_set
from baofen_sim.io.manifest import ChunkEntry
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import (
    ENGINE_RUNNER,
    ChunkRunner,
    ChunkTask,
    Echo,
    SimulateError,
    note,
    set_threads,
    write_chunk,
)

IN_FLIGHT_PER_THREAD = 2
WORKER_WAIT_SECONDS = 60.0  # for the first worker of a scheduler to join
CONNECT_SECONDS = 20.0

_engine_lock = threading.Lock()  # one chunk at a time per worker process: Numba's threads serve it


class DaskBackend:
    """Chunks as Dask tasks on a LocalCluster (`scheduler` None) or on the cluster of the scheduler at
    `scheduler`. Use as a context manager (or call `close`): it closes what it started."""

    name = "dask"

    def __init__(self, scheduler: str | None = None, workers: int | None = None, echo: Echo = note):
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise SimulateError("--backend dask needs dask and distributed: pip install 'dask[distributed]'") from None
        if workers is not None and (scheduler is not None or workers < 1):
            raise SimulateError("--workers N (N >= 1) sizes the LocalCluster of --backend dask without --scheduler")
        self.echo, self.cluster, self.game = echo, None, None
        if scheduler is None:
            workers = workers or os.cpu_count() or 1
            numba_threads = max(1, (os.cpu_count() or 1) // workers)
            self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                        dashboard_address=None, env={"NUMBA_NUM_THREADS": str(numba_threads)})
            self.client = Client(self.cluster)
        else:
            try:
                if scheduler.endswith(".json"):
                    self.client = Client(scheduler_file=scheduler, timeout=CONNECT_SECONDS)
                else:
                    self.client = Client(scheduler, timeout=CONNECT_SECONDS)
            except (OSError, ValueError, TypeError) as error:
                raise SimulateError(f"--scheduler {scheduler}: cannot connect ({error})") from None
        self.address = self.client.scheduler.address
        self.threads: int | None = None
        self._warm = False

    def __enter__(self) -> DaskBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def check(self, spec: RunSpec) -> None:
        self.threads = spec.threads  # checked on each worker against its own cores
        self.game = spec.rules.game  # the engine the workers load

    def session(self) -> dict[str, Any]:
        return {"backend": self.name, "scheduler": self.address, "workers": len(self._workers()),
                "threads": self.threads}

    def _workers(self) -> dict[str, Any]:
        return self.client.scheduler_info(n_workers=-1)["workers"]

    def warm_up(self) -> None:
        """Every worker loads (or compiles) the engine for this process's policy set: one first, then the rest."""
        try:
            self.client.wait_for_workers(1, timeout=WORKER_WAIT_SECONDS)
        except TimeoutError:
            raise SimulateError(f"no Dask worker joined the scheduler at {self.address} within "
                                f"{WORKER_WAIT_SECONDS:.0f} s (start some: dask worker {self.address})") from None
        policies = policy_set.selected()
        started = time.perf_counter()
        self.echo(f"dask: loading the engine on the workers at {self.address} (a worker whose Numba cache is "
                  "cold compiles it first: about a minute) ...")
        first = sorted(self._workers())[:1]
        self.client.run(prepare_worker, policies, self.game, workers=first)
        self.client.run(prepare_worker, policies, self.game)
        self.echo(f"dask: {len(self._workers())} worker(s) at {self.address} ready in "
                  f"{time.perf_counter() - started:.1f} s")
        self._warm = True

    def run(self, out: Path, tasks: Iterable[ChunkTask], runner: ChunkRunner) -> Iterator[ChunkTask]:
        from distributed import as_completed

        if not self._warm and runner is ENGINE_RUNNER:  # another runner (a test's) needs no engine
            self.warm_up()
        folder, policies, token = str(out.resolve()), policy_set.selected(), uuid.uuid4().hex[:8]
        limit = max(2, IN_FLIGHT_PER_THREAD * sum(w["nthreads"] for w in self._workers().values()))
        todo = iter(tasks)
        submitted: dict[Any, ChunkTask] = {}
        finished = as_completed()

        def submit() -> bool:
            task = next(todo, None)
            if task is None:
                return False
            key = f"chunk-{token}-{'' if task.variant is None else f'{task.variant}-'}{task.entry.first_table}"
            future = self.client.submit(play_chunk_task, folder, task.spec, task.entry, runner, policies,
                                        key=key, pure=False)
            submitted[future] = task
            finished.add(future)
            return True

        try:
            while len(submitted) < limit and submit():
                pass
            for future in finished:
                task = submitted.pop(future)
                entry = future.result()  # a task's exception is raised here
                yield ChunkTask(task.variant, task.spec, entry)
                submit()
        finally:
            if submitted:
                self.client.cancel(list(submitted))


def prepare_worker(policies: tuple[str, ...], game: str | None = None) -> float:
    """On a worker: select the run's policy set and load (or compile) the game's engine; the seconds it took."""
    from baofen_sim.runs.simulate import warm_up_engine

    names = policy_set.select(policies)
    with _engine_lock:
        return warm_up_engine(names, game)


def play_chunk_task(out: str, spec: RunSpec, entry: ChunkEntry, runner: ChunkRunner,
                    policies: tuple[str, ...]) -> ChunkEntry:
    """On a worker: play one chunk and write its part files below `out`; its entry, filled in."""
    policy_set.select(policies)
    root = Path(out)
    for part in (entry.part, entry.tricks_part):
        if part:
            (root / part).parent.mkdir(parents=True, exist_ok=True)

    def locked(run_spec: RunSpec, first_table: int, n_tables: int) -> Any:
        with _engine_lock:
            set_threads(run_spec.threads)
            return runner(run_spec, first_table, n_tables)

    write_chunk(spec, root, entry, locked)
    return entry
