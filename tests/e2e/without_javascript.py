"""Pages as a patient gets them before the JavaScript arrives, or when it never does:
with JavaScript disabled, with the page's own scripts failing (a dropped connection, a
blocked script), or with them held back until the test lets them through (a tap during
the wait lands on the prerendered page, then the page hydrates).

The page's own JavaScript is the bundle under /assets/ (the inline scripts of the head
still run when it fails: they are part of the HTML).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from playwright.sync_api import BrowserContext, Page, Route

# The bundle's requests: every page imports its code from /assets/*.js.
BUNDLE = "**/assets/*.js"
# What Chromium logs when they fail: mark a test that aborts them
# `@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)`.
BUNDLE_FAILURES = (
    r"^console\.error: Failed to load resource: net::ERR_FAILED \(.*/assets/[^/]+\.js\)$",
    r"^uncaught: .*Failed to fetch dynamically imported module: .*/assets/[^/]+\.js",
)
# How a page goes without its JavaScript: disabled in the browser, or its requests failing.
DISABLED, ABORTED = WAYS = ("disabled", "aborted")
# For `@pytest.mark.parametrize("way", EACH_WAY)`: the same ways, the aborted one expecting
# its console errors (a test that takes WAYS marks itself with BUNDLE_FAILURES instead).
EACH_WAY = [
    DISABLED,
    pytest.param(ABORTED, marks=pytest.mark.expected_console_errors(*BUNDLE_FAILURES)),
]


def context_without_javascript(new_context, way: str, **options) -> BrowserContext:
    """A new context (conftest's `new_context` options) in which the pages' JavaScript never
    runs: `way` is "disabled" (the browser's setting) or "aborted" (the bundle's requests fail)."""
    if way == DISABLED:
        return new_context(java_script_enabled=False, **options)
    context = new_context(**options)
    context.route(BUNDLE, lambda route: route.abort())
    return context


def page_without_javascript(new_context, way: str, **options) -> Page:
    """A new page in a `context_without_javascript`."""
    return context_without_javascript(new_context, way, **options).new_page()


@dataclass
class HeldScripts:
    """The bundle's requests, kept waiting until `release()`; later ones go through."""

    waiting: list[Route] = field(default_factory=list)
    released: bool = False

    def route(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.waiting.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.waiting:
            route.continue_()
        self.waiting.clear()


def hold_scripts(page: Page) -> HeldScripts:
    """Keep the page's scripts from arriving until the returned object's `release()`."""
    held = HeldScripts()
    page.route(BUNDLE, held.route)
    return held


def open_with_scripts_held(page: Page, path: str) -> HeldScripts:
    """Open `path` with its scripts held back; return once the page has asked for them
    (its HTML has painted, nothing of it is hydrated). `release()` lets them through."""
    held = hold_scripts(page)
    with page.expect_request(BUNDLE):
        page.goto(path)
    return held
