"""The bidding guide (issue 12; tools/guide.py, tools/guide_text.py, scripts/make_guide.py): what a sweep
variant's figures count, the break-even rule of the curves, and the committed guide is the text of its
committed numbers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from baofen_sim.analysis.runs import open_output
from baofen_sim.policies.registry import parse_policy_options
from baofen_sim.runspec import RunSpec
from baofen_sim.sweep import parse_vary, sweep
from baofen_sim.tools.guide import _break_even, variant_numbers
from baofen_sim.tools.guide_text import guide_markdown
from tests.test_engine_hand import engine  # noqa: F401  (imports the engine: built for random and heuristic)

ROOT = Path(__file__).resolve().parent.parent
# Seats 0 and 1 bid on any hand up to their caps: auctions end at a cap, or one raise above the other's.
GREEDY = ["threshold-bids", "0.open_threshold=0", "0.per_5_points=0.001", "1.open_threshold=0",
          "1.per_5_points=0.001"]


def test_a_variant_counts_the_bids_that_reach_the_declarers_cap(tmp_path, engine):  # noqa: F811
    policies, params = parse_policy_options(["heuristic"], GREEDY, 4)
    base = RunSpec(policies=policies, params=params, deals=400, hands_per_table=8, chunk_size=200, seed=3)
    sweep(base, [parse_vary("bid_cap_default=150,200", base)], tmp_path / "caps", progress=False)
    for run in open_output(tmp_path / "caps").variants:
        numbers = variant_numbers(run)
        rows = run.scan().collect().to_dicts()
        cap_default = int(run.values["bid_cap_default"])
        declared = [r for r in rows if r["declarer"] >= 0]
        capped = sum(r["target"] == (250 if r[f"pairs_{r['declarer']}"] >= 5 else cap_default) for r in declared)
        assert 0 < capped < len(declared)
        assert (numbers["capped"]["rate"], numbers["capped"]["n"]) == (capped / len(declared), len(declared))
        assert numbers["all_pass"]["rate"] == (len(rows) - len(declared)) / len(rows)
        assert numbers["make"]["rate"] == sum(r["declarer_won"] for r in declared) / len(declared)
        by_target = {row["target"]: row["make"]["n"] for row in numbers["by_target"]}
        assert by_target == {t: sum(r["target"] == t for r in declared) for t in {r["target"] for r in declared}}


def _bins(means: list[float]) -> list[dict]:
    return [{"bin": [40.0 + 5 * i, 45.0 + 5 * i], "targets": [{"make": {"rate": 0.5}, "settle": {"mean": m}}]}
            for i, m in enumerate(means)]


def test_break_even_is_the_lowest_bin_from_which_every_bin_pays():
    assert _break_even(_bins([-1.0, 0.5, -0.1, 0.3, 0.4]), (85,))[0]["evaluation_from"] == 55.0
    assert _break_even(_bins([0.2, 0.5]), (85,))[0]["evaluation_from"] == 40.0
    assert _break_even(_bins([0.2, -0.5]), (85,))[0]["evaluation_from"] is None


def test_the_committed_guide_is_the_text_of_its_numbers():
    numbers = json.loads((ROOT / "results" / "guide" / "guide.json").read_text(encoding="utf-8"))
    assert numbers["scale"] == 1 and sum(numbers["hands"].values()) >= 100_000_000
    assert guide_markdown(numbers) == (ROOT / "results" / "BIDDING_GUIDE.md").read_text(encoding="utf-8")
    for line in guide_markdown(numbers).splitlines():
        if line.startswith("!["):
            assert (ROOT / "results" / line[line.index("(") + 1:-1]).is_file(), line


def test_make_guide_refuses_a_bad_scale_with_one_line():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_guide.py"), "--scale", "0"],
                            capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.strip().splitlines() == [
        "error: --scale must be in (0, 1] and --threads at least 1"]
