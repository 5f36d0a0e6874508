"""Differential harness: the Numba trick kernels against the reference engine (DESIGN.md §10), on positions
reached by random play, whatever the game: each game's `differential` module deals its positions and hands and
calls `compare_play` and `compare_turn`. Used by the tests (a few hundred hands) and by scripts/differential.py
(millions). The harnesses are the only modules that import both engines; neither imports the other.

Each `compare_*` returns a list of disagreements (empty when the two engines agree)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from baofen_sim.cards import (
    format_cards,
    full_pack,
)
from baofen_sim.dev import kernel_calls
from baofen_sim.reference.legality import check_follow, check_lead, make_lead
from baofen_sim.reference.order import NO_TRUMP
from baofen_sim.reference.play import TrickHand
from baofen_sim.reference.random_play import random_trick_play
from baofen_sim.reference.throws import validate_throw
from baofen_sim.reference.units import decompose
from baofen_sim.tables import materialize

CANDIDATES_PER_TURN = 6
MAX_ENUMERATED_FOLLOWS = 4096
POOL_SHARE = 0.8  # share of a concentrated position's cards drawn from its pool of structure


@dataclass
class Tally:
    hands: int = 0
    follows: int = 0
    leads: int = 0
    throws: int = 0
    tricks: int = 0
    choice_sets: int = 0
    profiles: int = 0
    disagreements: list[str] = field(default_factory=list)


class TableCache:
    """materialize() once per (rules, trump)."""

    def __init__(self) -> None:
        self._tables: dict = {}

    def get(self, rules, trump: int):
        key = (rules, trump)
        if key not in self._tables:
            self._tables[key] = materialize(rules, trump)
        return self._tables[key]


def trump_label(trump: int | None) -> str:
    """S/H/C/D, or NT for a no-trump hand (the reference's NO_TRUMP)."""
    return "NT" if trump is NO_TRUMP else "SHCD"[trump]


def candidate_follows(state: TrickHand, rng: random.Random) -> list[list[int]]:
    """Legal and illegal candidates: random legal follows, random same-size subsets, wrong sizes."""
    hand = state.hands[state.to_act]
    n = len(state.lead.cards)
    out = []
    for _ in range(CANDIDATES_PER_TURN):
        out.append(sorted(rng.sample(hand, n)))
    suit = [k for k in hand if state.order.suit(k) == state.lead.suit]
    if len(suit) >= n:
        out.append(sorted(rng.sample(suit, n)))
    if n > 1:
        out.append(sorted(rng.sample(hand, n - 1)))
    return out


def candidate_leads(state: TrickHand, rng: random.Random) -> list[list[int]]:
    hand = state.hands[state.to_act]
    out = [[rng.choice(hand)]]
    for _ in range(CANDIDATES_PER_TURN):
        suit = state.order.suit(rng.choice(hand))
        cards = [k for k in hand if state.order.suit(k) == suit]
        picked = [k for k in cards if rng.random() < 0.5]
        if picked:
            out.append(sorted(picked))
    out.append(sorted(rng.sample(hand, min(len(hand), 3))))
    return out


def compare_turn(state: TrickHand, tables, rng: random.Random, tally: Tally) -> None:
    """At the player to act: follow verdicts and the follow choice set, or lead verdicts, lead profiles and
    throw verdicts (with the forced lead), kernels against `state`, any game's trick-play state."""
    seat = state.to_act
    hand = state.hands[seat]
    rules, order = state.rules, state.order
    where = f"trump {trump_label(state.trump)}, seat {seat}, hand {format_cards(hand)}"
    if state.current:
        lead_cards = list(state.lead.cards)
        for play in candidate_follows(state, rng):
            expected = check_follow(state.lead, hand, play, order, rules) is None
            got = kernel_calls.legal_follow(tables, lead_cards, hand, play)
            tally.follows += 1
            if expected != got:
                tally.disagreements.append(f"follow {format_cards(play)} to {format_cards(lead_cards)} "
                                           f"({where}): reference {expected}, kernel {got}")
        try:
            choices = kernel_calls.follow_choices(tables, lead_cards, hand, MAX_ENUMERATED_FOLLOWS)
            kernel_set = {tuple(p) for p in choices}
        except ValueError:
            return
        reference_set = {tuple(p) for p in state.legal_plays()}
        tally.choice_sets += 1
        if kernel_set != reference_set:
            tally.disagreements.append(f"follow choices to {format_cards(lead_cards)} ({where}): "
                                       f"only reference {sorted(reference_set - kernel_set)[:3]}, "
                                       f"only kernel {sorted(kernel_set - reference_set)[:3]}")
        return
    throw_allowed = state._throw_allowed(seat)
    others = {s: state.hands[s] for s in range(rules.num_players) if s != seat}
    for lead in candidate_leads(state, rng):
        expected = check_lead(lead, hand, order, rules, throw_allowed) is None
        got = kernel_calls.legal_lead(tables, hand, lead, throw_allowed)
        tally.leads += 1
        if expected != got:
            tally.disagreements.append(f"lead {format_cards(lead)} ({where}): reference {expected}, kernel {got}")
        if expected:
            compare_profile(state, tables, lead, where, tally)
        if expected and len(decompose(lead, order)) > 1 and make_lead(lead, order, rules).eight_rank is None:
            verdict = validate_throw(lead, seat == state.declarer, others, state.declarer, order, rules)
            ok, forced = kernel_calls.throw_verdict(tables, lead, others, seat, state.declarer)
            want = (verdict.valid, [] if verdict.valid else sorted(verdict.forced.cards()))
            tally.throws += 1
            if (ok, sorted(forced)) != want:
                tally.disagreements.append(f"throw {format_cards(lead)} ({where}): reference {want}, "
                                           f"kernel {(ok, forced)}")


def compare_profile(state: TrickHand, tables, lead: list[int], where: str, tally: Tally) -> None:
    """§1.9: a legal lead's units (tractor lengths, loose pairs, singles), kernel against reference."""
    profile = make_lead(lead, state.order, state.rules).profile
    want = (profile.tractors, profile.loose_pairs, profile.singles)
    got = kernel_calls.lead_profile(tables, lead)
    tally.profiles += 1
    if got != want:
        tally.disagreements.append(f"units of the lead {format_cards(lead)} ({where}): reference {want}, "
                                   f"kernel {got}")


def compare_trick(state: TrickHand, tables, tally: Tally) -> None:
    trick = state.tricks[-1]
    plays = [list(cards) for _, cards in trick["plays"]]
    got = kernel_calls.winner(tables, plays, trick["leader"], state.declarer)
    tally.tricks += 1
    compare_profile(state, tables, plays[0], f"trick {len(state.tricks) - 1}", tally)
    if got != trick["winner"]:
        tally.disagreements.append(f"trick {' | '.join(format_cards(p) for p in plays)} led by seat "
                                   f"{trick['leader']} (declarer {state.declarer}, trump {trump_label(state.trump)}): "
                                   f"reference seat {trick['winner']}, kernel seat {got}")


def compare_play(state: TrickHand, tables, rng: random.Random, tally: Tally,
                 next_play: Callable[[TrickHand, random.Random], list[int]] = random_trick_play) -> None:
    """Play `state` to its end with `next_play` (random leads and follows), comparing the kernels at every turn and
    trick."""
    while not state.is_done:
        compare_turn(state, tables, rng, tally)
        tricks_before = len(state.tricks)
        state.apply_play(next_play(state, rng))
        if len(state.tricks) > tricks_before:
            compare_trick(state, tables, tally)


def fill_hands(hands: list[list[int]], pool: list[int], size: int, rng: random.Random) -> None:
    """Fill every hand up to `size` cards, each card from the shuffled `pool` with probability POOL_SHARE (while
    it lasts), else from the rest of the pack."""
    rest = Counter(full_pack()) - Counter(pool) - Counter(k for h in hands for k in h)
    filler = list(rest.elements())
    rng.shuffle(pool)
    rng.shuffle(filler)
    for hand in hands:
        while len(hand) < size:
            hand.append(pool.pop() if pool and rng.random() < POOL_SHARE else filler.pop())


def describe(tally: Tally) -> str:
    return (f"{tally.hands} hands: {tally.follows} follow verdicts, {tally.leads} lead verdicts, "
            f"{tally.throws} throw verdicts, {tally.tricks} trick winners, {tally.choice_sets} follow-choice "
            f"sets, {tally.profiles} lead profiles compared; {len(tally.disagreements)} disagreements")

