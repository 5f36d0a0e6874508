"""Baofen's sampler deals (`sample_deal`): the deals of `deals` read through the seat's model of what the others
did before the play, their bids and the declarer's trump and bury.

Every seat heard the auction: a deal in which another seat (not the declarer) would not have bid as it did,
by the heuristic's bidder (threshold or table) with the seat's own parameters, is drawn again (`bids_agree`; the
bidders' real policies are not known to the seat, so this is its model of them). A defender also knows what
the declarer did with his 33 cards (his dealt 25 and the kitty): he named the trump and buried 8.
`names_trump` and `model_bury` read a deal through the heuristic's eyes (`features.best_trump_suit`,
`bury.heuristic_bury` with the seat's own parameters): a deal in which those 33 cards would not name the trump
is drawn again (at most MAX_REDRAWS times; the last draw is kept), and the kitty becomes what they
would bury when those cards are still unplayed. Without it the defenders' deals spread the trumps evenly
and their search plays worse than the heuristic (measured: the declarer made 9.7 points more often).

A view without voids or pairless seats (most of a hand's first tricks) has uniform deals (`deals.deal_from`), and
is dealt that uniform way directly, holder by holder, by the first steps of a Fisher-Yates shuffle (`uniform_sample`):
a defender's draw deals the declarer's hand and the kitty first and is thrown away, when they would not name the
trump, before the others are dealt.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS
from baofen_sim.kernels.bits import ONE, ZERO, popcount, remove_cards, trailing_zeros
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.play import add_cards
from baofen_sim.kernels.rng import bounded
from baofen_sim.policies.bidding import bid_reaches
from baofen_sim.policies.bury import heuristic_bury
from baofen_sim.policies.features import best_trump_suit
from baofen_sim.policies.registry import TABLE_POSITIONS
from baofen_sim.policies.sampler.deals import ALL_SUITS, _add, deal_from, deal_layout
from baofen_sim.records import MAX_KITTY

MAX_REDRAWS = 8  # deals drawn again at most until the auction and the declarer's trump agree with the deal


@njit(cache=True)
def kind_counts_of(tb, ge1, eq2, counts):
    """Kind counts (int8[NUM_KINDS]) of a trump-layout multiset."""
    counts[:] = 0
    for mask in (np.uint64(ge1), np.uint64(eq2)):
        rest = mask
        while rest != ZERO:
            b = trailing_zeros(rest)
            counts[tb.bit_to_kind[b]] += 1
            rest &= rest - ONE


@njit(cache=True)
def declarer_cards(tb, view, kitty_slot, out_ge1, out_eq2, counts):
    """(held_ge1, held_eq2): the declarer's cards and the kitty in this deal; `counts` gets the kind counts of
    his 33 (those and what he has played)."""
    declarer = view.declarer
    held_ge1, held_eq2 = add_cards(out_ge1[declarer], out_eq2[declarer], out_ge1[kitty_slot], out_eq2[kitty_slot])
    all_ge1, all_eq2 = add_cards(held_ge1, held_eq2, view.seat_played_ge1[declarer],
                                view.seat_played_eq2[declarer])
    kind_counts_of(tb, all_ge1, all_eq2, counts)
    return held_ge1, held_eq2


@njit(cache=True)
def names_trump(tb, view, kitty_slot, out_ge1, out_eq2, counts):
    """Whether the declarer's 33 cards of this deal would name tb.trump (`features.best_trump_suit`)."""
    declarer_cards(tb, view, kitty_slot, out_ge1, out_eq2, counts)
    return best_trump_suit(counts) == tb.trump


@njit(cache=True)
def model_bury(params, tb, view, kitty_slot, kitty_size, out_ge1, out_eq2, counts):
    """Put in the kitty what the declarer's 33 cards of this deal would bury (`bury.heuristic_bury`), unless
    that bury holds a card he has played since or one his failed throw showed in his hand."""
    declarer = view.declarer
    held_ge1, held_eq2 = declarer_cards(tb, view, kitty_slot, out_ge1, out_eq2, counts)
    bury = np.empty(kitty_size, dtype=np.int64)
    heuristic_bury(params, counts, bury)
    kitty_ge1 = ZERO
    kitty_eq2 = ZERO
    for kind in bury:
        b = ONE << np.uint64(tb.kind_to_bit[kind])
        kitty_ge1, kitty_eq2 = _add(kitty_ge1, kitty_eq2, b)
    rest_ge1, rest_eq2 = remove_cards(held_ge1, held_eq2, kitty_ge1, kitty_eq2)
    if popcount(rest_ge1) + popcount(rest_eq2) != popcount(held_ge1) + popcount(held_eq2) - kitty_size:
        return
    if kitty_ge1 & view.shown_ge1[declarer]:
        return
    out_ge1[kitty_slot], out_eq2[kitty_slot] = kitty_ge1, kitty_eq2
    out_ge1[declarer], out_eq2[declarer] = rest_ge1, rest_eq2


@njit(cache=True)
def bids_agree(params, tb, view, seat, out_ge1, out_eq2, counts):
    """Whether every other seat's auction (view.bid_high, view.passed_under, view.passed_opening) is what the
    heuristic's bidder (`bid_reaches`: the threshold or the table bidder), with the seat's own parameters,
    would have bid on its 25 dealt cards in this deal (its hand and what it has played; not the declarer's,
    whose dealt cards are mixed with the kitty): a seat that bid reaches its highest bid as an opening or in a
    contest; a seat that only passed would not have made the cheapest bid open to it. A bidder's later pass is
    not read: the narrow window of evaluations it leaves would cost many draws."""
    for other in range(tb.num_players):
        if other == seat or other == view.declarer or view.bid_high[other] + view.passed_under[other] == 0:
            continue
        dealt_ge1, dealt_eq2 = add_cards(out_ge1[other], out_eq2[other], view.seat_played_ge1[other],
                                         view.seat_played_eq2[other])
        kind_counts_of(tb, dealt_ge1, dealt_eq2, counts)
        opening, contest = bid_reaches(params, counts, (other - view.zhujiao) % TABLE_POSITIONS)
        if view.bid_high[other] > 0:
            if max(opening, contest) < view.bid_high[other]:
                return False
        elif view.passed_under[other] > 0:
            reach = opening if (view.passed_opening >> other) & 1 else contest
            if reach >= view.passed_under[other]:
                return False
    return True


@njit(cache=True)
def sample_deal(params, tb, view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, kitty_size, state, out_ge1,
                out_eq2):
    """A deal of the hidden cards (`deal_once`) read through the auction (`bids_agree`) and, for a defender,
    the declarer's trump choice (`names_trump`): drawn again until both agree, at most MAX_REDRAWS times (the
    last draw is kept); then, for a defender, the declarer's bury (`model_bury`). Returns the advanced
    stream."""
    layout = deal_layout(tb, view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, kitty_size)
    return sample_from(params, tb, view, seat, layout, kitty_size, state, out_ge1, out_eq2)


@njit(cache=True, inline="always")
def is_uniform(layout):
    """Whether a deal from `layout` is a uniform split of the hidden cards: no holder is void in a suit or
    pairless, and the places are the cards (`deal_from` then weighs every holder by its free places alone)."""
    holders, total, _, _, _, _, free, allowed, pairless, _, _ = layout
    places = 0
    for h in range(holders):
        if allowed[h] != ALL_SUITS or pairless[h] != 0:
            return False
        places += free[h]
    return places == total


@njit(cache=True, inline="always")
def draw_block(state, cards, start, stop, total):
    """cards[start:stop] become a uniform draw without replacement from cards[start:total] (the first steps of a
    Fisher-Yates shuffle). Returns the advanced stream."""
    for i in range(start, stop):
        state, j = bounded(state, total - i)
        cards[i], cards[i + j] = cards[i + j], cards[i]
    return state


@njit(cache=True, inline="always")
def give_block(layout, h, cards, start, out_ge1, out_eq2):
    """Holder h's cards in this deal: its shown ones and cards[start:start + free[h]]. Returns the block's end."""
    _, _, _, start_ge1, start_eq2, holder_seat, free, _, _, _, _ = layout
    owner = holder_seat[h]
    ge1, eq2 = start_ge1[owner], start_eq2[owner]
    for i in range(start, start + free[h]):
        ge1, eq2 = _add(ge1, eq2, ONE << np.uint64(cards[i]))
    out_ge1[owner], out_eq2[owner] = ge1, eq2
    return start + free[h]


@njit(cache=True, inline="always")
def holder_of(layout, owner):
    """The holder index of seat slot `owner` in `layout`."""
    holders, _, _, _, _, holder_seat, _, _, _, _, _ = layout
    for h in range(holders):
        if holder_seat[h] == owner:
            return h
    return -1


@njit(cache=True, inline="always")
def uniform_sample(params, tb, view, seat, layout, defender, state, out_ge1, out_eq2, counts):
    """`sample_from` for a uniform layout (`is_uniform`), drawn holder by holder: for a defender the declarer's
    hand and the kitty first, so that a draw whose 33 cards would not name the trump (`names_trump`) is thrown
    away before the other hands are dealt. The same deals in distribution as `deal_from` with its redraws (a
    uniform split, read through the same tests, at most MAX_REDRAWS redraws, the last draw kept), for about a
    third of the cost of a redraw."""
    holders, total, _, start_ge1, start_eq2, _, free, _, _, layout_cards, _ = layout
    cards = layout_cards[:total].copy()
    for other in range(tb.num_players):
        out_ge1[other], out_eq2[other] = start_ge1[other], start_eq2[other]
    first = holder_of(layout, view.declarer) if defender else -1
    kitty = holders - 1
    for draw in range(MAX_REDRAWS + 1):
        last = draw == MAX_REDRAWS
        end = 0
        if defender:
            state = draw_block(state, cards, 0, free[first] + free[kitty], total)
            end = give_block(layout, first, cards, 0, out_ge1, out_eq2)
            end = give_block(layout, kitty, cards, end, out_ge1, out_eq2)
            if not last and not names_trump(tb, view, seat, out_ge1, out_eq2, counts):
                continue
        for h in range(holders):
            if h == first or (defender and h == kitty):
                continue
            state = draw_block(state, cards, end, end + free[h], total)
            end = give_block(layout, h, cards, end, out_ge1, out_eq2)
        if last or bids_agree(params, tb, view, seat, out_ge1, out_eq2, counts):
            break
    return state


@njit(cache=True, inline="always")
def sample_from(params, tb, view, seat, layout, kitty_size, state, out_ge1, out_eq2):
    """`sample_deal` from its `deal_layout` (the same for every deal a search draws at one view)."""
    counts = np.zeros(NUM_KINDS, dtype=np.int8)
    defender = 0 < kitty_size <= MAX_KITTY
    if is_uniform(layout):
        state = uniform_sample(params, tb, view, seat, layout, defender, state, out_ge1, out_eq2, counts)
    else:
        state = deal_from(tb, layout, state, out_ge1, out_eq2)
        for _ in range(MAX_REDRAWS):
            if (not defender or names_trump(tb, view, seat, out_ge1, out_eq2, counts)) and bids_agree(
                    params, tb, view, seat, out_ge1, out_eq2, counts):
                break
            state = deal_from(tb, layout, state, out_ge1, out_eq2)
    if defender:
        model_bury(params, tb, view, seat, kitty_size, out_ge1, out_eq2, counts)
    return state
