"""`baofen-sim tune-play` (DESIGN.md §9): self-play tuning of the heuristic's play parameters.

Seat 0 declares every deal at a fixed target (forced declarer, RunSpec.declarer = 0), seats 1–3 defend;
the declarer's parameters and the defenders' (one set for all three) are tuned in turn, each a best
response to the other's current values: one parameter at a time, every value of its grid played on the
same deals, the value with the best mean declarer settlement for that side kept only if its paired gain
over the current value has a 95% CI above zero. A round is a declarer pass then a defender pass, on fresh
deals (a new seed per round); tuning stops after a round in which neither side gained, or after `rounds`.

Written to OUT: `rounds.json` (every value tried: its mean, paired gain and CI, and what was kept),
`declarer.toml` and `defenders.toml` (`--param 0=OUT/declarer.toml --param 1=OUT/defenders.toml ...`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from baofen_sim.analysis.stats import mean_interval
from baofen_sim.policies.registry import HEURISTIC
from baofen_sim.rules import RuleSet
from baofen_sim.runspec import RunSpec

# The play parameters and the values tried (bidding and bury parameters are left to tune-bids).
GRID: dict[str, tuple[float, ...]] = {
    "feed_points": (0.0, 0.5, 1.0, 2.0),
    "win_min_points": (0.0, 5.0, 10.0, 15.0),
    "ruff_min_points": (0.0, 5.0, 10.0, 20.0),
    "draw_trumps": (0.0, 1.0),
    "throw_sure": (0.0, 1.0),
}
SIDES = ("declarer", "defenders")


@dataclass
class TuneConfig:
    rules: RuleSet
    deals: int = 200_000
    target: int = 85
    rounds: int = 4
    seed: int = 1
    threads: int | None = None


@dataclass
class Tuning:
    params: dict[str, dict[str, float]] = field(default_factory=lambda: {
        side: {p.name: p.default for p in HEURISTIC.params} for side in SIDES})
    rounds: list[dict] = field(default_factory=list)


def declarer_settlements(config: TuneConfig, declarer: dict[str, float], defenders: dict[str, float],
                         seed: int) -> np.ndarray:
    """The declarer's settlement on each deal, seat 0 forced to declare at config.target."""
    from baofen_sim.engine import run_chunk  # the engine of this process's policy set

    spec = RunSpec(rules=config.rules, policies=("heuristic",) * 4, params=(declarer, defenders, defenders, defenders),
                   deals=config.deals, hands_per_table=1, seed=seed, declarer=0, target=config.target,
                   threads=config.threads)
    return run_chunk(spec, 0, spec.tables).hands["settle_0"].astype(np.float64)


def side_settlements(config: TuneConfig, tuning: Tuning, side: str, name: str, value: float,
                     seed: int) -> np.ndarray:
    """declarer_settlements with `side` playing parameter `name` at `value`, the rest as tuned so far."""
    trial = {**tuning.params[side], name: value}
    if side == "declarer":
        return declarer_settlements(config, trial, tuning.params["defenders"], seed)
    return declarer_settlements(config, tuning.params["declarer"], trial, seed)


def tune_side(config: TuneConfig, tuning: Tuning, side: str, seed: int, echo: Callable[[str], None]) -> list[dict]:
    """One coordinate pass for `side`; the steps taken (one per parameter)."""
    sign = 1.0 if side == "declarer" else -1.0
    steps = []
    for name, values in GRID.items():
        current = tuning.params[side][name]
        base = side_settlements(config, tuning, side, name, current, seed)
        tried = []
        for value in values:
            if value == current:
                gain = np.zeros_like(base)
            else:
                gain = sign * (side_settlements(config, tuning, side, name, value, seed) - base)
            mean = float(gain.mean())
            interval = mean_interval(mean, float(gain.std(ddof=1)), len(gain)) if value != current else None
            tried.append({"value": value, "gain": mean, "ci95": None if interval is None else list(interval)})
        best = max(tried, key=lambda t: t["gain"])
        kept = best["ci95"] is not None and best["ci95"][0] > 0
        if kept:
            tuning.params[side][name] = best["value"]
        step = {"side": side, "parameter": name, "from": current, "to": tuning.params[side][name], "tried": tried,
                "kept": kept}
        echo(f"{side:9} {name:16} {current:g} -> {tuning.params[side][name]:g}"
             + (f" (gain {best['gain']:+.4f}, 95% CI [{best['ci95'][0]:+.4f}, {best['ci95'][1]:+.4f}])" if kept
                else " (no significant gain)"))
        steps.append(step)
    return steps


def tune_play(config: TuneConfig, out: Path, echo: Callable[[str], None] = print) -> Tuning:
    """Alternate best responses until a round changes nothing; writes OUT after every round."""
    tuning = Tuning()
    out.mkdir(parents=True, exist_ok=True)
    for round_index in range(config.rounds):
        seed = config.seed + round_index
        steps = [step for side in SIDES for step in tune_side(config, tuning, side, seed, echo)]
        tuning.rounds.append({"round": round_index, "seed": seed, "steps": steps,
                              "params": {side: dict(values) for side, values in tuning.params.items()}})
        write(out, config, tuning)
        if not any(step["kept"] for step in steps):
            break
    return tuning


def write(out: Path, config: TuneConfig, tuning: Tuning) -> None:
    """rounds.json and the two parameter files (temp file + rename each)."""
    files = {"rounds.json": json.dumps({"deals": config.deals, "target": config.target, "rules": config.rules.name,
                                        "rounds": tuning.rounds}, indent=1) + "\n"}
    for side in SIDES:
        lines = [f"# heuristic play parameters of the {side}, tuned by baofen-sim tune-play "
                 f"(target {config.target}, {config.deals} deals per evaluation)"]
        lines += [f"{name} = {value!r}" for name, value in tuning.params[side].items()]
        files[f"{side}.toml"] = "\n".join(lines) + "\n"
    for name, text in files.items():
        temp = out / f".{name}.tmp"
        temp.write_text(text, encoding="utf-8")
        temp.replace(out / name)
