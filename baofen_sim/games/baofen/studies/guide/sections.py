"""The numbered sections of results/BIDDING_GUIDE.md, each from its part of the guide's numbers: 1 the point
count, 2 the bid table (2b under strong play), 3 the make-probability curves (3b under strong play), 4 the cap study
(RULES.md §5.4.2), 5 and 6 all_pass_mode (§5.7) and kitty_points_owner (§6.2), 7 the sampler subsample, and how the
guide is made.
"""

from __future__ import annotations

import math
from typing import Any

from baofen_sim.analysis.stats import Z95
from baofen_sim.games.baofen.studies.guide.curves import MIN_BIN_HANDS
from baofen_sim.games.baofen.studies.guide.format import (
    POSITION_TEXT,
    _bin_of,
    _cap_sentence,
    _even_text,
    diff_pp,
    full_scale,
    num,
    pct,
    threshold_text,
)
from baofen_sim.games.baofen.studies.guide.plots import FIGURES
from baofen_sim.games.baofen.studies.guide.steps import (
    CURVE_TARGETS,
    HEURISTIC_HANDS_PER_SECOND,
    PLANNED_CORES,
    SAMPLER_HANDS_PER_CORE_SECOND,
    SAMPLER_PLAYERS,
    SAMPLER_TARGETS,
    STYLES,
)
from baofen_sim.games.baofen.studies.guide.sweeps import CAP_NONE
from baofen_sim.policies.registry import TABLE_POSITIONS

FEATURE_TEXT = {
    "big_jokers": "big jokers (大王)", "little_jokers": "little jokers (小王)", "twos": "2s (常主)", "aces": "aces",
    "kings": "kings", "points": "card points held / 10 (5s, 10s, kings)", "pairs": "pairs (jokers included)",
    "links": "tractor links (each adjacent pair of pairs)", "trump_length": "length of the best suit (3..A)",
    "trump_high": "its aces and kings", "trump_pairs": "its pairs", "trump_wangfen": "its 5s, 10s and kings (王分)",
    "voids": "other suits void", "short_suits": "other suits with 1–2 cards",
}


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
    from baofen_sim.games.baofen.studies.guide.curves import EVALUATION_BIN, EVALUATION_RANGE

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
