"""Scaling benchmark (scripts/bench_scaling.py): hands/s of whole runs to Parquet with 1 and 2 threads on the
local backend and with a Dask LocalCluster of 2 workers, the efficiency of each, the overhead of a chunk and of
a Dask task, and a paper projection for a cluster; appended to results/BENCHMARKS.md with the date, the
machine and the command. Each figure comes from a fresh process with a warm engine (compile time excluded).

Overheads: the same hands played in one-table chunks and in one large chunk per worker; the difference in
wall time, times the number of parallel workers, over the difference in chunks, is what one chunk costs beyond
its hands (Parquet writing, checksums, the manifest journal, and on Dask the task's round trip).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from baofen_sim.dev.bench import machine, run_child

_RUN = """
import json, tempfile, time
from baofen_sim.policies.selection import parse_policy_options
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate
policies, params = parse_policy_options(["heuristic"], [], 4)
spec = RunSpec(policies=policies, params=params, deals={hands}, seed=1, chunk_size={chunk_size}, threads={threads})
backend = None
if {dask}:
    from baofen_sim.runs.distributed import DaskBackend
    backend = DaskBackend(workers={workers}, echo=lambda line: None)
    backend.warm_up()
with tempfile.TemporaryDirectory() as out:
    simulate(spec.replace(deals=2048, chunk_size=2048), out + "/warm", progress=False, backend=backend)
    started = time.perf_counter()
    simulate(spec, out + "/run", progress=False, backend=backend)
    seconds = time.perf_counter() - started
if backend is not None:
    backend.close()
print(json.dumps({{"seconds": seconds}}))
"""

_WRITE = """
import json, tempfile, time
from pathlib import Path
from baofen_sim.games.baofen.engine import run_chunk
from baofen_sim.io.parquet import file_sha256, write_part
from baofen_sim.io.schema import hands_to_arrow
from baofen_sim.runs.runspec import RunSpec
spec = RunSpec(policies=("heuristic",) * 4, deals={chunk_size}, seed=1)
result = run_chunk(spec, 0, spec.tables)
times = []
with tempfile.TemporaryDirectory() as out:
    for i in range(5):
        started = time.perf_counter()
        path = Path(out, f"part-{{i}}.parquet")
        write_part(hands_to_arrow(result.hands, 4), path)
        file_sha256(path)
        times.append(time.perf_counter() - started)
print(json.dumps({{"seconds": min(times)}}))
"""

NODES, CORES_PER_NODE, PROJECTED_HANDS = 16, 32, 1_000_000_000
IDEAL_EFFICIENCY = 0.95  # Numba prange on 2 threads of this machine when it was quiet (1.90x)
HANDS_PART_BYTES_PER_HAND = 12.8  # results/BENCHMARKS.md: 1,000,000 heuristic hands to Parquet


@dataclass
class ScalingConfig:
    hands: int = 400_000  # per throughput measurement
    overhead_hands: int = 16_000  # played in one-table chunks and in large chunks
    chunk_size: int = 65_536


def _seconds(hands: int, chunk_size: int, threads: int | None, dask: bool, workers: int = 2) -> float:
    code = _RUN.format(hands=hands, chunk_size=chunk_size, threads=threads, dask=dask, workers=workers)
    return run_child(code)["seconds"]


def measure_scaling(config: ScalingConfig, echo: Callable[[str], None] = print) -> dict:
    """Every figure of the scaling table, as a dict."""
    rates = {}
    for label, threads, dask in (("local, 1 thread", 1, False), ("local, 2 threads", 2, False),
                                 ("dask, 2 workers x 1 thread", None, True)):
        rates[label] = config.hands / _seconds(config.hands, config.chunk_size, threads, dask)
        echo(f"{label}: {rates[label]:,.0f} hands/s")
    tables = config.overhead_hands // 16
    overhead = {}
    for label, threads, dask, workers in (("local", 1, False, 1), ("dask", None, True, 2)):
        small = _seconds(config.overhead_hands, 16, threads, dask)
        large = _seconds(config.overhead_hands, config.overhead_hands // workers, threads, dask)
        overhead[label] = (small - large) * workers / (tables - workers)
        echo(f"{label}: {1000 * overhead[label]:.2f} ms per chunk beyond its hands "
             f"({tables} one-table chunks {small:.1f} s, {workers} chunk(s) {large:.1f} s)")
    write = run_child(_WRITE.format(chunk_size=config.chunk_size))["seconds"]
    echo(f"writing one chunk of {config.chunk_size:,} hands (Arrow, Parquet, SHA-256): {write:.3f} s")
    return {"rates": rates, "overhead_s": overhead, "write_s": write, "config": config}


def projection(figures: dict) -> dict:
    """1,000,000,000 heuristic hands on NODES nodes of CORES_PER_NODE cores, from the measured per-core rate
    and the Dask efficiency, with the default chunk size."""
    rates = figures["rates"]
    per_core = rates["local, 1 thread"]
    efficiency = rates["dask, 2 workers x 1 thread"] / (2 * per_core)
    cores = NODES * CORES_PER_NODE
    tasks = -(-PROJECTED_HANDS // figures["config"].chunk_size)
    compute = PROJECTED_HANDS / (per_core * cores * efficiency)
    return {"cores": cores, "per_core": per_core, "efficiency": efficiency, "seconds": compute, "tasks": tasks,
            "ideal_seconds": PROJECTED_HANDS / (per_core * cores * IDEAL_EFFICIENCY),
            "task_seconds": tasks * figures["overhead_s"]["dask"] / cores,
            "gigabytes": PROJECTED_HANDS * HANDS_PART_BYTES_PER_HAND / 1e9}


def markdown(figures: dict, command: str) -> str:
    rates, overhead, config = figures["rates"], figures["overhead_s"], figures["config"]
    one = rates["local, 1 thread"]
    p = projection(figures)
    lines = ["", f"## Scaling, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", "",
             f"- machine: {machine()}, shared with other work while measuring (figures are noisy)",
             f"- command: `{command}`",
             f"- {config.hands:,} heuristic hands per run, to Parquet, chunk size {config.chunk_size:,}, warm engine; "
             "each run in a fresh process", "",
             "| backend | hands/s | speed-up over 1 thread | efficiency (speed-up / cores) |",
             "|---|---:|---:|---:|"]
    for label, rate in rates.items():
        cores = 1 if label == "local, 1 thread" else 2
        lines.append(f"| {label} | {rate:,.0f} | {rate / one:.2f}x | {rate / one / cores:.0%} |")
    lines += ["", f"- overhead per chunk beyond its hands ({config.overhead_hands:,} hands in one-table chunks "
              f"against one chunk per worker): local {1000 * overhead['local']:.1f} ms (Parquet, checksum, "
              "journal line); "
              f"Dask {1000 * overhead['dask']:.1f} ms per task (the same plus the task's round trip to a worker)",
              "", f"Projection (on paper) for {PROJECTED_HANDS:,} heuristic hands on {NODES} nodes x {CORES_PER_NODE} "
              f"cores = {p['cores']} cores, {CORES_PER_NODE} one-thread workers per node (or one worker over "
              f"{CORES_PER_NODE} Numba threads), default chunks of {config.chunk_size:,} hands:", "",
              f"- time: {PROJECTED_HANDS:,} / ({p['per_core']:,.0f} hands/s per core x {p['cores']} cores x "
              f"{p['efficiency']:.0%} efficiency, the Dask figure above) = {p['seconds'] / 60:.1f} min of play "
              f"({p['ideal_seconds'] / 60:.1f} min at the {IDEAL_EFFICIENCY:.0%} seen on a quiet machine), plus "
              f"{p['tasks']:,} tasks x {1000 * overhead['dask']:.1f} ms / {p['cores']} cores = "
              f"{p['task_seconds']:.1f} s of task overhead, plus a first compile on each node (~70 s) unless the "
              "nodes share a warm $BAOFEN_SIM_CACHE_DIR on the same CPU model",
              f"- data: {p['gigabytes']:.1f} GB of hands at {HANDS_PART_BYTES_PER_HAND} bytes/hand "
              f"({p['tasks']:,} part files); `--tricks` adds 25 rows per hand, several times that",
              f"- what limits it: per-core play speed (the run is CPU-bound: {p['seconds'] / 60:.1f} min), and on "
              f"each node the writing: a chunk takes {figures['write_s']:.2f} s to write on one core against "
              f"{config.chunk_size / p['per_core']:.1f} s to play on one, so {CORES_PER_NODE} one-thread workers per "
              f"node write {figures['write_s'] * p['per_core'] / config.chunk_size:.0%} of the time, while one "
              f"worker playing over {CORES_PER_NODE} Numba threads "
              f"({config.chunk_size / p['per_core'] / CORES_PER_NODE:.2f} s a chunk) needs "
              f"{figures['write_s'] * p['per_core'] * CORES_PER_NODE / config.chunk_size:.0f}+ Dask threads "
              "(`--nthreads`) writing side by side to keep up; "
              f"the shared filesystem must take {p['gigabytes'] / max(p['seconds'], 1):.2f} GB/s, which is little; "
              f"the scheduler sees {p['tasks'] / max(p['seconds'], 1):.0f} tasks/s, far below the ~1,000/s a Dask "
              "scheduler handles; the client's manifest journal gets one line per task. Efficiency at 32 threads "
              "per node was not measured here (2 cores): Numba prange scaled 1.9x on 2 threads of this machine.",
              ""]
    return "\n".join(lines)
