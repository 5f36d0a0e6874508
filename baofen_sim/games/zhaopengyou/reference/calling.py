"""The 找朋友 deal and its call (叫主): the turned-up card (翻牌, RULES.md §7.4.3), a call with one 7 during the
deal (§7.4.4) and the flip holder's forced call when nobody called (§7.4.5, A50).

Card k of the deal (k = 1 .. 100) goes to seat (f + k − 1) mod 5, f = the seat that receives the first card
(DESIGN.md §8); a call "after k" shows a 7 its seat held when k cards had been dealt. Each check returns None for a
legal call, or the reason it is illegal in words.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, RANK_7, SUIT_LETTERS, card_name, rank_of, suit_of
from baofen_sim.games.tractor80.reference.deal import held_after, recipient
from baofen_sim.games.zhaopengyou.options import ZpyFlipCall, ZpyFlipCard
from baofen_sim.rules import RuleSet

NUM_PLAYERS, HAND_SIZE, KITTY_SIZE = 5, 20, 8
DEALT = NUM_PLAYERS * HAND_SIZE  # `after` of the final poll and of the forced call

# (seat, its cards so far in the order received, k cards dealt) → the 7 it calls with, or None
CallPolicy = Callable[[int, list[int], int], int | None]
# (the flip holder, his 20 cards, the turned-up card) → the card he calls with (§7.4.5)
ForcedCallPolicy = Callable[[int, list[int], int], int]


@dataclass(frozen=True)
class Call:
    """A call: `after` cards dealt, the seat, the card shown; `forced`: the flip holder's call (§7.4.5)."""

    after: int
    seat: int
    card: int
    forced: bool = False


def is_seven(kind: int) -> bool:
    return kind < LITTLE_JOKER and rank_of(kind) == RANK_7


def flip_position(rules: RuleSet, rng: random.Random) -> int:
    """§7.4.3 [A31] which dealt card k (1..100) is turned up, by `zpy_flip_card`."""
    if rules.zpy_flip_card == ZpyFlipCard.FIRST_DEALT:
        return 1
    if rules.zpy_flip_card == ZpyFlipCard.LAST_DEALT:
        return DEALT
    return rng.randint(1, DEALT)


def flip_holder(flip: int, first: int) -> int:
    """The seat that receives card `flip` of the deal."""
    return recipient(flip, first, NUM_PLAYERS)


def flip_card(hands_in_order: Sequence[Sequence[int]], flip: int, first: int) -> int:
    """The turned-up card: card `flip` of the deal, the last one its holder had received by then."""
    holder = flip_holder(flip, first)
    return held_after(hands_in_order[holder], holder, flip, first, NUM_PLAYERS)[-1]


def flip_trump(card: int, rules: RuleSet) -> int:
    """§7.4.5 the trump a turned-up card names: its suit; a joker names `zpy_joker_flip_suits` (BJ → H, LJ → S)."""
    if card == BIG_JOKER:
        return SUIT_LETTERS.index(str(rules.zpy_joker_flip_suit_bj))
    if card == LITTLE_JOKER:
        return SUIT_LETTERS.index(str(rules.zpy_joker_flip_suit_lj))
    return suit_of(card)


def call_trump(call: Call, turned_up: int, rules: RuleSet) -> int:
    """The trump a legal call sets: the suit of its 7 (§7.4.4; a forced call with a 7 too), or the suit the
    turned-up card names when the flip holder calls with it (§7.4.5)."""
    if call.forced and call.card == turned_up:
        return flip_trump(turned_up, rules)
    return suit_of(call.card)


def call_problem(call: Call, hands_in_order: Sequence[Sequence[int]], first: int, flip: int,
                 called: bool, rules: RuleSet) -> str | None:
    """Why `call` is illegal, or None. `flip`: the position of the turned-up card; `called`: a call stands."""
    if called:
        return "the first call wins: nobody may call after it (\"一旦有人叫主，其他人不能再叫主\")"
    if not 1 <= call.after <= DEALT:
        return f"a call comes after 1..{DEALT} cards"
    if call.forced:
        problem = forced_call_problem(call, flip_card(hands_in_order, flip, first), flip_holder(flip, first), rules)
    elif not is_seven(call.card):
        problem = f"a call shows one 7, not {card_name(call.card)} (\"只要玩家手中有7就可以叫\")"
    else:
        problem = None
    held = Counter(held_after(hands_in_order[call.seat], call.seat, call.after, first, NUM_PLAYERS))
    if problem is None and not held[call.card]:
        return f"seat {call.seat} did not hold {card_name(call.card)} when {call.after} cards had been dealt"
    return problem


def forced_call_problem(call: Call, turned_up: int, holder: int, rules: RuleSet) -> str | None:
    """§7.4.5 [A50]: after the deal and the final poll, the flip holder calls with the turned-up card or a 7 that
    `zpy_flip_call` allows."""
    if call.after != DEALT:
        return f"the flip holder's call comes after the deal (after {DEALT})"
    if call.seat != holder:
        return f"only the flip holder (seat {holder}) must call when nobody called"
    if call.card == turned_up:
        return None
    trump = flip_trump(turned_up, rules)
    allowed = {ZpyFlipCall.FLIP_ONLY: False, ZpyFlipCall.ANY_7: is_seven(call.card),
               ZpyFlipCall.FLIP_OR_TRUMP_7: is_seven(call.card) and suit_of(call.card) == trump}
    if allowed[rules.zpy_flip_call]:
        return None
    if rules.zpy_flip_call == ZpyFlipCall.FLIP_ONLY:
        return f"the flip holder calls with the turned-up card {card_name(turned_up)} (zpy_flip_call = flip_only)"
    if rules.zpy_flip_call == ZpyFlipCall.ANY_7:
        return f"the flip holder calls with the turned-up card {card_name(turned_up)} or a 7 (zpy_flip_call = any_7)"
    return (f"the flip holder calls with the turned-up card {card_name(turned_up)} or a 7 of the trump suit "
            f"{SUIT_LETTERS[trump]} (zpy_flip_call = flip_or_trump_7)")


def poll_order(start: int) -> list[int]:
    """Counter-clockwise from `start`, every seat once."""
    return [(start + i) % NUM_PLAYERS for i in range(NUM_PLAYERS)]


def deal_and_call(pack: Sequence[int], first: int, choose: CallPolicy) -> tuple[list[list[int]], list[int],
                                                                                Call | None]:
    """The deal of `pack` (dealt cards first, then the kitty) with the simulation's polling (§7.4.4, A28): after
    each card each seat from its recipient on is asked, and the first 7 shown is the call; after the last card
    they are asked once more. Returns the hands (in the order received), the kitty and the call (None: nobody
    called, the flip holder must). A policy's card that is not a 7 it holds is a ValueError."""
    hands: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
    call: Call | None = None

    def poll(k: int) -> Call | None:
        for asked in poll_order(recipient(k, first, NUM_PLAYERS)):
            card = choose(asked, list(hands[asked]), k)
            if card is None:
                continue
            if not is_seven(card) or card not in hands[asked]:
                raise ValueError(f"seat {asked} after {k} cards: {card_name(card)} is not a 7 it holds")
            return Call(k, asked, card)
        return None

    for k in range(1, DEALT + 1):
        hands[recipient(k, first, NUM_PLAYERS)].append(pack[k - 1])
        if call is None:
            call = poll(k)
    if call is None:
        call = poll(DEALT)  # after the last card, once more in the same way
    return hands, list(pack[DEALT:]), call
