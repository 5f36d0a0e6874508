"""Session set-up: start the slow checks that run in processes of their own in the background (`tests.background`)."""

from __future__ import annotations

import pytest

from tests import background


def pytest_collection_finish(session: pytest.Session) -> None:
    background.start({item.module.__name__.rsplit(".", 1)[-1] for item in session.items if item.module is not None})


def pytest_terminal_summary(terminalreporter) -> None:
    lines = background.summary()
    if lines:
        terminalreporter.write_sep("-", "background checks")
        for line in lines:
            terminalreporter.write_line(line)
