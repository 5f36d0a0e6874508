"""Differential harness for the trick play of the 5-player 找朋友 (DESIGN.md §10; RULES.md §1.3.3, §1.5.2 "5-player",
§2–§4): the kernels on the 5-player tables (tables.py, t7 and t2 lowered onto the trump chain) against the reference
engine's `FivePlayerOrder`, on five seats.

Positions are mid-hand trick states (no deal, call or friend: those are the hand flow's): concentrated ones, dense in
the lowered chain (runs of pairs through t6-t7-t8 and t2-t3), the plain 6-8 link, 7s, 2s and jokers; and whole
random deals of 20 cards a seat with a random trump, the declarer leading. Every turn compares what
`differential.compare_turn` compares (follow verdicts and choice sets, lead verdicts and units, throw verdicts with
their forced leads where throws are on) and every trick its winner."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from baofen_sim.cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    NUM_RANKS,
    NUM_SUITS,
    RANK_2,
    RANK_7,
    format_cards,
    full_pack,
    kind_of,
    rank_of,
    suit_of,
)
from baofen_sim.dev import kernel_calls
from baofen_sim.dev.differential import Tally, compare_play, fill_hands
from baofen_sim.dev.differential_runs import Differential, HandTally, JudgedGame, compare_judged, kinds
from baofen_sim.games.tractor80.differential import structured_play
from baofen_sim.reference.legality import make_lead
from baofen_sim.reference.order import TRUMP, FivePlayerOrder
from baofen_sim.reference.play import PLAY, TrickHand
from baofen_sim.reference.random_play import random_trick_play
from baofen_sim.reference.trick import TrickPlay, trick_winner
from baofen_sim.rules import RuleSet
from baofen_sim.rules.presets import preset
from baofen_sim.tables import TrumpTables, materialize

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")

TRUMPS = tuple(range(NUM_SUITS))  # a 5-player hand always has a trump suit (§7.4.4)
MIN_CARDS, MAX_CARDS = 4, 12  # cards per hand of a concentrated position
MAX_RUN = 3  # pairs in a run of a position's structure
PAIR_SHARE = 0.6  # chance that both copies of a 7, a 2 or a joker go to one hand
TRUMP_RANK_SHARE = 0.7  # chance that a trump rank (t2 and t7 included) is in the position's runs of pairs
PLAIN_RANKS = (RANK_7 - 2, RANK_7 - 1, RANK_7 + 1, RANK_7 + 2)  # 5 6 8 9: runs across the plain 6-8 link
# `random_trick`: shares of trump leads, of followers answering in suit and by a ruff (of those, with 7s, 2s, jokers),
# and of trump runs that leave out an empty t7 place
TRUMP_LEAD_SHARE, IN_SUIT_SHARE, RUFF_SHARE, SPECIAL_RUFF_SHARE, SKIP_SHARE = 0.6, 0.5, 0.3, 0.3, 0.3


@functools.cache
def tables_zpy(trump: int, rules: RuleSet = ZHAOPENGYOU_5P) -> TrumpTables:
    """The kernel tables of a 5-player hand with trump suit `trump`."""
    return materialize(rules, trump)


def order_zpy(trump: int, rules: RuleSet = ZHAOPENGYOU_5P) -> FivePlayerOrder:
    """The reference order of a 5-player hand with trump suit `trump`."""
    return FivePlayerOrder.for_rules(rules, trump)


class TrickPosition(TrickHand):
    """A 5-player trick position: the current hands (equal sizes) with `trump`, the declarer and the seat to lead. It
    ends after its last trick, with no result."""

    def __init__(self, rules: RuleSet, hands: Sequence[Sequence[int]], trump: int, declarer: int, leader: int) -> None:
        self.rules, self.num_players = rules, len(hands)
        self.hands = [sorted(h) for h in hands]
        self.trump = trump
        self.order = order_zpy(trump, rules)
        self.declarer = declarer
        self.phase = PLAY
        self.events = []
        self._init_play_state(leader)

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.current)) % self.num_players


def card_groups(rng: random.Random, trump: int) -> list[list[int]]:
    """The structure of a position, in groups meant for one hand: runs of pairs of the trump chain (each rank, the
    lowered t2 and t7 included, with TRUMP_RANK_SHARE: runs through t7 and t2, across an empty t7 place, and
    against each other) and across a plain suit's 6-8 link; the other 7s and 2s and the jokers as pairs or
    singles."""
    plain = rng.choice([suit for suit in range(NUM_SUITS) if suit != trump])
    groups: list[list[int]] = []
    trump_ranks = [rank for rank in range(NUM_RANKS) if rng.random() < TRUMP_RANK_SHARE]
    for suit, ranks in ((trump, trump_ranks), (plain, list(PLAIN_RANKS))):
        while ranks:
            size = rng.randint(1, MAX_RUN)
            groups.append([kind_of(suit, rank) for rank in ranks[:size] for _ in range(2)])
            ranks = ranks[size:]
    specials = [kind_of(suit, rank) for suit in range(NUM_SUITS) for rank in (RANK_2, RANK_7)]
    for kind in [k for k in specials if k not in sum(groups, [])] + [LITTLE_JOKER, BIG_JOKER]:
        groups += [[kind, kind]] if rng.random() < PAIR_SHARE else [[kind], [kind]]
    rng.shuffle(groups)
    return groups


def concentrated_position(rng: random.Random, trump: int, rules: RuleSet) -> TrickPosition:
    """A position with `trump` dense in `card_groups`: each group goes to a random hand it fits in, the rest of each
    hand is random."""
    seats = rules.num_players
    size = rng.randint(MIN_CARDS, MAX_CARDS)
    hands: list[list[int]] = [[] for _ in range(seats)]
    for group in card_groups(rng, trump):
        hand = hands[rng.randrange(seats)]
        if len(hand) + len(group) <= size:
            hand += group
    fill_hands(hands, [], size, rng)
    return TrickPosition(rules, hands, trump, declarer=rng.randrange(seats), leader=rng.randrange(seats))


def run_positions(seed: int, count: int, rules: RuleSet = ZHAOPENGYOU_5P) -> Tally:
    """Play `count` concentrated positions (each trump in turn) to their end, comparing the kernels at every turn."""
    rng = random.Random(seed)
    tally = Tally()
    for i in range(count):
        trump = TRUMPS[i % len(TRUMPS)]
        compare_play(concentrated_position(rng, trump, rules), tables_zpy(trump, rules), rng, tally, structured_play)
        tally.hands += 1
    return tally


def chain_kinds(order: FivePlayerOrder, suit: int) -> list[int]:
    """The kinds on the chain of `suit` (the trump suit's with t2 and t7 lowered), lowest first."""
    placed = [(order.chain(k), k) for k in range(LITTLE_JOKER) if suit_of(k) == suit and order.chain(k) is not None]
    return [k for _, k in sorted(placed)]


def random_unit(rng: random.Random, order: FivePlayerOrder, suit: int, pairs: int, left: Counter) -> list[int] | None:
    """A single (pairs = 0) or a pair of any card of `suit` (the trump suit: every trump), or a run of `pairs` ≥ 2
    chain-consecutive pairs, sometimes across an empty t7 place (`Order.may_skip`), from the cards `left`; None when
    none fits."""
    if pairs <= 1:
        effective = TRUMP if suit == order.trump else suit
        kinds = [k for k in left if left[k] > pairs and order.suit(k) == effective]
        return [rng.choice(kinds)] * (pairs + 1) if kinds else None
    chain = chain_kinds(order, suit)
    if suit == order.trump and rng.random() < SKIP_SHARE:
        chain = [k for k in chain if not (rank_of(k) == RANK_7 and order.may_skip(suit, order.chain(k)[1]))]
    starts = [i for i in range(len(chain) - pairs + 1) if all(left[k] == 2 for k in chain[i:i + pairs])]
    if not starts:
        return None
    i = rng.choice(starts)
    return [k for k in chain[i:i + pairs] for _ in range(2)]


def random_trick(rng: random.Random, order: FivePlayerOrder, seats: int) -> list[list[int]] | None:
    """A trick of `seats` plays (the lead first) where the plays compete: a single, pair or tractor lead of the trump
    suit or a plain suit; each follower answers with a unit of that shape in suit, a trump unit of that shape (a
    ruff of a plain lead, with no card of its suit), or other cards. Each kind at most twice in all."""
    left = Counter(full_pack())
    suit = order.trump if rng.random() < TRUMP_LEAD_SHARE else rng.choice(
        [s for s in range(NUM_SUITS) if s != order.trump])
    pairs = rng.choice((0, 1, 2, 2, 3))
    lead = random_unit(rng, order, suit, pairs, left)
    if lead is None:
        return None
    left -= Counter(lead)
    plays = [lead]
    for _ in range(seats - 1):
        roll = rng.random()
        play = None
        if roll < IN_SUIT_SHARE:
            play = random_unit(rng, order, suit, pairs, left)
        elif roll < IN_SUIT_SHARE + RUFF_SHARE and suit != order.trump:
            play = random_unit(rng, order, order.trump, pairs, left)
            if play is not None and rng.random() < SPECIAL_RUFF_SHARE:  # a ruff of 7s, 2s or jokers, not a run
                specials = [k for k in left.elements() if order.suit(k) == TRUMP and order.chain(k) is None]
                play = sorted(rng.sample(specials, len(play))) if len(specials) >= len(play) else play
        if play is None:
            others = [k for k in left.elements() if order.suit(k) not in (suit, TRUMP)]
            play = rng.sample(others, len(lead))
        left -= Counter(play)
        plays.append(sorted(play))
    return plays


def run_tricks(seed: int, count: int, rules: RuleSet = ZHAOPENGYOU_5P) -> Tally:
    """`count` competing tricks (`random_trick`), each trump in turn, led by a random seat with a random declarer: the
    lead's units and the winner, kernels against the reference (§1.5.3 face values, §1.3.3 powers, §3)."""
    rng = random.Random(seed)
    tally = Tally()
    seats = rules.num_players
    while tally.tricks < count:
        trump = TRUMPS[tally.tricks % len(TRUMPS)]
        order, tables = order_zpy(trump, rules), tables_zpy(trump, rules)
        plays = random_trick(rng, order, seats)
        if plays is None:
            continue
        leader, declarer = rng.randrange(seats), rng.randrange(seats)
        lead = make_lead(plays[0], order, rules)
        trick = [TrickPlay((leader + i) % seats, tuple(play), (leader + i) % seats == declarer,
                           i > 0 and all(order.suit(k) != lead.suit for k in play)) for i, play in enumerate(plays)]
        want = trick[trick_winner(lead, trick, order, rules)[0]].seat
        got = kernel_calls.winner(tables, plays, leader, declarer)
        tally.tricks += 1
        compare_profile_of(plays[0], order, rules, tables, tally)
        if got != want:
            tally.disagreements.append(f"trick {' | '.join(format_cards(p) for p in plays)} led by seat {leader} "
                                       f"(declarer {declarer}, trump {'SHCD'[trump]}): reference seat {want}, "
                                       f"kernel seat {got}")
    return tally


def compare_profile_of(cards: list[int], order: FivePlayerOrder, rules: RuleSet, tables, tally: Tally) -> None:
    """§1.9 the units of a lead, kernels against the reference."""
    profile = make_lead(cards, order, rules).profile
    want = (profile.tractors, profile.loose_pairs, profile.singles)
    got = kernel_calls.lead_profile(tables, cards)
    tally.profiles += 1
    if got != want:
        tally.disagreements.append(f"units of {format_cards(cards)}: reference {want}, kernel {got}")


def run_hands(seed: int, count: int, rules: RuleSet = ZHAOPENGYOU_5P) -> Tally:
    """Play `count` random deals (20 cards a seat, a random trump and declarer, who leads) to their end, comparing the
    kernels at every turn."""
    rng = random.Random(seed)
    tally = Tally()
    seats, size = rules.num_players, rules.hand_size
    for _ in range(count):
        pack = full_pack()
        rng.shuffle(pack)
        hands = [pack[seat * size:(seat + 1) * size] for seat in range(seats)]
        trump, declarer = rng.choice(TRUMPS), rng.randrange(seats)
        compare_play(TrickPosition(rules, hands, trump, declarer, declarer), tables_zpy(trump, rules), rng, tally,
                     random_trick_play)
        tally.hands += 1
    return tally


# ---- the long differential runs (dev.differential_runs): the engine's hands re-judged ----


def checks_zpy(row, events: list[dict[str, Any]], following) -> list[str]:
    """找朋友 beyond the result line: the friend's reveal (trick, seat, points cleared, §7.4.8, §7.4.10), the card
    points of each seat's tricks, and the next hand of the table receiving its first card where the reference says
    (§7.4.2)."""
    problems = []
    reveals = [(e["trick"], e["seat"], e["points_cleared"]) for e in events if e["event"] == "friend"]
    mine = [(int(row.reveal_trick), int(row.friend), int(row.points_cleared))] if row.reveal_trick >= 0 else []
    if reveals != mine:
        problems.append(f"friend revealed: engine {mine}, reference {reveals}")
    won = [0] * len(row.points_won)
    for e in events:
        if e["event"] == "trick":
            won[e["winner"]] += e["points"]
    if won != [int(x) for x in row.points_won]:
        problems.append(f"points won per seat: engine {[int(x) for x in row.points_won]}, reference {won}")
    if following is not None and following.deal_first != events[-1]["next_deal_first"]:
        problems.append(f"the next hand's first card: engine seat {int(following.deal_first)}, reference seat "
                        f"{events[-1]['next_deal_first']}")
    return problems


def categories_zpy(row) -> list[str]:
    from baofen_sim.games.zhaopengyou.engine.calling import FRIEND_STATUS_LABELS

    friend = "friend" if row.friend >= 0 else f"1 vs 4 ({FRIEND_STATUS_LABELS[int(row.friend_status)]})"
    return [friend] + kinds(
        ("forced call", row.call_forced), ("overcalled", row.overcalls > 0), ("two overcalls", row.overcalls > 1),
        ("conceded", row.conceded), ("friend revealed", row.reveal_trick >= 0),
        ("points cleared", row.points_cleared > 0), ("kitty bonus", row.kitty_bonus > 0),
        ("defenders at 80", row.defenders_total == 80), ("declarer's side won", row.declarer_won))


def judged_hands(spec, first_table: int, n_tables: int) -> HandTally:
    """Simulate tables first_table .. + n_tables − 1 of `spec` with the engine and judge every hand's record with the
    reference engine: every step legal, the result line the engine's, and the checks above."""
    from baofen_sim.games.zhaopengyou.replay import replayed_hands_zpy, result_line_zpy

    game = JudgedGame(replayed_hands_zpy, result_line_zpy, checks_zpy, categories_zpy)
    return compare_judged(game, spec, first_table, n_tables)


def positions(rules, seed: int, count: int):
    """`count` positions of the 5-player tables of `rules`, with each trump."""
    return run_positions(seed, count, rules)


DIFFERENTIAL = Differential(judged_hands, positions)
