"""`baofen-sim tune-play` (DESIGN.md §9): self-play tuning of the heuristic's play parameters.

Seat 0 declares every deal at a fixed target (forced declarer, RunSpec.declarer = 0), seats 1–3 defend,
every seat with the same parameter row. The heuristic holds the declarer's play parameters apart from the
defenders' (`declarer_…`, `defender_…`, plus the declarer-only `draw_trumps` and the defender-only
`feed_points`), so the two sides are tuned in turn, each a best response to the other's current values:
one parameter at a time, every value of its grid played on the same deals, the value with the best mean
declarer settlement for that side kept only if its paired gain over the current value has a 95% CI above
zero. A round is a declarer pass then a defender pass, on fresh deals (a new seed per round); tuning stops
after a round in which neither side gained, or after `rounds`. It starts from the given parameters
(`--start`: the defaults, or e.g. the named file heuristic-untuned).

What differs between games is the game's `PlayTuning` (its `tune_play` hook): the grid, the objective, and whether
seat 0 is forced to declare at a target. A game without forced declarers (80分) plays every deal as a table's first
hand, so that the paired runs of a round share the deals and everything before the play (`games/<game>/tuning.py`).

Written to OUT: `rounds.json` (every value tried: its mean, paired gain and CI, and what was kept) and
`tuned.toml`, the play parameters for every seat (`--param OUT/tuned.toml`); the heuristic's defaults
are the result of such a run (results/tune-play/).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from baofen_sim.analysis.stats import mean_interval
from baofen_sim.games import game_of
from baofen_sim.policies.registry import HEURISTIC
from baofen_sim.rules import RuleSet
from baofen_sim.runs.runspec import RunSpec

# Each side's play parameters and the values tried (bidding and bury parameters are left to tune-bids).
WIN_MIN_POINTS = (0.0, 5.0, 10.0, 15.0)
RUFF_MIN_POINTS = (0.0, 5.0, 10.0, 20.0)
ON_OFF = (0.0, 1.0)
GRID: dict[str, dict[str, tuple[float, ...]]] = {
    "declarer": {"declarer_win_min_points": WIN_MIN_POINTS, "declarer_ruff_min_points": RUFF_MIN_POINTS,
                 "draw_trumps": ON_OFF, "declarer_throw_sure": ON_OFF},
    "defenders": {"feed_points": (0.0, 0.5, 1.0, 2.0), "defender_win_min_points": WIN_MIN_POINTS,
                  "defender_ruff_min_points": RUFF_MIN_POINTS, "defender_throw_sure": ON_OFF},
}
SIDES = tuple(GRID)


@dataclass(frozen=True)
class PlayTuning:
    """What `tune-play` tunes in one game (its `tune_play` hook)."""

    grid: dict[str, dict[str, tuple[float, ...]]]  # each side's parameters and the values tried
    objective: str  # in words, for rounds.json
    side_result: Callable[[dict[str, np.ndarray], RunSpec], np.ndarray]  # the declarer's side's result per deal
    forced_target: int | None = None  # seat 0 declares every deal at this target by default (None: the deal decides)


@dataclass
class TuneConfig:
    rules: RuleSet
    deals: int = 200_000
    target: int | None = None  # the forced declarer's target, in a game with forced declarers (default: its tuning's)
    rounds: int = 4
    seed: int = 1
    threads: int | None = None
    start: Mapping[str, float] = field(default_factory=dict)  # parameters to start from (others: defaults)

    @property
    def tuning(self) -> PlayTuning:
        return game_of(self.rules).hook("tune_play")

    @property
    def grid(self) -> dict[str, dict[str, tuple[float, ...]]]:
        """Each side's parameters and the values tried, for the rules' game."""
        return self.tuning.grid

    @property
    def forced_target(self) -> int | None:
        """The target seat 0 declares at (None: the game has no forced declarer)."""
        default = self.tuning.forced_target
        return None if default is None else (default if self.target is None else self.target)


@dataclass
class Tuning:
    params: dict[str, float]
    rounds: list[dict] = field(default_factory=list)


def declarer_settlements(config: TuneConfig, params: Mapping[str, float], seed: int) -> np.ndarray:
    """The declarer's side's result on each deal (the game's objective), every seat playing `params`, one hand per
    table; seat 0 forced to declare at the target where the game has forced declarers."""
    target = config.forced_target
    forced = {} if target is None else {"declarer": 0, "target": target}
    seats = config.rules.num_players
    spec = RunSpec(rules=config.rules, policies=("heuristic",) * seats, params=(dict(params),) * seats,
                   deals=config.deals, hands_per_table=1, seed=seed, threads=config.threads, **forced)
    hands = game_of(config.rules).run_chunk(spec, 0, spec.tables).hands  # this process's policy set
    return config.tuning.side_result(hands, spec)


def side_settlements(config: TuneConfig, tuning: Tuning, name: str, value: float, seed: int) -> np.ndarray:
    """declarer_settlements with parameter `name` at `value`, the rest as tuned so far."""
    return declarer_settlements(config, {**tuning.params, name: value}, seed)


def tune_side(config: TuneConfig, tuning: Tuning, side: str, seed: int, echo: Callable[[str], None]) -> list[dict]:
    """One coordinate pass for `side`; the steps taken (one per parameter)."""
    sign = 1.0 if side == "declarer" else -1.0
    steps = []
    for name, values in config.grid[side].items():
        current = tuning.params[name]
        base = side_settlements(config, tuning, name, current, seed)
        tried = []
        for value in values:
            if value == current:
                gain = np.zeros_like(base)
            else:
                gain = sign * (side_settlements(config, tuning, name, value, seed) - base)
            mean = float(gain.mean())
            interval = mean_interval(mean, float(gain.std(ddof=1)), len(gain)) if value != current else None
            tried.append({"value": value, "gain": mean, "ci95": None if interval is None else list(interval)})
        best = max(tried, key=lambda t: t["gain"])
        kept = best["ci95"] is not None and best["ci95"][0] > 0
        if kept:
            tuning.params[name] = best["value"]
        step = {"side": side, "parameter": name, "from": current, "to": tuning.params[name], "tried": tried,
                "kept": kept}
        echo(f"{side:9} {name:24} {current:g} -> {tuning.params[name]:g}"
             + (f" (gain {best['gain']:+.4f}, 95% CI [{best['ci95'][0]:+.4f}, {best['ci95'][1]:+.4f}])" if kept
                else " (no significant gain)"))
        steps.append(step)
    return steps


def tune_play(config: TuneConfig, out: Path, echo: Callable[[str], None] = print) -> Tuning:
    """Alternate best responses until a round changes nothing; writes OUT after every round."""
    tuning = Tuning({**{p.name: p.default for p in HEURISTIC.params}, **config.start})
    out.mkdir(parents=True, exist_ok=True)
    for round_index in range(config.rounds):
        seed = config.seed + round_index
        steps = [step for side in SIDES for step in tune_side(config, tuning, side, seed, echo)]
        tuning.rounds.append({"round": round_index, "seed": seed, "steps": steps,
                              "params": dict(tuning.params)})
        write(out, config, tuning)
        if not any(step["kept"] for step in steps):
            break
    return tuning


def write(out: Path, config: TuneConfig, tuning: Tuning) -> None:
    """rounds.json and tuned.toml (temp file + rename each)."""
    target = config.forced_target
    files = {"rounds.json": json.dumps({"deals": config.deals, "target": target,
                                        "rules": config.rules.name, "objective": config.tuning.objective,
                                        "start": dict(config.start), "rounds": tuning.rounds},
                                       indent=1, ensure_ascii=False) + "\n"}
    where = f"target {target}" if target is not None else f"{config.rules.name}, {config.tuning.objective}"
    lines = [f"# heuristic play parameters, tuned by baofen-sim tune-play ({where}, "
             f"{config.deals} deals per evaluation); the bidding and bury parameters are left as they were"]
    lines += [f"{name} = {tuning.params[name]!r}" for side in SIDES for name in config.grid[side]]
    files["tuned.toml"] = "\n".join(lines) + "\n"
    for name, text in files.items():
        temp = out / f".{name}.tmp"
        temp.write_text(text, encoding="utf-8")
        temp.replace(out / name)
