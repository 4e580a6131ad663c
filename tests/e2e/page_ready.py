"""The one definition of "the page is ready" for the browser tests: `page_ready(page)`.

Ready means: the load event has fired, React owns the page (its main content, header and
header buttons: before that a click on a menu does nothing), its effects and observers
have run, and no request it started is still open. Everything here waits on something
the page does (the load event, animation frames, an idle callback, request events), never
on the clock: a fast page is ready at once, a slow one as late as it needs, up to a
deadline (the page's side: tests/e2e/page_waits.js), past which the test fails saying what
it waited for.

A "nothing happened" check (no request, no redirect, no embed) follows `page_ready`: by
then the page has done all it was going to do on its own.
"""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass, field

from playwright.sync_api import BrowserContext, Page, Request

# React hydrates an element by attaching its own properties (__reactFiber$..., __reactProps$...);
# the page checks once per frame. Every wait here runs in the page through `pageWaits`
# (tests/e2e/page_waits.js): it rejects at its deadline, naming what it waited for.
UNTIL_REACT_OWNS_THE_PAGE = """(timeoutMs) => pageWaits.until(() => ['main', 'header', 'header button']
    .every((selector) => {
        const elements = [...document.querySelectorAll(selector)];
        return elements.length > 0 &&
            elements.every((el) => Object.keys(el).some((key) => key.startsWith('__react')));
    }), 'React to own the page (its main content, header and header buttons)', timeoutMs)"""
# Two frames (React's passive effects and intersection observers run by then), then the
# main thread's next idle moment (whatever those started has had its turn).
UNTIL_THE_PAGE_IS_IDLE = "() => pageWaits.idle('the page to be idle')"


@dataclass
class NetworkActivity:
    """The requests of one browser context: those still open, and how many events so far."""

    open: set[Request] = field(default_factory=set)
    events: int = 0

    def started(self, request: Request) -> None:
        self.open.add(request)
        self.events += 1

    def ended(self, request: Request) -> None:
        self.open.discard(request)
        self.events += 1


# Each context's activity, kept beside the context (not on it) and gone with it.
_ACTIVITY: weakref.WeakKeyDictionary[BrowserContext, NetworkActivity] = weakref.WeakKeyDictionary()


def track_network(context: BrowserContext) -> NetworkActivity:
    """Follow a context's requests, for `page_ready` (conftest's `new_context` does this)."""
    activity = _ACTIVITY[context] = NetworkActivity()
    context.on("request", activity.started)
    context.on("requestfinished", activity.ended)
    context.on("requestfailed", activity.ended)
    return activity


def page_ready(page: Page, timeout_ms: int = 30_000) -> None:
    """Wait until the page is ready (see the module's docstring).

    Playwright delivers request events to Python while Python waits on the page, so each
    round waits for the page to be idle, then looks at what the requests did meanwhile: the
    page is ready after a round in which no request was open, started or ended."""
    page.wait_for_load_state("load")
    page.evaluate(UNTIL_REACT_OWNS_THE_PAGE, timeout_ms)
    activity = _ACTIVITY[page.context]
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        seen = activity.events
        page.evaluate(UNTIL_THE_PAGE_IS_IDLE)
        if not activity.open and activity.events == seen:
            return
    open_urls = sorted(request.url for request in activity.open)
    raise AssertionError(f"the page kept the network busy: {open_urls}")


# A scroll's `scroll` event is dispatched in the next frame's rendering steps, before that
# frame's animation callbacks; what its handlers set is rendered before the frame after.
SCROLL_AND_SETTLE = """(y) => {
    window.scrollTo({top: y, behavior: 'instant'});
    return pageWaits.frames(2, `the page to handle a scroll to ${y}`);
}"""


def scroll_to(page: Page, y: float) -> None:
    """Scroll the window to `y` and return once the page has handled that scroll: what
    its scroll handlers were going to show or hide is shown or hidden by then."""
    page.evaluate(SCROLL_AND_SETTLE, y)


# The element's top, once it has held still for a few frames after the window has moved:
# a smooth scroll moves it every frame until it lands.
UNTIL_IT_STOPS_MOVING = """(el) => pageWaits.untilStill(() => el.getBoundingClientRect().top,
    'the element to hold still once the window has scrolled', {counts: () => window.scrollY > 0})"""
