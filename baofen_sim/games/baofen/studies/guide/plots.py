"""The bidding guide's plots (results/guide/*.png) from its numbers (`numbers.guide_numbers`): the make
probability and the declarer's settlement by evaluation per target, the cap study per bidding style, and the make
probability under strong play beside the heuristic's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from baofen_sim.games.baofen.studies.guide.steps import CURVE_TARGETS, STYLES

FIGURES = "guide"  # the plots' folder, beside the guide


def plot_all(numbers: dict[str, Any], figures: Path) -> list[str]:
    """The PNGs of the guide (besides calibration.png); returns their file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figures.mkdir(parents=True, exist_ok=True)
    curves = numbers["curves"]
    targets = curves["targets"]
    names = []
    for key, label, file in (("make", "P(make target)", "make_probability.png"),
                             ("settle", "declarer's mean settlement at the target", "settlement.png")):
        figure, axes = plt.subplots(figsize=(8, 5))
        for target in CURVE_TARGETS:
            j = targets.index(target)
            rows = [r for r in curves["bins"] if r["targets"][j][key]["ci95"]]
            x = [r["mean_evaluation"] for r in rows]
            value = "rate" if key == "make" else "mean"
            y = [r["targets"][j][key][value] for r in rows]
            low = [r["targets"][j][key]["ci95"][0] for r in rows]
            high = [r["targets"][j][key]["ci95"][1] for r in rows]
            axes.plot(x, y, marker=".", label=f"T = {target}")
            axes.fill_between(x, low, high, alpha=0.25)
        if key == "settle":
            axes.axhline(0.0, color="grey", linewidth=0.8)
        axes.set_xlabel("hand evaluation (the point count)")
        axes.set_ylabel(label)
        axes.grid(alpha=0.3)
        axes.legend()
        figure.tight_layout()
        figure.savefig(figures / file, dpi=110)
        plt.close(figure)
        names.append(file)
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    for style in STYLES:
        variants = numbers["caps"][style]["variants"]
        labels = [f"{v['values']['bid_cap_default']}/{v['values']['bid_cap_pairs_min']}" for v in variants]
        for ax, key, title in ((axes[0], "cap_limited", "a cap held a bidder back"),
                               (axes[1], "capped", "bid reached the cap")):
            y = [100 * v[key]["rate"] if v[key]["rate"] is not None else 0.0 for v in variants]
            err = [[max(0.0, 100 * (v[key]["rate"] - v[key]["ci95"][0])) if v[key]["ci95"] else 0.0 for v in variants],
                   [max(0.0, 100 * (v[key]["ci95"][1] - v[key]["rate"])) if v[key]["ci95"] else 0.0 for v in variants]]
            ax.errorbar(range(len(y)), y, yerr=err, fmt="o-", capsize=3, label=style)
            ax.set_xticks(range(len(y)), labels, rotation=60)
            ax.set_xlabel("bid_cap_default / bid_cap_pairs_min")
            ax.set_ylabel(f"{title}, % of declared hands (95% CI)")
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.legend()
    figure.tight_layout()
    figure.savefig(figures / "cap_study.png", dpi=110)
    plt.close(figure)
    names.append("cap_study.png")
    figure, axes = plt.subplots(figsize=(8, 5))
    for curve in numbers["strong"]["curves"]:
        j = targets.index(curve["target"])
        heuristic = [r for r in curves["bins"] if r["bin"][0] >= numbers["strong"]["min_evaluation"]]
        line = axes.plot([r["mean_evaluation"] for r in heuristic],
                         [r["targets"][j]["make"]["rate"] for r in heuristic], linestyle=":",
                         label=f"T = {curve['target']}, heuristic")[0]
        axes.plot([r["mean_evaluation"] for r in curve["bins"]],
                  [r["targets"][0]["make"]["rate"] for r in curve["bins"]], marker="o", color=line.get_color(),
                  label=f"T = {curve['target']}, samplers at every seat")
    axes.set_xlabel("hand evaluation (the point count)")
    axes.set_ylabel("P(make target)")
    axes.grid(alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(figures / "make_probability_strong.png", dpi=110)
    plt.close(figure)
    names.append("make_probability_strong.png")
    return names
