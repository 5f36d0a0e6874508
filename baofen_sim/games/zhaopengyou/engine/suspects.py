"""What the table infers of the 找朋友 friend before he reveals himself (RULES.md §7.4.8), from the play alone:
a seat other than the declarer that put points on a trick the declarer won, after the declarer's play (so the
declarer was winning when it played), is suspected to be the friend (`view.suspect_side`). Every seat sees it; the
heuristic reads it through `unseen.known_side` (the friend himself knows better, as does a declarer who knows he
plays 1 vs 4: `knows_sides`; and a seat never suspects itself).
Once the friend plays the friend card the sides are known and the suspicion ends. With no friend card (after an
overcall, §7.4.8) everybody knows the declarer is alone and nothing is suspected."""

from __future__ import annotations

import numpy as np

from baofen_sim.codes import NO_SEAT
from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.hands import card_points
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.play import knows_own_side
from baofen_sim.kernels.trick import seat_after


@njit(cache=True, inline="always")
def note_feeders(tb, st, view, leader, winner):
    """After a trick led by `leader` and won by `winner` (its cards still in `st.play_*`, `view.side_mask` with the
    friend if he revealed himself in it): add the seats that fed the declarer points to `view.suspect_side`, or end
    the suspicion once the friend is known."""
    declarer = view.declarer
    if view.side_mask != np.int64(1) << np.int64(declarer) or view.friend_ge1 == ZERO:
        view.suspect_side = 0
        return
    if winner != declarer:
        return
    n = tb.num_players
    for i in range((declarer - leader) % n + 1, n):
        seat = seat_after(leader, i, n)
        if card_points(tb, st.play_ge1[seat], st.play_eq2[seat]) > 0:
            view.suspect_side |= np.int64(1) << np.int64(seat)


@njit(cache=True, inline="always")
def knows_sides(st, declarer, friend):
    """What a seat alone knows of the sides before the reveal (`kernels.play.knows_own_side`): the friend that he is
    the friend; with no friend (NO_SEAT, 1 vs 4), the declarer that he is alone (§7.4.8)."""
    knows_own_side(st, declarer if friend == NO_SEAT else friend)
