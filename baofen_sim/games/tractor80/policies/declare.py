"""80分 showings by policy (RULES.md §7.3.4, §7.3.8): the legal ones a seat holds, and the random player's choice.

- `legal_declarations`: the showings a seat may make now during the deal (a 自保 needs both copies: one is shown,
  the other was shown before);
- `legal_fandis`: the pairs with which it may challenge the kitty;
- random: shows one of them, uniformly, with probability SHOW_PROBABILITY at each poll (so most deals see a few
  showings and pairs are left for a 反底), and challenges with probability FANDI_PROBABILITY, as the reference's
  random player (reference/tractor80/random_play.py);
- `declines_until_changed`: the policies whose answer depends on the seat's cards and the standing showing alone.
"""

from __future__ import annotations

from baofen_sim.games.tractor80.engine.declaring import (
    TIER_NONE,
    declaration_tier,
    fandi_allowed,
    held_showings,
    showing_kind,
)
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.rng import bounded, uniform01
from baofen_sim.policies.registry import POLICY_HEURISTIC

SHOW_PROBABILITY = 0.05
FANDI_PROBABILITY = 0.8
BOTH_COPIES = 2


@njit(cache=True)
def legal_declarations(gr, counts, level, cur_seat, cur_tier, cur_suit, seat, tiers, suits):
    """The showings `seat` (holding `counts` so far) may make against the standing one, into tiers/suits (the
    tier shown: a 自保 is a single); returns how many."""
    kept = 0
    for i in range(held_showings(counts, level, tiers, suits)):
        tier, suit = tiers[i], suits[i]
        if declaration_tier(cur_seat, cur_tier, cur_suit, seat, tier, suit, gr.self_reinforce,
                            gr.singles_overcall) == TIER_NONE:
            continue
        if seat == cur_seat and counts[showing_kind(tier, suit, level)] < BOTH_COPIES:
            continue  # 自保 shows the second copy
        tiers[kept] = tier
        suits[kept] = suit
        kept += 1
    return kept


@njit(cache=True)
def legal_fandis(gr, counts, level, set_seat, set_tier, set_suit, seat, zhuang, last_burier, first_challenge,
                 tiers, suits):
    """The pairs `seat` may challenge the kitty with (§7.3.8), into tiers/suits; returns how many."""
    kept = 0
    for i in range(held_showings(counts, level, tiers, suits)):
        if fandi_allowed(set_seat, set_tier, set_suit, seat, tiers[i], suits[i], zhuang, last_burier,
                         first_challenge, gr):
            tiers[kept] = tiers[i]
            suits[kept] = suits[i]
            kept += 1
    return kept


@njit(cache=True)
def random_choice(n, probability, tiers, suits, rng_state):
    """(tier, suit, rng): one of the n options uniformly with the given probability, else TIER_NONE."""
    if n == 0:
        return TIER_NONE, 0, rng_state
    rng_state, u = uniform01(rng_state)
    if u >= probability:
        return TIER_NONE, 0, rng_state
    rng_state, i = bounded(rng_state, n)
    return tiers[i], suits[i], rng_state


@njit(cache=True)
def declines_until_changed(policy_id):
    """Whether the policy's showing answer depends only on the seat's cards and the standing showing (no random
    draw, no parameters of its own), so that a seat that declined need not be asked again until one changes."""
    return policy_id == POLICY_HEURISTIC
