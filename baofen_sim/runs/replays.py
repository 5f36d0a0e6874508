"""Many hands of a run played again at once (`hands --html`, `report --html`): their tables replayed a span of
consecutive tables at a time, each game's own replay giving (row, record) for every hand of the span."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from baofen_sim.runs.runspec import RunSpec, RunSpecError

Key = tuple[int, int | None]  # a hand of the run and its forced declarer (None: none)
Replayed = Callable[[RunSpec, int, int], Iterable[tuple[Any, dict[str, Any]]]]  # (spec, first table, n) -> rows


def records_of_hands(spec: RunSpec, keys: list[Key], replayed: Replayed) -> dict[Key, dict[str, Any]]:
    """The game records of the hands `keys` of the run `spec` (a game with no forced declarer: every key's declarer
    None), their tables replayed by `replayed` a span of consecutive tables at a time."""
    for hand, declarer in keys:
        spec.require_hand(hand)
        if declarer is not None:
            raise RunSpecError("--declarer: a run of this game has no forced declarer")
    wanted = set(keys)
    found = {}
    for first, n in spec.table_spans(hand for hand, _ in wanted):
        for row, record in replayed(spec, first, n):
            if (int(row.hand), None) in wanted:
                found[(int(row.hand), None)] = record
    return {key: found[key] for key in keys}
