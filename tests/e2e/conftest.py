"""Browser tests: pytest-playwright in Debian's Chromium against the production server.

pytest-playwright (Playwright's official plugin) provides the `playwright`, `browser`,
`new_context`, `context` and `page` fixtures and the options a Playwright user knows:
`--headed`, `--slowmo`, `--base-url`, `--tracing`, `--screenshot`, `--video`, `--output`.
This file keeps only what is ours:

- **the site**: `base_url` is `--base-url` (or the older `SITE_URL` variable) when given,
  and the tests then read their expectations from the content that site was built from
  (`--content DIR`, default the project's content/: tests/e2e/site_under_test.py); a test
  that needs a server of its own is marked `own_server(why)` and skips there, saying why.
  Otherwise the session builds and starts the server `make run` starts
  (`devtools/servers.py`) for the fixture clinic, once for all pytest-xdist workers
  (`shared_server`), on a free port or the one `--site-port` names.
- **waits with a deadline**: every page gets `pageWaits` (tests/e2e/page_waits.js) before
  its own scripts, the waits a test runs inside the page.
- **Debian's Chromium** with the arguments of docs/developing.md, "What we checked about Reflex 0.10" (Playwright cannot
  download its own browsers here), and a desktop browser speaking the default language.
  `--browser firefox` / `--browser webkit` run Playwright's own browsers with Playwright's
  defaults where they are installed; where they are not, the run stops at once saying
  how to install them. Tests that need Chromium (its DevTools protocol, its layout-shift
  entries) carry `@pytest.mark.only_browser("chromium")`.
- **third-party isolation**: every context made through `new_context` (so `context`,
  `page`, `mobile_page` too) reaches only the site; any other host's request fails unless
  the test routes it to a stub first (`tests/e2e/stubs.py`). In Chromium the browser
  itself resolves no host but the machine's own and the site's
  (`devtools.chromium.third_parties_unresolved`), so a page's own requests never stop in
  Playwright; elsewhere a route aborts them.
- **no console errors** (`tests/e2e/console.py`): every page of every context made here
  reports its console errors to the test's `console_errors`, which fails the test at
  teardown unless `@pytest.mark.expected_console_errors(pattern, ...)` expects them.
- **page ready** is `tests/e2e/page_ready.py`'s `page_ready(page)`, the one way to wait
  for a page to have done what it does on its own.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from filelock import FileLock
from playwright.sync_api import Page, expect

from devtools.chromium import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CHROMIUM_HEADLESS,
    DESKTOP,
    MOBILE,
    third_parties_unresolved,
)
from tests.e2e.console import ConsoleErrors
from tests.e2e.page_ready import track_network
from tests.e2e.site_under_test import CONTENT_OPTION, NOT_OUR_SERVER, choose_content, given_site
from tests.e2e.without_javascript import DISABLED, page_without_javascript
from tests.fixture_clinic.site import FIXTURE_EXPORT
from tests.per_test_timeout import outside_the_test_timeout

# Nothing of clinic/ (nor what imports it: devtools.servers, tests.e2e.stubs) is imported
# at the top of this file: the content the tests read is chosen in `pytest_configure`
# (tests/e2e/site_under_test.py), and clinic/ fixes its content folder when first imported.
# The fixture clinic's project, when this run serves it (None: a site was given).
FIXTURE_PROJECT = pytest.StashKey[Path | None]()

ROOT = Path(__file__).resolve().parents[2]
# The waits a test runs inside a page, each with a deadline: in every page, as `pageWaits`.
PAGE_WAITS = Path(__file__).with_name("page_waits.js")
# The production server started here asks "Cal.com" for open times at a port where nothing
# listens: Cal.com never gets real network, and the pages see the no-times answer unless
# a test routes /api/open-times/ itself.
os.environ.setdefault("CLINIC_CAL_API_ORIGIN", "http://127.0.0.1:9")
# Browser tests share 2 cores with the server and each other (pytest-xdist): an
# assertion waits up to 10 s for the page to get there, not Playwright's default 5 s.
expect.set_options(timeout=10_000)


def context_defaults() -> dict:
    """The browser speaks the default language (its locale in content/languages.yaml) unless
    a test says otherwise: Chromium's own default (en-US) could send a first visit to `/` on
    to another language's home (docs/design.md, "States")."""
    from clinic.site.content import DEFAULT_LANG
    from clinic.site.routes import language

    return {"locale": language(DEFAULT_LANG).locale, "viewport": DESKTOP}


# ------------------------------------------------------------------ the site


# `make test` starts the fixture clinic's production server while the unit tests run
# (devtools/test_all.py) and names it here: our own server, built from FIXTURE_PROJECT.
STARTED_SERVER = "CLINIC_FIXTURE_SERVER"


@pytest.fixture(scope="session")
def base_url(pytestconfig, tmp_path_factory):
    """The site under test: `--base-url` (or SITE_URL) if given, else our own server (the
    one `make test` started, or one this run starts)."""
    given = given_site(pytestconfig) or os.environ.get(STARTED_SERVER)
    if given:
        yield given.rstrip("/")
        return
    from devtools import servers

    port, project = pytestconfig.getoption("--site-port"), pytestconfig.stash[FIXTURE_PROJECT]
    with ExitStack() as stack:
        with outside_the_test_timeout():  # the build has a deadline of its own
            if not os.environ.get("PYTEST_XDIST_WORKER"):  # no xdist: this process owns it
                url = stack.enter_context(servers.production_server(port, project))
            else:  # workers of one xdist run share the folder above their temporary folders
                folder = tmp_path_factory.getbasetemp().parent
                url = stack.enter_context(shared_server(folder, project, port))
        yield url


@pytest.fixture(scope="session")
def served_build(pytestconfig, base_url) -> Path:
    """The static build our own production server serves (the fixture clinic's), once it
    is up. A test that reads it skips against a site given by `--base-url`, whose build
    is elsewhere."""
    if given_site(pytestconfig):
        pytest.skip(NOT_OUR_SERVER.format(why="it reads the files that server serves"))
    return FIXTURE_EXPORT


@pytest.fixture(scope="session")
def cal_api():
    """The stand-in for Cal.com's API the static hosts' functions ask (a test sets how it
    answers and puts it back as it was: `answer_with()`)."""
    from tests.cal_api_stub import CalApiStub

    stub = CalApiStub().start()
    yield stub
    stub.stop()


@pytest.fixture(scope="session")
def cloudflare(served_build, cal_api):
    """Cloudflare Pages' own runtime serving our build (tests/e2e/cloudflare_pages.py), its
    function bound to the stub Cal.com as a Pages project's variable binds it (skipped with
    served_build against a site given by `--base-url`)."""
    from clinic.server.open_times import ORIGIN_ENV
    from tests.e2e.cloudflare_pages import pages_dev

    with pages_dev(served_build, {ORIGIN_ENV: cal_api.origin}) as site:
        yield site


@contextmanager
def shared_server(folder: Path, project: Path, port: int | None = None):
    """One production server for all xdist workers of a run. Under a file lock, the
    first worker to need it builds and starts it and writes its URL and process id to
    `server.json`; the others read them. Each worker counts itself in and out, and the
    last one out stops the server (by process group: another worker may have started it).

    Why a lock and not a session fixture or an xdist hook: each worker is a process of its
    own with its own session, so no fixture scope spans them; and the xdist controller,
    which could start one server and hand its URL to the workers, collects no tests, so it
    cannot tell whether the tests selected (`-k`, one unit-like file) need the site at all.
    Building the site takes half a minute: only a worker that needs it starts it."""
    from devtools import servers

    state_file, lock = folder / "server.json", FileLock(folder / "server.lock")
    with lock:
        state = json.loads(state_file.read_text()) if state_file.exists() else None
        if state is None:
            url, process = servers.start(port, project)
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
                servers.stop_group(state["pid"])


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


def pytest_addoption(parser):
    parser.addoption(
        "--site-port",
        type=int,
        default=None,
        help="the port of the production server the session starts (default: a free one)",
    )
    parser.addoption(
        CONTENT_OPTION,
        default=None,
        metavar="DIR",
        help="with --base-url: the content folder that site was built from, which the tests "
        "read their expectations from (default: CLINIC_CONTENT_DIR, else the project's content/)",
    )


# How to install a Playwright browser this machine lacks (Chromium is Debian's: `make browser`).
INSTALL_HINT = (
    "{name} is not installed for Playwright: run `.venv/bin/playwright install {name}` "
    "(and, once per machine, `sudo .venv/bin/playwright install-deps {name}`), or leave "
    "out --browser {name} to test in Debian's Chromium"
)


def require_installed_browsers(config) -> None:
    """Stop the run at once, with the command that fixes it, when `--browser` asks for a
    Playwright browser that is not installed (rather than each test failing to launch)."""
    wanted = [
        name for name in config.getoption("--browser", default=None) or [] if name != "chromium"
    ]
    if not wanted:
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        missing = [
            name for name in wanted if not os.path.exists(getattr(playwright, name).executable_path)
        ]
    if missing:
        pytest.exit("; ".join(INSTALL_HINT.format(name=name) for name in missing), returncode=4)


@pytest.fixture(scope="session")
def isolated_by_the_browser(browser_name) -> bool:
    """Whether the browser itself keeps third parties out (our Chromium launch does)."""
    return browser_name == "chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name, base_url):
    """For Chromium: Debian's (unless --browser-channel names another), its headless shell
    when no window is asked for, with our arguments and the third-party isolation; --headed
    and --slowmo still come from the plugin (--headed sets headless=False). Firefox and
    WebKit: Playwright's own, as the plugin launches them."""
    args = dict(browser_type_launch_args)
    if browser_name != "chromium":
        return args
    if "channel" not in args:
        headless = args.get("headless", True)
        args.setdefault(
            "executable_path",
            CHROMIUM_HEADLESS if headless and os.path.exists(CHROMIUM_HEADLESS) else CHROMIUM,
        )
    site_host = urlsplit(base_url).hostname
    args["args"] = [*CHROMIUM_ARGS, third_parties_unresolved(site_host), *args.get("args", [])]
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """The plugin's context arguments (--device, --video) without base_url: `new_context`
    adds it, so that a test may point a context at another site."""
    return {key: value for key, value in browser_context_args.items() if key != "base_url"}


def require_video_recorder(config) -> None:
    """`--video` needs Playwright's ffmpeg, which it cannot download here: stop at once
    with the command that provides it, rather than failing every test."""
    if config.getoption("--video", default="off") == "off":
        return
    from tools.playwright_ffmpeg import browsers_folder, ffmpeg_revision

    if not (browsers_folder() / f"ffmpeg-{ffmpeg_revision()}" / "ffmpeg-linux").exists():
        pytest.exit(
            "--video needs ffmpeg where Playwright looks for it: run `make video` once",
            returncode=4,
        )


def pytest_configure(config):
    # Before any test module imports clinic/: in the main process and in every worker.
    config.stash[FIXTURE_PROJECT] = choose_content(config)
    if not hasattr(config, "workerinput"):  # once, in the main process
        require_installed_browsers(config)
        require_video_recorder(config)
    config.addinivalue_line(
        "markers",
        "expected_console_errors(*patterns): console errors matching one of these regular "
        "expressions are expected (the test provokes them); any other still fails the test",
    )
    config.addinivalue_line(
        "markers",
        "own_server(why): the test needs a server of its own (ours, started by the suite), "
        "so it skips against a site given by --base-url, saying why",
    )
    config.addinivalue_line(
        "markers",
        "smoke: the quick check after a deploy (`-m smoke --base-url ...`): every page kind "
        "answers in every language, no console error, booking, contact, headers",
    )


def pytest_collection_modifyitems(config, items):
    """Against a given site, the tests that need a server of their own skip, saying why."""
    if not given_site(config):
        return
    for item in items:
        marker = item.get_closest_marker("own_server")
        if marker:
            item.add_marker(pytest.mark.skip(reason=NOT_OUR_SERVER.format(why=marker.args[0])))


@pytest.fixture
def console_errors(request) -> ConsoleErrors:
    """The console errors and uncaught exceptions of the test's pages; none may be left
    unexpected when the test ends (its pages' contexts are closed by then)."""
    marker = request.node.get_closest_marker("expected_console_errors")
    errors = ConsoleErrors(expected=[re.compile(p) for p in (marker.args if marker else ())])
    yield errors
    assert errors.unexpected == [], "console errors: " + "\n".join(errors.unexpected)


@pytest.fixture
def new_context(
    console_errors, new_context, browser_context_args, base_url, isolated_by_the_browser
):
    """The plugin's context factory (traces, screenshots and videos are recorded for
    every context it makes), with our defaults and third-party isolation:
    `new_context(viewport=MOBILE, is_mobile=True)`, `new_context(locale="en-US")`.
    `isolated=False` adds no route of ours (a route turns the browser's HTTP cache off;
    a test of caching needs it on); in Chromium, the browser keeps third parties out
    either way."""

    def make(isolated: bool = True, **options):
        options = {"base_url": base_url, **context_defaults(), **options}
        for key in browser_context_args:  # --device's own viewport, user agent, ... win
            options.pop(key, None)
        context = new_context(**options)
        context.add_init_script(path=PAGE_WAITS)
        if isolated and not isolated_by_the_browser:
            isolate(context, options["base_url"])
        track_network(context)
        context.on("page", lambda page: console_errors.watch(page, options["base_url"]))
        return context

    return make


def isolate(context, site: str) -> None:
    """Only the site itself (and data: URLs) is reachable; routes a test adds later take
    precedence, so a stub for a third party goes in front of this guard."""
    from tests.e2e.stubs import away_from

    context.route(away_from(site), lambda route: route.abort())


@pytest.fixture
def mobile_page(new_context) -> Page:
    """A phone: 390x844, touch, mobile viewport rules."""
    return new_context(viewport=MOBILE, is_mobile=True, has_touch=True).new_page()


@pytest.fixture
def prerendered(new_context) -> Page:
    """A page read as it arrives, before any script (JavaScript disabled): a test that only
    reads what the page is prerendered with (texts, links, attributes no script sets)
    reads what a patient sees at first paint, with no hydration running beside it (and
    none of its CPU). What hydration keeps of it is checked page by page in
    test_site_invariants.py; what a script sets or does is read in a `page`."""
    return page_without_javascript(new_context, DISABLED)
