"""Bid tables scored on stored deals (`TableEvaluator`, over the fast evaluator `bid_eval`): the auctions and
settlements (水草 pot included) of stored `--declarer each` deals re-run under parameter rows, one per seat, to give
each seat's mean settlement per hand; what a seat's table bidder reads of its hands is cached per weight set, and
only the tables a search asks for need be played again (`table_totals`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from baofen_sim.games.baofen.studies.bid_table import bidder_key
from baofen_sim.games.baofen.studies.each_data import EachData
from baofen_sim.policies.registry import HEURISTIC_BID_MARGIN


@dataclass
class Evaluation:
    settle: np.ndarray  # float64[N]: each seat's mean settlement per hand
    stats: dict[str, float]


class TableEvaluator:
    """Bid tables scored on stored deals (`bid_eval.evaluate`), tables of `hands_per_table` hands."""

    def __init__(self, data: EachData, hands_per_table: int):
        from baofen_sim.games.baofen.studies import bid_eval, bid_inputs
        from baofen_sim.materialize import hand_rules_array

        self.data = data
        self.bid_eval = bid_eval
        self.bid_inputs = bid_inputs
        self.hr = hand_rules_array(data.rules)
        self.starts, self.table_ids = data.tables(hands_per_table)
        self.all_tables = np.arange(len(self.table_ids), dtype=np.int64)
        self.blocks = -(-len(self.table_ids) // bid_eval.TABLES_PER_BLOCK)
        self.deals = bid_inputs.stored_deals(int(self.hr[0].cap_max), data.caps, data.score, data.category, data.rest,
                                             self.starts, self.table_ids)
        self._evals: dict[bytes, np.ndarray] = {}
        self._bidders: dict[tuple[bytes, bytes], Any] = {}

    def evaluations(self, params: np.ndarray) -> np.ndarray:
        """What each seat's table bidder reads of its hands: the evaluation with its own weights plus its
        bid_margin (bidding.bidder_evaluation; cached per weight set and margins)."""
        key = bidder_key(params)
        if key not in self._evals:
            out = np.zeros(self.data.strength.shape, dtype=np.float64)
            self.bid_inputs.evaluations_nb(params, self.data.features, out)
            out += params[None, :, HEURISTIC_BID_MARGIN]
            self._evals = {key: out}  # one weight set at a time during a search
        return self._evals[key]

    def stored(self, params: np.ndarray) -> Any:
        """The stored deals with the values and levels of the bidders of `params` (`bid_inputs.with_bidders`),
        cached per weight set, margins and bid modes: only those change what the evaluator reads."""
        from baofen_sim.policies.registry import HEURISTIC_BID_MODE

        key = (bidder_key(params), params[:, HEURISTIC_BID_MODE].tobytes())
        if key not in self._bidders:
            deals = self.bid_inputs.with_bidders(self.deals, params, self.evaluations(params), self.data.strength)
            self._bidders = {k: v for k, v in self._bidders.items() if k[0] == key[0]}  # the search's weights
            self._bidders[key] = deals
        return self._bidders[key]

    def _call(self, params: np.ndarray, order: np.ndarray, detail: bool
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """(block totals, per-table totals of `order`, block stats, detail rows) of the tables in `order`."""
        players = params.shape[0]
        blocks = -(-len(order) // self.bid_eval.TABLES_PER_BLOCK)
        totals = np.zeros((blocks, players))
        table_totals = np.zeros((len(order), players))
        stats = np.zeros((blocks, self.bid_eval.NUM_STATS))
        size = self.data.deals if detail else 1
        rows = {"declarer": np.zeros(size, dtype=np.int64), "target": np.zeros(size, dtype=np.int64),
                "settle": np.zeros((size, players))}
        self.bid_eval.evaluate(self.hr, params, self.stored(params), order, totals, table_totals, stats, detail,
                               rows["declarer"], rows["target"], rows["settle"])
        return totals, table_totals, stats, rows

    def run(self, params: np.ndarray, detail: bool = False) -> tuple[Evaluation, dict[str, np.ndarray] | None]:
        evaluation, _, rows = self.run_tables(params, detail)
        return evaluation, rows

    def run_tables(self, params: np.ndarray, detail: bool = False
                   ) -> tuple[Evaluation, np.ndarray, dict[str, np.ndarray] | None]:
        """Every table: the Evaluation, each table's totals per seat, the detail rows (when asked for)."""
        n = self.data.deals
        totals, table_totals, stats, rows = self._call(params, self.all_tables, detail)
        s = stats.sum(axis=0)
        declared = s[self.bid_eval.STAT_HANDS] - s[self.bid_eval.STAT_ALL_PASS]
        summary = {"hands": float(s[self.bid_eval.STAT_HANDS]),
                   "all_pass_rate": float(s[self.bid_eval.STAT_ALL_PASS] / n),
                   "make_rate": float(s[self.bid_eval.STAT_MADE] / declared) if declared else math.nan,
                   "mean_target": float(s[self.bid_eval.STAT_TARGET] / declared) if declared else math.nan,
                   "declarer_settle": float(s[self.bid_eval.STAT_DECLARER_SETTLE] / declared) if declared else math.nan,
                   "contested_rate": float(s[self.bid_eval.STAT_CONTESTED] / declared) if declared else math.nan}
        return Evaluation(totals.sum(axis=0) / n, summary), table_totals, (rows if detail else None)

    def table_totals(self, params: np.ndarray, order: np.ndarray) -> np.ndarray:
        """The totals per seat of the tables in `order` only (float64[len(order), N])."""
        return self._call(params, order, False)[1]

    def evaluate(self, params: np.ndarray) -> Evaluation:
        return self.run(params)[0]

