"""The heuristic's last-trick guard (`policies.heuristic`): where the last trick scores the kitty (80分 抠底, RULES.md
§7.3.11, A23; `tb.last_trick_kitty`), a seat with at most `last_trick` cards left (its parameter declarer_last_trick
or defender_last_trick; 0 = never) keeps one copy of its guard card, a top trump no unseen card beats, out of its
plays until the last trick, which that card then wins whatever is led. The 庄家方 keeps a winner for the last trick,
the 抓分方 keep one to capture the kitty. It applies while the kitty may hold points (the unseen cards, the kitty
among them, hold some)."""

from __future__ import annotations

from baofen_sim.codes import TRUMP
from baofen_sim.kernels.bits import ZERO, bit, remove_cards
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.units import card_count
from baofen_sim.kernels.values import top_bit


@njit(cache=True)
def guard_card(tb, hand_ge1, unseen_ge1):
    """The bit (as a mask) of the hand's highest trump when no unseen card beats it, else 0."""
    trumps = hand_ge1 & tb.suit_mask[TRUMP]
    if trumps == ZERO:
        return ZERO
    top = top_bit(tb, trumps)
    if (unseen_ge1 & tb.beat_mask[top]) != ZERO:
        return ZERO
    return bit(top)


@njit(cache=True)
def guarded_hand(pp, tb, hand_ge1, hand_eq2, unseen_ge1, unseen_eq2, play_cards):
    """(ge1, eq2) the cards the seat chooses a play of `play_cards` cards from: its hand less one copy of its guard
    card when the guard applies (by its `unseen.PlayParams` `pp`) and cards remain after this play, else the whole
    hand. Called only where tb.last_trick_kitty is set (the callers test it, so Baofen's plays never reach this)."""
    size = card_count(hand_ge1, hand_eq2)
    if size <= play_cards or size > pp.last_trick or card_points(tb, unseen_ge1, unseen_eq2) == 0:
        return hand_ge1, hand_eq2
    guard = guard_card(tb, hand_ge1, unseen_ge1)
    if guard == ZERO:
        return hand_ge1, hand_eq2
    return remove_cards(hand_ge1, hand_eq2, guard, ZERO)
