"""`report`'s text output: the report of `build.build_report` as rich tables (plain text when not a terminal),
under a header that says what was run (`header_lines`, also the header of a sweep comparison). RULES.md §5.7 (水草),
§6.5 (the declarer's result R) and §6.6 (stakes) where the captions explain them.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from baofen_sim.analysis import text
from baofen_sim.analysis.columns import DECLARER_STRENGTH, EVALUATION, POSITION
from baofen_sim.analysis.run_status import resume_hint
from baofen_sim.analysis.runs import EACH
from baofen_sim.games.baofen.report.build import BREAKDOWNS
from baofen_sim.games.baofen.report.caps import cap_groups_table, cap_table
from baofen_sim.io.manifest import INTERRUPTED
from baofen_sim.policies.registry import POLICIES

CATEGORY_TITLES = {  # shown in text output
    "normal": "normal hands",
    "quanji": "全击 quanji",
    "banji": "半击 banji",
    "jintaiyang": "金太阳 jintaiyang",
    "all_pass": "all-pass (水草)",
    "wangfen_full": "王分全抓 (W = 50)",
    "wangfen_zero": "倒扣王分 (W = 0)",
}
STRENGTH_TABLE_TARGETS = (85, 90, 95, 100, 110, 120, 130, 150)
BREAKDOWN_TITLES = {"target": "target", DECLARER_STRENGTH: "declarer strength", EVALUATION: "declarer evaluation",
                    POSITION: "position from the 主叫"}


def print_report(report: dict[str, Any], console: Console | None = None) -> None:
    """The report as rich tables (plain text when not a terminal)."""
    console = console or text.console()
    for line in header_lines(report):
        console.print(line)
    unit = _hands_word(report)
    captions = iter([_result_caption(report.get("scoring"))])  # under the first table with a mean R
    if "groups" in report:
        keys = report["by"]
        console.print(_groups_table(keys, report["groups"], unit))
        if report["groups"] and "caps" in report["groups"][0]:
            console.print(cap_groups_table(keys, report["groups"]))
        for group in report["groups"]:
            console.print(_declared_table(group["by_target"], "target", f"by target, {text.key_text(group['key'])}",
                                          unit, next(captions, None)))
        return
    console.print(_overall_table(report["overall"]))
    console.print(_settlement_table(report["overall"], unit))
    for line in _pot_lines(report["overall"]):
        console.print(line)
    if "caps" in report["overall"]:
        console.print(cap_table(report["overall"]["caps"]))
    for key in BREAKDOWNS:
        if f"by_{key}" in report:
            console.print(_declared_table(report[f"by_{key}"], key, f"declared hands by {BREAKDOWN_TITLES[key]}",
                                          unit, next(captions, None)))
    if "every_target" in report:
        console.print(_every_target_table(report["every_target"][0]["targets"], unit))
        console.print(_make_rates_by(report["every_target_by_strength"], DECLARER_STRENGTH, unit))
        if "every_target_by_evaluation" in report:
            console.print(_make_rates_by(report["every_target_by_evaluation"], EVALUATION, unit))


def _hands_word(report: dict[str, Any]) -> str:
    """What a row is: a hand, or with every seat declaring each deal (--declarer each) a seat-hand."""
    return "seat-hands" if report.get("declarer") == EACH else "hands"


def _every_target_table(rows: list[dict[str, Any]], unit: str) -> Table:
    table = Table("target", unit, "P(make)", "95% CI", "mean settle decl", "95% CI",
                  title="every target, from one play of each hand (--target each)")
    for t in rows:
        table.add_row(str(t["target"]), str(t["hands"]), text.pct(t["make_rate"]), text.ci(t["make_ci95"]),
                      text.num(t["mean_settle_declarer"]), text.ci(t["settle_ci95"], percent=False))
    return table


def _make_rates_by(groups: list[dict[str, Any]], key: str, unit: str) -> Table:
    """P(make T) per bucket of `key` (declarer strength or evaluation) at a few targets (every target is in
    --json)."""
    shown = [t for t in groups[0]["targets"] if t["target"] in STRENGTH_TABLE_TARGETS] if groups else []
    table = Table(BREAKDOWN_TITLES[key], unit, *(f"P(make {t['target']})" for t in shown),
                  title=f"P(make T) by {BREAKDOWN_TITLES[key]} (--json: every target, with CIs and settlements)")
    for g in groups:
        made = {t["target"]: t["make_rate"] for t in g["targets"]}
        table.add_row(str(g[key]), str(g["targets"][0]["hands"]),
                      *(text.pct(made[t["target"]]) for t in shown))
    return table


def header_lines(report: dict[str, Any]) -> list[str]:
    """What was run: the rules (as the command line gave them, where the manifest says), the run's state,
    policies and parameters, a forced declarer, a sweep's names."""
    given = report.get("rules_given")
    head = f"{report['out']}: " + (f"rules {given}" if given else f"{report.get('rules') or '?'} rules")
    if report.get("status") and report["status"] != "complete":
        head += f" (run {report['status']}, {report.get('hands_planned')} deals planned)"
    lines = [head]
    if report.get("hands_planned") is None:  # no spec: no readable manifest lists the run's parts
        lines.append("no readable manifest.json: every part file found is read, copies and strays too")
    if report.get("status") == INTERRUPTED:
        lines.append(f"to resume it: {resume_hint(report['out'], report.get('resume'))}")
    if report.get("policies"):
        lines.append(f"policies: {_policies_text(report['policies'], report.get('params') or [])}")
    if report.get("declarer") is not None:
        target = report.get("target")
        lines.append(f"forced declarer: {_seat_text(report['declarer'])}"
                     + ("" if target is None else f", target {target}"))
    if report.get("min_evaluation") is not None:
        lines.append(f"seats whose evaluation is below {report['min_evaluation']:g} pass (--min-evaluation: their "
                     "seat-hands are not played and count as all-pass)")
    if report.get("evaluation"):
        low, high = report["evaluation"]
        lines.append(f"only the hands whose declarer's evaluation is at least {low:g} and below {high:g}")
    if report.get("vary"):
        lines.append(f"sweep over {', '.join(report['vary'])}: {len(report['variants'])} variants on the same deals")
    return lines


def _policies_text(policies: list[str], params: list[dict[str, float]]) -> str:
    """"heuristic at every seat; parameters: open_threshold=24 at every seat" and the like (parameters at
    their defaults are not named)."""
    def every_seat_or_each(values: list[str]) -> list[str]:
        if len(set(values)) == 1:
            return [f"{values[0]} at every seat"] if values[0] else []
        return [f"seat {s} {value}" for s, value in enumerate(values) if value]

    changed = [{k: v for k, v in p.items() if v != default_of(policy, k)}
               for policy, p in zip(policies, params, strict=True)]
    tuned = every_seat_or_each([" ".join(f"{k}={v:g}" for k, v in sorted(p.items())) for p in changed])
    return "; ".join(every_seat_or_each(policies)) + ("; parameters: " + "; ".join(tuned) if tuned else "")


def default_of(policy: str, name: str) -> float | None:
    """A built-in policy's default for parameter `name` (None for a plug-in or an unknown name)."""
    spec = POLICIES.get(policy)
    return next((p.default for p in spec.params if p.name == name), None) if spec else None


def _seat_text(declarer: int | str) -> str:
    return "every seat in turn" if declarer == "each" else f"seat {declarer}"


def _overall_table(m: dict[str, Any]) -> Table:
    table = Table("statistic", "value", title="overall")
    win = m["declarer_win"]
    if m["deals"] == m["hands"]:
        size = [("hands", str(m["hands"]))]
    else:
        size = [("deals", str(m["deals"])),
                ("seat-hands", f"{m['hands']} (every deal played once with each seat as declarer)")]
    rows = [
        *size,
        ("all-pass", f"{m['all_pass']['count']} ({text.pct(m['all_pass']['rate'])})"),
        ("declarer wins", f"{win['count']} of {m['declared']}: {text.pct(win['rate'])} 95% CI {text.ci(win['ci95'])}"),
    ]
    for label, c in m["categories"].items():
        if label == "all_pass":  # the all-pass line above
            continue
        share = text.pct(c["per_hand"]) if c["per_declared"] is None else f"{text.pct(c['per_declared'])} of declared"
        rows.append((CATEGORY_TITLES.get(label, label), f"{c['count']} ({share})"))
    pot = m["pot"]
    splits = "-" if pot["splits"] is None else str(pot["splits"])
    rows.append(("pot after: mean / max / splits",
                 f"{text.num(pot['mean_after'])} / {text.num(pot['max_after'])} / {splits}"))
    ft = m["failed_throws"]
    rows.append(("failed throws: per hand / hands with any",
                 f"{text.num(ft['per_hand'], 4)} / {text.pct(ft['hands_with_any'])}"))
    for row in rows:
        table.add_row(*row)
    return table


def _settlement_table(m: dict[str, Any], unit: str) -> Table:
    """Mean settlement per seat (all hands), role (declared hands) and seat in all-pass hands, with 95% CIs; its
    stakes and 水草 parts, "-" when not recorded."""
    settle, all_pass = m["mean_settlement"], m["all_pass"]["count"]
    table = Table("who", unit, "mean settlement", "95% CI", "= stakes", "+ 水草",
                  title="mean settlement per hand (roles: declared hands)")

    def pick(values: dict[str, Any] | None, key: str, seat: int | None) -> Any:
        return None if values is None else values.get(key) if seat is None else values[key][seat]

    who = [(f"seat {s}", m["hands"], "seat", s) for s in range(len(settle["seat"]))] + [
        ("declarer", m["declared"], "declarer", None), ("defender (mean)", m["declared"], "defender", None)]
    if all_pass:
        who.append(("each seat, all-pass hands (mean)", all_pass, "all_pass", None))
    for label, hands, key, seat in who:
        interval = pick(settle, f"{key}_ci95", seat)
        table.add_row(label, str(hands), text.num(pick(settle, key, seat)), text.ci(interval, percent=False),
                      text.num(pick(settle["stakes"], key, seat)), text.num(pick(settle["pot"], key, seat)))
    return table


def _pot_lines(m: dict[str, Any]) -> list[str]:
    """How the roles' 水草 means come about (§5.7); nothing when no pot flowed or the run did not record it."""
    pot = m["mean_settlement"]["pot"]
    if pot is None or not any(pot.get(k) for k in ("declarer", "defender", "all_pass")):
        return []
    num = text.num
    lines = [f"水草 (§5.7) per declared hand: the declarer's {num(pot['declarer'])} = the pot he took when he won "
             f"{num(pot['declarer_taken'])} − the pot he paid in when he lost {num(pot['declarer_paid'])} + his "
             f"split share {num(pot['split_share'])}; a defender's {num(pot['defender'])} is his split share "
             "(splits pay every seat alike; defenders neither pay in nor take the pot)."]
    if m["all_pass"]["count"]:
        lines.append(f"The pot is filled in the {m['all_pass']['count']} all-pass hands, where each seat's 水草 "
                     f"averages {num(pot['all_pass'])} (pay-ins net of splits); the roles count declared hands only, "
                     "so what they take from the pot was paid in there.")
    return lines


def _groups_table(keys: list[str], groups: list[dict[str, Any]], unit: str) -> Table:
    table = Table(*keys, unit, "all-pass", "declarer win", "95% CI", "settle decl", "settle def", "quanji",
                  "banji", "jintaiyang", "failed throws/hand", title=f"by {', '.join(keys)}")
    for g in groups:
        c = g["categories"]
        table.add_row(*(str(g["key"][k]) for k in keys), str(g["hands"]), text.pct(g["all_pass"]["rate"]),
                      text.pct(g["declarer_win"]["rate"]), text.ci(g["declarer_win"]["ci95"]),
                      text.num(g["mean_settlement"]["declarer"]), text.num(g["mean_settlement"]["defender"]),
                      str(c["quanji"]["count"]), str(c["banji"]["count"]), str(c["jintaiyang"]["count"]),
                      text.num(g["failed_throws"]["per_hand"], 4))
    return table


def _declared_table(rows: list[dict[str, Any]], key: str, title: str, unit: str, caption: str | None) -> Table:
    table = Table(BREAKDOWN_TITLES.get(key, key), unit, "declarer win", "95% CI", "mean settle decl", "95% CI",
                  "mean R", "special", title=title, caption=caption, caption_justify="left")
    for t in rows:
        table.add_row(str(t[key]), str(t["hands"]), text.pct(t["win_rate"]), text.ci(t["win_ci95"]),
                      text.num(t["mean_settle_declarer"]), text.ci(t["settle_ci95"], percent=False),
                      text.num(t["mean_result"], 1), str(t["special_hands"]))
    return table


def _result_caption(scoring: dict[str, Any] | None) -> str:
    """What mean R is (§6.5) and, under stakes, that its size does not pay (§6.6); from the run's rules."""
    head = "mean R: the declarer's result (§6.5), R = S − target, S = his card points C + the 王分 adjustment"
    if scoring is None:
        return head + " + throw penalties; special: 全击, 半击 and 金太阳 hands, which score the rules' special scores."
    head += (f" ({scoring['wangfen_full_bonus']:+g} / {-scoring['wangfen_zero_penalty']:+g}) + throw penalties; "
             "special: 全击, 半击 and 金太阳 hands, ")
    special = ", ".join(f"{scoring[name]:+g}" for name in ("quanji_score", "banji_score", "jintaiyang_declarer_score"))
    if scoring["special_scores_fixed"]:
        caption = head + f"whose R is fixed ({special}) whatever the target, so a row of few hands can show one."
    else:
        caption = head + f"where S = {special} takes the place of C."
    if scoring["settlement_mode"] == "stakes_000":
        caption += " The stakes pay only R's sign and the category, not its size (§6.6)."
    return caption
