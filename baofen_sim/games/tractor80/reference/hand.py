"""One 80分 hand as a state you advance step by step (RULES.md §7.3; the record and events of DESIGN.md §8).

    declare (the deal, card by card) ──► bury ──► 反底 (only after a declaration) ──► play (25 tricks) ──► done

The hand is played at the level of the 庄's team. The first hand of a game (both teams at one level) makes the
last declarer 庄, or the given seat if nobody declared; a later hand's 庄 is given and receives the first card.
The tricks are `TrickHand`'s; the 抓分方 (the 庄's opponents) count the card points of the tricks they win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from baofen_sim.cards import POINTS, SUIT_LETTERS, card_name, check_copies, rank_name
from baofen_sim.games.tractor80.reference.deal import Declaration, declaration_problem
from baofen_sim.games.tractor80.reference.declaring import Showing, fandi_problem
from baofen_sim.games.tractor80.reference.kitty import last_trick_multiplier, undeclared_trump
from baofen_sim.games.tractor80.reference.result import defender_total, game_over, hand_result, raised_level, team_of
from baofen_sim.reference.legality import missing_cards
from baofen_sim.reference.order import NO_TRUMP, Order
from baofen_sim.reference.play import DONE, PLAY, TrickHand, _raise_if, _remove
from baofen_sim.reference.verdict import Illegal
from baofen_sim.rules import RulesError, RuleSet
from baofen_sim.rules.presets import preset
from baofen_sim.rules.support import require_reference_supported

TRACTOR_80FEN = preset("tractor-80fen")

DECLARE, BURY, FANDI = "declare", "bury", "fandi"
NUM_PLAYERS, HAND_SIZE, KITTY_SIZE = 4, 25, 8
DEALT = NUM_PLAYERS * HAND_SIZE


def trump_text(trump: int | None) -> str:
    return "NT" if trump is NO_TRUMP else SUIT_LETTERS[trump]


def require_80fen(rules: RuleSet) -> None:
    """RulesError unless `rules` plays 80分 with values this engine implements."""
    if rules.game != "tractor_80fen":
        raise RulesError(f"{rules.name} does not play 80分 (trump_selection = {rules.trump_selection})")
    require_reference_supported(rules)


class Tractor80Hand(TrickHand):
    """An 80分 hand. `hands_in_order[s]`: seat s's 25 cards in the order received; `kitty`: the 8 undealt cards in
    the order they are turned over; `levels`: the rank (0..12) of team 0 (seats 0, 2) and team 1 (seats 1, 3);
    `rules`: an 80分 rule set (RulesError for another game or a value this engine does not play)."""

    def __init__(self, hands_in_order: Sequence[Sequence[int]], kitty: Sequence[int], levels: tuple[int, int],
                 zhuang: int | None = None, first_hand: bool = False, rules: RuleSet = TRACTOR_80FEN) -> None:
        require_80fen(rules)
        if len(hands_in_order) != NUM_PLAYERS or any(len(h) != HAND_SIZE for h in hands_in_order) \
                or len(kitty) != KITTY_SIZE:
            raise ValueError(f"80分 deals {NUM_PLAYERS} hands of {HAND_SIZE} cards and a kitty of {KITTY_SIZE}")
        check_copies([k for h in hands_in_order for k in h] + list(kitty), "deal")
        if first_hand and levels[0] != levels[1]:
            raise ValueError("a game's first hand starts with both teams at one level")
        if not first_hand and zhuang is None:
            raise ValueError("a hand after the first needs its 庄 (who receives the first card)")
        self.rules, self.num_players = rules, NUM_PLAYERS
        self.dealt_in_order = [list(h) for h in hands_in_order]
        self.hands = [sorted(h) for h in hands_in_order]
        self.kitty = list(kitty)
        self.levels = tuple(levels)
        self.first_hand = first_hand
        self.first = 0 if first_hand else zhuang  # §7.3.3: the 庄 receives the first card (hand 1: seat 0)
        self.given_zhuang = zhuang
        self.zhuang: int | None = None if first_hand else zhuang
        self.declarer = self.zhuang
        self.level = levels[0] if first_hand else levels[team_of(zhuang)]
        self.declarations: list[Declaration] = []
        self.setter: Showing | None = None  # the showing (declaration or 反底) that sets trump
        self.trump: int | None = None
        self.order: Order | None = None
        self.buried: list[int] = []
        self.last_burier: int | None = None
        self.fandi_count = 0
        self.phase = DECLARE
        self.events: list[dict[str, Any]] = []
        self._init_play_state()

    @classmethod
    def from_position(cls, hands: Sequence[Sequence[int]], trump: int | None, zhuang: int, leader: int,
                      levels: tuple[int | None, int | None], buried: Sequence[int] | None = None,
                      points_won: Sequence[int] = (0,) * NUM_PLAYERS, failed_throws: Sequence[int] = (0,) * NUM_PLAYERS,
                      rules: RuleSet = TRACTOR_80FEN) -> Tractor80Hand:
        """A position in the play (DESIGN.md §8): the current hands (equal sizes), `trump` (NO_TRUMP: no-trump), the
        庄, the seat to lead and the teams' levels (None: not given; the 庄's team's level is the rank played).
        `points_won`: card points each seat took in earlier tricks (the 抓分方's count, §7.3.11); `failed_throws`:
        each seat's failures so far (§4.6), each costing its side as in play. Scored at its end only if `buried`
        (the final kitty) is given."""
        require_80fen(rules)
        check_copies([k for h in hands for k in h] + list(buried or ()), "position")
        state = cls.__new__(cls)
        state.rules, state.num_players = rules, NUM_PLAYERS
        state.dealt_in_order = [list(h) for h in hands]
        state.hands = [sorted(h) for h in hands]
        state.kitty = []
        state.levels = tuple(levels)
        state.first_hand, state.first, state.given_zhuang = False, zhuang, zhuang
        state.zhuang = state.declarer = zhuang
        state.level = levels[team_of(zhuang)]
        state.declarations, state.setter, state.fandi_count = [], None, 0
        state.buried, state.last_burier = None if buried is None else sorted(buried), None
        state.events = []
        state._set_trump(trump)
        state.phase = PLAY
        state._init_play_state(leader)
        state.defender_points = sum(points_won[s] for s in range(NUM_PLAYERS) if team_of(s) != team_of(zhuang))
        for seat, failures in enumerate(failed_throws):
            state.failed_throw_count[seat] = failures
            for _ in range(failures):
                state._count_failed_throw(seat, 0, 0)
        return state

    def _init_play_state(self, leader: int = 0) -> None:
        super()._init_play_state(leader)
        self.defender_points = 0  # P: card points the 抓分方 took in tricks
        self.throw_adjustment = 0  # X: −10 per 抓分方 failure, +10 per 庄家方 failure (§4.5, DESIGN §8)
        self.last_lead: tuple[int, ...] = ()
        self.last_winning_play: tuple[int, ...] = ()
        self.defenders_won_last = False
        self.result: dict[str, Any] | None = None

    @property
    def to_act(self) -> int | None:
        if self.phase == BURY:
            return self.zhuang
        if self.phase == PLAY:
            return (self.leader + len(self.current)) % self.num_players
        return None

    # ----- §7.3.4 declaring during the deal ---------------------------------------------------------------

    def check_declaration(self, after: int, seat: int, cards: Sequence[int]) -> Illegal | None:
        return self._declared(after, seat, cards)[1]

    def _declared(self, after: int, seat: int, cards: Sequence[int]) -> tuple[Showing | None, Illegal | None]:
        """The showing that sets trump after this one, or the verdict on it."""
        if self.phase != DECLARE:
            return None, Illegal("§7.3.4", "trump is declared only during the deal")
        if not 1 <= after <= DEALT or (self.declarations and after < self.declarations[-1].after):
            return None, Illegal("§7.3.4", f"a showing comes after 1..{DEALT} cards, in order")
        setter, problem = declaration_problem(self.setter, Declaration(after, seat, tuple(cards)),
                                              self.dealt_in_order, self.first, self.level, self.rules)
        return setter, None if problem is None else Illegal("§7.3.4", problem)

    def apply_declaration(self, after: int, seat: int, cards: Sequence[int]) -> list[dict[str, Any]]:
        setter, verdict = self._declared(after, seat, cards)
        _raise_if(verdict)
        self.setter = setter
        self.declarations.append(Declaration(after, seat, tuple(cards)))
        return self._record({"event": "declare", "after": after, "seat": seat,
                             "cards": [card_name(k) for k in cards], "trump": trump_text(self.setter.trump),
                             "legal": True})

    def finish_deal(self) -> list[dict[str, Any]]:
        """The deal is over: trump from the last showing or the kitty (§7.3.5); the 庄 (§7.3.6) takes the kitty."""
        if self.phase != DECLARE:
            raise ValueError("the deal is already over")
        events = []
        if self.setter is None:
            self._set_trump(undeclared_trump(self.kitty, self.level))
            events.append({"event": "trump", "trump": trump_text(self.trump), "source": "kitty"})
        else:
            self._set_trump(self.setter.trump)
        if self.first_hand:
            if self.setter is None and self.given_zhuang is None:
                raise ValueError("nobody declared in a first hand: the (random) 庄 must be given")
            self.zhuang = self.setter.seat if self.setter is not None else self.given_zhuang
            self.declarer = self.zhuang
        events.append({"event": "zhuang", "seat": self.zhuang, "level": rank_name(self.level)})
        self.hands[self.zhuang] = sorted(self.hands[self.zhuang] + self.kitty)  # §7.3.7
        self.leader = self.zhuang
        self.phase = BURY
        return self._record(*events)

    def _set_trump(self, trump: int | None) -> None:
        self.trump = trump
        self.order = Order(trump, joker_tractor_mode=str(self.rules.joker_tractor_mode), level=self.level)

    # ----- §7.3.7 bury, §7.3.8 反底 ---------------------------------------------------------------------------

    def check_bury(self, cards: Sequence[int]) -> Illegal | None:
        if self.phase != BURY:
            return Illegal("§7.3.7", "not the time to bury")
        if len(cards) != KITTY_SIZE:
            return Illegal("§7.3.7", f"must bury exactly {KITTY_SIZE} cards, not {len(cards)}")
        return missing_cards(self.hands[self.zhuang], cards)

    def apply_bury(self, cards: Sequence[int]) -> list[dict[str, Any]]:
        _raise_if(self.check_bury(cards))
        events = self._bury(self.zhuang, cards)
        self.phase = FANDI if self.setter is not None and self.rules.fandi_enabled else PLAY
        return events

    def _bury(self, seat: int, cards: Sequence[int]) -> list[dict[str, Any]]:
        self.buried = sorted(cards)
        _remove(self.hands[seat], cards)
        self.last_burier = seat
        return self._record({"event": "bury", "seat": seat, "cards": [card_name(k) for k in self.buried],
                             "legal": True})

    def check_fandi(self, seat: int, cards: Sequence[int], bury: Sequence[int]) -> Illegal | None:
        return self._challenged(seat, cards, bury)[1]

    def _challenged(self, seat: int, cards: Sequence[int], bury: Sequence[int]) -> tuple[Showing | None,
                                                                                            Illegal | None]:
        """The showing that sets trump after this 反底, or the verdict on it."""
        if self.phase != FANDI:
            return None, Illegal("§7.3.8", "a 反底 comes after the 庄 has buried, and only after a declaration")
        missing = missing_cards(self.hands[seat], cards)
        if missing is not None:
            return None, missing
        setter, problem = fandi_problem(self.setter, seat, cards, self.level, self.zhuang, self.last_burier,
                                        self.fandi_count == 0, self.rules)
        if problem is not None:
            return None, Illegal("§7.3.8", problem)
        if len(bury) != KITTY_SIZE:
            return None, Illegal("§7.3.8", f"a 反底 re-buries exactly {KITTY_SIZE} cards, not {len(bury)}")
        return setter, missing_cards(sorted(self.hands[seat] + self.buried), bury)

    def apply_fandi(self, seat: int, cards: Sequence[int], bury: Sequence[int]) -> list[dict[str, Any]]:
        """Seat shows `cards`, takes up the buried cards and buries `bury` (§7.3.8); the 庄 does not change."""
        setter, verdict = self._challenged(seat, cards, bury)
        _raise_if(verdict)
        self.setter = setter
        self.fandi_count += 1
        self._set_trump(self.setter.trump)
        self.hands[seat] = sorted(self.hands[seat] + self.buried)
        events = self._record({"event": "fandi", "seat": seat, "cards": [card_name(k) for k in cards],
                               "trump": trump_text(self.trump), "legal": True})
        return events + self._bury(seat, bury)

    def end_fandi(self) -> None:
        """Nobody (more) challenges the kitty: the 庄 leads the first trick."""
        if self.phase != FANDI:
            raise ValueError("not in the 反底 stage")
        self.phase = PLAY

    # ----- the counts of the tricks (§7.3.10–§7.3.12) ----------------------------------------------------------

    def _count_trick(self, winner: int, cards: list[int], points: int) -> None:
        defenders = team_of(winner) != team_of(self.zhuang)
        if defenders:
            self.defender_points += points
        if not self.hands[winner]:  # the last trick: 抠底 (§7.3.11)
            self.last_lead = tuple(self.lead.cards)
            self.last_winning_play = next(p.cards for p in self.current if p.seat == winner)
            self.defenders_won_last = defenders

    def _count_failed_throw(self, seat: int, attempted_cards: int, failing_unit_cards: int) -> None:
        amount = self.rules.failed_throw_penalty_amount  # per failure (§4.5, S003 "扣10分")
        self.throw_adjustment += amount if team_of(seat) == team_of(self.zhuang) else -amount

    def _end_hand(self) -> list[dict[str, Any]]:
        """The result (DESIGN.md §8); none for a position given without its final kitty. A level not given
        (None) leaves `levels_after` null, and `game_over` null where it depends on that level."""
        self.phase = DONE
        if self.buried is None:
            return []
        rules = self.rules
        kitty_points = sum(POINTS[k] for k in self.buried)
        multiplier = last_trick_multiplier(self.last_lead, self.last_winning_play, self.defenders_won_last,
                                           self.order, rules)
        bonus = kitty_points * multiplier
        total = defender_total(self.defender_points, bonus, self.throw_adjustment, rules)
        outcome = hand_result(total, self.zhuang, rules)
        up_team = team_of(self.zhuang) if outcome.zhuang_side_won else 1 - team_of(self.zhuang)
        levels_after = list(self.levels)
        reached_a = None if outcome.levels else False  # None: the rising team's level was not given
        if self.levels[up_team] is not None:
            levels_after[up_team], reached_a = raised_level(self.levels[up_team], outcome.levels, rules)
        ended = True if game_over(self.level, outcome, rules) else reached_a
        self.result = {"event": "result", "declarer": self.zhuang, "level": rank_name(self.level),
                       "trump": trump_text(self.trump), "defenders_points": self.defender_points,
                       "kitty_points": kitty_points, "kitty_multiplier": multiplier, "kitty_bonus": bonus,
                       "penalty_points": self.throw_adjustment, "defenders_total": total,
                       "declarer_won": outcome.zhuang_side_won, "up_team": up_team, "up_levels": outcome.levels,
                       "levels_after": None if None in levels_after else [rank_name(x) for x in levels_after],
                       "next_zhuang": None if ended else outcome.next_zhuang, "game_over": ended,
                       "settlement": [outcome.score_each[s] for s in range(self.num_players)]}
        return [self.result]

    def _record(self, *events: dict[str, Any]) -> list[dict[str, Any]]:
        self.events += events
        return list(events)
