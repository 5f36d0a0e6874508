"""One 5-player 找朋友 hand as a state you advance step by step (RULES.md §7.4; the record and events of DESIGN.md §8).

    call (the deal, card by card) ──► [the flip holder's forced call] ──► bury ──► overcalls, each re-burying
        ──► [concession] ──► play (20 tricks) ──► done

The declarer is the caller, or the last overcaller. His friend is the holder of the other copy of the calling card
(none after an overcall, or when that card is his own or buried: 1 vs 4), known when he plays it. The tricks are
`TrickHand`'s; the defenders count the points of the tricks they win, the friend's until he reveals himself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from baofen_sim.cards import POINTS, SUIT_LETTERS, card_name, check_copies, suit_of
from baofen_sim.games.zhaopengyou.reference.calling import (
    DEALT,
    HAND_SIZE,
    KITTY_SIZE,
    NUM_PLAYERS,
    Call,
    call_problem,
    call_trump,
    flip_card,
    flip_holder,
)
from baofen_sim.games.zhaopengyou.reference.concession import concede_problem
from baofen_sim.games.zhaopengyou.reference.friend import friend_card, friend_seat
from baofen_sim.games.zhaopengyou.reference.overcall import overcall_problem
from baofen_sim.games.zhaopengyou.reference.result import declarer_won, kitty_multiplier, next_deal_first
from baofen_sim.reference.legality import missing_cards
from baofen_sim.reference.order import FivePlayerOrder
from baofen_sim.reference.play import DONE, PLAY, TrickHand, _raise_if, _remove
from baofen_sim.reference.verdict import Illegal
from baofen_sim.rules import RulesError, RuleSet
from baofen_sim.rules.presets import preset
from baofen_sim.rules.support import require_reference_supported

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")

CALL, FORCED_CALL, BURY, OVERCALL = "call", "forced_call", "bury", "overcall"


def require_zhaopengyou(rules: RuleSet) -> None:
    """RulesError unless `rules` plays 找朋友 with values this engine implements."""
    if rules.game != "zhaopengyou_5p":
        raise RulesError(f"{rules.name} does not play 5-player 找朋友 (trump_selection = {rules.trump_selection})")
    require_reference_supported(rules)


class ZhaopengyouHand(TrickHand):
    """A 找朋友 hand. `hands_in_order[s]`: seat s's 20 cards in the order received; `kitty`: the 8 undealt cards;
    `deal_first`: the seat that receives the first card; `flip`: k, the turned-up card is card k of the deal (1..100);
    `rules`: a 找朋友 rule set (RulesError for another game or a value this engine does not play)."""

    def __init__(self, hands_in_order: Sequence[Sequence[int]], kitty: Sequence[int], deal_first: int, flip: int,
                 rules: RuleSet = ZHAOPENGYOU_5P) -> None:
        require_zhaopengyou(rules)
        if len(hands_in_order) != NUM_PLAYERS or any(len(h) != HAND_SIZE for h in hands_in_order) \
                or len(kitty) != KITTY_SIZE:
            raise ValueError(f"找朋友 deals {NUM_PLAYERS} hands of {HAND_SIZE} cards and a kitty of {KITTY_SIZE}")
        if not 0 <= deal_first < NUM_PLAYERS or not 1 <= flip <= DEALT:
            raise ValueError(f"deal_first is a seat 0..{NUM_PLAYERS - 1} and flip a dealt card 1..{DEALT}")
        check_copies([k for h in hands_in_order for k in h] + list(kitty), "deal")
        self._init_state(rules, hands_in_order)
        self.kitty = list(kitty)
        self.deal_first, self.flip = deal_first, flip
        self.turned_up = flip_card(hands_in_order, flip, deal_first)
        self.flip_holder = flip_holder(flip, deal_first)
        self.phase = CALL
        self._record({"event": "flip", "after": flip, "seat": self.flip_holder, "card": card_name(self.turned_up)})

    def _init_state(self, rules: RuleSet, hands: Sequence[Sequence[int]]) -> None:
        self.rules, self.num_players = rules, NUM_PLAYERS
        self.dealt_in_order = [list(h) for h in hands]
        self.hands = [sorted(h) for h in hands]
        self.kitty: list[int] = []
        self.deal_first: int | None = None
        self.flip: int | None = None
        self.turned_up: int | None = None
        self.flip_holder: int | None = None
        self.call: Call | None = None
        self.trump: int | None = None
        self.order: FivePlayerOrder | None = None
        self.declarer: int | None = None
        self.suits_named: list[int] = []  # the trump suits of this hand so far: the call's, each overcall's
        self.overcallers: list[int] = []
        self.buried: list[int] | None = []
        self.friend_card: int | None = None
        self.friend: int | None = None
        self.friend_revealed = False
        self.conceded = False
        self.events: list[dict[str, Any]] = []
        self._init_play_state()

    @classmethod
    def from_position(cls, hands: Sequence[Sequence[int]], trump: int, declarer: int, leader: int,
                      buried: Sequence[int] | None = None, points_won: Sequence[int] = (0,) * NUM_PLAYERS,
                      friend_card_kind: int | None = None, friend: int | None = None,
                      rules: RuleSet = ZHAOPENGYOU_5P) -> ZhaopengyouHand:
        """A position in the play (DESIGN.md §8): the current hands (equal sizes), `trump`, the declarer, the seat
        to lead; `points_won`: card points each seat took in earlier tricks (counted by §7.4.10);
        `friend_card_kind`: the calling card (None: no friend, 1 vs 4); `friend`: the seat of a friend who has
        revealed himself (None: not yet, he holds the friend card, or there is none). Scored at its end only if
        `buried` (the final kitty) is given."""
        require_zhaopengyou(rules)
        check_copies([k for h in hands for k in h] + list(buried or ()), "position")
        state = cls.__new__(cls)
        state._init_state(rules, hands)
        state._set_trump(trump)
        state.declarer, state.leader = declarer, leader
        state.buried = None if buried is None else sorted(buried)
        state.friend_card = friend_card_kind
        if friend is not None:
            state.friend, state.friend_revealed = friend, True
        else:
            state.friend = friend_seat(friend_card_kind, declarer, state.hands)
        state.points_won = list(points_won)
        state.counted = [0 if seat == declarer or (state.friend_revealed and seat == state.friend) else points
                         for seat, points in enumerate(points_won)]
        state.phase = PLAY
        return state

    def _init_play_state(self, leader: int = 0) -> None:
        super()._init_play_state(leader)
        self.points_won = [0] * NUM_PLAYERS  # card points of the tricks each seat won
        self.counted = [0] * NUM_PLAYERS  # §7.4.10 those that count for the defenders, per seat
        self.last_lead: tuple[int, ...] = ()
        self.last_winning_play: tuple[int, ...] = ()
        self.defenders_won_last = False
        self.result: dict[str, Any] | None = None

    @property
    def to_act(self) -> int | None:
        if self.phase == FORCED_CALL:
            return self.flip_holder
        if self.phase == BURY:
            return self.declarer
        if self.phase == PLAY:
            return (self.leader + len(self.current)) % self.num_players
        return None

    @property
    def overcalled(self) -> bool:
        return bool(self.overcallers)

    # ----- §7.4.4–§7.4.5 the call ------------------------------------------------------------------------------

    def check_call(self, call: Call) -> Illegal | None:
        rule = "§7.4.5" if call.forced else "§7.4.4"
        if self.phase != (FORCED_CALL if call.forced else CALL):
            when = "after the deal when nobody called" if call.forced else "during the deal"
            return Illegal(rule, f"this call comes only {when}")
        problem = call_problem(call, self.dealt_in_order, self.deal_first, self.flip, self.call is not None,
                               self.rules)
        return None if problem is None else Illegal(rule, problem)

    def apply_call(self, call: Call) -> list[dict[str, Any]]:
        _raise_if(self.check_call(call))
        self.call = call
        self.declarer = call.seat
        trump = call_trump(call, self.turned_up, self.rules)
        self._set_trump(trump)
        self.suits_named.append(trump)
        events = self._record({"event": "call", "after": call.after, "seat": call.seat, "card": card_name(call.card),
                               "forced": call.forced, "trump": SUIT_LETTERS[trump], "legal": True})
        if call.forced:
            events += self._take_kitty()
        return events

    def finish_deal(self) -> list[dict[str, Any]]:
        """The deal (and its final poll) is over: the caller takes the kitty; with no call the flip holder must
        call (§7.4.5)."""
        if self.phase != CALL:
            raise ValueError("the deal is already over")
        if self.call is None:
            self.phase = FORCED_CALL
            return []
        return self._take_kitty()

    def _take_kitty(self) -> list[dict[str, Any]]:
        self.hands[self.declarer] = sorted(self.hands[self.declarer] + self.kitty)  # §7.4.6
        self.phase = BURY
        return []

    def _set_trump(self, trump: int) -> None:
        self.trump = trump
        self.order = FivePlayerOrder.for_rules(self.rules, trump)

    # ----- §7.4.6 bury, §7.4.7 overcalls, §7.4.8 friend, §7.4.9 concession --------------------------------------

    def check_bury(self, cards: Sequence[int]) -> Illegal | None:
        if self.phase != BURY:
            return Illegal("§7.4.6", "not the time to bury")
        if len(cards) != KITTY_SIZE:
            return Illegal("§7.4.6", f"must bury exactly {KITTY_SIZE} cards, not {len(cards)}")
        return missing_cards(self.hands[self.declarer], cards)

    def apply_bury(self, cards: Sequence[int]) -> list[dict[str, Any]]:
        _raise_if(self.check_bury(cards))
        events = self._bury(self.declarer, cards)
        self.phase = OVERCALL
        return events

    def _bury(self, seat: int, cards: Sequence[int]) -> list[dict[str, Any]]:
        self.buried = sorted(cards)
        _remove(self.hands[seat], cards)
        return self._record({"event": "bury", "seat": seat, "cards": [card_name(k) for k in self.buried],
                             "legal": True})

    def check_overcall(self, seat: int, cards: Sequence[int], bury: Sequence[int]) -> Illegal | None:
        if self.phase != OVERCALL:
            return Illegal("§7.4.7", "an overcall needs a standing single call, after its bury "
                                     "(\"只能等叫主玩家扣底之后反主\")")
        problem = overcall_problem(cards, self.hands[seat], self.suits_named, len(self.overcallers), self.rules)
        if problem is not None:
            return Illegal("§7.4.7", problem)
        if len(bury) != KITTY_SIZE:
            return Illegal("§7.4.7", f"an overcaller re-buries exactly {KITTY_SIZE} cards, not {len(bury)}")
        return missing_cards(sorted(self.hands[seat] + self.buried), bury)

    def apply_overcall(self, seat: int, cards: Sequence[int], bury: Sequence[int]) -> list[dict[str, Any]]:
        """Seat shows a pair of 7s, becomes declarer, takes up the buried cards and buries `bury` (§7.4.7)."""
        _raise_if(self.check_overcall(seat, cards, bury))
        trump = suit_of(cards[0])
        self.overcallers.append(seat)
        self.suits_named.append(trump)
        self.declarer = seat
        self._set_trump(trump)
        self.hands[seat] = sorted(self.hands[seat] + self.buried)
        events = self._record({"event": "overcall", "seat": seat, "cards": [card_name(k) for k in cards],
                               "trump": SUIT_LETTERS[trump], "legal": True})
        return events + self._bury(seat, bury)

    def end_overcalls(self) -> list[dict[str, Any]]:
        """Nobody (more) overcalls: the friend is fixed (§7.4.8) and the declarer may lead (or concede)."""
        if self.phase != OVERCALL:
            raise ValueError("not in the overcall stage")
        self.friend_card = friend_card(self.call, self.overcalled, self.rules)
        self.friend = friend_seat(self.friend_card, self.declarer, self.hands)
        self.leader = self.declarer
        self.phase = PLAY
        return []

    def check_concede(self) -> Illegal | None:
        if self.phase != PLAY or self.trick_index or self.current or self.call is None:
            return Illegal("§7.4.9", "the declarer may concede only before the first lead of the hand he called")
        dealt = self.dealt_in_order[self.declarer]
        problem = concede_problem(self.call, self.overcalled, dealt, self.kitty, self.hands[self.declarer],
                                  self.rules)
        return None if problem is None else Illegal("§7.4.9", problem)

    def apply_concede(self) -> list[dict[str, Any]]:
        """The declarer concedes (§7.4.9): a loss of his side, nothing else scored (A32)."""
        _raise_if(self.check_concede())
        self.conceded = True
        self.phase = DONE
        self.result = self._result_event(None, None, None)
        return self._record({"event": "concede", "seat": self.declarer, "legal": True}, self.result)

    # ----- §7.4.8 the friend reveals himself by playing the friend card ------------------------------------------

    def apply_play(self, cards: Sequence[int]) -> list[dict[str, Any]]:
        """`TrickHand.apply_play`, and the friend's reveal when he plays the friend card (§7.4.8, A44). A follow is
        marked before its trick can end; a lead (which never ends a trick, but may be a failed throw) by the cards
        it played."""
        seat, following = self.to_act, bool(self.current)
        cleared = None
        if following and self.check_play(cards) is None and self._reveals(seat, cards):
            cleared = self._reveal(seat)
        events = super().apply_play(cards)
        at = next((i for i, event in enumerate(events) if event["event"] == "play"), None)
        if at is None:  # a failed throw under free_relead: nothing played yet
            return events
        if not following and self._reveals(seat, self.current[0].cards):
            cleared = self._reveal(seat)
        if cleared is not None:
            friend_event = {"event": "friend", "trick": events[at]["trick"], "seat": seat, "points_cleared": cleared}
            events.insert(at + 1, friend_event)
            self.events.insert(self.events.index(events[at]) + 1, friend_event)
        return events

    def _reveals(self, seat: int, cards: Sequence[int]) -> bool:
        return (self.friend is not None and not self.friend_revealed and seat == self.friend
                and self.friend_card in cards)

    def _reveal(self, seat: int) -> int:
        """§7.4.10 "一旦亮出该分数清零": the friend's points so far are removed; returns them."""
        cleared, self.counted[seat], self.friend_revealed = self.counted[seat], 0, True
        return cleared

    # ----- the counts of the tricks (§7.4.10–§7.4.12) ---------------------------------------------------------------

    def _count_trick(self, winner: int, cards: list[int], points: int) -> None:
        self.points_won[winner] += points
        on_declarer_side = winner == self.declarer or (winner == self.friend and self.friend_revealed)
        if not on_declarer_side:
            self.counted[winner] += points
        if not self.hands[winner]:  # the last trick: the kitty (§7.4.11)
            self.last_lead = tuple(self.lead.cards)
            self.last_winning_play = next(p.cards for p in self.current if p.seat == winner)
            self.defenders_won_last = winner not in (self.declarer, self.friend)

    def _end_hand(self) -> list[dict[str, Any]]:
        """The result (DESIGN.md §8); none for a position given without its final kitty."""
        self.phase = DONE
        if self.buried is None:
            return []
        kitty_points = sum(POINTS[k] for k in self.buried)
        multiplier = kitty_multiplier(self.last_lead, self.last_winning_play, self.defenders_won_last, self.order,
                                      self.rules)
        self.result = self._result_event(sum(self.counted), kitty_points, multiplier)
        return [self.result]

    def _result_event(self, defenders_points: int | None, kitty_points: int | None,
                      multiplier: int | None) -> dict[str, Any]:
        scored = defenders_points is not None
        bonus = kitty_points * multiplier if scored else None
        total = defenders_points + bonus if scored else None
        won = scored and declarer_won(total, self.rules)
        return {"event": "result", "declarer": self.declarer, "trump": SUIT_LETTERS[self.trump],
                "friend_card": None if self.friend_card is None else card_name(self.friend_card),
                "friend": self.friend, "overcalled": self.overcalled if self.call is not None else None,
                "conceded": self.conceded, "defenders_points": defenders_points, "kitty_points": kitty_points,
                "kitty_multiplier": multiplier, "kitty_bonus": bonus, "defenders_total": total, "declarer_won": won,
                "next_deal_first": next_deal_first(self.declarer, won), "settlement": None}

    def _record(self, *events: dict[str, Any]) -> list[dict[str, Any]]:
        self.events += events
        return list(events)

