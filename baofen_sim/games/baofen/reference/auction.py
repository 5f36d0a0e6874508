"""The Baofen auction (叫分), written plainly after RULES.md §5.4 (A9, A10).

Contract of `Auction` (OpenSpiel-like):

- `to_act` is the seat whose turn it is, or None once the auction is over.
- `legal_bids()` lists the bids (ascending) the player to act may make; passing is always legal, so an
  empty list means "must pass" (§5.4.2 "A player with no legal bid must pass").
- `check(bid)` returns None if the step is legal, else an `Illegal` citing the section. `None` = pass.
- `apply(bid)` validates (raising `IllegalStep`), records `(seat, bid)` in `history`, then advances.

Turn order (§5.4.1, §5.4.3): counter-clockwise (seat + 1 mod N) from the 主叫; a player who passed is
skipped for the rest of the auction. The auction ends when every player except the high bidder has
passed (he is the declarer, his bid the target), or when all players pass without a bid (all-pass, §5.7).

Openings (§5.4.2, A9). Only the first bid of the auction is an opening; every later bid is a raise of the
current high bid by one of `bid_raise_steps`, whoever makes it. Because the 主叫 acts first, the opening
is either the 主叫's own first action (values `bid_open_values`) or, when he passed, a 副叫's bid after
that pass (values `bid_open_values_after_pass`). A 副叫's first bid after the 主叫 has bid is therefore a
raise (e.g. 85 → 90..105), never an opening.

Cap (§5.4.2, A10): each bidder's cap is `bid_cap(rules, his dealt hand)`; `bid_cap_max` can never be raised.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER
from baofen_sim.reference.verdict import Illegal, IllegalStep
from baofen_sim.rules import RuleSet

RULE_TURN = "§5.4.1"
RULE_BID = "§5.4.2"
RULE_END = "§5.4.3"


def count_pairs(hand: Sequence[int], include_jokers: bool) -> int:
    """Identities held twice (§1.4, A10): SA SA is a pair, BJ LJ is not; joker pairs count if asked.

    Trump is not chosen during the auction, so two 2s of different suits are never a pair here.
    """
    counts = Counter(hand)
    return sum(
        1
        for kind, n in counts.items()
        if n >= 2 and (include_jokers or kind not in (LITTLE_JOKER, BIG_JOKER))
    )


def bid_cap(rules: RuleSet, hand: Sequence[int]) -> int:
    """§5.4.2: `bid_cap_default` (150), or `bid_cap_max` (250) with at least `bid_cap_pairs_min` pairs."""
    if count_pairs(hand, rules.bid_pairs_include_jokers) >= rules.bid_cap_pairs_min:
        return rules.bid_cap_max
    return rules.bid_cap_default


def _values_text(values: Sequence[int]) -> str:
    """`[85, 90, 95]` → "85, 90 or 95"."""
    items = [str(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


class Auction:
    """One Baofen auction. `hands` are the N dealt hands, used only for each bidder's cap (§5.4.2)."""

    def __init__(self, rules: RuleSet, zhujiao: int, hands: Sequence[Sequence[int]]):
        n = rules.num_players
        if not 0 <= zhujiao < n:
            raise ValueError(f"zhujiao must be a seat 0..{n - 1}, got {zhujiao}")
        if len(hands) != n:
            raise ValueError(f"expected {n} hands, got {len(hands)}")
        self.rules = rules
        self.zhujiao = zhujiao
        self.num_players = n
        self.caps: tuple[int, ...] = tuple(bid_cap(rules, h) for h in hands)
        self.pair_counts: tuple[int, ...] = tuple(
            count_pairs(h, rules.bid_pairs_include_jokers) for h in hands
        )
        self.history: list[tuple[int, int | None]] = []
        self.passed: set[int] = set()
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self._to_act: int | None = zhujiao

    # ----- state -------------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is; None when the auction is over."""
        return self._to_act

    @property
    def finished(self) -> bool:
        return self._to_act is None

    @property
    def declarer(self) -> int | None:
        """The winning bidder once finished (§5.4.3); None while running or after an all-pass."""
        return self.high_bidder if self.finished else None

    @property
    def target(self) -> int | None:
        """The declarer's bid (目标分) once finished; None while running or after an all-pass."""
        return self.high_bid if self.finished and self.high_bidder is not None else None

    @property
    def all_passed(self) -> bool:
        """True when the auction ended with no bid at all (§5.7)."""
        return self.finished and self.high_bidder is None

    def clone(self) -> Auction:
        other = Auction.__new__(Auction)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.passed = set(self.passed)
        return other

    # ----- legality ----------------------------------------------------------------------------------

    def _is_opening(self) -> bool:
        # Only the first bid of the auction is an opening (module docstring).
        return self.high_bid is None

    def _opening_values(self, seat: int) -> Sequence[int]:
        # §5.4.2 / A9: the 主叫's opening, or a 副叫's opening after the 主叫 passed.
        if seat == self.zhujiao:
            return self.rules.bid_open_values
        return self.rules.bid_open_values_after_pass

    def _raise_values(self) -> list[int]:
        assert self.high_bid is not None
        return [self.high_bid + step for step in self.rules.bid_raise_steps]

    def _cap_of(self, seat: int) -> int:
        return min(self.caps[seat], self.rules.bid_cap_max)

    def legal_bids(self) -> list[int]:
        """Bids open to the player to act, ascending; [] if he must pass or the auction is over."""
        seat = self._to_act
        if seat is None:
            return []
        values = self._opening_values(seat) if self._is_opening() else self._raise_values()
        cap = self._cap_of(seat)
        return sorted({v for v in values if v <= cap})

    def check(self, bid: int | None, seat: int | None = None) -> Illegal | None:
        """None if `bid` (None = pass) is legal for the player to act, else the verdict.

        `seat`, if given, is who claims to act: a seat that has passed (or is not on turn) is refused
        with §5.4.1. A record in table order never needs it, since passed seats are simply skipped.
        """
        to_act = self._to_act
        if to_act is None:
            return Illegal(RULE_END, "the auction is over: no more bids or passes")
        if seat is not None and seat != to_act:
            if seat in self.passed:
                return Illegal(RULE_TURN, f"seat {seat} has passed and may not bid again "
                                          f"(passed players are skipped); it is seat {to_act}'s turn")
            return Illegal(RULE_TURN, f"it is seat {to_act}'s turn, not seat {seat}'s")
        if bid is None:
            return None  # §5.4.2: a pass is always legal
        if isinstance(bid, bool) or not isinstance(bid, int):
            return Illegal(RULE_BID, f"a bid must be a whole number of points, got {bid!r}")
        return self._check_value(to_act, bid)

    def _check_value(self, seat: int, bid: int) -> Illegal | None:
        if self._is_opening():
            values = self._opening_values(seat)
            if bid not in values:
                who = "the 主叫" if seat == self.zhujiao else "a 副叫 after the 主叫 passed"
                return Illegal(RULE_BID, f"seat {seat} opens the auction as {who}: the bid must be "
                                         f"{_values_text(values)}, not {bid}")
        else:
            assert self.high_bid is not None
            step = bid - self.high_bid
            if step not in self.rules.bid_raise_steps:
                return Illegal(RULE_BID, f"seat {seat} must raise {self.high_bid} by "
                                         f"{_values_text(self.rules.bid_raise_steps)}: "
                                         f"{bid} is {step:+d}")
        if bid > self.rules.bid_cap_max:
            return Illegal(RULE_BID, f"no bid may exceed {self.rules.bid_cap_max}")
        cap = self._cap_of(seat)
        if bid > cap:
            pairs = self.pair_counts[seat]
            return Illegal(RULE_BID, f"seat {seat} holds {pairs} pair{'s' if pairs != 1 else ''}: "
                                     f"may not bid above {cap}")
        return None

    # ----- stepping ----------------------------------------------------------------------------------

    def apply(self, bid: int | None, seat: int | None = None) -> None:
        """Validate, record and play one step (None = pass). Raises IllegalStep if illegal."""
        verdict = self.check(bid, seat)
        if verdict is not None:
            raise IllegalStep(verdict)
        actor = self._to_act
        assert actor is not None
        self.history.append((actor, bid))
        if bid is None:
            self.passed.add(actor)
        else:
            self.high_bid = bid
            self.high_bidder = actor
        self._to_act = self._next_to_act(actor)

    def _next_to_act(self, actor: int) -> int | None:
        n = self.num_players
        # §5.4.3: everyone passed without a bid → all-pass.
        if len(self.passed) == n:
            return None
        # §5.4.3: everyone except the high bidder passed → he is the declarer.
        if self.high_bidder is not None and len(self.passed) == n - 1:
            return None
        # §5.4.1: counter-clockwise, skipping players who passed.
        seat = (actor + 1) % n
        while seat in self.passed:
            seat = (seat + 1) % n
        return seat
