"""results/BIDDING_GUIDE.md and its plots from the numbers of `guide.guide_numbers` (issue 12)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from baofen_sim.analysis.stats import Z95
from baofen_sim.policies.registry import TABLE_POSITIONS
from baofen_sim.tools.guide import CURVE_TARGETS, MIN_BIN_HANDS, SAMPLER_PLAYERS, SAMPLER_TARGETS

FEATURE_TEXT = {
    "big_jokers": "big jokers (大王)", "little_jokers": "little jokers (小王)", "twos": "2s (常主)", "aces": "aces",
    "kings": "kings", "points": "card points held / 10 (5s, 10s, kings)", "pairs": "pairs (jokers included)",
    "links": "tractor links (each adjacent pair of pairs)", "trump_length": "length of the best suit (3..A)",
    "trump_high": "its aces and kings", "trump_pairs": "its pairs", "trump_wangfen": "its 5s, 10s and kings (王分)",
    "voids": "other suits void", "short_suits": "other suits with 1–2 cards",
}
POSITION_TEXT = ("主叫 (first to speak)", "second", "third", "fourth")
NEVER_EVALUATION = 120.0  # a threshold above this is reached by almost no hand: shown as "practically never"
FIGURES = "guide"  # the plots' folder, beside the guide


def pct(r: dict[str, Any] | None, digits: int = 1) -> str:
    """A rate with its 95% CI: 34.8% [34.1, 35.5]."""
    if not r or r.get("rate") is None:
        return "–"
    low, high = r["ci95"] or (None, None)
    body = f"{100 * r['rate']:.{digits}f}%"
    return body if low is None else f"{body} [{100 * low:.{digits}f}, {100 * high:.{digits}f}]"


def num(m: dict[str, Any] | None, digits: int = 2, key: str = "mean") -> str:
    """A mean (or a difference) with its 95% CI: +1.23 [+1.10, +1.36]."""
    if not m or m.get(key) is None:
        return "–"
    ci = m.get("ci95")
    body = f"{m[key]:+.{digits}f}"
    return body if not ci else f"{body} [{ci[0]:+.{digits}f}, {ci[1]:+.{digits}f}]"


def diff_pp(d: dict[str, Any], key: str = "difference") -> str:
    """A paired difference of rates (or a mean of 0/1 differences: key "mean") in percentage points."""
    if d.get(key) is None:
        return "–"
    ci = d.get("ci95")
    body = f"{100 * d[key]:+.2f} pp"
    return body if not ci else f"{body} [{100 * ci[0]:+.2f}, {100 * ci[1]:+.2f}]"


def threshold_text(value: float) -> str:
    return "practically never" if value > NEVER_EVALUATION else f"≥ {value:g}"


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
    variants = numbers["caps"]["variants"]
    labels = [f"{v['values']['bid_cap_default']}/{v['values']['bid_cap_pairs_min']}" for v in variants]
    for ax, key, title in ((axes[0], "make", "declarer make rate"), (axes[1], "capped", "bid reached the cap")):
        y = [100 * v[key]["rate"] if v[key]["rate"] is not None else 0.0 for v in variants]
        err = [[100 * (v[key]["rate"] - v[key]["ci95"][0]) if v[key]["ci95"] else 0.0 for v in variants],
               [100 * (v[key]["ci95"][1] - v[key]["rate"]) if v[key]["ci95"] else 0.0 for v in variants]]
        ax.errorbar(range(len(y)), y, yerr=err, fmt="o", capsize=3)
        ax.set_xticks(range(len(y)), labels, rotation=60)
        ax.set_xlabel("bid_cap_default / bid_cap_pairs_min")
        ax.set_ylabel(f"{title}, % (95% CI)")
        ax.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(figures / "cap_study.png", dpi=110)
    plt.close(figure)
    names.append("cap_study.png")
    return names


def guide_markdown(numbers: dict[str, Any]) -> str:
    lines: list[str] = []
    add = lines.append
    hands = numbers["hands"]
    total = sum(hands.values())
    minutes = sum(numbers["timings"].values()) / 60
    pc, bids, curves = numbers["point_count"], numbers["bids"], numbers["curves"]
    table = bids["table"]
    add("# Bidding guide: 包分 (Baofen), `baofen` rules")
    add("")
    add(f"Regenerated by `python scripts/make_guide.py` on {numbers['date']} (baofen-sim at {numbers['commit']}) "
        f"from **{total:,} hands** played by the tuned heuristic (`--policy heuristic`, the tune-play defaults), "
        f"in {minutes:.0f} minutes of simulation and analysis on this 2-core machine"
        + (f" (scale {numbers['scale']:g} of the full guide)." if numbers["scale"] != 1 else ".")
        + " Every number carries its 95% confidence interval in brackets. guide.json holds all of them.")
    add("")
    add("| data | hands |")
    add("|---|---|")
    for name, count in hands.items():
        add(f"| {name} | {count:,} |")
    add("")
    _summary(add, numbers)
    _point_count_section(add, pc)
    _bid_table_section(add, bids, table, curves, numbers["shipped"])
    _curves_section(add, curves)
    _study_section(add, numbers)
    _sampler_section(add, numbers["sampler"])
    add("## How this guide is made")
    add("")
    add("`python scripts/make_guide.py` runs ordinary commands into `runs/guide/` (`--work`), each resumable: "
        "rerun it after an interruption and finished steps are kept. Then it reads every number again and writes "
        "this file, `guide.json` and the PNGs in `guide/`. The commands, with their wall time (seconds):")
    add("")
    add("| step | seconds |")
    add("|---|---|")
    for name, seconds in numbers["timings"].items():
        add(f"| {name} | {seconds:,.0f} |")
    add("")
    add("Limits: the play is the tuned heuristic's, which ignores the target and the auction, so one play per "
        "(deal, declarer) gives the result at every target. A stronger declarer makes more (section 7). The bid "
        "table is a best response of the table bidder to itself under the `baofen` rules; under other rules "
        "(the cap study's variants) the same table is kept, not re-tuned.")
    return "\n".join(lines) + "\n"


def _summary(add: Any, numbers: dict[str, Any]) -> None:
    curves = numbers["curves"]
    even = {row["target"]: row for row in curves["break_even"]}
    baseline = default_variant(numbers["caps"]["variants"])
    add("## Answers")
    add("")
    for target in (85, 90, 95, 100):
        row = even.get(target)
        if row and row["evaluation_from"] is not None:
            add(f"- **A bid of {target}** pays a lone declarer (no 水草 pot) on average from an evaluation of "
                f"**{row['evaluation_from']:g}**. There he makes it {pct(row['make_there'])} of the time and his mean "
                f"settlement is {num(row['settle_there'])}.")
    add(f"- **Auctions with tuned bidders at every seat**: {pct(baseline['all_pass'])} of hands are all-passed "
        f"(水草). The declarer makes {pct(baseline['make'])} of declared hands, and his mean settlement is "
        f"{num(baseline['settle'])} per declared hand.")
    capped = [v["capped"]["rate"] for v in numbers["caps"]["variants"] if v["capped"]["rate"] is not None]
    if capped:
        add(f"- **The 150/250 cap** is reached in {pct(baseline['capped'], 3)} of declared hands under the default "
            f"rules (at most {100 * max(capped):.3f}% in any variant). With tuned bidders it is not what limits "
            "the auction (section 4).")
    add("")


def _point_count_section(add: Any, pc: dict[str, Any]) -> None:
    r2 = pc["r2"]
    add("## 1. The point count")
    add("")
    add("A hand's evaluation predicts the card points the declarer takes (C + Pen + the 王分 adjustment) when it "
        "declares. It is the sum of the weights below times the counts in its 25 dealt cards, plus the constant. "
        f"The weights are fitted by least squares on {pc['train_deals']:,} deals × 4 seats. The standard errors "
        "are clustered by deal.")
    add("")
    add("| count | weight | 95% CI |")
    add("|---|---|---|")
    for name, w in pc["weights"].items():
        feature = name.removeprefix("eval_")
        text = "constant" if feature == "intercept" else FEATURE_TEXT.get(feature, feature)
        low, high = w["value"] - Z95 * w["se"], w["value"] + Z95 * w["se"]
        add(f"| {text} | {w['value']:+.2f} | [{low:+.2f}, {high:+.2f}] |")
    add("")
    add(f"On {pc['test_deals']:,} fresh deals (another seed) it explains R² = {r2['evaluation']['value']:.4f} "
        f"[{r2['evaluation']['ci95'][0]:.4f}, {r2['evaluation']['ci95'][1]:.4f}] of the declarer's outcome, "
        f"against {r2['hand_strength']['value']:.4f} [{r2['hand_strength']['ci95'][0]:.4f}, "
        f"{r2['hand_strength']['ci95'][1]:.4f}] for the old `hand_strength` score. The gain is "
        f"{r2['gain']['value']:+.4f} [{r2['gain']['ci95'][0]:+.4f}, {r2['gain']['ci95'][1]:+.4f}] "
        "(deal bootstrap). Most of the outcome is the play of the cards and the kitty, which no count of one hand "
        "can see.")
    add("")
    add(f"![calibration]({FIGURES}/calibration.png)")
    add("")
    example = pc["example"]
    add("**How to count a hand.** An example is hand "
        f"{example['deal']} (seat {example['seat']}) of the training seed: `{example['cards']}`.")
    add("")
    add("| count | × weight | = points |")
    add("|---|---|---|")
    add(f"| constant | | {example['intercept']:+.1f} |")
    for term in example["terms"]:
        if term["count"]:
            add(f"| {term['count']:g} {FEATURE_TEXT.get(term['feature'], term['feature'])} | {term['weight']:+.2f} | "
                f"{term['points']:+.1f} |")
    add(f"| **evaluation** | | **{example['evaluation']:.1f}** |")
    add("")
    add("The best suit is the one the heuristic would name trump (jokers and 2s are always trump and count apart).")
    add("")


def _bid_table_section(add: Any, bids: dict[str, Any], table: dict[str, float], curves: dict[str, Any],
                       shipped: bool) -> None:
    validation = bids.get("validation") or {}
    per_5 = table["contest_per_5"]
    add("## 2. The bid table")
    add("")
    add(f"`tune-bids` searched the table on the training deals without replaying them "
        f"({bids['tables_per_second_per_million_deals']:.0f} candidate tables/s per million deals). The table below "
        + ("is a best response to itself: with all four seats on it, no seat gains by changing an entry "
           f"(a fixed point after {len(bids['rounds'])} rounds)." if bids["fixed_point"]
           else "had not reached a fixed point within its rounds.")
        + " It " + ("**is the heuristic's default bidder** (`policies/params/default-bids.toml`)." if shipped else
                    "differs from the shipped default bidder: copy `runs/guide/bids/bids.toml` over "
                    "`baofen_sim/policies/params/default-bids.toml` to ship it."))
    add("")
    add("| position from the 主叫 | open 85 | open 90 | open 95 | raise in a contest to 85 + 5k |")
    add("|---|---|---|---|---|")
    for p in range(TABLE_POSITIONS):
        add(f"| {POSITION_TEXT[p]} | {threshold_text(table[f'open85_{p}'])} | {threshold_text(table[f'open90_{p}'])} | "
            f"{threshold_text(table[f'open95_{p}'])} | ≥ {table[f'contest_{p}']:g} + {per_5:g}·k |")
    add("")
    add("A seat opens at the highest of 85/90/95 its evaluation reaches (the 主叫 may open 85; later seats what "
        "the rules leave open). When another seat has bid, it raises by the smallest step while the new bid "
        f"is at most 85 + 5·⌊(evaluation − contest) / {per_5:g}⌋. Share of hands (one seat) at or above an "
        "evaluation:")
    add("")
    add("| evaluation ≥ | share of hands |")
    add("|---|---|")
    for level, r in curves["evaluation_at_least"].items():
        add(f"| {level} | {pct(r, 2)} |")
    add("")
    if validation:
        auctions = validation["auctions"]
        add(f"Validation by ordinary simulation on {validation['deals']:,} fresh deals (seed {validation['seed']}), "
            "paired by table, against the old threshold bidders (`--param threshold-bids`):")
        add("")
        add(f"- one tuned seat among threshold bidders gains {num(validation['one_tuned_seat_gain'], 3)} per hand; "
            f"the other seats change by {num(validation['one_tuned_others_change'], 3)};")
        old, new = auctions["threshold"], auctions["all_tuned"]
        add(f"- auctions, all threshold → all tuned: all-pass {100 * old['all_pass_rate']:.1f}% → "
            f"{100 * new['all_pass_rate']:.1f}%, make rate {100 * old['make_rate']:.1f}% → "
            f"{100 * new['make_rate']:.1f}%, declarer's mean {old['declarer_settle']:+.2f} → "
            f"{new['declarer_settle']:+.2f} per declared hand (CIs for these in section 4).")
        add("")
        add("Why so many all-passes: under the 1-vs-3 settlement a declarer stakes three times what each defender "
            "does, and a pass costs only a share of the 水草 pot, which comes back later. A seat that bids on an "
            f"average hand loses (the threshold bidders' declarers: {old['declarer_settle']:+.2f} per declared "
            "hand). The best response is to declare only hands that make more often than not.")
        add("")


def _curves_section(add: Any, curves: dict[str, Any]) -> None:
    targets = curves["targets"]
    add("## 3. Make probability by evaluation and target")
    add("")
    add(f"From {curves['deals']:,} deals, each played once with every seat as the forced declarer "
        f"({curves['hands']:,} hands; the heuristic's play ignores the target, so each play gives the result at "
        "every target). The table gives P(make T) per evaluation bin with its Wilson 95% CI.")
    add("")
    add(f"![make probability]({FIGURES}/make_probability.png)")
    add("")
    columns = [targets.index(t) for t in CURVE_TARGETS]
    add("| evaluation | hands | " + " | ".join(f"P(make {t})" for t in CURVE_TARGETS) + " |")
    add("|---" * (len(CURVE_TARGETS) + 2) + "|")
    for row in curves["bins"]:
        low, high = row["bin"]
        label = f"< {high:g}" if low == float("-inf") else f"≥ {low:g}" if high == float("inf") else f"{low:g}–{high:g}"
        add(f"| {label} | {row['hands']:,} | " + " | ".join(pct(row["targets"][j]["make"]) for j in columns) + " |")
    add("")
    add("The declarer's mean settlement at each target (a lone declarer: stakes and special hands, no pot):")
    add("")
    add(f"![settlement]({FIGURES}/settlement.png)")
    add("")
    add("Break-even: the lowest evaluation from which a lone declarer's mean settlement at T stays positive, "
        "and his make rate and mean settlement in that bin:")
    add("")
    add("| target | evaluation from | P(make) there | mean settlement there |")
    add("|---|---|---|---|")
    never = []
    for row in curves["break_even"]:
        if row["evaluation_from"] is None:
            never.append(row["target"])
        else:
            add(f"| {row['target']} | {row['evaluation_from']:g} | {pct(row['make_there'])} | "
                f"{num(row['settle_there'])} |")
    add("")
    if never:
        top = curves["bins"][-1]
        j = curves["targets"].index(never[0])
        upward = never == [t for t in curves["targets"] if t >= never[0]]
        which = f"From {never[0]} up" if upward else f"At {', '.join(map(str, never))}"
        add(f"{which} no evaluation bin (of at least {MIN_BIN_HANDS} hands) pays on average: even the top bin "
            f"(evaluation ≥ {top['bin'][0]:g}, {top['hands']:,} hands) makes {never[0]} only "
            f"{pct(top['targets'][j]['make'])} of the time, for a mean of {num(top['targets'][j]['settle'])}.")
        add("")


def _variant_rows(add: Any, variants: list[dict[str, Any]], names: list[str]) -> None:
    add("| " + " | ".join(names) + " | all-pass | hands with 水草 flows | bid at the cap | make rate | "
        "declarer's mean |")
    add("|---" * (len(names) + 5) + "|")
    for v in variants:
        values = " | ".join(str(v["values"][n]) for n in names)
        add(f"| {values} | {pct(v['all_pass'])} | {pct(v['pot_hands'])} | {pct(v['capped'], 3)} | {pct(v['make'])} | "
            f"{num(v['settle'])} |")
    add("")


def _paired_rows(add: Any, paired: dict[str, Any], name: str) -> None:
    block = paired[name]
    add(f"Paired differences from {name} = {block['baseline']} (the same deals, hand by hand):")
    add("")
    add("| variant | all-pass | make rate | declarer's mean | mean pot after the hand |")
    add("|---|---|---|---|---|")
    for c in block["comparisons"]:
        fixed = ", ".join(f"{k} = {v}" for k, v in c["fixed"].items())
        label = f"{name} = {c['value']}" + (f" ({fixed})" if fixed else "")
        add(f"| {label} | {diff_pp(c['all_pass_rate'])} | {diff_pp(c['declarer_win_rate'])} | "
            f"{num(c['settle_declarer'], 3, 'difference')} | {num(c['pot_after_mean'], 3, 'difference')} |")
    add("")


def default_variant(variants: list[dict[str, Any]]) -> dict[str, Any]:
    """The variant under the preset's own values (bid_cap_default 150, bid_cap_pairs_min 5, ...)."""
    from baofen_sim.rules import preset

    rules = preset("baofen").to_dict()
    return next((v for v in variants if all(str(rules.get(k)) == str(value) for k, value in v["values"].items())),
                variants[0])


def _study_section(add: Any, numbers: dict[str, Any]) -> None:
    caps = numbers["caps"]
    add("## 4. The cap study")
    add("")
    add("Tuned bidders at every seat, the same deals under every variant (`sweep`). Rates carry Wilson 95% CIs, "
        "means and paired differences z-intervals. 水草 flows: a hand in which some seat pays into, takes or "
        "shares the pot.")
    add("")
    add(f"![cap study]({FIGURES}/cap_study.png)")
    add("")
    _variant_rows(add, caps["variants"], ["bid_cap_default", "bid_cap_pairs_min"])
    _paired_rows(add, caps["paired"], "bid_cap_default")
    _paired_rows(add, caps["paired"], "bid_cap_pairs_min")
    baseline = default_variant(caps["variants"])
    add(f"By target, {', '.join(f'{k} = {v}' for k, v in baseline['values'].items())}:")
    add("")
    add("| target | declared hands | make rate | declarer's mean |")
    add("|---|---|---|---|")
    for row in baseline["by_target"]:
        add(f"| {row['target']} | {row['make']['n']:,} | {pct(row['make'])} | {num(row['settle'])} |")
    add("")
    for key, name, title in (("all_pass", "all_pass_mode", "all_pass_mode (RULES §5.7)"),
                             ("kitty", "kitty_points_owner", "kitty_points_owner")):
        add(f"## {5 if key == 'all_pass' else 6}. {title}")
        add("")
        _variant_rows(add, numbers[key]["variants"], [name])
        _paired_rows(add, numbers[key]["paired"], name)


def _group_text(low: float, high: float) -> str:
    if low == -math.inf:
        return "all hands" if high == math.inf else f"< {high:g}"
    return f"≥ {low:g}" if high == math.inf else f"{low:g}–{high:g}"


def _sampler_section(add: Any, sampler: list[dict[str, Any]]) -> None:
    add("## 7. A stronger player: the sampler subsample")
    add("")
    add(f"The make probabilities above come from the heuristic's play. On {sampler[0]['heuristic']['n']:,} deals the "
        f"forced declarer (seat 0) plays at {' and '.join(map(str, SAMPLER_TARGETS))} three ways on the same deals: "
        "all heuristic, a `sampler` declarer against heuristic defenders, and samplers at every seat. The "
        "differences are paired, hand by hand, from all heuristic, overall and by the declarer's evaluation:")
    add("")
    names = [n for n in SAMPLER_PLAYERS if n != "heuristic"]
    add("| target | declarer's evaluation | heuristic | " + " | ".join(names) + " | "
        + " | ".join(f"{n} − heuristic" for n in names) + " |")
    add("|---" * (3 + 2 * len(names)) + "|")
    for row in sampler:
        add(f"| {row['target']} | {_group_text(*row['evaluation'])} ({row['heuristic']['n']:,}) | "
            f"{pct(row['heuristic'])} | " + " | ".join(pct(row[n]) for n in names) + " | "
            + " | ".join(diff_pp(row[f"{n}_paired"], "mean") for n in names) + " |")
    add("")
    add("A stronger declarer against the heuristic's defence makes more, so read the curves as a floor for a "
        "strong declarer. With samplers on both sides the gain is smaller.")
    top = next((row for row in sampler if row["evaluation"][1] == math.inf and row["evaluation"][0] > -math.inf),
               None)
    if top is not None:
        add(f"It still matters where bids are made: at {top['target']}, hands of evaluation ≥ {top['evaluation'][0]:g} "
            f"make {diff_pp(top['sampler-all_paired'], 'mean')} more with samplers at every seat. The table is "
            "a best response for the heuristic's play, so for strong players its thresholds are conservative.")
    add("")


def write_guide(numbers: dict[str, Any], out: Path) -> Path:
    """out/BIDDING_GUIDE.md (the plots in out/guide/ already drawn)."""
    path = out / "BIDDING_GUIDE.md"
    temp = out / ".BIDDING_GUIDE.md.tmp"
    temp.write_text(guide_markdown(numbers), encoding="utf-8")
    temp.replace(path)
    return path

