"""`--declarer each` runs as arrays for the bid tuning (issue 12): every seat's outcome as declarer on every
deal, and every seat's hand features, recomputed from the deal.

A `--declarer each` run plays deal h once per seat d as a forced declarer (rows keyed (hand, declarer),
DESIGN.md §5). Deals are seat-stable and keyed on (seed, hand) (DESIGN.md §4): `deal_features` deals hand h
again from the run's seed and computes each seat's features from its 25 cards, so nothing has to be stored
beside the hand columns. The heuristic's play does not read the target (`selection.play_reads_target`), so
the stored play of (h, d) is the play of any auction that makes d the declarer of hand h, at any target:
`score` and `category` then fix the result at every target (`kernels.scoring.result_at_target`).

What `EachData` holds, per deal h (rows in hand order, runs one after another):

    features  float64[n, N, NUM_EVAL_FEATURES]  each seat's evaluation features (features.eval_features)
    strength  float64[n, N]                      each seat's hand_strength (the threshold bidder's score)
    caps      int64[n, N]                        each seat's §5.4.2 bid cap
    score     int64[n, N]                        S of seat d as declarer (§6.5; the row's `score`)
    category  int64[n, N]                        its category (CAT_*)
    outcome   float64[n, N]                      the evaluation's target: C + Pen + the 王分 adjustment
    rest      float64[n, N, N] or None           settle_i of the row minus its result part (S001 throw
                                                 penalties); None when every one is 0
    played    bool[n, N] or None                 whether seat d declared hand h: False where a --min-evaluation
                                                 run let it pass (evaluation_d < E; its row is not played: score
                                                 0, outcome NaN, rest 0); None when every seat played

A policy whose play reads the target (the sampler) is refused unless `any_target`: its stored play is then the
play at the run's target, scored at every target (an approximation, named where it is used).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from baofen_sim.analysis.runs import EACH, ReportError, Run, Sweep, open_output
from baofen_sim.codes import CAT_NORMAL, CATEGORY_LABELS
from baofen_sim.rules import RuleSet


class EachDataError(ReportError):
    """DATA that tune-bids or fit-eval cannot use (one line)."""


@dataclass(frozen=True)
class EachData:
    rules: RuleSet
    runs: tuple[tuple[Path, int, int], ...]  # (directory, seed, deals) of each run, in row order
    features: np.ndarray
    strength: np.ndarray
    caps: np.ndarray
    score: np.ndarray
    category: np.ndarray
    outcome: np.ndarray
    rest: np.ndarray | None
    policies: tuple[str, ...] = ()  # the play policies of the runs (one per seat), and their parameters
    params: tuple[dict[str, float], ...] = ()
    played: np.ndarray | None = None
    min_evaluation: float | None = None  # the runs' --min-evaluation E (None: every seat played)

    @property
    def deals(self) -> int:
        return int(self.score.shape[0])

    def tables(self, hands_per_table: int) -> tuple[np.ndarray, np.ndarray]:
        """(starts int64[T + 1], table index int64[T]): each run cut into tables of `hands_per_table` hands
        as a run of that many deals would be (the last one may be shorter); the table index is the run's own
        (it sets the first 主叫, A48)."""
        starts, index = [0], []
        offset = 0
        for _, _, deals in self.runs:
            for table in range(-(-deals // hands_per_table)):
                index.append(table)
                starts.append(offset + min(deals, (table + 1) * hands_per_table))
            offset += deals
        return np.array(starts, dtype=np.int64), np.array(index, dtype=np.int64)


def deal_features(rules: RuleSet, seed: int, deals: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, strength, caps) of every seat of hands 0..deals − 1 of a run with `seed`."""
    from baofen_sim.games.baofen.studies.bid_inputs import deal_features_nb
    from baofen_sim.materialize import hand_rules_array

    players = rules.num_players
    features = np.zeros((deals, players, _num_features()), dtype=np.float64)
    strength = np.zeros((deals, players), dtype=np.float64)
    caps = np.zeros((deals, players), dtype=np.int64)
    deal_features_nb(hand_rules_array(rules), np.uint64(seed), features, strength, caps)
    return features, strength, caps


def _num_features() -> int:
    from baofen_sim.policies.registry import EVAL_FEATURE_NAMES

    return len(EVAL_FEATURE_NAMES)


def _spec_of(run: Run, any_target: bool = False) -> dict[str, Any]:
    spec = run.spec
    if spec is None:
        raise EachDataError(f"{run.out}: no readable manifest.json; tune-bids needs a run written by simulate")
    if spec.get("declarer") != EACH:
        raise EachDataError(f"{run.out} is not --declarer each data (every deal played once per seat); make it "
                            f"with `baofen-sim simulate --declarer each`")
    if run.status is not None and run.status != "complete":
        raise EachDataError(f"{run.out}: the run is {run.status}; finish it first (rerun its simulate command)")
    from baofen_sim.policies.selection import play_reads_target

    readers = sorted({name for name in spec.get("policies", ()) if play_reads_target(name)})
    if readers and not any_target:
        raise EachDataError(f"{run.out}: policy {readers[0]} plays differently at each target, so one stored play "
                            f"does not give the hand at every target")
    return spec


def _outcome(rules: RuleSet, rows: pl.DataFrame, score: np.ndarray, category: np.ndarray) -> np.ndarray:
    """C + Pen + the §6.3 王分 adjustment: the score S of a normal hand; for the special categories (whose S is
    fixed) the same sum from C, Pen and W."""
    w = rows["wangfen_points"].to_numpy()
    adjustment = np.where(w >= 50, rules.wangfen_full_bonus, np.where(w == 0, -rules.wangfen_zero_penalty, 0))
    formula = rows["declarer_points"].to_numpy() + rows["penalty_points"].to_numpy() + adjustment
    return np.where(category.ravel() == CAT_NORMAL, score.ravel(), formula).astype(np.float64)


def _read_run(run: Run, rules: RuleSet, min_evaluation: float | None) -> dict[str, np.ndarray]:
    """The run's arrays; under a --min-evaluation the rows of a hand come in seat order, a passed seat's with
    declarer −1 (`runs.row_keys`): its score is 0, its outcome NaN and its rest 0."""
    players = rules.num_players
    settle = [f"settle_{s}" for s in range(players)]
    rows = (run.scan().select("hand", "declarer", "target", "score", "category", "declarer_points",
                              "wangfen_points", "penalty_points", *settle)
            .sort("hand", *([] if min_evaluation is not None else ["declarer"]), maintain_order=True).collect())
    deals = rows.height // players
    hands = rows["hand"].to_numpy()
    declarers = rows["declarer"].to_numpy()
    seats = np.tile(np.arange(players), deals)
    played = declarers >= 0 if min_evaluation is not None else np.ones(rows.height, dtype=bool)
    if (rows.height != deals * players or not np.array_equal(hands, np.repeat(np.arange(deals), players))
            or not np.array_equal(declarers[played], seats[played])):
        raise EachDataError(f"{run.out}: the rows are not hands 0..n-1 once per declarer 0..{players - 1}")
    codes = {label: code for code, label in enumerate(CATEGORY_LABELS)}
    category = np.array([codes[c] for c in rows["category"].cast(pl.String).to_list()], dtype=np.int64)
    category[~played] = CAT_NORMAL
    score = np.where(played, rows["score"].to_numpy(), 0).astype(np.int64)
    outcome = np.where(played, _outcome(rules, rows, score, category), np.nan)
    lowest = rules.bid_values()[0]
    rest = _rest(rules, rows.with_columns(pl.Series("declarer", seats),
                                          pl.Series("target", np.where(played, rows["target"].to_numpy(), lowest))),
                 score, category, settle)
    if rest is not None:
        rest[~played] = 0.0
        rest = rest if np.any(rest != 0) else None
    shape = (deals, players)
    return {"score": score.reshape(shape), "category": category.reshape(shape), "outcome": outcome.reshape(shape),
            "played": played.reshape(shape), "rest": None if rest is None else rest.reshape(deals, players, players)}


def _rest(rules: RuleSet, rows: pl.DataFrame, score: np.ndarray, category: np.ndarray,
          settle: list[str]) -> np.ndarray | None:
    """Each row's settlement minus its result part at the played target (what the target does not change)."""
    from baofen_sim.kernels.ledger import result_settlement
    from baofen_sim.kernels.scoring import result_at_target
    from baofen_sim.materialize import hand_rules

    hr = hand_rules(rules)
    targets = rows["target"].to_numpy()
    declarers = rows["declarer"].to_numpy()
    values = np.column_stack([rows[name].to_numpy().astype(np.float64) for name in settle])
    parts = {}
    for key in set(zip(score.tolist(), category.tolist(), targets.tolist(), strict=True)):
        result, won = result_at_target.py_func(hr, key[0], key[1], key[2])
        parts[key] = result_settlement.py_func(hr, won, key[1], result)
    declarer_part = np.array([parts[k][0] for k in zip(score.tolist(), category.tolist(), targets.tolist(),
                                                      strict=True)])
    defender_part = np.array([parts[k][1] for k in zip(score.tolist(), category.tolist(), targets.tolist(),
                                                       strict=True)])
    seats = np.arange(values.shape[1])[None, :]
    rest = values - np.where(seats == declarers[:, None], declarer_part[:, None], defender_part[:, None])
    return rest if np.any(rest != 0) else None


def load_each_data(dirs: list[Path], any_target: bool = False) -> EachData:
    """The `--declarer each` runs in `dirs` as one EachData; EachDataError (one line) for a directory that is not
    such a run, runs under different rules or --min-evaluation, a sweep, or (unless `any_target`) a play that
    reads the target."""
    if not dirs:
        raise EachDataError("no DATA given")
    runs: list[Run] = []
    for directory in dirs:
        source = open_output(directory)
        if isinstance(source, Sweep):
            raise EachDataError(f"{directory} is a sweep over {', '.join(source.vary)}: its variants mix rules or "
                                f"policies; give one --declarer each run (or several under the same rules)")
        runs.append(source)
    specs = [_spec_of(run, any_target) for run in runs]
    floors = {spec.get("min_evaluation") for spec in specs}
    if len(floors) > 1:
        raise EachDataError(f"{runs[0].out} and the other DATA mix --min-evaluation values "
                            f"({', '.join(sorted(map(str, floors)))})")
    min_evaluation = floors.pop()
    rules_dicts = [spec["rules"] for spec in specs]
    for run, rules_dict in zip(runs[1:], rules_dicts[1:], strict=True):
        if rules_dict != rules_dicts[0]:
            differ = sorted(k for k in set(rules_dict) | set(rules_dicts[0])
                            if rules_dict.get(k) != rules_dicts[0].get(k))
            raise EachDataError(f"{run.out} and {runs[0].out} mix rules (they differ in {', '.join(differ[:3])}); "
                                f"tune bids on runs of one rule set")
    for run, spec in zip(runs[1:], specs[1:], strict=True):
        if (spec.get("policies"), spec.get("params")) != (specs[0].get("policies"), specs[0].get("params")):
            raise EachDataError(f"{run.out} and {runs[0].out} mix policies or parameters; tune bids on runs played "
                                f"by the same policies")
    rules = RuleSet.from_dict(rules_dicts[0])
    if rules.num_players != 4 or not rules.bid_values():
        raise EachDataError(f"{runs[0].out}: rules {rules.name} have no Baofen auction to tune")
    parts: dict[str, list[np.ndarray]] = {}
    meta = []
    for run, spec in zip(runs, specs, strict=True):
        arrays = _read_run(run, rules, min_evaluation)
        deals = arrays["score"].shape[0]
        features, strength, caps = deal_features(rules, int(spec["seed"]), deals)
        arrays.update(features=features, strength=strength, caps=caps)
        for key, value in arrays.items():
            parts.setdefault(key, []).append(value)
        meta.append((run.out, int(spec["seed"]), deals))
    rest_parts = parts.pop("rest")
    rest = None
    if any(r is not None for r in rest_parts):
        rest = np.concatenate([np.zeros((len(s), 4, 4)) if r is None else r
                               for r, s in zip(rest_parts, parts["score"], strict=True)])
    joined = {key: np.concatenate(values) for key, values in parts.items()}
    played = joined.pop("played")
    return EachData(rules=rules, runs=tuple(meta), rest=rest, policies=tuple(specs[0].get("policies", ())),
                    params=tuple(dict(p) for p in specs[0].get("params", ())), min_evaluation=min_evaluation,
                    played=None if min_evaluation is None else played, **joined)
