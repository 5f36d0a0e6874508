"""The strength ladder (`games.baofen.studies.strength`): cells on the same deals, players as policy + parameter
files, paired differences against the tuned heuristic, and a shorter cell paired with the baseline's first deals."""

from __future__ import annotations

import numpy as np
import pytest

from baofen_sim.games.baofen.studies.strength import BASELINE, ladder_markdown, paired, play_cell, seat_options
from tests.test_engine_hand import warm_engine


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    warm_engine()


def test_players_are_policies_with_parameter_files():
    assert seat_options("heuristic-untuned", range(1, 4), ["samples=16"]) == (
        ["1=heuristic", "2=heuristic", "3=heuristic"],
        ["1=heuristic-untuned", "2=heuristic-untuned", "3=heuristic-untuned"])
    assert seat_options("sampler", range(1), ["samples=16"]) == (["0=sampler"], ["0.samples=16"])


def test_cells_pair_on_the_same_deals():
    base = play_cell(*BASELINE, 85, 60, 3, [])
    short = play_cell(*BASELINE, 85, 25, 3, [])
    assert np.array_equal(short.made, base.made[:25]) and np.array_equal(short.points, base.points[:25])
    untuned = play_cell("heuristic-untuned", "heuristic", 85, 60, 3, [])
    assert not np.array_equal(untuned.points, base.points)  # the parameter file changes the declarer's play
    mean, interval = paired(untuned.points, base.points)
    assert mean == pytest.approx(float((untuned.points - base.points).mean()))
    assert interval[0] <= mean <= interval[1]
    text = ladder_markdown([base, short, untuned], 60, 3, "python scripts/strength.py", "test machine")
    assert "| heuristic | heuristic | 60 |" in text and "| heuristic | heuristic | 25 |" in text
    assert "| +0.0 pp | [+0.0, +0.0] |" in text


def test_targets_that_are_not_whole_numbers_are_named():
    from baofen_sim.games.baofen.studies.strength import prepared_targets

    with pytest.raises(ValueError, match="--targets '85,x': expected comma-separated whole numbers"):
        prepared_targets("85,x", 1, [[]], "heuristic")
