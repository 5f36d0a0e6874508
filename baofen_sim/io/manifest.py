"""`OUT/manifest.json`: what a run is (the RunSpec in full and its hash), what wrote it (versions), and how
far it got (one entry per chunk). Rewritten atomically after every chunk, so an interrupted run can resume.

Layout (format_version 1)::

    {"format": "baofen-sim-run", "format_version": 1,
     "status": "running" | "interrupted" | "complete",
     "spec_hash": "<sha256 of RunSpec.outcome_fields()>", "rules_version": 1,
     "spec": RunSpec.to_dict(),            # rules in full, policies, params, seed, counts, chunk size, threads
     "counts": {"tables": T, "hands": H, "chunks": N, "chunks_done": n, "hands_done": h},
     "versions": {"baofen_sim": ..., "python": ..., "numba": ..., "numpy": ..., "polars": ..., "pyarrow": ...},
     "created": "<UTC ISO time>", "updated": "<UTC ISO time>", "elapsed_seconds": s,   # summed over sessions
     "sessions": [{"started": ..., "threads": t, "chunks_run": k, "versions": {...}}],
     "chunks": [{"first_table": 0, "n_tables": 4096, "first_hand": 0, "hands": 65536,
                 "part": "hands/part-000000000000.parquet", "tricks_part": "tricks/part-000000000000.parquet" | null,
                 "status": "pending" | "done", "seconds": 0.41 | null, "bytes": 1048576 | null}]}

A sweep's manifest (`SweepManifest`, "format": "baofen-sim-sweep") has the same status, versions, times and
sessions, a "sweep_hash", the varied names ("vary") and, instead of "spec" and "chunks", one entry per
variant: {"values": {name: value}, "dir": "name=value/...", "spec": ..., "spec_hash": ..., "chunks": [...]}
with its parts in OUT/hands/<dir>/ and OUT/tricks/<dir>/.
"""

from __future__ import annotations

import contextlib
import datetime
import importlib.metadata
import json
import os
import platform
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from baofen_sim.io.parquet import HANDS_DIR, TRICKS_DIR, part_name, temp_path
from baofen_sim.runspec import RULES_VERSION, Chunk, RunSpec

MANIFEST_NAME = "manifest.json"
FORMAT = "baofen-sim-run"
FORMAT_VERSION = 1
VERSIONED_PACKAGES = {"baofen_sim": "baofen-sim", "numba": "numba", "numpy": "numpy", "polars": "polars",
                      "pyarrow": "pyarrow"}
PENDING, DONE = "pending", "done"
RUNNING, INTERRUPTED, COMPLETE = "running", "interrupted", "complete"


class ManifestError(ValueError):
    """A manifest.json that cannot be read as a baofen-sim run manifest."""


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
    bytes: int | None = None  # part file(s) on disk

    @property
    def chunk(self) -> Chunk:
        return Chunk(self.first_table, self.n_tables)


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
    if data.get("format_version") != FORMAT_VERSION:
        raise ManifestError(f"manifest format_version {data.get('format_version')!r} is not {FORMAT_VERSION}")
    return data


def _state(data: dict[str, Any]) -> dict[str, Any]:
    return {key: data[key] for key in STATE_KEYS}


@dataclass
class Manifest(RunState):
    spec: dict[str, Any]
    spec_hash: str
    chunks: list[ChunkEntry]

    @classmethod
    def new(cls, spec: RunSpec, chunks: list[Chunk]) -> Manifest:
        entries = [chunk_entry(spec, chunk) for chunk in chunks]
        now = utc_now()
        return cls(spec.to_dict(), spec.spec_hash(), entries, versions=package_versions(), created=now, updated=now)

    def run_spec(self) -> RunSpec:
        return RunSpec.from_dict(self.spec)

    @property
    def hands_done(self) -> int:
        return sum(c.hands for c in self.chunks if c.status == DONE)

    def counts(self) -> dict[str, int]:
        return {"tables": sum(c.n_tables for c in self.chunks), "hands": sum(c.hands for c in self.chunks),
                "chunks": len(self.chunks),
                "chunks_done": sum(c.status == DONE for c in self.chunks), "hands_done": self.hands_done}

    def to_json(self) -> str:
        return self._json(FORMAT, {"spec_hash": self.spec_hash, "spec": self.spec},
                          {"chunks": [asdict(c) for c in self.chunks]})

    @classmethod
    def from_json(cls, text: str) -> Manifest:
        data = _load(text, FORMAT, "run")
        try:
            return cls(spec=data["spec"], spec_hash=data["spec_hash"],
                       chunks=[ChunkEntry(**c) for c in data["chunks"]], **_state(data))
        except (KeyError, TypeError) as error:
            raise ManifestError(f"malformed manifest: {error}") from None


SWEEP_FORMAT = "baofen-sim-sweep"


@dataclass
class VariantEntry:
    """One variant of a sweep: its values of the varied names, its hive folder, its run and chunks."""

    values: dict[str, Any]  # {name: value text as given}
    dir: str  # "name=value/name=value" below OUT/hands/ and OUT/tricks/
    spec: dict[str, Any]  # RunSpec.to_dict()
    spec_hash: str
    chunks: list[ChunkEntry]


@dataclass
class SweepManifest(RunState):
    """`OUT/manifest.json` of a sweep (format baofen-sim-sweep): the varied names and every variant."""

    vary: list[str]
    variants: list[VariantEntry]
    sweep_hash: str

    @property
    def chunks(self) -> list[ChunkEntry]:
        return [chunk for variant in self.variants for chunk in variant.chunks]

    def counts(self) -> dict[str, int]:
        chunks = self.chunks
        return {"variants": len(self.variants), "hands": sum(c.hands for c in chunks), "chunks": len(chunks),
                "chunks_done": sum(c.status == DONE for c in chunks),
                "hands_done": sum(c.hands for c in chunks if c.status == DONE)}

    def to_json(self) -> str:
        return self._json(SWEEP_FORMAT, {"sweep_hash": self.sweep_hash, "vary": self.vary},
                          {"variants": [asdict(v) for v in self.variants]})

    @classmethod
    def from_json(cls, text: str) -> SweepManifest:
        data = _load(text, SWEEP_FORMAT, "sweep")
        try:
            variants = [VariantEntry(v["values"], v["dir"], v["spec"], v["spec_hash"],
                                     [ChunkEntry(**c) for c in v["chunks"]]) for v in data["variants"]]
            return cls(vary=data["vary"], variants=variants, sweep_hash=data["sweep_hash"], **_state(data))
        except (KeyError, TypeError) as error:
            raise ManifestError(f"malformed sweep manifest: {error}") from None


def chunk_entry(spec: RunSpec, chunk: Chunk, folder: str = "") -> ChunkEntry:
    """The entry of one chunk; its parts in OUT/hands/ and OUT/tricks/ (below `folder` there: a sweep's hive
    folder)."""
    first_hand = spec.first_hand(chunk.first_table)
    name = f"{folder}/{part_name(first_hand)}" if folder else part_name(first_hand)
    return ChunkEntry(chunk.first_table, chunk.n_tables, first_hand, spec.hands_in(*chunk), f"{HANDS_DIR}/{name}",
                      f"{TRICKS_DIR}/{name}" if spec.tricks else None)


def manifest_path(out_dir: str | Path) -> Path:
    return Path(out_dir) / MANIFEST_NAME


def read_manifest(out_dir: str | Path, kind: type[Manifest] | type[SweepManifest] = Manifest) -> Any:
    """The manifest (of a run, or with kind=SweepManifest a sweep) in `out_dir`, None if there is none;
    unreadable or of the other kind → ManifestError naming the file."""
    path = manifest_path(out_dir)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    try:
        return kind.from_json(text)
    except ValueError as error:  # ManifestError and json.JSONDecodeError are ValueErrors
        raise ManifestError(f"{path}: {error}") from None


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
