"""Play policies (Numba): the lead and the follow of each trick (RULES.md §2–§4; DESIGN.md §6).

A play policy sees its own hand (`hand_ge1`, `hand_eq2`: trump-relative bitboards of `baofen_sim.tables`),
the public `view` (`policies.view.PLAY_VIEW_DTYPE`: roles, the current trick, the cards played so far,
whether a throw may be attempted now) and, when following, the kernel `Lead` of the trick
(`kernels.units.analyze_lead`). It returns `(rng_state, ge1, eq2)`: the new state of its seat's
splitmix64 stream and the cards it plays. Never another hand or the kitty.

- random (POLICY_RANDOM): a lead drawn uniformly among the candidate leads of `leads.sample_lead` (singles,
  pairs, tractors, throws when `view.throw_allowed`, eights of a kind); it does lead throws, including ones
  that fail, so every rule path is exercised. A follow drawn uniformly among the distinct legal follows
  (`follow.sample_follow`).
- heuristic (POLICY_HEURISTIC): `policies.heuristic` (sensible human play), same signatures minus the
  policy id.

A lead need not be a valid throw: the engine validates it against the other hands (§4.2) and applies the
forced lead or asks again (§4.4.2).

The two dispatchers are inlined into their callers (`inline="always"`), so a random seat's play costs no
extra call: the engine calls them once per play, 100 times a hand.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.kernels.follow import sample_follow
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.leads import sample_lead
from baofen_sim.policies.heuristic import heuristic_follow, heuristic_lead
from baofen_sim.policies.registry import POLICY_HEURISTIC


@njit(cache=True)
def random_lead(tb, view, hand_ge1, hand_eq2, rng_state):
    """A uniform candidate lead (`leads.sample_lead`), throws only while `view.throw_allowed`."""
    rng_state, ge1, eq2, _ = sample_lead(tb, hand_ge1, hand_eq2, view.throw_allowed, rng_state)
    return rng_state, ge1, eq2


@njit(cache=True)
def random_follow(tb, lead, hand_ge1, hand_eq2, rng_state):
    """A uniform legal follow (`follow.sample_follow`)."""
    return sample_follow(tb, lead, hand_ge1, hand_eq2, rng_state)


@njit(cache=True, inline="always")
def lead_decision(policy_id, params, tb, view, hand_ge1, hand_eq2, rng_state):
    """(rng_state, ge1, eq2): the lead of seat `view.seat`, holding (hand_ge1, hand_eq2).
    Dispatch: POLICY_HEURISTIC, else random (POLICY_RANDOM; the registry hands out no other id)."""
    if policy_id == POLICY_HEURISTIC:
        rng_state, ge1, eq2 = heuristic_lead(params, tb, view, hand_ge1, hand_eq2, rng_state)
        return np.uint64(rng_state), np.uint64(ge1), np.uint64(eq2)
    return random_lead(tb, view, hand_ge1, hand_eq2, rng_state)


@njit(cache=True, inline="always")
def follow_decision(policy_id, params, tb, lead, view, hand_ge1, hand_eq2, rng_state):
    """(rng_state, ge1, eq2): the answer of seat `view.seat` to `lead` (a kernel Lead).
    Dispatch: POLICY_HEURISTIC, else random (POLICY_RANDOM; the registry hands out no other id)."""
    if policy_id == POLICY_HEURISTIC:
        rng_state, ge1, eq2 = heuristic_follow(params, tb, lead, view, hand_ge1, hand_eq2, rng_state)
        return np.uint64(rng_state), np.uint64(ge1), np.uint64(eq2)
    return random_follow(tb, lead, hand_ge1, hand_eq2, rng_state)
