"""`RunSpec`: everything that defines a simulation run, and the planner that cuts it into chunks.

A run plays `deals` hands at `tables` tables of `hands_per_table` hands each (the last table may be
shorter; DESIGN.md §5). Hand `h` is hand `h % hands_per_table` of table `h // hands_per_table`.
A chunk is a run of whole tables, `(first_table, n_tables)`; the engine plays one chunk at a time.

Two kinds of fields:
- outcome fields (rules options, policies, parameters, seed, deals, hands_per_table, tricks, and
  `RULES_VERSION`): they fix every output row; `spec_hash()` covers exactly these;
- execution fields (`chunk_size`, `threads`): how the work is cut and run; they never change the rows.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from baofen_sim.policies.registry import DEFAULT_POLICY
from baofen_sim.rules import RuleSet, preset

# Bump when the same RunSpec would produce different rows (an engine or rules fix that changes outcomes).
RULES_VERSION = 2  # 2: seat-stable deals keyed on the global hand, A48 table start and end

DEFAULT_DEALS = 100_000
DEFAULT_HANDS_PER_TABLE = 16
DEFAULT_CHUNK_SIZE = 65_536  # hands per chunk, rounded down to whole tables
SEED_LIMIT = 2**64  # seeds are unsigned 64-bit (splitmix64 keys)

Params = tuple[tuple[str, float], ...]  # one seat's policy parameters, sorted by name


class RunSpecError(ValueError):
    """A run specification that cannot be built (a bad count, seat, policy option or parameter file)."""


class Chunk(NamedTuple):
    """A run of whole tables, played and written as one part file."""

    first_table: int
    n_tables: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RunSpec:
    """One simulation run. Frozen and hashable; `policies` and `params` are normalised to one entry per seat."""

    rules: RuleSet = field(default_factory=lambda: preset("baofen"))
    policies: tuple[str, ...] = ()  # policy name per seat; () = DEFAULT_POLICY at every seat
    params: tuple[Params, ...] = ()  # policy parameters per seat (name → value); () = none at any seat
    seed: int = 0
    deals: int = DEFAULT_DEALS  # hands in total
    hands_per_table: int = DEFAULT_HANDS_PER_TABLE
    chunk_size: int = DEFAULT_CHUNK_SIZE  # execution only: hands per chunk
    tricks: bool = False  # also write one row per trick
    threads: int | None = None  # execution only: Numba threads; None = Numba's default

    def __post_init__(self) -> None:
        seats = self.rules.num_players
        policies = tuple(self.policies) or (DEFAULT_POLICY,) * seats
        params = tuple(_normal_params(p) for p in self.params) or ((),) * seats
        if len(policies) != seats or len(params) != seats:
            raise RunSpecError(f"policies and params need one entry per seat ({seats} seats)")
        if not all(isinstance(name, str) and name.strip() for name in policies):
            raise RunSpecError(f"policy names must be non-empty text: {policies!r}")
        object.__setattr__(self, "policies", policies)
        object.__setattr__(self, "params", params)
        _check_int("seed", self.seed, 0, SEED_LIMIT - 1)
        _check_int("deals", self.deals, 1)
        _check_int("hands_per_table", self.hands_per_table, 1)
        _check_int("chunk_size", self.chunk_size, 1)
        if self.threads is not None:
            _check_int("threads", self.threads, 1)
        if not isinstance(self.tricks, bool):
            raise RunSpecError(f"tricks: {self.tricks!r} is not true or false")

    # ---- counts ----

    @property
    def num_players(self) -> int:
        return self.rules.num_players

    @property
    def tables(self) -> int:
        """Tables in the run: ceil(deals / hands_per_table); the last one may be shorter."""
        return math.ceil(self.deals / self.hands_per_table)

    def first_hand(self, table: int) -> int:
        """Global index of the first hand of `table`."""
        return table * self.hands_per_table

    def hands_in(self, first_table: int, n_tables: int) -> int:
        """Hands played at tables first_table .. first_table + n_tables − 1."""
        end = min(self.first_hand(first_table + n_tables), self.deals)
        return max(0, end - self.first_hand(first_table))

    def seat_params(self, seat: int) -> dict[str, float]:
        return dict(self.params[seat])

    # ---- identity ----

    def outcome_fields(self) -> dict[str, Any]:
        """The fields that fix the output rows (not the rules' name, chunk size or threads), as plain data."""
        return {
            "rules_version": RULES_VERSION,
            "rules": {k: v for k, v in self.rules.to_dict().items() if k != "name"},
            "policies": list(self.policies),
            "params": [dict(p) for p in self.params],
            "seed": self.seed,
            "deals": self.deals,
            "hands_per_table": self.hands_per_table,
            "tricks": self.tricks,
        }

    def spec_hash(self) -> str:
        """SHA-256 (hex) of `outcome_fields()`: equal hashes ⇒ equal rows."""
        text = json.dumps(self.outcome_fields(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    # ---- plain data (manifest.json) ----

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON data; `from_dict` gives back an equal RunSpec."""
        return {
            "rules": self.rules.to_dict(),
            "policies": list(self.policies),
            "params": [dict(p) for p in self.params],
            "seed": self.seed,
            "deals": self.deals,
            "hands_per_table": self.hands_per_table,
            "chunk_size": self.chunk_size,
            "tricks": self.tricks,
            "threads": self.threads,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunSpec:
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - fields
        if unknown:
            raise RunSpecError(f"unknown run spec field(s): {', '.join(sorted(unknown))}")
        values = dict(data)
        if "rules" in values:
            values["rules"] = RuleSet.from_dict(values["rules"])
        for key in ("policies", "params"):
            if key in values:
                values[key] = tuple(values[key])
        return cls(**values)

    def replace(self, **changes: Any) -> RunSpec:
        return dataclasses.replace(self, **changes)


def plan_chunks(spec: RunSpec) -> list[Chunk]:
    """The run's chunks in table order: `chunk_size` hands rounded down to whole tables (at least one)."""
    per_chunk = max(1, spec.chunk_size // spec.hands_per_table)
    return [Chunk(first, min(per_chunk, spec.tables - first)) for first in range(0, spec.tables, per_chunk)]


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool):
        raise RunSpecError(f"{where}: {value!r} is not a number")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise RunSpecError(f"{where}: {value!r} is not a number") from None
    if not math.isfinite(number):
        raise RunSpecError(f"{where}: {value!r} is not a finite number")
    return number


def _normal_params(params: Mapping[str, float] | Iterable[tuple[str, float]]) -> Params:
    items = params.items() if isinstance(params, Mapping) else params
    return tuple(sorted((str(k), _number(v, f"parameter {k}")) for k, v in items))


def _check_int(name: str, value: Any, low: int, high: int | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise RunSpecError(f"{name}: {value!r} is not an integer {bound}")


def run_spec_of(out_dir: str | Path) -> RunSpec:
    """The RunSpec of a run directory written by `simulate` (RunSpecError if it holds no readable run)."""
    from baofen_sim.io.manifest import ManifestError, read_manifest  # the manifest module imports this one

    try:
        manifest = read_manifest(out_dir)
    except ManifestError as error:
        raise RunSpecError(str(error)) from None
    if manifest is None:
        raise RunSpecError(f"{out_dir}: no manifest.json (not a run directory written by simulate)")
    return manifest.run_spec()
