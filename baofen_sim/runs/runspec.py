"""`RunSpec`: everything that defines a simulation run, and the planner that cuts it into chunks.

A run plays `deals` hands at `tables` tables of `hands_per_table` hands each (the last table may be
shorter; DESIGN.md §5). Hand `h` is hand `h % hands_per_table` of table `h // hands_per_table`.
A chunk is a run of whole tables, `(first_table, n_tables)`; the engine plays one chunk at a time.

Forced scenarios (DESIGN.md §5) skip the auction: `declarer` = a seat declares every hand at `target`;
`declarer` = "each" plays every deal once per seat as declarer (`rows_per_hand` rows per hand, keyed by hand
and declarer); `target` = "each" plays at the lowest opening bid, for policies whose play ignores the target,
so that the result at every target follows from the row (`analysis.targets`). A table then holds one hand.

Three kinds of fields:
- outcome fields (rules options, policies, parameters, seed, deals, hands_per_table, tricks, the forced
  declarer and target when set, and `RULES_VERSION`): they fix every output row; `spec_hash()` covers
  exactly these;
- execution fields (`chunk_size`, `threads`): how the work is cut and run; they never change the rows;
- display fields (`rules_given`): how the user named the rules, for the reports; not in the hash or equality.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, overload

from baofen_sim.codes import DECLARER_BY_AUCTION, DECLARER_EACH
from baofen_sim.games import game_of
from baofen_sim.policies.registry import PolicyError
from baofen_sim.policies.selection import play_reads_target, policy_chunk_hands, policy_fallback
from baofen_sim.rules import DEFAULT_PRESET, RuleSet, preset, require_supported

# Bump when the same RunSpec would produce different rows (an engine or rules fix that changes outcomes).
RULES_VERSION = 2  # 2: seat-stable deals keyed on the global hand, A48 table start and end

DEFAULT_DEALS = 100_000
DEFAULT_HANDS_PER_TABLE = 16
DEFAULT_CHUNK_SIZE = 65_536  # hands per chunk, rounded down to whole tables
SEED_LIMIT = 2**64  # seeds are unsigned 64-bit (splitmix64 keys)
EACH = "each"  # `declarer` / `target`: every seat / every target

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

    rules: RuleSet = field(default_factory=lambda: preset(DEFAULT_PRESET))
    policies: tuple[str, ...] = ()  # policy name per seat; () = DEFAULT_POLICY at every seat
    params: tuple[Params, ...] = ()  # policy parameters per seat (name → value); () = none at any seat
    seed: int = 0
    deals: int = DEFAULT_DEALS  # hands in total
    hands_per_table: int = DEFAULT_HANDS_PER_TABLE
    chunk_size: int = DEFAULT_CHUNK_SIZE  # execution only: hands per chunk
    tricks: bool = False  # also write one row per trick
    threads: int | None = None  # execution only: Numba threads; None = Numba's default
    declarer: int | str | None = None  # forced declarer: a seat or EACH; None = the auction decides
    target: int | str | None = None  # forced target: a bid value or EACH (only with a forced declarer)
    # with declarer = EACH: a seat whose evaluation_i is below this passes (its row is not played); None = all play
    min_evaluation: float | None = None
    # display only: the rules as the command line gave them ("baofen-001 --set bid_cap_default=200", "my.toml");
    # None when not given (runs written before it, runs built in Python)
    rules_given: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        require_supported(self.rules)  # a game or value the engine does not play: refused before any work
        seats = self.rules.num_players
        policies = tuple(self.policies) or (game_of(self.rules).default_policy,) * seats
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
        self._check_game()
        self._check_forced()
        self._check_min_evaluation()

    def _check_game(self) -> None:
        """What the engine of the rules' game plays: its policies, and whether it has forced declarers."""
        engine = game_of(self.rules)
        if self.tricks and not engine.tricks:
            raise RunSpecError(f"--tricks: {engine.title} runs write no trick rows yet")
        if not engine.forced_declarer and (self.declarer is not None or self.target is not None):
            raise RunSpecError(f"--declarer and --target: {engine.title} has no forced declarer (its deal decides "
                               "who declares)")
        if engine.policies is not None:  # a plug-in plays what it leaves out as its fallback does
            other = [name for name in dict.fromkeys(self.policies) if _plays_as(name) not in engine.policies]
            if other:
                raise RunSpecError(f"{engine.title} plays with the policies {', '.join(engine.policies)} so far, "
                                   f"not {', '.join(other)}: give --policy {engine.policies[0]}")

    def _check_forced(self) -> None:
        if self.declarer is None:
            if self.target is not None:
                raise RunSpecError("--target needs --declarer SEAT|each (a forced declarer)")
            return
        seats = self.rules.num_players
        if self.declarer != EACH and not (_is_int(self.declarer) and 0 <= self.declarer < seats):
            raise RunSpecError(f"--declarer {self.declarer}: a seat 0..{seats - 1} or each")
        bids = self.rules.bid_values()
        if self.target is None:
            raise RunSpecError("--declarer needs --target T (a bid value) or --target each")
        if self.target == EACH:
            reading = [name for name in dict.fromkeys(self.policies) if _reads_target(name)]
            if reading:
                raise RunSpecError(f"--target each: the play of {', '.join(reading)} depends on the target; "
                                   "give one --target")
        elif not _is_int(self.target) or self.target not in bids:
            above = _is_int(self.target) and self.target > bids[-1]
            why = f"above the rules' cap bid_cap_max = {bids[-1]}" if above else "not a bid the auction allows"
            raise RunSpecError(f"--target {self.target}: {why} ({bids[0]}, {bids[1]}, ..., {bids[-1]}) or each")
        if self.hands_per_table != 1:
            raise RunSpecError(f"--hands-per-table {self.hands_per_table}: a forced declarer plays one hand per "
                               "table (nothing carries over); leave it at 1")

    def _check_min_evaluation(self) -> None:
        if self.min_evaluation is None:
            return
        if self.declarer != EACH:
            raise RunSpecError(f"--min-evaluation {self.min_evaluation}: needs --declarer each (the seats whose "
                               "evaluation reaches it declare, the others pass)")
        if isinstance(self.min_evaluation, bool) or not isinstance(self.min_evaluation, (int, float)) \
                or not math.isfinite(self.min_evaluation):
            raise RunSpecError(f"--min-evaluation {self.min_evaluation!r}: not a finite number")

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

    def require_hand(self, hand: int) -> None:
        """RunSpecError unless `hand` is a hand of the run."""
        if not 0 <= hand < self.deals:
            raise RunSpecError(f"--hand {hand}: the run has hands 0..{self.deals - 1}")

    def table_spans(self, hands: Iterable[int], most: int = 64) -> list[tuple[int, int]]:
        """The tables that hold `hands`, as (first_table, n_tables) spans of consecutive tables (at most `most` in
        one), in order: what a replay of many hands plays, a span at a time."""
        spans: list[tuple[int, int]] = []
        for table in sorted({hand // self.hands_per_table for hand in hands}):
            if spans and spans[-1][0] + spans[-1][1] == table and spans[-1][1] < most:
                spans[-1] = (spans[-1][0], spans[-1][1] + 1)
            else:
                spans.append((table, 1))
        return spans

    @property
    def rows_per_hand(self) -> int:
        """Output rows per hand: one per seat with declarer = each, else one."""
        return self.num_players if self.declarer == EACH else 1

    @property
    def forced_declarer(self) -> int:
        """The kernel's code of `declarer` (codes.DECLARER_*, or the seat)."""
        if self.declarer is None:
            return DECLARER_BY_AUCTION
        return DECLARER_EACH if self.declarer == EACH else int(self.declarer)

    @property
    def played_target(self) -> int:
        """The target a forced declarer plays at: `target`, or the lowest opening bid for target = each."""
        if self.target is None:
            return 0
        return self.rules.bid_values()[0] if self.target == EACH else int(self.target)

    def seat_params(self, seat: int) -> dict[str, float]:
        return dict(self.params[seat])

    # ---- identity ----

    def outcome_fields(self) -> dict[str, Any]:
        """The fields that fix the output rows (not the rules' name, chunk size or threads), as plain data.
        The forced declarer and target appear only when set, so runs with an auction keep their hash."""
        forced = {} if self.declarer is None else {"declarer": self.declarer, "target": self.target}
        if self.min_evaluation is not None:
            forced["min_evaluation"] = self.min_evaluation
        return {
            **forced,
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
            "declarer": self.declarer,
            "target": self.target,
            "min_evaluation": self.min_evaluation,
            "rules_given": self.rules_given,
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


class ChunkPlan(Sequence[Chunk]):
    """A run's chunks in table order, `tables_per_chunk` whole tables each (the last one may be shorter),
    computed on demand: a plan of 10^12 hands takes no more memory than one of 10."""

    def __init__(self, tables: int, tables_per_chunk: int):
        self.tables, self.tables_per_chunk = tables, tables_per_chunk

    def __len__(self) -> int:
        return -(-self.tables // self.tables_per_chunk)

    @overload
    def __getitem__(self, index: int) -> Chunk: ...
    @overload
    def __getitem__(self, index: slice) -> list[Chunk]: ...

    def __getitem__(self, index: int | slice) -> Chunk | list[Chunk]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        first = index * self.tables_per_chunk
        return Chunk(first, min(self.tables_per_chunk, self.tables - first))

    def __iter__(self) -> Iterator[Chunk]:
        for first in range(0, self.tables, self.tables_per_chunk):
            yield Chunk(first, min(self.tables_per_chunk, self.tables - first))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ChunkPlan):
            return (self.tables, self.tables_per_chunk) == (other.tables, other.tables_per_chunk)
        return NotImplemented

    def __repr__(self) -> str:
        return f"ChunkPlan(tables={self.tables}, tables_per_chunk={self.tables_per_chunk})"


def default_chunk_size(policies: Iterable[str]) -> int:
    """Hands per chunk when none is given: DEFAULT_CHUNK_SIZE, or fewer when a seat plays a slow policy
    (`PolicySpec.chunk_hands`), so that a part file, a progress step and a resume point come every few minutes."""
    return min((size for name in set(policies) if (size := policy_chunk_hands(name))), default=DEFAULT_CHUNK_SIZE)


def tables_per_chunk(chunk_size: int, hands_per_table: int) -> int:
    """`chunk_size` hands rounded down to whole tables, at least one."""
    return max(1, chunk_size // hands_per_table)


def plan_chunks(spec: RunSpec) -> ChunkPlan:
    """The run's chunks in table order: `chunk_size` hands rounded down to whole tables (at least one)."""
    return ChunkPlan(spec.tables, tables_per_chunk(spec.chunk_size, spec.hands_per_table))


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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plays_as(name: str) -> str | None:
    """The built-in policy `name` is, or a plug-in's fallback (None: a plug-in that does not load, reported where
    policies are checked)."""
    try:
        return policy_fallback(name)
    except (PolicyError, ImportError):
        return None


def _reads_target(name: str) -> bool:
    try:
        return play_reads_target(name)
    except (PolicyError, ImportError):  # an unknown policy is reported where policies are checked
        return False


def _check_int(name: str, value: Any, low: int, high: int | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise RunSpecError(f"{name}: {value!r} is not an integer {bound}")
