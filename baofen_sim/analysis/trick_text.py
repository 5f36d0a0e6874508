"""The trick lines of `replay`, alike for every game (Baofen, 80分, 找朋友).

A game turns each trick of a replayed hand into a `TrickText` (plain data: seats, card names, numbers) and
`trick_lines` prints it; what differs between games is only what the game puts in: the name of the side whose
points run along (Baofen: the declarer; 80分: the 抓分方; 找朋友: the defenders), the running total after the trick
and a note, and what a failed throw costs. The lines of one trick, in the order things happen:

    trick  3: seat 1 throws C9 C9 CQ CQ: FAILED, forced lead C9 C9 (抓分方 -10)
    trick  3: seat 1: C9 C9   seat 2: C10 C10   seat 3: C3 CK   seat 0: C5 C7  -> seat 2 wins 35 points (pair lead); …
    trick 14: seat 3 plays the friend card S7: the friend is revealed, 45 points cleared
    trick 14: seat 3: S7   seat 4: S10   seat 0: S2   seat 1: S3   seat 2: HA  -> seat 3 wins 10 points (single lead); …

The last line is the trick itself: each seat's cards in play order, the leader first (after a failed throw, his
forced lead), the winner, the card points in the trick, the lead's shape (`codes.LEAD_KIND_LABELS`: a multi-unit
lead that stood is a `throw`), `ruff` when a ruff (§3.1) of a plain-suit lead won it, then the running points
(`; 抓分方 25, throws -10`: the side, its points after the trick, the game's note).
`judged_tricks` makes the `TrickText`s of a hand from the reference engine's judging of its game record (the
games whose engine writes no trick rows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from baofen_sim.cards import card_name
from baofen_sim.codes import LEAD_KIND_LABELS
from baofen_sim.reference.legality import make_lead
from baofen_sim.reference.trick import RUFF
from baofen_sim.reference.units import decompose

THROW_LABEL, EIGHT_LABEL = LEAD_KIND_LABELS[3], LEAD_KIND_LABELS[4]


@dataclass(frozen=True)
class FailedThrow:
    """A lead that failed as a throw (§4.4): the cards attempted and the lead forced in their place (§4.4.2;
    none under `free_relead`, where the leader leads again)."""

    seat: int
    attempted: tuple[str, ...]
    forced: tuple[str, ...]
    penalty: int = 0  # the judge's `throw_failed` penalty (unsigned), 0 when none or not known
    cost: str = ""  # what the failure costs as the game counts it ("抓分方 -10"); "" shows `penalty` if any


@dataclass(frozen=True)
class FriendReveal:
    """找朋友 §7.4.8: the friend plays the friend card in this trick; his points so far are removed (§7.4.10)."""

    seat: int
    card: str | None  # the friend card, None when not known
    points_cleared: int


@dataclass(frozen=True)
class TrickText:
    """One trick as `trick_lines` prints it."""

    index: int  # from 0
    plays: tuple[tuple[int, tuple[str, ...]], ...]  # (seat, card names) in play order, the leader's play first
    winner: int
    points: int  # card points in the trick
    lead: str  # the lead's shape: LEAD_KIND_LABELS
    ruff: bool = False  # won by a ruff of a plain-suit lead
    failed_throw: FailedThrow | None = None
    friend: FriendReveal | None = None
    side: str = ""  # the side whose points run along; "" prints no running points
    running: int | None = None  # that side's points after this trick
    note: str = ""  # printed after the running points

    @property
    def leader(self) -> int:
        return self.plays[0][0]


def trick_lines(trick: TrickText) -> list[str]:
    """The lines of one trick: a failed throw, the friend's reveal, then the trick."""
    head = f"trick {trick.index:>2}:"
    lines = []
    if (failed := trick.failed_throw) is not None:
        forced = f", forced lead {' '.join(failed.forced)}" if failed.forced else ", leads again"
        cost = failed.cost or (f"penalty {failed.penalty}" if failed.penalty else "")
        cost = f" ({cost})" if cost else ""
        lines.append(f"{head} seat {failed.seat} throws {' '.join(failed.attempted)}: FAILED{forced}{cost}")
    if (friend := trick.friend) is not None:
        card = f" {friend.card}" if friend.card else ""
        lines.append(f"{head} seat {friend.seat} plays the friend card{card}: the friend is revealed, "
                     f"{friend.points_cleared} points cleared")
    plays = "   ".join(f"seat {seat}: {' '.join(cards)}" for seat, cards in trick.plays)
    ruff = ", ruff" if trick.ruff else ""
    running = f"; {trick.side} {trick.running}{trick.note}" if trick.side and trick.running is not None else ""
    lines.append(f"{head} {plays}  -> seat {trick.winner} wins {trick.points} points ({trick.lead} lead{ruff})"
                 f"{running}")
    return lines


def hand_trick_lines(tricks: list[TrickText]) -> list[str]:
    """The lines of every trick of a hand, in order."""
    return [line for trick in tricks for line in trick_lines(trick)]


# ---- from the reference engine's judging of a game record ---------------------------------------------------


def lead_label(cards: tuple[int, ...], order: Any, rules: Any) -> str:
    """The shape of a lead that stood (LEAD_KIND_LABELS): its one unit's, `throw` for several, `eight` (§1.8)."""
    if make_lead(cards, order, rules).eight_rank is not None:
        return EIGHT_LABEL
    units = decompose(cards, order)
    return units[0].shape if len(units) == 1 else THROW_LABEL


def judged_tricks(events: list[dict[str, Any]], hand: Any) -> list[TrickText]:
    """The tricks the reference hand `hand` (a `reference.play.TrickHand`) played while judging a record, with the
    judge's `events` (DESIGN.md §8: `throw_failed`, `friend`, and the `result` line for the friend card); no
    running points (the game adds them)."""
    failed = {e["trick"]: e for e in events if e["event"] == "throw_failed"}
    friends = {e["trick"]: e for e in events if e["event"] == "friend"}
    result = next((e for e in events if e["event"] == "result"), {})
    tricks = []
    for index, trick in enumerate(hand.tricks):
        plays = tuple((seat, tuple(card_name(k) for k in cards)) for seat, cards in trick["plays"])
        won = next(i for i, (seat, _) in enumerate(trick["plays"]) if seat == trick["winner"])
        throw = friend = None
        if (e := failed.get(index)) is not None:
            throw = FailedThrow(e["seat"], tuple(e["attempted"]), tuple(e["forced"]), e["penalty"])
        if (e := friends.get(index)) is not None:
            friend = FriendReveal(e["seat"], result.get("friend_card"), e["points_cleared"])
        tricks.append(TrickText(index, plays, trick["winner"], trick["points"],
                                lead_label(trick["plays"][0][1], hand.order, hand.rules),
                                trick["classes"][won] == RUFF, throw, friend))
    return tricks
