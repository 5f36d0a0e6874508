"""Trump-choice (叫主) policies (Numba): after burying, the declarer names ♠, ♥, ♣ or ♦ (RULES.md §5.6).

`policies.dispatch.trump_decision(policy_id, params, hand_counts, rng_state) -> (suit, rng_state)`, suit 0..3 = S H C D
(`cards.py`). `hand_counts` is the declarer's hand after the bury (25 cards, kind counts `int8[54]`).
There is no no-trump in Baofen.

- random: a uniform suit (one `bounded(4)` draw).
- heuristic: the strongest suit of the kept cards, `features.best_trump_suit`: by length (ranks 3..A),
  pairs, tractor links, aces and kings, and the 王分 cards held (a trump suit whose 5/10/K are all
  elsewhere risks 倒扣, §6.3). Ties to the lowest suit index. It draws nothing.
"""

from __future__ import annotations

from baofen_sim.cards import NUM_SUITS
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.rng import bounded


@njit(cache=True)
def random_trump(rng_state):
    rng_state, suit = bounded(rng_state, NUM_SUITS)
    return suit, rng_state
