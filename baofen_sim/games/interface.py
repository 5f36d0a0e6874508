"""The game interface (DESIGN.md §2): everything the shared code asks of a game, so that no module outside
`baofen_sim/games/` names one or branches on one.

A game is a package `baofen_sim/games/<game>/` whose `__init__` declares one `Game`; the registry
(`baofen_sim.games`) lists them. A `Game` holds the facts the shared code reads (its id, title, seats, which rule
sets are its, which policies and run shapes it plays) and its `Hooks`: for each thing only the game can do, the
"module:attribute" that does it, relative to the game's package and imported on first use. Importing the registry
therefore compiles nothing and imports no engine, and a run of one game loads (and compiles) only that game's code.
The `Game` methods call the hooks and state each contract; a hook left empty is a feature the game does not have,
and its method says so in one line (`GameFeatureError`, exit 2).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from baofen_sim.policy_set import DEFAULT_POLICY

Printer = Callable[[dict[str, Any], Any], None]  # (report data, rich Console) -> None: the tables of a report
Figures = list[tuple[str, Any]]  # (caption, matplotlib Figure): the plots of a report, as `--plot` draws them
Categories = list[tuple[str, Any]]  # (label, polars expression over the hand columns): the hands of a result category


class GameFeatureError(ValueError):
    """A game asked for something it does not have (one line for the user: exit 2)."""


@dataclass(frozen=True)
class ReportRequest:
    """What `report` was asked: the output directory and the options beyond the plain report."""

    out: Path
    by: tuple[str, ...] = ()  # group the run's rows by these columns
    plot: Path | None = None  # draw the report's figure to this file
    compare: str | None = None  # on a sweep: each variant against a baseline value of this vary name
    baseline: str | None = None
    evaluation: str | None = None  # LOW-HIGH: only the hands whose declarer's evaluation is in range

    def extras(self) -> list[str]:
        """The options given beyond the plain report, spelled as on the command line."""
        given = {"--by": bool(self.by), "--plot": self.plot is not None, "--compare": self.compare is not None,
                 "--baseline": self.baseline is not None, "--evaluation": self.evaluation is not None}
        return [name for name, on in given.items() if on]

    def refuse_extras(self, title: str) -> None:
        """GameFeatureError if options beyond the plain report were given: a game whose report has none of them."""
        if self.extras():
            raise GameFeatureError(f"the {title} report has no {', '.join(self.extras())} yet (a sweep's report "
                                   "compares every variant with the first, hand by hand)")


@dataclass(frozen=True)
class Decision:
    """A decision a plug-in policy may supply in a game (docs/policies.md): its arguments and result count."""

    name: str  # the PluginPolicy keyword: "bid", "showing", "bury_zpy" ...
    arguments: tuple[str, ...]
    results: int  # values it returns (a tuple of that size, or one value)


@dataclass(frozen=True)
class Hooks:
    """Where a game does what only it can do: "module:attribute" relative to its package ("" = it does not; a path
    starting "baofen_sim." is absolute: a hook the game keeps in a shared module, such as Baofen's sampler search)."""

    # rules (RULES.md §9): its own options, presets and texts
    options: str  # the frozen dataclass of its own §9 options; RuleSet is built from every game's
    presets: str  # {name: (description, {option: value})}: its presets, the first its default
    option_texts: str  # {option: rules.option_texts.OptionText}: `rules explain` of each of its options
    text: str  # rules.shared_texts.GameText: its game as a player reads it (`rules explain PRESET`)
    # the engine (DESIGN.md §1)
    run_chunk: str  # (RunSpec, first_table, n_tables, copy) -> io.schema.ChunkResult
    top_kernel: str  # the parallel kernel under run_chunk (its cache says whether the engine is compiled)
    top_kernel_args: str  # (RunSpec of one hand) -> the top kernel's arguments (the compile plan's types)
    rows: str  # io.schema.RowLayout: its hand columns
    sampler_play: str  # its sampler search with C arguments, called by address (policies.sampler.entry)
    sampler_play_typed: str  # the same search, typed
    hand_rules: str  # the numpy dtype of its hand rules record (the kernels' form of its RuleSet)
    # records, judge, replay (DESIGN.md §8)
    record_keys: str  # (full-hand keys, position keys) of its records
    parse_record: str  # (data, rules, other games' keys) -> its record (io.record_fields.RecordError if malformed)
    judge: str  # (record) -> (events, legal, final state)
    result_line: str  # (the judge's result event) -> the line `judge` prints for it
    replay: str  # (RunSpec, out_dir, hand, declarer, as_record) -> the lines `replay` prints
    # analysis
    report: str  # (ReportRequest) -> (data, Printer): a run's report
    sweep_report: str  # (ReportRequest) -> (data, Printer): a sweep's
    compare: str  # (a, b, by) -> (data, Printer): two runs on the same deals
    # pages (`view`, `hands`, `report --html`)
    view: str = ""  # analysis.html.game_view.GameView: its part of a hand's page (roles, running score, notes)
    records: str = ""  # (RunSpec, [(hand, declarer | None)]) -> {key: game record}: many hands of a run at once
    report_figures: str = ""  # (ReportRequest, report data) -> Figures: the plots `--plot` draws, for `--html`
    examples: str = ""  # (the run's rules as a dict) -> Categories: the result categories `--html` shows hands of
    # plug-ins, studies, tools
    plugin_samples: str = ""  # () -> {decision: sample arguments} of its own decisions (`plugins.check_compiles`)
    tune_play: str = ""  # studies.tune_play.Tuning: what `tune-play` tunes in this game
    commands: str = ""  # (typer app) -> None: registers the game's own commands (its studies)
    differential: str = ""  # dev.differential_runs.Differential: its long differential runs


@dataclass(frozen=True)
class Game:
    """One game of the family (RULES.md §7), as the shared code sees it."""

    id: str  # RuleSet.game; the compile plan's and the policy sets' key: "baofen", "tractor_80fen", ...
    title: str  # in messages and reports: "Baofen", "80分", "5-player 找朋友"
    package: str  # the game's package: its hooks are relative to it
    trump_selection: str  # the TrumpSelection value that makes a rule set play this game
    players: tuple[int, ...]  # §1.1.4 the seats it plays
    hooks: Hooks
    policies: tuple[str, ...] | None = None  # the built-in policies it plays (None: every one), default first
    forced_declarer: bool = False  # plays DESIGN.md §5's forced scenarios (`--declarer`, `--target`)
    tricks: bool = False  # writes OUT/tricks (`--tricks`)
    last_trick_kitty: bool = False  # the last trick scores the kitty in play: the heuristic guards it (§7.3.11)
    decisions: tuple[Decision, ...] = ()  # its decisions a plug-in may supply, besides the shared lead and follow
    bench: tuple[tuple[str, str, tuple[str, ...]], ...] = ()  # `bench` rows: (label, policy, --param files)
    result_columns: tuple[str, ...] = ()  # the hand columns `hands` shows as a hand's result

    def hook(self, name: str) -> Any:
        """The object hook `name` names (its module imported on first use); GameFeatureError if it has none."""
        path = getattr(self.hooks, name)
        if not path:
            raise GameFeatureError(f"{self.title} has no {name.replace('_', ' ')} yet")
        module, _, attribute = path.partition(":")
        if not module.startswith("baofen_sim."):
            module = f"{self.package}.{module}"
        return getattr(importlib.import_module(module), attribute)

    def hook_path(self, name: str) -> str:
        """The absolute "module:attribute" of hook `name` (compile plans and addressed calls name functions so)."""
        path = getattr(self.hooks, name)
        return path if path.startswith("baofen_sim.") else f"{self.package}.{path}"

    def has(self, name: str) -> bool:
        """Whether the game has hook `name`."""
        return bool(getattr(self.hooks, name))

    @property
    def default_policy(self) -> str:
        """Every seat's policy when none is given: the registry's default, or the game's first."""
        return DEFAULT_POLICY if self.policies is None else self.policies[0]

    # ---- the engine ----

    def run_chunk(self, spec: Any, first_table: int, n_tables: int, copy: bool = True) -> Any:
        """Play tables first_table .. first_table + n_tables − 1 of the run: an io.schema.ChunkResult, whose hand
        columns are strided views of the engine's rows with `copy=False` (for a writer that copies them)."""
        return self.hook("run_chunk")(spec, first_table, n_tables, copy)

    def top_kernel(self) -> Any:
        return self.hook("top_kernel")

    def rows(self) -> Any:
        """Its io.schema.RowLayout (the hand columns)."""
        return self.hook("rows")

    # ---- records ----

    def replay(self, spec: Any, out: Path, hand: int, declarer: int | None, as_record: bool) -> list[str]:
        """Hand `hand` of the run in `out` played again: its game record (as_record) or its text, as lines."""
        return self.hook("replay")(spec, out, hand, declarer, as_record)

    def records(self, spec: Any, out: Path, keys: list[tuple[int, int | None]]) -> dict[tuple[int, int | None], Any]:
        """The game records (JSON dicts) of hands `keys` of the run `spec` in `out`, each key (hand, declarer: the
        forced declarer's seat in a run of declarer = each, else None): all at once where the game replays many
        hands together (hook `records`), else one `replay` each."""
        if self.has("records"):
            return self.hook("records")(spec, keys)
        return {key: json.loads(self.replay(spec, out, key[0], key[1], True)[0]) for key in keys}

    # ---- analysis ----

    def report(self, request: ReportRequest, sweep: bool) -> tuple[dict[str, Any], Printer]:
        """The report of a run (or a sweep) of this game, and the printer of its tables."""
        return self.hook("sweep_report" if sweep else "report")(request)

    def compare(self, a: Path, b: Path, by: tuple[str, ...]) -> tuple[dict[str, Any], Printer]:
        """Two runs of this game on the same deals, compared hand by hand, and the printer of its tables."""
        return self.hook("compare")(a, b, by)

    def report_figures(self, request: ReportRequest, data: dict[str, Any]) -> Figures:
        """The plots of the report `data` (as `--plot` draws them), each with a caption; none if the game has none."""
        return self.hook("report_figures")(request, data) if self.has("report_figures") else []

    def example_categories(self, rules: dict[str, Any]) -> Categories:
        """The result categories of a run of `rules` (RuleSet.to_dict()) whose first hands `report --html` shows:
        (label, a polars expression true on the hand rows of that category), in the report's order."""
        return self.hook("examples")(rules)
