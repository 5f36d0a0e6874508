"""Whole 找朋友 hands with `sampler` seats, in a process of its own (its engine is built for the heuristic and the
sampler; tests/test_sampler_zpy.py): every hand re-judged by the reference (`judge` of its game record, the result
line the kernel's), the run played again to the same rows, `simulate`, `replay --record` and `judge` through the CLI,
and a small strength check. Prints one JSON line.

The strength check plays each deal once with every seat the heuristic, and once for each seat s with s the sampler
(the others the heuristic), at tables of one hand (each deal's calls, bury and declarer are the heuristic's in every
run: the sampler calls as it does). The declarer's side's wins of the run whose sampler is that deal's declarer (its
friend, one of its defenders) are paired with the heuristic's: the mean gain and its standard error."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

POLICY_SET = ["heuristic", "sampler"]
SAMPLER_SEATS = (["heuristic", "0=sampler", "2=sampler"], ["0.samples=4", "2.samples=4"])
EVERY_SEAT = (["sampler"], ["samples=4"])
JUDGED_HANDS = 12
STRENGTH_DEALS = 300
SEATS = 5


def judged(spec) -> dict:
    """Every hand of `spec` re-judged from its game record: the count and the hands where the reference disagrees."""
    from baofen_sim.games.zhaopengyou.replay import replayed_hands_zpy, result_line_zpy
    from baofen_sim.io.records import parse_record
    from baofen_sim.reference.judge import judge

    disagreements = []
    hands = replayed_hands_zpy(spec, 0, spec.tables)
    for row, record in hands:
        report = judge(parse_record(record))
        result = report.events[-1]
        want = result_line_zpy(row)
        if not report.legal or result.get("event") != "result" or {k: result.get(k) for k in want} != want:
            disagreements.append([int(row.hand), str(result)[:300]])
    return {"judged": len(hands), "disagreements": disagreements}


def paired(gains: list[float]) -> dict:
    import numpy as np

    values = np.array(gains, dtype=np.float64)
    n = len(values)
    se = float(values.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0
    return {"hands": n, "gain": float(values.mean()) if n else 0.0, "se": se}


def strength() -> dict:
    """The paired gains of the declarer's side's wins (module docstring), by the sampler's role."""
    from baofen_sim.games.zhaopengyou.engine.chunk import play_chunk_zpy
    from baofen_sim.rules.presets import preset
    ZHAOPENGYOU_5P = preset("zhaopengyou-5p")
    from baofen_sim.runs.runspec import RunSpec

    def rows(policies):
        spec = RunSpec(rules=ZHAOPENGYOU_5P, policies=policies, deals=STRENGTH_DEALS, hands_per_table=1, seed=2023)
        return play_chunk_zpy(spec, 0, spec.tables).rows

    base = rows(("heuristic",) * SEATS)
    runs = [rows(tuple("sampler" if s == seat else "heuristic" for s in range(SEATS))) for seat in range(SEATS)]
    gains: dict[str, list[float]] = {"declarer": [], "friend": [], "defender": []}
    for h in range(STRENGTH_DEALS):
        if base.conceded[h]:
            continue
        declarer, friend = int(base.declarer[h]), int(base.friend[h])
        defender = next(s for s in range(declarer + 1, declarer + SEATS) if s % SEATS != friend) % SEATS
        for role, seat, sign in (("declarer", declarer, 1), ("friend", friend, 1), ("defender", defender, -1)):
            if seat < 0:
                continue
            run = runs[seat]
            assert run.declarer[h] == declarer and run.friend[h] == friend
            gains[role].append(sign * (int(run.declarer_won[h]) - int(base.declarer_won[h])))
    result = {role: paired(values) for role, values in gains.items()}
    result["heuristic_declarer_side_wins"] = float(base.declarer_won[~base.conceded].mean())
    return result


def cli_round_trip() -> dict:
    """simulate with one sampler seat, replay a hand's record, judge it: each step's exit code."""
    steps = {}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "run"
        commands = {
            "simulate": ["simulate", "--rules", "zhaopengyou-5p", "--policy", "heuristic", "--policy", "0=sampler",
                         "--param", "0.samples=4", "--deals", "6", "--seed", "3", "--out", str(out)],
            "replay": ["replay", str(out), "--hand", "3", "--record"],
        }
        for step, args in commands.items():
            done = subprocess.run([sys.executable, "-m", "baofen_sim", *args], capture_output=True, text=True,
                                  check=False)
            steps[step] = {"code": done.returncode, "stderr": done.stderr[-400:]}
        record = Path(folder) / "hand3.json"
        record.write_text(done.stdout)
        done = subprocess.run([sys.executable, "-m", "baofen_sim", "judge", str(record)], capture_output=True,
                              text=True, check=False)
        steps["judge"] = {"code": done.returncode, "stderr": (done.stderr + done.stdout)[-400:]}
    return steps


def main() -> dict:
    from baofen_sim import policy_set

    policy_set.select(POLICY_SET)
    import numpy as np

    from baofen_sim.games.zhaopengyou.engine.chunk import play_chunk_zpy
    from baofen_sim.policies import parse_policy_options
    from baofen_sim.rules.presets import preset
    from baofen_sim.runs.runspec import RunSpec

    ZHAOPENGYOU_5P = preset("zhaopengyou-5p")
    result: dict = {}
    for name, (policies, params) in {"two": SAMPLER_SEATS, "five": EVERY_SEAT}.items():
        seats, values = parse_policy_options(policies, params, SEATS)
        spec = RunSpec(rules=ZHAOPENGYOU_5P, policies=seats, params=values, deals=JUDGED_HANDS, hands_per_table=6,
                       seed=23)
        rows = play_chunk_zpy(spec, 0, spec.tables).rows
        again = play_chunk_zpy(spec, 0, spec.tables).rows
        result[name] = {"hands": len(rows), **judged(spec), "same": bool(np.array_equal(rows, again)),
                        "policy_ids": sorted({int(p) for p in rows["policy"][:, :SEATS].ravel()})}
    result["cli"] = cli_round_trip()
    result["strength"] = strength()
    return result


if __name__ == "__main__":
    print(json.dumps(main()))
