"""Helpers for the kernel tests: cached tables per (preset, trump, overrides), a session fixture that
compiles (or loads) the kernels once, and card-notation shortcuts (STYLE.md §7)."""

from __future__ import annotations

import functools

import pytest

from baofen_sim.cards import SUIT_LETTERS, parse_cards
from baofen_sim.dev import kernel_calls
from baofen_sim.rules import preset
from baofen_sim.tables import TrumpTables, materialize

BAOFEN_PRESETS = ("baofen", "baofen-001")


@functools.cache
def _tables(name: str, trump: str, overrides: tuple[tuple[str, object], ...]) -> TrumpTables:
    rules = preset(name)
    if overrides:
        rules = rules.replace(**dict(overrides))
    return materialize(rules, SUIT_LETTERS.index(trump))


def tables(name: str = "baofen", trump: str = "H", **overrides) -> TrumpTables:
    """Kernel tables of a preset with trump `trump` (S/H/C/D) and option overrides."""
    return _tables(name, trump, tuple(sorted(overrides.items())))


@pytest.fixture(scope="session")
def compiled() -> None:
    """Compile or load every public kernel once per session."""
    kernel_calls.warm_up(tables())


def cards(text: str) -> list[int]:
    return sorted(parse_cards(text))


def card_sets(plays) -> set[tuple[int, ...]]:
    """Plays (kind lists) as a set of sorted tuples, for comparing enumerations."""
    return {tuple(sorted(p)) for p in plays}


def as_set(*texts: str) -> set[tuple[int, ...]]:
    return {tuple(cards(t)) for t in texts}
