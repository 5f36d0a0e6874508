"""The strength ladder (`scripts/strength.py` → results/STRENGTH.md): every declarer player against every
defender player, seat 0 forced to declare at each target on the same deals (DESIGN.md §4: common random
numbers), so that two cells differ only in who plays. A player is a policy with parameter files (PLAYERS:
the heuristic with its tuned defaults and with the old values, `heuristic-untuned`). Per cell: the
declarer's make rate and mean card points C, each with its paired difference from the tuned heuristic
against itself and a 95% CI, and the cell's hands/s (one process, all threads). A cell may play fewer deals
than the ladder (the expensive sampler-defender cells): it is then paired with the first deals of the
baseline, which are the same deals.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from baofen_sim.analysis.stats import mean_interval, wilson_interval
from baofen_sim.policies.selection import parse_policy_options
from baofen_sim.runs.runspec import RunSpec

# player: (policy, parameter files or names, as `--param FILE` takes them)
PLAYERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "random": ("random", ()),
    "heuristic-untuned": ("heuristic", ("heuristic-untuned",)),
    "heuristic": ("heuristic", ()),
    "sampler": ("sampler", ()),
}
BASELINE = ("heuristic", "heuristic")
TARGETS = (85, 100)


def ladder_policies() -> list[str]:
    """The policies the ladder's engine is compiled for."""
    return sorted({policy for policy, _ in PLAYERS.values()})


def seat_options(player: str, seats: range, sampler_params: list[str]) -> tuple[list[str], list[str]]:
    """The --policy and --param options that make `seats` play `player` (sampler_params: KEY=VALUE for a
    sampler)."""
    policy, files = PLAYERS[player]
    policies = [f"{seat}={policy}" for seat in seats]
    params = [f"{seat}={file}" for seat in seats for file in files]
    if policy == "sampler":
        params += [f"{seat}.{kv}" for seat in seats for kv in sampler_params]
    return policies, params


@dataclass(frozen=True)
class Cell:
    declarer: str
    defenders: str
    target: int
    made: np.ndarray  # bool per deal
    points: np.ndarray  # C per deal
    seconds: float


def play_cell(declarer: str, defenders: str, target: int, deals: int, seed: int, sampler_params: list[str]) -> Cell:
    """Seat 0 plays player `declarer` and declares every deal at `target`; seats 1–3 play `defenders`."""
    from baofen_sim.games.baofen.engine import run_chunk  # the engine of this process's policy set

    declarer_policy, declarer_params = seat_options(declarer, range(1), sampler_params)
    defender_policies, defender_params = seat_options(defenders, range(1, 4), sampler_params)
    policies, values = parse_policy_options(declarer_policy + defender_policies, declarer_params + defender_params)
    spec = RunSpec(policies=policies, params=values, deals=deals, hands_per_table=1, seed=seed, declarer=0,
                   target=target)
    started = time.perf_counter()
    hands = run_chunk(spec, 0, spec.tables).hands
    return Cell(declarer, defenders, target, hands["declarer_won"].astype(bool),
                hands["declarer_points"].astype(np.float64), time.perf_counter() - started)


def prepared_targets(text: str, seed: int, settings: list[list[str]], defenders: str) -> list[int]:
    """The targets of `text` (comma-separated), once the ladder's engine is selected and compiled or loaded
    (before any timing) by a 2-deal cell of the sampler against `defenders` at each target and sampler setting,
    which also checks the targets and the parameters. ValueError names a bad one."""
    from baofen_sim import policy_set
    from baofen_sim.policies import PolicyError
    from baofen_sim.runs.runspec import RunSpecError

    try:
        targets = [int(t) for t in text.split(",")]
    except ValueError:
        raise ValueError(f"--targets {text!r}: expected comma-separated whole numbers") from None
    policy_set.select(ladder_policies())
    try:
        for setting in settings:
            for target in targets:
                play_cell("sampler", defenders, target, 2, seed, setting)
    except (PolicyError, RunSpecError) as error:
        raise ValueError(str(error)) from None
    return targets


def paired(values: np.ndarray, baseline: np.ndarray) -> tuple[float, list[float] | None]:
    """Mean of the per-deal differences and its 95% CI (over the deals of `values`: the baseline's first)."""
    difference = values.astype(np.float64) - baseline[:len(values)].astype(np.float64)
    mean = float(difference.mean())
    interval = mean_interval(mean, float(difference.std(ddof=1)), len(difference))
    return mean, None if interval is None else [float(interval[0]), float(interval[1])]


def ladder_markdown(cells: list[Cell], deals: int, seed: int, command: str, machine: str) -> str:
    """The ladder as a Markdown section: one table per target."""
    lines = [f"## {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", "",
             f"- machine: {machine}", f"- command: `{command}`",
             f"- {deals:,} deals (seed {seed}; a cell with fewer plays the first of them), seat 0 forced to "
             f"declare; differences are paired, per deal, against {BASELINE[0]} declaring against {BASELINE[1]} "
             f"defenders; `heuristic` has the tuned defaults, `heuristic-untuned` the values before tune-play", ""]
    for target in sorted({c.target for c in cells}):
        base = next(c for c in cells if (c.declarer, c.defenders, c.target) == (*BASELINE, target))
        lines += [f"### target {target}", "",
                  "| declarer | defenders | deals | make rate | 95% CI | Δ make vs baseline | 95% CI | mean C | "
                  "Δ C | 95% CI | hands/s |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for c in (c for c in cells if c.target == target):
            rate = float(c.made.mean())
            low, high = wilson_interval(int(c.made.sum()), len(c.made))
            d_made, ci_made = paired(c.made, base.made)
            d_points, ci_points = paired(c.points, base.points)
            lines.append(f"| {c.declarer} | {c.defenders} | {len(c.made):,} | {100 * rate:.1f}% "
                         f"| [{100 * low:.1f}, {100 * high:.1f}] "
                         f"| {100 * d_made:+.1f} pp | {interval_text(ci_made, 100)} | {c.points.mean():.1f} | "
                         f"{d_points:+.1f} | {interval_text(ci_points, 1)} | {len(c.made) / c.seconds:,.0f} |")
        lines.append("")
    return "\n".join(lines)


def interval_text(interval: list[float] | None, scale: float) -> str:
    """A CI as `[low, high]` with signs, scaled (100: percentage points); "-" without one."""
    return "-" if interval is None else f"[{scale * interval[0]:+.1f}, {scale * interval[1]:+.1f}]"
