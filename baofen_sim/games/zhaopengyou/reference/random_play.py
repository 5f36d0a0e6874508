"""A random player for 找朋友 hands in the reference engine: random calls with a 7 during the deal (each legal one
taken with a probability), a random forced call when nobody called, a random bury, random overcalls and
concessions, then the random leads and follows of `reference.random_play`. It drives whole hands through every
phase for the tests."""

from __future__ import annotations

import random
from collections import Counter

from baofen_sim.cards import full_pack, suit_of
from baofen_sim.games.zhaopengyou.reference.calling import (
    DEALT,
    KITTY_SIZE,
    NUM_PLAYERS,
    Call,
    CallPolicy,
    deal_and_call,
    flip_position,
    is_seven,
)
from baofen_sim.games.zhaopengyou.reference.hand import OVERCALL, ZhaopengyouHand
from baofen_sim.games.zhaopengyou.reference.overcall import overcall_poll_order
from baofen_sim.reference.random_play import random_trick_play
from baofen_sim.rules import RuleSet
from baofen_sim.rules.presets import preset

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")

CALL_PROBABILITY = 0.02  # per poll: most hands are called during the deal, some are left to the flip holder
OVERCALL_PROBABILITY = 0.5
CONCEDE_PROBABILITY = 0.5


def random_caller(rng: random.Random, call: float = CALL_PROBABILITY) -> CallPolicy:
    """Calls with a random 7 it holds with probability `call` each time it is asked."""

    def choose(seat: int, held: list[int], k: int) -> int | None:
        sevens = [kind for kind in held if is_seven(kind)]
        return rng.choice(sevens) if sevens and rng.random() < call else None
    return choose


def play_random_hand(rng: random.Random, deal_first: int | None = None, rules: RuleSet = ZHAOPENGYOU_5P,
                     call: float = CALL_PROBABILITY) -> ZhaopengyouHand:
    """A whole random 找朋友 hand, played to its result (or conceded); `call`: the chance a seat holding a 7 calls
    when asked (0: the flip holder always calls)."""
    state = deal_random_hand(rng, deal_first, rules, call)
    if state.check_concede() is None and rng.random() < CONCEDE_PROBABILITY:
        state.apply_concede()
    while not state.is_done:
        state.apply_play(random_trick_play(state, rng))
    return state


def deal_random_hand(rng: random.Random, deal_first: int | None = None, rules: RuleSet = ZHAOPENGYOU_5P,
                     call: float = CALL_PROBABILITY) -> ZhaopengyouHand:
    """A random 找朋友 hand through the deal, the call, the bury and the overcalls: the state before the first
    lead (or the concession)."""
    pack = full_pack()
    rng.shuffle(pack)
    first = rng.randrange(NUM_PLAYERS) if deal_first is None else deal_first
    hands, kitty, made = deal_and_call(pack, first, random_caller(rng, call))
    assert len(kitty) == KITTY_SIZE and sum(map(len, hands)) == DEALT
    state = ZhaopengyouHand(hands, kitty, first, flip_position(rules, rng), rules)
    if made is not None:
        state.apply_call(made)
    state.finish_deal()
    if made is None:
        state.apply_call(_random_forced_call(state, rng))
    state.apply_bury(rng.sample(state.hands[state.declarer], KITTY_SIZE))
    while state.phase == OVERCALL and _random_overcall(state, rng):
        pass
    state.end_overcalls()
    return state


def _random_forced_call(state: ZhaopengyouHand, rng: random.Random) -> Call:
    """The flip holder's call (§7.4.5): a random one of the cards `zpy_flip_call` lets him call with."""
    holder = state.flip_holder
    options = [Call(DEALT, holder, kind, forced=True) for kind in sorted(set(state.hands[holder]))
               if kind == state.turned_up or is_seven(kind)]
    legal = [c for c in options if state.check_call(c) is None]
    return rng.choice(legal)


def _random_overcall(state: ZhaopengyouHand, rng: random.Random) -> bool:
    """Poll from the last setter's 下家, he last (A35); the first seat that may and (by chance) will overcall does.
    False: all declined."""
    for seat in overcall_poll_order(state.declarer):
        counts = Counter(state.hands[seat])
        pairs = [[kind, kind] for kind, n in counts.items() if n == 2 and is_seven(kind)
                 and suit_of(kind) not in state.suits_named]
        taken = sorted(state.hands[seat] + state.buried)
        legal = [p for p in pairs if state.check_overcall(seat, p, taken[:KITTY_SIZE]) is None]
        if legal and rng.random() < OVERCALL_PROBABILITY:
            state.apply_overcall(seat, rng.choice(legal), rng.sample(taken, KITTY_SIZE))
            return True
    return False
