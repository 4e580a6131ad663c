"""Focus Not Obscured (WCAG 2.2 2.4.11), the walk: Tab through the whole page and then
Shift+Tab back through it; at every stop the focused control's centre must not be under
the fixed header or the floating book bar/pill. Run on the default language's walked
pages at both sizes, on the load axe checks (test_accessibility.py, which checks in every
language that the bars fit inside the scroll padding).

Tabbing backwards is the hard case: the page is scrolled to its end, the phone bar is
shown, and each control the browser scrolls to comes from above, where the header is.
The page's scroll padding (components/fixed_bars.py) is what keeps it clear; axe cannot
see this. `bars_beyond_the_scroll_padding` checks that padding against the bars as the
browser lays them out, on a single load.
"""

from __future__ import annotations

# More stops than any page has: a page that keeps focus from leaving fails instead of looping.
MAX_STOPS = 400
# The fixed bars (components/navbar.py's header, components/floating_book.py's bar or pill),
# each by the element the page gives it, and what a message calls it.
BARS = {"header": "the header", "[data-floating-book]": "the floating book bar"}

# After the browser has scrolled to the focused control and the page has handled that
# scroll (two frames: the floating bar shows or hides on scroll), which fixed bar, if
# any, is on top at the control's centre. null once focus has left the page. The browser
# scrolls a control into view as it takes focus (no smooth scrolling here), so a stop
# that did not move the window cannot have changed the bars: only a scroll waits its
# two frames (with a deadline: tests/e2e/page_waits.js), which keeps a page of a hundred
# stops in seconds.
FOCUS_UNDER_A_BAR = """async (bars) => {
    const scrolled = `${scrollX},${scrollY}`;
    if (scrolled !== window.__focusWalkScroll) {
        await pageWaits.frames(2, 'the page to handle the scroll to the focused control');
        window.__focusWalkScroll = `${scrollX},${scrollY}`;
    }
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const rect = el.getBoundingClientRect();
    const x = rect.left + rect.width / 2, y = rect.top + rect.height / 2;
    const onTop = document.elementFromPoint(x, y);
    const under = bars.find((selector) => [...document.querySelectorAll(selector)].some((bar) =>
        !bar.contains(el) && getComputedStyle(bar).position === 'fixed' && onTop && bar.contains(onTop)));
    return {element: el.outerHTML.slice(0, 120), under: under || '', centre: [Math.round(x), Math.round(y)]};
}"""

# Each fixed bar on screen that covers more of the window than the page's scroll padding
# on its side (how far the browser keeps what it scrolls to from that edge).
BARS_BEYOND_THE_SCROLL_PADDING = """(bars) => {
    const root = getComputedStyle(document.documentElement);
    const padding = {top: parseFloat(root.scrollPaddingTop) || 0,
                     bottom: parseFloat(root.scrollPaddingBottom) || 0};
    return bars.flatMap((selector) => [...document.querySelectorAll(selector)]
        .filter((bar) => getComputedStyle(bar).position === 'fixed' && bar.checkVisibility())
        .map((bar) => {
            const r = bar.getBoundingClientRect();
            const side = r.top + r.bottom < innerHeight ? 'top' : 'bottom';
            const covers = Math.round(side === 'top' ? r.bottom : innerHeight - r.top);
            return {selector, side, covers, padding: padding[side]};
        }))
        .filter((b) => b.covers > b.padding);
}"""


def _walk(page, named: str) -> list[str]:
    """Press Tab until focus leaves the page (with whatever modifier is held down, the walk
    being `named` so); each stop's problem, if any."""
    problems = []
    for _ in range(MAX_STOPS):
        page.keyboard.press("Tab")
        state = page.evaluate(FOCUS_UNDER_A_BAR, list(BARS))
        if state is None:
            return problems
        if state["under"]:
            problems.append(
                f"{named}: {state['element']} has its centre {state['centre']} "
                f"under {BARS[state['under']]}"
            )
    raise AssertionError(f"focus did not leave the page after {MAX_STOPS} presses of {named}")


def focus_under_a_bar(page) -> list[str]:
    """Tab through the page from its top, then Shift+Tab back: every stop where the focused
    control's centre is under a fixed bar. Focus ends outside the page, scrolled to its top.
    Shift is held down through the walk back, as a person does: each stop is then one key
    pressed, not four key events (a third of the walk's time)."""
    problems = _walk(page, "Tab")
    page.keyboard.down("Shift")
    try:
        return problems + _walk(page, "Shift+Tab")
    finally:
        page.keyboard.up("Shift")


def bars_beyond_the_scroll_padding(page) -> list[str]:
    """Each fixed bar on screen that covers more of the window than the page's scroll
    padding on its side: what the browser scrolls to (a focused control, an anchor) could
    land under it. A language whose longer words make a bar taller fails here."""
    return [
        f"{BARS[b['selector']]} covers {b['covers']} px at the {b['side']}, "
        f"the scroll padding there is {b['padding']} px"
        for b in page.evaluate(BARS_BEYOND_THE_SCROLL_PADDING, list(BARS))
    ]
