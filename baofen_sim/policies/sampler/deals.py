"""Deals of the hidden cards consistent with what a seat has seen (DESIGN.md §6: a sampling policy may draw
hidden hands consistent with its view).

The hidden cards are the 108 minus the seat's hand, the cards played (earlier tricks and the current one)
and the cards it alone knows (the declarer's bury). They lie in the other seats' hands, whose sizes are
public (`view.hand_sizes`), and, for a defender, in the kitty (kitty_size cards). A seat that has shown a
void (`view.voids`, §2.3) holds no card of that effective suit; the cards of a failed throw not played since
(`view.shown_*`, §4.4.1) are its leader's; a seat that has shown it holds no pair of a suit
(`view.pairless`, §2.3.2 (b)) is not given both copies of a card of it (such cards are dealt first, so the
second copy finds another place; should the voids leave it none, the voids win).

`deal_from` hands the hidden cards out one by one in a random order, each to a holder drawn in proportion
to its free places among the holders that may take it and leave the rest of the deal possible (Hall's
condition over the holders, `fitting_holders`, read from a table of slacks kept up to date card by card), so
it never fails or retries, however late in the hand; without voids it is a uniform deal. A deal is a function
of the view, the seat's own cards and its stream alone: the hidden cards' true places are never read.
What a view's deals start from (the holders, their places and the hidden cards, `deal_layout`) is worked out once
per search, not once per deal or redraw (`deal_from`, `auction_model.sample_from`). Baofen's sampler reads its
deals through the auction and the declarer's trump and bury (`auction_model.sample_deal`).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import NUM_EFFECTIVE_SUITS
from baofen_sim.kernels.bits import ONE, ZERO, popcount, remove_cards, trailing_zeros
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.play import subtract_cards
from baofen_sim.kernels.rng import bounded
from baofen_sim.policies.heuristic.unseen import unseen_cards
from baofen_sim.records import MAX_PLAYERS

MAX_HOLDERS = MAX_PLAYERS  # the other seats and the kitty
MAX_HIDDEN = 108
ALL_SUITS = (1 << NUM_EFFECTIVE_SUITS) - 1
# A hidden card's class, for the holders that may take it: its effective suit, or NUM_EFFECTIVE_SUITS + its suit when
# it is confined (`confine`: only some holders may take it). A layout's card entry is its bit index, with CONFINED
# set for a confined card; `allowed[h]` has bit c for each class c holder h may take.
NUM_CLASSES = 2 * NUM_EFFECTIVE_SUITS
CONFINED = 64
BIT_INDEX = CONFINED - 1


@njit(cache=True)
def hidden_cards(tb, view, hand_ge1, hand_eq2, known_ge1, known_eq2):
    """(ge1, eq2): every card the seat has not seen: the heuristic's unseen cards but those it alone knows."""
    ge1, eq2 = unseen_cards(tb, view, hand_ge1, hand_eq2)
    return remove_cards(ge1, eq2, known_ge1, known_eq2)


@njit(cache=True, inline="always")
def holder_masks(allowed, free, holders, masks, classes):
    """masks[c]: bit h for each holder h with a free place that may take a card of class c (the first `classes`)."""
    for s in range(classes):
        m = 0
        for h in range(holders):
            if free[h] > 0 and allowed[h] >> s & 1:
                m |= 1 << h
        masks[s] = m


@njit(cache=True, inline="always")
def hall_slack(counts, masks, free, holders, slack, classes):
    """slack[H] for every non-empty set H of holders (a bit mask): H's free places less the cards that only H
    may take (those of the classes s with masks[s] inside H). Hall's condition holds when no slack is negative."""
    slack[0] = 0
    for subset in range(1, 1 << holders):
        room = 0
        need = 0
        for h in range(holders):
            if subset >> h & 1:
                room += free[h]
        for s in range(classes):
            if counts[s] > 0 and masks[s] & ~subset == 0:
                need += counts[s]
        slack[subset] = room - need


@njit(cache=True, inline="always")
def least_proper_slack(slack, holders):
    """The least slack of a set of holders other than all of them (whose slack is the one spare place of the
    card being placed); a large number when there is none."""
    least = MAX_HIDDEN
    for subset in range(1, (1 << holders) - 1):
        least = min(least, slack[subset])
    return least


@njit(cache=True, inline="always")
def fitting_holders(allowed, free, holders, suit, slack, fits):
    """fits[h]: whether holder h may take the next card, of class `suit`, and leave the rest of the
    deal possible: Hall's condition after free[h] − 1 (for every set H of holders, the cards that only H may
    take fit in H's free places), read from `slack` (`hall_slack` of the state without the card). The sets
    holding h lose a place: none of them may be without a spare one (slack < 1, `short`); the others keep
    theirs (slack ≥ 0, as they always have unless the voids leave no way), unless h fills up: a set H without h
    then stands where H ∪ {h} stood, one place short, which the first test covers."""
    short = 0
    broken = False
    for subset in range(1, 1 << holders):
        if slack[subset] < 1:
            short |= subset
            broken |= slack[subset] < 0
    for h in range(holders):
        fits[h] = free[h] > 0 and allowed[h] >> suit & 1 and not short >> h & 1
        if fits[h] and broken and free[h] > 1:
            for subset in range(1, 1 << holders):
                if not subset >> h & 1 and slack[subset] < 0:
                    fits[h] = False
                    break


@njit(cache=True, inline="always")
def _add(ge1, eq2, b):
    if ge1 & b:
        return ge1, eq2 | b
    return ge1 | b, eq2


@njit(cache=True)
def front_pairs(tb, cards, total, both_ge1, pair_suits):
    """Move the cards both of whose copies are hidden and whose suit some seat holds no pair of to the front,
    in their order: they are placed while every holder has room, so the second copy finds a place away from
    the first's pairless holder."""
    front = 0
    for i in range(total):
        b = cards[i] & BIT_INDEX
        if both_ge1 >> np.uint64(b) & ONE and pair_suits >> tb.bit_suit[b] & 1:
            moved = cards[i]
            for j in range(i, front, -1):
                cards[j] = cards[j - 1]
            cards[front] = moved
            front += 1


@njit(cache=True)
def deal_once(tb, view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, kitty_size, state, out_ge1, out_eq2):
    """One deal of the hidden cards: out_ge1/out_eq2[other seat] its hand, [seat] the kitty when the seat
    does not know it (kitty_size > 0), else 0. Returns the advanced stream."""
    layout = deal_layout(tb, view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, kitty_size)
    return deal_from(tb, layout, state, out_ge1, out_eq2)


@njit(cache=True, inline="always")
def still_held(view, other, hidden_ge1, hidden_eq2):
    """(ge1, eq2): the cards seat `other` has shown (`view.shown_*`) that are hidden from the seat. A failed throw's
    cards always are; an 80分 showing's are not when its holder buried them and the seat saw them there (the kitty
    it picked up). (A void drops a seat's shown cards of the suit, `kernels.play.note_void`.)"""
    return view.shown_ge1[other] & hidden_ge1, view.shown_eq2[other] & hidden_eq2


@njit(cache=True, inline="always")
def deal_layout(tb, view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, kitty_size):
    """What every deal at this view starts from, worked out once for all of them (`deal_from`): (holders,
    total, both_ge1, start_ge1, start_eq2, holder_seat, free, allowed, pairless, cards, counts): the holders
    (the other seats, then the kitty), the hidden cards (`total`, bit indices in `cards`, `counts` per class;
    both_ge1 those both of whose copies are hidden), and each seat's cards before the deal (its shown ones). No
    card is confined (`confine` may confine some)."""
    n = tb.num_players
    ge1, eq2 = hidden_cards(tb, view, np.uint64(hand_ge1), np.uint64(hand_eq2), np.uint64(known_ge1),
                            np.uint64(known_eq2))
    start_ge1 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
    start_eq2 = np.zeros(MAX_PLAYERS, dtype=np.uint64)
    holder_seat = np.empty(MAX_HOLDERS, dtype=np.int64)
    free = np.zeros(MAX_HOLDERS, dtype=np.int64)
    allowed = np.zeros(MAX_HOLDERS, dtype=np.int64)
    pairless = np.zeros(MAX_HOLDERS, dtype=np.int64)
    holders = 0
    for other in range(n):
        if other != seat:
            shown_ge1, shown_eq2 = still_held(view, other, ge1, eq2)
            start_ge1[other], start_eq2[other] = shown_ge1, shown_eq2  # its own, as it showed them
            ge1, eq2 = remove_cards(ge1, eq2, shown_ge1, shown_eq2)
            holder_seat[holders] = other
            free[holders] = view.hand_sizes[other] - popcount(shown_ge1) - popcount(shown_eq2)
            allowed[holders] = ALL_SUITS & ~view.voids[other]
            pairless[holders] = view.pairless[other]
            holders += 1
    if kitty_size > 0:
        holder_seat[holders] = seat  # the kitty, kept in the seat's own slot
        free[holders] = kitty_size
        allowed[holders] = ALL_SUITS
        holders += 1
    cards = np.empty(MAX_HIDDEN, dtype=np.int64)
    counts = np.zeros(NUM_CLASSES, dtype=np.int64)
    total = 0
    for mask in (ge1, eq2):
        rest = mask
        while rest != ZERO:
            b = trailing_zeros(rest)
            cards[total] = b
            counts[tb.bit_suit[b]] += 1
            total += 1
            rest &= rest - ONE
    return holders, total, eq2, start_ge1, start_eq2, holder_seat, free, allowed, pairless, cards, counts


@njit(cache=True, inline="always")
def confine(tb, view, layout, ge1, eq2, takers):
    """Confine the cards (ge1, eq2) the seat buried before a 反底 took the kitty from it (80分, §7.3.8) to where they
    can be: with the seats of the mask `takers` (who took the kitty after it, `view.bury_takers`) or in the kitty
    (the layout's last holder). A copy one of them has played or shown may have been one of those cards; the rest
    still hidden are, and the layout's deals place them there (`deal_from`)."""
    holders, total, _, _, _, holder_seat, _, allowed, _, cards, counts = layout
    n = tb.num_players
    for other in range(n):  # what the takers played or showed may be of the bury: it no longer says where a copy is
        if takers >> other & 1:
            ge1, eq2 = subtract_cards(ge1, eq2, view.seat_played_ge1[other], view.seat_played_eq2[other])
            ge1, eq2 = subtract_cards(ge1, eq2, view.shown_ge1[other], view.shown_eq2[other])
            if (other - view.leader) % n < view.n_played:
                ge1, eq2 = subtract_cards(ge1, eq2, view.trick_ge1[other], view.trick_eq2[other])
    seen = ZERO
    for i in range(total):  # the first copies of the hidden cards come first, then the second ones
        card = ONE << np.uint64(cards[i])
        if card & (eq2 if seen & card else ge1):
            cards[i] |= CONFINED
            suit = tb.bit_suit[cards[i] & BIT_INDEX]
            counts[suit] -= 1
            counts[NUM_EFFECTIVE_SUITS + suit] += 1
        seen |= card
    for h in range(holders):
        if h == holders - 1 or takers >> holder_seat[h] & 1:
            allowed[h] |= (allowed[h] & ALL_SUITS) << NUM_EFFECTIVE_SUITS


@njit(cache=True, inline="always")
def deal_from(tb, layout, state, out_ge1, out_eq2):
    """One deal from a `deal_layout`, which it leaves as it was. Returns the advanced stream."""
    holders, total, both_ge1, start_ge1, start_eq2, holder_seat, free, allowed, pairless, cards, counts = layout
    free = free.copy()
    cards = cards.copy()
    counts = counts.copy()
    for other in range(tb.num_players):
        out_ge1[other], out_eq2[other] = start_ge1[other], start_eq2[other]
    for i in range(total - 1, 0, -1):  # Fisher-Yates: a random order of the hidden cards
        state, j = bounded(state, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    pair_suits = 0
    for h in range(holders):
        pair_suits |= pairless[h]
    if pair_suits:
        front_pairs(tb, cards, total, both_ge1, pair_suits)
    weights = np.zeros(MAX_HOLDERS, dtype=np.int64)
    fits = np.zeros(MAX_HOLDERS, dtype=np.bool_)
    masks = np.empty(NUM_CLASSES, dtype=np.int64)
    slack = np.empty(1 << MAX_HOLDERS, dtype=np.int64)
    constrained = False  # without a void or a confined card every placement leaves the rest possible: no Hall's test
    for h in range(holders):
        constrained |= allowed[h] != ALL_SUITS
    classes = NUM_EFFECTIVE_SUITS  # the suits, and the confined cards' classes when there are any
    for c in range(NUM_EFFECTIVE_SUITS, NUM_CLASSES):
        if counts[c] > 0:
            classes = NUM_CLASSES
    places = 0
    for h in range(holders):
        places += free[h]
    spare = 0  # at most every proper set of holders' slack: while it is 1 or more, every holder fits
    for i in range(total):
        b = cards[i] & BIT_INDEX
        suit = tb.bit_suit[b]
        klass = suit + NUM_EFFECTIVE_SUITS if cards[i] & CONFINED else suit
        card = ONE << np.uint64(b)
        counts[klass] -= 1
        uneven = places != total - i  # the places left are not the cards left (a view that cannot be dealt)
        if constrained and (spare < 1 or uneven):
            holder_masks(allowed, free, holders, masks, classes)
            hall_slack(counts, masks, free, holders, slack, classes)
            spare = least_proper_slack(slack, holders)
        if constrained and (spare < 1 or uneven):
            fitting_holders(allowed, free, holders, klass, slack, fits)
        else:  # no set of holders short (`fitting_holders` with no slack below 1): the places and the voids decide
            for h in range(holders):
                fits[h] = free[h] > 0 and allowed[h] >> klass & 1
        weight_sum = 0
        for strict in (True, False):  # the pairless seats first; without a place left, the voids alone
            for h in range(holders):
                weights[h] = 0
                if strict and pairless[h] >> suit & 1 and out_ge1[holder_seat[h]] & card:
                    continue
                if fits[h]:
                    weights[h] = free[h]
                weight_sum += weights[h]
            if weight_sum > 0:
                break
        state, pick = bounded(state, max(weight_sum, 1))
        h = 0
        while h < holders - 1 and (weights[h] == 0 or pick >= weights[h]):
            pick -= weights[h]
            h += 1
        free[h] -= 1
        places -= 1
        # a placement takes one place from the sets holding h and none from the others; a holder filled up
        # changes the suits' holders: the table is worked out again
        spare = spare - 1 if free[h] > 0 else 0
        owner = holder_seat[h]
        out_ge1[owner], out_eq2[owner] = _add(out_ge1[owner], out_eq2[owner], card)
    return state


@njit(cache=True, inline="always")
def seat_layout(tb, view, seat, hand_ge1, hand_eq2, known_ge1, known_eq2, kitty_size):
    """(layout, knows_kitty): what the seat's deals start from (`deal_layout`) and whether it knows the kitty.
    `known`: the kitty to its burier; to a seat whose bury another took (80分's 反底, 找朋友's overcall;
    `view.bury_takers`), that bury, whose cards still hidden lie with the takers or in the kitty (`confine`); else
    nothing."""
    takers = view.bury_takers[seat]
    knows_kitty = known_ge1 != ZERO and takers == 0
    layout = deal_layout(tb, view, seat, hand_ge1, hand_eq2, known_ge1 if knows_kitty else ZERO,
                         known_eq2 if knows_kitty else ZERO, 0 if knows_kitty else kitty_size)
    if takers != 0:
        confine(tb, view, layout, known_ge1, known_eq2, takers)
    return layout, knows_kitty
