"""No dead controls: before and without JavaScript, every visible, enabled button on every
page, at both sizes, answers when pressed (issue 34, part 6: "no visible, enabled control
that does nothing"; what needs JavaScript appears when it works).

The default language's walked pages (tests/e2e/walked_pages.py: one of each page kind,
every doctor's), at 390x844 (touch) and 1280x800, in two browsers without the page's
JavaScript: one with JavaScript disabled, one whose own script requests are aborted (a
dropped connection, a blocked script: the inline scripts of the prerendered HTML still
run). On each page every visible, enabled `button`, `[role=button]`,
`input[type=submit|button]` and `summary` is pressed (a click at its centre, or Enter on
it when something covers it), and the page must change: its URL, its markup (an `open`,
`hidden` or `aria-expanded` that flips), an open popover or dialog, the focus (somewhere
other than the control itself), a scroll position, or a new tab. A control
after which nothing changed fails the test, named with its route.

One context per size and mode, one tab moved from route to route; a page is loaded again,
in a fresh tab, only after a control changed it. A control is pressed once per run where
it is the same component: the chrome's (header, footer, bottom bar) once on any page, the
content's once per page kind (every service page, every doctor's page, is one page
module), each named by its markup and its text.

Whether a control works without JavaScript is a matter of its component (a link, a
native popover or details, a form), which every language shares; another language
changes its words, not what it does, so the other languages' pages are not pressed again.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from devtools.chromium import DESKTOP, MOBILE
from tests.e2e.languages import DEFAULT_LANG
from tests.e2e.walked_pages import walked_pages
from tests.e2e.without_javascript import EACH_WAY, context_without_javascript

SIZES = {
    "390x844": {"viewport": MOBILE, "is_mobile": True, "has_touch": True},
    "1280x800": {"viewport": DESKTOP},
}
CONTROLS = "button, [role=button], input[type=submit], input[type=button], summary"

# In the page: the visible, enabled controls, each with a description that names it.
FIND_CONTROLS = """(selector) => [...document.querySelectorAll(selector)].map((el, index) => {
  const rect = el.getBoundingClientRect();
  const usable = el.checkVisibility({visibilityProperty: true, opacityProperty: true})
    && rect.width > 0 && rect.height > 0 && !el.matches(':disabled')
    && el.getAttribute('aria-disabled') !== 'true' && !el.closest('[inert]');
  const name = (el.getAttribute('aria-label') || el.innerText || el.value || el.title || '')
    .trim().replace(/\\s+/g, ' ').slice(0, 60);
  const id = el.id ? '#' + el.id : '';
  const data = [...el.attributes].filter((a) => a.name.startsWith('data-'))
    .map((a) => `[${a.name}]`).join('');
  const chrome = !el.closest('main');
  return {index, usable, chrome, label: `<${el.localName}${id}${data}> "${name}"`};
}).filter((c) => c.usable)"""

# In the page: what a press may change. The control's own focus does not count (a click
# focuses a button by itself); nor does focus left on the page's body.
STATE = """([selector, index]) => {
  const control = document.querySelectorAll(selector)[index];
  const hash = (text) => {
    let h = 0;
    for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
    return h;
  };
  const active = document.activeElement;
  const focus = !active || active === document.body || active === control
    ? '' : active.outerHTML.slice(0, 120);
  const scrolled = [...document.querySelectorAll('*')]
    .filter((el) => el.scrollLeft || el.scrollTop)
    .map((el) => `${el.localName}#${el.id}:${el.scrollLeft},${el.scrollTop}`);
  return {
    url: location.href,
    markup: hash(document.documentElement.outerHTML),
    layers: [...document.querySelectorAll(':popover-open, dialog[open], :modal, :target')]
      .map((el) => el.outerHTML.slice(0, 80)),
    focus,
    scroll: [scrollX, scrollY, ...scrolled].join(' '),
  };
}"""


# In the page: whether a click at the control's centre reaches the control (and not a bar
# or a neighbour over it), and where that centre is.
HIT_POINT = """([selector, index]) => {
  const control = document.querySelectorAll(selector)[index];
  const r = control.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && control.contains(hit) ? {x, y} : null;
}"""


def _state(page, index: int) -> dict | None:
    try:
        return page.evaluate(STATE, [CONTROLS, index])
    except PlaywrightError:  # the press is loading another document: a change
        return None


def _answers(page, index: int) -> bool:
    """Press the control: a click at its centre, or Enter on it when something covers it
    (a sticky bar). The control is first brought on screen and focused, and only then is
    the page noted: what the press changes is compared, not the scrolling that brought it
    into reach."""
    control = page.locator(CONTROLS).nth(index)
    control.scroll_into_view_if_needed()
    control.focus()
    before = _state(page, index)
    pages_before = len(page.context.pages)
    try:
        point = page.evaluate(HIT_POINT, [CONTROLS, index])
    except PlaywrightError:
        return True
    if point is None:
        control.press("Enter")
    else:
        # Playwright's own click (not a bare mouse event): it waits for a navigation the
        # click starts (a form's submit) to begin, so the page noted next is the new one.
        box = control.bounding_box()
        control.click(position={"x": point["x"] - box["x"], "y": point["y"] - box["y"]})
    return _state(page, index) != before or len(page.context.pages) > pages_before


@dataclass
class Tab:
    """The run's one tab, in a context without JavaScript: moved from page to page by
    navigating while nothing has pressed it (a page without JavaScript keeps nothing from
    one document to the next), replaced by a fresh one after a press."""

    context: BrowserContext
    page: Page | None = None
    pressed: bool = False

    def at(self, path: str) -> Page:
        if self.page is None or self.pressed:
            return self.fresh(path)
        self.page.goto(path)
        return self.page

    def fresh(self, path: str) -> Page:
        """A new tab at `path`, every other tab closed: whatever the last press started (a
        form's submit still arriving, a new tab) ends with its tab."""
        for old in self.context.pages:
            old.close()
        self.page = self.context.new_page()
        self.page.goto(path)
        self.pressed = False
        return self.page


def dead_controls(tab: Tab, site_page, pressed: set) -> list[str]:
    """Press every usable control of `site_page` not `pressed` already (the same component
    on another page: see the module's docstring); the ones that changed nothing."""
    path = site_page.path
    page = tab.at(path)
    dead = []
    for control in page.evaluate(FIND_CONTROLS, CONTROLS):
        same = control["label"] if control["chrome"] else (site_page.kind, control["label"])
        if same in pressed:
            continue
        pressed.add(same)
        tab.pressed = True
        if _answers(page, control["index"]):
            page = tab.fresh(path)  # the next control starts from the page as it was
        else:
            dead.append(f"{path}: {control['label']}")
    return dead


@pytest.mark.parametrize("mode", EACH_WAY)
@pytest.mark.parametrize("size", SIZES)
def test_every_visible_button_answers_without_javascript(new_context, size, mode):
    tab = Tab(context_without_javascript(new_context, mode, **SIZES[size]))
    pressed: set = set()
    pages = [p for p in walked_pages() if p.lang == DEFAULT_LANG]
    dead = [line for p in pages for line in dead_controls(tab, p, pressed)]
    assert not dead, (
        f"{len(dead)} controls change nothing when pressed ({size}, {mode}):\n" + "\n".join(dead)
    )
