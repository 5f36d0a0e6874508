"""Headless Chromium for the page tests: Debian's `chromium` package driven by Playwright, whose pip wheel brings
only its driver (no browser download: we launch the system browser by path). `.ci/run` installs `chromium` when
it is missing; here a missing browser or driver is a test failure that says how to install it, never a skip.

Every page is opened in a context that lets through only file: and data: requests and records the rest, so a
test can assert that a page works offline."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
VIEWPORT = {"width": 1500, "height": 1000}
INSTALL_HINT = "install it with: apt-get update && apt-get install -y chromium; pip install -e '.[dev]'"


def chromium_path() -> str:
    """The browser to drive: $BAOFEN_CHROMIUM, else `chromium` on the PATH. Fails (AssertionError) if neither."""
    path = os.environ.get("BAOFEN_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    assert path and os.access(path, os.X_OK), f"headless Chromium not found; {INSTALL_HINT}"
    return path


@contextmanager
def chromium() -> Iterator[Any]:
    """A running headless Chromium (a Playwright Browser) for the duration of the block."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # a failure, not a skip: CI must run the page tests
        raise AssertionError(f"the Python package playwright is missing ({exc}); {INSTALL_HINT}") from None
    path = chromium_path()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class OfflinePage:
    """A page in its own browser context, with every request that is not file: or data: refused and recorded."""

    page: Any
    context: Any
    refused: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def close(self) -> None:
        self.context.close()


def offline_page(browser: Any) -> OfflinePage:
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    probe = OfflinePage(page, context)

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith(("file:", "data:")):
            request_route.continue_()
        else:
            probe.refused.append(url)
            request_route.abort()

    context.route("**/*", route)
    page.on("pageerror", lambda exc: probe.errors.append(str(exc)))
    page.on("console", lambda msg: probe.errors.append(msg.text) if msg.type == "error" else None)
    return probe


# One round trip reads everything a test asserts on after a step: the cards in each seat's hand, each seat's play
# in the shown trick, the winner and points shown, the running score, the result, and cards drawn without size.
READ_STATE = """() => {
  const codes = (root) => root ? Array.from(root.querySelectorAll("[data-card]"), (e) => e.dataset.card) : [];
  const find = (selector) => document.querySelector(selector);
  const attr = (selector, name) => (find(selector) ? find(selector).getAttribute(name) : null);
  const text = (selector) => (find(selector) ? find(selector).textContent.trim() : null);
  const hands = {};
  document.querySelectorAll("[data-hand]").forEach((h) => { hands[h.dataset.seat] = codes(h); });
  const plays = {};
  document.querySelectorAll("[data-play]").forEach((p) => {
    plays[p.dataset.seat] = {cards: codes(p.querySelector("[data-played-cards]")),
                             attempted: codes(p.querySelector("[data-attempted]")),
                             failed: p.querySelector("[data-failed-throw]") !== null,
                             winner: p.dataset.winner === "true"};
  });
  const unsized = Array.from(document.querySelectorAll("[data-hand] [data-card], [data-play] [data-card]"))
    .filter((e) => { const r = e.getBoundingClientRect(); return r.width < 10 || r.height < 10; }).length;
  return {
    trick: Number(attr("#trick", "data-trick")), hands, plays, unsized,
    winner: attr("[data-trick-winner]", "data-value"), points: attr("[data-trick-points]", "data-value"),
    winner_text: text("[data-trick-winner]"), points_text: text("[data-trick-points]"),
    score: {label: attr("[data-score]", "data-score-label"), value: attr("[data-score]", "data-score-value"),
            target: attr("[data-score]", "data-score-target"), text: text("[data-score]")},
    note: text("[data-note]"), result: text("[data-result-headline]"), final: attr("#result", "data-final"),
    slider: Number(document.getElementById("slider").value), counter: text("#counter"),
    roles: Object.fromEntries(Array.from(document.querySelectorAll("[data-seat-panel]"), (p) => [
      p.dataset.seatPanel, Array.from(p.querySelectorAll("[data-role]"), (r) => r.dataset.role)])),
  };
}"""


def read_state(page: Any) -> dict[str, Any]:
    return page.evaluate(READ_STATE)
