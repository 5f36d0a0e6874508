"""Differential harness of the trick kernels at 80分 layouts (RULES.md §1.2.1, §1.3.2, §1.5.2 "80分", §7.3.9,
§7.3.10): the kernels on `tables.materialize` of the 80分 play rules at level ℓ, no-trump included, against the
reference's trick play at that level (`reference.order.Order` with `level` = ℓ). The checks are those of
`baofen_sim.dev.differential` (legality of legal and illegal candidates, follow choice sets, lead units, throw
verdicts with their forced leads, trick winners), at every turn of

- whole random 80分 hands of the reference engine (`reference`: the deal with its declarations, the bury
  and 反底, then random play at the 庄's level, at most 2 failed throws per player, §4.6), and
- concentrated positions: at a given level and trump (or no-trump), hands dense in level cards, jokers, and pairs
  and tractors across the closed level gap of the trump suit and a plain suit.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, NUM_RANKS, NUM_SUITS, kind_of
from baofen_sim.codes import NO_TRUMP as KERNEL_NO_TRUMP
from baofen_sim.dev.differential import Tally, compare_play, fill_hands
from baofen_sim.dev.differential_runs import Differential, HandTally, JudgedGame, compare_judged, kinds
from baofen_sim.games.tractor80.reference.random_play import deal_random_hand
from baofen_sim.reference.order import NO_TRUMP, Order
from baofen_sim.reference.play import PLAY, TrickHand
from baofen_sim.reference.random_play import random_trick_play
from baofen_sim.rules import RuleSet
from baofen_sim.rules.presets import preset
from baofen_sim.tables import FACE_OFFSET, TrumpTables, materialize

TRACTOR_80FEN = preset("tractor-80fen")

LEVELS = tuple(range(NUM_RANKS))  # the level ranks 2..A as rank indices 0..12
TRUMPS = (0, 1, 2, 3, NO_TRUMP)  # an 80分 hand's trump in the reference: a suit (S H C D) or no-trump
NUM_PLAYERS = 4
MIN_CARDS, MAX_CARDS = 4, 12  # cards per hand of a concentrated position
WINDOW = 6  # consecutive ranks of a structured suit of a position, the level rank among them where it fits
STRUCTURED_LEADS = 0.6  # share of a position's leads that are a pair or a tractor when the leader has one
TRACTOR_WEIGHT = 4  # a tractor lead is this many times as likely as a pair lead
MAX_RUN = 3  # pairs in a run of a position's structure
PAIR_SHARE = 0.6  # chance that both copies of a level card or a joker go to one hand


@functools.cache
def play_rules_at(level: int) -> RuleSet:
    """The 80分 rules (`TRACTOR_80FEN`) with the level rank `level` (0..12) as the one constant trump rank."""
    return TRACTOR_80FEN.replace(constant_trump_ranks=(level + FACE_OFFSET,))


@functools.cache
def tables_80fen(level: int, trump: int | None) -> TrumpTables:
    """The kernel tables of an 80分 hand at `level` whose trump is `trump` in the reference's terms."""
    return materialize(play_rules_at(level), KERNEL_NO_TRUMP if trump is NO_TRUMP else trump)


def order_80fen(level: int, trump: int | None) -> Order:
    """The reference order of an 80分 hand at `level` with `trump` (as `Tractor80Hand` sets it)."""
    return Order(trump, joker_tractor_mode=str(TRACTOR_80FEN.joker_tractor_mode), level=level)


class TrickPosition(TrickHand):
    """A mid-hand 80分 trick position (DESIGN.md §8 positions): the current hands (equal sizes) at `level` with
    `trump`, the 庄 and the seat to lead. It ends after its last trick, with no result."""

    def __init__(self, hands: Sequence[Sequence[int]], level: int, trump: int | None, zhuang: int,
                 leader: int) -> None:
        self.rules, self.num_players = TRACTOR_80FEN, len(hands)
        self.hands = [sorted(h) for h in hands]
        self.level, self.trump = level, trump
        self.order = order_80fen(level, trump)
        self.declarer = zhuang
        self.phase = PLAY
        self.events = []
        self._init_play_state(leader)

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.current)) % self.num_players


def structured_ranks(level: int, rng: random.Random) -> list[int]:
    """WINDOW consecutive ranks without the level rank, across its gap where the level allows (§1.5.2 "6688")."""
    low = min(max(0, level - rng.randint(1, WINDOW - 2)), NUM_RANKS - WINDOW)
    return [rank for rank in range(low, low + WINDOW) if rank != level]


def card_groups(rng: random.Random, level: int, trump: int | None) -> list[list[int]]:
    """The structure of a position, in groups of cards meant for one hand: runs of pairs (tractors) across the
    closed level gap of the trump suit (two plain suits in no-trump) and of a plain suit; the level cards and the
    jokers as pairs or singles (no tractor may form of them, §1.5.2)."""
    plain = [suit for suit in range(NUM_SUITS) if suit != trump]
    groups: list[list[int]] = []
    for suit in rng.sample(plain, 2) if trump is NO_TRUMP else [trump, rng.choice(plain)]:
        ranks = structured_ranks(level, rng)
        while ranks:
            length = rng.randint(1, MAX_RUN)
            groups.append([kind_of(suit, rank) for rank in ranks[:length] for _ in range(2)])
            ranks = ranks[length:]
    for kind in [kind_of(suit, level) for suit in range(NUM_SUITS)] + [LITTLE_JOKER, BIG_JOKER]:
        groups += [[kind, kind]] if rng.random() < PAIR_SHARE else [[kind], [kind]]
    rng.shuffle(groups)
    return groups


def concentrated_position(rng: random.Random, level: int, trump: int | None) -> TrickPosition:
    """A position at `level` with `trump` dense in what random deals rarely give (`card_groups`): each group goes to
    a random hand it fits in, the rest of each hand is random."""
    size = rng.randint(MIN_CARDS, MAX_CARDS)
    hands: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
    for group in card_groups(rng, level, trump):
        hand = hands[rng.randrange(NUM_PLAYERS)]
        if len(hand) + len(group) <= size:
            hand += group
    fill_hands(hands, [], size, rng)
    return TrickPosition(hands, level, trump, zhuang=rng.randrange(NUM_PLAYERS), leader=rng.randrange(NUM_PLAYERS))


def structured_play(state: TrickHand, rng: random.Random) -> list[int]:
    """A random play that leads a pair or a tractor (tractors TRACTOR_WEIGHT times as often) with probability
    STRUCTURED_LEADS when it can, else `random_trick_play` (which attempts throws)."""
    if not state.current and rng.random() < STRUCTURED_LEADS:
        leads = [play for play in state.legal_plays() if len(play) >= 2]
        if leads:
            return rng.choices(leads, [TRACTOR_WEIGHT if len(play) > 2 else 1 for play in leads])[0]
    return random_trick_play(state, rng)


def run_positions(seed: int, count: int, levels: Sequence[int] = LEVELS,
                  trumps: Sequence[int | None] = TRUMPS) -> Tally:
    """Play `count` concentrated positions (each at a level of `levels`, a trump of `trumps`, in turn) to their
    end, comparing the kernels at every turn."""
    rng = random.Random(seed)
    tally = Tally()
    for i in range(count):
        level, trump = levels[i % len(levels)], trumps[i // len(levels) % len(trumps)]
        compare_play(concentrated_position(rng, level, trump), tables_80fen(level, trump), rng, tally,
                     structured_play)
        tally.hands += 1
    return tally


def run_hands(seed: int, count: int, rules: RuleSet = TRACTOR_80FEN) -> Tally:
    """Play `count` whole random 80分 hands (random levels and 庄) with the reference engine, comparing the
    kernels at every turn of the tricks."""
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(count):
        levels = (rng.randrange(NUM_RANKS), rng.randrange(NUM_RANKS))
        state = deal_random_hand(rng, levels, rng.randrange(NUM_PLAYERS), first_hand=False, rules=rules)
        compare_play(state, tables_80fen(state.level, state.trump), rng, tally)
        tally.hands += 1
    return tally


# ---- the long differential runs (dev.differential_runs): the engine's hands re-judged ----


def checks80(row, events: list[dict[str, Any]], following) -> list[str]:
    """80分 beyond the result line: the failed throws (the result line has only their net points)."""
    failed = sum(e["event"] == "throw_failed" for e in events)
    return [] if failed == row.failed_throws else [f"failed throws: engine {int(row.failed_throws)}, reference "
                                                   f"{failed}"]


def categories80(row) -> list[str]:
    from baofen_sim.codes import TRUMP_SOURCE_LABELS

    return [f"trump from {TRUMP_SOURCE_LABELS[int(row.trump_source)]}"] + kinds(
        ("反底", row.fandi > 0), ("庄家方 won", row.declarer_won), ("game over", row.game_over))


def judged_hands(spec, first_table: int, n_tables: int) -> HandTally:
    """Simulate tables first_table .. + n_tables − 1 of `spec` with the engine and judge every hand's record with the
    reference engine: every step legal, the result line the engine's, and the checks above."""
    from baofen_sim.games.tractor80.replay import replayed_hands80, result_line80

    game = JudgedGame(replayed_hands80, result_line80, checks80, categories80)
    return compare_judged(game, spec, first_table, n_tables)


def preset_positions(rules, seed: int, count: int):
    """`count` positions of the preset (every level and trump, no-trump included), whatever `rules` says."""
    return run_positions(seed, count)


DIFFERENTIAL = Differential(judged_hands, preset_positions, preset_positions=True)
