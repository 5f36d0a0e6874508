"""The 找朋友 call and what follows it, in kind space (a seat's cards are its copies per card kind, int8[54]): the
turned-up card (RULES.md §7.4.3), the call with one 7 during the deal (§7.4.4), the flip holder's forced call
(§7.4.5), overcalls with a pair of 7s (§7.4.7), the friend (§7.4.8) and the concession (§7.4.9). `zr` is the
HAND_ZPY_RULES_DTYPE record (`materialize.hand_rules_zpy`)."""

from __future__ import annotations

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, NUM_KINDS, NUM_RANKS, NUM_SUITS, RANK_7
from baofen_sim.codes import NO_SEAT
from baofen_sim.games.zhaopengyou.engine.materialize import (
    CONCEDE_HELD_BOTH,
    CONCEDE_HELD_BOTH_IN_DEAL,
    FLIP_CALL_ANY_7,
    FLIP_CALL_FLIP_OR_TRUMP_7,
    FLIP_FIRST,
    FLIP_LAST,
)
from baofen_sim.games.zhaopengyou.engine.records import DEALT
from baofen_sim.kernels.jit import njit

BOTH_COPIES = 2
# friend_status codes (the row's labels FRIEND_STATUS_LABELS): a friend, or why the declarer plays 1 vs 4
FRIEND_SEAT, FRIEND_NONE_OVERCALL, FRIEND_NONE_OWN_CARD, FRIEND_NONE_BURIED = range(4)
FRIEND_STATUS_LABELS = ("friend", "overcall", "own_card", "buried")


@njit(cache=True)
def is_seven(kind):
    return kind < LITTLE_JOKER and kind % NUM_RANKS == RANK_7


@njit(cache=True)
def seven_of(suit):
    return suit * NUM_RANKS + RANK_7


@njit(cache=True)
def held_sevens(counts, out):
    """The 7s of `counts`, a kind per copy, into out; returns how many (§7.4.4: any one of them may call)."""
    n = 0
    for suit in range(NUM_SUITS):
        for _ in range(counts[seven_of(suit)]):
            out[n] = seven_of(suit)
            n += 1
    return n


@njit(cache=True)
def flip_position(zr, draw):
    """§7.4.3 [A31] the dealt card k (1..100) turned up: `draw` (0..99) is the uniform one of random_dealt."""
    if zr.flip_card == FLIP_FIRST:
        return 1
    if zr.flip_card == FLIP_LAST:
        return DEALT
    return draw + 1


@njit(cache=True)
def flip_trump(zr, card):
    """§7.4.5 the trump a turned-up card names: its suit; a joker the suit `zpy_joker_flip_suits` gives it."""
    if card == BIG_JOKER:
        return zr.joker_suit_bj
    if card == LITTLE_JOKER:
        return zr.joker_suit_lj
    return card // NUM_RANKS


@njit(cache=True)
def forced_options(zr, counts, turned_up, out):
    """§7.4.5 [A50] the kinds the flip holder may call with (the turned-up card, and the 7s `zpy_flip_call` allows),
    in kind order, into out; returns how many."""
    trump = flip_trump(zr, turned_up)
    n = 0
    for kind in range(NUM_KINDS):
        if counts[kind] == 0:
            continue
        seven_allowed = is_seven(kind) and (zr.flip_call == FLIP_CALL_ANY_7 or (
            zr.flip_call == FLIP_CALL_FLIP_OR_TRUMP_7 and kind // NUM_RANKS == trump))
        if kind == turned_up or seven_allowed:
            out[n] = kind
            n += 1
    return n


@njit(cache=True)
def call_trump(zr, card, forced, turned_up):
    """The trump a call sets: the suit of its 7, or what the turned-up card names when the flip holder calls with
    it (§7.4.5)."""
    if forced and card == turned_up:
        return flip_trump(zr, turned_up)
    return card // NUM_RANKS


@njit(cache=True)
def forced_trumps(zr, n_options, options, turned_up, out):
    """The trump each of the flip holder's n options would name, into out (`call_trump`)."""
    for i in range(n_options):
        out[i] = call_trump(zr, options[i], True, turned_up)


@njit(cache=True)
def overcall_options(counts, named, out):
    """§7.4.7 the 7s of which `counts` holds both copies, of a suit not yet trump in the hand (bit s of `named`),
    into out; returns how many."""
    n = 0
    for suit in range(NUM_SUITS):
        if counts[seven_of(suit)] == BOTH_COPIES and not (named >> suit) & 1:
            out[n] = seven_of(suit)
            n += 1
    return n


@njit(cache=True)
def friend_of(counts, declarer, card, n):
    """§7.4.8 [A32] (friend seat, friend_status): the seat other than the declarer holding `card` after the bury,
    or NO_SEAT and why not (the declarer holds the other copy, or it is buried)."""
    for seat in range(n):
        if seat != declarer and counts[seat, card] > 0:
            return seat, FRIEND_SEAT
    if counts[declarer, card] == BOTH_COPIES:
        return NO_SEAT, FRIEND_NONE_OWN_CARD
    return NO_SEAT, FRIEND_NONE_BURIED


@njit(cache=True)
def may_concede(zr, card, overcalls, dealt_copies, kitty_copies, held_copies):
    """§7.4.9 [A32]: the option allows it, nobody overcalled, the call showed one 7 and the declarer had both
    copies of it where `zpy_concede_condition` says: his dealt cards and the kitty, his dealt cards, or his hand
    after the bury."""
    if not zr.allow_concede or overcalls > 0 or not is_seven(card):
        return False
    if zr.concede_condition == CONCEDE_HELD_BOTH:
        return dealt_copies + kitty_copies >= BOTH_COPIES
    if zr.concede_condition == CONCEDE_HELD_BOTH_IN_DEAL:
        return dealt_copies >= BOTH_COPIES
    return held_copies >= BOTH_COPIES
