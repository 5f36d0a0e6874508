"""The 80分 plug-in runs of tests/test_plugins_80fen.py, in a process of their own: its 80分 engine is compiled once,
for the set of random, heuristic and the three example plug-ins (examples/plugin_policies.py).

Run as `python -m tests.plugins_80fen`; prints one JSON line:
- `same`: for each (built-in, plug-in) pair that must play alike, the hand columns (policy ids aside) that differ;
- `eager` / `heuristic`: showings per hand with EAGER and with the heuristic at every seat;
- `fandi_setters`: the seats whose 反底 set the trump, with random at every seat and with EAGER at seats 1 and 3;
- `cli`: `baofen-sim simulate --rules tractor-80fen --policy 1=...EAGER` run in this process (its policies are a
  part of this process's set): its exit code, the Parquet rows and seat 1's policy ids, and the reference's
  judgement of every hand's record (`games.tractor80.differential.judged_hands`).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np

from baofen_sim import policy_set

COPY_RANDOM, CAUTIOUS, EAGER = (f"examples.plugin_policies:{name}" for name in ("COPY_RANDOM", "CAUTIOUS", "EAGER"))
POLICY_SET = ("random", "heuristic", COPY_RANDOM, CAUTIOUS, EAGER)
DEALS = 400
CLI_DEALS = 48


def main() -> dict:
    from baofen_sim.policies import select_policies

    select_policies(POLICY_SET, "tractor_80fen")
    runs = {name: hands((name,) * 4) for name in POLICY_SET}
    same = {f"{builtin} / {plugin}": differing(runs[builtin], runs[plugin])
            for builtin, plugin in (("random", COPY_RANDOM), ("heuristic", CAUTIOUS))}
    mixed = hands(("random", EAGER, "random", EAGER))
    return {"same": same, "eager": showings(runs[EAGER]), "heuristic": showings(runs["heuristic"]),
            "eager_differs": differing(runs["heuristic"], runs[EAGER]),
            "fandi_setters": {"random": fandi_setters(runs["random"]), "eager_1_3": fandi_setters(mixed)},
            "cli": cli_run()}


def hands(policies: tuple[str, ...]) -> dict[str, np.ndarray]:
    from baofen_sim.games.tractor80.engine.chunk import run_chunk80
    from baofen_sim.rules import preset
    from baofen_sim.runs.runspec import RunSpec

    spec = RunSpec(rules=preset("tractor-80fen"), policies=policies, deals=DEALS, hands_per_table=8, seed=31)
    return run_chunk80(spec, 0, spec.tables).hands


def differing(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> list[str]:
    return [name for name in a if not name.startswith("policy_") and not np.array_equal(a[name], b[name])]


def showings(run: dict[str, np.ndarray]) -> dict[str, float]:
    return {"declarations": float(run["declarations"].mean())}


def fandi_setters(run: dict[str, np.ndarray]) -> list[int]:
    """The seats whose 反底 was the last of a hand (it set the trump)."""
    from baofen_sim.codes import SOURCE_FANDI

    return sorted(set(run["trump_setter"][run["trump_source"] == SOURCE_FANDI].tolist()))


def cli_run() -> dict:
    import polars as pl
    from typer.testing import CliRunner

    from baofen_sim.cli import app
    from baofen_sim.games.tractor80.differential import judged_hands as compare_tables80
    from baofen_sim.io.manifest import run_spec_of

    out = Path(tempfile.mkdtemp()) / "eager"
    done = CliRunner().invoke(app, ["simulate", "--rules", "tractor-80fen", "--policy", f"1={EAGER}", "--deals",
                                    str(CLI_DEALS), "--seed", "3", "--out", str(out)])
    if done.exit_code != 0:
        return {"exit_code": done.exit_code, "output": done.output}
    table = pl.concat([pl.read_parquet(part) for part in sorted((out / "hands").rglob("*.parquet"))])
    spec = run_spec_of(out)
    tally = compare_tables80(spec, 0, spec.tables)
    return {"exit_code": 0, "rows": table.height, "policy_1": sorted(set(table["policy_1"].to_list())),
            "policy_0": sorted(set(table["policy_0"].to_list())), "judged": tally.hands,
            "disagreements": tally.disagreements, "spec_policies": list(spec.policies)}


if __name__ == "__main__":
    assert policy_set.selected() == policy_set.DEFAULT_SET  # nothing chose a set before main
    print(json.dumps(main()))
