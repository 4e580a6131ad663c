"""Browser tests: pytest-playwright in Debian's Chromium against the production server.

pytest-playwright (Playwright's official plugin) provides the `playwright`, `browser`,
`new_context`, `context` and `page` fixtures and the options a Playwright user knows:
`--headed`, `--slowmo`, `--base-url`, `--tracing`, `--screenshot`, `--video`, `--output`.
This file keeps only what is ours:

- **the site**: `base_url` is `--base-url` (or the older `SITE_URL` variable) when given;
  otherwise the session builds and starts the server `make run` starts
  (`devtools/servers.py`), once for all pytest-xdist workers (`shared_server`).
- **Debian's Chromium** with the arguments of DESIGN.md section 4 (Playwright cannot
  download its own browsers here), and a Mexican-Spanish desktop browser by default.
- **third-party isolation**: every context made through `new_context` (so `context`,
  `page`, `mobile_page` too) reaches only the site; any other host's request is aborted
  unless the test routes it to a stub first (`tests/e2e/stubs.py`).
- **the console-error watch**: `page.problems` lists console errors and uncaught exceptions.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from filelock import FileLock
from playwright.sync_api import Page, expect

from clinic.project import EXPORT_DIR
from devtools import servers as prod_server

ROOT = Path(__file__).resolve().parents[2]
# The production server started here asks "Cal.com" for open times at a port where nothing
# listens: Cal.com never gets real network, and the pages see the no-times answer unless
# a test routes /api/open-times/ itself.
os.environ.setdefault("CLINIC_CAL_API_ORIGIN", "http://127.0.0.1:9")
# Debian's Chromium, in two builds of the same version: the browser itself for `--headed`,
# and its headless shell (package chromium-headless-shell, `make browser`) for every
# headless run, as Playwright does with its own downloads: no browser window machinery, so
# a page load costs about a quarter of the CPU (0.2 s instead of 0.9 s here), which on two
# cores is most of the suite's time. CHROMIUM / CHROMIUM_HEADLESS name other binaries.
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_HEADLESS = os.environ.get("CHROMIUM_HEADLESS", "/usr/bin/chromium-headless-shell")
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
# Browser tests share 2 cores with the server and each other (pytest-xdist): an
# assertion waits up to 10 s for the page to get there, not Playwright's default 5 s.
expect.set_options(timeout=10_000)
# The browser speaks Mexican Spanish unless a test says otherwise: Chromium's own default
# (en-US) would send a first visit to `/` on to `/en/` (spec section 4).
CONTEXT_DEFAULTS = {"locale": "es-MX", "viewport": DESKTOP}


# ------------------------------------------------------------------ the site


def given_site(pytestconfig) -> str | None:
    """The site named by `--base-url` (or the `base_url` ini value, or SITE_URL), if any."""
    return (
        pytestconfig.getoption("--base-url")
        or pytestconfig.getini("base_url")
        or os.environ.get("SITE_URL")
        or None
    )


@pytest.fixture(scope="session")
def base_url(pytestconfig, tmp_path_factory):
    """The site under test: `--base-url` (or SITE_URL) if given, else our own server."""
    given = given_site(pytestconfig)
    if given:
        yield given.rstrip("/")
        return
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # no xdist: this process owns the server
        with prod_server.production_server() as url:
            yield url
        return
    # Workers of one xdist run share the folder above their own temporary folders.
    with shared_server(tmp_path_factory.getbasetemp().parent) as url:
        yield url


@pytest.fixture(scope="session")
def served_build(pytestconfig, base_url) -> Path | None:
    """The static build our own production server serves (EXPORT_DIR), once it is up;
    None when the tests run against a site given by `--base-url`, whose build is elsewhere."""
    return None if given_site(pytestconfig) else EXPORT_DIR


@contextmanager
def shared_server(folder: Path):
    """One production server for all xdist workers of a run. Under a file lock, the
    first worker to need it builds and starts it and writes its URL and process id to
    `server.json`; the others read them. Each worker counts itself in and out, and the
    last one out stops the server (by process group: another worker may have started it)."""
    state_file, lock = folder / "server.json", FileLock(folder / "server.lock")
    with lock:
        state = json.loads(state_file.read_text()) if state_file.exists() else None
        if state is None:
            url, process = prod_server.start()
            state = {"url": url, "pid": process.pid, "users": 0}
        state["users"] += 1
        state_file.write_text(json.dumps(state))
    try:
        yield state["url"]
    finally:
        with lock:
            state = json.loads(state_file.read_text())
            state["users"] -= 1
            if state["users"]:
                state_file.write_text(json.dumps(state))
            else:
                state_file.unlink()
                prod_server.stop_group(state["pid"])


# ------------------------------------------------------------------ the browser


@pytest.fixture(scope="session", autouse=True)
def delete_output_dir():
    """Replaces pytest-playwright's fixture of this name, which empties `--output` when a
    session starts: under pytest-xdist each worker is a session, and a worker started
    late (one replacing a crashed worker) wiped the traces and screenshots of tests that
    had already failed on the others. `pytest_sessionstart` empties it once instead."""


def pytest_sessionstart(session):
    """Empty `--output` (test-results/) once per run, in the main process only."""
    if hasattr(session.config, "workerinput"):  # an xdist worker
        return
    output = session.config.getoption("--output", default=None)
    if output:
        shutil.rmtree(output, ignore_errors=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium (unless --browser-channel names another), its headless shell
    when no window is asked for, with our arguments; --headed and --slowmo still come
    from the plugin (--headed sets headless=False)."""
    args = dict(browser_type_launch_args)
    if "channel" not in args:
        headless = args.get("headless", True)
        args.setdefault(
            "executable_path",
            CHROMIUM_HEADLESS if headless and os.path.exists(CHROMIUM_HEADLESS) else CHROMIUM,
        )
    args["args"] = [*CHROMIUM_ARGS, *args.get("args", [])]
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """The plugin's context arguments (--device, --video) without base_url: `new_context`
    adds it, so that a test may point a context at another site."""
    return {key: value for key, value in browser_context_args.items() if key != "base_url"}


@pytest.fixture
def new_context(new_context, browser_context_args, base_url):
    """The plugin's context factory (traces, screenshots and videos are recorded for
    every context it makes), with our defaults and third-party isolation:
    `new_context(viewport=MOBILE, is_mobile=True)`, `new_context(locale="en-US")`.
    `isolated=False` leaves third parties alone (request interception turns the
    browser's HTTP cache off; a test of caching needs it off)."""

    def make(isolated: bool = True, **options):
        options = {"base_url": base_url, **CONTEXT_DEFAULTS, **options}
        for key in browser_context_args:  # --device's own viewport, user agent, ... win
            options.pop(key, None)
        context = new_context(**options)
        if isolated:
            isolate(context, options["base_url"])
        track_network(context)
        return context

    return make


def isolate(context, site: str) -> None:
    """Only the site itself (and data: URLs) is reachable; routes a test adds later take
    precedence, so a stub for a third party goes in front of this guard.

    The guard matches by a regular expression, not by a Python function: Playwright
    hands the browser's requests to Python only when a route's pattern matches them
    (a function matches everything), so the site's own scripts and images, dozens per
    page, never make the round trip to this process."""
    elsewhere = re.compile(rf"^(?!{re.escape(site.rstrip('/'))}/|data:)")
    context.route(elsewhere, lambda route: route.abort())


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


@pytest.fixture
def page(page, base_url) -> Page:
    """The plugin's page (a desktop context of its own), with the console-error watch."""
    page.problems = watch(page, base_url)
    return page


@pytest.fixture
def mobile_page(new_context, base_url) -> Page:
    """A phone: 390x844, touch, mobile viewport rules."""
    page = new_context(viewport=MOBILE, is_mobile=True, has_touch=True).new_page()
    page.problems = watch(page, base_url)
    return page


# ------------------------------------------------------------------ helpers


class PageProblems(list):
    """Console errors and uncaught exceptions seen by a page."""


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


def network_quiet(page: Page, quiet_ms: int = 500, timeout_s: float = 30.0) -> None:
    """Wait for the page's load event, then until no request has been open, started or
    ended for `quiet_ms`: its scripts, lazy chunks and effects have had their turn.

    Playwright's own "networkidle" is not used: once it has fired, a request that
    starts and ends later (a route chunk after a client-side navigation, a lazy embed
    after a scroll) can withdraw it for good, and the wait then never returns (seen in
    CI under load, with no request open). The context must come from `new_context`
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


# React hydrates an element by attaching its own properties (__reactFiber$..., __reactProps$...).
OWNED_BY_REACT = """() => ['main', 'header', 'header button'].every((selector) =>
    [...document.querySelectorAll(selector)].length > 0 &&
    [...document.querySelectorAll(selector)].every((el) => Object.keys(el).some((k) => k.startsWith('__react'))))"""


def hydrated(page: Page, timeout_s: float = 30.0) -> None:
    """Wait until the network is quiet and React owns the page (its main content, header
    and header buttons): before that a click on a menu does nothing. On a busy machine
    the scripts can still be running well after the network has gone quiet."""
    network_quiet(page)
    wait_until(page, f"({OWNED_BY_REACT})()", timeout_s=timeout_s)


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


def eventually(page: Page, check, timeout_s: float = 10.0):
    """Poll a Python-side condition until it holds (or the time is up); returns its last
    value. For lists that Playwright's event and route handlers fill: such an event can
    reach Python a moment after the page has moved on, and Playwright delivers it only
    while Python waits on it (hence page.wait_for_timeout, not time.sleep)."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        page.wait_for_timeout(50)
