"""Confidence intervals shared by the reports: Wilson for proportions, normal approximation for means."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95% normal quantile


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
