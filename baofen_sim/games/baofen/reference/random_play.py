"""A uniform-ish random Baofen player for the reference engine (`reference.game.BaofenHand`): random bids (passing
often), bury and trump, then the shared random trick play (`baofen_sim.reference.random_play`)."""

from __future__ import annotations

import random

from baofen_sim.cards import NUM_SUITS
from baofen_sim.games.baofen.reference.game import AUCTION, BURY, CHOOSE_TRUMP, BaofenHand
from baofen_sim.reference.random_play import random_trick_play

PASS_PROBABILITY = 0.4


def random_action(state: BaofenHand, rng: random.Random):
    """A random legal action for the player to act."""
    if state.phase == AUCTION:
        bids = state.auction.legal_bids()
        return None if not bids or rng.random() < PASS_PROBABILITY else rng.choice(bids)
    seat = state.to_act
    if state.phase == BURY:
        return rng.sample(state.hands[seat], state.rules.kitty_size)
    if state.phase == CHOOSE_TRUMP:
        return rng.randrange(NUM_SUITS)
    return random_trick_play(state, rng)


def play_random_hand(state: BaofenHand, rng: random.Random) -> list:
    """Play `state` to the end with random legal actions; returns the actions taken in order."""
    actions = []
    while not state.is_done:
        action = random_action(state, rng)
        state.apply(action)
        actions.append(action)
    return actions
