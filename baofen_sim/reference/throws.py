"""Throw validation and the forced lead after a failed throw (RULES.md §4.2–§4.4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from baofen_sim.cards import suit_of
from baofen_sim.reference.order import FOLLOWED, LED, Order
from baofen_sim.reference.units import PAIR, SINGLE, Unit, decompose, pair_kinds, pair_runs


@dataclass(frozen=True)
class ThrowVerdict:
    """`beaten`: the throw's units that another player can beat; `forced`: the unit to lead instead."""

    units: tuple[Unit, ...]
    beaten: tuple[Unit, ...]
    forced: Unit | None

    @property
    def valid(self) -> bool:
        return not self.beaten


def unit_value(unit: Unit, order: Order, is_declarer: bool, manner: str) -> int:
    if unit.shape == SINGLE or unit.shape == PAIR:
        return order.power(unit.kinds[0])
    return order.tractor_value(unit.kinds[0], is_declarer, manner)


def beats_unit(unit: Unit, value: int, holding: Sequence[int], order: Order, holder_is_declarer: bool) -> bool:
    """§4.2: does `holding` (one player's cards of the suit) contain a higher unit of the same type?
    Equal power does not beat (§1.7)."""
    if unit.shape == SINGLE:
        return any(order.power(k) > value for k in holding)
    if unit.shape == PAIR:
        return any(order.power(k) > value for k in pair_kinds(holding))
    length = unit.pairs
    for run in pair_runs(pair_kinds(holding), order):
        # A sub-run of a longer tractor counts, and the run's top sub-run is its best.
        if len(run) >= length and order.tractor_value(run[0], holder_is_declarer, FOLLOWED) > value:
            return True
    return False


def validate_throw(cards: Sequence[int], thrower_is_declarer: bool, others: Mapping[int, Sequence[int]],
                   declarer: int, order: Order, rules) -> ThrowVerdict:
    """§4.2 check each unit of the throw against every other player's current cards of the suit;
    §4.4.2 force one beaten unit (`forced_unit_key`)."""
    suit = order.suit(cards[0])
    units = tuple(decompose(cards, order))
    beaten = []
    for unit in units:
        value = unit_value(unit, order, thrower_is_declarer, LED)
        for seat, hand in others.items():
            holding = [k for k in hand if order.suit(k) == suit]
            if beats_unit(unit, value, holding, order, seat == declarer):
                beaten.append(unit)
                break
    if not beaten:
        return ThrowVerdict(units, (), None)
    forced = min(beaten, key=lambda u: forced_unit_key(u, order, thrower_is_declarer, rules.failed_throw_unit_priority))
    return ThrowVerdict(units, tuple(beaten), forced)


def forced_unit_key(unit: Unit, order: Order, thrower_is_declarer: bool, priority: str) -> tuple[int, ...]:
    """§4.4.2 [A3]: the beaten unit with the smallest key is forced.
    lowest_card: the unit holding the lowest card ("最小牌"), ties in power (副2s) to fewer cards;
    fewest_cards_first / most_cards_first: by card count, then the lower unit value.
    Remaining ties (副2s of different suits) go to the first suit in ♠♥♣♦ [DESIGN]."""
    lowest = min(unit.kinds, key=order.power)
    suit_order = suit_of(lowest)
    if priority == "lowest_card":
        return (order.power(lowest), unit.size, suit_order)
    sign = 1 if priority == "fewest_cards_first" else -1
    return (sign * unit.size, unit_value(unit, order, thrower_is_declarer, LED), suit_order)


def counted_throw_cards(rules, attempted_cards: int, failing_unit_cards: int) -> int:
    """Cards a failed throw is charged for (§4.5, A4, `failed_throw_penalty_basis`).

    all_attempted_cards: the whole attempted throw; failing_unit_cards: only the beaten units;
    per_failure: one unit per failure whatever its size.
    """
    basis = rules.failed_throw_penalty_basis
    if basis == "all_attempted_cards":
        return attempted_cards
    if basis == "failing_unit_cards":
        return failing_unit_cards
    return 1  # per_failure
