"""The kitty in 80分: the trump it gives when nobody declared (RULES.md §7.3.5, A25) and the 抠底 bonus of the
defenders who win the last trick (§7.3.11, A23)."""

from __future__ import annotations

from collections.abc import Sequence

from baofen_sim.cards import LITTLE_JOKER, POINTS, rank_of, suit_of
from baofen_sim.games.tractor80.options import KittyMultiplierBasis, KittyMultiplierMultiTractor
from baofen_sim.reference.order import Order
from baofen_sim.reference.units import PAIR, TRACTOR, decompose
from baofen_sim.rules import RuleSet


def undeclared_trump(kitty: Sequence[int], level: int) -> int:
    """§7.3.5: the suit of the first level card in kitty order; without one, of the first of the highest-ranked
    non-joker cards (A25)."""
    for kind in kitty:
        if rank_of(kind) == level:
            return suit_of(kind)
    suited = [kind for kind in kitty if kind < LITTLE_JOKER]
    highest = max(rank_of(kind) for kind in suited)
    return suit_of(next(kind for kind in suited if rank_of(kind) == highest))


def kitty_multiplier(cards: Sequence[int], order: Order, rules: RuleSet) -> int:
    """§7.3.11 the multiplier of one play's cards split into units (§1.9), by `kitty_multiplier`: a tractor
    2 × its cards (the longest, or every tractor's summed), else a pair 4, else 2."""
    units = decompose(cards, order)
    tractors = [unit.size for unit in units if unit.shape == TRACTOR]
    if tractors:
        summed = rules.kitty_multiplier_multi_tractor == KittyMultiplierMultiTractor.SUM
        return rules.kitty_multiplier_tractor * (sum(tractors) if summed else max(tractors))
    if any(unit.shape == PAIR for unit in units):
        return rules.kitty_multiplier_pair
    return rules.kitty_multiplier_single


def last_trick_multiplier(lead: Sequence[int], winning_play: Sequence[int], defenders_won_last: bool, order: Order,
                          rules: RuleSet) -> int:
    """The 抠底 multiplier: of the last trick's winning play (or, under lead_structure, of its lead) when the
    defenders win the last trick, else 0."""
    if not defenders_won_last:
        return 0
    by_lead = rules.kitty_multiplier_basis == KittyMultiplierBasis.LEAD_STRUCTURE
    return kitty_multiplier(lead if by_lead else winning_play, order, rules)


def kitty_bonus(kitty: Sequence[int], lead: Sequence[int], winning_play: Sequence[int], defenders_won_last: bool,
                order: Order, rules: RuleSet) -> int:
    """The points the final kitty adds to the defenders' total: its points × `last_trick_multiplier`."""
    return sum(POINTS[kind] for kind in kitty) * last_trick_multiplier(lead, winning_play, defenders_won_last, order,
                                                                       rules)
