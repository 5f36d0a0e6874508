"""`baofen-sim judge`: check a game record step by step against the reference engine of its game (DESIGN.md §8).

Each game judges its own records (`Game.hooks.judge`: the events of every step, whether they were all legal, and
the reference hand where judging stopped); `format_event` prints the events of every game, each game its own
result line (`Game.hooks.result_line`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from baofen_sim.games import Game, game_of
from baofen_sim.reference.play import TrickHand

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2


@dataclass
class JudgeReport:
    events: list[dict[str, Any]]
    legal: bool
    hand: TrickHand  # the game's reference hand where judging stopped
    game: Game

    @property
    def exit_code(self) -> int:
        return EXIT_LEGAL if self.legal else EXIT_ILLEGAL

    def lines(self) -> list[str]:
        """One human-readable line per event."""
        return [format_event(event, self.game) for event in self.events]


def judge(record: Any) -> JudgeReport:
    """Replay `record` (`io.records.parse_record`) through the reference engine of its game; stop at the first
    illegal step. Raises RecordError for a malformed record (wrong sizes, a third copy, a card not held)."""
    game = game_of(record.rules)
    return JudgeReport(*game.hook("judge")(record), game=game)


def format_event(event: dict[str, Any], game: Game) -> str:
    """One human-readable line for an event of a record of `game` (its result line is the game's)."""
    kind = event["event"]
    if not event.get("legal", True):
        shown = event.get("cards") or event.get("bid") or event.get("trump") or event.get("card")
        if isinstance(shown, list):
            shown = " ".join(shown)
        shown = "" if shown is None else f": {shown}"  # a concession shows nothing
        return f"ILLEGAL {kind} by seat {event['seat']}{shown} — {event['reason']} ({event['rule']})"
    if kind == "bid":
        return f"bid      seat {event['seat']}: {event['bid']}"
    if kind == "bury":
        return f"bury     seat {event['seat']}: {' '.join(event['cards'])}"
    if kind == "trump":
        if event.get("source") == "kitty":
            return f"trump    from the kitty: {event['trump']}"
        return f"trump    seat {event['seat']}: {event['trump']}"
    if kind == "declare":
        return (f"declare  seat {event['seat']} after {event['after']}: {' '.join(event['cards'])} "
                f"-> trump {event['trump']}")
    if kind == "zhuang":
        return f"zhuang   seat {event['seat']} at level {event['level']}"
    if kind == "fandi":
        return f"fandi    seat {event['seat']}: {' '.join(event['cards'])} -> trump {event['trump']}"
    if kind == "flip":
        return f"flip     card {event['after']} of the deal, to seat {event['seat']}: {event['card']}"
    if kind == "call":
        forced = "forced call" if event["forced"] else f"call after {event['after']}"
        return f"call     seat {event['seat']} ({forced}): {event['card']} -> trump {event['trump']}"
    if kind == "overcall":
        return f"overcall seat {event['seat']}: {' '.join(event['cards'])} -> trump {event['trump']}"
    if kind == "concede":
        return f"concede  seat {event['seat']}"
    if kind == "friend":
        return (f"trick {event['trick']:>2} seat {event['seat']} is the friend ({event['points_cleared']} points "
                "cleared)")
    if kind == "play":
        return f"trick {event['trick']:>2} seat {event['seat']}: {' '.join(event['cards'])}"
    if kind == "throw_failed":
        return (f"trick {event['trick']:>2} seat {event['seat']}: throw {' '.join(event['attempted'])} FAILED "
                f"-> forced {' '.join(event['forced']) or '(free re-lead)'}, penalty {event['penalty']}")
    if kind == "trick":
        return f"         -> seat {event['winner']} wins trick {event['trick']} ({event['points']} points)"
    if kind == "result":
        return game.hook("result_line")(event)
    return str(event)


def numbers_text(values) -> str:
    """Settlements and the like as `judge` prints them: [+1, -0.5]."""
    return "[" + ", ".join(f"{v:+g}" for v in values) + "]"
