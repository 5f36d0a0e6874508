"""A run's progress as it plays (DESIGN.md §9): a rich bar on a terminal, one line every PROGRESS_LINE_SECONDS on
stderr otherwise (logs, batch jobs), with hands/s and the time left."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn
from rich.text import Text

PROGRESS_LINE_SECONDS = 30.0  # without a terminal: one progress line on stderr this often


class HandsPerSecondColumn(ProgressColumn):
    def render(self, task: Any) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} hands/s" if speed else "- hands/s", style="progress.data.speed")


@contextlib.contextmanager
def progress_reporter(progress: bool | None, total: int, done: int,
                      title: str = "simulate") -> Iterator[Callable[[int], None]]:
    """A function advancing the progress shown by n hands: a rich bar on stderr (`progress` True, or None on
    a terminal), one line on stderr every PROGRESS_LINE_SECONDS (None without a terminal), nothing (False)."""
    if progress is None:
        progress = True if sys.stderr.isatty() else None
    if progress is False:
        yield lambda n: None
    elif progress is None:
        yield ProgressLines(total, done, title).advance
    else:
        columns = (TextColumn(title), BarColumn(), MofNCompleteColumn(), HandsPerSecondColumn(),
                   TextColumn("ETA"), TimeRemainingColumn())
        with Progress(*columns, console=Console(stderr=True)) as bar:
            task = bar.add_task("hands", total=total, completed=done)
            yield lambda n: bar.advance(task, n)


class ProgressLines:
    """Progress for logs: `title: done/total hands (p%), rate hands/s, ETA h:mm:ss` on stderr, at most every
    PROGRESS_LINE_SECONDS."""

    def __init__(self, total: int, done: int, title: str, clock: Callable[[], float] = time.monotonic):
        self.total, self.done, self.title, self.clock = total, done, title, clock
        self.started = self.last = clock()
        self.start_done = done

    def advance(self, hands: int) -> None:
        self.done += hands
        now = self.clock()
        if now - self.last >= PROGRESS_LINE_SECONDS:
            self.last = now
            print(self.line(now), file=sys.stderr, flush=True)

    def line(self, now: float) -> str:
        rate = (self.done - self.start_done) / max(now - self.started, 1e-9)
        eta = duration_text((self.total - self.done) / rate) if rate > 0 else "-"
        share = 100 * self.done / self.total if self.total else 100.0
        return f"{self.title}: {self.done:,}/{self.total:,} hands ({share:.1f}%), {rate:,.0f} hands/s, ETA {eta}"


def duration_text(seconds: float) -> str:
    """`H:MM:SS`, with days in front past a day (`306d 11:44:37`)."""
    days, rest = divmod(round(seconds), 86_400)
    hours, rest = divmod(rest, 3600)
    clock = f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{days}d {clock}" if days else clock
