"""Session set-up: start the slow checks that run in processes of their own in the background (`tests.background`);
the headless browser the page tests share (one Playwright per process: `browser`, and `offline`, a page in a context
of its own that may fetch nothing)."""

from __future__ import annotations

import pytest

from tests import background
from tests.browser import chromium, offline_page


@pytest.fixture(scope="session")
def browser():
    with chromium() as running:
        yield running


@pytest.fixture
def offline(browser):
    probe = offline_page(browser)
    yield probe
    probe.close()
    assert not probe.refused, f"the page asked the network for {probe.refused}"
    assert not probe.errors, f"the page reported errors: {probe.errors}"


def pytest_collection_finish(session: pytest.Session) -> None:
    background.start({item.module.__name__.rsplit(".", 1)[-1] for item in session.items if item.module is not None})


def pytest_terminal_summary(terminalreporter) -> None:
    lines = background.summary()
    if lines:
        terminalreporter.write_sep("-", "background checks")
        for line in lines:
            terminalreporter.write_line(line)
