"""results/BIDDING_GUIDE.md and its plots from the numbers of `guide.guide_numbers` (issue 12)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from baofen_sim.analysis.stats import Z95
from baofen_sim.games.baofen.studies.guide import (
    CAP_NONE,
    CURVE_TARGETS,
    HEURISTIC_HANDS_PER_SECOND,
    MIN_BIN_HANDS,
    PLANNED_CORES,
    SAMPLER_HANDS_PER_CORE_SECOND,
    SAMPLER_PLAYERS,
    SAMPLER_TARGETS,
    STYLES,
)
from baofen_sim.policies.registry import TABLE_POSITIONS

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


def guide_markdown(numbers: dict[str, Any]) -> str:
    lines: list[str] = []
    add = lines.append
    total = sum(numbers["hands"].values())
    minutes = sum(numbers["timings"].values()) / 60
    pc, bids, curves = numbers["point_count"], numbers["bids"], numbers["curves"]
    table = bids["table"]
    add("# Bidding guide: 包分 (Baofen), `baofen` rules")
    add("")
    scales = (numbers["scale"], numbers.get("strong_scale", numbers["scale"]))
    add(f"Regenerated by `python scripts/make_guide.py` on {numbers['date']} (baofen-sim at {numbers['commit']}) "
        f"from **{total:,} hands** at two play strengths: the tuned heuristic (`--policy heuristic`, the tune-play "
        "defaults) and samplers at every seat (`--policy sampler`, strong play), "
        f"in {minutes:.0f} minutes of simulation and analysis on this 2-core machine"
        + (f" (scale {scales[0]:g} of the full guide, {scales[1]:g} of its strong-play steps)."
           if scales != (1, 1) else ".")
        + " Every number carries its 95% confidence interval in brackets. guide.json holds all of them.")
    add("")
    _summary(add, numbers)
    _point_count_section(add, pc)
    _bid_table_section(add, bids, table, curves, numbers["shipped"])
    _strong_bids_section(add, numbers["strong_bids"], numbers)
    _curves_section(add, curves)
    _strong_curves_section(add, numbers)
    _study_section(add, numbers)
    _sampler_section(add, numbers["sampler"])
    _budget_section(add, numbers)
    add("Limits: the heuristic's play ignores the target and the auction, so one play per (deal, declarer) gives "
        "the result at every target; the sampler's does not, so strong play has one run per target, and the "
        "strong-play table is tuned on the sampler's play at one target scored at every target (section 2b: its "
        "validation is ordinary strong play). The bid tables are best responses of the table bidder to "
        "themselves under the `baofen` rules; under other rules (the cap study's variants) the tables are kept, "
        "not re-tuned.")
    return "\n".join(lines) + "\n"


def _bin_of(rows: list[dict[str, Any]], low: float | None) -> dict[str, Any] | None:
    return next((r for r in rows if r["bin"][0] == low), None)


def _strong_even(numbers: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {c["target"]: c["break_even"] for c in numbers["strong"]["curves"]}


def _even_text(row: dict[str, Any] | None, floor: float | None = None) -> str:
    if row is None:
        return "–"
    if row["evaluation_from"] is None:
        return "no bin pays"
    at = f"≤ {row['evaluation_from']:g}" if floor is not None and row.get("at_floor") else f"{row['evaluation_from']:g}"
    return f"{at} (makes {pct(row['make_there'])}, mean {num(row['settle_there'])})"


def _summary(add: Any, numbers: dict[str, Any]) -> None:
    curves, strong = numbers["curves"], numbers["strong_bids"]
    even = {row["target"]: row for row in curves["break_even"]}
    strong_even = _strong_even(numbers)
    floor = numbers["strong"]["min_evaluation"]
    table = numbers["bids"]["table"]
    add("## Answers")
    add("")
    add("### In a player's words")
    add("")
    add("**When to open**, by your position from the 主叫, at two play strengths: the table tuned on the "
        "heuristic's play (the shipped default) and the table tuned on strong play (samplers at every seat). "
        "Open at the highest of 85/90/95 your evaluation (section 1) reaches:")
    add("")
    add("| position | open 85 (heuristic / strong) | open 90 | open 95 |")
    add("|---|---|---|---|")
    for p in range(TABLE_POSITIONS):
        cells = [f"{threshold_text(table[f'open{b}_{p}'])} / {threshold_text(strong['table'][f'open{b}_{p}'])}"
                 for b in (85, 90, 95)]
        add(f"| {POSITION_TEXT[p]} | " + " | ".join(cells) + " |")
    add("")
    add(f"**Where a bid breaks even** for a lone declarer (no 水草 pot): the lowest evaluation from which his mean "
        f"settlement at the target stays positive. Strong play is measured from evaluation {floor:g} up "
        f"(`--min-evaluation`: lower hands are not played), so \"≤ {floor:g}\" means it already pays there.")
    add("")
    add("| target | heuristic play | samplers at every seat |")
    add("|---|---|---|")
    for target in numbers["strong"]["targets"]:
        add(f"| {target} | {_even_text(even.get(target))} | {_even_text(strong_even.get(target), floor)} |")
    add("")
    _why_85(add, numbers, even)
    add("### In a designer's words")
    add("")
    for style in STYLES:
        add(f"- {_cap_sentence(style, numbers['caps'][style])}")
    rules = numbers["rules"]
    for name, param in (("all-pass", "all_pass_mode"), ("kitty", "kitty_points_owner")):
        block = rules[f"{name}-{numbers['rule_style']}"]["paired"][param]
        changes = [f"{c['value']}: declarer's mean {num(c['settle_declarer'], 2, 'difference')}, all-pass "
                   f"{diff_pp(c['all_pass_rate'])}" for c in block["comparisons"]]
        add(f"- `{param}` under {numbers['rule_style']} bidders, against {block['baseline']} on the same deals: "
            + "; ".join(changes) + " (section 5).")
    add(f"- A table tuned on strong play {'differs from' if strong['differs'] else 'equals'} the shipped one"
        + (f" in {len(strong['differs'])} entries" if strong["differs"] else "")
        + f"; one seat on it among shipped-table seats under strong play changes by "
        f"{num(strong['one_strong_seat_gain'], 3, 'difference')} per hand, so it "
        + (_ship_text(numbers) if strong["ship"] else "does not ship (section 2b).")
        )
    add("")


def _why_85(add: Any, numbers: dict[str, Any], even: dict[int, dict[str, Any]]) -> None:
    """Why a seat opens 85 with a hand from which 95 already breaks even, in the numbers of that bin."""
    curves = numbers["curves"]
    targets = curves["targets"]
    row95 = even.get(95)
    if not row95 or row95["evaluation_from"] is None:
        return
    here = _bin_of(curves["bins"], row95["evaluation_from"])
    if here is None:
        return
    at = {t: here["targets"][targets.index(t)] for t in (85, 95)}
    strong = {c["target"]: _bin_of(c["bins"], row95["evaluation_from"]) for c in numbers["strong"]["curves"]}
    strong_text = ""
    if strong.get(85) and strong.get(95):
        strong_text = (f" With samplers at every seat the same hands make 85 {pct(strong[85]['targets'][0]['make'])} "
                       f"and 95 {pct(strong[95]['targets'][0]['make'])} of the time.")
    low, high = here["bin"]
    table = numbers["bids"]["table"]
    opens95 = [table[f"open95_{p}"] for p in range(TABLE_POSITIONS)]
    add(f"**Why open 85 with a hand that \"breaks even at 95\"?** Because a made bid pays the same whatever it "
        "was: the settlement counts only whether the declarer makes his target (+3 stakes) or not (−3), never by "
        "how much (RULES.md §6.6). Every hand that makes 95 also makes 85, so from the same hand the lower bid "
        f"always pays at least as much. In the bin where 95 first breaks even (evaluation {low:g}–{high:g}, "
        f"{here['hands']:,} hands, heuristic play) the declarer makes 85 {pct(at[85]['make'])} and 95 "
        f"{pct(at[95]['make'])} of the time: a mean of {num(at[85]['settle'])} at 85 against "
        f"{num(at[95]['settle'])} at 95.{strong_text} The break-even says where a bid stops losing; the table "
        "says which bid pays most. An opening is made before you know whether another seat will raise, and the "
        "target is the final bid: opening higher only helps to keep a later seat from taking the hand (a raise "
        "must add 5 to 20 to the standing bid), and a later seat rarely has the hand to do it. So the table "
        f"opens 95 only from evaluations {min(opens95):g}–{max(opens95):g}, where the hand makes 95 nearly as "
        "often as 85. A pass is cheap: it costs a share of the 水草 pot, which the next declarer who makes his "
        "bid takes back (RULES.md §5.7.1).")
    add("")


def _cap_sentence(style: str, study: dict[str, Any]) -> str:
    """One plain sentence: does the 150/250 rule change anything under this style, and from what cap."""
    verdict = study["verdict"]
    rule = verdict["rule"]
    base = default_variant(study["variants"])
    bound = f"a cap holds a bidder back in {pct(base['cap_limited'], 2)} of declared hands under the 150/250 rule"
    if rule is None:
        return f"**{style}**: {bound}."
    effect = (f"declarer's mean {num(rule['settle_declarer'], 3, 'difference')}, make rate "
              f"{diff_pp(rule['declarer_win_rate'])} against no cap")
    if verdict["rule_changes"]:
        text = f"the rule changes the game ({effect})"
    else:
        text = f"the rule changes nothing measurable ({effect})"
    starts = verdict["starts_at"]
    lowest = min((int(c["value"]) for c in study["paired"]["bid_cap_default"]["comparisons"]), default=None)
    where = (f"a default cap changes it from {starts} down" if starts is not None
             else f"no default cap from {lowest} up changes it")
    return f"**{style}**: {bound}; {text}; {where}."


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
    add("| " + " | ".join(names) + " | all-pass | hands with 水草 flows | bid at the cap | cap held a bidder back "
        "| make rate there | declarer's mean there | make rate | declarer's mean |")
    add("|---" * (len(names) + 8) + "|")
    for v in variants:
        values = " | ".join(str(v["values"][n]) for n in names)
        add(f"| {values} | {pct(v['all_pass'])} | {pct(v['pot_hands'])} | {pct(v['capped'], 2)} | "
            f"{pct(v['cap_limited'], 2)} | {pct(v['limited_make'])} | {num(v['limited_settle'])} | {pct(v['make'])} | "
            f"{num(v['settle'])} |")
    add("")


def _paired_rows(add: Any, paired: dict[str, Any], name: str) -> None:
    block = paired[name]
    add(f"Paired differences from {name} = {block['baseline']} (the same deals, hand by hand; \"there\": the "
        "hands where a cap holds a bidder back in either variant):")
    add("")
    add("| variant | all-pass | make rate | declarer's mean | cap held a bidder back | make rate there | "
        "declarer's mean there |")
    add("|---|---|---|---|---|---|---|")
    for c in block["comparisons"]:
        fixed = ", ".join(f"{k} = {v}" for k, v in c["fixed"].items())
        label = f"{name} = {c['value']}" + (f" ({fixed})" if fixed else "")
        caps = [diff_pp(c[m]) if m in c else "–" for m in ("cap_limited_rate", "declarer_win_rate_cap_bound")]
        add(f"| {label} | {diff_pp(c['all_pass_rate'])} | {diff_pp(c['declarer_win_rate'])} | "
            f"{num(c['settle_declarer'], 3, 'difference')} | {caps[0]} | {caps[1]} | "
            f"{num(c.get('settle_declarer_cap_bound'), 3, 'difference')} |")
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
    add("The question: does the 150/250 rule (RULES.md §5.4.2: no bid above 150 for a seat with at most 4 pairs, "
        "250 above) change anything, and from what cap would a cap start to? Each bidding style "
        f"({', '.join(f'`--param {s}`' for s in STYLES)}: the shipped table read with a margin and a contest "
        "slope) at every seat, heuristic play, every cap variant on the same deals (`sweep`). A default cap of "
        f"{CAP_NONE} is no cap (the top bid). \"Cap held a bidder back\": some seat's bidder would have bid above "
        "its cap. Rates carry Wilson 95% CIs, means and paired differences z-intervals.")
    add("")
    add(f"![cap study]({FIGURES}/cap_study.png)")
    add("")
    for style in STYLES:
        study = caps[style]
        add(f"### {style}")
        add("")
        add(_cap_sentence(style, study))
        add("")
        _variant_rows(add, study["variants"], ["bid_cap_default", "bid_cap_pairs_min"])
        _paired_rows(add, study["paired"], "bid_cap_default")
        _paired_rows(add, study["paired"], "bid_cap_pairs_min")
    for number, (name, param, title) in enumerate((("all-pass", "all_pass_mode", "all_pass_mode (RULES §5.7)"),
                                                   ("kitty", "kitty_points_owner", "kitty_points_owner (§6.2)")), 5):
        add(f"## {number}. {title}")
        add("")
        for suffix, who in (("", "the tuned table at every seat"),
                            (f"-{numbers['rule_style']}", f"`--param {numbers['rule_style']}` at every seat")):
            add(f"Under {who}:")
            add("")
            study = numbers["rules"][f"{name}{suffix}"]
            _variant_rows(add, study["variants"], [param])
            _paired_rows(add, study["paired"], param)


def _strong_bids_section(add: Any, strong: dict[str, Any], numbers: dict[str, Any]) -> None:
    add("## 2b. The bid table under strong play")
    add("")
    add(f"`tune-bids --any-target` on strong-play data ({strong['deals']:,} deals, samplers at every seat with "
        f"samples = {numbers['strong']['samples']}, each "
        "seat forced to declare when its evaluation reaches the floor, the sampler's play at the tuning target "
        f"scored at every target). No threshold goes below the floor ({strong['floor']}): lower seats did not "
        "play, so a table there cannot be judged. "
        + ("The table is a best response to itself" if strong["fixed_point"] else "It is not yet a fixed point")
        + f" after {strong['rounds']} rounds. Beside the shipped table:")
    add("")
    add("| entry | shipped | strong play |")
    add("|---|---|---|")
    for key, value in strong["shipped"].items():
        mark = " (differs)" if key in strong["differs"] else ""
        add(f"| {key} | {value:g} | {strong['table'][key]:g}{mark} |")
    add("")
    gain = strong["one_strong_seat_gain"]
    auctions = strong["auctions"]
    add(f"Validation under strong play on {strong['validation_deals']:,} fresh deals (samplers at every seat at "
        "their defaults, ordinary auctions), paired hand by hand against every seat on the shipped table:")
    add("")
    add(f"- seat 0 alone on the strong table: its mean settlement changes by {num(gain, 3, 'difference')} per hand; "
        "seats 1–3 by " + ", ".join(num(v, 3, "difference") for v in strong["one_strong_others"].values()) + ";")
    every = strong["all_strong"]
    add(f"- every seat on it: all-pass {diff_pp(every['all_pass_rate'])}, make rate "
        f"{diff_pp(every['declarer_win_rate'])}, declarer's mean {num(every['settle_declarer'], 3, 'difference')};")
    add("- the auctions: " + "; ".join(f"{name}: all-pass {pct(a['all_pass'])}, make rate {pct(a['make'])}, "
                                       f"declarer's mean {num(a['settle'])}" for name, a in auctions.items()) + ".")
    add("")
    if strong["ship"]:
        add("The strong table differs and a seat on it gains with a CI above zero: it "
            + ("ships as the named file `strong-bids` (`--param strong-bids`, or `--param SEAT=strong-bids`)."
               if full_scale(numbers) else "would ship as the named file `strong-bids` from a full-scale run; this "
               "run is scaled down, so nothing is shipped."))
    elif strong["differs"]:
        add("The strong table differs, but its gain's CI does not lie above zero: it does not ship; the shipped "
            "table stands for strong players too.")
    else:
        add("The strong table equals the shipped one: nothing to ship.")
    add("")


def _strong_curves_section(add: Any, numbers: dict[str, Any]) -> None:
    strong, curves = numbers["strong"], numbers["curves"]
    targets = curves["targets"]
    add("## 3b. Make probability under strong play, beside the heuristic's")
    add("")
    add(f"Samplers at every seat, one `--declarer each --target T --min-evaluation {strong['min_evaluation']:g}` run "
        f"per target on the same deals, with `--param samples={strong['samples']}` (stronger than the sampler's "
        "default, results/STRENGTH.md; its play reads the target); bins of at least "
        f"{strong['min_bin_hands']:,} played hands. The heuristic's figures are those of section 3.")
    add("")
    add(f"![make probability, both strengths]({FIGURES}/make_probability_strong.png)")
    add("")
    add("| evaluation | " + " | ".join(f"P(make {c['target']}) heuristic / strong" for c in strong["curves"]) + " |")
    add("|---" * (len(strong["curves"]) + 1) + "|")
    lows = sorted({r["bin"][0] for c in strong["curves"] for r in c["bins"]})
    for low in lows:
        cells = []
        for c in strong["curves"]:
            heuristic = _bin_of(curves["bins"], low)
            here = _bin_of(c["bins"], low)
            cells.append(f"{pct(heuristic['targets'][targets.index(c['target'])]['make']) if heuristic else '–'} / "
                         f"{pct(here['targets'][0]['make']) if here else '–'}")
        add(f"| {_group_text(low, bin_high(low))} | " + " | ".join(cells) + " |")
    add("")
    add("| target | deals | played seat-hands | break-even, strong play |")
    add("|---|---|---|---|")
    for c in strong["curves"]:
        add(f"| {c['target']} | {c['deals']:,} | {c['declared']:,} | "
            f"{_even_text(c['break_even'], strong['min_evaluation'])} |")
    add("")


def bin_high(low: float) -> float:
    from baofen_sim.games.baofen.studies.guide import EVALUATION_BIN, EVALUATION_RANGE

    return math.inf if low >= EVALUATION_RANGE[1] else low + EVALUATION_BIN


def _budget_section(add: Any, numbers: dict[str, Any]) -> None:
    add("## How this guide is made")
    add("")
    add("`python scripts/make_guide.py` runs ordinary commands into `runs/guide/` (`--work`), each resumable: "
        "rerun it after an interruption and finished steps are kept. Then it reads every number again and writes "
        "this file, `guide.json` and the PNGs in `guide/`. Per step: the hands of this run, the minutes it took, "
        "and the plan at scale 1 (its hands, and its minutes at the planned speeds: heuristic steps at "
        f"{HEURISTIC_HANDS_PER_SECOND:,.0f} hands/s, strong-play hands at "
        f"{SAMPLER_HANDS_PER_CORE_SECOND:g} hands/s per core on {PLANNED_CORES} cores):")
    add("")
    add("| step | hands | minutes | planned hands | planned minutes |")
    add("|---|---|---|---|---|")
    budgets = {row["step"]: row for row in numbers["budgets"]}
    for name, seconds in numbers["timings"].items():
        plan = budgets.get(name)
        hands = numbers["hands"].get(name)
        planned_hands = "–" if plan is None else f"{plan['hands']:,}"
        planned_minutes = "–" if plan is None else f"{plan['minutes']:,.1f}"
        add(f"| {name} | {'–' if hands is None else f'{hands:,}'} | {seconds / 60:,.1f} | {planned_hands} | "
            f"{planned_minutes} |")
    planned = sum(row["minutes"] for row in numbers["budgets"])
    add(f"| **planned total** | | | {sum(row['hands'] for row in numbers['budgets']):,} | {planned:,.0f} |")
    add("")


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


def full_scale(numbers: dict[str, Any]) -> bool:
    """Whether the guide ran at scale 1 (only then does a strong table ship, `guide.ship_strong_bids`)."""
    return numbers["scale"] == 1 and numbers["strong_scale"] == 1


def _ship_text(numbers: dict[str, Any]) -> str:
    return ("ships as `--param strong-bids`." if full_scale(numbers)
            else "would ship as `--param strong-bids` from a full-scale run (not shipped: this run is scaled down).")
