"""Interval estimates: Wilson intervals for rates, normal intervals for means, and the paired difference of
a ratio metric between two runs on the same deals.

Paired differences. Every metric is a ratio R = Σx / Σw over the n hands of a run (a mean over all hands
has w = 1; a rate over declared hands has w = 1 when the hand was declared, else 0). The delta method
linearises R̂ per hand, u_i = (x_i − R w_i) / w̄, so that var(R̂) ≈ var(u) / n. Runs A and B play the same
deals, hand i in both, so the difference R_B − R_A has variance var(u_B − u_A) / n: the covariance of the
paired hands is what the pairing buys, and it stays right when A and B declare different sets of hands.
The unpaired variance, var(u_A)/n + var(u_B)/n, is what two independent runs of n hands would give.

Float noise. The paired variance comes out of moment sums that cancel: Σ(u_B − u_A)² is computed as a dozen
terms (Σx_A², R_A·Σx_A·w_A, Σx_A·x_B, ...) whose sizes add up to at most (p_A + p_B)² (Cauchy–Schwarz), where
p = (‖x‖ + |R|·‖w‖) / w̄ and ‖·‖ is the root of the sum of squares over the hands: the scale of the values, not
of their spread (values of 10^4 ± 1 cancel 10^8 down to 1). Its rounding error is then at most γ·(p_A + p_B)²,
γ = (√n + 16)·ε: √n·ε for the sums over n hands (the probabilistic bound of float summation) and 16·ε for the
operations that combine them. A paired variance at or below γ·(p_A + p_B)² / (n(n − 1)) is rounding, taken as
0; when the difference R_B − R_A is within its own rounding too (γ·(p_A + p_B) / √n), the hands agree and the
result says `identical_hands`, with no variance reduction (it would be a ratio of rounding errors). A real
difference δ in u in a single hand stays above the floor while δ² > γ·(p_A + p_B)²: one settlement point in
10^6 hands of settlements of ±100 does.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile
EPSILON = sys.float_info.epsilon
COMBINING_ULPS = 16  # roundings in combining the moment sums into the paired variance (module docstring)


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


def rate_summary(successes: int, n: int) -> dict[str, Any]:
    """A proportion with its Wilson 95% CI, JSON-ready."""
    return {"rate": successes / n if n else None, "ci95": interval_list(wilson_interval(int(successes), int(n))),
            "n": int(n)}


def mean_summary(values: Any) -> dict[str, Any]:
    """The mean of `values` (a numpy array or a polars Series) with its normal 95% CI, JSON-ready."""
    n = len(values)
    average = float(values.mean()) if n else None
    spread = float(values.std(ddof=1)) if n > 1 else None
    return {"mean": average, "ci95": interval_list(mean_interval(average, spread, n)), "n": int(n)}


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
    pairing bought (unpaired / paired variance). None where a ratio or a variance is undefined;
    `identical_hands` when the paired variance and the difference are float noise (module docstring)."""
    ratio_a = s.x_a / s.w_a if s.w_a else None
    ratio_b = s.x_b / s.w_b if s.w_b else None
    result: dict[str, Any] = {"a": ratio_a, "b": ratio_b, "difference": None, "ci95": None, "ci95_unpaired": None,
                              "variance_reduction": None, "identical_hands": False}
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
    scale = _value_scale(s.xx_a, s.ww_a, ratio_a, mean_w_a) + _value_scale(s.xx_b, s.ww_b, ratio_b, mean_w_b)
    rounding = (math.sqrt(s.n) + COMBINING_ULPS) * EPSILON
    if paired <= rounding * scale**2 / per_hand:  # the hands agree: what is left is rounding
        paired = 0.0
        result["identical_hands"] = bool(abs(difference) <= rounding * scale / math.sqrt(s.n))
    result.update(ci95=_interval(difference, paired, z), ci95_unpaired=_interval(difference, unpaired, z),
                  variance_reduction=unpaired / paired if paired > 0 else None)
    return result


def _value_scale(xx: float, ww: float, ratio: float, mean_w: float) -> float:
    """p = (‖x‖ + |R|·‖w‖) / w̄ of one run: a bound on the size of its terms in the paired variance."""
    return (math.sqrt(xx) + abs(ratio) * math.sqrt(ww)) / mean_w


def _interval(centre: float, variance: float, z: float) -> list[float]:
    half = z * math.sqrt(variance)
    return [centre - half, centre + half]
