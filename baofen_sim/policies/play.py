"""Play policies (Numba): the lead and the follow of each trick (RULES.md §2–§4; DESIGN.md §6).

A play policy sees its own hand (`hand_ge1`, `hand_eq2`: trump-relative bitboards of `baofen_sim.tables`),
the public `view` (`policies.view.PLAY_VIEW_DTYPE`: roles, the current trick, the cards played so far,
whether a throw may be attempted now) and, when following, the kernel `Lead` of the trick
(`kernels.units.analyze_lead`). It returns `(rng_state, ge1, eq2)`: the new state of its seat's
splitmix64 stream and the cards it plays. Never another hand or the kitty.

- random: a lead drawn uniformly among the candidate leads of `leads.sample_lead` (singles,
  pairs, tractors, throws when `view.throw_allowed`, eights of a kind); it does lead throws, including ones
  that fail, so every rule path is exercised. A follow drawn uniformly among the distinct legal follows
  (`follow.sample_follow`).
- heuristic: `policies.heuristic` (sensible human play).

A lead need not be a valid throw: the engine validates it against the other hands (§4.2) and applies the
forced lead or asks again (§4.4.2).

The engine reaches them through `policies.dispatch` (`lead_decision`, `follow_decision`), inlined into
their callers, so a seat's play costs no extra call: the engine asks 100 times a hand.
"""

from __future__ import annotations

from baofen_sim.kernels.follow import sample_follow
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.leads import sample_lead


@njit(cache=True)
def random_lead(tb, view, hand_ge1, hand_eq2, rng_state):
    """A uniform candidate lead (`leads.sample_lead`), throws only while `view.throw_allowed`."""
    rng_state, ge1, eq2, _ = sample_lead(tb, hand_ge1, hand_eq2, view.throw_allowed, rng_state)
    return rng_state, ge1, eq2


@njit(cache=True)
def random_follow(tb, lead, hand_ge1, hand_eq2, rng_state):
    """A uniform legal follow (`follow.sample_follow`)."""
    return sample_follow(tb, lead, hand_ge1, hand_eq2, rng_state)
