"""5-player 找朋友 game records (DESIGN.md §8, stable): a full hand or a position in the play, under a 找朋友 rule set
(`"rules": "zhaopengyou-5p"` or a 找朋友 TOML rules file, and the record's "options").

Full hand::

    {"rules": "zhaopengyou-5p", "options": {...}, "deal_first": 3, "flip": 57,
     "hands": [[20 cards in the order received] x 5], "kitty": [8 cards],
     "call": {"after": 22, "seat": 0, "card": "C7"}, "bury": [8 cards],
     "overcalls": [{"seat": 2, "cards": ["S7", "S7"], "bury": [8 cards]}], "concede": false,
     "plays": [["SA"], ...]}

`call` is the call with one 7 during the deal, or the flip holder's call (`"forced": true`, `after` 100). Steps come
in the order call, bury, overcalls, concede, plays, and a record may stop after any of them; "overcalls" and
"concede" may be left out when nobody overcalled or conceded. Position: "trump" (S, H, C or D), "declarer",
"leader", the current "hands" (equal sizes), "plays"; optional "buried" (the final kitty: the hand is scored only
with it), "points_won" (per seat, from the earlier tricks), "friend_card" (the calling card; absent: no friend) and
"friend" (the seat of a friend who has revealed himself). Malformed input raises RecordError saying where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from baofen_sim.cards import SUIT_LETTERS, TOTAL_POINTS, CardError, card_name, card_points, check_copies, parse_card
from baofen_sim.games.zhaopengyou.reference.calling import DEALT, HAND_SIZE, KITTY_SIZE, NUM_PLAYERS, Call
from baofen_sim.games.zhaopengyou.reference.hand import ZhaopengyouHand
from baofen_sim.io.record_fields import (
    GameKeys,
    RecordError,
    card_lists,
    cards,
    check_keys,
    check_order,
    record_rules,
    require,
    seat,
)
from baofen_sim.rules import RuleSet

ZHAOPENGYOU_5P = "zhaopengyou-5p"
HAND_KEYS = {"rules", "options", "deal_first", "flip", "hands", "kitty", "call", "bury", "overcalls", "concede",
             "plays"}
POSITION_KEYS = {"rules", "options", "trump", "declarer", "leader", "hands", "plays", "buried", "points_won",
                 "friend_card", "friend"}
RECORD_KEYS: GameKeys = (HAND_KEYS, POSITION_KEYS)
STEPS = ("call", "bury", "overcalls", "concede", "plays")
CALL_KEYS = {"after", "seat", "card", "forced"}
OVERCALL_KEYS = ("seat", "cards", "bury")


@dataclass(frozen=True)
class Overcall:
    """One overcall (§7.4.7): the seat, the pair of 7s it shows and the 8 cards it buries."""

    seat: int
    cards: list[int]
    bury: list[int]


@dataclass
class ZhaopengyouRecord:
    """A full 找朋友 hand; a step the record stops before is None."""

    rules: RuleSet
    deal_first: int
    flip: int  # the turned-up card is card `flip` of the deal
    hands: list[list[int]]  # in the order received
    kitty: list[int]
    call: Call | None
    bury: list[int] | None
    overcalls: list[Overcall] | None
    concede: bool | None
    plays: list[list[int]]


@dataclass
class ZhaopengyouPosition:
    """A 找朋友 position in the play."""

    rules: RuleSet
    trump: int
    declarer: int
    leader: int
    hands: list[list[int]]
    plays: list[list[int]]
    buried: list[int] | None
    points_won: list[int]
    friend_card: int | None
    friend: int | None


def parse_zhaopengyou_record(data: dict, rules: RuleSet,
                             other_games: dict[str, GameKeys]) -> ZhaopengyouRecord | ZhaopengyouPosition:
    """A 找朋友 record from its JSON object and its rule set; `other_games`: the other games' keys, named as theirs."""
    is_position = "leader" in data
    check_keys(data, RECORD_KEYS, is_position,
               f"{ZHAOPENGYOU_5P} {'position' if is_position else 'full-hand record'}", other_games)
    plays = card_lists(data.get("plays", []), "plays")
    if is_position:
        return _position(data, rules, plays)
    return _full_hand(data, rules, plays)


def _full_hand(data: dict, rules: RuleSet, plays: list[list[int]]) -> ZhaopengyouRecord:
    deal_first = seat(require(data, "deal_first"), "deal_first", NUM_PLAYERS)
    flip = _count(require(data, "flip"), "flip", "the position of the turned-up card in the deal")
    hands = card_lists(require(data, "hands"), "hands", count=NUM_PLAYERS)
    for i, hand in enumerate(hands):
        _size(hand, HAND_SIZE, f"hands[{i}]")
    kitty = _size(cards(require(data, "kitty"), "kitty"), KITTY_SIZE, "kitty")
    _copies([k for hand in hands for k in hand] + kitty, "deal")
    call = _call(data["call"]) if "call" in data else None
    bury = cards(data["bury"], "bury") if "bury" in data else None
    overcalls = _overcalls(data["overcalls"]) if "overcalls" in data else None
    concede = data.get("concede")
    if concede is not None and not isinstance(concede, bool):
        raise RecordError(f"concede: expected true or false, got {concede!r}")
    if concede and plays:
        raise RecordError("plays: a conceded hand has no plays (§7.4.9)")
    check_order(data, STEPS, optional=("overcalls", "concede"))
    return ZhaopengyouRecord(rules, deal_first, flip, hands, kitty, call, bury, overcalls, concede, plays)


def _call(value: Any) -> Call:
    if not isinstance(value, dict) or not {"after", "seat", "card"} <= set(value) <= CALL_KEYS:
        got = sorted(value) if isinstance(value, dict) else type(value).__name__
        raise RecordError(f"call: expected an object with the keys after, seat, card (and forced), got {got}")
    forced = value.get("forced", False)
    if not isinstance(forced, bool):
        raise RecordError(f"call.forced: expected true or false, got {forced!r}")
    return Call(_count(value["after"], "call.after", "the cards dealt so far"),
                seat(value["seat"], "call.seat", NUM_PLAYERS), _card(value["card"], "call.card"), forced)


def _overcalls(value: Any) -> list[Overcall]:
    if not isinstance(value, list):
        raise RecordError("overcalls: expected a list of {seat, cards, bury} ([] when nobody overcalled)")
    overcalls = []
    for i, item in enumerate(value):
        where = f"overcalls[{i}]"
        if not isinstance(item, dict) or set(item) != set(OVERCALL_KEYS):
            got = sorted(item) if isinstance(item, dict) else type(item).__name__
            raise RecordError(f"{where}: expected an object with the keys {', '.join(OVERCALL_KEYS)}, got {got}")
        overcalls.append(Overcall(seat(item["seat"], f"{where}.seat", NUM_PLAYERS),
                                  cards(item["cards"], f"{where}.cards"), cards(item["bury"], f"{where}.bury")))
    return overcalls


def _position(data: dict, rules: RuleSet, plays: list[list[int]]) -> ZhaopengyouPosition:
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
    points_won = data.get("points_won", [0] * NUM_PLAYERS)
    if (not isinstance(points_won, list) or len(points_won) != NUM_PLAYERS
            or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= TOTAL_POINTS and x % 5 == 0
                       for x in points_won)):
        raise RecordError(f"points_won: expected {NUM_PLAYERS} integers from 0 up to {TOTAL_POINTS}, multiples of 5, "
                          f"got {points_won!r}")
    outside = TOTAL_POINTS - card_points(k for hand in hands for k in hand) - card_points(buried or [])
    if sum(points_won) > outside:
        raise RecordError(f"points_won: the seats took {sum(points_won)} points, but only {outside} are outside "
                          "the hands and the kitty")
    friend_card = _card(data["friend_card"], "friend_card") if "friend_card" in data else None
    friend = seat(data["friend"], "friend", NUM_PLAYERS) if "friend" in data else None
    if friend is not None and (friend_card is None or friend == declarer):
        raise RecordError("friend: a revealed friend needs a 'friend_card' and is not the declarer (§7.4.8)")
    return ZhaopengyouPosition(rules, trump, declarer, leader, hands, plays, buried, points_won, friend_card, friend)


def _count(value: Any, where: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= DEALT:
        raise RecordError(f"{where}: expected {what}, 1..{DEALT}, got {value!r}")
    return value


def _card(value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise RecordError(f"{where}: expected a card string, got {value!r}")
    try:
        return parse_card(value)
    except CardError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _trump(value: Any) -> int:
    text = value.upper() if isinstance(value, str) else None
    if text is None or len(text) != 1 or text not in SUIT_LETTERS:
        raise RecordError(f"trump: expected one of S, H, C, D, got {value!r}")
    return SUIT_LETTERS.index(text)


def _size(kinds: list[int], size: int, where: str) -> list[int]:
    if len(kinds) != size:
        raise RecordError(f"{where}: expected {size} cards, got {len(kinds)}")
    return kinds


def _copies(kinds: list[int], where: str) -> None:
    try:
        check_copies(kinds, where)
    except CardError as exc:
        raise RecordError(str(exc)) from None


# ----- writing a record -------------------------------------------------------------------------------------

def hand_record(hand: ZhaopengyouHand) -> dict[str, Any]:
    """The full-hand record of a hand the reference engine played, as far as it went (kind ids in, notation out;
    a failed throw as the attempted cards); its "rules" and "options" name the hand's rule set."""
    names = lambda kinds: [card_name(k) for k in kinds]  # noqa: E731
    rules_name, options = record_rules(hand.rules)
    record: dict[str, Any] = {"rules": rules_name, "options": options, "deal_first": hand.deal_first,
                              "flip": hand.flip, "hands": [names(h) for h in hand.dealt_in_order],
                              "kitty": names(hand.kitty)}
    if hand.call is not None:
        call = hand.call
        record["call"] = {"after": call.after, "seat": call.seat, "card": card_name(call.card)} | (
            {"forced": True} if call.forced else {})
    buries = [e["cards"] for e in hand.events if e["event"] == "bury"]
    if buries:
        record["bury"] = buries[0]
        overcalls = [e for e in hand.events if e["event"] == "overcall"]
        record["overcalls"] = [{"seat": e["seat"], "cards": e["cards"], "bury": bury}
                               for e, bury in zip(overcalls, buries[1:], strict=True)]
    if hand.conceded:
        record["concede"] = True
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
