"""A random player for 80分 hands in the reference engine: random showings during the deal and random 反底s
(each legal one taken with a probability), a random bury, then the random leads (throws included) and follows of
`reference.random_play`. It drives whole hands through every phase for the tests."""

from __future__ import annotations

import random
from collections import Counter

from baofen_sim.cards import LITTLE_JOKER, full_pack, rank_of
from baofen_sim.games.tractor80.reference.deal import deal_and_declare
from baofen_sim.games.tractor80.reference.declaring import Showing, declare_problem, fandi_problem, poll_order
from baofen_sim.games.tractor80.reference.hand import DEALT, HAND_SIZE, KITTY_SIZE, NUM_PLAYERS, Tractor80Hand
from baofen_sim.reference.random_play import random_trick_play
from baofen_sim.rules import RuleSet
from baofen_sim.rules.presets import preset

TRACTOR_80FEN = preset("tractor-80fen")

SHOW_PROBABILITY = 0.05  # per poll: most hands see a few showings, and pairs left for a 反底
FANDI_PROBABILITY = 0.8


def showings_held(cards: list[int], level: int) -> list[list[int]]:
    """Every showing `cards` allow: each level card, each level pair, each joker pair."""
    counts = Counter(cards)
    singles = [[k] for k in counts if k < LITTLE_JOKER and rank_of(k) == level]
    pairs = [[k, k] for k, n in counts.items() if n == 2 and (k >= LITTLE_JOKER or rank_of(k) == level)]
    return singles + pairs


def random_declarer(rng: random.Random, level: int, rules: RuleSet, show: float = SHOW_PROBABILITY):
    def choose(seat: int, held: list[int], current: Showing | None):
        counts = Counter(held)
        legal = [c for c in showings_held(held, level)
                 if declare_problem(current, seat, c, level, rules)[1] is None
                 and not (current is not None and current.seat == seat and counts[c[0]] < 2)]  # 自保 needs both
        return rng.choice(legal) if legal and rng.random() < show else None
    return choose


def play_random_hand(rng: random.Random, levels: tuple[int, int], zhuang: int | None, first_hand: bool,
                     rules: RuleSet = TRACTOR_80FEN, show: float = SHOW_PROBABILITY) -> Tractor80Hand:
    """A whole random 80分 hand, played to its result; `show`: the chance a seat shows a legal showing when asked
    (0: nobody declares, trump comes from the kitty)."""
    state = deal_random_hand(rng, levels, zhuang, first_hand, rules, show)
    while not state.is_done:
        state.apply_play(random_trick_play(state, rng))
    return state


def deal_random_hand(rng: random.Random, levels: tuple[int, int], zhuang: int | None, first_hand: bool,
                     rules: RuleSet = TRACTOR_80FEN, show: float = SHOW_PROBABILITY) -> Tractor80Hand:
    """A random 80分 hand through the deal, the bury and the 反底 stage: the state before the first lead."""
    pack = full_pack()
    rng.shuffle(pack)
    first = 0 if first_hand else zhuang
    level = levels[0] if first_hand else levels[zhuang % 2]
    hands, kitty, declarations, _ = deal_and_declare(pack, first, NUM_PLAYERS, HAND_SIZE, level, rules,
                                                     random_declarer(rng, level, rules, show))
    assert len(kitty) == KITTY_SIZE and sum(map(len, hands)) == DEALT
    state = Tractor80Hand(hands, kitty, levels, zhuang if not first_hand else rng.randrange(NUM_PLAYERS),
                          first_hand, rules)
    for declaration in declarations:
        state.apply_declaration(declaration.after, declaration.seat, declaration.cards)
    state.finish_deal()
    state.apply_bury(rng.sample(state.hands[state.zhuang], KITTY_SIZE))
    while state.phase == "fandi":
        if not _random_fandi(state, rng):
            state.end_fandi()
    return state


def _random_fandi(state: Tractor80Hand, rng: random.Random) -> bool:
    """Poll from the last burier's 下家; the first seat that may and (by chance) will 反底 does. False: all
    declined."""
    for seat in poll_order((state.last_burier + 1) % NUM_PLAYERS, NUM_PLAYERS):
        legal = [c for c in showings_held(state.hands[seat], state.level) if len(c) == 2 and fandi_problem(
            state.setter, seat, c, state.level, state.zhuang, state.last_burier, state.fandi_count == 0,
            state.rules)[1] is None]
        if legal and rng.random() < FANDI_PROBABILITY:
            cards = rng.choice(legal)
            taken = sorted(state.hands[seat] + state.buried)
            state.apply_fandi(seat, cards, rng.sample(taken, KITTY_SIZE))
            return True
    return False
