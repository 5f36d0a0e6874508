"""Values as the reports show them: numbers in text ("-" for a value that is not defined), and JSON-ready
plain values."""

from __future__ import annotations

import math
import sys
from typing import Any

from rich.console import Console


def console() -> Console:
    """A rich console; 200 columns wide when the output is not a terminal, so that piped tables stay whole."""
    return Console(width=200 if not sys.stdout.isatty() else None)


def pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.2f}%"


def num(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def ci(interval: list[float] | None, percent: bool = True) -> str:
    if interval is None:
        return "-"
    show = pct if percent else num
    return f"[{show(interval[0])}, {show(interval[1])}]"


def signed(value: float | None, percent: bool = True) -> str:
    """A difference: "+1.23 pp" (percentage points) for rates, "+0.123" otherwise."""
    if value is None:
        return "-"
    return f"{100 * value:+.2f} pp" if percent else f"{value:+.3f}"


def plain(value: Any) -> Any:
    """JSON-ready: NaN/inf → None, other values as they are."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def key_text(key: dict[str, Any]) -> str:
    """A group's key: "zhujiao = 0, target = 100"."""
    return ", ".join(f"{name} = {value}" for name, value in key.items())


def signed_ci(interval: list[float] | None, percent: bool = True) -> str:
    """The interval of a difference, in the units of `signed`."""
    return "-" if interval is None else f"[{signed(interval[0], percent)}, {signed(interval[1], percent)}]"


def rate_text(value: dict[str, Any]) -> str:
    """A `stats.rate_summary` as "12.34% [11.90, 12.80]", or "–" without hands."""
    if value["rate"] is None:
        return "–"
    low, high = value["ci95"]
    return f"{100 * value['rate']:.2f}% [{100 * low:.2f}, {100 * high:.2f}]"


def mean_text(value: dict[str, Any], digits: int = 3) -> str:
    """A `stats.mean_summary` as "0.123 [0.100, 0.146]", or "–" without hands."""
    if value["mean"] is None:
        return "–"
    if value["ci95"] is None:
        return f"{value['mean']:.{digits}f}"
    low, high = value["ci95"]
    return f"{value['mean']:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"
