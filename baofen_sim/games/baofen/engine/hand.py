"""One whole Baofen hand (RULES.md §5–§6), strung together from the kernels:

    deal ► auction ► (all pass: §5.7 settle) ► kitty ► bury ► trump ► tricks ► score ► settle ► output row

A forced declarer (DESIGN.md §5, `RunSpec.declarer`) skips the auction: `forced` is that seat, and the
target the run's forced target; the row's bids are empty.

- Deal (§5.3): the pack order is `rng.deal_pack(seed, hand)` (stream STREAM_DEAL, `hand` the run's global
  index), a pure function of the hand, so hand h is the same shuffle whatever the chunking, threads, hands
  per table, policies or rule variants (DESIGN §4, common random numbers); it is handed out by absolute
  seat, so each seat holds the same cards whoever is 主叫 (seat-stable deals).
- Each seat's policy draws from its own stream `stream_key(seed, hand, STREAM_SEAT_BASE + seat)`, for
  every decision of the hand (bid, bury, trump, plays).
- The table state (`kernels.ledger`: 主叫, 水草 pot, cumulative totals) comes in and goes out in `ledger`.

A hand takes records (`baofen_sim.records`: the hand rules, the run constants, its output row, its log,
the table's scratch: deal scratch, play state, play view) and the four trick tables, all private to the
table's thread (see tricks.py on why); the scratch is allocated once per table by the chunk runner, a hand
allocates nothing of its own.
"""

from __future__ import annotations

import numpy as np

from baofen_sim.cards import LITTLE_JOKER, NUM_KINDS, NUM_RANKS
from baofen_sim.codes import BID_PAD, CAT_ALL_PASS, DECLARER_BY_AUCTION, LG_POT, NO_SEAT, PASS, TRUMP_NOT_NAMED
from baofen_sim.engine.tricks import play_tricks
from baofen_sim.games.baofen.engine.auction import play_auction
from baofen_sim.kernels.auction import auction_declarer, auction_target, cap_for_pairs, count_pairs_bits, seat_cap
from baofen_sim.kernels.bits import ONE, ZERO, trailing_zeros
from baofen_sim.kernels.hands import counts_to_bits, hand_from_kinds, listed_to_bits
from baofen_sim.kernels.jit import njit
from baofen_sim.kernels.ledger import ledger_zhujiao, settle_all_pass, settle_declared
from baofen_sim.kernels.rng import STREAM_SEAT_BASE, deal_hands, deal_pack, kind_counts, stream_key
from baofen_sim.kernels.scoring import KIND_POINTS, score_hand
from baofen_sim.policies.dispatch import bury_decision, trump_decision
from baofen_sim.policies.features import best_suit, eval_features_for_suit, strength_for_suit, weighted_evaluation
from baofen_sim.records import MAX_BIDS

# ---- small pieces --------------------------------------------------------------------------------------


@njit(cache=True)
def kind_points(ge1, eq2):
    """Card points of a kind-space bitboard pair."""
    total = 0
    rest = np.uint64(ge1)
    while rest != ZERO:
        kind = trailing_zeros(rest)
        copies = 2 if (np.uint64(eq2) >> np.uint64(kind)) & ONE else 1
        total += copies * KIND_POINTS[kind]
        rest = rest & (rest - ONE)
    return total


@njit(cache=True)
def deal(hr, cs, sc, st, row):
    """§5.3 deal the hand (seat-stable: by absolute seat, DESIGN §4); record each seat's pairs, strength,
    evaluation (with the run's evaluation weights, whatever the seat's policy) and policy; set the bid caps."""
    n = hr.num_players
    deal_pack(cs.seed, row.hand, sc.pack)
    sc.kitty_ge1, sc.kitty_eq2 = deal_hands(sc.pack, n, hr.hand_size, sc.deal_ge1, sc.deal_eq2)
    for seat in range(n):
        ge1, eq2 = sc.deal_ge1[seat], sc.deal_eq2[seat]
        kind_counts(ge1, eq2, sc.counts[seat])
        pairs = count_pairs_bits(eq2, hr.pairs_include_jokers != 0)
        sc.caps[seat] = cap_for_pairs(hr, pairs)
        row.pairs[seat] = pairs
        best = best_suit(ge1, eq2)  # strength and evaluation share it
        row.strength[seat] = strength_for_suit(ge1, eq2, best)
        eval_features_for_suit(ge1, eq2, best, sc.eval_features)
        row.evaluation[seat] = weighted_evaluation(cs.evaluation_params, sc.eval_features)
        row.policy[seat] = st.policy_ids[seat]


@njit(cache=True)
def auction(hr, sc, st, row, zhujiao):
    """§5.4 the auction with each seat's bid policy; the steps go to the row's `bids`, whether a cap was
    reached or held a seat back to `cap_reached` and `cap_limited`. Returns the declarer (NO_SEAT after an
    all-pass)."""
    n = hr.num_players
    steps, row.cap_limited = play_auction(hr, zhujiao, sc.counts[:n], sc.caps[:n], st.policy_ids[:n],
                                          st.params[:n], st.rng[:n], sc.auction, sc.bid_seats, sc.bid_values,
                                          sc.legal_bids, sc.bid_cheapest)
    for i in range(MAX_BIDS):
        row.bids[i] = sc.bid_values[i] if i < steps else BID_PAD
    row.n_bids = steps
    declarer = auction_declarer(sc.auction)
    row.cap_reached = declarer != NO_SEAT and auction_target(sc.auction) == seat_cap(hr, sc.caps, declarer)
    return declarer


@njit(cache=True)
def note_bids(n, sc, view, steps, zhujiao):
    """What the auction showed of each seat, for the play policies (PLAY_VIEW_DTYPE bid_high, passed_under,
    passed_opening, zhujiao); steps = 0 (a forced declarer): nothing."""
    for seat in range(n):
        view.bid_high[seat] = 0
        view.passed_under[seat] = 0
    view.passed_opening = 0
    view.zhujiao = zhujiao
    standing = False
    for i in range(steps):
        seat = sc.bid_seats[i]
        if sc.bid_values[i] != PASS:
            view.bid_high[seat] = max(view.bid_high[seat], sc.bid_values[i])
            standing = True
        else:
            if not standing:
                view.passed_opening |= 1 << seat
            cheapest = sc.bid_cheapest[i]
            if cheapest > 0 and (view.passed_under[seat] == 0 or cheapest < view.passed_under[seat]):
                view.passed_under[seat] = cheapest


@njit(cache=True)
def skip_auction(row):
    """A forced declarer: no bids, so no cap reached or binding."""
    for i in range(MAX_BIDS):
        row.bids[i] = BID_PAD
    row.n_bids = 0
    row.cap_reached = False
    row.cap_limited = False


@njit(cache=True)
def exchange_kitty(hr, sc, st, declarer):
    """§5.5–§5.6: the declarer takes the kitty, buries kitty_size cards, names the trump. Returns the trump."""
    pid = st.policy_ids[declarer]
    kind_counts(sc.kitty_ge1, sc.kitty_eq2, sc.declarer_counts)
    for kind in range(NUM_KINDS):
        sc.declarer_counts[kind] += sc.counts[declarer, kind]
    bury = sc.bury[:hr.kitty_size]
    st.rng[declarer] = bury_decision(pid, st.params[declarer], sc.declarer_counts, st.rng[declarer], bury)
    for i in range(bury.shape[0]):
        sc.declarer_counts[bury[i]] -= 1
    trump, st.rng[declarer] = trump_decision(pid, st.params[declarer], sc.declarer_counts, st.rng[declarer])
    return trump


@njit(cache=True)
def buried_points(sc, kitty_size, trump):
    """(K, 王分 among them) of the buried cards (§6.1, §6.3)."""
    total = 0
    wangfen = 0
    for i in range(kitty_size):
        kind = sc.bury[i]
        total += KIND_POINTS[kind]
        if kind < LITTLE_JOKER and kind // NUM_RANKS == trump:
            wangfen += KIND_POINTS[kind]
    return total, wangfen


@njit(cache=True)
def seat_hands(tb, sc, st, n, declarer, kitty_size):
    """Every seat's hand in the trump layout: the dealt 25, the declarer's kept 25; and his bury."""
    for seat in range(n):
        if seat == declarer:
            st.hand_ge1[seat], st.hand_eq2[seat] = counts_to_bits(tb, sc.declarer_counts)
        else:
            st.hand_ge1[seat], st.hand_eq2[seat] = hand_from_kinds(tb, sc.deal_ge1[seat], sc.deal_eq2[seat])
    st.bury_ge1, st.bury_eq2 = listed_to_bits(tb, sc.bury, kitty_size)
    st.bury_owner = declarer


# ---- the two endings -----------------------------------------------------------------------------------


@njit(cache=True)
def finish_all_pass(hr, sc, row, ledger):
    """§5.7: nobody bid. The dealt kitty's points are reported as K."""
    n = hr.num_players
    mark_passed(sc, row)
    row.pot_after = settle_all_pass(ledger, hr, sc.settlement[:n], sc.pot_flow[:n])


@njit(cache=True, inline="always")
def mark_passed(sc, row):
    """The row of a hand nobody declares: no declarer, no trump, the dealt kitty's points as K."""
    row.declarer = NO_SEAT
    row.trump = TRUMP_NOT_NAMED
    row.category = CAT_ALL_PASS
    row.kitty_points = kind_points(sc.kitty_ge1, sc.kitty_eq2)


@njit(cache=True, inline="always")
def pass_below_min_evaluation(hr, sc, row, ledger):
    """A forced declarer whose evaluation is below the run's minimum counts as passing: nothing is played and
    nothing settled (`RunSpec.min_evaluation`)."""
    mark_passed(sc, row)
    for seat in range(hr.num_players):
        sc.settlement[seat] = 0.0
        sc.pot_flow[seat] = 0.0
    row.pot_after = ledger[LG_POT]


@njit(cache=True, inline="always")
def play_declared(hr, tables, cs, sc, st, view, row, log, ledger, declarer, target):
    """§5.5–§6.7 a hand with a declarer: kitty, bury, trump, tricks, score, settlement."""
    n = hr.num_players
    trump = exchange_kitty(hr, sc, st, declarer)
    tb = tables[trump]
    seat_hands(tb, sc, st, n, declarer, hr.kitty_size)
    if cs.do_log:
        log.n_plays = 0
        for i in range(hr.kitty_size):
            log.bury[i] = sc.bury[i]
    play_tricks(tb, hr, cs, st, view, declarer, np.int64(1) << np.int64(declarer), target, log)
    kitty_points, wangfen_in_kitty = buried_points(sc, hr.kitty_size, trump)
    score, result, category, won, _ = score_hand(hr, target, st.declarer_points, st.wangfen_points,
                                                 wangfen_in_kitty, kitty_points, st.penalty,
                                                 st.declarer_won_last)
    row.declarer = declarer
    row.target = target
    row.trump = trump
    row.kitty_points = kitty_points
    row.declarer_points = st.declarer_points
    row.wangfen_points = st.wangfen_points
    row.penalty_points = st.penalty
    row.score = score
    row.result = result
    row.category = category
    row.declarer_won = won
    row.failed_throws = st.n_failed
    row.tricks_played = st.tricks
    row.pot_after = settle_declared(ledger, hr, declarer, won, category, result, st.throw_seats, st.throw_cards,
                                    st.n_failed, sc.settlement[:n], sc.pot_flow[:n])


@njit(cache=True, inline="always")
def play_hand(hr, tables, cs, table, hand, row, log, ledger, sc, st, view, forced):
    """Hand `hand` of `table` into the HAND_ROW_DTYPE record `row` (and the HAND_LOG_DTYPE record `log` when
    cs.do_log); `ledger` carries the table state in and out; sc, st and view are the table's scratch.
    `forced`: the seat that declares at cs.forced_target without an auction, or DECLARER_BY_AUCTION."""
    n = hr.num_players
    zhujiao = ledger_zhujiao(ledger)
    row.hand = table * cs.hands_per_table + hand
    row.table = table
    row.hand_in_table = hand
    row.zhujiao = zhujiao
    st.tricks = 0
    for seat in range(n):
        st.rng[seat] = stream_key(cs.seed, row.hand, STREAM_SEAT_BASE + seat)
    deal(hr, cs, sc, st, row)
    if forced == DECLARER_BY_AUCTION:
        declarer = auction(hr, sc, st, row, zhujiao)
        target = auction_target(sc.auction)
    else:
        skip_auction(row)
        declarer, target = forced, cs.forced_target
    note_bids(n, sc, view, row.n_bids, zhujiao)
    if declarer == NO_SEAT:
        finish_all_pass(hr, sc, row, ledger)
    elif forced != DECLARER_BY_AUCTION and row.evaluation[forced] < cs.min_evaluation:
        pass_below_min_evaluation(hr, sc, row, ledger)
    else:
        play_declared(hr, tables, cs, sc, st, view, row, log, ledger, declarer, target)
    for seat in range(n):
        row.settle[seat] = sc.settlement[seat]
        row.pot_flow[seat] = sc.pot_flow[seat]
