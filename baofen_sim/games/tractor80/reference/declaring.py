"""Declaring trump during the deal (亮牌, RULES.md §7.3.4) and challenging the kitty (反底, §7.3.8).

A showing is one level card, a pair of one level card, LJ LJ or BJ BJ (a joker pair means no-trump). The ladder,
low to high: a single < a pair (♦ < ♣ < ♥ < ♠) < LJ LJ < BJ BJ. Each check returns None for a legal showing, or
the reason it is illegal in words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, SUIT_LETTERS, card_name, rank_of, suit_of
from baofen_sim.games.tractor80.options import FandiEligible, FandiFirstChallenge
from baofen_sim.reference.order import NO_TRUMP
from baofen_sim.rules import RuleSet
from baofen_sim.rules.presets import preset

TRACTOR_80FEN = preset("tractor-80fen")

SINGLE, PAIR, LITTLE_JOKER_PAIR, BIG_JOKER_PAIR = 1, 2, 3, 4  # the ladder's tiers


@dataclass(frozen=True)
class Showing:
    """Who showed what: `tier` on the ladder, `trump` the suit it names (NO_TRUMP for a joker pair)."""

    seat: int
    tier: int
    trump: int | None

    @property
    def no_trump(self) -> bool:
        return self.tier >= LITTLE_JOKER_PAIR

    def strength(self, rules: RuleSet = TRACTOR_80FEN) -> tuple[int, int]:
        """(tier, suit) on the ladder: pairs by `declare_suit_order` ("黑紅梅方"), singles too under A47's option."""
        by_suit = self.tier == PAIR or (self.tier == SINGLE and rules.declare_single_overcalls_single)
        return self.tier, suit_strength(self.trump, rules) if by_suit else 0


def suit_strength(suit: int, rules: RuleSet) -> int:
    """0 for the lowest suit of `declare_suit_order`, 3 for the highest."""
    order = rules.declare_suit_order
    return len(order) - 1 - order.index(SUIT_LETTERS[suit])


def showing_of(seat: int, cards: Sequence[int], level: int) -> Showing | str:
    """The Showing of `cards`, or why they are no showing at all."""
    kinds = Counter(cards)
    text = " ".join(card_name(k) for k in cards)
    if len(cards) == 2 and len(kinds) == 1 and cards[0] >= LITTLE_JOKER:
        return Showing(seat, BIG_JOKER_PAIR if cards[0] == BIG_JOKER else LITTLE_JOKER_PAIR, NO_TRUMP)
    if not cards or len(cards) > 2 or len(kinds) != 1 or rank_of(cards[0]) != level:
        return f"{text} is not a level card, a pair of one level card or a joker pair"
    return Showing(seat, SINGLE if len(cards) == 1 else PAIR, suit_of(cards[0]))


def declare_problem(current: Showing | None, seat: int, cards: Sequence[int], level: int,
                    rules: RuleSet) -> tuple[Showing | None, str | None]:
    """§7.3.4: seat shows `cards` while `current` (None: nobody yet) sets trump. Returns (the showing that sets
    trump afterwards, None) for a legal showing, or (None, the reason) for an illegal one."""
    if current is not None and seat == current.seat:
        if (rules.allow_self_reinforce and current.tier == SINGLE and len(cards) == 1
                and rank_of(cards[0]) == level and suit_of(cards[0]) == current.trump):
            return Showing(seat, PAIR, current.trump), None  # 自保: the second card makes his single a pair
        if not rules.allow_self_overcall:
            return None, "a player may not overcall his own declaration, only reinforce a single (自保)"
    shown = showing_of(seat, cards, level)
    if isinstance(shown, str):
        return None, shown
    if current is None:
        return shown, None
    if current.tier == SINGLE and shown.tier == SINGLE and not rules.declare_single_overcalls_single:
        return None, "a single level card never overcalls a single (A47)"
    if shown.strength(rules) <= current.strength(rules):
        return None, "an overcall must be stronger than the declaration (single < pair ♦ < ♣ < ♥ < ♠ < LJ LJ < BJ BJ)"
    return shown, None


def poll_order(first: int, num_players: int) -> list[int]:
    """The seats asked in turn, counter-clockwise from `first` (the card's recipient; the last burier's 下家)."""
    return [(first + i) % num_players for i in range(num_players)]


def fandi_problem(setter: Showing, seat: int, cards: Sequence[int], level: int, zhuang: int, last_burier: int,
                  first_challenge: bool, rules: RuleSet) -> tuple[Showing | None, str | None]:
    """§7.3.8: seat challenges the kitty with `cards` while `setter` (the deal's declaration or the last 反底)
    sets trump. (the new setter, None) when legal, else (None, the reason)."""
    any_pair = first_challenge and rules.fandi_first_challenge == FandiFirstChallenge.ANY_PAIR
    if not rules.fandi_enabled:
        return None, "反底 is off (fandi_enabled = false)"
    if setter.no_trump and not any_pair:
        return None, "after a no-trump nobody may 反底"  # the joker pairs are equal and final (A24)
    if rules.fandi_eligible == FandiEligible.ANY_BUT_LAST_BURIER:
        if seat == last_burier:
            return None, "the last burier may not 反底"
    elif seat == zhuang:
        return None, "the 庄 may not 反底 (fandi_eligible = non_zhuang)"
    elif seat == setter.seat:  # C64: any_but_last_burier bars only the last burier
        return None, "a player may not 反底 his own trump"
    shown = showing_of(seat, cards, level)
    if isinstance(shown, str) or shown.tier == SINGLE:
        return None, "a 反底 is a pair of one level card or a joker pair"
    if any_pair:
        return shown, None
    if not shown.no_trump and shown.strength(rules) <= setter.strength(rules):
        return None, "a 反底 must outrank the trump it changes (a single < a pair ♦ < ♣ < ♥ < ♠ < a joker pair)"
    return shown, None
