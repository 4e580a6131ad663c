"""Browser tests: Playwright in Debian's Chromium against the production server.

The session starts the same server `make run` starts (`reflex run --env prod
--single-port`, bound to 127.0.0.1 on a free port) unless SITE_URL points at one that
is already running. Every page gets a fresh context in which third-party hosts never
get real network: requests to anything but the site are aborted unless a test routes
them to a stub first.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from clinic.server import local as prod_server

ROOT = Path(__file__).resolve().parents[2]
# The production server started here asks "Cal.com" for open times at a port where nothing
# listens: Cal.com never gets real network, and the pages see the no-times answer unless
# a test routes /api/open-times/ itself.
os.environ.setdefault("CLINIC_CAL_API_ORIGIN", "http://127.0.0.1:9")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
MOBILE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="session")
def base_url() -> str:
    if os.environ.get("SITE_URL"):
        yield os.environ["SITE_URL"].rstrip("/")
        return
    url, process = prod_server.start()
    try:
        yield url
    finally:
        prod_server.stop(process)


@pytest.fixture(scope="session")
def browser() -> Browser:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class PageProblems(list):
    """Console errors and uncaught exceptions seen by a page."""


def open_context(browser: Browser, base_url: str, **options):
    """A context in which only the site itself is reachable; stubs may add routes.

    The browser speaks Mexican Spanish unless a test says otherwise: Chromium's own
    default (en-US) would send a first visit to `/` on to `/en/` (spec section 4)."""
    options.setdefault("locale", "es-MX")
    context = browser.new_context(base_url=base_url, **options)
    site = base_url.rstrip("/")

    def guard(route):
        if route.request.url.startswith(site) or route.request.url.startswith("data:"):
            route.fallback()
        else:
            route.abort()

    context.route("**/*", guard)
    track_network(context)
    return context


def track_network(context) -> None:
    """Count the context's requests as they start and end, for `network_quiet`."""
    context.open_requests = set()
    context.network_events = 0

    def started(request):
        context.open_requests.add(request)
        context.network_events += 1

    def ended(request):
        context.open_requests.discard(request)
        context.network_events += 1

    context.on("request", started)
    context.on("requestfinished", ended)
    context.on("requestfailed", ended)


def network_quiet(page: Page, quiet_ms: int = 500, timeout_s: float = 30.0) -> None:
    """Wait for the page's load event, then until no request has been open, started or
    ended for `quiet_ms`: its scripts, lazy chunks and effects have had their turn.

    Playwright's own "networkidle" is not used: once it has fired, a request that
    starts and ends later (a route chunk after a client-side navigation, a lazy embed
    after a scroll) can withdraw it for good, and the wait then never returns (seen in
    CI under load, with no request open). The context must come from `open_context`
    or have gone through `track_network`."""
    page.wait_for_load_state("load")
    context = page.context
    deadline = time.monotonic() + timeout_s
    seen, quiet_since = None, time.monotonic()
    while True:
        now = time.monotonic()
        if context.open_requests or context.network_events != seen:
            seen, quiet_since = context.network_events, now
        elif now - quiet_since >= quiet_ms / 1000:
            return
        if now > deadline:
            open_urls = sorted(request.url for request in context.open_requests)
            raise AssertionError(f"the network was still busy after {timeout_s} s: {open_urls}")
        page.wait_for_timeout(50)  # lets Playwright deliver the request events meanwhile


def watch(page: Page, site: str | None = None) -> PageProblems:
    """Record console errors and uncaught exceptions. A third-party resource that the
    test itself blocked logs "Failed to load resource" for that host: not a problem of
    the page, so it is left out; any failure of the site's own resources counts."""
    problems = PageProblems()

    def on_console(message):
        if message.type != "error":
            return
        url = message.location.get("url") or ""
        if message.text.startswith("Failed to load resource") and site and not url.startswith(site):
            return
        problems.append(f"console.error: {message.text} ({url})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
    return problems


@pytest.fixture
def context(browser, base_url):
    context = open_context(browser, base_url, viewport=DESKTOP)
    yield context
    context.close()


@pytest.fixture
def page(context, base_url) -> Page:
    page = context.new_page()
    page.problems = watch(page, base_url)
    return page


@pytest.fixture
def mobile_page(browser, base_url) -> Page:
    context = open_context(browser, base_url, viewport=MOBILE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.problems = watch(page, base_url)
    yield page
    context.close()


def wait_until(page: Page, expression: str, timeout_s: float = 10.0, interval_s: float = 0.1):
    """Poll a JavaScript expression from Python until it is truthy; returns its value.

    Playwright's wait_for_function compiles its predicate with eval, which the site's
    Content-Security-Policy (no 'unsafe-eval') rightly refuses; page.evaluate does not.
    """
    deadline = time.monotonic() + timeout_s
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout_s} s: {expression}")
        time.sleep(interval_s)
