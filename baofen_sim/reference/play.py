"""The trick play of a hand, whatever the game (RULES.md §2–§4): whose turn, leads and follows checked, throws
validated against the other hands (a failed throw forced down), trick winners, the legal plays.

`TrickHand` is the part of a game's hand state that plays the tricks (`reference.game.BaofenHand` extends it).
The game gives the data the trick machinery reads: `order` (trump, level rank, no-trump), `declarer` (the seat a
throw is judged for, §4.3, and the joker tractor's role, §1.6.1), and its own counts through three hooks: what a
won trick counts for (`_count_trick`), what a failed throw costs (`_count_failed_throw`) and what ends the hand
(`_end_hand`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from baofen_sim.cards import POINTS, card_name
from baofen_sim.reference.eight import eight_kinds_held
from baofen_sim.reference.legality import check_follow, check_lead, make_lead
from baofen_sim.reference.order import Order
from baofen_sim.reference.throws import counted_throw_cards, validate_throw
from baofen_sim.reference.trick import Lead, TrickPlay, trick_winner
from baofen_sim.reference.units import decompose, pair_kinds, pair_runs
from baofen_sim.reference.verdict import Illegal, IllegalStep

PLAY, DONE = "play", "done"


class TrickHand:
    """The trick-play state of a hand; a game's hand sets `rules`, `num_players`, `hands`, `order`, `declarer`,
    `phase` and `events`, then calls `_init_play_state`."""

    rules: Any
    num_players: int
    hands: list[list[int]]
    order: Order | None
    declarer: int | None
    phase: str
    events: list[dict[str, Any]]

    def _init_play_state(self, leader: int = 0) -> None:
        self.leader = leader
        self.trick_index = 0
        self.lead: Lead | None = None
        self.current: list[TrickPlay] = []
        self.relead_pending = False  # §4.4.2 free_relead: the leader plays again after a failed throw
        self.failed_throw_count = [0] * self.num_players
        self.failed_throws: list[tuple[int, int]] = []  # (seat, counted cards) for the ledger
        self.tricks: list[dict[str, Any]] = []

    @property
    def is_done(self) -> bool:
        return self.phase == DONE

    # ----- the game's counts ---------------------------------------------------------------------------

    def _count_trick(self, winner: int, cards: list[int], points: int) -> None:
        """A trick won by `winner` with `cards` worth `points` card points."""

    def _count_failed_throw(self, seat: int, attempted_cards: int, failing_unit_cards: int) -> None:
        """A failed throw of `seat` (its attempted cards and those of its beaten units)."""

    def _end_hand(self) -> list[dict[str, Any]]:
        """The last trick is over: the phase after it and the result events."""
        self.phase = DONE
        return []

    # ----- §2–§4 play ------------------------------------------------------------------------------------

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
        self._count_failed_throw(seat, len(cards), failing)
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
        self._count_trick(winner, cards, points)
        self.tricks.append({"leader": self.leader, "plays": [(p.seat, p.cards) for p in self.current],
                            "classes": classes, "winner": winner, "points": points})
        events = [{"event": "trick", "trick": self.trick_index, "winner": winner, "points": points}]
        self.trick_index += 1
        self.leader, self.current, self.lead = winner, [], None
        if not self.hands[winner]:
            events += self._end_hand()
        return events

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


def _remove(hand: list[int], cards: Sequence[int]) -> None:
    for k in cards:
        hand.remove(k)


def _raise_if(verdict: Illegal | None) -> None:
    if verdict is not None:
        raise IllegalStep(verdict)
