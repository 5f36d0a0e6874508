"""What the 找朋友 table infers of the friend before his reveal (`games.zhaopengyou.engine.suspects`, RULES.md §7.4.8),
and how the heuristic reads it (`policies.heuristic.unseen.known_side`)."""

from __future__ import annotations

import numpy as np
import pytest

from baofen_sim.dev.kernel_calls import bits_of
from baofen_sim.games.zhaopengyou.engine.suspects import note_feeders
from baofen_sim.policies.heuristic.unseen import on_declarer_side
from baofen_sim.policies.view import new_play_view
from baofen_sim.records import PLAY_STATE_DTYPE
from tests.kernel_helpers import tables

SEATS = 5
DECLARER = 1
FRIEND_CARD = "H7"  # the trump 7 of a 7-call in hearts


@pytest.fixture(scope="module")
def tb():
    return tables("zhaopengyou-5p", trump="H")


def closed_trick(tb, leader: int, plays: list[str], winner: int, side_mask: int | None = None,
                 suspects: int = 0, friend_card: str = FRIEND_CARD) -> int:
    """`view.suspect_side` after a trick led by `leader` (plays in seat order from him) and won by `winner`
    (`friend_card` "": none, after an overcall)."""
    st = np.rec.array(np.zeros(1, dtype=PLAY_STATE_DTYPE))[0]
    view = new_play_view()
    view.declarer = DECLARER
    view.side_mask = 1 << DECLARER if side_mask is None else side_mask
    view.suspect_side = suspects
    view.friend_ge1 = bits_of(tb, friend_card)[0]
    for i, play in enumerate(plays):
        seat = (leader + i) % SEATS
        st.play_ge1[seat], st.play_eq2[seat] = bits_of(tb, play)
    note_feeders(tb, st, view, leader, winner)
    return int(view.suspect_side)


def test_a_seat_that_puts_points_on_the_declarers_winning_play_is_suspected(tb):
    # The declarer (seat 1) leads SA and wins it; seat 3 adds a 10, seats 2, 4 and 0 no points.
    assert closed_trick(tb, DECLARER, ["SA", "S3", "S10", "S4", "S6"], winner=DECLARER) == 1 << 3


def test_points_played_before_the_declarer_or_on_a_trick_he_loses_say_nothing(tb):
    # Seat 0 leads SK (points) before the declarer's SA: it could not know he would win.
    assert closed_trick(tb, 0, ["SK", "SA", "S3", "S4", "S6"], winner=DECLARER) == 0
    # Seat 4 puts a 10 on the trick, but seat 2 wins it over the declarer.
    assert closed_trick(tb, DECLARER, ["SK", "SA", "S3", "S10", "S6"], winner=2) == 0


def test_the_suspicion_ends_at_the_reveal_and_there_is_none_after_an_overcall(tb):
    plays = ["SA", "S3", "S10", "S4", "S6"]
    assert closed_trick(tb, DECLARER, plays, winner=DECLARER, side_mask=(1 << DECLARER) | (1 << 4),
                        suspects=1 << 3) == 0
    assert closed_trick(tb, DECLARER, plays, winner=DECLARER, friend_card="") == 0  # the declarer is alone, as all know


def test_the_heuristic_takes_a_suspect_for_the_declarers_side_but_never_itself_and_the_friend_knows_better():
    view = new_play_view()
    view.declarer = DECLARER
    view.side_mask = 1 << DECLARER
    view.suspect_side = (1 << 3) | (1 << 4)
    view.seat = 0
    assert on_declarer_side(view, 3) and on_declarer_side(view, 4) and not on_declarer_side(view, 2)
    view.seat = 3  # a suspect knows whether it is the friend
    assert not on_declarer_side(view, 3) and on_declarer_side(view, 4)
    view.private_side = 1 << 3  # seat 3 is the friend: he knows every other seat but the declarer defends
    assert on_declarer_side(view, 3) and not on_declarer_side(view, 4)
    view.seat = DECLARER  # a declarer who knows he plays 1 vs 4 (his own bit) suspects nobody
    view.private_side = 1 << DECLARER
    assert not on_declarer_side(view, 3) and not on_declarer_side(view, 4)
