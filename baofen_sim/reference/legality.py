"""Lead and follow legality (RULES.md §2, §1.8, §4.1, §4.6): a cascade of checks, each citing its rule."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from baofen_sim.cards import format_cards
from baofen_sim.reference.eight import EIGHT, eight_kind_rank, eight_kinds_held
from baofen_sim.reference.order import TRUMP, Order
from baofen_sim.reference.trick import Lead
from baofen_sim.reference.units import Profile, decompose, pair_kinds, profile_of, tractor_pairs_available
from baofen_sim.reference.verdict import Illegal

SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds", "trumps")


def holds(hand: Sequence[int], cards: Sequence[int]) -> bool:
    return not Counter(cards) - Counter(hand)


def missing_cards(hand: Sequence[int], cards: Sequence[int]) -> Illegal | None:
    missing = Counter(cards) - Counter(hand)
    if missing:
        return Illegal("§2.2", f"does not hold {format_cards(sorted(missing.elements()))}")
    return None


def make_lead(cards: Sequence[int], order: Order, rules) -> Lead:
    """The Lead of a legal lead: an eight of a kind (§1.8.2) is a trump lead of four pairs."""
    cards = tuple(cards)
    rank = eight_kind_rank(cards) if rules.eight_kind_mode != "off" else None
    if rank is not None:
        return Lead(cards, TRUMP, Profile((), 4, 0), eight_rank=rank)
    return Lead(cards, order.suit(cards[0]), profile_of(decompose(cards, order)))


def check_lead(cards: Sequence[int], hand: Sequence[int], order: Order, rules,
               throw_allowed: bool = True) -> Illegal | None:
    """§2.1: a single, pair or tractor of one effective suit; a throw where allowed (§4.1, §4.6);
    in Baofen an eight of a kind (§1.8.2). Throw validation against other hands is separate (§4.2)."""
    if not cards:
        return Illegal("§2.1", "a lead needs at least one card")
    if (missing := missing_cards(hand, cards)) is not None:
        return missing
    if rules.eight_kind_mode != "off" and eight_kind_rank(cards) is not None:
        return None
    if len({order.suit(k) for k in cards}) > 1:
        return Illegal("§2.1", f"a lead must be of one effective suit: {format_cards(cards)}")
    if len(decompose(cards, order)) > 1:
        if not rules.allow_throws:
            return Illegal("§4.1", "throws (甩牌) are not allowed under these rules")
        if not throw_allowed:
            return Illegal("§4.6", "no further throw may be led now: lead a single, a pair or a tractor")
    return None


def check_follow(lead: Lead, hand: Sequence[int], play: Sequence[int], order: Order, rules) -> Illegal | None:
    """§2.2–§2.7: may `play` answer `lead` from `hand`?"""
    n = len(lead.cards)
    if len(play) != n:
        return Illegal("§2.2", f"must play {n} cards, not {len(play)}")
    if (missing := missing_cards(hand, play)) is not None:
        return missing
    if lead.eight_rank is not None:
        return check_eight_kind_follow(hand, play, order, rules)
    suit_name = SUIT_NAMES[lead.suit]
    in_suit = [k for k in hand if order.suit(k) == lead.suit]
    played_in_suit = [k for k in play if order.suit(k) == lead.suit]
    # §2.3.1 Suit: follow with n cards of the suit, or with every card of it.
    if len(in_suit) >= n and len(played_in_suit) < n:
        return Illegal("§2.3.1", f"holds {suit_name}: all {n} cards must be {suit_name}")
    if len(in_suit) < n and len(played_in_suit) < len(in_suit):
        return Illegal("§2.3.1", f"must play all {len(in_suit)} {suit_name} before other suits")
    if len(in_suit) <= n:
        return None
    return check_structure(lead, in_suit, played_in_suit, order, rules)


def check_structure(lead: Lead, in_suit: Sequence[int], played: Sequence[int], order: Order,
                    rules) -> Illegal | None:
    """§2.3.2 (a) tractors first, up to the led lengths; (b) then pairs."""
    profile = lead.profile
    exact = rules.follow_tractor_rule == "same_length_only"
    if profile.tractors:
        held = tractor_pairs_available(in_suit, order, profile.tractors, exact)
        shown = tractor_pairs_available(played, order, profile.tractors, exact)
        if shown < held:
            return Illegal("§2.3.2", f"must play tractors first: {held} tractor pairs held, {shown} played")
    needed = min(profile.all_pairs, len(pair_kinds(in_suit)))
    if len(pair_kinds(played)) < needed:
        return Illegal("§2.3.2", f"must play {needed} pairs of the suit, played {len(pair_kinds(played))}")
    return None


def check_eight_kind_follow(hand: Sequence[int], play: Sequence[int], order: Order, rules) -> Illegal | None:
    """§2.7 following an eight of a kind (a trump lead of four pairs, tractors first)."""
    if rules.eight_kind_mode == "s001" and eight_kinds_held(hand):
        if eight_kind_rank(play) is None:
            return Illegal("§2.7.2", "holding an eight of a kind, must play it")
        return None
    trumps = [k for k in hand if order.suit(k) == TRUMP]
    played_trumps = [k for k in play if order.suit(k) == TRUMP]
    if len(trumps) >= EIGHT:
        if len(played_trumps) < EIGHT:
            return Illegal("§2.7.1", "must answer the eight of a kind with 8 trumps")
        held = tractor_pairs_available(trumps, order, (4, 4), cap=4)
        if tractor_pairs_available(played_trumps, order, (4, 4), cap=4) < held:
            return Illegal("§2.7.1", "must play trump tractors first")
        needed = min(4, len(pair_kinds(trumps)))
        if len(pair_kinds(played_trumps)) < needed:
            return Illegal("§2.7.1", f"must play {needed} trump pairs")
        return None
    if len(played_trumps) < len(trumps):
        return Illegal("§2.7.1", f"must play all {len(trumps)} trumps")
    fill = [k for k in play if order.suit(k) != TRUMP]
    plain = [k for k in hand if order.suit(k) != TRUMP]
    if not trumps and rules.eight_kind_void_must_play_pairs:
        needed = min(4, len(pair_kinds(plain)))  # "没有主的必出副牌中的对"
    elif trumps and rules.eight_kind_fill_pairs:
        needed = min(len(fill) // 2, len(pair_kinds(plain)))  # A2 (iv) fill with plain pairs too
    else:
        needed = 0
    if len(pair_kinds(fill)) < needed:
        return Illegal("§2.7.1", f"must fill with {needed} plain pairs")
    return None
