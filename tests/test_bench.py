"""The benchmark's entry (`dev.bench.markdown`): each game's rate per hand and per trick, from its figures, and as a
ratio to the deal yardstick (`dev.yardstick`)."""

from __future__ import annotations

import numpy as np

from baofen_sim.dev.bench import BENCHED, BenchConfig, end_to_end_markdown, markdown
from baofen_sim.dev.yardstick import HAND_SIZE, SEATS, deal_yardstick
from baofen_sim.kernels.rng import deal_hands, deal_pack


def figures_with(rate_of) -> dict:
    labels = [label for label, *_ in BENCHED]
    return {
        "throughput": {f"{label}/{threads}": rate_of(label) * threads for label in labels for threads in (1, 2)},
        "reference": {label: 100.0 for label in labels},
        "tricks_per_hand": {label: 12.5 if label.startswith("80分") else 20.0 for label in labels},
        "cold_compile_s": {"random+heuristic": 101.8}, "warm_start_s": {"random+heuristic": 2.3},
        "parquet": {"seconds": 7.7, "bytes": 28_700_000, "peak_rss_mb": 273.0},
        "experiments": {"sweep_s": 17.2, "three_runs_s": 20.4, "each_per_deal_s": 6e-5, "normal_per_hand_s": 7e-6},
        "yardstick": [3_000_000.0, 2_400_000.0],
        "end_to_end": {"deals": 1_000_000, "yardstick": [2_400_000.0], "seconds": [8.0, 10.0, 9.0]},
    }


def table_row(text: str, label: str) -> list[str]:
    row = next(line for line in text.splitlines() if line.startswith(f"| {label} |"))
    return [cell.strip() for cell in row.strip("|").split("|")]


def test_the_entry_gives_tricks_per_hand_and_the_rate_per_trick():
    text = markdown(figures_with(lambda label: 40_000.0 if label.startswith("80分") else 30_000.0),
                    BenchConfig(hands=1_000_000), "baofen-sim bench")
    assert "| tricks per hand | 1 thread tricks/s |" in text
    assert table_row(text, "80分 heuristic") == ["80分 heuristic", "40,000", "1/75.0", "80,000", "2.00x", "100",
                                                 "400x", "12.5", "500,000"]
    assert table_row(text, "random")[-2:] == ["20.0", "600,000"]


def test_every_rate_is_read_against_the_best_yardstick_of_the_run():
    figures = figures_with(lambda label: 30_000.0)
    text = markdown(figures, BenchConfig(hands=1_000_000), "baofen-sim bench")
    assert "3,000,000 deals/s, the best of 2 fresh processes" in text
    assert table_row(text, "random")[2] == "1/100.0"
    assert "best / median of 3: 8.00 s / 9.00 s, 125,000 hands/s, 1/24.0 of the yardstick" in text
    alone = end_to_end_markdown(figures["end_to_end"], "python scripts/bench_end_to_end.py")
    assert "125,000 hands/s, 1/19.2 of the yardstick" in alone
    assert "in order: 125,000, 100,000, 111,111 hands/s" in alone


def test_the_yardstick_deals_the_engines_hands():
    pack = np.empty(108, dtype=np.int64)
    ge1, eq2 = np.empty(SEATS, dtype=np.uint64), np.empty(SEATS, dtype=np.uint64)
    check = np.uint64(0)
    for hand in range(5):
        deal_pack(7, hand, pack)
        kitty = deal_hands(pack, SEATS, HAND_SIZE, ge1, eq2)
        for board in (*kitty, *ge1, *eq2):
            check ^= np.uint64(board)
    assert deal_yardstick(7, 5) == check
