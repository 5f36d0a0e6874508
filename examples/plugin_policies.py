"""Four plug-in policies (docs/policies.md), run from the repository root with

    baofen-sim simulate --policy examples.plugin_policies:COPY_RANDOM --deals 20000 --out runs/copy-random
    baofen-sim simulate --policy 0=examples.plugin_policies:CAUTIOUS --param 0.min_pairs=5 --out runs/cautious
    baofen-sim simulate --rules tractor-80fen --policy 1=examples.plugin_policies:EAGER --out runs/eager
    baofen-sim simulate --rules zhaopengyou-5p --policy 2=examples.plugin_policies:BOLD --out runs/bold

- COPY_RANDOM re-implements every decision of the built-in `random` policy, in the three games, with the public
  kernels, draw for draw: a run with it gives the same hands as a run with `random` (tests/test_plugins.py,
  tests/test_plugins_80fen.py and tests/test_plugins_zpy.py check it).
- CAUTIOUS bids only with at least `min_pairs` pairs (its own parameter) and plays like `heuristic`, its
  fallback for every decision it does not supply (in 80分, all of them).
- EAGER (80分) shows its first legal option as soon as it has one and never challenges the kitty (反底); the rest,
  and all of Baofen, as `heuristic`.
- BOLD (找朋友) calls with a 7 as soon as it holds one, never overcalls and never concedes; the rest, and the other
  games, as `heuristic`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from baofen_sim.cards import NUM_SUITS
from baofen_sim.codes import PASS
from baofen_sim.games.tractor80.engine.declaring import TIER_NONE
from baofen_sim.games.tractor80.policies.declare import FANDI_PROBABILITY, SHOW_PROBABILITY, random_choice
from baofen_sim.games.zhaopengyou.policies.random_calls import (
    CALL_PROBABILITY,
    NO_CARD,
    OVERCALL_PROBABILITY,
    random_concede,
    random_option,
    random_pick,
)
from baofen_sim.kernels.auction import count_pairs
from baofen_sim.kernels.follow import sample_follow
from baofen_sim.kernels.leads import sample_lead
from baofen_sim.kernels.rng import bounded, next_u64
from baofen_sim.policies.plugins import PluginPolicy
from baofen_sim.policies.registry import HEURISTIC

MAX_HAND = 40  # the declarer's 33 cards fit (80分's 33, 找朋友's 28)
RANDOM_PASS_WEIGHT = 0  # slot of `pass_weight`, random's only parameter (this policy's fallback)
UNIT_53 = 1.0 / 9007199254740992.0  # 2**-53


# ---- COPY_RANDOM: the built-in `random`, written as a plug-in ------------------------------------------------


@njit(cache=True)
def uniform_bid(params, hand_counts, legal, n_legal, auction_state, rng_state):
    """Pass with weight pass_weight against 1 per legal bid, else a uniform legal bid."""
    if n_legal == 0:
        return PASS, rng_state
    weight = params[RANDOM_PASS_WEIGHT]
    rng_state, r = next_u64(rng_state)
    if np.float64(r >> np.uint64(11)) * UNIT_53 * (weight + n_legal) < weight:
        return PASS, rng_state
    rng_state, i = bounded(rng_state, n_legal)
    return legal[i], rng_state


@njit(cache=True)
def uniform_bury(params, hand_counts, rng_state, out):
    """len(out) distinct copies of the 33 cards, uniformly (partial Fisher-Yates)."""
    cards = np.empty(MAX_HAND, dtype=np.int64)
    n = 0
    for kind in range(hand_counts.shape[0]):
        for _ in range(hand_counts[kind]):
            cards[n] = kind
            n += 1
    for i in range(out.shape[0]):
        rng_state, j = bounded(rng_state, n - i)
        j += i
        card = cards[i]
        cards[i] = cards[j]
        cards[j] = card
        out[i] = cards[i]
    return rng_state


@njit(cache=True)
def uniform_trump(params, hand_counts, rng_state):
    rng_state, suit = bounded(rng_state, NUM_SUITS)
    return suit, rng_state


@njit(cache=True)
def uniform_lead(params, tb, view, hand_ge1, hand_eq2, rng_state):
    rng_state, ge1, eq2, _ = sample_lead(tb, hand_ge1, hand_eq2, view.throw_allowed, rng_state)
    return rng_state, ge1, eq2


@njit(cache=True)
def uniform_follow(params, tb, lead, view, hand_ge1, hand_eq2, rng_state):
    return sample_follow(tb, lead, hand_ge1, hand_eq2, rng_state)


@njit(cache=True)
def uniform_showing(params, counts, received, level, cur_seat, cur_tier, cur_suit, seat, n_options, tiers, suits,
                    rng_state):
    """80分: one of the legal showings, uniformly, with probability SHOW_PROBABILITY at each poll."""
    return random_choice(n_options, SHOW_PROBABILITY, tiers, suits, rng_state)


@njit(cache=True)
def uniform_fandi(params, counts, level, set_seat, set_tier, set_suit, seat, n_options, tiers, suits, rng_state):
    """80分: a 反底 with one of the legal pairs, with probability FANDI_PROBABILITY."""
    return random_choice(n_options, FANDI_PROBABILITY, tiers, suits, rng_state)


@njit(cache=True)
def uniform_bury80(params, counts, level, trump, rng_state, out):
    """80分: as Baofen's, any len(out) of the cards (the trump does not matter)."""
    return uniform_bury(params, counts, rng_state, out)


@njit(cache=True)
def uniform_call7(params, counts, received, n_options, options, rng_state):
    """找朋友: a call with one of the 7s held (a copy uniformly), with probability CALL_PROBABILITY at each poll."""
    return random_option(n_options, CALL_PROBABILITY, options, rng_state)


@njit(cache=True)
def uniform_forced_call(params, counts, n_options, options, option_trumps, rng_state):
    """找朋友: the flip holder's call, one of the cards zpy_flip_call allows, uniformly."""
    return random_pick(n_options, options, rng_state)


@njit(cache=True)
def uniform_overcall(params, counts, n_options, options, rng_state):
    """找朋友: a pair of one of the legal 7s, with probability OVERCALL_PROBABILITY."""
    return random_option(n_options, OVERCALL_PROBABILITY, options, rng_state)


@njit(cache=True)
def coin_concede(params, counts, trump, rng_state):
    return random_concede(rng_state)


@njit(cache=True)
def uniform_bury_zpy(params, counts, trump, rng_state, out):
    """找朋友: as Baofen's, any len(out) of the cards."""
    return uniform_bury(params, counts, rng_state, out)


COPY_RANDOM = PluginPolicy(fallback="random", bid=uniform_bid, bury=uniform_bury, trump=uniform_trump,
                           lead=uniform_lead, follow=uniform_follow, showing=uniform_showing, fandi=uniform_fandi,
                           bury80=uniform_bury80, call7=uniform_call7, forced_call=uniform_forced_call,
                           overcall=uniform_overcall, concede=coin_concede, bury_zpy=uniform_bury_zpy,
                           doc="the built-in random policy, re-implemented as a plug-in")


# ---- CAUTIOUS: its own bidder, the heuristic's play -------------------------------------------------------------

MIN_PAIRS_SLOT = len(HEURISTIC.params)  # after the heuristic's parameters: CAUTIOUS.slot("min_pairs")


@njit(cache=True)
def pairs_bid(params, hand_counts, legal, n_legal, auction_state, rng_state):
    """The cheapest legal bid with at least `min_pairs` pairs (jokers count), else pass."""
    if n_legal > 0 and count_pairs(hand_counts, True) >= params[MIN_PAIRS_SLOT]:
        return legal[0], rng_state
    return PASS, rng_state


CAUTIOUS = PluginPolicy(fallback="heuristic", bid=pairs_bid,
                        params=(("min_pairs", 6.0, "pairs needed to bid at all"),),
                        doc="bids the minimum with at least min_pairs pairs; plays like heuristic")

assert CAUTIOUS.slot("min_pairs") == MIN_PAIRS_SLOT


# ---- EAGER (80分): shows at once, never 反底s ------------------------------------------------------------------


@njit(cache=True)
def first_showing(params, counts, received, level, cur_seat, cur_tier, cur_suit, seat, n_options, tiers, suits,
                  rng_state):
    """The first of the legal showings, whenever there is one (the engine offers only legal ones)."""
    if n_options == 0:
        return TIER_NONE, 0, rng_state
    return tiers[0], suits[0], rng_state


@njit(cache=True)
def never_fandi(params, counts, level, set_seat, set_tier, set_suit, seat, n_options, tiers, suits, rng_state):
    return TIER_NONE, 0, rng_state


EAGER = PluginPolicy(fallback="heuristic", showing=first_showing, fandi=never_fandi,
                     doc="80分: shows its first legal option at once, never 反底s; plays like heuristic")


# ---- BOLD (找朋友): calls with its first 7, never overcalls, never concedes -----------------------------------------


@njit(cache=True)
def first_seven(params, counts, received, n_options, options, rng_state):
    """The first of the 7s it holds, whenever the engine asks (it asks only a seat that holds one)."""
    if n_options == 0:
        return NO_CARD, rng_state
    return options[0], rng_state


@njit(cache=True)
def never_overcall(params, counts, n_options, options, rng_state):
    return NO_CARD, rng_state


@njit(cache=True)
def never_concede(params, counts, trump, rng_state):
    return False, rng_state


BOLD = PluginPolicy(fallback="heuristic", call7=first_seven, overcall=never_overcall, concede=never_concede,
                    doc="找朋友: calls with its first 7 at once, never overcalls or concedes; plays like heuristic")
