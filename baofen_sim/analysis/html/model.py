"""The view model: everything the hand page shows, as plain JSON-able data, and its validation.

A game turns its record of one hand into this dict; `render_view` draws it. The page never asks which game it
shows: what differs between games (seat labels, roles, teams, the score's label and target, the result's rows)
comes as data. Cards are output notation (DESIGN.md §3): `SA`, `H10`, `C2`, `BJ`, `LJ`. Seats count from 0,
tricks from 1. Fields marked "optional" may be left out; every other field is required. An unknown field is an
error (it names the nearest known field), so a typo in a producer fails loudly instead of vanishing from the page.

Top level::

    title        str          the page's heading, e.g. "包分 · run seed 7 · hand 12"
    game         str          the game's display name, e.g. "包分 Baofen", "80分", "找朋友 (5 players)"
    rules        str          the rules preset or file, e.g. "baofen", "tractor-80fen"
    hand         str | int    the hand's id in its run (or the record's file name)
    trump        str | null   "S" "H" "C" "D", "NT" (no-trump), or null (no trump chosen: all pass, a position)
    level        str | null   optional; the rank played ("2".."10", "J".."A") where the game has levels
    trump_cards  [card]       every card kind that is a trump in this hand, each once (jokers, level cards,
                              the trump suit): the page marks these wherever they appear
    seats        [seat]       one per seat, in seat order (seats[i].index == i)
    kitty        [card]       the undealt cards as dealt (before any bury)
    events       [event]      what happened before the first lead, in order (may be empty)
    bury         bury | null  the bury that stands when play begins (earlier ones are events)
    tricks       [trick]      in order; tricks[k - 1].number == k
    score_start  score        optional; the running score before the first trick (default: the first trick's
                              label and target with value 0)
    result       result|null  the hand's result as the game scores it; null when the record stops early
    stopped      str          optional; why there is no result: the illegal step at which judging stopped, as
                              the judge names it ("ILLEGAL play by seat 1: S3 — … (§2.3.1)")

seat::

    index        int          0..n-1
    label        str          e.g. "Seat 0", "East"
    roles        [str]        roles known from the start, e.g. ["庄"], ["declarer", "主叫"], []
    team         str | null   the seat's side, e.g. "庄家方" / "抓分方"; seats with equal strings are one side
    hand         [card]       the cards held when the first trick is led, already sorted as a player sorts them
                              for this trump and level (the producer sorts; the page keeps the order)

event::

    kind         str          bid, pass, show, call, flip, overcall, fandi, concede, bury, trump, zhuang, ...
    seat         int | null   who acted (null: nobody, e.g. a trump turned up from the kitty)
    text         str          one line, e.g. "bids 85", "shows H2 H2 → trump H"
    cards        [card]       the cards shown, called, flipped or buried (may be empty)

bury::

    seat         int          who buried
    cards        [card]

trick::

    number       int          1..n
    leader       int          the seat that led
    plays        [play]       in table order, starting with the leader
    winner       int | null   the seat that won it (null: the record stops inside this trick)
    points       int | null   card points the winner took
    note         note | null  optional; something that happened in this trick, e.g. the friend revealed
    score        score        the running score after this trick

play::

    seat         int
    cards        [card]       the cards that left the hand (after a failed throw: the forced unit)
    failed_throw throw | null optional; the lead was a throw that failed
    ruff         bool         optional (default false); the seat trumped a plain-suit lead (毙)

throw (a failed throw)::

    attempted    [card]       the cards of the attempted throw
    forced       [card]       the unit the player was forced to lead (may be empty: a free re-lead)
    text         str          optional; e.g. "penalty 30"

note::

    text         str          e.g. "Seat 3 is the friend: 55 points cleared"
    seat         int | null   optional; the seat it concerns
    role         str | null   optional; a role the seat shows from this trick on, e.g. "friend"
    team         str | null   optional; the side the seat shows from this trick on

score::

    label        str          e.g. "declarer's points", "抓分方 points", "defenders' total"
    value        int | float
    target       int | float | null   optional; the target or threshold the value is measured against
    target_label str          optional; e.g. "target", "threshold"

result::

    headline     str          one line, e.g. "Declarer seat 0 lost: 35 points against a target of 85"
    rows         [[str, str | int | float | bool | null]]   key/value rows, e.g. ["category", "normal"], ["R", -5]
                              (true/false show as yes/no, null as a dash)
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable
from typing import Any

from baofen_sim.cards import NUM_KINDS, card_name

CARD_CODES = frozenset(card_name(k) for k in range(NUM_KINDS))
TRUMPS = ("S", "H", "C", "D", "NT")

Check = Callable[[Any, str], None]


class ViewModelError(ValueError):
    """A view model with a missing, unknown or ill-typed field; the message says where."""


def _fail(where: str, expected: str, value: Any) -> None:
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    raise ViewModelError(f"view model: {where}: expected {expected}, got {shown}")


def _str(value: Any, where: str) -> None:
    if not isinstance(value, str):
        _fail(where, "a string", value)


def _int(value: Any, where: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(where, "an integer", value)


def _number(value: Any, where: str) -> None:
    if not isinstance(value, int | float) or isinstance(value, bool):
        _fail(where, "a number", value)


def _bool(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        _fail(where, "true or false", value)


def _card(value: Any, where: str) -> None:
    if value not in CARD_CODES:
        _fail(where, "a card code such as 'SA', 'H10', 'BJ'", value)


def _trump(value: Any, where: str) -> None:
    if value not in TRUMPS:
        _fail(where, "one of S, H, C, D, NT", value)


def _hand_id(value: Any, where: str) -> None:
    if not isinstance(value, str | int) or isinstance(value, bool):
        _fail(where, "a string or an integer", value)


def _row_value(value: Any, where: str) -> None:
    if value is not None and not isinstance(value, str | int | float | bool):
        _fail(where, "a string, a number, true/false or null", value)


def nullable(check: Check) -> Check:
    def run(value: Any, where: str) -> None:
        if value is not None:
            check(value, where)
    return run


def list_of(check: Check) -> Check:
    def run(value: Any, where: str) -> None:
        if not isinstance(value, list):
            _fail(where, "a list", value)
        for i, item in enumerate(value):
            check(item, f"{where}[{i}]")
    return run


def pair_of(first: Check, second: Check) -> Check:
    def run(value: Any, where: str) -> None:
        if not isinstance(value, list | tuple) or len(value) != 2:
            _fail(where, "a [key, value] pair", value)
        first(value[0], f"{where}[0]")
        second(value[1], f"{where}[1]")
    return run


def record(required: dict[str, Check], optional: dict[str, Check] | None = None) -> Check:
    """An object with these fields; unknown fields are errors naming the nearest known one."""
    optional = optional or {}
    known = {**required, **optional}

    def run(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            _fail(where, "an object", value)
        for key in value:
            if key not in known:
                near = difflib.get_close_matches(str(key), known, n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else f" (known: {', '.join(known)})"
                raise ViewModelError(f"view model: {_join(where, str(key))}: unknown field{hint}")
        for key, check in required.items():
            if key not in value:
                raise ViewModelError(f"view model: {_join(where, key)}: missing field")
            check(value[key], _join(where, key))
        for key, check in optional.items():
            if key in value:
                check(value[key], _join(where, key))
    return run


def _join(where: str, key: str) -> str:
    return key if not where else f"{where}.{key}"


CARDS = list_of(_card)
SCORE = record({"label": _str, "value": _number}, {"target": nullable(_number), "target_label": _str})
THROW = record({"attempted": CARDS, "forced": CARDS}, {"text": _str})
PLAY = record({"seat": _int, "cards": CARDS}, {"failed_throw": nullable(THROW), "ruff": _bool})
NOTE = record({"text": _str}, {"seat": nullable(_int), "role": nullable(_str), "team": nullable(_str)})
TRICK = record({"number": _int, "leader": _int, "plays": list_of(PLAY), "winner": nullable(_int),
                "points": nullable(_int), "score": SCORE}, {"note": nullable(NOTE)})
SEAT = record({"index": _int, "label": _str, "roles": list_of(_str), "team": nullable(_str), "hand": CARDS})
EVENT = record({"kind": _str, "seat": nullable(_int), "text": _str, "cards": CARDS})
BURY = record({"seat": _int, "cards": CARDS})
RESULT = record({"headline": _str, "rows": list_of(pair_of(_str, _row_value))})
VIEW = record({"title": _str, "game": _str, "rules": _str, "hand": _hand_id, "trump": nullable(_trump),
               "trump_cards": CARDS, "seats": list_of(SEAT), "kitty": CARDS, "events": list_of(EVENT),
               "bury": nullable(BURY), "tricks": list_of(TRICK), "result": nullable(RESULT)},
              {"level": nullable(_str), "score_start": SCORE, "stopped": _str})


def validate_view(model: Any) -> None:
    """Raise ViewModelError (one line saying where) unless `model` is a well-formed view model: every field
    present and of its type, seats and tricks numbered in order, every seat named in range, and every card
    played still in its seat's hand."""
    VIEW(model, "")
    seats = model["seats"]
    if not seats:
        raise ViewModelError("view model: seats: expected at least one seat")
    for i, seat in enumerate(seats):
        if seat["index"] != i:
            raise ViewModelError(f"view model: seats[{i}].index: expected {i}, got {seat['index']}")
    in_range = _seat_checker(len(seats))
    for i, event in enumerate(model["events"]):
        if event["seat"] is not None:
            in_range(event["seat"], f"events[{i}].seat")
    if model["bury"] is not None:
        in_range(model["bury"]["seat"], "bury.seat")
    held = [Counter(seat["hand"]) for seat in seats]
    for k, trick in enumerate(model["tricks"]):
        _check_trick(trick, k, in_range, held)


def _seat_checker(n: int) -> Callable[[int, str], None]:
    def run(seat: int, where: str) -> None:
        if not 0 <= seat < n:
            raise ViewModelError(f"view model: {where}: expected a seat 0..{n - 1}, got {seat}")
    return run


def _check_trick(trick: dict[str, Any], k: int, in_range: Callable[[int, str], None], held: list[Counter]) -> None:
    where = f"tricks[{k}]"
    if trick["number"] != k + 1:
        raise ViewModelError(f"view model: {where}.number: expected {k + 1}, got {trick['number']}")
    in_range(trick["leader"], f"{where}.leader")
    if trick["plays"] and trick["plays"][0]["seat"] != trick["leader"]:
        raise ViewModelError(f"view model: {where}.plays[0].seat: expected the leader {trick['leader']}, got "
                             f"{trick['plays'][0]['seat']}")
    seen: set[int] = set()
    for j, play in enumerate(trick["plays"]):
        seat = play["seat"]
        in_range(seat, f"{where}.plays[{j}].seat")
        if seat in seen:
            raise ViewModelError(f"view model: {where}.plays[{j}].seat: seat {seat} plays twice in one trick")
        seen.add(seat)
        missing = Counter(play["cards"]) - held[seat]
        if missing:
            cards = " ".join(missing.elements())
            raise ViewModelError(f"view model: {where}.plays[{j}].cards: seat {seat} plays {cards}, which its hand "
                                 "no longer holds")
        held[seat] -= Counter(play["cards"])
    if trick["winner"] is not None and trick["winner"] not in seen:
        raise ViewModelError(f"view model: {where}.winner: seat {trick['winner']} did not play in this trick")
    note = trick.get("note")
    if note is not None and note.get("seat") is not None:
        in_range(note["seat"], f"{where}.note.seat")
