"""The table bidder's parameters (`bidding.table_bid_at`, the heuristic with bid_mode = 1): its evaluation weights
(WEIGHT_NAMES, fitted by fit-eval) and its bid table per position relative to the 主叫 (TABLE_KEYS: the evaluation
needed to open at 85, 90, 95, and to raise: contest_p, contest_per_5). Heuristic parameter rows holding them and
the cache key of what a table bidder reads of a row (`bidder_key`), the threshold bidder, the table tune-bids starts
from, and a table as a --param file (`table_toml`) and as the actions it takes (`expanded_table`).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from baofen_sim.policies.registry import (
    EVAL_FEATURE_NAMES,
    HEURISTIC,
    HEURISTIC_BID_MARGIN,
    HEURISTIC_EVAL_WEIGHTS,
    NAMED_PARAMS_DIR,
    TABLE_POSITIONS,
    _load_param_file,
)

WEIGHT_NAMES = ("eval_intercept", *(f"eval_{name}" for name in EVAL_FEATURE_NAMES))
OPEN_BIDS = (85, 90, 95)
TABLE_KEYS = (*(f"open{bid}_{p}" for bid in OPEN_BIDS for p in range(TABLE_POSITIONS)),
              *(f"contest_{p}" for p in range(TABLE_POSITIONS)), "contest_per_5")
# The parameter slots that fix what a table bidder reads (bidding.bidder_evaluation): the weights and its margin.
BIDDER_INPUTS = [*range(HEURISTIC_EVAL_WEIGHTS, HEURISTIC_EVAL_WEIGHTS + len(WEIGHT_NAMES)), HEURISTIC_BID_MARGIN]


def bidder_key(params: np.ndarray) -> bytes:
    """The cache key of what the table bidders of `params` (rows, or one row) read."""
    return np.ascontiguousarray(params[..., BIDDER_INPUTS]).tobytes()


def heuristic_row(values: dict[str, float]) -> np.ndarray:
    """A heuristic parameter row with `values` over its defaults."""
    from baofen_sim.policies.selection import policy_arrays

    return policy_arrays(("heuristic",), (values,))[1][0]


def threshold_values() -> dict[str, float]:
    """The threshold bidder (the bundled threshold-bids file)."""
    return {key: float(value) for key, value in _load_param_file(str(NAMED_PARAMS_DIR / "threshold-bids.toml"),
                                                                  "threshold-bids").items()}


def initial_table() -> dict[str, float]:
    """A start: open 85 with an evaluation of 90 (the expected score beats the target with some room), 90 and
    95 ten and twenty points later; raise while the evaluation is 5 points above the bid."""
    table = {}
    for p in range(TABLE_POSITIONS):
        table[f"open85_{p}"], table[f"open90_{p}"], table[f"open95_{p}"] = 90.0, 100.0, 110.0
        table[f"contest_{p}"] = 90.0
    table["contest_per_5"] = 5.0
    return table


def table_toml(weights: dict[str, float], table: dict[str, float], comment: list[str]) -> str:
    lines = [f"# {line}" for line in comment]
    lines += ["bid_mode = 1"]
    lines += [f"{name} = {value!r}" for name, value in weights.items()]
    lines += [f"{name} = {value!r}" for name, value in table.items()]
    return "\n".join(lines) + "\n"


def expanded_table(table: dict[str, float], levels: np.ndarray) -> list[dict[str, Any]]:
    """The table as actions per position and evaluation level: the opening (0 = pass) and the contest limit."""
    rows = []
    for p in range(TABLE_POSITIONS):
        for e in levels:
            wish = 0
            for bid in OPEN_BIDS:
                if e >= table[f"open{bid}_{p}"]:
                    wish = bid
            limit = 0
            if e >= table[f"contest_{p}"]:
                limit = 85 + 5 * int(math.floor((e - table[f"contest_{p}"]) / table["contest_per_5"]))
            rows.append({"position": p, "evaluation": float(e), "open": wish, "contest_to": limit})
    return rows


assert set(TABLE_KEYS) | set(WEIGHT_NAMES) | {"bid_mode"} <= {p.name for p in HEURISTIC.params}
