"""`report --evaluation LOW-HIGH`: a report of only the hands whose declarer's evaluation (the fitted point
count of his 25 dealt cards, `evaluation_<i>`) lies in [LOW, HIGH), e.g. `--evaluation 60-80` as a row range of
the guide's table.

Only for `--declarer each` runs: there every seat's cards are played as declarer, so the hands of an evaluation
range are the deals' hands of that count, chosen by the cards alone. In a run with an auction the declarers are
the hands the bidders chose (and their target is the auction's), so the same filter would describe the bidders,
not the hands; `--by evaluation` shows those runs by evaluation.
"""

from __future__ import annotations

import re

import polars as pl

from baofen_sim.analysis.columns import EVALUATION, at_declarer, evaluation_columns
from baofen_sim.analysis.runs import EACH, ReportError, Run, Sweep, forced_declarer

NUMBER = r"-?\d+(?:\.\d+)?"
EVALUATION_RANGE = re.compile(rf"^\s*({NUMBER})\s*(?:\.\.|-|–)\s*({NUMBER})\s*$")


def parse_evaluation_range(text: str) -> tuple[float, float]:
    """(LOW, HIGH) of `--evaluation LOW-HIGH` (also LOW..HIGH, LOW–HIGH); ReportError unless LOW < HIGH."""
    match = EVALUATION_RANGE.match(text)
    if match is None:
        raise ReportError(f"--evaluation {text!r}: expected LOW-HIGH in card points, e.g. 60-80 (the hands whose "
                          f"declarer's evaluation is at least LOW and below HIGH)")
    low, high = float(match[1]), float(match[2])
    if not low < high:
        raise ReportError(f"--evaluation {text!r}: LOW must be below HIGH")
    return low, high


def select_evaluation(source: Run | Sweep, hands: pl.LazyFrame, seats: int,
                      evaluation: tuple[float, float]) -> pl.LazyFrame:
    """The hands of `source` whose declarer's evaluation is in [low, high); ReportError unless `source` is a
    `--declarer each` run with the evaluation columns."""
    low, high = evaluation
    where = f"--evaluation {low:g}-{high:g}"
    if forced_declarer(source.spec) != EACH:
        raise ReportError(f"{where}: needs a --declarer each run (every seat's cards played as declarer); "
                          f"{source.out} {'has an auction' if forced_declarer(source.spec) is None else 'is not one'}"
                          f", so use --by {EVALUATION} there")
    if not set(evaluation_columns(seats)) <= set(hands.collect_schema().names()):
        raise ReportError(f"{where}: {source.out} has no {EVALUATION}_<i> columns (written by an older baofen-sim)")
    value = at_declarer(EVALUATION, seats).cast(pl.Float64)
    return hands.filter((value >= low) & (value < high))
