"""The 80分 sampler against the heuristic on the same deals (issue 22): every hand a game's first (hands per table 1:
the showings, hence the 庄, the trump and the kitty, are the heuristic's in both runs), played once with the sampler
on team 0 (seats 0 and 2) and once on team 1, the heuristic on the other team; per deal, the 庄家方's result when the
sampler plays it against when the heuristic plays it (the other team the other policy). Prints the 庄家方's win rate
(T < 80) in each arm, the paired differences of the win rate and of T (sampler − heuristic) with 95% CIs, then the
speed of four sampler seats (hands/s over --speed-deals deals, after a warm-up).

    python scripts/sampler_80fen.py --deals 500 --seed 1 [--sampler samples=16 ...]
"""

from __future__ import annotations

import argparse
import json
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed-deals", type=int, default=200)
    parser.add_argument("--sampler", action="append", default=[], metavar="KEY=VALUE",
                        help="a sampler parameter (default: its defaults)")
    args = parser.parse_args()
    from baofen_sim import policy_set

    policy_set.select(["heuristic", "sampler"])
    import numpy as np

    from baofen_sim.analysis.stats import mean_summary
    from baofen_sim.games.tractor80.engine.chunk import play_chunk80
    from baofen_sim.games.tractor80.engine.result import team_of
    from baofen_sim.policies import parse_policy_options
    from baofen_sim.rules import preset
    from baofen_sim.runs.runspec import RunSpec

    def run(team: int, deals: int, every_seat: bool = False):
        seats = range(4) if every_seat else (team, team + 2)
        policies, params = parse_policy_options(["heuristic", *(f"{s}=sampler" for s in seats)],
                                                [f"{s}.{p}" for s in seats for p in args.sampler], 4)
        spec = RunSpec(rules=preset("tractor-80fen"), policies=policies, params=params, deals=deals,
                       hands_per_table=1, seed=args.seed)
        started = time.perf_counter()
        rows = play_chunk80(spec, 0, spec.tables).rows
        return rows, time.perf_counter() - started

    run(0, 1, every_seat=True)  # compiles the engine (or loads it): the timings below are warm
    (team0, seconds0), (team1, seconds1) = run(0, args.deals), run(1, args.deals)
    assert np.array_equal(team0["zhuang"], team1["zhuang"]) and np.array_equal(team0["trump"], team1["trump"])
    sampler_zhuang = np.array([team_of(int(z)) for z in team0["zhuang"]]) == 0  # team 0 run: the sampler is 庄家方
    with_sampler = np.where(sampler_zhuang, team0["defenders_total"], team1["defenders_total"]).astype(float)
    with_heuristic = np.where(sampler_zhuang, team1["defenders_total"], team0["defenders_total"]).astype(float)
    won_sampler = np.where(sampler_zhuang, team0["declarer_won"], team1["declarer_won"]).astype(float)
    won_heuristic = np.where(sampler_zhuang, team1["declarer_won"], team0["declarer_won"]).astype(float)
    _, speed_seconds = run(0, args.speed_deals, every_seat=True)
    print(json.dumps({
        "deals": args.deals, "seed": args.seed, "sampler": args.sampler,
        "zhuang_win_sampler": mean_summary(won_sampler), "zhuang_win_heuristic": mean_summary(won_heuristic),
        "zhuang_win_difference": mean_summary(won_sampler - won_heuristic),
        "T_sampler": mean_summary(with_sampler), "T_heuristic": mean_summary(with_heuristic),
        "T_difference": mean_summary(with_sampler - with_heuristic),
        "hands_per_second_two_sampler_seats": 2 * args.deals / (seconds0 + seconds1),
        "hands_per_second_four_sampler_seats": args.speed_deals / speed_seconds,
    }, indent=1))


if __name__ == "__main__":
    main()
