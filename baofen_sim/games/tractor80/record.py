"""80分 game records (DESIGN.md §8, stable): a full hand or a position in the play, under an 80分 rule set (`"rules":
"tractor-80fen"` or an 80分 TOML rules file, and the record's "options").

Full hand::

    {"rules": "tractor-80fen", "options": {...}, "levels": ["2", "2"], "first_hand": true,
     "hands": [[25 cards in the order received] x 4], "kitty": [8 cards in the order turned over],
     "declarations": [{"after": 9, "seat": 1, "cards": ["H2"]}, ...], "bury": [8 cards],
     "fandi": [{"seat": 3, "cards": ["LJ", "LJ"], "bury": [8 cards]}], "plays": [["SA"], ...],
     "table": {"cumulative": [积分 per seat]}}

Steps come in the order declarations, bury, fandi, plays, and a record may stop after any of them; "fandi" may be
left out when nobody challenged the kitty. Position: "trump" (S, H, C, D or NT), "declarer" (the 庄), "leader", the
current "hands" (equal sizes), "plays", and "levels" or only "level" (the rank played); optional "buried" (the final
kitty: the hand is scored only with it), "points_won" and "failed_throws" (per seat, from the earlier tricks).
Ranks are written 2..10, J, Q, K, A ("T" accepted). Malformed input raises RecordError whose message says where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from baofen_sim.cards import (
    RANK_A,
    SUIT_LETTERS,
    TOTAL_POINTS,
    CardError,
    card_name,
    card_points,
    check_copies,
    parse_rank,
    rank_name,
)
from baofen_sim.games.tractor80.options import GameEnd
from baofen_sim.games.tractor80.reference.deal import Declaration
from baofen_sim.games.tractor80.reference.hand import DEALT, HAND_SIZE, KITTY_SIZE, NUM_PLAYERS, Tractor80Hand
from baofen_sim.games.tractor80.reference.result import team_of
from baofen_sim.io.record_fields import (
    GameKeys,
    RecordError,
    card_lists,
    cards,
    check_keys,
    check_order,
    numbers,
    record_rules,
    require,
    seat,
)
from baofen_sim.reference.order import NO_TRUMP
from baofen_sim.rules import RuleSet

TRACTOR_80FEN = "tractor-80fen"
HAND_KEYS = {"rules", "options", "levels", "first_hand", "zhuang", "hands", "kitty", "declarations", "bury", "fandi",
             "plays", "table"}
POSITION_KEYS = {"rules", "options", "trump", "declarer", "leader", "hands", "plays", "levels", "level", "buried",
                 "points_won", "failed_throws", "table"}
RECORD_KEYS: GameKeys = (HAND_KEYS, POSITION_KEYS)
STEPS = ("declarations", "bury", "fandi", "plays")


@dataclass(frozen=True)
class Fandi:
    """One 反底 (§7.3.8): the seat, the pair it shows and the 8 cards it buries."""

    seat: int
    cards: list[int]
    bury: list[int]


@dataclass
class Tractor80Record:
    """A full 80分 hand; a step the record stops before is None."""

    rules: RuleSet  # an 80分 rule set: the record's "rules" and "options"
    levels: tuple[int, int]  # ranks 0..12 of team 0 (seats 0, 2) and team 1 (seats 1, 3)
    first_hand: bool
    zhuang: int | None  # the 庄 by rotation; in a first hand only the random 庄 when nobody declared
    hands: list[list[int]]  # in the order received
    kitty: list[int]  # in the order turned over
    declarations: list[Declaration] | None
    bury: list[int] | None
    fandi: list[Fandi] | None
    plays: list[list[int]]
    cumulative: list[float] | None  # 积分 per seat before the hand (`table`)


@dataclass
class Tractor80Position:
    """An 80分 position in the play."""

    rules: RuleSet
    trump: int | None  # 0..3, or NO_TRUMP
    declarer: int  # the 庄
    leader: int
    hands: list[list[int]]
    plays: list[list[int]]
    levels: tuple[int | None, int | None]  # None: not given (the record gave only the rank played)
    buried: list[int] | None  # the final kitty; None: the hand is not scored
    points_won: list[int]
    failed_throws: list[int]
    cumulative: list[float] | None


def parse_tractor80_record(data: dict, rules: RuleSet,
                           other_games: dict[str, GameKeys]) -> Tractor80Record | Tractor80Position:
    """An 80分 record from its JSON object and its rule set (`record_fields.parse_rules`); `other_games`: the other
    games' keys, named as theirs when given."""
    is_position = "leader" in data
    check_keys(data, RECORD_KEYS, is_position,
               f"{TRACTOR_80FEN} {'position' if is_position else 'full-hand record'}", other_games)
    plays = card_lists(data.get("plays", []), "plays")
    cumulative = _cumulative(data.get("table"))
    if is_position:
        return _position(data, rules, plays, cumulative)
    return _full_hand(data, rules, plays, cumulative)


# ----- a full hand -------------------------------------------------------------------------------------

def _full_hand(data: dict, rules: RuleSet, plays: list[list[int]],
               cumulative: list[float] | None) -> Tractor80Record:
    levels = _levels(require(data, "levels"), rules)
    first_hand = data.get("first_hand", False)
    if not isinstance(first_hand, bool):
        raise RecordError(f"first_hand: expected true or false, got {first_hand!r}")
    hands = card_lists(require(data, "hands"), "hands", count=NUM_PLAYERS)
    for i, hand in enumerate(hands):
        _size(hand, HAND_SIZE, f"hands[{i}]")
    kitty = _size(cards(require(data, "kitty"), "kitty"), KITTY_SIZE, "kitty")
    _copies([k for hand in hands for k in hand] + kitty, "deal")
    declarations = _declarations(data["declarations"]) if "declarations" in data else None
    zhuang = seat(data["zhuang"], "zhuang", NUM_PLAYERS) if "zhuang" in data else None
    if first_hand:
        if levels[0] != levels[1]:
            raise RecordError("levels: a game's first hand starts with both teams at one level (§7.3.2)")
        if zhuang is not None and declarations:
            raise RecordError("zhuang: in a first hand the last declarer is 庄 (§7.3.6); give 'zhuang' only if "
                              "nobody declared")
        if zhuang is None and declarations == []:
            raise RecordError("missing key 'zhuang': nobody declared in this first hand, so its (random) 庄 must "
                              "be given (§7.3.6)")
    elif zhuang is None:
        raise RecordError("missing key 'zhuang' (the 庄 of a hand after the first, who receives the first card)")
    bury = cards(data["bury"], "bury") if "bury" in data else None
    fandi = _fandi(data["fandi"]) if "fandi" in data else None
    check_order(data, STEPS, optional=("fandi",))
    return Tractor80Record(rules, levels, first_hand, zhuang, hands, kitty, declarations, bury, fandi,
                           plays, cumulative)


def _declarations(value: Any) -> list[Declaration]:
    declarations = []
    for where, item in _entries(value, "declarations", ("after", "seat", "cards"), "nobody declared"):
        after = item["after"]
        if isinstance(after, bool) or not isinstance(after, int) or not 1 <= after <= DEALT:
            raise RecordError(f"{where}.after: expected the cards dealt so far, 1..{DEALT}, got {after!r}")
        declarations.append(Declaration(after, seat(item["seat"], f"{where}.seat", NUM_PLAYERS),
                                        tuple(cards(item["cards"], f"{where}.cards"))))
    return declarations


def _fandi(value: Any) -> list[Fandi]:
    return [Fandi(seat(item["seat"], f"{where}.seat", NUM_PLAYERS), cards(item["cards"], f"{where}.cards"),
                  cards(item["bury"], f"{where}.bury"))
            for where, item in _entries(value, "fandi", ("seat", "cards", "bury"), "nobody challenged the kitty")]


def _entries(value: Any, name: str, keys: tuple[str, ...], when_empty: str) -> list[tuple[str, dict]]:
    """(where, entry) for each entry of a list of objects with exactly `keys`."""
    if not isinstance(value, list):
        raise RecordError(f"{name}: expected a list of {{{', '.join(keys)}}} ([] when {when_empty})")
    for i, item in enumerate(value):
        if not isinstance(item, dict) or set(item) != set(keys):
            got = sorted(item) if isinstance(item, dict) else type(item).__name__
            raise RecordError(f"{name}[{i}]: expected an object with the keys {', '.join(keys)}, got {got}")
    return [(f"{name}[{i}]", item) for i, item in enumerate(value)]


# ----- a position --------------------------------------------------------------------------------------

def _position(data: dict, rules: RuleSet, plays: list[list[int]],
              cumulative: list[float] | None) -> Tractor80Position:
    trump = _trump(require(data, "trump"))
    declarer = seat(require(data, "declarer"), "declarer", NUM_PLAYERS)
    leader = seat(require(data, "leader"), "leader", NUM_PLAYERS)
    hands = card_lists(require(data, "hands"), "hands", count=NUM_PLAYERS)
    sizes = sorted({len(hand) for hand in hands})
    if len(sizes) != 1 or not 1 <= sizes[0] <= HAND_SIZE:
        raise RecordError(f"hands: a position needs {NUM_PLAYERS} hands of one size 1..{HAND_SIZE}, got sizes "
                          f"{[len(hand) for hand in hands]}")
    buried = _size(cards(data["buried"], "buried"), KITTY_SIZE, "buried") if "buried" in data else None
    _copies([k for hand in hands for k in hand] + (buried or []), "position")
    points_won = _per_seat(data.get("points_won", [0] * NUM_PLAYERS), "points_won", TOTAL_POINTS, step=5)
    outside = TOTAL_POINTS - card_points(k for hand in hands for k in hand) - card_points(buried or [])
    if sum(points_won) > outside:
        raise RecordError(f"points_won: the seats took {sum(points_won)} points, but only {outside} are outside "
                          "the hands and the kitty")
    failed_throws = _per_seat(data.get("failed_throws", [0] * NUM_PLAYERS), "failed_throws",
                              rules.max_failed_throws_per_player)
    return Tractor80Position(rules, trump, declarer, leader, hands, plays, _position_levels(data, declarer, rules),
                             buried, points_won, failed_throws, cumulative)


def _position_levels(data: dict, declarer: int, rules: RuleSet) -> tuple[int | None, int | None]:
    if "levels" in data and "level" in data:
        raise RecordError("give 'levels' or 'level', not both")
    if "levels" in data:
        return _levels(data["levels"], rules)
    if "level" not in data:
        raise RecordError("missing key 'levels' (or 'level', the rank played)")
    level = _playable(_rank(data["level"], "level"), "level", rules)
    return (level, None) if team_of(declarer) == 0 else (None, level)


def _trump(value: Any) -> int | None:
    text = value.upper() if isinstance(value, str) else None
    if text == "NT":
        return NO_TRUMP
    if text is None or len(text) != 1 or text not in SUIT_LETTERS:
        raise RecordError(f"trump: expected one of S, H, C, D, NT, got {value!r}")
    return SUIT_LETTERS.index(text)


def _per_seat(value: Any, where: str, most: int | None, step: int = 1) -> list[int]:
    """A non-negative integer per seat, each at most `most` (None: no limit) and a multiple of `step`."""
    if (not isinstance(value, list) or len(value) != NUM_PLAYERS
            or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x and x % step == 0
                       and (most is None or x <= most) for x in value)):
        limit = "" if most is None else f" up to {most}"
        multiple = "" if step == 1 else f", multiples of {step}"
        raise RecordError(f"{where}: expected {NUM_PLAYERS} integers from 0{limit}{multiple}, got {value!r}")
    return value


# ----- shared by both --------------------------------------------------------------------------------------

def _levels(value: Any, rules: RuleSet) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise RecordError(f"levels: expected the two teams' ranks [seats 0 and 2, seats 1 and 3], got {value!r}")
    first, second = (_playable(_rank(text, f"levels[{i}]"), f"levels[{i}]", rules) for i, text in enumerate(value))
    return first, second


def _rank(value: Any, where: str) -> int:
    try:
        return parse_rank(value)
    except CardError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _playable(level: int, where: str, rules: RuleSet) -> int:
    if level == RANK_A and rules.game_end == GameEnd.REACH_A:
        raise RecordError(f"{where}: under game_end = reach_A a team at A has won the game; no hand is played at A "
                          "(§7.3.2)")
    return level


def _size(kinds: list[int], size: int, where: str) -> list[int]:
    if len(kinds) != size:
        raise RecordError(f"{where}: expected {size} cards, got {len(kinds)}")
    return kinds


def _copies(kinds: list[int], where: str) -> None:
    try:
        check_copies(kinds, where)
    except CardError as exc:
        raise RecordError(str(exc)) from None


def _cumulative(value: Any) -> list[float] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"cumulative"}:
        raise RecordError("table: expected an object with 'cumulative' (积分 per seat)")
    return numbers(value["cumulative"], "table.cumulative", NUM_PLAYERS)


# ----- writing a record -------------------------------------------------------------------------------------

def hand_record(hand: Tractor80Hand) -> dict[str, Any]:
    """The full-hand record of a hand the reference engine played, as far as it went (kind ids in, notation out;
    a failed throw as the attempted cards); its "rules" and "options" name the hand's rule set."""
    names = lambda kinds: [card_name(k) for k in kinds]  # noqa: E731
    rules_name, options = record_rules(hand.rules)
    record: dict[str, Any] = {"rules": rules_name, "options": options,
                              "levels": [rank_name(level) for level in hand.levels], "first_hand": hand.first_hand,
                              "hands": [names(h) for h in hand.dealt_in_order], "kitty": names(hand.kitty)}
    if not hand.first_hand or hand.given_zhuang is not None and not hand.declarations:
        record["zhuang"] = hand.zhuang if hand.zhuang is not None else hand.given_zhuang
    record["declarations"] = [{"after": d.after, "seat": d.seat, "cards": names(d.cards)} for d in hand.declarations]
    buries = [e["cards"] for e in hand.events if e["event"] == "bury"]
    if buries:
        challenges = [e for e in hand.events if e["event"] == "fandi"]
        record["bury"] = buries[0]
        record["fandi"] = [{"seat": e["seat"], "cards": e["cards"], "bury": bury}
                           for e, bury in zip(challenges, buries[1:], strict=True)]
    plays, attempted = [], None
    for event in hand.events:
        if event["event"] == "throw_failed":
            attempted = event["attempted"]
        elif event["event"] == "play":
            plays.append(attempted or event["cards"])
            attempted = None
    if plays:
        record["plays"] = plays
    return record
