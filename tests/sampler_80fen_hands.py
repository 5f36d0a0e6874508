"""Whole 80分 hands with `sampler` seats, in a process of its own (its engine is built for the heuristic and the
sampler; tests/test_sampler_80fen.py): every hand re-judged by the reference (`compare_tables80`), the run played
again to the same rows, and `simulate --policy 0=sampler` through the CLI. Prints one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile

SAMPLER_SEATS = (["heuristic", "0=sampler", "2=sampler"], ["0.samples=4", "2.samples=4"])
EVERY_SEAT = (["sampler"], ["samples=4"])


def main() -> dict:
    from baofen_sim import policy_set

    policy_set.select(["heuristic", "sampler"])
    import numpy as np

    from baofen_sim.games.tractor80.differential import judged_hands as compare_tables80
    from baofen_sim.games.tractor80.engine.chunk import play_chunk80
    from baofen_sim.policies import parse_policy_options
    from baofen_sim.rules import preset
    from baofen_sim.runs.runspec import RunSpec

    result: dict = {}
    for name, (policies, params) in {"two": SAMPLER_SEATS, "four": EVERY_SEAT}.items():
        seats, values = parse_policy_options(policies, params, 4)
        spec = RunSpec(rules=preset("tractor-80fen"), policies=seats, params=values, deals=8, hands_per_table=4,
                       seed=23)
        tally = compare_tables80(spec, 0, spec.tables)
        rows = play_chunk80(spec, 0, spec.tables).rows
        again = play_chunk80(spec, 0, spec.tables).rows
        result[name] = {"hands": tally.hands, "disagreements": tally.disagreements,
                        "same": bool(np.array_equal(rows, again)),
                        "policy_ids": sorted({int(p) for p in rows["policy"][:, :4].ravel()})}
    with tempfile.TemporaryDirectory() as folder:
        cli = subprocess.run([sys.executable, "-m", "baofen_sim", "simulate", "--rules", "tractor-80fen", "--policy",
                              "0=sampler", "--param", "0.samples=4", "--deals", "6", "--seed", "3", "--out",
                              f"{folder}/run"], capture_output=True, text=True, check=False)
    result["cli"] = {"code": cli.returncode, "stderr": cli.stderr[-400:]}
    return result


if __name__ == "__main__":
    print(json.dumps(main()))
