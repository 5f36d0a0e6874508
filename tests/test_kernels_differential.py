"""Kernels vs the reference engine on seeded random tricks (DESIGN.md §10 differential tests, small corpus):
lead legality, throw verdicts and forced leads, follow legality of legal and mostly-illegal candidates,
and trick winners (of whole tricks and of their first plays). Positions are biased towards structure: long
suits, trump pairs, voids, eights."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from baofen_sim.cards import kind_of
from baofen_sim.codes import EIGHT_KIND, THROW, TRACTOR
from baofen_sim.dev import kernel_calls as K
from baofen_sim.reference.legality import check_follow, check_lead, make_lead
from baofen_sim.reference.order import TRUMP, Order
from baofen_sim.reference.throws import validate_throw
from baofen_sim.reference.trick import TrickPlay, trick_winner
from baofen_sim.rules import preset
from baofen_sim.tables import materialize
from tests.kernel_helpers import compiled

pytestmark = pytest.mark.usefixtures("compiled")
__all__ = ["compiled"]

CONFIGS = [
    ("baofen", {}),
    ("baofen-001", {}),
    ("baofen", {"ruff_structure_rule": "count", "failed_throw_unit_priority": "most_cards_first"}),
    ("baofen", {"multi_unit_compare": "lexicographic", "follow_tractor_rule": "same_length_only"}),
    ("baofen-001", {"joker_tractor_ruff_001": "smallest", "ruff_all_trump_required_for_singles": False}),
    ("baofen-001", {"failed_throw_unit_priority": "fewest_cards_first"}),
]


def structured_hands(rnd: random.Random, order: Order, suit: int, eight: int | None) -> list[list[int]]:
    """Four 14-card hands: seat 0 long in `suit`, followers often void in it and rich in trump pairs."""
    pool = Counter({k: 2 for k in range(54)})
    hands: list[list[int]] = [[] for _ in range(4)]

    def take(seat: int, kind: int, copies: int) -> None:
        n = min(copies, pool[kind])
        pool[kind] -= n
        hands[seat] += [kind] * n

    if eight is not None:
        for s in range(4):
            take(0, kind_of(s, eight), 2)
    in_suit = [k for k in range(54) if order.suit(k) == suit]
    trumps = [k for k in range(54) if order.suit(k) == TRUMP]
    for _ in range(rnd.randrange(3, 9)):
        take(0, rnd.choice(in_suit), rnd.choice([1, 2, 2]))
    for seat in range(1, 4):
        void = rnd.random() < 0.5
        for _ in range(rnd.randrange(2, 9)):
            take(seat, rnd.choice(trumps if void else in_suit + trumps), rnd.choice([1, 2, 2, 2]))
        if void and suit != TRUMP:
            hands[seat] = [k for k in hands[seat] if order.suit(k) != suit]
    rest = [k for k, n in pool.items() for _ in range(n)]
    rnd.shuffle(rest)
    for seat in range(4):
        while len(hands[seat]) < 14:
            hands[seat].append(rest.pop())
    return [sorted(h) for h in hands]


def random_subset(rnd: random.Random, held: list[int], n: int) -> list[int] | None:
    """n cards of `held`, preferring pairs (so that ruffs and follows have structure)."""
    counts = Counter(held)
    pairs = [k for k, c in counts.items() if c == 2]
    rnd.shuffle(pairs)
    out: list[int] = []
    for k in pairs:
        if len(out) + 2 <= n and rnd.random() < 0.7:
            out += [k, k]
    rest = list((counts - Counter(out)).elements())
    rnd.shuffle(rest)
    out += rest[:n - len(out)]
    return sorted(out) if len(out) == n else None


@pytest.mark.parametrize("name, options", CONFIGS)
def test_kernels_agree_with_the_reference(name, options):
    rules = preset(name).replace(**options) if options else preset(name)
    rnd = random.Random(f"{name} {sorted(options.items())}")  # str seeds are stable across runs
    for _ in range(40):
        trump = rnd.randrange(4)
        tb = materialize(rules, trump)
        order = Order.for_rules(rules, trump)
        suit = rnd.choice([s for s in range(4) if s != trump] + [TRUMP])
        eight = rnd.choice([None] * 5 + [rnd.randrange(1, 13)])
        hands = structured_hands(rnd, order, suit, eight)
        declarer = rnd.randrange(4)
        choices = [c for c in K.lead_choices(tb, hands[0]) if c[0] == EIGHT_KIND or order.suit(c[1][0]) == suit]
        weights = [8 if kind in (TRACTOR, THROW, EIGHT_KIND) else 1 for kind, _ in choices]
        kind, lead = rnd.choices(choices, weights)[0]
        assert K.legal_lead(tb, hands[0], lead) == (check_lead(lead, hands[0], order, rules) is None)
        if kind == THROW:
            others = {seat: hands[seat] for seat in range(1, 4)}
            ok, forced = K.throw_verdict(tb, lead, others, thrower=0, declarer=declarer)
            verdict = validate_throw(lead, declarer == 0, others, declarer, order, rules)
            assert (ok, forced) == (verdict.valid, sorted(verdict.forced.cards()) if verdict.forced else [])
            lead = lead if ok else forced
        ref_lead = make_lead(lead, order, rules)
        plays = [lead]
        for seat in range(1, 4):
            held = hands[seat]
            legal = []
            candidates = [K.random_follow(tb, lead, held, rnd.getrandbits(63))[1]]
            trumps = [k for k in held if order.suit(k) == TRUMP]
            candidates += [random_subset(rnd, trumps if rnd.random() < 0.6 else held, len(lead)) for _ in range(4)]
            for play in filter(None, candidates):
                mine = K.legal_follow(tb, lead, held, play)
                assert mine == (check_follow(ref_lead, held, play, order, rules) is None), (lead, held, play)
                if mine:
                    legal.append(play)
            plays.append(rnd.choice(legal))
        trick = [TrickPlay(seat, tuple(play), seat == declarer,
                           seat > 0 and not any(order.suit(k) == ref_lead.suit for k in hands[seat]))
                 for seat, play in enumerate(plays)]
        assert K.winner(tb, plays, 0, declarer) == trick_winner(ref_lead, trick, order, rules)[0], plays
        for made in range(1, len(plays)):  # the best play so far, as a follower sees it
            best = K.winning_play(tb, plays[:made], 0, declarer)[0]
            assert best == trick_winner(ref_lead, trick[:made], order, rules)[0], plays[:made]
