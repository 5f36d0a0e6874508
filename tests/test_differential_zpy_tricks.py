"""The trick kernels on the 5-player tables against the reference's `FivePlayerOrder` (DESIGN.md §10; RULES.md
§1.3.3, §1.5.2 "5-player", §1.5.3, §1.9, §2–§4), on five seats: at every turn of concentrated positions (runs of pairs
through the lowered t7 and t2 and across the t7 gap, the plain 6-8 link, 7s, 2s and jokers) and of whole random
deals, follow verdicts (legal and illegal candidates), follow choice sets, lead verdicts and units, and with throws on
(`allow_throws`, off in the preset, A34) throw verdicts with their forced leads; trick winners of those hands and of
tricks built to compete (tractors valued by face, t7 and t2 pairs by power, ruffs), under each gap option."""

from __future__ import annotations

import pytest

from baofen_sim.dev.differential import describe
from baofen_sim.games.zhaopengyou.differential import run_hands, run_positions, run_tricks
from baofen_sim.rules.presets import preset
from tests.kernel_helpers import compiled

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")

pytestmark = pytest.mark.usefixtures("compiled")
__all__ = ["compiled"]

GAP_OPTIONS = {"preset": {}, "no trump gap": {"zpy_trump_gap_tractor": False},
               "no plain gap": {"zpy_plain_gap_tractor": False}, "no lowering": {"zpy_trump_lowering": False}}


def assert_agree(tally) -> None:
    assert not tally.disagreements, describe(tally) + "\n" + "\n".join(tally.disagreements[:10])


@pytest.mark.parametrize("options", GAP_OPTIONS.values(), ids=GAP_OPTIONS.keys())
def test_kernels_agree_with_reference_on_concentrated_5p_positions(options):
    tally = run_positions(seed=5, count=16, rules=ZHAOPENGYOU_5P.replace(**options) if options else ZHAOPENGYOU_5P)
    assert tally.tricks > 60 and tally.choice_sets > 200 and tally.profiles > 300
    assert_agree(tally)


THROW_OPTIONS = {"throws": {}, "lexicographic": {"multi_unit_compare": "lexicographic"},
                 "count rule": {"ruff_structure_rule": "count"}}


@pytest.mark.parametrize("options", THROW_OPTIONS.values(), ids=THROW_OPTIONS.keys())
def test_kernels_agree_with_reference_on_5p_throws(options):
    tally = run_positions(seed=6, count=16, rules=ZHAOPENGYOU_5P.replace(allow_throws=True, **options))
    assert tally.throws > 150
    assert_agree(tally)


@pytest.mark.parametrize("options", GAP_OPTIONS.values(), ids=GAP_OPTIONS.keys())
def test_kernels_agree_with_reference_on_competing_5p_tricks(options):
    tally = run_tricks(seed=7, count=600, rules=ZHAOPENGYOU_5P.replace(**options) if options else ZHAOPENGYOU_5P)
    assert_agree(tally)


def test_kernels_agree_with_reference_on_whole_random_5p_deals():
    tally = run_hands(seed=8, count=2)
    assert tally.tricks > 2 * 10  # 20 cards a seat, some tricks of several
    assert_agree(tally)
