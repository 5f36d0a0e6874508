"""Session set-up: start the slow checks that run in processes of their own in the background (`tests.background`);
the headless browser the page tests share."""

from __future__ import annotations

import pytest

from tests import background


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session's page tests (`tests.browser`: a missing browser fails, never skips)."""
    from tests.browser import chromium

    with chromium() as running:
        yield running


@pytest.fixture
def offline(browser):
    """A page of its own that may fetch nothing but file: and data: addresses, and must report no error."""
    from tests.browser import offline_page

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
