"""The fields every game's record shares (DESIGN.md §8): its rules and options, cards, seats, integers, the keys a
record may have. Each reader raises RecordError whose message says where."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from baofen_sim.cards import CardError, format_cards, parse_card
from baofen_sim.rules import PRESETS, RulesError, RuleSet, load_rules
from baofen_sim.rules.presets import DEFAULT_PRESET, game_preset


class RecordError(ValueError):
    """A malformed game record; the message names the file and the place."""


def require(data: dict, key: str) -> Any:
    if key not in data:
        raise RecordError(f"missing key {key!r}")
    return data[key]


def parse_rules(data: dict) -> RuleSet:
    """The rule set of a record: its "rules" (a preset name or a TOML rules file; default DEFAULT_PRESET) with its
    "options" on top. The rule set's game is the record's; an option that game does not read is refused."""
    spec = data.get("rules", DEFAULT_PRESET)
    if not isinstance(spec, str):
        raise RecordError(f"'rules' must be a preset name or a TOML path, got {spec!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object of rule options")
    try:
        return RuleSet.from_dict(options, base=load_rules(spec))
    except RulesError as exc:
        raise RecordError(f"rules: {exc}") from None


def record_rules(rules: RuleSet) -> tuple[str, dict[str, Any]]:
    """("preset", {options that differ from it}) naming `rules` in a game record: its own preset, or the first
    preset of its game for custom rules."""
    named = PRESETS.get(rules.name)
    base = named if named is not None and named.game == rules.game else game_preset(rules.game)
    plain = base.to_dict()
    options = {key: value for key, value in rules.to_dict().items() if key != "name" and value != plain[key]}
    return base.name, options


GameKeys = tuple[set[str], set[str]]  # a game's keys of a full-hand record and of a position


def check_keys(data: dict, keys: GameKeys, is_position: bool, kind: str, other_games: dict[str, GameKeys]) -> None:
    """Every key of `data` is one of `keys` for its kind (a full hand or a position) of a record of `kind`
    ("full-hand record", …). A key of another game's records of the same kind, or one that no record of this game
    has, is named as that game's."""
    allowed = keys[is_position]
    unknown = sorted(set(data) - allowed)
    if not unknown:
        return
    key, listed, ours = unknown[0], ", ".join(sorted(allowed)), keys[0] | keys[1]
    for game, theirs in other_games.items():
        if key in theirs[is_position] or key in (theirs[0] | theirs[1]) - ours:
            raise RecordError(f"{key!r} is a {game} key, not one of a {kind} (allowed: {listed})")
    raise RecordError(f"unknown key {key!r} in a {kind} (allowed: {listed})")


def check_order(data: dict, steps: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    """A record stops at some step: nothing may come after a missing step (an `optional` one may be left out; an
    empty last step, the plays, counts as missing)."""
    present = [s in data and (s != steps[-1] or bool(data[s])) for s in steps]
    for i, step in enumerate(steps[:-1]):
        later = [s for s, p in zip(steps[i + 1:], present[i + 1:], strict=True) if p]
        if not present[i] and step not in optional and later:
            raise RecordError(f"{later[0]!r} given without {step!r}")


def cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list of cards, got {type(value).__name__}")
    kinds = []
    for i, token in enumerate(value):
        if not isinstance(token, str):
            raise RecordError(f"{where}[{i}]: expected a card string, got {token!r}")
        try:
            kinds.append(parse_card(token))
        except CardError as exc:
            raise RecordError(f"{where}[{i}]: {exc}") from None
    return kinds


def card_lists(value: Any, where: str, count: int | None = None) -> list[list[int]]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list of card lists")
    if count is not None and len(value) != count:
        raise RecordError(f"{where}: expected {count} entries, got {len(value)}")
    return [cards(item, f"{where}[{i}]") for i, item in enumerate(value)]


def seat(value: Any, where: str, seats: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise RecordError(f"{where}: expected a seat 0..{seats - 1}, got {value!r}")
    return value


def optional_int(value: Any, where: str) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise RecordError(f"{where}: expected an integer, got {value!r}")
    return value


def numbers(value: Any, where: str, count: int) -> list[float]:
    """`count` numbers (a per-seat list such as 积分)."""
    if (not isinstance(value, list) or len(value) != count
            or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in value)):
        raise RecordError(f"{where}: expected {count} numbers")
    return [float(x) for x in value]


def require_held(held: Iterable[int], kinds: Iterable[int], where: str, seat: int) -> None:
    """A step's cards must be in its seat's hand: a record that says otherwise contradicts its own deal."""
    missing = Counter(kinds) - Counter(held)
    if missing:
        raise RecordError(f"{where}: seat {seat} does not hold {format_cards(sorted(missing.elements()))}")
