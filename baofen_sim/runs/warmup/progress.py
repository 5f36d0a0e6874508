"""A cold compile shown progressing (DESIGN.md §9): the functions compiled so far (in the compile processes and
in this one) and the time, as a rich spinner on a terminal or a line on stderr every LINE_SECONDS otherwise:

    compiling the engine: 143/206 functions on 2 processes, 31 s
    compiling the engine: the top kernel (206/206 functions compiled), 52 s
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

from numba.core import event
from numba.core.caching import NullCache

LINE_SECONDS = 10.0  # without a terminal: one line this often
SPINNER_SECONDS = 0.5  # on a terminal: the spinner's text refreshed this often
TITLE = "compiling the engine"


class _CompileCounter(event.Listener):
    """Numba's compile events in this process: the cached (the package's) functions compiled."""

    def __init__(self) -> None:
        self.functions: list[str] = []

    def on_start(self, event: event.Event) -> None:
        pass

    def on_end(self, event: event.Event) -> None:
        dispatcher = event.data["dispatcher"]
        if not isinstance(dispatcher._cache, NullCache):
            function = dispatcher.py_func
            self.functions.append(f"{function.__module__}:{function.__qualname__}")


class CompileProgress:
    """While the block runs, shows a compile progressing. `total`: the functions to compile (None: unknown);
    `processes`: how many compile; `show`: True a spinner, None a spinner on a terminal and lines otherwise,
    False nothing. `function_done` counts a function another process compiled; `top_kernel` says that the
    last step, the top kernel, has begun. `compiled_here` lists the functions this process compiled."""

    def __init__(self, total: int | None, processes: int = 1, show: bool | None = None,
                 stream: TextIO | None = None, interval: float = LINE_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.processes, self.interval, self.clock = total, processes, interval, clock
        self.stream = stream or sys.stderr
        self.show = (True if self.stream.isatty() else None) if show is None else show
        self.elsewhere = 0
        self.at_top = False
        self._counter = _CompileCounter()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.started = clock()

    @property
    def compiled_here(self) -> list[str]:
        return list(self._counter.functions)

    @property
    def done(self) -> int:
        return self.elsewhere + len(self._counter.functions)

    def function_done(self, function: str = "") -> None:
        self.elsewhere += 1

    def top_kernel(self) -> None:
        self.at_top = True

    def text(self) -> str:
        seconds = f"{self.clock() - self.started:.0f} s"
        count = f"{self.done}/{self.total}" if self.total is not None else f"{self.done}"
        if self.at_top:
            return f"{TITLE}: the top kernel ({count} functions compiled), {seconds}"
        where = f" on {self.processes} processes" if self.processes > 1 else ""
        return f"{TITLE}: {count} functions{where}, {seconds}"

    def __enter__(self) -> CompileProgress:
        self.started = self.clock()
        event.register("numba:compile", self._counter)
        if self.show is not False:
            self._thread = threading.Thread(target=self._spinner if self.show else self._lines, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        event.unregister("numba:compile", self._counter)
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _lines(self) -> None:
        while not self._stop.wait(self.interval):
            print(self.text(), file=self.stream, flush=True)

    def _spinner(self) -> None:
        from rich.console import Console

        with Console(file=self.stream).status(self.text()) as status:
            while not self._stop.wait(SPINNER_SECONDS):
                status.update(self.text())
