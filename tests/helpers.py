"""Test helpers that speak card notation (STYLE.md §7)."""

from __future__ import annotations

from collections.abc import Sequence

from baofen_sim.cards import SUIT_LETTERS, parse_cards
from baofen_sim.reference.legality import check_follow, make_lead
from baofen_sim.reference.order import Order
from baofen_sim.reference.trick import TrickPlay, trick_winner
from baofen_sim.reference.units import decompose


def hand(text: str) -> list[int]:
    return sorted(parse_cards(text))


def order_for(rules, trump: str = "H") -> Order:
    return Order.for_rules(rules, SUIT_LETTERS.index(trump))


def units_of(text: str, rules, trump: str = "H") -> list[tuple[str, int]]:
    """(shape, pairs) of each unit, e.g. [("tractor", 2), ("single", 0)]."""
    return [(u.shape, u.pairs) for u in decompose(hand(text), order_for(rules, trump))]


def follow_verdict(rules, lead: str, holding: str, play: str, trump: str = "H"):
    order = order_for(rules, trump)
    return check_follow(make_lead(hand(lead), order, rules), hand(holding), hand(play), order, rules)


def winner_of(rules, plays: Sequence[tuple[str, str]], declarer: int = 0, trump: str = "H",
              first_seat: int = 0) -> int:
    """Seat winning a trick. `plays` = (holding before playing, cards played) per seat in playing order,
    starting with `first_seat`, which leads; a holding of "" means "exactly the cards played"."""
    order = order_for(rules, trump)
    lead = make_lead(hand(plays[0][1]), order, rules)
    trick = []
    for i, (holding, cards) in enumerate(plays):
        seat = (first_seat + i) % rules.num_players
        held = hand(holding or cards)
        was_void = i > 0 and not any(order.suit(k) == lead.suit for k in held)
        trick.append(TrickPlay(seat, tuple(hand(cards)), seat == declarer, was_void))
    index, _ = trick_winner(lead, trick, order, rules)
    return trick[index].seat
