"""Run a RunSpec into an output directory (DESIGN.md §1, §7): plan the chunks, play each with the engine,
write its part file(s), record it in the manifest. Resumable and interrupt-safe:

- OUT is created if needed. An OUT holding a manifest of another spec (another hash) is refused, and so
  is a non-empty OUT without a manifest. A manifest of the same spec means resume: chunks marked done whose
  files exist are skipped, the rest are (re)played with the chunk plan the manifest recorded.
- Part files appear only complete (temp file + rename), and the manifest is rewritten after each chunk, so
  Ctrl-C at any moment leaves complete part files, no temp files, and a manifest saying which chunks are done.
- One chunk is in memory at a time: memory stays flat in the number of hands.
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn
from rich.text import Text

from baofen_sim.io.manifest import (
    COMPLETE,
    DONE,
    INTERRUPTED,
    PENDING,
    RUNNING,
    ChunkEntry,
    Manifest,
    ManifestError,
    package_versions,
    read_manifest,
    utc_now,
    write_manifest,
)
from baofen_sim.io.parquet import TEMP_GLOB, remove_temp_files, write_part
from baofen_sim.io.schema import ChunkResult, SchemaError, hands_to_arrow, tricks_to_arrow
from baofen_sim.runspec import RunSpec, plan_chunks

ChunkRunner = Callable[[RunSpec, int, int], ChunkResult]  # (spec, first_table, n_tables) → columns


class SimulateError(Exception):
    """A run that cannot start: OUT holds another run or other files, a bad thread count."""


@dataclass(frozen=True, slots=True)
class SimulateSummary:
    out_dir: Path
    hands: int  # hands in the run
    chunks_run: int  # played in this call
    chunks_skipped: int  # already done by an earlier call
    seconds: float  # this call


COMPILE_NOTICE = ("compiling the engine for these policies on this machine (once: about a minute on 2 cores; "
                  "`baofen-sim warmup` does it ahead of time) ...")


def engine_is_compiled() -> bool:
    """True if this machine's Numba cache holds the engine for the current sources (a warm start)."""
    from baofen_sim.engine.chunk import play_tables

    try:
        return Path(play_tables._cache._cache_file._index_path).exists()
    except AttributeError:  # another Numba version's cache layout: assume warm rather than guess
        return True


def warm_up_engine(policies: tuple[str, ...]) -> float:
    """Compile the engine for the policy set of `policies` (or load it from the cache) by playing one hand
    with each of them; the seconds it took. The set must already be selected (`policies.select_policies`)."""
    from baofen_sim.engine import run_chunk

    started = time.perf_counter()
    for name in dict.fromkeys(policies):
        run_chunk(RunSpec(policies=(name,) * 4, deals=1, hands_per_table=1), 0, 1)
    return time.perf_counter() - started


def engine_run_chunk(spec: RunSpec, first_table: int, n_tables: int) -> ChunkResult:
    """The Numba engine's chunk runner (imported on first use: it compiles or loads cached kernels)."""
    from baofen_sim.engine import run_chunk

    return run_chunk(spec, first_table, n_tables)


def simulate(
    spec: RunSpec, out_dir: str | Path, progress: bool | None = None, run_chunk: ChunkRunner | None = None
) -> SimulateSummary:
    """Play `spec` into `out_dir`, resuming an earlier interrupted call. `progress`: show a rich progress
    bar (None: only when stdout is a terminal). `run_chunk` replaces the engine (tests)."""
    started = time.perf_counter()
    out = Path(out_dir)
    spec, manifest = open_run(spec, out)
    set_threads(spec.threads)
    work = [(spec, entry) for entry in manifest.chunks]
    run = play_entries(out, manifest, work, spec.threads, progress, run_chunk or engine_run_chunk)
    return SimulateSummary(out, spec.deals, run, len(manifest.chunks) - run, time.perf_counter() - started)


def play_entries(out: Path, manifest: Any, work: list[tuple[RunSpec, ChunkEntry]], threads: int | None,
                 progress: bool | None, runner: ChunkRunner, title: str = "simulate") -> int:
    """Play the chunks of `work` that are not done into OUT, rewriting `manifest` (a run's or a sweep's:
    its `sessions`, `status`, `elapsed_seconds`) after each; the number played. Interrupted (Ctrl-C, an
    error): the manifest says so and the complete part files stay."""
    todo = [(spec, entry) for spec, entry in work if not is_done(out, entry)]
    if not todo and manifest.status == COMPLETE:
        return 0
    for _, entry in todo:
        entry.status = PENDING
    session: dict[str, Any] = {"started": utc_now(), "threads": threads, "chunks_run": 0,
                               "versions": package_versions()}
    manifest.sessions.append(session)
    manifest.status = RUNNING
    write_manifest(out, manifest)
    show = sys.stdout.isatty() if progress is None else progress
    total = sum(entry.hands for _, entry in work)
    try:
        with progress_bar(show, total, total - sum(entry.hands for _, entry in todo), title) as advance:
            for spec, entry in todo:
                write_chunk(spec, out, entry, runner)
                manifest.elapsed_seconds += entry.seconds or 0.0
                session["chunks_run"] += 1
                write_manifest(out, manifest)
                advance(entry.hands)
    except BaseException:
        manifest.status = INTERRUPTED
        with contextlib.suppress(Exception):
            write_manifest(out, manifest)
        raise
    manifest.status = COMPLETE
    write_manifest(out, manifest)
    return len(todo)


def open_run(spec: RunSpec, out: Path) -> tuple[RunSpec, Manifest]:
    """Create OUT and its manifest, or check that OUT holds a run of `spec` and prepare to resume it.

    Returns the spec to run (on resume, with the chunk size the manifest recorded) and the manifest.
    """
    manifest = open_out(out, read_manifest)
    if manifest is None:
        manifest = Manifest.new(spec, plan_chunks(spec))
        write_manifest(out, manifest)
    else:
        _check_same_run(spec, manifest, out)
        spec = spec.replace(chunk_size=manifest.spec["chunk_size"])
    prepare_parts(out, manifest.chunks)
    return spec, manifest


def open_out(out: Path, read: Callable[[Path], Any]) -> Any:
    """Create OUT if needed and return its manifest as `read` reads it (None in a new or empty OUT).
    SimulateError if OUT is a file, holds an unreadable manifest, or other files without a manifest."""
    if out.exists() and not out.is_dir():
        raise SimulateError(f"--out {out}: not a directory")
    out.mkdir(parents=True, exist_ok=True)
    try:
        manifest = read(out)
    except ManifestError as error:
        raise SimulateError(f"{error}; choose another --out") from None
    if manifest is None and any(not path.match(TEMP_GLOB) for path in out.iterdir()):
        raise SimulateError(f"--out {out} is not empty and holds no manifest.json; choose a new or empty --out")
    return manifest


def prepare_parts(out: Path, entries: list[ChunkEntry]) -> None:
    """The folders of the entries' part files exist and hold no temp file of an interrupted write (OUT/hands/,
    OUT/tricks/, a sweep's hive folders; resuming a run of the old layout, OUT itself)."""
    remove_temp_files(out)
    folders = {(out / part).parent for entry in entries for part in (entry.part, entry.tricks_part) if part}
    for folder in sorted(folders):
        folder.mkdir(parents=True, exist_ok=True)
        remove_temp_files(folder)


def _check_same_run(spec: RunSpec, manifest: Manifest, out: Path) -> None:
    if manifest.spec_hash == spec.spec_hash():
        return
    try:
        old = manifest.run_spec().outcome_fields()
        old["rules_version"] = manifest.rules_version
        differing = ", ".join(_differences(old, spec.outcome_fields())) or "spec hash"
    except ValueError:  # a manifest spec this version cannot read back
        differing = "spec hash"
    raise SimulateError(
        f"--out {out} holds a run of a different spec (differs in: {differing}); choose another --out or delete it"
    )


def _differences(old: dict[str, Any], new: dict[str, Any], prefix: str = "") -> list[str]:
    names = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            names += _differences(a, b, f"{prefix}{key}.")
        elif a != b:
            names.append(prefix + key)
    return names


def is_done(out: Path, entry: ChunkEntry) -> bool:
    """The manifest marks the chunk done and its files exist."""
    files = [entry.part] + ([entry.tricks_part] if entry.tricks_part else [])
    return entry.status == DONE and all((out / name).is_file() for name in files)


def write_chunk(spec: RunSpec, out: Path, entry: ChunkEntry, run_chunk: ChunkRunner) -> None:
    """Play one chunk and write its part file(s); marks `entry` done with its time and size."""
    started = time.perf_counter()
    result = run_chunk(spec, entry.first_table, entry.n_tables)
    expected = np.repeat(np.arange(entry.first_hand, entry.first_hand + entry.hands), spec.rows_per_hand)
    hand = result.hands.get("hand")
    if hand is None or not np.array_equal(hand, expected):
        raise SchemaError(f"chunk at table {entry.first_table}: `hand` is not {entry.first_hand}.."
                          f"{entry.first_hand + entry.hands - 1} in order ({spec.rows_per_hand} row(s) each)")
    hands = hands_to_arrow(result.hands, spec.num_players)
    size = 0
    if entry.tricks_part:
        if result.tricks is None:
            raise SchemaError("the run asks for tricks but the engine returned none")
        size += write_part(tricks_to_arrow(result.tricks), out / entry.tricks_part)
    size += write_part(hands, out / entry.part)
    entry.status, entry.seconds, entry.bytes = DONE, round(time.perf_counter() - started, 4), size


def set_threads(threads: int | None) -> None:
    """Numba's thread count for this process (None: leave Numba's default)."""
    if threads is None:
        return
    import numba

    limit = numba.config.NUMBA_NUM_THREADS
    if threads > limit:
        raise SimulateError(f"--threads {threads}: at most {limit} here (NUMBA_NUM_THREADS)")
    numba.set_num_threads(threads)


def default_out_dir(spec: RunSpec, root: str | Path = "runs") -> Path:
    """`runs/<rules>-<policy>-n<deals>-s<seed>-<hash8>`: rerunning the same command resumes the same run."""
    policy = spec.policies[0] if len(set(spec.policies)) == 1 else "mixed"
    name = f"{spec.rules.name}-{policy}-n{spec.deals}-s{spec.seed}-{spec.spec_hash()[:8]}"
    return Path(root) / re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


# ---- progress ----


class HandsPerSecondColumn(ProgressColumn):
    def render(self, task: Any) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} hands/s" if speed else "- hands/s", style="progress.data.speed")


@contextlib.contextmanager
def progress_bar(enabled: bool, total: int, done: int, title: str = "simulate") -> Iterator[Callable[[int], None]]:
    """A function advancing a rich progress bar by n hands (a no-op when not `enabled`)."""
    if not enabled:
        yield lambda n: None
        return
    columns = (TextColumn(title), BarColumn(), MofNCompleteColumn(), HandsPerSecondColumn(),
               TextColumn("ETA"), TimeRemainingColumn())
    with Progress(*columns) as bar:
        task = bar.add_task("hands", total=total, completed=done)
        yield lambda n: bar.advance(task, n)
