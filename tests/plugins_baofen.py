"""The Baofen plug-in run of tests/test_plugins.py, in a process of its own (its engine is compiled for the set of
random, heuristic and examples/plugin_policies.py's COPY_RANDOM): COPY_RANDOM's hands and tricks against random's
on 600 deals under both presets. Run as `python -m tests.plugins_baofen`; prints one JSON line: per preset, the
columns that differ (policy ids aside), the plug-in's policy ids, the tricks and the failed throws."""

from __future__ import annotations

import json

import numpy as np

from baofen_sim import policy_set

PLUGIN = "examples.plugin_policies:COPY_RANDOM"


def main() -> dict:
    policy_set.select(["random", PLUGIN])
    from baofen_sim.games.baofen.engine import run_chunk
    from baofen_sim.rules import preset
    from baofen_sim.runs.runspec import RunSpec

    report = {}
    for rules in ("baofen", "baofen-001"):
        results = []
        for policy in ("random", PLUGIN):
            spec = RunSpec(rules=preset(rules), policies=(policy,) * 4, params=({"pass_weight": 2.0},) * 4,
                           deals=600, hands_per_table=8, seed=17, tricks=True)
            results.append(run_chunk(spec, 0, spec.tables))
        random_run, plugin_run = results
        differ = [name for name in random_run.hands if not name.startswith("policy_")
                  and not np.array_equal(random_run.hands[name], plugin_run.hands[name])]
        differ += [f"tricks.{name}" for name in random_run.tricks
                   if not np.array_equal(random_run.tricks[name], plugin_run.tricks[name])]
        report[rules] = {"differ": differ, "plugin_ids": sorted(set(plugin_run.hands["policy_0"].tolist())),
                         "tricks": len(plugin_run.tricks["hand"]),
                         "failed_throws": int(plugin_run.hands["failed_throws"].sum())}
    return report


if __name__ == "__main__":
    print(json.dumps(main()))
