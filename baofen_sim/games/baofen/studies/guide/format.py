"""How the bidding guide writes its numbers: a rate, a mean or a paired difference with its 95% CI, a threshold, a
break-even, a position from the 主叫, and one sentence per bidding style on the cap rule (`_cap_sentence`), shared
by the guide's answers (`text`) and its sections (`sections`).
"""

from __future__ import annotations

from typing import Any

POSITION_TEXT = ("主叫 (first to speak)", "second", "third", "fourth")
NEVER_EVALUATION = 120.0  # a threshold above this is reached by almost no hand: shown as "practically never"


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


def _bin_of(rows: list[dict[str, Any]], low: float | None) -> dict[str, Any] | None:
    return next((r for r in rows if r["bin"][0] == low), None)


def _even_text(row: dict[str, Any] | None, floor: float | None = None) -> str:
    if row is None:
        return "–"
    if row["evaluation_from"] is None:
        return "no bin pays"
    at = f"≤ {row['evaluation_from']:g}" if floor is not None and row.get("at_floor") else f"{row['evaluation_from']:g}"
    return f"{at} (makes {pct(row['make_there'])}, mean {num(row['settle_there'])})"


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


def default_variant(variants: list[dict[str, Any]]) -> dict[str, Any]:
    """The variant under the preset's own values (bid_cap_default 150, bid_cap_pairs_min 5, ...)."""
    from baofen_sim.rules import preset

    rules = preset("baofen").to_dict()
    return next((v for v in variants if all(str(rules.get(k)) == str(value) for k, value in v["values"].items())),
                variants[0])


def full_scale(numbers: dict[str, Any]) -> bool:
    """Whether the guide ran at scale 1 (only then does a strong table ship, `numbers.ship_strong_bids`)."""
    return numbers["scale"] == 1 and numbers["strong_scale"] == 1
