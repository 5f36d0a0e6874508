"""Splitting cards of one effective suit into singles, pairs and tractors (RULES.md §1.4, §1.5, §1.9)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from baofen_sim.reference.order import Order

SINGLE, PAIR, TRACTOR = "single", "pair", "tractor"


@dataclass(frozen=True)
class Unit:
    """A single, a pair or a tractor. `kinds` holds one identity per card position, top first:
    a single (k,), a pair (k,), a tractor (top, next, ...) with one entry per pair."""

    shape: str
    kinds: tuple[int, ...]

    @property
    def pairs(self) -> int:
        """Length in pairs: 0 for a single, 1 for a pair, k for a tractor."""
        return 0 if self.shape == SINGLE else len(self.kinds)

    @property
    def size(self) -> int:
        return 1 if self.shape == SINGLE else 2 * len(self.kinds)

    def cards(self) -> list[int]:
        copies = 1 if self.shape == SINGLE else 2
        return [k for k in self.kinds for _ in range(copies)]


@dataclass(frozen=True)
class Profile:
    """§1.9.3 the lead profile: tractor lengths (descending), loose pairs p, singles q."""

    tractors: tuple[int, ...]
    loose_pairs: int
    singles: int

    @property
    def all_pairs(self) -> int:
        """P = Σℓi + p."""
        return sum(self.tractors) + self.loose_pairs

    @property
    def cards(self) -> int:
        return 2 * self.all_pairs + self.singles


def pair_kinds(cards: Iterable[int]) -> list[int]:
    """§1.4.1 identities present twice."""
    return [k for k, n in Counter(cards).items() if n >= 2]


def pair_runs(pairs: Iterable[int], order: Order) -> list[list[int]]:
    """Maximal runs of chain-consecutive pairs (§1.5.1), each listed top first; pairs on no chain
    and isolated pairs give runs of length 1. A run steps over an empty position the order lets it skip
    (`Order.may_skip`, the 5-player 6688). Sorted by length, then top position, descending."""
    by_chain: dict[int, list[tuple[int, int]]] = {}
    runs: list[list[int]] = []
    for kind in set(pairs):
        place = order.chain(kind)
        if place is None:
            runs.append([kind])
        else:
            by_chain.setdefault(place[0], []).append((place[1], kind))
    for chain, members in by_chain.items():
        members.sort(reverse=True)
        run = [members[0][1]]
        for (pos_above, _), (pos, kind) in zip(members, members[1:], strict=False):
            if pos == pos_above - 1 or (pos == pos_above - 2 and order.may_skip(chain, pos_above - 1)):
                run.append(kind)
            else:
                runs.append(run)
                run = [kind]
        runs.append(run)
    runs.sort(key=lambda r: (len(r), order.power(r[0])), reverse=True)
    return runs


def decompose(cards: Sequence[int], order: Order) -> list[Unit]:
    """§1.9.1: pairs; each maximal run of >= 2 consecutive pairs is one tractor; the other pairs are
    loose pairs; the remaining cards are singles. Units are listed tractors, pairs, singles, high first."""
    counts = Counter(cards)
    runs = pair_runs(pair_kinds(cards), order)
    tractors = [Unit(TRACTOR, tuple(run)) for run in runs if len(run) >= 2]
    loose = sorted((run[0] for run in runs if len(run) == 1), key=order.power, reverse=True)
    singles = sorted((k for k, n in counts.items() if n == 1), key=order.power, reverse=True)
    return tractors + [Unit(PAIR, (k,)) for k in loose] + [Unit(SINGLE, (k,)) for k in singles]


def profile_of(units: Sequence[Unit]) -> Profile:
    tractors = tuple(sorted((u.pairs for u in units if u.shape == TRACTOR), reverse=True))
    return Profile(tractors,
                   sum(1 for u in units if u.shape == PAIR),
                   sum(1 for u in units if u.shape == SINGLE))


def tractor_pairs_available(cards: Sequence[int], order: Order, lead_tractors: Sequence[int],
                            same_length_only: bool = False, cap: int | None = None) -> int:
    """§2.3.2(a) TP(X): the largest total number of pairs in disjoint tractors τ1..τk taken from X,
    each τi absent or of 2..ℓi pairs (exactly ℓi with `same_length_only`), optionally capped in total."""
    runs = tuple(sorted(len(r) for r in pair_runs(pair_kinds(cards), order) if len(r) >= 2))
    return _best_tractor_cover(runs, tuple(sorted(lead_tractors, reverse=True)), same_length_only,
                               cap if cap is not None else 10**6)


def _best_tractor_cover(runs: tuple[int, ...], lengths: tuple[int, ...], exact: bool, cap: int) -> int:
    if not lengths or not runs or cap < 2:
        return 0
    limit, rest = lengths[0], lengths[1:]
    best = _best_tractor_cover(runs, rest, exact, cap)  # τ1 absent
    for i, run in enumerate(runs):
        low = limit if exact else 2
        for size in range(low, min(limit, run, cap) + 1):
            # Cutting from one end of a run is never worse than from its middle.
            left = tuple(sorted(runs[:i] + runs[i + 1:] + ((run - size,) if run - size >= 2 else ())))
            best = max(best, size + _best_tractor_cover(left, rest, exact, cap - size))
    return best


def tractor_count(cards: Sequence[int], order: Order) -> int:
    """T(F) of §3.2 `count`: the largest number of disjoint tractors (a run of r pairs gives r // 2)."""
    return sum(len(r) // 2 for r in pair_runs(pair_kinds(cards), order))
