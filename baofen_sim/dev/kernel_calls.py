"""The trick kernels called in card notation, for tests and the differential harness (not for hot loops).

Kernels take a `TrumpTables` (`baofen_sim.tables.materialize`) and uint64 bitboard pairs (ge1, eq2); the
wrappers below convert card lists or notation strings (`"SA SA SK"`) to bitboards and back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from baofen_sim.cards import parse_cards
from baofen_sim.engine.deal import deal
from baofen_sim.kernels import follow, leads, throws, trick, units
from baofen_sim.kernels.hands import hand_from_kinds
from baofen_sim.kernels.units import Lead
from baofen_sim.tables import TrumpTables, bits_to_kinds, kinds_to_bits

Cards = str | Sequence[int]

__all__ = [
    "Lead",
    "bits_of",
    "cards_of",
    "classes",
    "deal",
    "follow_choices",
    "lead_choices",
    "lead_of",
    "lead_profile",
    "legal_follow",
    "legal_lead",
    "random_follow",
    "random_lead",
    "throw_verdict",
    "warm_up",
    "winner",
    "winning_play",
]


def _kinds(cards: Cards) -> list[int]:
    return parse_cards(cards) if isinstance(cards, str) else [int(k) for k in cards]


def bits_of(tables: TrumpTables, cards: Cards) -> tuple[np.uint64, np.uint64]:
    """(ge1, eq2) of cards given as notation or kind ids."""
    ge1, eq2 = kinds_to_bits(tables, _kinds(cards))
    return np.uint64(ge1), np.uint64(eq2)


def cards_of(tables: TrumpTables, ge1, eq2) -> list[int]:
    """Sorted card kinds of a bitboard pair."""
    return bits_to_kinds(tables, ge1, eq2)


def lead_of(tables: TrumpTables, cards: Cards) -> Lead:
    """The kernel Lead (profile §1.9.3) of led cards."""
    return units.analyze_lead(tables, *bits_of(tables, cards))


def lead_profile(tables: TrumpTables, cards: Cards) -> tuple[tuple[int, ...], int, int]:
    """§1.9.3 (tractor lengths in pairs, longest first; loose pairs; singles) of led cards."""
    lead = lead_of(tables, cards)
    lengths = np.zeros(units.MAX_RUNS, dtype=np.int64)
    k = units.slot_lengths(lead.slots, lengths)
    return tuple(int(length) for length in lengths[:k]), int(lead.loose), int(lead.singles)


def legal_lead(tables: TrumpTables, hand: Cards, cards: Cards, throw_allowed: bool = True) -> bool:
    """§2.1 structural lead legality (throw validation against other hands is `throw_verdict`)."""
    return bool(leads.is_legal_lead(tables, *bits_of(tables, hand), *bits_of(tables, cards), throw_allowed))


def legal_follow(tables: TrumpTables, lead: Cards, hand: Cards, play: Cards) -> bool:
    """§2.2–§2.7: may `play` answer `lead` from `hand` (the follower's cards before playing)?"""
    return bool(follow.is_legal_follow(tables, lead_of(tables, lead), *bits_of(tables, hand),
                                       *bits_of(tables, play)))


def follow_choices(tables: TrumpTables, lead: Cards, hand: Cards, capacity: int = 4096) -> list[list[int]]:
    """Every legal follow as a sorted kind list (each distinct multiset once). ValueError past `capacity`."""
    out_ge1 = np.zeros(capacity, dtype=np.uint64)
    out_eq2 = np.zeros(capacity, dtype=np.uint64)
    count, complete = follow.enumerate_follows(tables, lead_of(tables, lead), *bits_of(tables, hand),
                                               out_ge1, out_eq2)
    if not complete:
        raise ValueError(f"more than {capacity} legal follows")
    return [cards_of(tables, out_ge1[i], out_eq2[i]) for i in range(count)]


def random_follow(tables: TrumpTables, lead: Cards, hand: Cards, state: int) -> tuple[int, list[int]]:
    """(new state, a uniformly drawn legal follow)."""
    state, ge1, eq2 = follow.sample_follow(tables, lead_of(tables, lead), *bits_of(tables, hand),
                                           np.uint64(state))
    return int(state), cards_of(tables, ge1, eq2)


def lead_choices(tables: TrumpTables, hand: Cards, throw_allowed: bool = True) -> list[tuple[int, list[int]]]:
    """Candidate leads (leads.enumerate_leads) as (SINGLE/PAIR/TRACTOR/THROW/EIGHT_KIND, sorted kinds)."""
    size = leads.MAX_LEAD_CHOICES
    out_ge1 = np.zeros(size, dtype=np.uint64)
    out_eq2 = np.zeros(size, dtype=np.uint64)
    out_kind = np.zeros(size, dtype=np.int64)
    count = leads.enumerate_leads(tables, *bits_of(tables, hand), throw_allowed, out_ge1, out_eq2, out_kind)
    return [(int(out_kind[i]), cards_of(tables, out_ge1[i], out_eq2[i])) for i in range(count)]


def random_lead(tables: TrumpTables, hand: Cards, state: int,
                throw_allowed: bool = True) -> tuple[int, int, list[int]]:
    """(new state, kind, cards): one of `lead_choices` drawn uniformly (leads.sample_lead)."""
    state, ge1, eq2, kind = leads.sample_lead(tables, *bits_of(tables, hand), throw_allowed, np.uint64(state))
    return int(state), int(kind), cards_of(tables, ge1, eq2)


def _seat_boards(tables: TrumpTables, hands: Mapping[int, Cards]) -> tuple[np.ndarray, np.ndarray]:
    ge1 = np.zeros(tables.num_players, dtype=np.uint64)
    eq2 = np.zeros(tables.num_players, dtype=np.uint64)
    for seat, cards in hands.items():
        ge1[seat], eq2[seat] = bits_of(tables, cards)
    return ge1, eq2


def throw_verdict(tables: TrumpTables, throw: Cards, other_hands: Mapping[int, Cards] | Sequence[Cards],
                  thrower: int = 0, declarer: int = 0) -> tuple[bool, list[int]]:
    """§4.2–§4.4.2: (valid, forced lead) of a throw. `other_hands` maps seat → cards, or lists the hands of
    the seats after the thrower in playing order. The forced lead is [] for a valid throw."""
    if not isinstance(other_hands, Mapping):
        n = tables.num_players
        other_hands = {(thrower + 1 + i) % n: cards for i, cards in enumerate(other_hands)}
    hands_ge1, hands_eq2 = _seat_boards(tables, other_hands)
    ok, forced_ge1, forced_eq2 = throws.validate_throw(tables, *bits_of(tables, throw), thrower, declarer,
                                                       hands_ge1, hands_eq2)
    return bool(ok), cards_of(tables, forced_ge1, forced_eq2)


def _trick_boards(tables: TrumpTables, plays: Sequence[Cards], leader: int):
    n = tables.num_players
    if len(plays) != n:
        raise ValueError(f"a trick has {n} plays, got {len(plays)}")
    return _seat_boards(tables, {(leader + i) % n: cards for i, cards in enumerate(plays)})


def winner(tables: TrumpTables, plays: Sequence[Cards], leader: int = 0, declarer: int = 0) -> int:
    """§3.5 winning seat of a trick; `plays` in playing order, the lead first (played by `leader`)."""
    ge1, eq2 = _trick_boards(tables, plays, leader)
    return int(trick.trick_winner(tables, lead_of(tables, plays[0]), ge1, eq2, leader, declarer))


def winning_play(tables: TrumpTables, plays: Sequence[Cards], leader: int = 0,
                 declarer: int = 0) -> tuple[int, int, int]:
    """§3.5 (seat, class, value) of the best play so far; `plays` in playing order, the lead first (played by
    `leader`), as many as have been made (a whole trick or fewer)."""
    n = tables.num_players
    ge1, eq2 = _seat_boards(tables, {(leader + i) % n: cards for i, cards in enumerate(plays)})
    seat, play_class, value = trick.winning_play(tables, lead_of(tables, plays[0]), ge1, eq2, leader, declarer,
                                                 len(plays))
    return int(seat), int(play_class), int(value)


def classes(tables: TrumpTables, plays: Sequence[Cards], leader: int = 0) -> list[int]:
    """§3.1 class (LEAD/IN_SUIT/RUFF/DISCARD) of each play, in playing order."""
    ge1, eq2 = _trick_boards(tables, plays, leader)
    out = np.zeros(tables.num_players, dtype=np.int64)
    trick.play_classes(tables, lead_of(tables, plays[0]), ge1, eq2, leader, out)
    n = tables.num_players
    return [int(out[(leader + i) % n]) for i in range(n)]


def warm_up(tables: TrumpTables) -> None:
    """Compile (or load from the cache) every public kernel once, on tiny tricks."""
    hand = "SA SA SK SK S3 H5 H5 H4 H4 BJ"
    legal_follow(tables, "SQ SQ SJ SJ", hand, "SA SA SK SK")
    legal_follow(tables, "S4 S4 H4 H4 C4 C4 D4 D4", hand, "SA SA SK SK S3 H5 H5 H4")
    follow_choices(tables, "S5 S5", hand)
    random_follow(tables, "S5 S4 S4", hand, 1)
    lead_choices(tables, hand)
    random_lead(tables, hand, 1)
    legal_lead(tables, hand, "SA SA SK SK")
    lead_profile(tables, "SA SA SK SK S3")
    throw_verdict(tables, "SA SK SK", ["SQ SQ", "C3", "D3"])
    for plays in (["S9 S9", "SA SA", "H3 H3", "C4 C5"], ["S9 S9 S8 S8", "SA SA SK SK", "H3 H3 H4 H4", "C4 C5 C6 C7"]):
        winner(tables, plays)
        winning_play(tables, plays[:2])
        classes(tables, plays)
    ge1, eq2 = bits_of(tables, hand)
    leads.count_leads(tables, ge1, eq2, True)
    hand_from_kinds(tables, ge1, eq2)
    trick.trick_points(tables, np.array([ge1]), np.array([eq2]))
    deal(1, 0)
