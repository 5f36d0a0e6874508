"""Kernels vs reference (DESIGN.md §10): legality verdicts on legal and illegal candidate plays, follow
choice sets, throw verdicts with forced leads, and trick winners, on random deals and on concentrated
positions (jokers, 2s, tractors, eights of a kind), under both presets and every play option."""

from __future__ import annotations

import pytest

from baofen_sim.dev.differential import describe
from baofen_sim.games.baofen.differential import run_hands, run_positions
from baofen_sim.rules import preset

PRESETS = ["baofen", "baofen-001"]
OPTION_VARIANTS = [
    {"ruff_structure_rule": "count"}, {"multi_unit_compare": "lexicographic"},
    {"follow_tractor_rule": "same_length_only"}, {"failed_throw_forced_play": "free_relead"},
    {"failed_throw_unit_priority": "most_cards_first"}, {"failed_throw_unit_priority": "fewest_cards_first"},
    {"joker_tractor_mode": "top"},
    {"joker_tractor_mode": "none"}, {"joker_tractor_ruff_001": "smallest"}, {"allow_throws": False},
    {"eight_kind_mode": "off"}, {"ruff_all_trump_required_for_singles": False},
    {"max_failed_throws_per_player": 1},
]


def assert_agree(tally) -> None:
    assert not tally.disagreements, describe(tally) + "\n" + "\n".join(tally.disagreements[:10])


@pytest.mark.parametrize("name", PRESETS)
def test_kernels_agree_with_reference_on_random_deals(name):
    tally = run_hands(preset(name), seed=2024, count=40)
    assert tally.tricks > 500 and tally.throws > 100
    assert_agree(tally)


@pytest.mark.parametrize("name", PRESETS)
def test_kernels_agree_with_reference_on_concentrated_positions(name):
    tally = run_positions(preset(name), seed=7, count=300)
    assert tally.tricks > 1500
    assert_agree(tally)


@pytest.mark.parametrize("options", OPTION_VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_kernels_agree_with_reference_under_each_play_option(options):
    base = "baofen-001" if "joker_tractor_ruff_001" in options else "baofen"
    assert_agree(run_positions(preset(base).replace(**options), seed=11, count=60))
