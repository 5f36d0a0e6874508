"""One Baofen hand as a state you advance step by step (OpenSpiel-like), RULES.md §5–§6.

`BaofenHand.check(action)` returns None or an `Illegal` verdict citing the rule; `apply(action)` validates,
records the step and its events (the JSON lines of DESIGN.md §8), then advances. Phases:

    auction ──► (all pass: done) ──► bury ──► trump ──► play (25 tricks) ──► done

A position (mid-hand) can be built with `BaofenHand.from_position`.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from baofen_sim.cards import NUM_SUITS, POINTS, SUIT_LETTERS, CardError, card_name, check_copies, suit_of
from baofen_sim.reference.auction import Auction
from baofen_sim.reference.eight import eight_kinds_held
from baofen_sim.reference.legality import check_follow, check_lead, make_lead, missing_cards
from baofen_sim.reference.order import Order
from baofen_sim.reference.scoring import counted_throw_cards, failed_throw_penalty, score_hand
from baofen_sim.reference.table import HandSettlement, TableLedger
from baofen_sim.reference.throws import validate_throw
from baofen_sim.reference.trick import Lead, TrickPlay, trick_winner
from baofen_sim.reference.units import decompose, pair_kinds, pair_runs
from baofen_sim.reference.verdict import Illegal, IllegalStep
from baofen_sim.rules import require_supported

AUCTION, BURY, CHOOSE_TRUMP, PLAY, DONE = "auction", "bury", "trump", "play", "done"


class BaofenHand:
    """A Baofen hand. Seats 0..3 in playing order; `hands[s]` are seat s's current cards (kind ids)."""

    def __init__(self, rules, hands: Sequence[Sequence[int]], kitty: Sequence[int], zhujiao: int = 0,
                 ledger: TableLedger | None = None):
        require_supported(rules)
        self.rules = rules
        self.num_players = rules.num_players
        _check_deal(rules, hands, kitty)
        self.dealt = [sorted(h) for h in hands]
        self.hands = [sorted(h) for h in hands]
        self.kitty = sorted(kitty)
        self.ledger = ledger if ledger is not None else TableLedger(rules)
        self.ledger.zhujiao = zhujiao
        self.zhujiao = zhujiao
        self.auction = Auction(rules, zhujiao, self.hands)
        self.phase = AUCTION
        self.declarer: int | None = None
        self.target: int | None = None
        self.trump: int | None = None
        self.order: Order | None = None
        self.buried: list[int] = []
        self.events: list[dict[str, Any]] = []
        self._init_play_state()

    def _init_play_state(self, leader: int = 0) -> None:
        self.leader = leader
        self.trick_index = 0
        self.lead: Lead | None = None
        self.current: list[TrickPlay] = []
        self.relead_pending = False  # §4.4.2 free_relead: the leader plays again after a failed throw
        self.failed_throw_count = [0] * self.num_players
        self.failed_throws: list[tuple[int, int]] = []  # (seat, counted cards) for the ledger
        self.tricks: list[dict[str, Any]] = []
        self.declarer_points = 0
        self.wangfen_points = 0
        self.penalty_points = 0
        self.declarer_won_last_trick = False
        self.score = None
        self.settlement: HandSettlement | None = None

    @classmethod
    def from_position(cls, rules, hands: Sequence[Sequence[int]], trump: int, declarer: int, leader: int,
                      target: int | None = None, buried: Sequence[int] = ()) -> BaofenHand:
        """A mid-hand position (DESIGN.md §8): the current hands (equal sizes), trump, declarer and the
        seat to lead. The hand is scored at its end only if `target` is given."""
        require_supported(rules)
        sizes = {len(h) for h in hands}
        if len(hands) != rules.num_players or len(sizes) != 1:
            raise CardError(f"a position needs {rules.num_players} hands of equal size, got sizes "
                            f"{[len(h) for h in hands]}")
        check_copies([k for h in hands for k in h] + list(buried), "position")
        state = cls.__new__(cls)
        state.rules, state.num_players = rules, rules.num_players
        state.dealt = [sorted(h) for h in hands]
        state.hands = [sorted(h) for h in hands]
        state.kitty = sorted(buried)
        state.ledger = TableLedger(rules)
        state.zhujiao = declarer
        state.auction = None
        state.declarer, state.target, state.buried = declarer, target, sorted(buried)
        state.events = []
        state._set_trump(trump)
        state.phase = PLAY
        state._init_play_state(leader)
        return state

    def clone(self) -> BaofenHand:
        return copy.deepcopy(self)

    # ----- whose turn ---------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        if self.phase == AUCTION:
            return self.auction.to_act
        if self.phase in (BURY, CHOOSE_TRUMP):
            return self.declarer
        if self.phase == PLAY:
            return (self.leader + len(self.current)) % self.num_players
        return None

    @property
    def is_done(self) -> bool:
        return self.phase == DONE

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see (DESIGN.md §6): own hand, own bury, public bids and plays, trump, roles."""
        return {"seat": seat, "hand": list(self.hands[seat]), "phase": self.phase,
                "bids": self.auction.history if self.auction else [], "declarer": self.declarer,
                "target": self.target, "trump": self.trump,
                "buried": list(self.buried) if seat == self.declarer else None,
                "tricks": [dict(t) for t in self.tricks], "current": [(p.seat, p.cards) for p in self.current]}

    # ----- the generic step API -------------------------------------------------------------------------

    def check(self, action) -> Illegal | None:
        """None if `action` is legal for the player to act, else the verdict. Actions: a bid (int or None
        for pass) in the auction, 8 cards to bury, a suit 0..3 for trump, a list of cards in play."""
        return {AUCTION: self.check_bid, BURY: self.check_bury, CHOOSE_TRUMP: self.check_trump,
                PLAY: self.check_play}.get(self.phase, _hand_over)(action)

    def apply(self, action) -> list[dict[str, Any]]:
        """Validate and apply the next step; returns the events it produced. Raises IllegalStep."""
        return {AUCTION: self.apply_bid, BURY: self.apply_bury, CHOOSE_TRUMP: self.apply_trump,
                PLAY: self.apply_play}.get(self.phase, _raise_hand_over)(action)

    # ----- §5.4 auction --------------------------------------------------------------------------------

    def check_bid(self, bid: int | None) -> Illegal | None:
        if self.phase != AUCTION:
            return Illegal("§5.4", "the auction is over")
        return self.auction.check(bid)

    def apply_bid(self, bid: int | None) -> list[dict[str, Any]]:
        _raise_if(self.check_bid(bid))
        seat = self.auction.to_act
        self.auction.apply(bid)
        events = [{"event": "bid", "seat": seat, "bid": "pass" if bid is None else bid, "legal": True}]
        if self.auction.finished:
            events += self._end_auction()
        self.events += events
        return events

    def _end_auction(self) -> list[dict[str, Any]]:
        if self.auction.declarer is None:  # §5.7 all pass
            self.phase = DONE
            self.settlement = self.ledger.all_pass()
            return [self._result_event()]
        self.declarer, self.target = self.auction.declarer, self.auction.target
        self.hands[self.declarer] = sorted(self.hands[self.declarer] + self.kitty)  # §5.5 takes the kitty
        self.phase = BURY
        self.leader = self.declarer  # §5.8 the declarer leads the first trick
        return []

    # ----- §5.5 bury, §5.6 trump -------------------------------------------------------------------------

    def check_bury(self, cards: Sequence[int]) -> Illegal | None:
        if self.phase != BURY:
            return Illegal("§5.5", "not the time to bury")
        if len(cards) != self.rules.kitty_size:
            return Illegal("§5.5", f"must bury exactly {self.rules.kitty_size} cards, not {len(cards)}")
        return missing_cards(self.hands[self.declarer], cards)

    def apply_bury(self, cards: Sequence[int]) -> list[dict[str, Any]]:
        _raise_if(self.check_bury(cards))
        self.buried = sorted(cards)
        _remove(self.hands[self.declarer], cards)
        self.phase = CHOOSE_TRUMP
        events = [{"event": "bury", "seat": self.declarer, "cards": [card_name(k) for k in self.buried],
                   "legal": True}]
        self.events += events
        return events

    def check_trump(self, suit: int) -> Illegal | None:
        if self.phase != CHOOSE_TRUMP:
            return Illegal("§5.6", "not the time to choose trump")
        if suit not in range(NUM_SUITS):
            return Illegal("§5.6", "trump must be one of S, H, C, D (no no-trump in Baofen)")
        return None

    def apply_trump(self, suit: int) -> list[dict[str, Any]]:
        _raise_if(self.check_trump(suit))
        self._set_trump(suit)
        self.phase = PLAY
        events = [{"event": "trump", "seat": self.declarer, "trump": SUIT_LETTERS[suit], "legal": True}]
        self.events += events
        return events

    def _set_trump(self, suit: int) -> None:
        self.trump = suit
        self.order = Order.for_rules(self.rules, suit)

    # ----- §2–§4 play -------------------------------------------------------------------------------------

    def _throw_allowed(self, seat: int) -> bool:
        limit = self.rules.max_failed_throws_per_player
        over_limit = limit is not None and self.failed_throw_count[seat] >= limit  # §4.6
        return not self.relead_pending and not over_limit  # §4.4.2 no second attempt in the same turn

    def check_play(self, cards: Sequence[int]) -> Illegal | None:
        if self.phase != PLAY:
            return Illegal("§2", "not the time to play cards")
        seat = self.to_act
        if not self.current:
            return check_lead(cards, self.hands[seat], self.order, self.rules, self._throw_allowed(seat))
        return check_follow(self.lead, self.hands[seat], cards, self.order, self.rules)

    def apply_play(self, cards: Sequence[int]) -> list[dict[str, Any]]:
        _raise_if(self.check_play(cards))
        seat = self.to_act
        cards = sorted(cards)
        events: list[dict[str, Any]] = []
        if not self.current:
            cards = self._resolve_lead(seat, cards, events)
            if cards is None:  # free re-lead: the same seat leads again
                self.events += events
                return events
            self.lead = make_lead(cards, self.order, self.rules)
            was_void = False
        else:
            was_void = not any(self.order.suit(k) == self.lead.suit for k in self.hands[seat])
        events.append({"event": "play", "trick": self.trick_index, "seat": seat,
                       "cards": [card_name(k) for k in cards], "legal": True})
        _remove(self.hands[seat], cards)
        self.current.append(TrickPlay(seat, tuple(cards), seat == self.declarer, was_void))
        if len(self.current) == self.num_players:
            events += self._finish_trick()
        self.events += events
        return events

    def _resolve_lead(self, seat: int, cards: list[int], events: list) -> list[int] | None:
        """§4.2–§4.5: validate a throw against the other hands; on failure report it, count the penalty
        and return the forced lead (or None when the leader must choose again)."""
        self.relead_pending = False
        units = decompose(cards, self.order)
        if len(units) <= 1 or make_lead(cards, self.order, self.rules).eight_rank is not None:
            return cards  # not a throw; an eight of a kind is never validated (§4.7)
        others = {s: self.hands[s] for s in range(self.num_players) if s != seat}
        verdict = validate_throw(cards, seat == self.declarer, others, self.declarer, self.order, self.rules)
        if verdict.valid:
            return cards
        failing = sum(u.size for u in verdict.beaten)
        counted = counted_throw_cards(self.rules, len(cards), failing)
        self.failed_throw_count[seat] += 1
        self.failed_throws.append((seat, counted))
        self.penalty_points += failed_throw_penalty(self.rules, seat == self.declarer, len(cards), failing)
        penalty = 0 if self.rules.failed_throw_penalty_kind == "none" else (
            self.rules.failed_throw_penalty_amount * counted)
        forced = verdict.forced.cards() if self.rules.failed_throw_forced_play == "smallest_failing_unit" else []
        events.append({"event": "throw_failed", "trick": self.trick_index, "seat": seat,
                       "attempted": [card_name(k) for k in cards], "forced": [card_name(k) for k in forced],
                       "penalty": penalty})
        if not forced:
            self.relead_pending = True
            return None
        return sorted(forced)

    def _finish_trick(self) -> list[dict[str, Any]]:
        index, classes = trick_winner(self.lead, self.current, self.order, self.rules)
        winner = self.current[index].seat
        cards = [k for p in self.current for k in p.cards]
        points = sum(POINTS[k] for k in cards)
        if winner == self.declarer:  # §3.7 Baofen: only the declarer's tricks count
            self.declarer_points += points
            self.wangfen_points += sum(POINTS[k] for k in cards if suit_of(k) == self.trump)
        self.tricks.append({"leader": self.leader, "plays": [(p.seat, p.cards) for p in self.current],
                            "classes": classes, "winner": winner, "points": points})
        events = [{"event": "trick", "trick": self.trick_index, "winner": winner, "points": points}]
        self.trick_index += 1
        self.leader, self.current, self.lead = winner, [], None
        if not self.hands[winner]:
            self.declarer_won_last_trick = winner == self.declarer
            events += self._end_hand()
        return events

    def _end_hand(self) -> list[dict[str, Any]]:
        self.phase = DONE
        if self.target is None:
            return []
        kitty_points = sum(POINTS[k] for k in self.buried)
        wangfen_in_kitty = sum(POINTS[k] for k in self.buried if suit_of(k) == self.trump)
        self.score = score_hand(self.rules, self.target, self.declarer_points, self.wangfen_points,
                                wangfen_in_kitty, kitty_points, self.penalty_points,
                                self.declarer_won_last_trick)
        self.settlement = self.ledger.declared(self.declarer, self.score, self.failed_throws)
        return [self._result_event()]

    def _result_event(self) -> dict[str, Any]:
        s = self.score
        return {"event": "result", "declarer": -1 if self.declarer is None else self.declarer,
                "target": self.target, "declarer_points": s.declarer_points if s else 0,
                "wangfen_points": s.wangfen_points if s else 0,
                "penalty_points": s.penalty_points if s else 0, "result": s.result if s else 0,
                "category": s.category if s else "all_pass", "declarer_won": bool(s and s.declarer_won),
                "settlement": list(self.settlement.settlement), "pot_after": self.settlement.pot_after}

    # ----- enumerating legal plays -------------------------------------------------------------------------

    def legal_plays(self, include_throws: bool = False) -> Iterator[list[int]]:
        """Every legal play for the player to act. Leads: every single, pair, tractor (and sub-run),
        eight of a kind, and with `include_throws` every multi-unit subset of one suit (exponential).
        Follows: every distinct card multiset that passes `check_follow` (can be large when void)."""
        seat = self.to_act
        hand = self.hands[seat]
        if self.current:
            yield from (sorted(p) for p in _follow_candidates(self.lead, hand, self.order)
                        if check_follow(self.lead, hand, p, self.order, self.rules) is None)
            return
        seen = set()
        for cards in _lead_candidates(hand, self.order, include_throws):
            key = tuple(sorted(cards))
            if key not in seen and check_lead(cards, hand, self.order, self.rules,
                                              self._throw_allowed(seat)) is None:
                seen.add(key)
                yield list(key)
        if self.rules.eight_kind_mode != "off":
            for rank in eight_kinds_held(hand):
                yield sorted(k for k in hand if k < 52 and k % 13 == rank)


def _lead_candidates(hand: Sequence[int], order: Order, include_throws: bool) -> Iterator[list[int]]:
    by_suit: dict[int, list[int]] = {}
    for k in hand:
        by_suit.setdefault(order.suit(k), []).append(k)
    for cards in by_suit.values():
        for k in sorted(set(cards)):
            yield [k]
        pairs = pair_kinds(cards)
        for k in pairs:
            yield [k, k]
        for run in pair_runs(pairs, order):
            for length in range(2, len(run) + 1):
                for start in range(len(run) - length + 1):
                    yield [k for k in run[start:start + length] for _ in range(2)]
        if include_throws:
            yield from (c for c in _sub_multisets(cards) if len(decompose(c, order)) > 1)


def _sub_multisets(cards: Sequence[int], size: int | None = None) -> Iterator[list[int]]:
    counts = sorted(Counter(cards).items())
    for picks in itertools.product(*(range(n + 1) for _, n in counts)):
        if size is None or sum(picks) == size:
            chosen = [k for (k, _), m in zip(counts, picks, strict=True) for _ in range(m)]
            if chosen:
                yield chosen


def _follow_candidates(lead: Lead, hand: Sequence[int], order: Order) -> Iterator[list[int]]:
    n = len(lead.cards)
    suit = [k for k in hand if order.suit(k) == lead.suit]
    if lead.eight_rank is None and len(suit) >= n:
        yield from _sub_multisets(suit, n)
        return
    if lead.eight_rank is None:
        rest = list((Counter(hand) - Counter(suit)).elements())
        yield from (suit + extra for extra in _sub_multisets(rest, n - len(suit)))
        return
    yield from _sub_multisets(hand, n)


def _check_deal(rules, hands: Sequence[Sequence[int]], kitty: Sequence[int]) -> None:
    if len(hands) != rules.num_players:
        raise CardError(f"expected {rules.num_players} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            raise CardError(f"hand {seat} has {len(hand)} cards, expected {rules.hand_size}")
    if len(kitty) != rules.kitty_size:
        raise CardError(f"kitty has {len(kitty)} cards, expected {rules.kitty_size}")
    check_copies([k for h in hands for k in h] + list(kitty), "deal")


def _remove(hand: list[int], cards: Sequence[int]) -> None:
    for k in cards:
        hand.remove(k)


def _raise_if(verdict: Illegal | None) -> None:
    if verdict is not None:
        raise IllegalStep(verdict)


def _hand_over(_action) -> Illegal:
    return Illegal("§5.8", "the hand is over")


def _raise_hand_over(_action):
    raise IllegalStep(_hand_over(_action))

