"""Interval estimates: Wilson intervals for rates, normal intervals for means, and the paired difference of
a ratio metric between two runs on the same deals.

Paired differences. Every metric is a ratio R = Σx / Σw over the n hands of a run (a mean over all hands
has w = 1; a rate over declared hands has w = 1 when the hand was declared, else 0). The delta method
linearises R̂ per hand, u_i = (x_i − R w_i) / w̄, so that var(R̂) ≈ var(u) / n. Runs A and B play the same
deals, hand i in both, so the difference R_B − R_A has variance var(u_B − u_A) / n: the covariance of the
paired hands is what the pairing buys, and it stays right when A and B declare different sets of hands.
The unpaired variance, var(u_A)/n + var(u_B)/n, is what two independent runs of n hands would give.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile
IDENTICAL = 1e-9  # a paired variance below this share of the unpaired one is float rounding: no difference


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson score interval for a binomial proportion; None when n = 0."""
    if n <= 0:
        return None
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(mean: float | None, std: float | None, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Normal-approximation interval mean ± z·sd/√n; None without a standard deviation."""
    if mean is None or std is None or n < 2 or math.isnan(std):
        return None
    half = z * std / math.sqrt(n)
    return mean - half, mean + half


def interval_list(interval: tuple[float, float] | None) -> list[float] | None:
    """An interval as a JSON-ready [low, high] of floats (None stays None)."""
    return None if interval is None else [float(interval[0]), float(interval[1])]


@dataclass(frozen=True, slots=True)
class RatioSums:
    """Sums over n paired hands of the per-hand numerator x and denominator w of a ratio metric in runs A
    and B: the first and second moments the paired difference needs (one pass over the data)."""

    n: int
    x_a: float
    w_a: float
    xx_a: float  # Σ x_a²
    xw_a: float  # Σ x_a·w_a
    ww_a: float
    x_b: float
    w_b: float
    xx_b: float
    xw_b: float
    ww_b: float
    xa_xb: float  # Σ x_a·x_b, over the same hands
    xa_wb: float
    wa_xb: float
    wa_wb: float


def paired_difference(s: RatioSums, z: float = Z95) -> dict[str, Any]:
    """R_A, R_B and R_B − R_A with its paired and unpaired z-intervals, and the variance reduction the
    pairing bought (unpaired / paired variance). None where a ratio or a variance is undefined."""
    ratio_a = s.x_a / s.w_a if s.w_a else None
    ratio_b = s.x_b / s.w_b if s.w_b else None
    result: dict[str, Any] = {"a": ratio_a, "b": ratio_b, "difference": None, "ci95": None, "ci95_unpaired": None,
                              "variance_reduction": None}
    if ratio_a is None or ratio_b is None:
        return result
    difference = result["difference"] = ratio_b - ratio_a
    if s.n < 2:
        return result
    # Σ (x − R w)² per run and Σ (x_a − R_a w_a)(x_b − R_b w_b), from the moments
    spread_a = max(0.0, s.xx_a - 2 * ratio_a * s.xw_a + ratio_a**2 * s.ww_a)
    spread_b = max(0.0, s.xx_b - 2 * ratio_b * s.xw_b + ratio_b**2 * s.ww_b)
    co_spread = s.xa_xb - ratio_b * s.xa_wb - ratio_a * s.wa_xb + ratio_a * ratio_b * s.wa_wb
    mean_w_a, mean_w_b = s.w_a / s.n, s.w_b / s.n
    per_hand = s.n * (s.n - 1)
    var_a = spread_a / (mean_w_a**2 * per_hand)
    var_b = spread_b / (mean_w_b**2 * per_hand)
    covariance = co_spread / (mean_w_a * mean_w_b * per_hand)
    unpaired = var_a + var_b
    paired = max(0.0, unpaired - 2 * covariance)
    if paired <= IDENTICAL * unpaired:  # the hands agree: what is left is rounding
        paired = 0.0
    result.update(ci95=_interval(difference, paired, z), ci95_unpaired=_interval(difference, unpaired, z),
                  variance_reduction=unpaired / paired if paired > 0 else None)
    return result


def _interval(centre: float, variance: float, z: float) -> list[float]:
    half = z * math.sqrt(variance)
    return [centre - half, centre + half]
