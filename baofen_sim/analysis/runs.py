"""What an output directory holds, for the analysis: a run written by `simulate`, or a sweep.

- A run: `OUT/manifest.json` and `OUT/hands/part-*.parquet` (`OUT/part-*.parquet` in runs written before
  `hands/` existed); the manifest may be missing, then the spec is unknown (None).
- A sweep: `OUT/manifest.json` with `"format": "baofen-sim-sweep"`, `"vary": [names]` and `"variants":
  [{"values": {name: value}, "dir": "name=value/...", "spec": RunSpec dict}]`, and each variant's hands in
  `OUT/hands/<dir>/part-*.parquet`. Every variant plays the same deals.

Readers take the parts the manifest lists (its chunks done, the journal replayed), never a bare glob: any other
file in hands/ or tricks/ (a copy, a stray part, a chunk not recorded yet) is named in a warning, left alone and
not counted (DESIGN.md §7). Without a readable manifest the part files found are all there is (the report says
so; a sweep's variants are then the folders its manifest.json names). The status is the manifest's read against the
run's lock (`run_status`): a run that says running while no process holds its lock was interrupted, and gets
the command that resumes it.

Specs are RunSpec.to_dict() as the manifests hold them; fields added later (`declarer`, `target`) are read
with `.get`, so older runs read as having none.

Damaged data is named, never a Polars traceback: opening a run checks that every part file ends in a Parquet
footer and has the size its manifest recorded (cheap: a truncated part is found here); an error while reading
(an altered part) is turned by `naming_damaged_parts` into a ReportError naming the part whose SHA-256 no
longer matches the manifest.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from baofen_sim.analysis.errors import ReportError
from baofen_sim.analysis.run_status import reader_status
from baofen_sim.analysis.stats import mean_summary
from baofen_sim.games import Game, default_game, for_trump_selection
from baofen_sim.io.lock import LockState, lock_state
from baofen_sim.io.manifest import (
    ChunkEntry,
    ManifestError,
    SweepManifest,
    manifest_path,
    part_problem,
    read_manifest,
)
from baofen_sim.io.parquet import HANDS_DIR, TEMP_GLOB, TRICKS_DIR, hand_part_paths, listed_hand_part, part_paths

P = ParamSpec("P")
R = TypeVar("R")
REPLAY_HINT = "rerun the simulate (or sweep) command to play its chunk again"

SWEEP_FORMAT = "baofen-sim-sweep"
EACH = "each"  # spec `declarer` / `target`: every deal played once per seat (or target)


@dataclass(frozen=True)
class Run:
    """One table of hands: a run, or one variant of a sweep."""

    out: Path
    parts: tuple[Path, ...]  # in hand order
    spec: dict[str, Any] | None  # RunSpec.to_dict(); None without a readable manifest
    status: str | None = None  # running / interrupted / complete, when the manifest says (`run_status`)
    spec_hash: str | None = None
    values: dict[str, Any] = field(default_factory=dict)  # a sweep variant's vary values; {} for a run
    resume: str | None = None  # an interrupted run's resume command, where one was recorded

    def scan(self) -> pl.LazyFrame:
        """The hands, lazily, in row order."""
        return pl.scan_parquet(list(self.parts), hive_partitioning=False)


@dataclass(frozen=True)
class Sweep:
    """Variants of one run that differ in the `vary` options and parameters, all on the same deals."""

    out: Path
    vary: tuple[str, ...]  # names, e.g. ("bid_cap_default", "open_threshold_0")
    variants: tuple[Run, ...]  # in manifest order
    status: str | None = None
    resume: str | None = None

    @property
    def spec(self) -> dict[str, Any] | None:
        """The first variant's spec: what every variant shares, apart from the vary names."""
        return self.variants[0].spec

    def scan(self) -> pl.LazyFrame:
        """Every variant's hands, one after another, with one column per vary name holding its value."""
        frames = [v.scan().with_columns(pl.lit(v.values[name]).alias(name) for name in self.vary)
                  for v in self.variants]
        return pl.concat(frames, how="diagonal_relaxed")


Warn = Callable[[str], None]


def warn_on_stderr(line: str) -> None:
    print(line, file=sys.stderr)


def open_output(out_dir: str | Path, warn: Warn = warn_on_stderr) -> Run | Sweep:
    """The run or sweep in `out_dir` (a sweep's variant folder SWEEP/hands/DIR reads as a run); ReportError if
    there is none or it holds no hands yet. `warn` takes a line per file in hands/ or tricks/ the manifest does
    not list."""
    out = Path(out_dir)
    if not out.is_dir():
        raise ReportError(f"{out}: no such run directory")
    lock = lock_state(out)  # before the manifest: a run that ends meanwhile then reads as ended
    data = _manifest_data(out)
    if data is not None and data.get("format") == SWEEP_FORMAT:
        return _sweep(out, data, lock, warn)
    if data is None and out.parent.name == HANDS_DIR:
        variant = _sweep_variant(out, warn)
        if variant is not None:
            return variant
    return _run(out, lock, warn)


def output_game(out_dir: str | Path) -> tuple[Game, bool]:
    """The game of the run or sweep in `out_dir`, read from its spec's rules, and whether it is a sweep;
    ReportError if it is neither (as `open_output`, without its warnings: the game's own report gives them)."""
    output = open_output(out_dir, warn=lambda _: None)
    rules = (output.spec or {}).get("rules", {})
    selection = rules.get("trump_selection", default_game().trump_selection)
    return for_trump_selection(selection), isinstance(output, Sweep)


def _sweep_variant(folder: Path, warn: Warn) -> Run | None:
    """A sweep's variant folder (SWEEP/hands/DIR) as a run of its own, from the sweep's manifest (the spec that
    pairs it with other runs); None when `folder` is not one."""
    root = folder.parent.parent
    data = _manifest_data(root)
    if data is None or data.get("format") != SWEEP_FORMAT:
        return None
    sweep = _sweep(root, data, lock_state(root), warn)
    for variant, listed in zip(sweep.variants, data["variants"], strict=True):
        if str(listed["dir"]) == folder.name:
            return replace(variant, out=folder, status=sweep.status, resume=sweep.resume)
    return None


def open_run(out_dir: str | Path, warn: Warn = warn_on_stderr) -> Run:
    """The run in `out_dir`; a sweep is refused (its variants are compared with `report OUT --compare`)."""
    source = open_output(out_dir, warn)
    if isinstance(source, Sweep):
        raise ReportError(f"{out_dir} is a sweep over {', '.join(source.vary)}; "
                          f"compare its variants with `baofen-sim report {out_dir} --compare NAME`")
    return source


def open_paired_runs(first: str | Path, second: str | Path) -> tuple[Run, Run]:
    """Two runs for a paired comparison: refused unless they were played on the same deals (the same seed)."""
    a, b = open_run(first), open_run(second)
    seed_a, seed_b = (a.spec or {}).get("seed"), (b.spec or {}).get("seed")
    if seed_a != seed_b:
        raise ReportError(f"{first} and {second} were played on other deals (seeds {seed_a} and {seed_b}): "
                          "a paired comparison needs the same seed")
    return a, b


def paired_metric_differences(a: Run, b: Run, metrics: tuple[tuple[str, pl.Expr], ...]) -> dict[str, Any]:
    """B − A on each (name, per-hand expression) of `metrics`, hand by hand over the hands both runs played (the
    same deals, DESIGN.md §4): the number of hands and each mean difference with its 95% CI."""
    columns = [expression.alias(name) for name, expression in metrics]
    hands = (b.scan().select("hand", *columns).collect()
             .join(a.scan().select("hand", *columns).collect(), on="hand", suffix=" (A)"))
    return {"hands": hands.height,
            "differences": {name: mean_summary(hands[name] - hands[f"{name} (A)"]) for name, _ in metrics}}


def seats_of(columns: list[str]) -> int:
    """The number of seats of a hand table: its `settle_<i>` columns."""
    return sum(1 for name in columns if name.startswith("settle_") and name[7:].isdigit())


def forced_declarer(spec: dict[str, Any] | None) -> int | str | None:
    """None (an auction), a seat, or "each" (every deal once per seat, rows keyed by hand and declarer)."""
    return None if spec is None else spec.get("declarer")


def forced_target(spec: dict[str, Any] | None) -> int | str | None:
    return None if spec is None else spec.get("target")


def row_keys(spec: dict[str, Any] | None) -> list[str]:
    """The columns that name a row: the hand, and the declarer too when every deal is played once per seat
    (unless seats below a --min-evaluation passed: their rows have no declarer, and the rows of a hand come in
    seat order in every such run)."""
    each = forced_declarer(spec) == EACH and (spec or {}).get("min_evaluation") is None
    return ["hand", "declarer"] if each else ["hand"]


def _manifest_data(out: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(manifest_path(out).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except ValueError as error:
        raise ReportError(f"{manifest_path(out)}: {error}") from None
    return data if isinstance(data, dict) else None


def _run(out: Path, lock: LockState, warn: Warn) -> Run:
    try:
        manifest = read_manifest(out)
    except ManifestError:
        manifest = None
    if manifest is None:
        parts = hand_part_paths(out)
        if not parts:
            raise ReportError(f"{out}: no hands/part-*.parquet files (has the run started?)")
        check_parts(out, parts, [])
        return Run(out, tuple(parts), None)
    entries = _in_table_order(manifest.done)
    if not entries:
        raise ReportError(f"{out}: its manifest lists no part files yet (has the run started?)")
    parts = [listed_hand_part(out, entry.part) for entry in entries]
    check_parts(out, parts, entries)
    _warn_strays(out, entries, warn)
    status, resume = reader_status(out, manifest.status, manifest.sessions, lock)
    return Run(out, tuple(parts), manifest.spec, status, manifest.spec_hash, resume=resume)


def _in_table_order(done: dict[int, ChunkEntry]) -> list[ChunkEntry]:
    return [done[first] for first in sorted(done)]


def stray_files(out: Path, entries: Iterable[ChunkEntry]) -> list[Path]:
    """The files in OUT's hands/ and tricks/ (and part files beside the manifest, the layout before hands/)
    that are not parts of `entries` (the manifest's chunks done), writers' temp files aside."""
    entries = list(entries)
    listed = ({listed_hand_part(out, entry.part) for entry in entries}
              | {out / entry.tricks_part for entry in entries if entry.tricks_part})
    found = [path for folder in (HANDS_DIR, TRICKS_DIR) for path in (out / folder).rglob("*") if path.is_file()]
    return sorted(path for path in {*found, *part_paths(out)} if path not in listed and not path.match(TEMP_GLOB))


def _warn_strays(out: Path, entries: Iterable[ChunkEntry], warn: Warn) -> None:
    for path in stray_files(out, entries):
        warn(f"warning: {path} is not a part file the manifest lists: not counted (left as it is)")


def check_parts(out: Path, parts: Iterable[Path], entries: Iterable[ChunkEntry]) -> None:
    """ReportError naming the first part that is missing, not a whole Parquet file or not of the size recorded
    in `entries` (the manifest's chunks done)."""
    for entry in entries:
        problem = part_problem(out, entry, checksum=False)
        if problem is not None and problem[1] != "is missing":  # a missing hand part is named below
            raise ReportError(f"{out / problem[0]} {problem[1]}; {REPLAY_HINT}")
    for path in parts:
        if not path.is_file():
            raise ReportError(f"{path} is missing; {REPLAY_HINT}")
        try:
            pq.read_metadata(path)
        except (OSError, pa.ArrowException) as error:
            raise ReportError(f"{path}: not a whole Parquet file ({' '.join(str(error).split())[:120]}); "
                              f"{REPLAY_HINT}") from None


def damaged_parts(out: Path) -> list[str]:
    """The part files of OUT (a run or a sweep) that no longer match their SHA-256 in the manifest, with why."""
    entries: list[ChunkEntry] = []
    for kind in (None, SweepManifest):
        try:
            manifest = read_manifest(out) if kind is None else read_manifest(out, kind)
        except ManifestError:
            continue
        if manifest is not None:
            entries = list(manifest.done.values()) if kind is None else [
                e for v in manifest.variants for e in v.done.values()]
            break
    return [f"{out / p[0]} {p[1]}" for p in (part_problem(out, e) for e in entries) if p is not None]


def naming_damaged_parts(function: Callable[P, R]) -> Callable[P, R]:
    """An analysis over OUT directories (its str/Path arguments) whose Polars read fails raises a ReportError
    naming the damaged part instead."""

    @functools.wraps(function)
    def reading(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except (pl.exceptions.PolarsError, OSError, pa.ArrowException) as error:
            outs = [Path(a) for a in args if isinstance(a, str | Path) and Path(a).is_dir()]
            damaged = [line for out in outs for line in damaged_parts(out)]
            if damaged:
                raise ReportError(f"{damaged[0]}; {REPLAY_HINT}") from None
            raise ReportError(f"cannot read the hands of {', '.join(map(str, outs)) or 'the run'}: "
                              f"{' '.join(str(error).split())[:200]}") from None

    return reading


def _sweep(out: Path, data: dict[str, Any], lock: LockState, warn: Warn) -> Sweep:
    try:
        vary = tuple(data["vary"])
        entries = [(dict(v["values"]), str(v["dir"]), v["spec"]) for v in data["variants"]]
    except (KeyError, TypeError) as error:
        raise ReportError(f"{manifest_path(out)}: malformed sweep manifest ({error})") from None
    try:
        manifest = read_manifest(out, SweepManifest)
    except ManifestError:
        manifest = None
    variants, listed = [], []
    for index, (values, directory, spec) in enumerate(entries):
        done = [] if manifest is None else _in_table_order(manifest.variants[index].done)
        parts = ([listed_hand_part(out, entry.part) for entry in done] if manifest is not None
                 else part_paths(out / HANDS_DIR / directory))
        if not parts:
            raise ReportError(f"{out}: no part files in {HANDS_DIR}/{directory} (has the sweep started?)")
        check_parts(out, parts, done)
        variants.append(Run(out, tuple(parts), spec, values=values))
        listed += done
    if not variants:
        raise ReportError(f"{out}: the sweep has no variants")
    if manifest is None:
        return Sweep(out, vary, tuple(variants), data.get("status"))
    _warn_strays(out, listed, warn)
    status, resume = reader_status(out, manifest.status, manifest.sessions, lock)
    return Sweep(out, vary, tuple(variants), status, resume)

