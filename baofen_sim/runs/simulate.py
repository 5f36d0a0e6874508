"""Run a RunSpec into an output directory (DESIGN.md §1, §7): plan the chunks, play each with a backend,
write its part file(s), record it in the manifest. Resumable, interrupt-safe, one process per OUT:

- OUT is created if needed and locked for the run (`io.lock`: a second process on it is refused, naming the
  first). A manifest of the same spec means resume: chunks recorded done whose files still match the
  recorded size and SHA-256 are skipped, the rest (a part truncated or altered since) play again, with the
  chunk plan the manifest recorded. A spec that differs only by more --deals extends the run: its hands are
  kept (hand h is the same deal either way) and the rest are added. Any other spec, or a non-empty OUT without
  a manifest, is refused; `overwrite=True` replaces another run (never files that are not a run's).
- Part files appear only complete (temp file + rename); the manifest is kept current by `ManifestWriter` (a
  journal line per chunk, a full rewrite at most every minute), so Ctrl-C or kill -9 at any moment leaves
  complete part files and a manifest (with its journal) saying which chunks are done.
- Nothing is planned ahead in memory (`runspec.ChunkPlan`), and at most two chunks per worker are in memory at a
  time (one playing, the one before it being written): memory stays flat in the number of hands.
- Backends: `LocalBackend`, chunks one after another in this process over Numba's threads (`--threads`), each
  chunk's part files written by one background thread while the next chunk plays; the Dask backend
  (`baofen_sim.runs.distributed`), each chunk a task that writes its own part files. Only this process writes the
  manifest.
"""

from __future__ import annotations

import contextlib
import gc
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import numpy as np

from baofen_sim import policy_set
from baofen_sim.games import by_id, game_of
from baofen_sim.io.lock import LOCK_NAME, run_lock
from baofen_sim.io.manifest import (
    COMPLETE,
    DONE,
    INTERRUPTED,
    JOURNAL_NAME,
    MANIFEST_NAME,
    RUNNING,
    ChunkEntry,
    ChunkLedger,
    Manifest,
    ManifestError,
    ManifestWriter,
    SweepManifest,
    package_versions,
    part_problem,
    read_manifest,
    utc_now,
)
from baofen_sim.io.parquet import (
    HANDS_DIR,
    PART_GLOB,
    TEMP_GLOB,
    TRICKS_DIR,
    file_sha256,
    remove_temp_files,
    write_part,
)
from baofen_sim.io.schema import ChunkResult, SchemaError, hands_to_arrow, tricks_to_arrow
from baofen_sim.rules.presets import game_preset
from baofen_sim.runs.progress import progress_reporter
from baofen_sim.runs.runspec import RULES_VERSION, RunSpec

if TYPE_CHECKING:
    from baofen_sim.runs.warmup import WarmUpReport

ChunkRunner = Callable[[RunSpec, int, int], ChunkResult]  # (spec, first_table, n_tables) → columns
Echo = Callable[[str], None]


class SimulateError(Exception):
    """A run that cannot start: OUT holds another run or other files, a bad thread count."""


@dataclass(frozen=True, slots=True)
class SimulateSummary:
    out_dir: Path
    hands: int  # hands in the run
    chunks_run: int  # played in this call
    chunks_skipped: int  # already done by an earlier call
    seconds: float  # this call


class ChunkTask(NamedTuple):
    """One chunk to play: its run's spec and entry (`variant`: its sweep variant's index, None in a run)."""

    variant: int | None
    spec: RunSpec
    entry: ChunkEntry


class Backend(Protocol):
    """Plays chunk tasks and yields each once its part files are written and its entry filled in (in any
    order)."""

    name: str

    def check(self, spec: RunSpec) -> None:
        """Refuse a spec this backend cannot run (before anything is written)."""

    def run(self, out: Path, tasks: Iterable[ChunkTask], runner: ChunkRunner) -> Iterator[ChunkTask]: ...

    def session(self) -> dict[str, Any]:
        """What the manifest's session records of this backend."""


class LocalBackend:
    """The chunks one after another in this process, each over Numba's threads (`spec.threads`); a chunk's part
    files are written by one background thread while the next chunk plays (the engine's top kernel releases the
    GIL, and so do Arrow's encoders), so the Parquet writing hides behind the kernels."""

    name = "local"

    def __init__(self) -> None:
        self.threads: int | None = None

    def check(self, spec: RunSpec) -> None:
        set_threads(spec.threads)
        self.threads = spec.threads

    def run(self, out: Path, tasks: Iterable[ChunkTask], runner: ChunkRunner) -> Iterator[ChunkTask]:
        """Yield each task once its parts are written, in order. When a chunk fails or is interrupted (Ctrl-C
        reaches the main thread, which plays), the chunk before it is still written and yielded first, so the
        manifest records every part that was complete; the writer is always waited for."""
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="baofen-sim-parts") as writer:
            pending: tuple[ChunkTask, Future] | None = None  # the chunk being written
            try:
                for task in tasks:
                    with collector_paused() if pending is None else contextlib.nullcontext():
                        played = played_chunk(task.spec, task.entry, runner)
                    written = writer.submit(write_parts, task.spec, out, task.entry, played)
                    if pending is not None:
                        pending[1].result()
                        yield pending[0]
                    pending = (task, written)
                if pending is not None:
                    pending[1].result()
                    yield pending[0]
            except GeneratorExit:
                raise
            except BaseException:
                if pending is not None and pending[1].exception() is None:
                    yield pending[0]
                raise

    def session(self) -> dict[str, Any]:
        return {"backend": self.name, "threads": self.threads}


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic GC off while the first chunk plays (then as it was): the engine's cached kernels load then,
    allocating objects that live as long as the process, and two full collections walked them during the load
    (0.04 s of a `simulate`)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


COMPILE_NOTICE = ("compiling the engine for these policies on this machine, on every core (once: about 50 s on "
                  "2 cores; `baofen-sim warmup` does it ahead of time) ...")


def engine_is_compiled(game: str | None = None) -> bool:
    """True if this machine's Numba cache holds the engine of game `game` (an id; None: the default game) for the
    current sources (a warm start)."""
    top_kernel = by_id(game).top_kernel()
    try:
        return Path(top_kernel._cache._cache_file._index_path).exists()
    except AttributeError:  # another Numba version's cache layout: assume warm rather than guess
        return True


def warm_up_engine(policies: tuple[str, ...], game: str | None = None) -> float:
    """Compile `game`'s engine for the policy set of `policies` (or load it from the cache) by playing one hand
    with each of them; the seconds it took. The set must already be selected (`policies.select_policies`)."""
    run_chunk = by_id(game).run_chunk
    started = time.perf_counter()
    rules = game_preset(by_id(game).id)
    for name in dict.fromkeys(policies):
        run_chunk(RunSpec(rules=rules, policies=(name,) * rules.num_players, deals=1, hands_per_table=1), 0, 1)
    return time.perf_counter() - started


def compile_engine(show: bool | None = None, game: str | None = None) -> WarmUpReport:
    """Compile `game`'s engine of this process's policy set on every core (`baofen_sim.runs.warmup`), showing it
    progress (`show` as `simulate`'s `progress`); the top kernel compiles here, by `warm_up_engine`."""
    from baofen_sim.runs.warmup import warm_up

    return warm_up(lambda: warm_up_engine(policy_set.selected(), game), show=show, game=game)


def engine_run_chunk(spec: RunSpec, first_table: int, n_tables: int) -> ChunkResult:
    """The chunk runner of the Numba engine of the spec's game (imported on first use: it compiles or loads cached
    kernels). Its hand columns are views of the engine's rows: `write_parts` copies them, in the writer thread
    while the next chunk plays (0.1 s of a million hands off the playing thread)."""
    return game_of(spec.rules).run_chunk(spec, first_table, n_tables, copy=False)


ENGINE_RUNNER = engine_run_chunk  # the engine itself, whatever a test puts in its place


def simulate(spec: RunSpec, out_dir: str | Path, progress: bool | None = None, run_chunk: ChunkRunner | None = None,
             overwrite: bool = False, backend: Backend | None = None, echo: Echo | None = None) -> SimulateSummary:
    """Play `spec` into `out_dir`, resuming (or extending) an earlier run of it. `progress`: a rich progress bar
    on stderr (None: a bar on a terminal, else a line every PROGRESS_LINE_SECONDS). `overwrite`: replace a run
    of another spec. `backend`: LocalBackend by default. `run_chunk` replaces the engine (tests). `echo` takes
    the notes (a part played again, a run extended); default stderr."""
    started = time.perf_counter()
    out, backend, echo = Path(out_dir), backend or LocalBackend(), echo or note
    backend.check(spec)
    make_out_dir(out)
    with run_lock(out):
        spec, manifest = open_run(spec, out, overwrite, echo)
        ledger = manifest.ledger(spec)
        prepare_parts(out, ledger.folders())
        run, skipped = play_chunks(out, manifest, [(None, ledger)], backend, progress, run_chunk or engine_run_chunk,
                                   echo=echo)
    return SimulateSummary(out, spec.deals, run, skipped, time.perf_counter() - started)


def note(text: str) -> None:
    print(text, file=sys.stderr)


def play_chunks(out: Path, manifest: Manifest | SweepManifest, ledgers: Sequence[tuple[int | None, ChunkLedger]],
                backend: Backend, progress: bool | None, runner: ChunkRunner, title: str = "simulate",
                echo: Echo = note) -> tuple[int, int]:
    """Play the chunks of `ledgers` that are not done (or whose parts no longer match the manifest) into OUT
    with `backend`, keeping `manifest` (a run's or a sweep's) current; (chunks played, chunks already done).
    Interrupted (Ctrl-C, an error): the manifest says so and the complete part files stay."""
    for _, ledger in ledgers:
        for path, problem in verify_done(out, ledger):
            echo(f"warning: {path} {problem}; its chunk plays again")
    skipped = sum(len(ledger.done) for _, ledger in ledgers)
    total = sum(ledger.spec.deals for _, ledger in ledgers)
    done = sum(ledger.hands_done for _, ledger in ledgers)
    if done == total and manifest.status == COMPLETE:
        return 0, skipped
    session: dict[str, Any] = {"started": utc_now(), "command": sys.argv, **backend.session(), "chunks_run": 0,
                               "versions": package_versions()}  # the command: what resumes the run (report)
    manifest.sessions.append(session)
    manifest.status = RUNNING
    writer = ManifestWriter(out, manifest)
    writer.save()
    game = ledgers[0][1].spec.rules.game
    if runner is ENGINE_RUNNER and backend.name == LocalBackend.name and not engine_is_compiled(game):
        echo(COMPILE_NOTICE)
        report = compile_engine(progress, game)
        for line in report.notes:
            echo(f"note: {line}")
        echo(report.summary(policy_set.selected()))
    tasks = (ChunkTask(variant, ledger.spec, entry) for variant, ledger in ledgers for entry in ledger.pending())
    try:
        with progress_reporter(progress, total, done, title) as advance:
            for task in backend.run(out, tasks, runner):
                manifest.elapsed_seconds += task.entry.seconds or 0.0
                session["chunks_run"] += 1
                writer.chunk_done(task.entry, task.variant)
                advance(task.entry.hands)
    except BaseException:
        manifest.status = INTERRUPTED
        with contextlib.suppress(Exception):
            writer.close()
        raise
    manifest.status = COMPLETE
    writer.close()
    return session["chunks_run"], skipped


def make_out_dir(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise SimulateError(f"--out {out}: not a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SimulateError(f"--out {out}: cannot create it ({error.strerror or error})") from None


def open_run(spec: RunSpec, out: Path, overwrite: bool = False, echo: Echo = note) -> tuple[RunSpec, Manifest]:
    """Create OUT's manifest, or check that OUT holds a run of `spec` (or of fewer of its deals) and prepare to
    resume (or extend) it; with `overwrite`, replace a run of another spec.

    Returns the spec to run (with the chunk size the manifest recorded) and the manifest.
    """
    manifest = open_out(out, read_manifest, overwrite)
    if manifest is not None and manifest.spec_hash != spec.spec_hash():
        old = _recorded_spec(manifest)
        if old is not None and extends(old, spec, manifest.rules_version):
            spec = spec.replace(chunk_size=old.chunk_size)
            manifest.spec, manifest.spec_hash = spec.to_dict(), spec.spec_hash()
            again = manifest.ledger(spec).keep_reusable()
            echo(f"extending the run in {out} from {old.deals:,} to {spec.deals:,} hands"
                 + (f" (its last {sum(e.hands for e in again):,} hands play again: their table now goes on)"
                    if again else ""))
        elif overwrite:
            echo(f"replacing the run in {out} (another spec)")
            clear_run(out)
            manifest = None
        else:
            raise SimulateError(_other_run_message(out, manifest, old, spec))
    if manifest is None:
        manifest = Manifest.new(spec)
    else:
        spec = spec.replace(chunk_size=manifest.spec["chunk_size"])
    return spec, manifest


def _recorded_spec(manifest: Manifest) -> RunSpec | None:
    try:
        return manifest.run_spec()
    except (ValueError, TypeError, KeyError):  # a manifest spec this version cannot read back
        return None


def extends(old: RunSpec, new: RunSpec, rules_version: int) -> bool:
    """`new` is `old` (played under `rules_version`) with more deals: every hand of `old` is a hand of `new`."""
    return (rules_version == RULES_VERSION and new.deals > old.deals
            and old.replace(deals=new.deals).spec_hash() == new.spec_hash())


def _other_run_message(out: Path, manifest: Manifest, old: RunSpec | None, spec: RunSpec) -> str:
    if (old is not None and manifest.rules_version == RULES_VERSION
            and old.replace(deals=spec.deals).spec_hash() == spec.spec_hash()):
        return (f"--out {out} holds a run of {old.deals:,} hands; --deals {spec.deals:,} would drop some; "
                "give --overwrite to replace it, or choose another --out")
    try:
        fields = old.outcome_fields() if old is not None else manifest.run_spec().outcome_fields()
        fields["rules_version"] = manifest.rules_version
        differing = ", ".join(_differences(fields, spec.outcome_fields())) or "spec hash"
    except (ValueError, TypeError, KeyError):
        differing = "spec hash"
    return (f"--out {out} holds a run of a different spec (differs in: {differing}); choose another --out, "
            "or give --overwrite to replace it")


def open_out(out: Path, read: Callable[[Path], Any], overwrite: bool = False) -> Any:
    """OUT's manifest as `read` reads it (None in a new or empty OUT). SimulateError if OUT holds an unreadable
    manifest (with `overwrite`: that run is removed, None) or other files without a manifest."""
    try:
        manifest = read(out)
    except ManifestError as error:
        if not overwrite:
            raise SimulateError(f"{error}; choose another --out, or give --overwrite to replace it") from None
        clear_run(out)
        return None
    if manifest is None and any(not _housekeeping(path) for path in out.iterdir()):
        raise SimulateError(f"--out {out} is not empty and holds no manifest.json; choose a new or empty --out")
    return manifest


def _housekeeping(path: Path) -> bool:
    return path.match(TEMP_GLOB) or path.name == LOCK_NAME


def clear_run(out: Path) -> None:
    """Remove the run or sweep in OUT: its manifest and journal, hands/ and tricks/, the parts of the layout
    before hands/ (nothing else)."""
    for name in (HANDS_DIR, TRICKS_DIR):
        if (out / name).is_dir():
            shutil.rmtree(out / name)
    for path in [out / MANIFEST_NAME, out / JOURNAL_NAME, *out.glob(PART_GLOB)]:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    remove_temp_files(out)


def prepare_parts(out: Path, folders: Iterable[str]) -> None:
    """The part folders (relative to OUT) exist and hold no temp file of an interrupted write (nor does OUT)."""
    remove_temp_files(out)
    for name in sorted(set(folders)):
        folder = out / name
        folder.mkdir(parents=True, exist_ok=True)
        remove_temp_files(folder)


def verify_done(out: Path, ledger: ChunkLedger) -> list[tuple[str, str]]:
    """Check the part files of the ledger's done chunks against their size and SHA-256 (a format-1 entry: that
    they exist) and forget the chunks whose files do not match; [(part, what is wrong)]."""
    entries = list(ledger.done.values())
    with ThreadPoolExecutor(max_workers=4) as pool:  # hashing releases the GIL
        problems = list(pool.map(lambda entry: part_problem(out, entry), entries))
    found = []
    for entry, problem in zip(entries, problems, strict=True):
        if problem is not None:
            del ledger.done[entry.first_table]
            found.append(problem)
    return found


def _differences(old: dict[str, Any], new: dict[str, Any], prefix: str = "") -> list[str]:
    names = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            names += _differences(a, b, f"{prefix}{key}.")
        elif a != b:
            names.append(prefix + key)
    return names


def write_chunk(spec: RunSpec, out: Path, entry: ChunkEntry, run_chunk: ChunkRunner) -> None:
    """Play one chunk and write its part file(s); marks `entry` done with its time and each part's rows, size
    and SHA-256."""
    write_parts(spec, out, entry, played_chunk(spec, entry, run_chunk))


class PlayedChunk(NamedTuple):
    """A chunk's engine output, checked, and the seconds its play took."""

    result: ChunkResult
    seconds: float


def played_chunk(spec: RunSpec, entry: ChunkEntry, run_chunk: ChunkRunner) -> PlayedChunk:
    """Play one chunk; SchemaError if its `hand` column is not the chunk's hands in order."""
    started = time.perf_counter()
    result = run_chunk(spec, entry.first_table, entry.n_tables)
    expected = np.repeat(np.arange(entry.first_hand, entry.first_hand + entry.hands), spec.rows_per_hand)
    hand = result.hands.get("hand")
    if hand is None or not np.array_equal(hand, expected):
        raise SchemaError(f"chunk at table {entry.first_table}: `hand` is not {entry.first_hand}.."
                          f"{entry.first_hand + entry.hands - 1} in order ({spec.rows_per_hand} row(s) each)")
    return PlayedChunk(result, time.perf_counter() - started)


def write_parts(spec: RunSpec, out: Path, entry: ChunkEntry, played: PlayedChunk) -> None:
    """Write a played chunk's part file(s); marks `entry` done with its time (its play and its writing) and each
    part's rows, size and SHA-256."""
    started = time.perf_counter()
    result = played.result
    hands = hands_to_arrow(result.hands, spec.num_players, game_of(spec.rules).rows())
    if entry.tricks_part:
        if result.tricks is None:
            raise SchemaError("the run asks for tricks but the engine returned none")
        tricks = tricks_to_arrow(result.tricks)
        entry.tricks_bytes = write_part(tricks, out / entry.tricks_part)
        entry.tricks_rows, entry.tricks_sha256 = tricks.num_rows, file_sha256(out / entry.tricks_part)
    entry.bytes = write_part(hands, out / entry.part)
    entry.rows, entry.sha256 = hands.num_rows, file_sha256(out / entry.part)
    entry.status, entry.seconds = DONE, round(played.seconds + time.perf_counter() - started, 4)


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
