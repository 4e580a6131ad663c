"""Every page with every third-party host failing, in a real browser.

Two ways a third party fails: "blocked" (the request errors at once, as with an ad
blocker or a DNS failure) and "hanging" (every third-party host resolves to a local
socket that accepts connections and never answers, as with a dead CDN). For each
page: does the content render (one <h1>, text in <main>), is there an uncaught error,
does the book-appointment link still reach the booking page, does the WhatsApp chat link
still open the chat. Run by bench/server.py; writes nothing itself.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from clinic.site.content import content
from clinic.site.routes import all_pages, path_for
from devtools.chromium import CHROMIUM_ARGS

UNKNOWN_PATH = "/esta-pagina-no-existe"
LOAD_WAIT_MS = 15_000


@dataclass
class PageResult:
    path: str
    status: int
    h1_count: int
    main_chars: int
    dom_ready_ms: int
    load_event: bool  # did the window load event fire within LOAD_WAIT_MS
    uncaught: list[str] = field(default_factory=list)
    booking_link_ok: bool = False
    chat_link_ok: bool = False
    third_party_requests: int = 0  # made by the page itself, before any click

    @property
    def renders(self) -> bool:
        return self.h1_count == 1 and self.main_chars > 40


@contextmanager
def blackhole():
    """A 127.0.0.1 port that accepts connections and never sends a byte."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(512)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join()
        for conn in held:
            conn.close()
        server.close()


@contextmanager
def failing_browser(playwright, mode: str):
    """Chromium in which every third-party host fails in the given way."""
    args = list(CHROMIUM_ARGS)
    if mode == "hanging":
        with blackhole() as port:
            args.append(f"--host-resolver-rules=MAP * 127.0.0.1:{port}, EXCLUDE 127.0.0.1")
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=args)
            try:
                yield browser
            finally:
                browser.close()
        return
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=args)
    try:
        yield browser
    finally:
        browser.close()


def check_pages(browser, base_url: str, mode: str) -> list[PageResult]:
    """mode: "blocked" (requests aborted here) or "hanging" (the browser came from
    failing_browser, which sends third-party hosts to a black hole)."""
    site = base_url.rstrip("/")
    chat_prefix = content().clinic.whatsapp_url
    results = []
    for path in [p.path for p in all_pages()] + [UNKNOWN_PATH]:
        # es-MX: an English browser would be sent from / to /en/ on its first visit.
        context = browser.new_context(
            base_url=base_url, viewport={"width": 1280, "height": 800}, locale="es-MX"
        )
        third_party: list[str] = []
        context.on(
            "request",
            lambda r, found=third_party: (
                found.append(r.url) if not r.url.startswith((site, "data:")) else None
            ),
        )
        if mode == "blocked":
            context.route(
                "**/*",
                lambda route: (
                    route.fallback()
                    if route.request.url.startswith((site, "data:"))
                    else route.abort("blockedbyclient")
                ),
            )
        page = context.new_page()
        uncaught: list[str] = []
        page.on("pageerror", lambda e, errors=uncaught: errors.append(str(e)[:200]))
        started = time.monotonic()
        response = page.goto(path, wait_until="domcontentloaded")
        dom_ready_ms = int((time.monotonic() - started) * 1000)
        try:
            # Not wait_for_function: Playwright evaluates its predicate with new Function(),
            # which the site's CSP (rightly) refuses.
            page.wait_for_load_state("load", timeout=LOAD_WAIT_MS)
            load_event = True
        except Exception:
            load_event = False
        # the 404 page renders in the browser, the others are prerendered
        with contextlib.suppress(Exception):
            page.locator("h1").first.wait_for(timeout=5_000)
        page.wait_for_timeout(300)  # let hydration and effects run
        requested_by_page = len(third_party)
        result = PageResult(
            path=path,
            status=response.status,
            h1_count=page.locator("h1").count(),
            main_chars=len(page.locator("main").first.inner_text())
            if page.locator("main").count()
            else 0,
            dom_ready_ms=dom_ready_ms,
            load_event=load_event,
            uncaught=uncaught,
        )
        result.chat_link_ok = _chat_link_works(page, context, third_party, chat_prefix)
        result.booking_link_ok = _booking_link_works(page, path)
        result.third_party_requests = requested_by_page
        results.append(result)
        context.close()
    return results


def _chat_link_works(page, context, third_party: list[str], chat_prefix: str) -> bool:
    """Clicking the WhatsApp link opens a new tab heading for the chat (whose request
    fails like every third party's here)."""
    link = page.locator(f'a[href^="{chat_prefix}"]').first
    if link.count() == 0:
        return False
    before = len(third_party)
    try:
        link.click()
        # The new tab's request is all we can see offline (a hanging one never even
        # gives the tab a page object), so wait for that request.
        for _ in range(30):
            if any(url.startswith(chat_prefix) for url in third_party[before:]):
                break
            page.wait_for_timeout(100)
        for other in context.pages:
            if other is not page:
                other.close()
        return any(url.startswith(chat_prefix) for url in third_party[before:])
    except Exception:
        return False


def _booking_link_works(page, path: str) -> bool:
    """The header's book button navigates to the booking page, which renders its <h1>."""
    lang = "en" if path.startswith("/en/") else "es"
    target = path_for("booking", lang)
    link = page.locator(f'header a[href="{target}"]').first
    if link.count() == 0:
        link = page.locator(f'a[href="{target}"]').first
    if link.count() == 0:
        return False
    try:
        link.click()
        page.wait_for_url(f"**{target}", timeout=5_000)
        page.locator("h1").first.wait_for(timeout=5_000)
        return page.locator("h1").count() == 1
    except Exception:
        return False
