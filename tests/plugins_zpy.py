"""The 找朋友 plug-in runs of tests/test_plugins_zpy.py, in a process of their own: its 找朋友 engine is compiled once,
for the set of random, heuristic and two example plug-ins (examples/plugin_policies.py: COPY_RANDOM, BOLD).

Run as `python -m tests.plugins_zpy`; prints one JSON line:
- `same`: the hand columns (policy ids aside) in which COPY_RANDOM's hands differ from random's;
- `bold` / `heuristic`: the mean cards dealt at the call, the overcalls and the concessions with BOLD and with the
  heuristic at every seat;
- `overcallers`, `conceders`: the seats that overcalled last or conceded, with random at every seat and with BOLD
  at seats 1 and 3;
- `cli`: `baofen-sim simulate --rules zhaopengyou-5p --policy 1=...BOLD --policy 3=...COPY_RANDOM` run in this
  process (its policies are a part of this process's set): its exit code, the Parquet rows and the seats' policy
  ids, and the reference's judgement of every hand's record (`games.zhaopengyou.differential.judged_hands`).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np

from baofen_sim import policy_set

COPY_RANDOM, BOLD = (f"examples.plugin_policies:{name}" for name in ("COPY_RANDOM", "BOLD"))
POLICY_SET = ("random", "heuristic", COPY_RANDOM, BOLD)
DEALS = 400
CLI_DEALS = 40


def main() -> dict:
    from baofen_sim.policies import select_policies

    select_policies(POLICY_SET, "zhaopengyou_5p")
    runs = {name: hands((name,) * 5) for name in ("random", "heuristic", COPY_RANDOM, BOLD)}
    mixed = hands(("random", BOLD, "random", BOLD, "random"))
    return {"same": differing(runs["random"], runs[COPY_RANDOM]), "bold": calls(runs[BOLD]),
            "heuristic": calls(runs["heuristic"]),
            "overcallers": {"random": overcallers(runs["random"]), "bold_1_3": overcallers(mixed)},
            "conceders": {"random": conceders(runs["random"]), "bold_1_3": conceders(mixed)},
            "cli": cli_run()}


def hands(policies: tuple[str, ...]) -> dict[str, np.ndarray]:
    from baofen_sim.games.zhaopengyou.engine.chunk import run_chunk_zpy
    from baofen_sim.rules import preset
    from baofen_sim.runs.runspec import RunSpec

    spec = RunSpec(rules=preset("zhaopengyou-5p"), policies=policies, deals=DEALS, hands_per_table=8, seed=31)
    return run_chunk_zpy(spec, 0, spec.tables).hands


def differing(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> list[str]:
    return [name for name in a if not name.startswith("policy_") and not np.array_equal(a[name], b[name])]


def calls(run: dict[str, np.ndarray]) -> dict[str, float]:
    return {"call_after": float(run["call_after"].mean()), "overcalls": int(run["overcalls"].sum()),
            "conceded": int(run["conceded"].sum())}


def overcallers(run: dict[str, np.ndarray]) -> list[int]:
    """The seats whose overcall was the last of a hand (its declarer)."""
    return sorted(set(run["declarer"][run["overcalls"] > 0].tolist()))


def conceders(run: dict[str, np.ndarray]) -> list[int]:
    return sorted(set(run["declarer"][run["conceded"]].tolist()))


def cli_run() -> dict:
    import polars as pl
    from typer.testing import CliRunner

    from baofen_sim.cli import app
    from baofen_sim.games.zhaopengyou.differential import judged_hands
    from baofen_sim.io.manifest import run_spec_of

    out = Path(tempfile.mkdtemp()) / "bold"
    done = CliRunner().invoke(app, ["simulate", "--rules", "zhaopengyou-5p", "--policy", f"1={BOLD}", "--policy",
                                    f"3={COPY_RANDOM}", "--deals", str(CLI_DEALS), "--seed", "3", "--out", str(out)])
    if done.exit_code != 0:
        return {"exit_code": done.exit_code, "output": done.output}
    table = pl.concat([pl.read_parquet(part) for part in sorted((out / "hands").rglob("*.parquet"))])
    spec = run_spec_of(out)
    tally = judged_hands(spec, 0, spec.tables)
    return {"exit_code": 0, "rows": table.height,
            "policy_ids": [sorted(set(table[f"policy_{seat}"].to_list())) for seat in range(5)],
            "judged": tally.hands, "disagreements": tally.disagreements, "spec_policies": list(spec.policies)}


if __name__ == "__main__":
    assert policy_set.selected() == policy_set.DEFAULT_SET  # nothing chose a set before main
    print(json.dumps(main()))
