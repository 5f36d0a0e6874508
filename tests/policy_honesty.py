"""Policy honesty (issue: play strength): a play policy sees its own cards, the seat's view and what the seat
alone knows (the declarer's bury) — never the hidden cards. Each hand below is played trick by trick with the
engine's mechanics (`kernels.play`); at every decision, the hidden cards (the other hands, and for a defender
the bury) are dealt again consistently with the seat's view (`policies.sampler.deals.deal_once`: the hand
sizes and the voids shown), and the policy, asked again with the same stream, must make the same choice.

Run as `python -m tests.policy_honesty` (a new process: its kernels are built for the set of every policy
below); prints one JSON line: per policy, the decisions checked, the hidden deals that differed from the
truth, and the mismatches. `peeking` is the control: random play whose stream is mixed with the next seat's
hand, as a policy that peeked would be; the check must catch it.
"""

from __future__ import annotations

import json

import numpy as np

from baofen_sim import policy_set

# The built-ins (a plug-in is as honest as what it calls: COPY_RANDOM plays random's hands exactly,
# tests/test_plugins.py). Their dispatchers run as plain Python (`py_func`) calling the compiled policies, so this
# check compiles no engine.
POLICIES = ("random", "heuristic", "sampler")
DECLARER = 0
TARGET = 85
DEALS = 3
SAMPLER_PARAMS = ["samples=4", "candidates=3"]


PEEKING = "peeking"


def main() -> dict[str, dict[str, int]]:
    policy_set.select(POLICIES)
    return {policy: check(policy) for policy in (*POLICIES, PEEKING)}


def check(policy: str) -> dict[str, int]:
    """Three hands played by `policy` at every seat, every decision checked."""
    peeking = policy == PEEKING
    policy = "random" if peeking else policy
    from baofen_sim.materialize import hand_rules
    from baofen_sim.policies import parse_policy_options, policy_arrays
    from baofen_sim.policies.dispatch import follow_decision, lead_decision
    from baofen_sim.policies.sampler.deals import deal_once
    from baofen_sim.policies.sampler.entry import link_play
    from baofen_sim.records import MAX_PLAYERS, PLAY_STATE_DTYPE
    from baofen_sim.rules import preset
    from tests.kernel_helpers import tables

    rules = preset("baofen")
    hr = hand_rules(rules)
    link_play(hr, (policy,), rules.game)
    options = [f"{seat}.{p}" for seat in range(4) for p in SAMPLER_PARAMS] if policy == "sampler" else []
    names, values = parse_policy_options([policy], options)
    ids, params = policy_arrays(names, values)
    tally = {"decisions": 0, "hidden_changed": 0, "mismatches": 0}

    def decide(tb, st, view, seat, lead):
        known = (st.bury_ge1, st.bury_eq2) if seat == DECLARER else (np.uint64(0), np.uint64(0))
        stream = st.rng[seat] ^ (st.hand_ge1[(seat + 1) % 4] if peeking else np.uint64(0))
        if lead is None:
            return lead_decision.py_func(ids[seat], params[seat], tb, hr, view, st.hand_ge1[seat],
                                         st.hand_eq2[seat], *known, stream)
        return follow_decision.py_func(ids[seat], params[seat], tb, hr, lead, view, st.hand_ge1[seat],
                                       st.hand_eq2[seat], *known, stream)

    def honest_choice(tb, st, view, seat, lead, deal_state):
        """The seat's choice, after checking it against a state whose hidden cards were dealt again."""
        choice = decide(tb, st, view, seat, lead)
        other = np.rec.array(np.array([st], dtype=PLAY_STATE_DTYPE))[0]
        known = (st.bury_ge1, st.bury_eq2) if seat == DECLARER else (np.uint64(0), np.uint64(0))
        out_ge1 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        out_eq2 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        kitty = 0 if seat == DECLARER else hr.kitty_size
        deal_once(tb, view, seat, st.hand_ge1[seat], st.hand_eq2[seat], *known, kitty, np.uint64(deal_state),
                  out_ge1, out_eq2)
        for s in range(4):
            if s != seat:
                other.hand_ge1[s], other.hand_eq2[s] = out_ge1[s], out_eq2[s]
        if seat != DECLARER:
            other.bury_ge1, other.bury_eq2 = out_ge1[seat], out_eq2[seat]
        tally["hidden_changed"] += any(other.hand_ge1[s] != st.hand_ge1[s] for s in range(4))
        tally["mismatches"] += decide(tb, other, view, seat, lead) != choice
        tally["decisions"] += 1
        return choice

    for deal in range(DEALS):
        tb = tables(trump="SHCD"[deal % 4])
        st, view = start_hand(tb, deal)
        play_hand(tb, hr, st, view, honest_choice)
    return tally


def start_hand(tb, deal: int):
    """(state, view) at the first lead of deal `deal` (`tests.test_sampler.dealt`; the kitty is the declarer's
    bury), DECLARER declaring at TARGET; seat s's stream starts at 1000 × deal + s + 1."""
    from baofen_sim.kernels.play import start_play
    from baofen_sim.policies.view import new_play_view
    from baofen_sim.records import PLAY_STATE_DTYPE
    from tests.test_sampler import dealt

    hands, kitty = dealt(100 + deal, tb)
    st = np.rec.array(np.zeros(1, dtype=PLAY_STATE_DTYPE))[0]
    view = new_play_view()
    for seat in range(4):
        st.hand_ge1[seat], st.hand_eq2[seat] = hands[seat]
        st.rng[seat] = 1000 * deal + seat + 1
    st.bury_ge1, st.bury_eq2 = kitty
    start_play(tb, st, view, DECLARER, 1 << DECLARER, TARGET)
    return st, view


def play_hand(tb, hr, st, view, choose) -> None:
    """Play the hand from (st, view) to its end with the engine's mechanics (`kernels.play`);
    choose(tb, st, view, seat, lead, step) -> (rng, ge1, eq2) makes every decision (lead None for a lead;
    step counts the decisions from 1)."""
    from baofen_sim.kernels.play import collect_trick, note_void, play_cards, resolve_lead, throw_allowed
    from baofen_sim.kernels.units import analyze_lead

    step = 0
    while st.hand_ge1[view.leader] != 0:
        leader = view.leader
        view.trick_index = st.tricks
        view.seat, view.n_played = leader, 0
        view.trick_ge1[:] = 0
        view.trick_eq2[:] = 0
        view.throw_allowed = throw_allowed(tb, hr, st, leader)
        st.rng[leader], ge1, eq2 = choose(tb, st, view, leader, None, step := step + 1)
        lead, _, relead = resolve_lead(tb, hr, st, view, DECLARER, leader, ge1, eq2)
        if relead:
            view.throw_allowed = False
            st.rng[leader], ge1, eq2 = choose(tb, st, view, leader, None, step := step + 1)
            lead = analyze_lead(tb, ge1, eq2)
        play_cards(st, view, leader, lead.ge1, lead.eq2)
        for i in range(1, 4):
            seat = (leader + i) % 4
            view.seat, view.n_played = seat, i
            st.rng[seat], ge1, eq2 = choose(tb, st, view, seat, lead, step := step + 1)
            play_cards(st, view, seat, ge1, eq2)
            note_void(tb, view, lead, seat, ge1, eq2)
        collect_trick(tb, st, view, lead, DECLARER)


if __name__ == "__main__":
    print(json.dumps(main()))
