"""One Baofen hand as a state you advance step by step (OpenSpiel-like), RULES.md §5–§6.

`BaofenHand.check(action)` returns None or an `Illegal` verdict citing the rule; `apply(action)` validates,
records the step and its events (the JSON lines of DESIGN.md §8), then advances. Phases:

    auction ──► (all pass: done) ──► bury ──► trump ──► play (25 tricks) ──► done

A position (mid-hand) can be built with `BaofenHand.from_position`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from baofen_sim.cards import NUM_SUITS, POINTS, SUIT_LETTERS, CardError, card_name, check_copies, suit_of
from baofen_sim.games.baofen.reference.auction import Auction
from baofen_sim.games.baofen.reference.scoring import failed_throw_penalty, score_hand
from baofen_sim.games.baofen.reference.table import HandSettlement, TableLedger
from baofen_sim.reference.legality import missing_cards
from baofen_sim.reference.order import Order
from baofen_sim.reference.play import DONE, PLAY, TrickHand, _raise_if, _remove
from baofen_sim.reference.verdict import Illegal, IllegalStep
from baofen_sim.rules import require_supported

AUCTION, BURY, CHOOSE_TRUMP = "auction", "bury", "trump"


class BaofenHand(TrickHand):
    """A Baofen hand. Seats 0..3 in playing order; `hands[s]` are seat s's current cards (kind ids). The tricks
    are played by `TrickHand`; only the declarer's tricks count (§3.7)."""

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
        super()._init_play_state(leader)
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

    # ----- §3.7, §4.5 what the tricks count for in Baofen -----------------------------------------------------

    def _count_trick(self, winner: int, cards: list[int], points: int) -> None:
        if winner == self.declarer:  # §3.7 Baofen: only the declarer's tricks count
            self.declarer_points += points
            self.wangfen_points += sum(POINTS[k] for k in cards if suit_of(k) == self.trump)
        if not self.hands[winner]:  # the last trick (§6.2 kitty_points_owner)
            self.declarer_won_last_trick = winner == self.declarer

    def _count_failed_throw(self, seat: int, attempted_cards: int, failing_unit_cards: int) -> None:
        self.penalty_points += failed_throw_penalty(self.rules, seat == self.declarer, attempted_cards,
                                                    failing_unit_cards)

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


def _check_deal(rules, hands: Sequence[Sequence[int]], kitty: Sequence[int]) -> None:
    if len(hands) != rules.num_players:
        raise CardError(f"expected {rules.num_players} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            raise CardError(f"hand {seat} has {len(hand)} cards, expected {rules.hand_size}")
    if len(kitty) != rules.kitty_size:
        raise CardError(f"kitty has {len(kitty)} cards, expected {rules.kitty_size}")
    check_copies([k for h in hands for k in h] + list(kitty), "deal")


def _hand_over(_action) -> Illegal:
    return Illegal("§5.8", "the hand is over")


def _raise_hand_over(_action):
    raise IllegalStep(_hand_over(_action))

