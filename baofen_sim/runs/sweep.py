"""`sweep` (DESIGN.md §7, §9): one run's deals played under every combination of some rules options and
policy parameters, for paired comparisons.

    --vary OPTION=V1,V2,...       a rules option (RULES.md §9), as `--set OPTION=VALUE` takes it
    --vary SEAT.PARAM=V1,V2,...   one seat's policy parameter, as `--param SEAT.KEY=VALUE` takes it
    --vary PARAM=V1,V2,...        a policy parameter of every seat at once, as `--param KEY=VALUE` takes it
                                  (a name that is a rules option is the rules option)

A name varied must not be given to the base run as well (`--set OPTION=...`, `--param SEAT.PARAM=...`): every
variant would override it, so the two are refused together.

The variants are the cross product of the `--vary` options, in the order given. Each is a RunSpec with the
same seed, deals and table layout, so hand h is the same deal in every variant (DESIGN §4: common random
numbers). Rules options and parameters are data to the kernels, so no variant recompiles.

Output: OUT/manifest.json (`io.manifest.SweepManifest`), and each variant's part files in a hive folder,
OUT/hands/NAME=VALUE/.../part-*.parquet (OUT/tricks/ likewise), where NAME is the option, PARAM_SEAT for a
seat's parameter (`open_threshold_0`, like the per-seat columns), or PARAM for every seat's (`bid_margin`).
`pl.scan_parquet("OUT/hands")` reads all variants as one table with the names as columns. Resumable and
interrupt-safe like `simulate`, with one progress bar over the whole sweep.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from baofen_sim.games import by_id, game_of
from baofen_sim.io.lock import run_lock
from baofen_sim.io.manifest import SweepManifest, VariantEntry, package_versions, read_manifest, utc_now
from baofen_sim.policies.registry import PolicyError
from baofen_sim.policies.selection import keyed_param_options, parse_policy_options, policy_spec
from baofen_sim.rules import RulesError
from baofen_sim.rules.ruleset import FIELD_TYPES, option_name
from baofen_sim.runs import simulate as runs
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import (
    Backend,
    ChunkRunner,
    Echo,
    LocalBackend,
    SimulateError,
    clear_run,
    extends,
    make_out_dir,
    open_out,
    play_chunks,
    prepare_parts,
)

FORBIDDEN_IN_VALUES = "/=\\"  # a value is a hive folder name


class SweepError(ValueError):
    """A --vary option that cannot be swept: malformed, an unknown option or parameter, a value it does not
    allow, a name given twice (or also to --set / --param)."""


@dataclass(frozen=True)
class Vary:
    """One `--vary` option."""

    name: str  # the hive key and column: the rules option, PARAM_SEAT, or PARAM for every seat
    values: tuple[str, ...]  # as given
    seat: int | None = None  # a policy parameter's seat (None: a rules option, or every seat's parameter)
    key: str = ""  # a policy parameter's name ("" for a rules option)

    def seats(self, num_players: int) -> range:
        """The seats whose parameter `key` it sets (none for a rules option)."""
        if not self.key:
            return range(0)
        return range(self.seat, self.seat + 1) if self.seat is not None else range(num_players)


@dataclass(frozen=True)
class Variant:
    values: dict[str, str]
    dir: str
    spec: RunSpec


@dataclass(frozen=True, slots=True)
class SweepSummary:
    out_dir: Path
    variants: int
    hands: int  # per variant
    chunks_run: int
    chunks_skipped: int
    seconds: float


def parse_vary(text: str, base: RunSpec, policy_opts: Sequence[str] = (), param_opts: Sequence[str] = (),
               overrides: Sequence[str] = ()) -> Vary:
    """One `--vary` text, every value checked against the base run (its rules, its seats' policies given by
    `policy_opts` / `param_opts` as simulate takes them); refused too when the base run's `--set` options
    (`overrides`) or a `--param SEAT.KEY=VALUE` of `param_opts` set the name it varies."""
    where = f"--vary {text!r}"
    left, sep, right = text.partition("=")
    values = tuple(v.strip() for v in right.split(","))
    if not sep or not left.strip() or not all(values):
        raise SweepError(f"{where}: expected OPTION=V1,V2,..., SEAT.PARAM=V1,V2,... or PARAM=V1,V2,...")
    if len(set(values)) != len(values):
        raise SweepError(f"{where}: a value is given twice")
    if any(ch in value for value in values for ch in FORBIDDEN_IN_VALUES):
        raise SweepError(f"{where}: values may not contain {' '.join(FORBIDDEN_IN_VALUES)}")
    head, dot, key = left.strip().partition(".")
    default = game_of(base.rules).default_policy
    try:
        if dot and head.isdigit():
            vary = Vary(f"{key.strip()}_{int(head)}", values, int(head), key.strip())
            for value in values:  # PolicyError for a bad seat, an unknown parameter or a value out of its domain
                parse_policy_options(policy_opts, [*param_opts, f"{vary.seat}.{vary.key}={value}"], base.num_players,
                                     default)
        elif not dot and left.strip().replace("-", "_") not in FIELD_TYPES and _is_policy_parameter(left.strip(), base):
            vary = Vary(left.strip(), values, None, left.strip())
            for value in values:  # PolicyError for a value out of its domain or a seat whose policy lacks it
                parse_policy_options(policy_opts, [*param_opts, f"{vary.key}={value}"], base.num_players, default)
        else:
            vary = Vary(option_name(left), values)
            for value in values:  # RulesError for a value the option does not allow
                base.rules.with_overrides([f"{vary.name}={value}"])
    except (RulesError, PolicyError) as error:
        raise SweepError(f"{where}: {error}") from None
    _refuse_also_given(vary, where, overrides, param_opts, base.num_players)
    return vary


def _refuse_also_given(vary: Vary, where: str, overrides: Sequence[str], param_opts: Sequence[str],
                       num_players: int) -> None:
    """SweepError when a --set option (`overrides`) or a --param SEAT.KEY=VALUE sets what `vary` varies: every
    variant would override it."""
    if not vary.key:
        given = [f"--set {item!r}" for item in overrides if option_name(item.partition("=")[0]) == vary.name]
        what = vary.name
    else:
        keyed = keyed_param_options(param_opts, num_players)
        given = [f"--param {keyed[seat, vary.key]!r}" for seat in vary.seats(num_players) if (seat, vary.key) in keyed]
        what = f"{vary.key} of seat {vary.seat}" if vary.seat is not None else f"{vary.key} of every seat"
    if given:
        raise SweepError(f"{where} and {given[0]} both set {what}; give it in one of them")


def _is_policy_parameter(key: str, base: RunSpec) -> bool:
    """Whether some seat's policy in the base run has a parameter called `key`."""
    return any(key in (p.name for p in policy_spec(name).params) for name in base.policies)


def plan_variants(base: RunSpec, varies: Sequence[Vary]) -> list[Variant]:
    """The cross product of the `varies` over the base run, in order (the last name varies fastest)."""
    names = [v.name for v in varies]
    if len(set(names)) != len(names):
        raise SweepError(f"--vary {', '.join(n for n in names if names.count(n) > 1)} is given twice")
    if not varies:
        raise SweepError("sweep needs at least one --vary OPTION=V1,V2,...")
    variants = []
    for combination in itertools.product(*(v.values for v in varies)):
        rules = base.rules.with_overrides([f"{v.name}={value}" for v, value in zip(varies, combination, strict=True)
                                           if not v.key])
        if rules.game != base.rules.game:
            raise SweepError(f"--vary {', '.join(names)}: a variant plays {by_id(rules.game).title}, the base rules "
                             f"{by_id(base.rules.game).title}; a sweep compares variants of one game")
        params = [dict(p) for p in base.params]
        for v, value in zip(varies, combination, strict=True):
            for seat in v.seats(base.num_players):
                params[seat][v.key] = float(value)
        values = {v.name: value for v, value in zip(varies, combination, strict=True)}
        folder = "/".join(f"{name}={value}" for name, value in values.items())
        variants.append(Variant(values, folder, base.replace(rules=rules, params=tuple(params))))
    return variants


def sweep_hash(varies: Sequence[Vary], variants: Sequence[Variant]) -> str:
    text = json.dumps({"vary": [v.name for v in varies],
                       "variants": [[v.values, v.spec.spec_hash()] for v in variants]}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def sweep(base: RunSpec, varies: Sequence[Vary], out_dir: str | Path, progress: bool | None = None,
          run_chunk: ChunkRunner | None = None, overwrite: bool = False, backend: Backend | None = None,
          echo: Echo | None = None) -> SweepSummary:
    """Play every variant of `base` into `out_dir`, resuming (or extending to more deals) an earlier call of
    the same sweep; the other options as `simulate.simulate` takes them."""
    started = time.perf_counter()
    out, backend, echo = Path(out_dir), backend or LocalBackend(), echo or runs.note
    variants = plan_variants(base, varies)
    backend.check(base)
    make_out_dir(out)
    with run_lock(out):
        manifest = _open_sweep(out, varies, variants, overwrite, echo)
        chunk_size = manifest.variants[0].spec["chunk_size"]  # on resume: the plan the manifest recorded
        ledgers = [(i, entry.ledger(variant.spec.replace(chunk_size=chunk_size)))
                   for i, (variant, entry) in enumerate(zip(variants, manifest.variants, strict=True))]
        prepare_parts(out, [folder for _, ledger in ledgers for folder in ledger.folders()])
        run, skipped = play_chunks(out, manifest, ledgers, backend, progress, run_chunk or runs.engine_run_chunk,
                                   title="sweep", echo=echo)
    return SweepSummary(out, len(variants), base.deals, run, skipped, time.perf_counter() - started)


def _open_sweep(out: Path, varies: Sequence[Vary], variants: list[Variant], overwrite: bool,
                echo: Echo) -> SweepManifest:
    digest = sweep_hash(varies, variants)
    manifest = open_out(out, lambda path: read_manifest(path, SweepManifest), overwrite)
    if manifest is not None and manifest.sweep_hash != digest:
        if _extends(manifest, variants):
            old_deals = manifest.variants[0].spec["deals"]
            chunk_size = manifest.variants[0].spec["chunk_size"]
            for entry, variant in zip(manifest.variants, variants, strict=True):
                spec = variant.spec.replace(chunk_size=chunk_size)
                entry.spec, entry.spec_hash = spec.to_dict(), spec.spec_hash()
                entry.ledger(spec).keep_reusable()
            manifest.sweep_hash = digest
            echo(f"extending the sweep in {out} from {old_deals:,} to {variants[0].spec.deals:,} hands per variant")
        elif overwrite:
            echo(f"replacing the sweep in {out} (another sweep)")
            clear_run(out)
            manifest = None
        else:
            raise SimulateError(f"--out {out} holds another sweep (other --vary values, rules, policies, seed or "
                                "deals); choose another --out, or give --overwrite to replace it")
    if manifest is None:
        entries = [VariantEntry(v.values, v.dir, v.spec.to_dict(), v.spec.spec_hash()) for v in variants]
        now = utc_now()
        manifest = SweepManifest([v.name for v in varies], entries, digest, versions=package_versions(),
                                 created=now, updated=now)
    return manifest


def _extends(manifest: SweepManifest, variants: list[Variant]) -> bool:
    """The new sweep is the recorded one with more deals in every variant."""
    if [v.dir for v in manifest.variants] != [v.dir for v in variants]:
        return False
    try:
        olds = [RunSpec.from_dict(v.spec) for v in manifest.variants]
    except (ValueError, TypeError, KeyError):
        return False
    return all(extends(old, v.spec, manifest.rules_version) for old, v in zip(olds, variants, strict=True))


def default_sweep_dir(base: RunSpec, varies: Sequence[Vary], root: str | Path = "runs") -> Path:
    """`runs/sweep-<rules>-<names>-n<deals>-s<seed>-<hash8>`: rerunning the same command resumes it."""
    digest = sweep_hash(varies, plan_variants(base, varies))
    names = "-".join(v.name for v in varies)
    return Path(root) / f"sweep-{base.rules.name}-{names}-n{base.deals}-s{base.seed}-{digest[:8]}"
