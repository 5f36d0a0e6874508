"""Whole hands with two `sampler` seats, in a process of its own (its engine is built for the heuristic and the
sampler): every hand replayed and judged by the reference, and played again to the same result
(tests/test_sampler.py). Prints a JSON line: the judge's exit codes, whether the hands repeat, how many declared."""

from __future__ import annotations


def main() -> dict:
    from baofen_sim import policy_set

    policy_set.select(["heuristic", "sampler"])
    from baofen_sim.games.baofen.engine import run_chunk
    from baofen_sim.games.baofen.replay import replayed_hands
    from baofen_sim.io.records import parse_record
    from baofen_sim.policies import parse_policy_options
    from baofen_sim.reference.judge import judge
    from baofen_sim.runs.runspec import RunSpec

    policies, params = parse_policy_options(["heuristic", "0=sampler", "2=sampler"], ["0.samples=4"], 4)
    spec = RunSpec(policies=policies, params=params, deals=12, hands_per_table=4, seed=21)
    again = run_chunk(spec, 0, spec.tables).hands
    hands = replayed_hands(spec, 0, spec.tables)
    codes = [judge(parse_record(h.record)).exit_code for h in hands]
    same = all(h.row["declarer_points"] == p for h, p in zip(hands, again["declarer_points"], strict=True))
    return {"codes": codes, "same": bool(same), "declared": int((again["declarer"] >= 0).sum())}


if __name__ == "__main__":
    import json

    print(json.dumps(main()))
