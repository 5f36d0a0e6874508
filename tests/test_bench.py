"""The benchmark's entry (`dev.bench.markdown`): each game's rate per hand and per trick, from its figures."""

from __future__ import annotations

from baofen_sim.dev.bench import BENCHED, BenchConfig, markdown


def figures_with(rate_of) -> dict:
    labels = [label for label, *_ in BENCHED]
    return {
        "throughput": {f"{label}/{threads}": rate_of(label) * threads for label in labels for threads in (1, 2)},
        "reference": {label: 100.0 for label in labels},
        "tricks_per_hand": {label: 12.5 if label.startswith("80分") else 20.0 for label in labels},
        "cold_compile_s": {"random+heuristic": 101.8}, "warm_start_s": {"random+heuristic": 2.3},
        "parquet": {"seconds": 7.7, "bytes": 28_700_000, "peak_rss_mb": 273.0},
        "experiments": {"sweep_s": 17.2, "three_runs_s": 20.4, "each_per_deal_s": 6e-5, "normal_per_hand_s": 7e-6},
    }


def table_row(text: str, label: str) -> list[str]:
    row = next(line for line in text.splitlines() if line.startswith(f"| {label} |"))
    return [cell.strip() for cell in row.strip("|").split("|")]


def test_the_entry_gives_tricks_per_hand_and_the_rate_per_trick():
    text = markdown(figures_with(lambda label: 40_000.0 if label.startswith("80分") else 30_000.0),
                    BenchConfig(hands=1_000_000), "baofen-sim bench")
    assert "| tricks per hand | 1 thread tricks/s |" in text
    assert table_row(text, "80分 heuristic") == ["80分 heuristic", "40,000", "80,000", "2.00x", "100", "400x",
                                                 "12.5", "500,000"]
    assert table_row(text, "random")[-2:] == ["20.0", "600,000"]
