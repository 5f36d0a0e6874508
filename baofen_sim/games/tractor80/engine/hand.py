"""One whole 80分 hand (RULES.md §7.3), strung together from the kernels:

    deal one card at a time, with showings ► (nobody showed: trump from the kitty) ► the 庄 takes the kitty and
    buries ► 反底s, each re-burying ► 25 tricks at the level rank ► 抠底, the level table ► the table's next state

- Deal (§7.3.3, DESIGN.md §4, §8): the pack is `rng.deal_pack(seed, hand)`, seat-stable as in Baofen (seat s's
  j-th card is pack[j N + s], whoever deals first); card k of the deal goes to seat (f + k − 1) mod N, f = the
  seat that receives the first card (the 庄, or seat 0 in a game's first hand), so each seat receives its cards
  in that order and may show while they arrive. After each card every seat is asked in turn from its recipient
  on, and after the last card once more (the simulator's polling, §7.3.4 [DESIGN]); the first that shows does.
- The 庄 (§7.3.6): in a game's first hand the last seat to show, or a random seat (stream STREAM_DRAW) if nobody
  showed; later hands carry it from the last result.
- Tricks: the shared trick machinery (`engine.tricks.play_tricks`) with the 庄 and his partner on one side, on the
  trick tables of the level played and the trump (`trick_table`).
- The table state (`TABLE80_SCRATCH_DTYPE`: levels, 积分, the next 庄, the game number) comes in and goes out in
  the scratch; a game over starts a new game at the next hand (both teams at `start_level`, a first hand).
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import LITTLE_JOKER, NUM_KINDS, NUM_RANKS, NUM_SUITS, TOTAL_POINTS
from baofen_sim.codes import (
    NO_SEAT,
    NO_TRUMP,
    NUM_TEAMS,
    SOURCE_FANDI,
    SOURCE_KITTY,
    SOURCE_NO_TRUMP,
    SOURCE_PAIR,
    SOURCE_SINGLE,
)
from baofen_sim.engine.tricks import play_tricks
from baofen_sim.games.tractor80.engine.declaring import (
    TIER_LITTLE_JOKERS,
    TIER_NONE,
    TIER_PAIR,
    TIER_SINGLE,
    declaration_tier,
    showing_kind,
    showing_trump,
)
from baofen_sim.games.tractor80.engine.records import NUM_SEATS
from baofen_sim.games.tractor80.engine.result import PARTNER_OFFSET, hand_result, team_of, throw_adjustment
from baofen_sim.games.tractor80.policies.declare import declines_until_changed, legal_declarations, legal_fandis
from baofen_sim.games.tractor80.policies.dispatch import bury_decision80, fandi_decision, showing_decision
from baofen_sim.kernels.bits import ZERO
from baofen_sim.kernels.deal import dealt_card, recipient
from baofen_sim.kernels.hands import counts_to_bits, listed_to_bits
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.kitty import pass_kitty
from baofen_sim.kernels.rng import STREAM_DRAW, STREAM_SEAT_BASE, bounded, deal_pack, stream_key
from baofen_sim.kernels.scoring import KIND_POINTS

SEAT_OPTIONS_STALE = -1  # sc.seat_options: recompute the seat's legal showings at its next poll
TRUMP_SLOTS = NUM_SUITS + 1  # a level's trick tables: one per trump suit, then no-trump
NO_TARGET = 0  # 80分 has no bid: the play view's target is unused


@njit(cache=True)
def trick_table(level, trump):
    """Index of the trick tables of a hand at `level` with `trump` (NO_TRUMP: the last of the level's slots)."""
    return level * TRUMP_SLOTS + (NUM_SUITS if trump == NO_TRUMP else trump)


@njit(cache=True)
def undeclared_trump(pack, first_kitty, kitty_size, level):
    """§7.3.5, A25: the suit of the first level card turned over from the kitty; without one, of the first of its
    highest-ranked non-joker cards."""
    best = -1
    for i in range(first_kitty, first_kitty + kitty_size):
        kind = pack[i]
        if kind >= LITTLE_JOKER:
            continue
        if kind % NUM_RANKS == level:
            return kind // NUM_RANKS
        if best < 0 or kind % NUM_RANKS > best % NUM_RANKS:
            best = kind
    return best // NUM_RANKS


@njit(cache=True, inline="always")
def anyone_to_ask(sc, n):
    """Whether a poll would ask any seat: one with showings (or not yet counted) that has not declined them."""
    for seat in range(n):
        if sc.seat_options[seat] != 0 and not sc.seat_declined[seat]:
            return True
    return False


@njit(cache=True)
def note_shown(sc, seat, tier, suit, level, both):
    """What a showing tells the table (§7.3.4, §7.3.8): `seat` holds the card shown, both copies for a pair or
    when `both` (a 自保 shows the second copy), until it plays them (`sc.shown`)."""
    kind = showing_kind(tier, suit, level)
    copies = 1 if tier == TIER_SINGLE and not both else 2
    sc.shown[seat, kind] = max(sc.shown[seat, kind], copies)


@njit(cache=True, inline="always")
def next_seat(seat, n):
    """The seat after `seat` in playing order (no division: the deal asks it after every card)."""
    seat += 1
    return 0 if seat == n else seat


@njit(cache=True)
def poll_showings(gr, sc, st, log, do_log, n, k, start, start_place, round_cards, level, cur_seat, cur_tier,
                  cur_suit, n_shown):
    """One poll of §7.3.4 after card k: each of the n seats from its recipient `start` on may show; the first that
    does sets the standing showing (and every seat's options are stale). `start` is the `start_place`-th seat (from
    0) to receive a card in this round of the deal, whose seats have `round_cards` cards before it: the seats up to
    it in the round hold one more. A seat's legal showings are kept in sc.seat_options / seat_tiers / seat_suits
    until its level cards, its jokers or the standing showing change (SEAT_OPTIONS_STALE); a seat whose policy
    `declines_until_changed` is not asked again (sc.seat_declined) until it receives a card or the standing
    showing changes. Returns the standing (seat, tier, suit) and the showings so far."""
    asked = start
    for i in range(n):
        if i > 0:
            asked = next_seat(asked, n)
        if sc.seat_declined[asked]:
            continue
        if sc.seat_options[asked] == SEAT_OPTIONS_STALE:
            sc.seat_options[asked] = legal_declarations(gr, sc.counts[asked], level, cur_seat, cur_tier, cur_suit,
                                                        asked, sc.seat_tiers[asked], sc.seat_suits[asked])
        if sc.seat_options[asked] == 0:
            continue
        received = round_cards + 1 if i == 0 or start_place + i >= n else round_cards  # `cards_received`
        policy_id = st.policy_ids[asked]
        tier, suit, st.rng[asked] = showing_decision(policy_id, st.params[asked], sc.counts[asked], received, level,
                                                     cur_seat, cur_tier, cur_suit, asked, sc.seat_options[asked],
                                                     sc.seat_tiers[asked], sc.seat_suits[asked], st.rng[asked])
        if tier == TIER_NONE:
            sc.seat_declined[asked] = declines_until_changed(policy_id)
            continue
        for seat in range(n):
            sc.seat_options[seat] = SEAT_OPTIONS_STALE
            sc.seat_declined[seat] = 0
        note_shown(sc, asked, tier, suit, level, asked == cur_seat)
        if do_log:
            log.declaration_after[n_shown] = k
            log.declaration_seat[n_shown] = asked
            log.declaration_kind[n_shown] = showing_kind(tier, suit, level)
            log.declaration_copies[n_shown] = 1 if tier == TIER_SINGLE else 2
            log.n_declarations = n_shown + 1
        standing = declaration_tier(cur_seat, cur_tier, cur_suit, asked, tier, suit, gr.self_reinforce,
                                    gr.singles_overcall)
        return asked, standing, suit, n_shown + 1
    return cur_seat, cur_tier, cur_suit, n_shown


@njit(cache=True)
def deal_and_declare(hr, gr, cs, sc, st, log, hand, first, level):
    """§7.3.3–§7.3.4 the deal of hand `hand` from seat `first`, with the showings; each seat's cards end in
    sc.counts. Returns the standing showing (seat NO_SEAT: nobody showed) and the number of showings."""
    n = hr.num_players
    dealt = n * hr.hand_size
    deal_pack(cs.seed, hand, sc.pack)
    for seat in range(n):
        for kind in range(NUM_KINDS):
            sc.counts[seat, kind] = 0
            sc.shown[seat, kind] = 0
    if cs.do_log:
        log.first = first
        log.n_declarations = 0
        for i in range(sc.pack.shape[0]):  # the deal order, then the kitty as it is turned over
            log.dealt[i] = dealt_card(sc.pack, i + 1, first, n) if i < dealt else sc.pack[i]
    cur_seat, cur_tier, cur_suit, shown = NO_SEAT, TIER_NONE, 0, 0
    for seat in range(n):
        sc.seat_options[seat] = 0  # no card yet, no showing
        sc.seat_declined[seat] = 0
    k = 0  # card k goes to seat `recipient(k, first, n)`: seat s's j-th card, pack[j N + s], in round j
    seat = first
    for j in range(hr.hand_size):
        for place in range(n):
            k += 1
            card = sc.pack[j * n + seat]
            sc.counts[seat, card] += 1
            sc.seat_declined[seat] = 0
            if card >= LITTLE_JOKER or card % NUM_RANKS == level:
                sc.seat_options[seat] = SEAT_OPTIONS_STALE
            if anyone_to_ask(sc, n):
                cur_seat, cur_tier, cur_suit, shown = poll_showings(gr, sc, st, log, cs.do_log, n, k, seat, place, j,
                                                                    level, cur_seat, cur_tier, cur_suit, shown)
            seat = next_seat(seat, n)
    # once more after the last card: from its recipient (the round's last seat), every seat holding hand_size cards
    last = recipient(dealt, first, n)
    cur_seat, cur_tier, cur_suit, shown = poll_showings(gr, sc, st, log, cs.do_log, n, dealt, last, n - 1,
                                                        hr.hand_size - 1, level, cur_seat, cur_tier, cur_suit, shown)
    return cur_seat, cur_tier, cur_suit, shown


@njit(cache=True)
def take_kitty_and_bury(sc, st, seat, kitty_size, level, trump):
    """The seat picks up the kitty (sc.kitty) and buries kitty_size cards of its hand (its policy's bury, knowing
    the trump) into it."""
    for i in range(kitty_size):
        sc.counts[seat, sc.kitty[i]] += 1
    bury = sc.kitty[:kitty_size]
    st.rng[seat] = bury_decision80(st.policy_ids[seat], st.params[seat], sc.counts[seat], level, trump, st.rng[seat],
                                   bury)
    for i in range(kitty_size):
        sc.counts[seat, bury[i]] -= 1


@njit(cache=True)
def challenge_kitty(gr, sc, st, log, do_log, n, level, zhuang, set_seat, set_tier, set_suit, kitty_size):
    """§7.3.8 反底s: polled from the last burier's 下家, the first of the n seats that may and will shows a pair,
    takes the kitty and re-buries; again until a whole poll declines. Returns the showing that sets trump, the
    count and the last burier."""
    last_burier = zhuang
    count = 0
    challenged = True
    while challenged:
        challenged = False
        for i in range(n):
            seat = (last_burier + 1 + i) % n
            options = legal_fandis(gr, sc.counts[seat], level, set_seat, set_tier, set_suit, seat, zhuang,
                                   last_burier, count == 0, sc.showing_tiers, sc.showing_suits)
            tier, suit, st.rng[seat] = fandi_decision(st.policy_ids[seat], st.params[seat], sc.counts[seat], level,
                                                      set_seat, set_tier, set_suit, seat, options, sc.showing_tiers,
                                                      sc.showing_suits, st.rng[seat])
            if tier == TIER_NONE:
                continue
            note_shown(sc, seat, tier, suit, level, True)
            pass_kitty(sc, last_burier, seat, kitty_size, n)
            take_kitty_and_bury(sc, st, seat, kitty_size, level, showing_trump(tier, suit))
            if do_log:
                log.fandi_seat[count] = seat
                log.fandi_kind[count] = showing_kind(tier, suit, level)
                for j in range(kitty_size):
                    log.fandi_bury[count, j] = sc.kitty[j]
                log.n_fandi = count + 1
            set_seat, set_tier, set_suit = seat, tier, suit
            last_burier = seat
            count += 1
            challenged = True
            break
    return set_seat, set_tier, set_suit, count, last_burier


@njit(cache=True)
def trump_source(set_seat, set_tier, fandi):
    """The row's SOURCE_* of the showing that set trump (NO_SEAT: none, the kitty did)."""
    if set_seat == NO_SEAT:
        return SOURCE_KITTY
    if fandi > 0:
        return SOURCE_FANDI
    if set_tier >= TIER_LITTLE_JOKERS:
        return SOURCE_NO_TRUMP
    return SOURCE_PAIR if set_tier == TIER_PAIR else SOURCE_SINGLE


@njit(cache=True)
def hands_in_layout(tb, sc, st, n, kitty_size):
    """Every seat's cards, the cards it has shown, the final kitty and the buries 反底s took (`pass_kitty`) in the
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
def kitty_points(sc, kitty_size):
    total = 0
    for i in range(kitty_size):
        total += KIND_POINTS[sc.kitty[i]]
    return total


@njit(cache=True)
def play_hand80(hr, gr, tables, cs, table, hand, row, log, sc, st, view, res):
    """Hand `hand` of `table` (its global index `row.hand`) into the HAND80_ROW_DTYPE record `row` (and `log` when
    cs.do_log), from and into the table state in `sc`; `res` is the RESULT_DTYPE scratch of its result."""
    n = hr.num_players
    row.hand = table * cs.hands_per_table + hand
    row.table = table
    row.hand_in_table = hand
    row.game = sc.game
    first_hand = sc.zhuang == NO_SEAT
    row.first_hand = first_hand
    for seat in range(n):
        st.rng[seat] = stream_key(cs.seed, row.hand, STREAM_SEAT_BASE + seat)
        row.policy[seat] = st.policy_ids[seat]
    for team in range(NUM_TEAMS):
        row.levels_before[team] = sc.levels[team]
    first = 0 if first_hand else sc.zhuang
    level = sc.levels[0] if first_hand else sc.levels[team_of(sc.zhuang)]
    row.level = level
    set_seat, set_tier, set_suit, row.declarations = deal_and_declare(hr, gr, cs, sc, st, log, row.hand, first,
                                                                      level)
    dealt = n * hr.hand_size
    if first_hand:
        zhuang = set_seat
        if zhuang == NO_SEAT:
            _, zhuang = bounded(stream_key(cs.seed, row.hand, STREAM_DRAW), n)
    else:
        zhuang = sc.zhuang
    row.zhuang = zhuang
    for i in range(hr.kitty_size):
        sc.kitty[i] = sc.pack[dealt + i]
    if set_seat == NO_SEAT:
        trump = undeclared_trump(sc.pack, dealt, hr.kitty_size, level)
    else:
        trump = showing_trump(set_tier, set_suit)
    take_kitty_and_bury(sc, st, zhuang, hr.kitty_size, level, trump)
    if cs.do_log:
        log.n_fandi = 0
        for i in range(hr.kitty_size):
            log.bury[i] = sc.kitty[i]
    row.fandi = 0
    st.bury_owner = zhuang
    for seat in range(n):
        sc.bury_takers[seat] = 0
    if set_seat != NO_SEAT:
        set_seat, set_tier, set_suit, row.fandi, st.bury_owner = challenge_kitty(
            gr, sc, st, log, cs.do_log, n, level, zhuang, set_seat, set_tier, set_suit, hr.kitty_size)
        trump = showing_trump(set_tier, set_suit)
    row.trump = trump
    row.trump_source = trump_source(set_seat, set_tier, row.fandi)
    row.trump_setter = set_seat
    tb = tables[trick_table(level, trump)]
    hands_in_layout(tb, sc, st, n, hr.kitty_size)
    side = (np.int64(1) << np.int64(zhuang)) | (np.int64(1) << np.int64((zhuang + PARTNER_OFFSET) % n))
    if cs.do_log:
        log.n_plays = 0
    last_leader = play_tricks(tb, hr, cs, st, view, zhuang, side, NO_TARGET, log)
    row.failed_throws = st.n_failed
    row.tricks_played = st.tricks
    score_hand80(tb, gr, sc, st, row, res, zhuang, level, last_leader, view.leader, hr.kitty_size,
                 throw_adjustment(hr, st, zhuang))


@njit(cache=True)
def score_hand80(tb, gr, sc, st, row, res, zhuang, level, last_leader, last_winner, kitty_size, adjustment):
    """§7.3.11–§7.3.12 the result (`result.hand_result`) into the row, and the table's next state into `sc`: the
    levels, the next 庄 (NO_SEAT after a game over: the next hand is a first hand) and each seat's 积分."""
    res.zhuang, res.level = zhuang, level
    for team in range(NUM_TEAMS):
        res.levels[team] = sc.levels[team]
    res.kitty_points = kitty_points(sc, kitty_size)
    res.defenders_points = TOTAL_POINTS - res.kitty_points - st.declarer_points
    res.penalty_points = adjustment
    res.last_winner = last_winner
    res.last_lead_ge1, res.last_lead_eq2 = st.play_ge1[last_leader], st.play_eq2[last_leader]
    res.last_win_ge1, res.last_win_eq2 = st.play_ge1[last_winner], st.play_eq2[last_winner]
    hand_result(tb, gr, res)
    row.kitty_points, row.defenders_points, row.penalty_points = res.kitty_points, res.defenders_points, adjustment
    row.kitty_multiplier, row.kitty_bonus, row.defenders_total = res.kitty_multiplier, res.kitty_bonus, \
        res.defenders_total
    row.declarer_won, row.up_team, row.up_levels = res.declarer_won, res.up_team, res.up_levels
    row.next_zhuang, row.game_over = res.next_zhuang, res.game_over
    for team in range(NUM_TEAMS):
        row.levels_after[team] = res.levels_after[team]
        sc.levels[team] = res.levels_after[team]
    for seat in range(NUM_SEATS):
        row.settle[seat] = res.settlement[seat]
        sc.cumulative[seat] += res.settlement[seat]
        row.cumulative[seat] = sc.cumulative[seat]
    sc.zhuang = res.next_zhuang
