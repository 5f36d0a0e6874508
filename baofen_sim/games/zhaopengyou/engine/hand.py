"""One whole 找朋友 hand (RULES.md §7.4), strung together from the kernels:

    deal one card at a time, each seat asked to call with a 7 ► (nobody called: the flip holder's forced call) ►
    the declarer takes the kitty and buries ► overcalls with a pair of 7s, each re-burying ► the friend ►
    (concession) ► 20 tricks, the friend joining the declarer's side when he plays the friend card ► the result

- Deal (§7.4.2, DESIGN.md §4, §8): the pack is `rng.deal_pack(seed, hand)`, seat-stable (seat s's j-th card is
  pack[j N + s]); card k goes to seat (f + k − 1) mod 5, f = `sc.deal_first` (a random seat at a table's first hand,
  then the last result's next_deal_first). After each card every seat from its recipient on is asked, and after
  the last card once more (A28); the first 7 shown is the call. A seat holding no 7, or one that declined under a
  policy that answers the same cards alike (`declines_until_dealt`), is not asked again before it receives a card.
- Draws of the flow (the first hand's f, the turned-up card) come from stream STREAM_DRAW, the seats' decisions from
  their own streams, as their plays.
- Tricks: the shared trick machinery (`engine.tricks`) on the trick tables of the trump; the side mask is the
  declarer's until the friend plays the friend card, his too from that trick on (§7.4.8), and what his tricks
  counted for the defenders before is cleared (§7.4.10).
- Before the reveal, the seats the table suspects of being the friend (`view.suspect_side`,
  `games.zhaopengyou.engine.suspects`, read by the heuristic); the friend knows himself, and a declarer playing 1 vs 4
  knows he is alone (`suspects.knows_sides`).
- What the play view shows beyond the shared machinery's (read by the sampler, `games.zhaopengyou.policies.sampler`; no
  random or heuristic decision reads it): the friend card (`view.friend_ge1`), the points of each seat's tricks
  (`view.points_won`), the turned-up card among the cards its holder showed (with the caller's 7 and an overcaller's
  pair, `sc.shown`), and to a seat whose bury an overcall took, that bury and who took it
  (`kernels.kitty.pass_kitty`, as 80分's 反底s).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import NUM_KINDS, NUM_RANKS
from baofen_sim.codes import NO_SEAT
from baofen_sim.engine.tricks import take_follows, take_lead
from baofen_sim.games.zhaopengyou.engine.calling import (
    FRIEND_NONE_OVERCALL,
    call_trump,
    forced_options,
    forced_trumps,
    friend_of,
    held_sevens,
    may_concede,
    overcall_options,
)
from baofen_sim.games.zhaopengyou.engine.calling import flip_position as flip_at
from baofen_sim.games.zhaopengyou.engine.records import DEALT
from baofen_sim.games.zhaopengyou.engine.result import declarer_won, last_trick_multiplier, next_deal_first
from baofen_sim.games.zhaopengyou.engine.suspects import knows_sides, note_feeders
from baofen_sim.games.zhaopengyou.policies.dispatch import (
    bury_decision_zpy,
    call_decision,
    concede_decision,
    forced_call_decision,
    overcall_decision,
)
from baofen_sim.games.zhaopengyou.policies.heuristic import declines_until_dealt
from baofen_sim.games.zhaopengyou.policies.random_calls import NO_CARD
from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.deal import cards_received, dealt_card, recipient
from baofen_sim.kernels.hands import counts_to_bits, listed_to_bits
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.kitty import pass_kitty
from baofen_sim.kernels.play import collect_trick, play_cards, start_play
from baofen_sim.kernels.rng import STREAM_DRAW, STREAM_SEAT_BASE, bounded, deal_pack, stream_key
from baofen_sim.kernels.scoring import KIND_POINTS

NO_TARGET = 0  # 找朋友 has no bid: the play view's target is unused
NOT_CONCEDED = -1  # the scored fields of a conceded hand
NEVER = -1  # reveal_trick of a friend who never showed himself (or no friend)


@njit(cache=True)
def poll_call(sc, st, n, k, first, settled):
    """One poll of §7.4.4 after card k: each seat from its recipient on that holds a 7 may call; (seat, card,
    settled) of the first that does, or (NO_SEAT, NO_CARD, settled). `settled` has bit s for a seat whose answer
    cannot change before it receives a card (it holds no 7, or its policy `declines_until_dealt` and declined): it
    is not asked."""
    start = recipient(k, first, n)
    for i in range(n):
        asked = (start + i) % n
        if (settled >> asked) & 1:
            continue
        held = held_sevens(sc.counts[asked], sc.options)
        if held == 0:
            settled |= np.int64(1) << np.int64(asked)
            continue
        card, st.rng[asked] = call_decision(st.policy_ids[asked], st.params[asked], sc.counts[asked],
                                            cards_received(k, asked, first, n), held, sc.options, st.rng[asked])
        if card != NO_CARD:
            return asked, card, settled
        if declines_until_dealt(st.policy_ids[asked]):
            settled |= np.int64(1) << np.int64(asked)
    return NO_SEAT, NO_CARD, settled


@njit(cache=True)
def deal_and_call(hr, cs, sc, st, log, hand, first):
    """§7.4.2–§7.4.4 the deal of hand `hand` from seat `first` with the polls; each seat's cards end in sc.counts.
    Returns (caller, card, cards dealt at the call); NO_SEAT: nobody called."""
    n = hr.num_players
    deal_pack(cs.seed, hand, sc.pack)
    for seat in range(n):
        sc.bury_takers[seat] = 0
        for kind in range(NUM_KINDS):
            sc.counts[seat, kind] = 0
            sc.shown[seat, kind] = 0
    if cs.do_log:
        for i in range(sc.pack.shape[0]):  # the deal order, then the kitty
            log.dealt[i] = dealt_card(sc.pack, i + 1, first, n) if i < DEALT else sc.pack[i]
    caller, card, after = NO_SEAT, NO_CARD, 0
    settled = np.int64(0)  # poll_call: the seats not to ask before they receive a card
    for k in range(1, DEALT + 1):
        seat = recipient(k, first, n)
        sc.counts[seat, dealt_card(sc.pack, k, first, n)] += 1
        settled &= ~(np.int64(1) << np.int64(seat))
        if caller == NO_SEAT:
            caller, card, settled = poll_call(sc, st, n, k, first, settled)
            after = k
    if caller == NO_SEAT:
        caller, card, settled = poll_call(sc, st, n, DEALT, first, settled)  # after the last card, once more (A28)
        after = DEALT
    return caller, card, after


@njit(cache=True)
def take_kitty_and_bury(sc, st, seat, trump, kitty_size):
    """The seat picks up the kitty (sc.kitty) and buries kitty_size of its cards into it (§7.4.6, §7.4.7)."""
    for i in range(kitty_size):
        sc.counts[seat, sc.kitty[i]] += 1
    bury = sc.kitty[:kitty_size]
    st.rng[seat] = bury_decision_zpy(st.policy_ids[seat], st.params[seat], sc.counts[seat], trump, st.rng[seat],
                                     bury)
    for i in range(kitty_size):
        sc.counts[seat, bury[i]] -= 1


@njit(cache=True)
def overcalls(zr, sc, st, log, do_log, n, declarer, trump, kitty_size):
    """§7.4.7 [A35]: polled from the 下家 of the last to set trump, he last, the first seat that may and will shows a
    pair of 7s of a suit not yet trump, becomes declarer, takes up the buried cards and re-buries; again until
    `zpy_overcall_max` or a whole poll declines. Returns (declarer, trump, overcalls)."""
    named = 1 << trump
    count = 0
    while count < zr.overcall_max:
        overcalled = False
        for i in range(1, n + 1):
            seat = (declarer + i) % n
            options = overcall_options(sc.counts[seat], named, sc.options)
            if options == 0:
                continue
            card, st.rng[seat] = overcall_decision(st.policy_ids[seat], st.params[seat], sc.counts[seat], options,
                                                   sc.options, st.rng[seat])
            if card == NO_CARD:
                continue
            sc.shown[seat, card] = 2
            pass_kitty(sc, declarer, seat, kitty_size, n)
            take_kitty_and_bury(sc, st, seat, card // NUM_RANKS, kitty_size)
            if do_log:
                log.overcall_seat[count] = seat
                log.overcall_kind[count] = card
                for j in range(kitty_size):
                    log.overcall_bury[count, j] = sc.kitty[j]
            declarer, trump = seat, card // NUM_RANKS
            named |= 1 << trump
            count += 1
            overcalled = True
            break
        if not overcalled:
            break
    return declarer, trump, count


@njit(cache=True)
def hands_in_layout(tb, sc, st, n, kitty_size):
    """Every seat's cards, the cards it has shown, the final kitty and the buries overcalls took (`pass_kitty`) in the
    trump layout of `tb`."""
    for seat in range(n):
        st.hand_ge1[seat], st.hand_eq2[seat] = counts_to_bits(tb, sc.counts[seat])
        st.shown_before_ge1[seat], st.shown_before_eq2[seat] = counts_to_bits(tb, sc.shown[seat])
        st.bury_takers[seat] = sc.bury_takers[seat]
        st.passed_ge1[seat], st.passed_eq2[seat] = ZERO, ZERO
        if sc.bury_takers[seat] != 0:
            st.passed_ge1[seat], st.passed_eq2[seat] = listed_to_bits(tb, sc.passed[seat], kitty_size)
    st.bury_ge1, st.bury_eq2 = listed_to_bits(tb, sc.kitty, kitty_size)


@njit(cache=True)
def play_zpy_tricks(tb, hr, cs, sc, st, view, row, declarer, friend, friend_bit, log):
    """Every trick from `st.hand_*`, the declarer's side growing by the friend in the trick where he plays the
    friend card (`friend_bit`, trump layout; §7.4.8); his tricks' points counted for the defenders before are
    cleared then (§7.4.10). Each seat's counted points end in sc.counted; the row gets the reveal, the points each
    seat won and the tricks. Returns the last trick's leader."""
    n = hr.num_players
    start_play(tb, st, view, declarer, np.int64(1) << np.int64(declarer), NO_TARGET)
    knows_sides(st, declarer, friend)
    for seat in range(n):
        sc.counted[seat] = 0
        row.points_won[seat] = 0
        view.points_won[seat] = 0
    row.reveal_trick = NEVER
    row.points_cleared = 0
    leader = view.leader
    while st.hand_ge1[view.leader] != ZERO:
        leader = view.leader
        view.trick_index = st.tricks
        lead, _ = take_lead(tb, hr, cs, st, view, declarer, log)
        play_cards(st, view, leader, lead.ge1, lead.eq2)
        take_follows(tb, hr, cs, st, view, lead, log)
        if friend != NO_SEAT and row.reveal_trick == NEVER and st.play_ge1[friend] & friend_bit != ZERO:
            row.reveal_trick = st.tricks
            row.points_cleared = sc.counted[friend]
            sc.counted[friend] = 0
            view.side_mask |= np.int64(1) << np.int64(friend)
        winner, points = collect_trick(tb, st, view, lead, declarer)
        note_feeders(tb, st, view, leader, winner)
        row.points_won[winner] += points
        view.points_won[winner] += points
        if not st.declarer_won_last:
            sc.counted[winner] += points
    row.tricks_played = st.tricks
    return leader


@njit(cache=True)
def kitty_points(sc, kitty_size):
    total = 0
    for i in range(kitty_size):
        total += KIND_POINTS[sc.kitty[i]]
    return total


@njit(cache=True)
def kitty_copies(sc, card, kitty_size):
    """Copies of `card` among the undealt cards (the kitty as dealt, §7.4.9)."""
    copies = 0
    for i in range(kitty_size):
        copies += sc.pack[DEALT + i] == card
    return copies


@njit(cache=True)
def score_conceded(row):
    """§7.4.9 [A32]: a loss of the declarer's side, nothing else scored."""
    row.conceded = True
    row.defenders_points = row.kitty_points = row.kitty_multiplier = NOT_CONCEDED
    row.kitty_bonus = row.defenders_total = NOT_CONCEDED
    row.declarer_won = False
    row.reveal_trick = NEVER
    row.points_cleared = 0
    row.tricks_played = 0
    for seat in range(row.points_won.shape[0]):
        row.points_won[seat] = 0


@njit(cache=True)
def score_played(tb, zr, sc, st, row, last_leader, last_winner, kitty_size):
    """§7.4.10–§7.4.12 the defenders' points, the kitty and who won, into the row; the last trick's plays are in
    st.play_*."""
    row.conceded = False
    points = 0
    for seat in range(zr.num_players):
        points += sc.counted[seat]
    row.defenders_points = points
    row.kitty_points = kitty_points(sc, kitty_size)
    row.kitty_multiplier = last_trick_multiplier(tb, zr, not st.declarer_won_last, st.play_eq2[last_leader],
                                                 st.play_eq2[last_winner])
    row.kitty_bonus = row.kitty_points * row.kitty_multiplier
    row.defenders_total = points + row.kitty_bonus
    row.declarer_won = declarer_won(zr, row.defenders_total)


@njit(cache=True)
def play_hand_zpy(zr, tables, cs, table, hand, row, log, sc, st, view):
    """Hand `hand` of `table` (its global index `row.hand`) into the ZPY_ROW_DTYPE record `row` (and `log` when
    cs.do_log), from and into the table state in `sc` (the seat that receives the first card)."""
    n = zr.num_players
    kitty_size = zr.kitty_size
    row.hand = table * cs.hands_per_table + hand
    row.table = table
    row.hand_in_table = hand
    for seat in range(n):
        st.rng[seat] = stream_key(cs.seed, row.hand, STREAM_SEAT_BASE + seat)
        row.policy[seat] = st.policy_ids[seat]
    draw = stream_key(cs.seed, row.hand, STREAM_DRAW)
    draw, random_first = bounded(draw, n)
    draw, flip_draw = bounded(draw, DEALT)
    first = random_first if hand == 0 else sc.deal_first
    row.deal_first = first
    flip = flip_at(zr, flip_draw)
    row.flip_position = flip
    caller, card, after = deal_and_call(zr, cs, sc, st, log, row.hand, first)
    turned_up = dealt_card(sc.pack, flip, first, n)
    row.flip_holder = recipient(flip, first, n)
    row.flip_card = turned_up
    forced = caller == NO_SEAT
    if forced:  # §7.4.5
        caller = row.flip_holder
        options = forced_options(zr, sc.counts[caller], turned_up, sc.options)
        forced_trumps(zr, options, sc.options, turned_up, sc.option_trumps)
        card, st.rng[caller] = forced_call_decision(st.policy_ids[caller], st.params[caller], sc.counts[caller],
                                                    options, sc.options, sc.option_trumps, st.rng[caller])
    row.caller, row.call_card, row.call_after, row.call_forced = caller, card, after, forced
    sc.shown[caller, card] = 1
    trump = call_trump(zr, card, forced, turned_up)
    dealt_copies = sc.counts[caller, card]
    for i in range(kitty_size):
        sc.kitty[i] = sc.pack[DEALT + i]
    take_kitty_and_bury(sc, st, caller, trump, kitty_size)
    if cs.do_log:
        for i in range(kitty_size):
            log.bury[i] = sc.kitty[i]
    declarer, trump, row.overcalls = overcalls(zr, sc, st, log, cs.do_log, n, caller, trump, kitty_size)
    row.declarer, row.trump = declarer, trump
    if row.overcalls > 0:  # §7.4.8 [A32] no friend after an overcall
        friend, row.friend_status, row.friend_card = NO_SEAT, FRIEND_NONE_OVERCALL, NO_CARD
    else:
        friend, row.friend_status = friend_of(sc.counts, declarer, card, n)
        row.friend_card = card
    row.friend = friend
    won = False
    if cs.do_log:
        log.n_plays = 0
    conceding = may_concede(zr, card, row.overcalls, dealt_copies, kitty_copies(sc, card, kitty_size),
                            sc.counts[declarer, card])
    if conceding:
        conceding, st.rng[declarer] = concede_decision(st.policy_ids[declarer], st.params[declarer],
                                                       sc.counts[declarer], trump, st.rng[declarer])
    if conceding:
        score_conceded(row)
    else:
        tb = tables[trump]
        sc.shown[row.flip_holder, turned_up] = max(sc.shown[row.flip_holder, turned_up], 1)  # §7.4.3 public
        hands_in_layout(tb, sc, st, n, kitty_size)
        st.bury_owner = declarer
        view.friend_ge1 = ZERO  # §7.4.8 the friend card is public (who holds it is not)
        if row.overcalls == 0:
            view.friend_ge1 = np.uint64(1) << np.uint64(tb.kind_to_bit[card])
        friend_bit = view.friend_ge1 if friend != NO_SEAT else ZERO
        last_leader = play_zpy_tricks(tb, zr, cs, sc, st, view, row, declarer, friend, friend_bit, log)
        score_played(tb, zr, sc, st, row, last_leader, view.leader, kitty_size)
        won = row.declarer_won
    row.next_deal_first = next_deal_first(declarer, won)
    sc.deal_first = row.next_deal_first
