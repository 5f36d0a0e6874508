"""§4.4.2 [A3] `failed_throw_unit_priority`: the forced unit of a failed throw under each of its three values,
on the same positions, through the reference engine and the kernels alike (C24, C25, the 副2 tie rule).

Trump ♥, seat 0 throws and declares; `others` are the other seats' cards of the throw's suit.
"""

from __future__ import annotations

import pytest

from baofen_sim.dev.kernel_calls import throw_verdict as kernel_verdict
from baofen_sim.reference.throws import validate_throw
from baofen_sim.rules import PRESETS, preset
from tests.helpers import hand, order_for
from tests.kernel_helpers import cards, compiled, tables

pytestmark = pytest.mark.usefixtures("compiled")
__all__ = ["compiled"]

PRIORITIES = ("lowest_card", "fewest_cards_first", "most_cards_first")

# (throw, others, forced under lowest_card, fewest_cards_first, most_cards_first)
POSITIONS = [
    # C24, S003 "98844": J → 9; QQ or 55 → 44 (QQ beats the single 9 as well).
    ("S9 S8 S8 S4 S4", {1: "S3", 2: "SJ", 3: "D3"}, ("S9", "S9", "S9")),
    ("S9 S8 S8 S4 S4", {1: "S3", 2: "D3", 3: "SQ SQ"}, ("S4 S4", "S9", "S4 S4")),
    ("S9 S8 S8 S4 S4", {1: "S3", 2: "D3", 3: "S5 S5"}, ("S4 S4", "S4 S4", "S4 S4")),
    ("S9 S8 S8 S4 S4", {1: "S3", 2: "SJ", 3: "S5 S5"}, ("S4 S4", "S9", "S4 S4")),
    # C25, S001 "85533": a card above 8 → 8; a pair above 33 → 33.
    ("C8 C5 C5 C3 C3", {1: "C9", 2: "D3", 3: "D4"}, ("C8", "C8", "C8")),
    ("C8 C5 C5 C3 C3", {1: "D3", 2: "C4 C4", 3: "D4"}, ("C3 C3", "C3 C3", "C3 C3")),
    # A beaten tractor below a beaten single: its bottom pair holds the lowest card.
    ("SA S7 S7 S6 S6", {1: "S9 S9 S8 S8", 2: "D3", 3: "D4"}, ("S7 S7 S6 S6",) * 3),
    ("SK S7 S7 S6 S6", {1: "S9 S9 S8 S8", 2: "SA", 3: "D4"}, ("S7 S7 S6 S6", "SK", "S7 S7 S6 S6")),
    ("S5 S9 S9 S8 S8", {1: "SJ SJ ST ST", 2: "S6", 3: "D4"}, ("S5", "S5", "S9 S9 S8 S8")),
    # Tractors of different lengths are different kinds: JJTT beats only 9988 (§4.4.2).
    ("S9 S9 S8 S8 S5 S5 S4 S4 S3 S3", {1: "SJ SJ ST ST", 2: "D3", 3: "D4"}, ("S9 S9 S8 S8",) * 3),
    # 副2s tie in power (§1.7): fewer cards first under lowest_card, then the first suit in ♠♥♣♦.
    ("S2 C2 C2 BJ", {1: "LJ LJ", 2: "D3", 3: "D4"}, ("S2", "S2", "C2 C2")),
    ("C2 S2 S2 BJ", {1: "LJ LJ", 2: "D3", 3: "D4"}, ("C2", "C2", "S2 S2")),
    ("C2 C2 S2 S2 BJ", {1: "LJ LJ", 2: "D3", 3: "D4"}, ("S2 S2", "S2 S2", "S2 S2")),
]


def reference_forced(priority: str, throw: str, others: dict[int, str]) -> list[int]:
    rules = preset("baofen").replace(failed_throw_unit_priority=priority)
    verdict = validate_throw(hand(throw), True, {s: hand(h) for s, h in others.items()}, 0,
                             order_for(rules, "H"), rules)
    assert not verdict.valid
    return sorted(verdict.forced.cards())


@pytest.mark.parametrize("index", range(len(PRIORITIES)), ids=PRIORITIES)
@pytest.mark.parametrize("throw, others, forced", POSITIONS)
def test_forced_unit_in_both_engines(index, throw, others, forced):
    priority = PRIORITIES[index]
    expected = cards(forced[index])
    assert reference_forced(priority, throw, others) == expected
    ok, got = kernel_verdict(tables(failed_throw_unit_priority=priority), throw, others)
    assert not ok and got == expected


def test_lowest_card_is_the_default_of_every_preset():
    assert {name: str(preset(name).failed_throw_unit_priority) for name in PRESETS} == {
        name: "lowest_card" for name in PRESETS}
