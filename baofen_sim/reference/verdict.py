"""Verdicts of the reference engine: why a bid, bury or play is illegal, citing RULES.md."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Illegal:
    """An illegal step: `rule` is the RULES.md section (e.g. "§2.3.2"), `reason` one human sentence."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


class IllegalStep(ValueError):
    """Raised by `apply` when a step is illegal; carries the verdict."""

    def __init__(self, verdict: Illegal):
        super().__init__(str(verdict))
        self.verdict = verdict
