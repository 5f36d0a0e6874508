"""`RuleSet`: every house-rule parameter of RULES.md §9, typed, frozen and validated.

The shared sections §9.1–§9.2 are declared here (`SharedOptions`); each game declares its own section in its
package (`games/<game>/options.py`), and `RuleSet` collects them all, the shared sections first and then each game's
in the registry's order. Defaults are the default game's first preset for the shared options and each game's own
column for its section; a "–" cell (parameter unused by that preset) takes the value of the nearest preset that uses
it, as the field comment says. Values are normalised on construction (a str becomes its enum, a list a tuple, an
int a float where the field is a float), then checked; any bad value raises `RulesError` with one line naming the
option and what it allows.

A rule set plays one game (`RuleSet.game`, the registry's game of its `trump_selection`), which reads the shared
sections and its own. The other games' options keep their defaults: setting one is refused, naming the option and
the rule set, and `to_dict`, `options()` and the TOML dump leave them out, so a rule set's data is what it was
before the other games existed (run specs hash it).
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
import math
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from baofen_sim.cards import PACK_SIZE, SUIT_LETTERS
from baofen_sim.games import GAMES, by_id, default_game, for_trump_selection
from baofen_sim.rules.options import (
    Direction,
    EightKindMode,
    EightKindPromotionScope,
    FailedThrowForcedPlay,
    FailedThrowPenaltyBasis,
    FailedThrowPenaltyKind,
    FailedThrowPenaltyRecipient,
    FailedThrowUnitPriority,
    FollowTractorRule,
    JokerTractorMode,
    JokerTractorRuff001,
    MultiUnitCompare,
    RuffStructureRule,
    TieRule,
    TrumpSelection,
)

FACE_RANKS = range(2, 15)  # face values in constant_trump_ranks: 2..10, J=11, Q=12, K=13, A=14
NONE_TEXTS = ("none", "null")  # how "no value" is written for an optional field (TOML has no null)
SHARED_SECTIONS = ("§9.1 Table layout and card ranking", "§9.2 Following, ruffing and throws")  # every game's
NOT_READ = "–"  # diff_rules' value of an option that a rule set's game does not read


class RulesError(ValueError):
    """A rule set that cannot be built: a bad value, an unknown option or preset, an unreadable rules file."""


DEFAULT_NAME = next(iter(default_game().hook("presets")))  # the default game's first preset


@dataclass(frozen=True, kw_only=True)
class SharedOptions:
    """The options of the shared sections §9.1–§9.2, which every game reads; field names are the §9 names."""

    name: str = DEFAULT_NAME  # preset name, or "custom" once any option differs from it

    # ---- §9.1 Table layout and card ranking ----
    num_players: int = 4  # §1.1.4 players at the table
    hand_size: int = 25  # §1.1.4 cards dealt to each player
    kitty_size: int = 8  # §1.1.4 底牌; num_players × hand_size + kitty_size = 108
    direction: Direction = Direction.CCW  # §0.4 "逆时针"
    constant_trump_ranks: tuple[int, ...] = (2,)  # §1.2.1 常主 face values (2..14, A = 14)
    trump_selection: TrumpSelection = TrumpSelection.AFTER_KITTY  # §5.6 叫主 after the kitty exchange
    allow_no_trump: bool = False  # §5.6 no 无主 in Baofen
    joker_tractor_mode: JokerTractorMode = JokerTractorMode.R000  # §1.6 [A1] by the holder's role
    joker_tractor_ruff_001: JokerTractorRuff001 = JokerTractorRuff001.LARGEST  # §1.6.2 [A1]; bf "–": bf1
    special_tier_tractors: bool = False  # §1.5.2 no tractor across 主2/副2 tiers
    level_gap_tractor: bool = True  # §1.5.2 S003 "6688"; bf "–": 80分 value (level 2 is at the chain end)
    zpy_trump_lowering: bool = True  # §1.5.2 S002 下放; bf "–": 5p value, read only by the 5-player rules
    zpy_trump_gap_tractor: bool = False  # §1.5.2 [A33]; bf "–": 5p value, read only by the 5-player rules
    zpy_plain_gap_tractor: bool = False  # §1.5.2 [A33]; bf "–": 5p value, read only by the 5-player rules
    tie_rule: TieRule = TieRule.FIRST_PLAYED  # §1.7 "以先出者为大"

    # ---- §9.2 Following, ruffing and throws ----
    follow_tractor_rule: FollowTractorRule = FollowTractorRule.LONGEST_UP_TO_LED  # §2.3.2 [A8]
    ruff_structure_rule: RuffStructureRule = RuffStructureRule.SHAPE  # §3 [A5]
    ruff_all_trump_required_for_singles: bool = True  # §3 [A7] a mixed play is a discard
    multi_unit_compare: MultiUnitCompare = MultiUnitCompare.PRIMARY_UNIT  # §3 [A6]
    allow_throws: bool = True  # §4.1 甩牌
    # §4.4.2 [A3] lead the lowest beaten unit
    failed_throw_forced_play: FailedThrowForcedPlay = FailedThrowForcedPlay.SMALLEST_FAILING_UNIT
    # §4.4.2 [A3] the beaten unit holding the lowest card
    failed_throw_unit_priority: FailedThrowUnitPriority = FailedThrowUnitPriority.LOWEST_CARD
    # §4.5 S000: card points per card
    failed_throw_penalty_kind: FailedThrowPenaltyKind = FailedThrowPenaltyKind.DECLARER_POINTS_PER_CARD
    failed_throw_penalty_amount: int = 5  # §4.5 S000 "每张牌5分"
    # §4.5 [A4] every card of the attempted throw
    failed_throw_penalty_basis: FailedThrowPenaltyBasis = FailedThrowPenaltyBasis.ALL_ATTEMPTED_CARDS
    # §4.5 S000: a declarer failure is subtracted from, a defender failure added to, the declarer's points
    failed_throw_penalty_recipient: FailedThrowPenaltyRecipient = FailedThrowPenaltyRecipient.S000_RULE
    max_failed_throws_per_player: int | None = None  # §4.6 None = no limit (Baofen)
    eight_kind_mode: EightKindMode = EightKindMode.S000  # §1.8.4 [A2] the leader wins
    eight_kind_void_must_play_pairs: bool = True  # §2.7.1 "没有主的必出副牌中的对"
    eight_kind_fill_pairs: bool = True  # §2.7.1 [A2] fill with plain pairs
    eight_kind_lead_only: bool = True  # §1.8.3 [A2]
    eight_kind_promotion_scope: EightKindPromotionScope = EightKindPromotionScope.PLAY_ONLY  # §1.8.3 [A2]


GAME_OPTION_CLASSES: tuple[type, ...] = tuple(game.hook("options") for game in GAMES)  # each game's own section


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet(*reversed(GAME_OPTION_CLASSES), SharedOptions):  # fields: the shared sections, then each game's
    """Every parameter of RULES.md §9.1–§9.5: the shared sections' and each game's own (`games/<game>/options.py`).
    Frozen and hashable."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, _coerce(f.name, getattr(self, f.name)))
        _check_ranges(self)
        for name in OPTION_NAMES:
            if name not in self.option_names and getattr(self, name) != FIELD_DEFAULTS[name]:
                raise RulesError(not_read_message(name, self))

    # ---- the game it plays ----

    @property
    def game(self) -> str:
        """The id of the game these rules play (`baofen_sim.games`), from `trump_selection`."""
        return for_trump_selection(self.trump_selection).id

    @property
    def option_names(self) -> tuple[str, ...]:
        """The options its game reads (the options of its §9 sections), in field order."""
        return GAME_OPTIONS[self.game]

    # ---- building changed copies ----

    def replace(self, **changes: Any) -> RuleSet:
        """A validated copy with `changes`. The name becomes "custom" if an option changed, unless given.
        Changing an option that the copy's game does not read is refused (even to its default)."""
        for key in changes:
            if key not in FIELD_TYPES:
                raise RulesError(unknown_option_message(key))
        new = dataclasses.replace(self, **changes)
        for key in changes:
            if key != "name" and key not in new.option_names:
                raise RulesError(not_read_message(key, new))
        if "name" not in changes and not same_options(new, self):
            new = dataclasses.replace(new, name="custom")
        return new

    def with_overrides(self, overrides: Iterable[str]) -> RuleSet:
        """Apply `OPTION=VALUE` texts (as given to `--set`), each value parsed by the option's type."""
        changes: dict[str, Any] = {}
        for item in overrides:
            key, sep, text = item.partition("=")
            if not sep:
                raise RulesError(f"--set {item!r}: expected OPTION=VALUE")
            key = option_name(key)
            changes[key] = parse_text(key, text.strip())
        return self.replace(**changes)

    # ---- plain data ----

    def to_dict(self) -> dict[str, Any]:
        """`name` and every option its game reads as plain values (str, bool, int, float, list; None = unset
        optional)."""
        return {"name": self.name} | {name: _plain(getattr(self, name)) for name in self.option_names}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: RuleSet | None = None) -> RuleSet:
        """Options from plain values on top of `base` (default: the `baofen` defaults).

        Accepts `name`, any option its game reads, and the map options as tables: `stake_multipliers` with
        keys normal/quanji/banji/jintaiyang, `kitty_multiplier` with keys single/pair/tractor,
        `zpy_joker_flip_suits` with keys bj/lj.
        """
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key in MAP_OPTIONS:
                changes.update(_flatten_map(key, value))
            elif key in FIELD_TYPES:
                changes[key] = value
            else:
                raise RulesError(unknown_option_message(key))
        return (base or cls()).replace(**changes)

    def options(self) -> dict[str, Any]:
        """Every option its game reads (not the name) with its value."""
        return {name: getattr(self, name) for name in self.option_names}


# ---- field types, read once from the annotations ----

FIELD_TYPES: dict[str, Any] = typing.get_type_hints(RuleSet)
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(RuleSet) if f.name != "name")  # all games
FIELD_DEFAULTS: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(RuleSet)}

_GAME_MODULES = [importlib.import_module(options.__module__) for options in GAME_OPTION_CLASSES]
OPTIONS_MODULES = {game.id: module for game, module in zip(GAMES, _GAME_MODULES, strict=True)}  # its options.py
# Headings for dumps and listings: (title, first option of the group); the title starts with its section.
GROUPS: tuple[tuple[str, str], ...] = (
    (SHARED_SECTIONS[0], "num_players"),
    (SHARED_SECTIONS[1], "follow_tractor_rule"),
    *((module.SECTION, dataclasses.fields(options)[0].name) for module, options in zip(_GAME_MODULES,
                                                                                      GAME_OPTION_CLASSES,
                                                                                      strict=True)),
)
# The §9 map options, each flattened into one field per key: map name -> (field prefix, keys).
MAP_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    name: spec for module in _GAME_MODULES for name, spec in module.MAP_OPTIONS.items()}


def _section_options() -> dict[str, tuple[str, ...]]:
    starts = [OPTION_NAMES.index(first) for _, first in GROUPS] + [len(OPTION_NAMES)]
    return {title.split()[0]: OPTION_NAMES[start:end]
            for (title, _), start, end in zip(GROUPS, starts, starts[1:], strict=False)}


SECTIONS: dict[str, tuple[str, ...]] = _section_options()  # "§9.1" -> its options, in field order
SECTION_OF: dict[str, str] = {name: section for section, names in SECTIONS.items() for name in names}
SHARED_SECTION_NUMBERS = tuple(title.split()[0] for title in SHARED_SECTIONS)
GAME_SECTION: dict[str, str] = {game.id: title.split()[0] for game, (title, _) in zip(GAMES, GROUPS[2:], strict=True)}
GAME_OPTIONS: dict[str, tuple[str, ...]] = {  # game id -> the options it reads: the shared sections' and its own
    game.id: tuple(name for name in OPTION_NAMES
                   if SECTION_OF[name] in (*SHARED_SECTION_NUMBERS, GAME_SECTION[game.id]))
    for game in GAMES
}


def not_read_message(option: str, rules: RuleSet) -> str:
    """One line: `option` belongs to other games than the one `rules` plays."""
    section = SECTION_OF[option]
    owners = " and ".join(game.title for game in GAMES if option in GAME_OPTIONS[game.id])
    return (f"{option} is an option of {owners} (RULES {section}); {rules.name} plays {by_id(rules.game).title} "
            "and does not read it")


def same_options(a: RuleSet, b: RuleSet) -> bool:
    """True if `a` and `b` differ at most in their names."""
    return all(getattr(a, name) == getattr(b, name) for name in OPTION_NAMES)


def option_name(text: str) -> str:
    """The field name for user text (dashes and `stake_multipliers.KEY`, `kitty_multiplier.KEY`,
    `zpy_joker_flip_suits.KEY` accepted);
    unknown → RulesError."""
    key = text.strip().replace("-", "_")
    head, dot, tail = key.partition(".")
    if dot and head in MAP_OPTIONS:
        prefix, keys = MAP_OPTIONS[head]
        if tail not in keys:
            raise RulesError(_not_one_of(head, tail, keys))
        key = prefix + tail
    if key not in FIELD_TYPES:
        raise RulesError(unknown_option_message(key))
    return key


def unknown_option_message(key: str) -> str:
    """One line naming an unknown option and the closest known one."""
    close = difflib.get_close_matches(key, FIELD_TYPES, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]}?" if close else f" (see `baofen-sim rules show {DEFAULT_NAME}` for all options)"
    return f"unknown option {key!r}{hint}"


def allowed_text(name: str) -> str:
    """What option `name` accepts, in words (used in error messages and TOML comments)."""
    kind = FIELD_TYPES[name]
    if _is_enum(kind):
        return "one of " + ", ".join(m.value for m in kind)
    return {
        bool: "true or false",
        int: "an integer",
        float: "a number",
        str: "a name",
        int | None: "an integer or none",
        tuple[int, ...]: "a list of integers",
        tuple[str, ...]: "a list of the suits " + ", ".join(SUIT_LETTERS),
    }[kind]


# ---- normalisation: plain value → field value ----


def _coerce(name: str, value: Any) -> Any:
    """The field value for a plain Python/TOML value, or RulesError naming the option."""
    kind = FIELD_TYPES[name]
    if _is_enum(kind):
        return _coerce_enum(name, kind, value)
    if kind is bool:
        if isinstance(value, bool):
            return value
    elif kind is int:
        if _is_int(value):
            return value
    elif kind is float:
        if (_is_int(value) or isinstance(value, float)) and _is_finite(value):
            return float(value)
    elif kind is str:
        if isinstance(value, str) and value.strip() and value.isprintable():
            return value
    elif kind == int | None:
        if value is None or (isinstance(value, str) and value.lower() in NONE_TEXTS):
            return None
        if _is_int(value):
            return value
    elif kind == tuple[int, ...]:
        if isinstance(value, list | tuple) and all(_is_int(v) for v in value):
            return tuple(value)
    elif kind == tuple[str, ...]:
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return tuple(v.strip().upper() for v in value)
    raise RulesError(f"{name}: {value!r} is not {allowed_text(name)}")


def _coerce_enum(name: str, kind: type[StrEnum], value: Any) -> StrEnum:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        for member in kind:  # case-insensitive: "REACH_A", "reach_a" and "reach_A" alike
            if member.value.lower() == value.strip().lower():
                return member
    raise RulesError(_not_one_of(name, value, [m.value for m in kind]))


def parse_text(name: str, text: str) -> Any:
    """Parse command-line text for option `name` by its type (bool true/false; list "85,90,95"; none)."""
    kind = FIELD_TYPES[name]
    lowered = text.lower()
    if kind is bool:
        if lowered in ("true", "false"):
            return lowered == "true"
    elif kind == int | None and lowered in NONE_TEXTS:
        return None
    elif kind in (int, int | None, float, tuple[int, ...]):
        try:
            return _parse_number(kind, text)
        except ValueError:
            pass
    elif kind == tuple[str, ...]:
        return tuple(item.strip(" \"'") for item in text.strip("[]() ").split(",") if item.strip(" \"'"))
    else:
        return text  # enums and names: checked on construction
    raise RulesError(f"{name}: {text!r} is not {allowed_text(name)}")


def _parse_number(kind: Any, text: str) -> int | float | tuple[int, ...]:
    if kind == tuple[int, ...]:
        items = text.strip("[]() ").split(",")
        return tuple(int(item) for item in items if item.strip())
    return float(text) if kind is float else int(text)


def _plain(value: Any) -> Any:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def _flatten_map(name: str, table: Any) -> dict[str, Any]:
    """The fields of map option `name` (MAP_OPTIONS) given as a table."""
    prefix, keys = MAP_OPTIONS[name]
    if not isinstance(table, Mapping):
        raise RulesError(f"{name}: {table!r} is not a table with keys {', '.join(keys)}")
    changes = {}
    for key, value in table.items():
        if key not in keys:
            raise RulesError(_not_one_of(name, key, keys))
        changes[prefix + key] = value
    return changes


def _is_enum(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, StrEnum)


def _is_finite(value: int | float) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _not_one_of(name: str, value: Any, allowed: Iterable[str]) -> str:
    return f"{name}: {value!r} is not one of {', '.join(allowed)}"


# ---- ranges and cross-checks ----

# Lower bounds of numeric options; a float bound is strict ("> 0"), an int bound inclusive (">= n").
_MINIMUM: dict[str, int | float] = {
    "hand_size": 1,
    "kitty_size": 0,
    "failed_throw_penalty_amount": 0,
    "max_failed_throws_per_player": 1,
    **{name: low for module in _GAME_MODULES for name, low in module.MINIMUM.items()},
}


def _check_ranges(rules: RuleSet) -> None:
    """Raise RulesError for the first value out of range or inconsistent with the others."""
    for name, low in _MINIMUM.items():
        value = getattr(rules, name)
        if value is None:
            continue
        if isinstance(low, float) and not value > low:
            raise RulesError(f"{name}: {value!r} is not allowed (must be > {low:g})")
        if value < low:
            raise RulesError(f"{name}: {value!r} is not allowed (must be >= {low})")
    _check_table(rules)
    for options in GAME_OPTION_CLASSES:  # each game's own checks, in field order
        problem = options.section_problem(rules, rules.num_players)
        if problem:
            raise RulesError(problem)


def _check_table(rules: RuleSet) -> None:
    game = by_id(rules.game)
    if rules.num_players not in game.players:
        allowed = ", ".join(map(str, game.players))
        raise RulesError(f"num_players: {rules.num_players} is not supported by {game.title} "
                         f"(supported: {allowed})")
    dealt = rules.num_players * rules.hand_size + rules.kitty_size
    if dealt != PACK_SIZE:
        raise RulesError(
            f"hand_size: num_players × hand_size + kitty_size must be {PACK_SIZE}, "
            f"got {rules.num_players} × {rules.hand_size} + {rules.kitty_size} = {dealt}"
        )
    ranks = rules.constant_trump_ranks
    for rank in ranks:
        if rank not in FACE_RANKS:
            raise RulesError(f"constant_trump_ranks: {rank} is not a face value (2..14, J=11 Q=12 K=13 A=14)")
    if len(set(ranks)) != len(ranks):
        raise RulesError(f"constant_trump_ranks: {list(ranks)} lists a rank twice")


def diff_rules(a: RuleSet, b: RuleSet) -> list[tuple[str, Any, Any]]:
    """The options (not the name) that either game reads whose values differ: (option, value in a, value in b),
    in field order; NOT_READ stands for the value of an option that one of the two games does not read."""
    read_a, read_b = set(a.option_names), set(b.option_names)
    pairs = ((name, getattr(a, name) if name in read_a else NOT_READ, getattr(b, name) if name in read_b
              else NOT_READ) for name in OPTION_NAMES if name in read_a | read_b)
    return [(name, value_a, value_b) for name, value_a, value_b in pairs if value_a != value_b]

