"""The 80分 decisions by policy id (DESIGN.md §6): a showing during the deal, a 反底, a bury. `random` and
`heuristic` (module docstrings of policies.tractor80.declare and .heuristic); the play is the shared lead and
follow dispatch (policies.dispatch)."""

from __future__ import annotations

from baofen_sim.kernels.jit import njit
from baofen_sim.policies.bury import random_bury
from baofen_sim.policies.registry import POLICY_HEURISTIC, POLICY_RANDOM
from baofen_sim.policies.tractor80.declare import FANDI_PROBABILITY, SHOW_PROBABILITY, random_choice
from baofen_sim.policies.tractor80.heuristic import heuristic_bury, heuristic_fandi, heuristic_showing


@njit(cache=True)
def showing_decision(policy_id, counts, received, level, cur_seat, cur_tier, cur_suit, seat, n_options, tiers, suits,
                     rng_state):
    """(tier, suit, rng) of the seat's showing among its n legal options (TIER_NONE: it does not show); `counts`
    its `received` cards so far."""
    if policy_id == POLICY_RANDOM:
        return random_choice(n_options, SHOW_PROBABILITY, tiers, suits, rng_state)
    tier, suit = heuristic_showing(counts, received, level, cur_seat, cur_tier, cur_suit, seat, n_options, tiers,
                                   suits)
    return tier, suit, rng_state


@njit(cache=True)
def declines_until_changed(policy_id):
    """Whether the policy's showing answer depends only on the seat's cards and the standing showing (no random
    draw), so that a seat that declined need not be asked again until one of them changes."""
    return policy_id == POLICY_HEURISTIC


@njit(cache=True)
def fandi_decision(policy_id, counts, level, set_seat, set_tier, set_suit, seat, n_options, tiers, suits,
                   rng_state):
    """(tier, suit, rng) of the seat's 反底 among its n legal pairs (TIER_NONE: it does not challenge)."""
    if policy_id == POLICY_RANDOM:
        return random_choice(n_options, FANDI_PROBABILITY, tiers, suits, rng_state)
    tier, suit = heuristic_fandi(counts, level, set_seat, set_tier, set_suit, seat, n_options, tiers, suits)
    return tier, suit, rng_state


@njit(cache=True)
def bury_decision80(policy_id, counts, level, trump, rng_state, out):
    """The seat's bury (len(out) copies of its cards, kitty included) into out; returns the rng."""
    if policy_id == POLICY_RANDOM:
        return random_bury(counts, rng_state, out)
    heuristic_bury(counts, level, trump, out)
    return rng_state
