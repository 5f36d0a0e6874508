"""A uniform-ish random player of the tricks for the reference engine, whatever the game (each game's random player
adds its own phases: `games/<game>/reference/random_play.py`), and a random deal: they drive whole hands in tests,
examples and the reference side of benchmarks. It leads throws (some of which fail) so that every rule path is
exercised."""

from __future__ import annotations

import random
from collections import Counter

from baofen_sim.cards import LITTLE_JOKER, full_pack, rank_of
from baofen_sim.reference.eight import eight_kinds_held
from baofen_sim.reference.play import TrickHand
from baofen_sim.reference.units import decompose

THROW_PROBABILITY = 0.2
EIGHT_PROBABILITY = 0.5
SAMPLE_TRIES = 200


def random_trick_play(state: TrickHand, rng: random.Random) -> list[int]:
    """A random lead or follow for the player to act in the trick play of any game."""
    return random_lead(state, rng) if not state.current else random_follow(state, rng)


def random_lead(state: TrickHand, rng: random.Random) -> list[int]:
    """A throw attempt (random cards of one suit) with THROW_PROBABILITY, an eight of a kind it holds with
    EIGHT_PROBABILITY, else a uniformly chosen single, pair or tractor."""
    hand = state.hands[state.to_act]
    eights = eight_kinds_held(hand) if state.rules.eight_kind_mode != "off" else []
    if eights and rng.random() < EIGHT_PROBABILITY:
        rank = rng.choice(eights)
        return sorted(k for k in hand if k < LITTLE_JOKER and rank_of(k) == rank)
    if state.rules.allow_throws and state._throw_allowed(state.to_act) and rng.random() < THROW_PROBABILITY:
        suit = state.order.suit(rng.choice(hand))
        cards = [k for k in hand if state.order.suit(k) == suit]
        picked = [k for k in cards if rng.random() < 0.5]
        if len(decompose(picked, state.order)) > 1:
            return sorted(picked)
    return rng.choice(list(state.legal_plays()))


def random_follow(state: TrickHand, rng: random.Random) -> list[int]:
    hand = state.hands[state.to_act]
    n = len(state.lead.cards)
    suit = [k for k in hand if state.order.suit(k) == state.lead.suit]
    rest = list((Counter(hand) - Counter(suit)).elements())
    for _ in range(SAMPLE_TRIES):
        if len(suit) >= n and state.lead.eight_rank is None:
            play = rng.sample(suit, n)
        elif state.lead.eight_rank is None:
            play = suit + rng.sample(rest, n - len(suit))
        else:
            play = rng.sample(hand, n)
        if state.check_play(play) is None:
            return sorted(play)
    legal = list(state.legal_plays())
    return rng.choice(legal)


def random_deal(rng: random.Random, rules) -> tuple[list[list[int]], list[int]]:

    pack = full_pack()
    rng.shuffle(pack)
    size = rules.hand_size
    hands = [sorted(pack[i * size:(i + 1) * size]) for i in range(rules.num_players)]
    return hands, sorted(pack[rules.num_players * size:])
