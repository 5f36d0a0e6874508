"""The sampler's search with its speed-ups against the same search without them (issue 21, strong play where
it decides), at every decision of whole hands played by the sampler at every seat (`policy_honesty.play_hand`):

- stop_behind (the early stop at the halving points) claims: where it stops, the heuristic's play; where it
  does not, the unpruned search's choice and stream. A stop shows as a stream that drew fewer deals.
- the unpruned search's decisions (stream, play) hash to a digest recorded before the exact speed-ups that
  followed it (the deal layout worked out once per search): `decisions_digest`.
- the search is compiled once, for leads and follows alike: the engine calls one compiled function by its address
  (`policies.sampler.entry`; one specialisation: the cold compile).

Run as `python -m tests.sampler_search` (a new process: its kernels are built for the sampler); prints one JSON
line of tallies.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np

from baofen_sim import policy_set

DEALS = 4


def main() -> dict[str, int | str]:
    policy_set.select(["sampler"])
    from baofen_sim.materialize import hand_rules
    from baofen_sim.policies import parse_policy_options, policy_arrays
    from baofen_sim.policies.sampler import sampler_follow, sampler_lead
    from baofen_sim.policies.sampler.entry import addressed_play, link_play
    from baofen_sim.rules import preset
    from tests.kernel_helpers import tables
    from tests.policy_honesty import DECLARER, play_hand, start_hand

    hr = hand_rules(preset("baofen"))
    link_play(hr, ("sampler",), "baofen")

    def seat_params(option: str) -> np.ndarray:
        return policy_arrays(*parse_policy_options(["sampler"], [f"{seat}.{option}" for seat in range(4)]))[1]

    unpruned, pruned, heuristic = seat_params("stop_behind=0"), seat_params("stop_behind=1"), seat_params(
        "candidates=1")
    digest = hashlib.sha256()
    tally = {"decisions": 0, "stopped": 0, "stopped_heuristic": 0, "stopped_changed": 0, "unstopped_same": 0}

    def decide(params, tb, st, view, seat, lead):
        known = (st.bury_ge1, st.bury_eq2) if seat == DECLARER else (np.uint64(0), np.uint64(0))
        if lead is None:
            return sampler_lead(params[seat], tb, hr, view, st.hand_ge1[seat], st.hand_eq2[seat], *known,
                                st.rng[seat])
        return sampler_follow(params[seat], tb, hr, lead, view, st.hand_ge1[seat], st.hand_eq2[seat], *known,
                              st.rng[seat])

    def compared(tb, st, view, seat, lead, step):
        reference = decide(unpruned, tb, st, view, seat, lead)
        digest.update(np.array(reference, dtype=np.uint64).tobytes())
        fast = decide(pruned, tb, st, view, seat, lead)
        tally["decisions"] += 1
        if fast[0] != reference[0]:
            tally["stopped"] += 1
            tally["stopped_heuristic"] += fast[1:] == decide(heuristic, tb, st, view, seat, lead)[1:]
            tally["stopped_changed"] += fast[1:] != reference[1:]
        else:
            tally["unstopped_same"] += fast == reference
        return reference

    for deal in range(DEALS):
        tb = tables(trump="SHCD"[deal % 4])
        st, view = start_hand(tb, deal)
        play_hand(tb, hr, st, view, compared)
    tally["search_signatures"] = len(addressed_play("baofen").overloads)
    tally["decisions_digest"] = digest.hexdigest()[:16]
    return tally


if __name__ == "__main__":
    print(json.dumps(main()))
