"""`report OUT --compare NAME [--baseline VALUE]` on a sweep: each variant against the baseline variant that
differs from it only in NAME (the same values of the other vary names), paired by hand with `compare`'s
machinery. The baseline value defaults to NAME's first value in the manifest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from baofen_sim.analysis import text
from baofen_sim.analysis.runs import ReportError, Run, Sweep, naming_damaged_parts, open_output, row_keys
from baofen_sim.games.baofen.report.build import run_info
from baofen_sim.games.baofen.report.compare import check_same_deals, compare_frames, comparison_table
from baofen_sim.games.baofen.report.tables import header_lines


@naming_damaged_parts
def compare_sweep(out_dir: str | Path, name: str, baseline: str | None = None) -> dict[str, Any]:
    """Paired differences of every variant from its baseline variant along the vary name `name` (JSON-ready):
    one entry per variant that is not a baseline, in manifest order."""
    source = open_output(out_dir)
    if not isinstance(source, Sweep):
        raise ReportError(f"--compare {name}: {out_dir} is a single run, not a sweep; "
                          "compare two runs with `baofen-sim compare A B`")
    if name not in source.vary:
        raise ReportError(f"--compare {name!r}: not varied in this sweep; it varies {', '.join(source.vary)}")
    values = list(dict.fromkeys(v.values[name] for v in source.variants))
    base = values[0] if baseline is None else _value_named(baseline, values, name)
    others = [n for n in source.vary if n != name]
    by_fixed: dict[tuple[Any, ...], list[Run]] = {}
    for variant in source.variants:
        by_fixed.setdefault(tuple(variant.values[n] for n in others), []).append(variant)
    comparisons = []
    for fixed, variants in by_fixed.items():
        base_run = next((v for v in variants if _same(v.values[name], base)), None)
        if base_run is None:  # not a full cross product: nothing to pair these with
            continue
        for variant in variants:
            if variant is base_run:
                continue
            check_same_deals(base_run.spec, variant.spec, _variant_text(base_run), _variant_text(variant))
            comparisons.append({"fixed": dict(zip(others, fixed, strict=True)), "value": variant.values[name],
                                **compare_frames(base_run.scan(), variant.scan(), row_keys(base_run.spec))})
    return {"out": str(out_dir), **run_info(source), "compare": name, "baseline": base, "values": values,
            "comparisons": comparisons}


def print_sweep_comparison(result: dict[str, Any], console: Console | None = None) -> None:
    """One table per variant against its baseline."""
    console = console or text.console()
    for line in header_lines(result):
        console.print(line)
    name, base = result["compare"], result["baseline"]
    for c in result["comparisons"]:
        fixed = f" ({text.key_text(c['fixed'])})" if c["fixed"] else ""
        title = f"{name} = {_spelled(c['value'])} against {_spelled(base)}{fixed}, {c['hands']} hands paired"
        console.print(comparison_table(c["metrics"], c["seats"], title, (_spelled(base), _spelled(c["value"]))))


def _spelled(value: Any) -> str:
    """A vary value as the command line writes it."""
    return str(value).lower() if isinstance(value, bool) or value is None else str(value)


def _same(value: Any, other: Any) -> bool:
    return type(value) is type(other) and value == other


def _value_named(spelled: str, values: list[Any], name: str) -> Any:
    """The value of `name` that `spelled` (from the command line) names; ReportError listing the values."""
    for value in values:
        if _spelled(value) == spelled:
            return value
        if isinstance(value, int | float) and not isinstance(value, bool):
            try:
                if float(spelled) == value:
                    return value
            except ValueError:
                pass
    raise ReportError(f"--baseline {spelled}: {name} takes {', '.join(map(_spelled, values))} in this sweep")


def _variant_text(variant: Run) -> str:
    return text.key_text(variant.values)
