"""Game records (DESIGN.md §8, stable): JSON for a full hand or a mid-hand position.

Full hand::

    {"rules": "baofen", "options": {"bid_cap_default": 150}, "zhujiao": 0,
     "hands": [[25 cards] x 4], "kitty": [8 cards], "bids": [85, "pass", ...],
     "bury": [8 cards], "trump": "H", "plays": [["SA", "SA"], ["S3", "S4"], ...]}

Position: "trump", "declarer", "leader" and the current "hands" (equal sizes), then "plays"; optional
"target" and "buried" so that a position played to the end can be scored. Optional "table":
{"pot": p, "cumulative": [..]} carries the table ledger in. A record may stop at any step.
Malformed input raises RecordError whose message says where.

A record's rule set ("rules": a preset or a TOML rules file, and its "options") chooses its game
(`io.records.parse_record`); this is the Baofen record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from baofen_sim.cards import SUIT_LETTERS, card_name
from baofen_sim.io.record_fields import (
    GameKeys,
    RecordError,
    card_lists,
    cards,
    check_keys,
    check_order,
    numbers,
    optional_int,
    require,
    seat,
)
from baofen_sim.rules import RuleSet

HAND_KEYS = {"rules", "options", "zhujiao", "hands", "kitty", "bids", "bury", "trump", "plays", "table"}
POSITION_KEYS = {"rules", "options", "trump", "declarer", "leader", "hands", "plays", "target", "buried",
                 "table"}
PASS = "pass"


@dataclass
class GameRecord:
    rules: RuleSet
    is_position: bool
    hands: list[list[int]]
    kitty: list[int] = field(default_factory=list)
    zhujiao: int = 0
    bids: list[int | None] | None = None
    bury: list[int] | None = None
    trump: int | None = None
    plays: list[list[int]] = field(default_factory=list)
    declarer: int | None = None
    leader: int | None = None
    target: int | None = None
    table: dict[str, Any] | None = None


RECORD_KEYS: GameKeys = (HAND_KEYS, POSITION_KEYS)


def parse_baofen_record(data: dict, rules: RuleSet, other_games: dict[str, GameKeys]) -> GameRecord:
    """A Baofen record from its JSON object and its rule set (`record_fields.parse_rules`); `other_games`: the other
    games' keys, named as theirs."""
    is_position = "leader" in data
    check_keys(data, RECORD_KEYS, is_position, "position" if is_position else "full-hand record", other_games)
    seats = rules.num_players
    hands = card_lists(require(data, "hands"), "hands", count=seats)
    record = GameRecord(rules, is_position, hands, plays=card_lists(data.get("plays", []), "plays"),
                        table=_table(data.get("table"), seats))
    if is_position:
        record.trump = _suit(require(data, "trump"))
        record.declarer = seat(require(data, "declarer"), "declarer", seats)
        record.leader = seat(require(data, "leader"), "leader", seats)
        record.target = optional_int(data.get("target"), "target")
        record.kitty = cards(data.get("buried", []), "buried")
        return record
    record.kitty = cards(require(data, "kitty"), "kitty")
    record.zhujiao = seat(data.get("zhujiao", rules.first_zhujiao_seat), "zhujiao", seats)
    if "bids" in data:
        record.bids = _bids(data["bids"], rules)
    if "bury" in data:
        record.bury = cards(data["bury"], "bury")
    if "trump" in data:
        record.trump = _suit(data["trump"])
    check_order(data, ("bids", "bury", "trump", "plays"))
    return record


def _suit(value: Any) -> int:
    if not isinstance(value, str) or value.upper() not in SUIT_LETTERS or len(value) != 1:
        raise RecordError(f"trump: expected one of S, H, C, D, got {value!r}")
    return SUIT_LETTERS.index(value.upper())


def _bids(value: Any, rules: RuleSet) -> list[int | None]:
    if not isinstance(value, list):
        raise RecordError("bids: expected a list of bids and \"pass\"")
    low = min(min(rules.bid_open_values), min(rules.bid_open_values_after_pass))
    bids: list[int | None] = []
    for i, bid in enumerate(value):
        if bid == PASS:
            bids.append(None)
        elif isinstance(bid, int) and not isinstance(bid, bool) and bid % 5 == 0 and low <= bid <= rules.bid_cap_max:
            bids.append(bid)
        else:
            raise RecordError(f"bids[{i}]: {bid!r} is not a bid: expected \"pass\" or a multiple of 5 "
                              f"from {low} to {rules.bid_cap_max} (§5.4.4)")
    return bids


def _table(value: Any, seats: int) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"pot", "cumulative"}:
        raise RecordError("table: expected an object with 'pot' and/or 'cumulative'")
    pot = value.get("pot", 0)
    if not isinstance(pot, int | float) or isinstance(pot, bool) or pot < 0:
        raise RecordError(f"table.pot: expected a non-negative number, got {pot!r}")
    return {"pot": float(pot), "cumulative": numbers(value.get("cumulative", [0] * seats), "table.cumulative", seats)}


def record_to_json(rules_name: str, options: dict[str, Any], zhujiao: int, hands, kitty, bids, bury, trump,
                   plays) -> dict[str, Any]:
    """A full-hand record (kind ids in, notation out), as `replay --record` prints it."""
    names = lambda cards: [card_name(k) for k in cards]  # noqa: E731
    record: dict[str, Any] = {"rules": rules_name, "options": options, "zhujiao": zhujiao,
                              "hands": [names(h) for h in hands], "kitty": names(kitty),
                              "bids": [PASS if b is None else b for b in bids]}
    if bury is not None:
        record.update(bury=names(bury), trump=SUIT_LETTERS[trump], plays=[names(p) for p in plays])
    return record


def position_to_json(rules_name: str, options: dict[str, Any], hands, trump, declarer, target, buried,
                     plays) -> dict[str, Any]:
    """A position record from the first lead of a hand (a forced declarer's: no auction), as `replay --record`
    prints it; the declarer leads (§5.8)."""
    names = lambda cards: [card_name(k) for k in cards]  # noqa: E731
    return {"rules": rules_name, "options": options, "trump": SUIT_LETTERS[trump], "declarer": declarer,
            "leader": declarer, "hands": [names(h) for h in hands], "plays": [names(p) for p in plays],
            "target": target, "buried": names(buried)}
