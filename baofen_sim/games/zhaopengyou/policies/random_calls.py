"""The random player's 找朋友 decisions (RULES.md §7.4.4–§7.4.9), as the reference's random player
(reference/zhaopengyou/random_play.py): each takes `options` (the legal cards, kinds) and a stream, and returns the
choice with the advanced stream.

- a call during the deal: one of the 7s it holds (a copy uniformly) with probability CALL_PROBABILITY each time it
  is asked, so most hands are called during the deal and some are left to the flip holder;
- the forced call: one of the cards `zpy_flip_call` allows, uniformly;
- an overcall: one of its legal pairs of 7s, uniformly, with probability OVERCALL_PROBABILITY;
- a concession, when allowed, with probability CONCEDE_PROBABILITY; the bury is `policies.bury.random_bury`.
"""

from __future__ import annotations

from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.rng import bounded, uniform01

CALL_PROBABILITY = 0.02
OVERCALL_PROBABILITY = 0.5
CONCEDE_PROBABILITY = 0.5
NO_CARD = -1


@njit(cache=True)
def random_option(n, probability, options, rng_state):
    """(card, rng): one of the n options uniformly with the given probability, else NO_CARD."""
    if n == 0:
        return NO_CARD, rng_state
    rng_state, u = uniform01(rng_state)
    if u >= probability:
        return NO_CARD, rng_state
    rng_state, i = bounded(rng_state, n)
    return options[i], rng_state


@njit(cache=True)
def random_concede(rng_state):
    """(concede, rng)."""
    rng_state, u = uniform01(rng_state)
    return u < CONCEDE_PROBABILITY, rng_state


@njit(cache=True)
def random_pick(n, options, rng_state):
    """(card, rng): one of the n ≥ 1 options uniformly."""
    rng_state, i = bounded(rng_state, n)
    return options[i], rng_state
