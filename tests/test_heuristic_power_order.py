"""The heuristic's cheapest card and lowest winner (policies.heuristic.costs.cheapest_single,
candidates.primary_above) against a brute force over every card, on Baofen's and 找朋友's tables: in the 5-player
trump suit the trump 7 and 2 sit low in the layout with powers above the ace (RULES.md §1.3.3, `tb.lowered_mask`),
so the bit order is not the power order there."""

from __future__ import annotations

import random

import pytest

from baofen_sim.cards import CLUBS, HEARTS, NUM_KINDS
from baofen_sim.codes import MANNER_FOLLOWED, TRUMP
from baofen_sim.dev.kernel_calls import bits_of
from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.units import analyze_lead
from baofen_sim.policies.heuristic.candidates import primary_above
from baofen_sim.policies.heuristic.costs import PAIR_BREAK_COST, card_cost, cheapest_single
from baofen_sim.rules.presets import preset
from baofen_sim.tables import materialize

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")
BAOFEN = preset("baofen")

CASES = 400
GAMES = {"baofen": (BAOFEN, HEARTS), "zhaopengyou-5p": (ZHAOPENGYOU_5P, CLUBS)}


@pytest.fixture(scope="module", params=list(GAMES))
def tb(request):
    return materialize(*GAMES[request.param])


def bits_in(mask) -> list[int]:
    return [b for b in range(64) if int(mask) >> b & 1]


def random_cards(rng: random.Random, count: int, tb, suit: int | None = None) -> list[int]:
    """`count` card kinds (two copies at most), all of effective suit `suit` when given."""
    kinds = [k for k in range(NUM_KINDS)
             if suit is None or int(tb.bit_suit[tb.kind_to_bit[k]]) == suit]
    drawn: list[int] = []
    while len(drawn) < count:
        kind = rng.choice(kinds)
        if drawn.count(kind) < 2:
            drawn.append(kind)
    return drawn


def test_the_cheapest_single_is_the_least_cost_card(tb):
    rng = random.Random(23)
    for _ in range(CASES):
        ge1, eq2 = bits_of(tb, random_cards(rng, rng.randint(1, 14), tb))
        weight = rng.choice([-1.0, 0.0, 1.0, 2.0, 4.0])
        costs = {b: card_cost(tb, b, weight) + (PAIR_BREAK_COST if int(eq2) >> b & 1 else 0.0) for b in bits_in(ge1)}
        least = min(costs.values())
        want = min(b for b, cost in costs.items() if cost == least)  # the lowest bit on ties
        got, cost = cheapest_single(tb, ge1, eq2, weight)
        assert (int(got), cost) == (1 << want, least)


@pytest.mark.parametrize("pairs", [False, True])
def test_the_lowest_unit_above_a_threshold_is_the_lowest_by_power(tb, pairs):
    rng = random.Random(7)
    for _ in range(CASES):
        ge1, eq2 = bits_of(tb, random_cards(rng, rng.randint(2, 16), tb, TRUMP))
        units = eq2 if pairs else ge1
        if units == ZERO:
            continue
        lead_kind = random_cards(rng, 1, tb, TRUMP)[0]
        lead = analyze_lead(tb, *bits_of(tb, [lead_kind] * (2 if pairs else 1)))
        threshold = int(tb.bit_power[tb.kind_to_bit[lead_kind]])
        above = [int(tb.bit_power[b]) for b in bits_in(units) if tb.bit_power[b] > threshold]
        got_ge1, got_eq2 = primary_above(tb, lead, ge1, eq2, threshold, False, True, MANNER_FOLLOWED)
        if not above:
            assert (got_ge1, got_eq2) == (ZERO, ZERO)
            continue
        (b,) = bits_in(got_ge1)
        assert int(tb.bit_power[b]) == min(above)
        assert got_eq2 == (got_ge1 if pairs else ZERO)
        highest, _ = primary_above(tb, lead, ge1, eq2, threshold, True, True, MANNER_FOLLOWED)
        assert int(tb.bit_power[bits_in(highest)[0]]) == max(above)
