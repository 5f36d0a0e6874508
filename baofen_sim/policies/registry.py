"""The built-in policies (DESIGN.md §6, §9): names ↔ integer ids, their parameters with their domains and
defaults, the parameter files shipped with them, and the `--policy` options read into one name per seat.

Every seat has one policy id (int8) and one parameter row (float64[MAX_PARAMS]). The kernels dispatch on
the id among module-level `@njit` functions and read parameters by the index constants below, so changing
a parameter never recompiles. The meaning of a row depends on the seat's policy: slot i is the policy's
i-th parameter (`PolicySpec.params[i]`); unused slots are 0.

Options (DESIGN §9):

    --policy NAME             every seat plays NAME (default: heuristic)
    --policy SEAT=NAME        seat SEAT plays NAME (wins over a plain NAME, whatever the order)
    --param SEAT=FILE.toml    parameters of SEAT from a flat TOML table (KEY = number)
    --param SEAT=NAME         parameters of SEAT from a named file shipped in baofen_sim/policies/params (NAME.toml),
                              e.g. heuristic-untuned: the heuristic's play before tune-play
    --param FILE.toml|NAME    the same, for every seat
    --param SEAT.KEY=VALUE    one parameter of SEAT
    --param KEY=VALUE         the same, for every seat (e.g. --param bid_margin=10)

`--param` options apply in the order given, so a later one overrides an earlier one (a file, then one
key). A plug-in policy is named `module:attribute` (`policies.plugins`, docs/policies.md).
`policies.selection` resolves any policy name (a built-in's or a plug-in's) and turns the options into what a
RunSpec holds (`parse_policy_options`) and into the kernel arrays (`policy_arrays`), once, in the materialize step.
Every parameter declares its `Domain` (a set of values, or a range of whole or any numbers) beside its
default; `param_value` checks every value, from whichever option, file or mapping, against it.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from baofen_sim import policy_set
from baofen_sim.codes import NUM_EFFECTIVE_SUITS
from baofen_sim.records import MAX_PARAMS, MAX_TRICKS

POLICY_RANDOM = 0
POLICY_HEURISTIC = 1
POLICY_SAMPLER = 2
DEFAULT_POLICY = policy_set.DEFAULT_POLICY

# Parameter slots of `random`.
RANDOM_PASS_WEIGHT = 0
# Parameter slots of `heuristic`.
HEURISTIC_OPEN_THRESHOLD = 0
HEURISTIC_PER_5_POINTS = 1
HEURISTIC_MAX_BID = 2
HEURISTIC_BURY_POINT_COST = 3
HEURISTIC_BURY_PAIR_COST = 4
HEURISTIC_BURY_VOID_BONUS = 5
HEURISTIC_FEED_POINTS = 6
HEURISTIC_DRAW_TRUMPS = 7
# Play parameters the declarer and the defenders hold apart: the defender's slot is the declarer's + DEFENDER_SLOT.
HEURISTIC_WIN_MIN_POINTS = 8
HEURISTIC_RUFF_MIN_POINTS = 9
HEURISTIC_THROW_SURE = 10
HEURISTIC_LAST_TRICK = 11
DEFENDER_SLOT = 4
# Cards left from which a seat guards the last trick by default (policies.heuristic.last_trick; docs/tractor80.md).
DECLARER_LAST_TRICK_CARDS = 3
DEFENDER_LAST_TRICK_CARDS = 2
SAMPLER_MAX_SAMPLES = 1024
SAMPLER_MAX_CANDIDATES = 4 * NUM_EFFECTIVE_SUITS + 1  # leads: four kinds per suit and the heuristic's
# The heuristic's table-bidder slots (`TABLE_BIDDER_PARAMS`, after its play parameters) and the sampler's own
# slots (after all of the heuristic's) are looked up by name below the specs.


class PolicyError(ValueError):
    """A bad --policy or --param option; the message is one line naming the problem."""


@dataclass(frozen=True)
class Domain:
    """The values a policy parameter allows: a set of values, or a range (either end open or absent) of
    whole numbers or of any finite numbers. `allows` is the one check, `text` says it in words."""

    values: tuple[float, ...] = ()  # the values allowed; () = the range below
    low: float = -math.inf  # smallest allowed value
    low_exclusive: bool = False  # True: the value must be > low
    high: float = math.inf  # largest allowed value
    integer: bool = False  # True: a whole number

    def allows(self, number: float) -> bool:
        if self.values:
            return number in self.values
        above_low = number > self.low if self.low_exclusive else number >= self.low
        return above_low and number <= self.high and (not self.integer or number.is_integer())

    def text(self) -> str:
        """'one of 0, 1', '>= 0', '> 0', 'a whole number from 1 to 1024', 'any number'."""
        if self.values:
            return "one of " + ", ".join(f"{v:g}" for v in self.values)
        kind = "a whole number " if self.integer else ""
        low = f"> {self.low:g}" if self.low_exclusive else f">= {self.low:g}"
        if math.isfinite(self.low) and math.isfinite(self.high):
            return f"{kind}from {self.low:g} to {self.high:g}" if not self.low_exclusive else \
                f"{kind}{low} and <= {self.high:g}"
        if math.isfinite(self.low):
            return kind + low
        if math.isfinite(self.high):
            return f"{kind}<= {self.high:g}"
        return kind.strip() or "any number"


ANY_NUMBER = Domain()
NON_NEGATIVE = Domain(low=0.0)
POSITIVE = Domain(low=0.0, low_exclusive=True)
ZERO_OR_ONE = Domain(values=(0.0, 1.0))  # a switch: 0 = off, 1 = on


@dataclass(frozen=True)
class ParamSpec:
    name: str
    default: float
    doc: str
    domain: Domain = ANY_NUMBER  # the values it allows (checked by `param_value`)


@dataclass(frozen=True)
class PolicySpec:
    name: str
    id: int
    doc: str
    params: tuple[ParamSpec, ...]  # in slot order
    reads_target: bool = False  # its play depends on the declarer's target (view.target)
    chunk_hands: int | None = None  # a slow policy's hands per part file by default (runspec.default_chunk_size)

    def param_index(self, name: str) -> int:
        for i, spec in enumerate(self.params):
            if spec.name == name:
                return i
        raise KeyError(name)

    def defaults(self) -> np.ndarray:
        row = np.zeros(MAX_PARAMS, dtype=np.float64)
        for i, spec in enumerate(self.params):
            row[i] = spec.default
        return row


RANDOM = PolicySpec(
    name="random",
    id=POLICY_RANDOM,
    doc="uniform over the legal choices: bids (pass weighted by pass_weight), any 8 of the 33 cards to "
        "bury, any suit as trump",
    params=(
        ParamSpec("pass_weight", 1.0, "weight of passing against each legal bid "
                                      "(1 = uniform over pass and the legal bids, 0 = pass only when forced)",
                  NON_NEGATIVE),
    ),
)

# The table bidder (policies.bidding.table_bid_at, issue 12): appended to the heuristic's parameters. With
# bid_mode = 1 a seat bids from a fitted hand evaluation (policies.features.hand_evaluation: eval_intercept +
# the sum of eval_<feature> × feature, in card points, "the declarer's expected score") and a table per
# position relative to the 主叫 (0 = the 主叫, 1 = his 下家, ...): open at 85 / 90 / 95 with an evaluation of
# at least open85_p / open90_p / open95_p (the highest that holds), otherwise pass; once there is a bid, raise
# by the smallest step while the new bid is at most 85 + 5·⌊(evaluation − contest_p) / contest_per_5⌋ (no raise
# below contest_p). `baofen-sim tune-bids` fits and searches them.
EVAL_FEATURE_NAMES = ("big_jokers", "little_jokers", "twos", "aces", "kings", "points", "pairs", "links",
                      "trump_length", "trump_high", "trump_pairs", "trump_wangfen", "voids", "short_suits")
TABLE_POSITIONS = 4  # Baofen's four seats (§5.1), by position relative to the 主叫
# Bundled parameter files, named on the command line without the .toml (`--param 0=threshold-bids`).
# default-bids.toml holds the table bidder's defaults: shipping a tuned table is copying tune-bids' bids.toml
# over it (its bid_mode = 1 makes the table the default bidder); threshold-bids.toml is the threshold bidder.
NAMED_PARAMS_DIR = Path(__file__).resolve().parent / "params"
DEFAULT_BIDS_FILE = NAMED_PARAMS_DIR / "default-bids.toml"
BID_MODE_THRESHOLD = 0  # bid_mode: the hand-strength threshold bidder (open_threshold, per_5_points, max_bid)
BID_MODE_TABLE = 1  # bid_mode: the table bidder
NEVER = 1000.0  # an evaluation no hand reaches: a table entry that never applies
BID_MARGIN_LIMIT = 100.0  # |bid_margin| at most this: evaluations run from about -25 to 160, so at ±100 almost
# every hand opens, or almost none does
with DEFAULT_BIDS_FILE.open("rb") as _handle:
    _DEFAULT_BIDS: dict[str, float] = {key: float(value) for key, value in tomllib.load(_handle).items()}
TABLE_BIDDER_PARAMS = (
    ParamSpec("bid_mode", 0.0, "0 = bid on hand strength (open_threshold, per_5_points, max_bid), 1 = bid from the "
                               "table below on the fitted hand evaluation (baofen-sim tune-bids)",
              Domain(values=(float(BID_MODE_THRESHOLD), float(BID_MODE_TABLE)))),
    ParamSpec("eval_intercept", 0.0, "hand evaluation (card points the declarer is expected to score): constant"),
    *(ParamSpec(f"eval_{name}", 0.0, f"hand evaluation: points per unit of feature {name} "
                                     f"(policies.features)") for name in EVAL_FEATURE_NAMES),
    *(ParamSpec(f"open{bid}_{position}", NEVER, f"table bidder: evaluation needed to open at {bid} in position "
                                               f"{position} (0 = the 主叫, 1 = his 下家, ...)")
      for bid in (85, 90, 95) for position in range(TABLE_POSITIONS)),
    *(ParamSpec(f"contest_{position}", NEVER, f"table bidder: evaluation needed to raise to 85 in position "
                                             f"{position} of a contested auction")
      for position in range(TABLE_POSITIONS)),
    ParamSpec("contest_per_5", 5.0, "table bidder: extra evaluation needed per 5 points raised above 85", POSITIVE),
    ParamSpec("bid_margin", 0.0, "table bidder: card points added to the evaluation before it reads the table, for "
                                 "openings and raises (> 0 bolder, < 0 more cautious; the styles cautious-bids, "
                                 "bold-bids, reckless-bids)", Domain(low=-BID_MARGIN_LIMIT, high=BID_MARGIN_LIMIT)),
)
assert set(_DEFAULT_BIDS) <= {p.name for p in TABLE_BIDDER_PARAMS}, DEFAULT_BIDS_FILE
TABLE_BIDDER_PARAMS = tuple(dataclasses.replace(p, default=_DEFAULT_BIDS.get(p.name, p.default))
                            for p in TABLE_BIDDER_PARAMS)

HEURISTIC = PolicySpec(
    name="heuristic",
    id=POLICY_HEURISTIC,
    doc="table bidder on the fitted hand evaluation (tune-bids; bid_mode = 0: the threshold bidder on the hand "
        "strength score), buries low plain non-point cards, "
        "names its strongest suit; plays like a sensible human (policies.heuristic): the declarer draws "
        "trumps and cashes sure winners, defenders feed points to a teammate who wins, nobody wastes a trump "
        "on a pointless trick",
    params=(
        ParamSpec("open_threshold", 22.0, "threshold bidder (bid_mode = 0): hand strength needed to bid 85 (strength: "
                                          "mean 20, sd 3.7 per hand)"),
        ParamSpec("per_5_points", 1.0, "threshold bidder: extra strength needed per 5 points bid above 85", POSITIVE),
        ParamSpec("max_bid", 250.0, "threshold bidder: never bid above this (the §5.4.2 cap applies as well)",
                  NON_NEGATIVE),
        ParamSpec("bury_point_cost", 2.0, "bury cost per card point: keeps 5s, 10s and Ks out of the kitty"),
        ParamSpec("bury_pair_cost", 10.0, "bury cost of a card that is half of a pair"),
        ParamSpec("bury_void_bonus", 1.5, "bury cost removed per card a plain suit is short of 6 (to make voids)"),
        ParamSpec("feed_points", 1.0, "weight of the points a defender gives to a teammate winning securely "
                                      "(0 = never feed, play low instead)", NON_NEGATIVE),
        ParamSpec("draw_trumps", 1.0, "1 = the declarer leads trumps while opponents may hold some, 0 = he does not",
                  ZERO_OR_ONE),
        ParamSpec("declarer_win_min_points", 5.0, "points in a trick (own cards included) the declarer needs to "
                                                  "win it in suit on a trump lead or when the win is not secure",
                  NON_NEGATIVE),
        ParamSpec("declarer_ruff_min_points", 0.0, "points in a trick (own cards included) the declarer needs to "
                                                   "ruff or over-ruff it", NON_NEGATIVE),
        ParamSpec("declarer_throw_sure", 1.0, "1 = the declarer leads a throw when every unit is a sure winner "
                                              "against the unseen cards, 0 = never", ZERO_OR_ONE),
        ParamSpec("declarer_last_trick", float(DECLARER_LAST_TRICK_CARDS),
                  "80分 only (抠底): with at most this many cards left the declarer's side keeps a sure top trump "
                  "for the last trick (0 = never: it plays the last tricks like any other; policies.heuristic."
                  "last_trick)", Domain(low=0.0, high=float(MAX_TRICKS), integer=True)),
        ParamSpec("defender_win_min_points", 0.0, "as declarer_win_min_points, for a defender", NON_NEGATIVE),
        ParamSpec("defender_ruff_min_points", 5.0, "as declarer_ruff_min_points, for a defender", NON_NEGATIVE),
        ParamSpec("defender_throw_sure", 1.0, "as declarer_throw_sure, for a defender", ZERO_OR_ONE),
        ParamSpec("defender_last_trick", float(DEFENDER_LAST_TRICK_CARDS),
                  "as declarer_last_trick, for a defender (the 抓分方 aim for 抠底)",
                  Domain(low=0.0, high=float(MAX_TRICKS), integer=True)),
    ) + TABLE_BIDDER_PARAMS,
)

SAMPLER = PolicySpec(
    name="sampler",
    id=POLICY_SAMPLER,
    doc="searching play (policies.sampler): at each play, the heuristic's choice and a few other candidates, "
        "each played out to the end of the hand by the heuristic in deals of the unseen cards drawn to agree "
        "with what the seat has seen; the best mean outcome for its side wins. Bids, bury and trump as the "
        "heuristic (80分: showings, 反底s and bury; 找朋友: calls, overcalls, concession and bury); about 100x "
        "slower",
    params=HEURISTIC.params + (
        ParamSpec("samples", 16.0, "deals of the unseen cards drawn at each play",
                  Domain(low=1.0, high=SAMPLER_MAX_SAMPLES, integer=True)),
        ParamSpec("candidates", 8.0, "plays compared at each play (the heuristic's first)",
                  Domain(low=1.0, high=SAMPLER_MAX_CANDIDATES, integer=True)),
        ParamSpec("switch_z", 1.0, "standard errors by which another play's paired gain over the heuristic's "
                                   "must exceed zero for the sampler to choose it (0 = the best mean)", NON_NEGATIVE),
        ParamSpec("stop_behind", 1.0, "1 = at each halving point, stop and keep the heuristic's play when no other "
                                      "play has gained on it over the deals so far; 0 = draw every deal", ZERO_OR_ONE),
    ),
    reads_target=True,
    chunk_hands=1_024,  # ~40 hands/s per core: a part file, a progress step and a resume point every few minutes
)

POLICIES: dict[str, PolicySpec] = {spec.name: spec for spec in (RANDOM, HEURISTIC, SAMPLER)}
POLICIES_BY_ID: dict[int, PolicySpec] = {spec.id: spec for spec in POLICIES.values()}

for _spec in POLICIES.values():
    assert len(_spec.params) <= MAX_PARAMS, _spec.name
assert RANDOM.param_index("pass_weight") == RANDOM_PASS_WEIGHT
assert [HEURISTIC.param_index(p.name) for p in HEURISTIC.params[:HEURISTIC_LAST_TRICK + DEFENDER_SLOT + 1]] == [
    HEURISTIC_OPEN_THRESHOLD, HEURISTIC_PER_5_POINTS, HEURISTIC_MAX_BID, HEURISTIC_BURY_POINT_COST,
    HEURISTIC_BURY_PAIR_COST, HEURISTIC_BURY_VOID_BONUS, HEURISTIC_FEED_POINTS, HEURISTIC_DRAW_TRUMPS,
    HEURISTIC_WIN_MIN_POINTS, HEURISTIC_RUFF_MIN_POINTS, HEURISTIC_THROW_SURE, HEURISTIC_LAST_TRICK,
    HEURISTIC_WIN_MIN_POINTS + DEFENDER_SLOT, HEURISTIC_RUFF_MIN_POINTS + DEFENDER_SLOT,
    HEURISTIC_THROW_SURE + DEFENDER_SLOT, HEURISTIC_LAST_TRICK + DEFENDER_SLOT]
# Slots looked up by name, so that parameters added before them move them with no other edit.
HEURISTIC_BID_MODE = HEURISTIC.param_index("bid_mode")
HEURISTIC_EVAL_WEIGHTS = HEURISTIC.param_index("eval_intercept")  # the intercept, then one per feature
HEURISTIC_TABLE_OPEN = HEURISTIC.param_index("open85_0")  # open85_0..3, open90_0..3, open95_0..3
HEURISTIC_TABLE_CONTEST = HEURISTIC.param_index("contest_0")  # contest_0..3
HEURISTIC_CONTEST_PER_5 = HEURISTIC.param_index("contest_per_5")
HEURISTIC_BID_MARGIN = HEURISTIC.param_index("bid_margin")
assert [HEURISTIC.params[HEURISTIC_EVAL_WEIGHTS + 1 + i].name for i in range(len(EVAL_FEATURE_NAMES))] == [
    f"eval_{name}" for name in EVAL_FEATURE_NAMES]
assert HEURISTIC.param_index("open95_3") == HEURISTIC_TABLE_OPEN + 3 * TABLE_POSITIONS - 1
assert HEURISTIC.param_index("contest_3") == HEURISTIC_TABLE_CONTEST + TABLE_POSITIONS - 1
SAMPLER_SAMPLES = SAMPLER.param_index("samples")
SAMPLER_CANDIDATES = SAMPLER.param_index("candidates")
SAMPLER_SWITCH_Z = SAMPLER.param_index("switch_z")
SAMPLER_STOP_BEHIND = SAMPLER.param_index("stop_behind")


def policy_name(pid: int) -> str:
    """The built-in policy with id `pid` (plug-in ids depend on the run: see its manifest)."""
    try:
        return POLICIES_BY_ID[int(pid)].name
    except KeyError:
        raise PolicyError(f"no built-in policy with id {pid}") from None


# ----- --policy / --param ----------------------------------------------------------------------------


def _seat(text: str, num_players: int, option: str) -> int:
    try:
        seat = int(text.strip())
    except ValueError:
        raise PolicyError(f"{option}: {text.strip()!r} is not a seat (0..{num_players - 1})") from None
    if not 0 <= seat < num_players:
        raise PolicyError(f"{option}: seat {seat} is not a seat (0..{num_players - 1})")
    return seat


def policy_names(policy_opts: Sequence[str], num_players: int = 4, default: str = DEFAULT_POLICY) -> list[str]:
    """Policy name per seat from the `--policy` options, unchecked: a plain NAME sets every seat, SEAT=NAME
    one seat (it wins over NAME), `default` the others. Raises PolicyError for a bad seat or a seat given twice."""
    every: str | None = None
    per_seat: dict[int, str] = {}
    for opt in policy_opts:
        option = f"--policy {opt!r}"
        left, sep, right = opt.partition("=")
        if sep and ":" not in left:
            seat = _seat(left, num_players, option)
            if seat in per_seat:
                raise PolicyError(f"{option}: seat {seat} is given a policy twice")
            per_seat[seat] = right.strip()
        else:
            if every is not None:
                raise PolicyError(f"{option}: a policy for every seat is already given ({every}); "
                                  f"use SEAT=NAME for one seat")
            every = opt.strip()
    return [per_seat.get(seat, every or default) for seat in range(num_players)]


def param_value(param: ParamSpec, value: object, seat: int, policy: str, where: str) -> float:
    """`value` (a number or its text) as parameter `param` of seat `seat`'s policy takes it; PolicyError
    naming the seat, the parameter, the value and what its domain allows otherwise. Every way of setting a
    parameter (`--param` in each form, a sweep's --vary, a RunSpec's mapping) comes here."""
    where = f"{where}: seat {seat} ({policy})"
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise PolicyError(f"{where}: {param.name} = {value!r} is not a number")
    try:
        number = float(value)
    except ValueError:
        raise PolicyError(f"{where}: {param.name} = {value!r} is not a number") from None
    if not math.isfinite(number):
        raise PolicyError(f"{where}: {param.name} = {value!r} is not a finite number")
    if not param.domain.allows(number):
        raise PolicyError(f"{where}: {param.name} = {number:.15g} is not allowed (must be {param.domain.text()})")
    return number


PARAM_FORMS = "SEAT=FILE.toml, SEAT=NAME, FILE.toml, NAME, SEAT.KEY=VALUE or KEY=VALUE"


def named_param_files() -> list[str]:
    """The names of the parameter files shipped with baofen-sim (`--param SEAT=NAME`)."""
    return sorted(path.stem for path in NAMED_PARAMS_DIR.glob("*.toml"))


def param_file_summary(name: str) -> str:
    """The first sentence of the leading comment of the shipped parameter file `name` ("" without one)."""
    comment = []
    for line in (NAMED_PARAMS_DIR / f"{name}.toml").read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        comment.append(line.removeprefix("#").strip())
    text = " ".join(comment)
    end = text.find(". ")
    return text if end < 0 else text[:end + 1]


def _param_file_path(text: str, where: str) -> Path:
    """FILE.toml as given, or NAME: a shipped file."""
    if text.endswith(".toml"):
        return Path(text)
    if text in named_param_files():
        return NAMED_PARAMS_DIR / f"{text}.toml"
    close = difflib.get_close_matches(text, named_param_files(), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]}? " if close else ""
    raise PolicyError(f"{where}: {text!r} is neither FILE.toml nor a named parameter file; {hint}"
                      f"named: {', '.join(named_param_files())} (forms: {PARAM_FORMS})")


def _load_param_file(path_text: str, where: str) -> dict[str, object]:
    path = _param_file_path(path_text.strip(), where)
    try:
        with path.open("rb") as handle:
            table = tomllib.load(handle)
    except FileNotFoundError:
        raise PolicyError(f"{where}: no such file {str(path)!r}") from None
    except UnicodeDecodeError as error:
        raise PolicyError(f"{where}: {str(path)!r} is not UTF-8 text ({error.reason} at byte {error.start})") from None
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise PolicyError(f"{where}: cannot read {str(path)!r}: {error}") from None
    for key, value in table.items():
        if isinstance(value, dict):
            raise PolicyError(f"{where}: {str(path)!r} must be a flat table of KEY = number, found [{key}]")
    return table
