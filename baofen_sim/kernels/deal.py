"""The dealt order (DESIGN.md §8, §4): every seat's cards in the order received, derived from the seat-stable deal.

`rng.deal_hands` gives seat s the pack's cards s, s + N, s + 2N, … whoever receives the first card (DESIGN §4). A
deal whose first card goes to seat f hands card k (k = 1 .. N × hand_size) to seat (f + k − 1) mod N (RULES
§7.3.3, §7.4.2). The seat-stable deal keeps each seat's cards and receives them in that order: seat s's j-th card
(pack index j·N + s) arrives at step k = j·N + ((s − f) mod N) + 1. The kitty is the pack after the dealt cards, in
order (80分: the order it is turned over, §7.3.5). For N = 4, f = 2::

    pack index   0  1  2  3    4  5  6  7    8 ...
    seat         0  1  2  3    0  1  2  3    0 ...
    step k       3  4  1  2    7  8  5  6   11 ...
"""

from __future__ import annotations

from baofen_sim.kernels.jit import njit


@njit(cache=True)
def recipient(k, first, num_players):
    """The seat that receives card k (1-based) of a deal whose first card goes to seat `first`."""
    return (first + k - 1) % num_players


@njit(cache=True)
def arrival_step(seat, j, first, num_players):
    """The step k (1-based) at which `seat` receives its j-th card (0-based)."""
    return j * num_players + (seat - first) % num_players + 1


@njit(cache=True)
def cards_received(k, seat, first, num_players):
    """How many cards `seat` holds when k cards (0 ≤ k ≤ N × hand_size) have been dealt."""
    return (k - (seat - first) % num_players - 1 + num_players) // num_players


@njit(cache=True)
def dealt_card(pack, k, first, num_players):
    """The card kind dealt at step k (1-based): the `recipient`'s card number (k − 1) // N of the seat-stable deal."""
    return pack[(k - 1) // num_players * num_players + recipient(k, first, num_players)]


@njit(cache=True)
def dealt_order(pack, num_players, hand_size, first, out_kinds, out_steps, out_kitty):
    """Every seat's cards in the order received for a deal of `pack` (`rng.deal_pack`) whose first card goes to seat
    `first`: out_kinds[s, j] = the kind seat s receives j-th, out_steps[s, j] = its step k (int64[N, hand_size]
    each); out_kitty = the kitty in order (int64[len(pack) − N × hand_size]). Seat s gets the cards `rng.deal_hands`
    gives it."""
    for seat in range(num_players):
        for j in range(hand_size):
            out_kinds[seat, j] = pack[j * num_players + seat]
            out_steps[seat, j] = arrival_step(seat, j, first, num_players)
    dealt = num_players * hand_size
    for i in range(out_kitty.shape[0]):
        out_kitty[i] = pack[dealt + i]
