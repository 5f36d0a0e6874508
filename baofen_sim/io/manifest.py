"""`OUT/manifest.json`: what a run is (the RunSpec in full and its hash), what wrote it (versions), and how
far it got (an entry per chunk done, with each part file's rows, bytes and SHA-256).

Layout (format_version 2)::

    {"format": "baofen-sim-run", "format_version": 2,
     "status": "running" | "interrupted" | "complete",
     "spec_hash": "<sha256 of RunSpec.outcome_fields()>", "rules_version": 1,
     "spec": RunSpec.to_dict(),  # rules in full (and as given), policies, params, seed, counts, chunk size, threads
     "counts": {"tables": T, "hands": H, "chunks": N, "chunks_done": n, "hands_done": h},
     "versions": {"baofen_sim": ..., "python": ..., "numba": ..., "numpy": ..., "polars": ..., "pyarrow": ...},
     "created": "<UTC ISO time>", "updated": "<UTC ISO time>", "elapsed_seconds": s,   # summed over sessions
     "sessions": [{"started": ..., "command": sys.argv, "backend": "local", "threads": t, "chunks_run": k,
                   "versions": {...}}],
     "chunks": [{"first_table": 0, "n_tables": 4096, "first_hand": 0, "hands": 65536, "status": "done",
                 "seconds": 0.41, "part": "hands/part-000000000000.parquet", "rows": 65536, "bytes": 1048576,
                 "sha256": "...", "tricks_part": "tricks/part-000000000000.parquet" | null,
                 "tricks_rows": ..., "tricks_bytes": ..., "tricks_sha256": ...}]}

"chunks" lists the chunks done, in table order; the others are still to play. The plan follows from the
spec (deals, hands_per_table, chunk_size: `runspec.plan_chunks`), so a run of 10^12 hands starts with a
manifest of a few kilobytes and memory that does not grow with --deals.

A sweep's manifest (`SweepManifest`, "format": "baofen-sim-sweep") has the same status, versions, times and
sessions, a "sweep_hash", the varied names ("vary") and, instead of "spec" and "chunks", one entry per
variant: {"values": {name: value}, "dir": "name=value/...", "spec": ..., "spec_hash": ..., "chunks": [...]}
with its parts in OUT/hands/<dir>/ and OUT/tricks/<dir>/.

Writing (`ManifestWriter`): the manifest is rewritten in full (temp file + rename) when a session starts and
ends and at most every CHECKPOINT_SECONDS in between; each chunk done in between is appended as one JSON line
to OUT/manifest-journal.jsonl (`{"variant": i, ...entry}` in a sweep), which `read_manifest` replays. Cost per
chunk: one short append, whatever the number of chunks. Format 1 manifests (every chunk listed with its
status, no checksums) are read too.
"""

from __future__ import annotations

import contextlib
import datetime
import importlib.metadata
import json
import os
import platform
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import IO, Any, NamedTuple

from baofen_sim.io.parquet import HANDS_DIR, TRICKS_DIR, file_sha256, part_name, temp_path
from baofen_sim.runs.runspec import (
    RULES_VERSION,
    Chunk,
    ChunkPlan,
    RunSpec,
    RunSpecError,
    plan_chunks,
    tables_per_chunk,
)

MANIFEST_NAME = "manifest.json"
JOURNAL_NAME = "manifest-journal.jsonl"
FORMAT = "baofen-sim-run"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
CHECKPOINT_SECONDS = 60.0  # at most this long between full rewrites of the manifest while chunks complete
VERSIONED_PACKAGES = {"baofen_sim": "baofen-sim", "numba": "numba", "numpy": "numpy", "polars": "polars",
                      "pyarrow": "pyarrow"}
PENDING, DONE = "pending", "done"
RUNNING, INTERRUPTED, COMPLETE = "running", "interrupted", "complete"


class ManifestError(ValueError):
    """A manifest.json that cannot be read as a baofen-sim run manifest."""


class PartFile(NamedTuple):
    """A part file as its chunk entry records it (None where a format-1 manifest did not)."""

    path: str  # relative to OUT
    rows: int | None
    bytes: int | None
    sha256: str | None


@dataclass
class ChunkEntry:
    first_table: int
    n_tables: int
    first_hand: int
    hands: int
    part: str  # path relative to OUT
    tricks_part: str | None = None
    status: str = PENDING
    seconds: float | None = None  # engine + writing
    rows: int | None = None  # rows of `part`
    bytes: int | None = None  # size of `part` on disk (format 1: of both parts)
    sha256: str | None = None  # of `part`
    tricks_rows: int | None = None
    tricks_bytes: int | None = None
    tricks_sha256: str | None = None

    @property
    def chunk(self) -> Chunk:
        return Chunk(self.first_table, self.n_tables)

    def files(self) -> list[PartFile]:
        """The chunk's part files with what the manifest records of them."""
        files = [PartFile(self.part, self.rows, self.bytes if self.sha256 else None, self.sha256)]
        if self.tricks_part:
            files.append(PartFile(self.tricks_part, self.tricks_rows, self.tricks_bytes, self.tricks_sha256))
        return files

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChunkEntry:
        return cls(**{key: value for key, value in data.items() if key in _ENTRY_FIELDS})


_ENTRY_FIELDS = {f.name for f in fields(ChunkEntry)}


class ChunkLedger:
    """The chunks of one run (a run, or one variant of a sweep): its plan, computed on demand, and the entries
    of the chunks done, by first table (the same dict the manifest writes)."""

    def __init__(self, spec: RunSpec, done: dict[int, ChunkEntry], folder: str = ""):
        self.spec, self.done, self.folder = spec, done, folder

    @property
    def plan(self) -> ChunkPlan:
        return plan_chunks(self.spec)

    def entry(self, chunk: Chunk) -> ChunkEntry:
        """The chunk's entry: the recorded one when it is done, else a new pending one."""
        return self.done.get(chunk.first_table) or chunk_entry(self.spec, chunk, self.folder)

    def entries(self) -> Iterator[ChunkEntry]:
        return (self.entry(chunk) for chunk in self.plan)

    def pending(self) -> Iterator[ChunkEntry]:
        """The entries of the chunks not done, in table order (lazily)."""
        return (chunk_entry(self.spec, chunk, self.folder) for chunk in self.plan if chunk.first_table not in self.done)

    def record(self, entry: ChunkEntry) -> None:
        self.done[entry.first_table] = entry

    @property
    def hands_done(self) -> int:
        return sum(entry.hands for entry in self.done.values())

    def folders(self) -> list[str]:
        """The folders of its part files, relative to OUT."""
        below = f"/{self.folder}" if self.folder else ""
        return [HANDS_DIR + below] + ([TRICKS_DIR + below] if self.spec.tricks else [])

    def keep_reusable(self) -> list[ChunkEntry]:
        """Drop the done entries this plan would write otherwise (a run extended to more deals replays the chunk
        of its old short last table); the entries dropped."""
        dropped = []
        per = tables_per_chunk(self.spec.chunk_size, self.spec.hands_per_table)
        for first, old in list(self.done.items()):
            new = chunk_entry(self.spec, self.plan[first // per], self.folder) if first < self.spec.tables else None
            if new is None or first % per or (new.n_tables, new.hands, new.part) != (old.n_tables, old.hands, old.part):
                dropped.append(self.done.pop(first))
        return dropped


def plan_counts(spec: dict[str, Any]) -> tuple[int, int]:
    """(tables, chunks) of a spec as plain data, without building its RunSpec."""
    tables = -(-spec["deals"] // spec["hands_per_table"])
    return tables, -(-tables // tables_per_chunk(spec["chunk_size"], spec["hands_per_table"]))


@dataclass(kw_only=True)
class RunState:
    """What a run's and a sweep's manifests both record: the rules version, the status, the versions that
    wrote it, times and sessions."""

    rules_version: int = RULES_VERSION
    status: str = RUNNING
    versions: dict[str, str] = field(default_factory=dict)
    created: str = ""
    updated: str = ""
    elapsed_seconds: float = 0.0
    sessions: list[dict[str, Any]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        raise NotImplementedError

    def record(self, entry: ChunkEntry, variant: int | None = None) -> None:
        """Mark a chunk done (of `variant` in a sweep)."""
        raise NotImplementedError

    def _json(self, format_name: str, identity: dict[str, Any], body: dict[str, Any]) -> str:
        data = {"format": format_name, "format_version": FORMAT_VERSION, "status": self.status, **identity,
                "rules_version": self.rules_version, "counts": self.counts(), "versions": self.versions,
                "created": self.created, "updated": self.updated, "elapsed_seconds": round(self.elapsed_seconds, 3),
                "sessions": self.sessions, **body}
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


STATE_KEYS = ("rules_version", "status", "versions", "created", "updated", "elapsed_seconds", "sessions")


def _load(text: str, format_name: str, what: str) -> dict[str, Any]:
    """The JSON object of a manifest of `format_name`; ManifestError if it is not one."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != format_name:
        raise ManifestError(f"not a baofen-sim {what} manifest")
    if data.get("format_version") not in READABLE_VERSIONS:
        raise ManifestError(f"manifest format_version {data.get('format_version')!r} is not one of "
                            f"{', '.join(map(str, READABLE_VERSIONS))} (written by a newer baofen-sim?)")
    return data


def _state(data: dict[str, Any]) -> dict[str, Any]:
    return {key: data[key] for key in STATE_KEYS}


def _done_entries(chunks: list[dict[str, Any]]) -> dict[int, ChunkEntry]:
    """The done chunks of a manifest's list (format 1 lists pending chunks too), by first table."""
    entries = (ChunkEntry.from_dict(c) for c in chunks)
    return {e.first_table: e for e in sorted(entries, key=lambda e: e.first_table) if e.status == DONE}


def _chunk_list(done: dict[int, ChunkEntry]) -> list[dict[str, Any]]:
    return [asdict(done[first]) for first in sorted(done)]


def _hands(done: dict[int, ChunkEntry]) -> int:
    return sum(e.hands for e in done.values())


@dataclass
class Manifest(RunState):
    spec: dict[str, Any]
    spec_hash: str
    done: dict[int, ChunkEntry] = field(default_factory=dict)  # the chunks done, by first table

    @classmethod
    def new(cls, spec: RunSpec) -> Manifest:
        now = utc_now()
        return cls(spec.to_dict(), spec.spec_hash(), {}, versions=package_versions(), created=now, updated=now)

    def run_spec(self) -> RunSpec:
        return RunSpec.from_dict(self.spec)

    def ledger(self, spec: RunSpec) -> ChunkLedger:
        """The run's chunks as `spec` (the run's spec, as this session runs it) plans them."""
        return ChunkLedger(spec, self.done)

    @property
    def hands_done(self) -> int:
        return _hands(self.done)

    def record(self, entry: ChunkEntry, variant: int | None = None) -> None:
        self.done[entry.first_table] = entry

    def counts(self) -> dict[str, int]:
        tables, chunks = plan_counts(self.spec)
        return {"tables": tables, "hands": self.spec["deals"], "chunks": chunks, "chunks_done": len(self.done),
                "hands_done": self.hands_done}

    def to_json(self) -> str:
        return self._json(FORMAT, {"spec_hash": self.spec_hash, "spec": self.spec}, {"chunks": _chunk_list(self.done)})

    @classmethod
    def from_json(cls, text: str) -> Manifest:
        data = _load(text, FORMAT, "run")
        try:
            return cls(spec=data["spec"], spec_hash=data["spec_hash"], done=_done_entries(data["chunks"]),
                       **_state(data))
        except (KeyError, TypeError, AttributeError) as error:
            raise ManifestError(f"malformed manifest: {error}") from None


SWEEP_FORMAT = "baofen-sim-sweep"


@dataclass
class VariantEntry:
    """One variant of a sweep: its values of the varied names, its hive folder, its run and chunks done."""

    values: dict[str, Any]  # {name: value text as given}
    dir: str  # "name=value/name=value" below OUT/hands/ and OUT/tricks/
    spec: dict[str, Any]  # RunSpec.to_dict()
    spec_hash: str
    done: dict[int, ChunkEntry] = field(default_factory=dict)  # by first table

    def ledger(self, spec: RunSpec) -> ChunkLedger:
        return ChunkLedger(spec, self.done, self.dir)


@dataclass
class SweepManifest(RunState):
    """`OUT/manifest.json` of a sweep (format baofen-sim-sweep): the varied names and every variant."""

    vary: list[str]
    variants: list[VariantEntry]
    sweep_hash: str

    def record(self, entry: ChunkEntry, variant: int | None = None) -> None:
        if variant is None:
            raise ValueError("a sweep's chunk belongs to a variant")
        self.variants[variant].done[entry.first_table] = entry

    def counts(self) -> dict[str, int]:
        plans = [plan_counts(v.spec) for v in self.variants]
        return {"variants": len(self.variants), "hands": sum(v.spec["deals"] for v in self.variants),
                "chunks": sum(chunks for _, chunks in plans),
                "chunks_done": sum(len(v.done) for v in self.variants),
                "hands_done": sum(_hands(v.done) for v in self.variants)}

    def to_json(self) -> str:
        variants = [{"values": v.values, "dir": v.dir, "spec": v.spec, "spec_hash": v.spec_hash,
                     "chunks": _chunk_list(v.done)} for v in self.variants]
        return self._json(SWEEP_FORMAT, {"sweep_hash": self.sweep_hash, "vary": self.vary}, {"variants": variants})

    @classmethod
    def from_json(cls, text: str) -> SweepManifest:
        data = _load(text, SWEEP_FORMAT, "sweep")
        try:
            variants = [VariantEntry(v["values"], v["dir"], v["spec"], v["spec_hash"], _done_entries(v["chunks"]))
                        for v in data["variants"]]
            return cls(vary=data["vary"], variants=variants, sweep_hash=data["sweep_hash"], **_state(data))
        except (KeyError, TypeError, AttributeError) as error:
            raise ManifestError(f"malformed sweep manifest: {error}") from None


def chunk_entry(spec: RunSpec, chunk: Chunk, folder: str = "") -> ChunkEntry:
    """The entry of one chunk; its parts in OUT/hands/ and OUT/tricks/ (below `folder` there: a sweep's hive
    folder)."""
    first_hand = spec.first_hand(chunk.first_table)
    name = f"{folder}/{part_name(first_hand)}" if folder else part_name(first_hand)
    return ChunkEntry(chunk.first_table, chunk.n_tables, first_hand, spec.hands_in(*chunk), f"{HANDS_DIR}/{name}",
                      f"{TRICKS_DIR}/{name}" if spec.tricks else None)


def part_problem(out_dir: str | Path, entry: ChunkEntry, checksum: bool = True) -> tuple[str, str] | None:
    """(part, what is wrong) for the first part file of a done chunk that does not match its record (size, and
    SHA-256 unless not `checksum`; only that it exists for a format-1 entry), else None."""
    for part in entry.files():
        path = Path(out_dir) / part.path
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            return part.path, "is missing"
        if part.bytes is not None and size != part.bytes:
            return part.path, f"has {size:,} bytes where the manifest recorded {part.bytes:,} (truncated or altered)"
        if checksum and part.sha256 is not None and file_sha256(path) != part.sha256:
            return part.path, "does not match its SHA-256 in the manifest (altered)"
    return None


def manifest_path(out_dir: str | Path) -> Path:
    return Path(out_dir) / MANIFEST_NAME


def journal_path(out_dir: str | Path) -> Path:
    return Path(out_dir) / JOURNAL_NAME


def read_manifest(out_dir: str | Path, kind: type[Manifest] | type[SweepManifest] = Manifest) -> Any:
    """The manifest (of a run, or with kind=SweepManifest a sweep) in `out_dir` with its journal replayed, None
    if there is none; unreadable or of the other kind → ManifestError naming the file."""
    path = manifest_path(out_dir)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise ManifestError(f"{path}: cannot read it ({error})") from None
    try:
        manifest = kind.from_json(text)
    except (ValueError, RecursionError) as error:  # ManifestError and json.JSONDecodeError are ValueErrors
        raise ManifestError(f"{path}: {error}") from None
    _replay_journal(out_dir, manifest)
    return manifest


def _replay_journal(out_dir: str | Path, manifest: Manifest | SweepManifest) -> None:
    try:
        lines = journal_path(out_dir).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return
    except (OSError, UnicodeDecodeError) as error:
        raise ManifestError(f"{journal_path(out_dir)}: cannot read it ({error})") from None
    for number, line in enumerate(lines, 1):
        try:
            data = json.loads(line)
            manifest.record(ChunkEntry.from_dict(data), data.get("variant"))
        except (ValueError, TypeError, AttributeError, IndexError) as error:
            if number == len(lines):  # the last line of a killed writer may be cut short: that chunk plays again
                return
            raise ManifestError(f"{journal_path(out_dir)} line {number}: {error}") from None


def write_manifest(out_dir: str | Path, manifest: Manifest | SweepManifest) -> None:
    """Write manifest.json atomically (temp file + rename); stamps `updated`."""
    manifest.updated = utc_now()
    path = manifest_path(out_dir)
    tmp = temp_path(path)
    try:
        tmp.write_text(manifest.to_json(), encoding="utf-8")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise


class ManifestWriter:
    """Keeps OUT/manifest.json current during a session at a cost per chunk that does not grow with the run:
    `chunk_done` appends one journal line and rewrites the manifest (dropping the journal) only when
    CHECKPOINT_SECONDS have passed since the last rewrite; `close` rewrites it a last time."""

    def __init__(self, out_dir: str | Path, manifest: Manifest | SweepManifest,
                 clock: Callable[[], float] = time.monotonic):
        self.out, self.manifest, self.clock = Path(out_dir), manifest, clock
        self._journal: IO[str] | None = None
        self._saved = clock()

    def save(self) -> None:
        """Rewrite the manifest in full; the journal it now holds is dropped."""
        write_manifest(self.out, self.manifest)
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        with contextlib.suppress(FileNotFoundError):
            journal_path(self.out).unlink()
        self._saved = self.clock()

    def chunk_done(self, entry: ChunkEntry, variant: int | None = None) -> None:
        """Record a chunk done (of `variant` in a sweep): in memory and in the journal."""
        self.manifest.record(entry, variant)
        if self.clock() - self._saved >= CHECKPOINT_SECONDS:
            self.save()
            return
        if self._journal is None:
            self._journal = journal_path(self.out).open("a", encoding="utf-8")
        line = asdict(entry) if variant is None else {"variant": variant, **asdict(entry)}
        self._journal.write(json.dumps(line, ensure_ascii=False) + "\n")
        self._journal.flush()

    def close(self) -> None:
        self.save()


def package_versions() -> dict[str, str]:
    versions = {"python": platform.python_version()}
    for key, dist in VERSIONED_PACKAGES.items():
        try:
            versions[key] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            versions[key] = "not installed"
    return versions


def utc_now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def run_spec_of(out_dir: str | Path) -> RunSpec:
    """The RunSpec of a run directory written by `simulate` (RunSpecError if it holds no readable run)."""
    try:
        manifest = read_manifest(out_dir)
    except ManifestError as error:
        raise RunSpecError(str(error)) from None
    if manifest is None:
        raise RunSpecError(f"{out_dir}: no manifest.json (not a run directory written by simulate)")
    return manifest.run_spec()
