"""Zero axe-core violations (WCAG 2.0, 2.1 and 2.2, levels A and AA) on every page walked
(tests/e2e/walked_pages.py) and the 404 page, at phone (390x844) and desktop (1280x800)
size, and with every overlay open: the mobile menu, each desktop dropdown and the
facilities viewer; and, on the same load of each page at each size, no focused control
under a fixed bar (WCAG 2.4.11) and, at phone size, touch targets of at least 24x24 px
(WCAG 2.5.8).

No focus under a fixed bar, in two parts. The page's scroll padding is what keeps a
focused control clear of the bars (components/fixed_bars.py), so on every page, in every
language, each fixed bar on screen must fit inside the padding on its side: a language
whose longer words make a bar taller than its padding fails here. And in the default
language, the focus walk (Tab and Shift+Tab through the page: tests/e2e/focus_walk.py)
proves that the padding does keep every stop clear on each page kind and doctor's page.
What the walk can find beyond the bars' sizes (a control in a scroller, a sticky element)
is the page's structure, which every language shares; walking it once per page kind
keeps the walk's hundred key presses a page from running again for each language.

Each route gets a fresh browser context at each size (nothing left over from another
test), a few seconds a page. The focus walk runs first, on the page as it loads; then the
page is scrolled through to the bottom, so what appears on scroll is checked too: the
floating book button, lazily started carousels and the third-party fallbacks (every
third-party host is blocked, as in all e2e tests). The overlays are opened in turn on
one load of the home page per language and size, the same load scrolled through: each
menu of that size is closed again, and seen closed, before the next overlay opens; the
facilities viewer comes last. axe-core comes from PyPI (tests/e2e/axe.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clinic.site.components.navbar import DROPDOWNS
from clinic.site.routes import lang_prefix, path_for
from tests.e2e.axe import describe, run_axe
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.focus_walk import bars_beyond_the_scroll_padding, focus_under_a_bar
from tests.e2e.languages import DEFAULT_LANG, LANGS
from tests.e2e.page_ready import page_ready
from tests.e2e.walked_pages import walked_pages
from tests.texts import text_of

VIEWPORTS = {
    "mobile": {"viewport": MOBILE, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": DESKTOP},
}
# A path of no page under each language's home.
NOT_FOUND_PATHS = {lang_prefix(lang) + "/no-such-page": lang for lang in LANGS}
# Each path's language.
LANG_OF = {p.path: p.lang for p in walked_pages()} | NOT_FOUND_PATHS
PATHS = list(LANG_OF)

# Each step waits two frames: the scroll's event and what its handlers start have run
# (tests/e2e/page_waits.js: each wait has a deadline).
SCROLL_THROUGH = """async () => {
    const settle = (y) => pageWaits.frames(2, `the page to handle a scroll to ${y} on the way down`);
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight * 0.8) {
        window.scrollTo(0, y);
        await settle(y);
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await settle(document.documentElement.scrollHeight);
}"""


@pytest.fixture(params=list(VIEWPORTS))
def viewport_page(request, new_context):
    """A page at phone or desktop size."""
    return new_context(**VIEWPORTS[request.param]).new_page()


def load(page, path: str) -> None:
    page.goto(path)
    page_ready(page)
    page.evaluate(SCROLL_THROUGH)
    page_ready(page)


# Every control in the header and the page content that is shown; links inside a
# sentence are exempt (WCAG 2.5.8 "inline"), as are visually hidden ones (the skip link
# until it has focus).
SMALL_TARGETS = """() => [...document.querySelectorAll(
        'header a, header button, main a, main button, main input, main select, main textarea, main summary')]
    .filter((el) => el.checkVisibility() && !el.closest('[hidden], dialog:not([open])'))
    .map((el) => {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const parentText = (el.parentElement.textContent || '').trim();
        const inSentence = style.display === 'inline' && parentText.length > (el.textContent || '').trim().length;
        return {el: el.outerHTML.slice(0, 120), width: Math.round(rect.width * 10) / 10,
                height: Math.round(rect.height * 10) / 10, inSentence};
    })
    .filter((t) => !t.inSentence && t.width > 1 && t.height > 1 && (t.width < 24 || t.height < 24))"""


@pytest.mark.parametrize("path", PATHS)
def test_no_axe_violation_no_focus_under_a_bar_and_no_small_touch_target_on_a_phone(
    viewport_page, console_errors, base_url, path
):
    if path in NOT_FOUND_PATHS:
        console_errors.expect_not_found(base_url + path)
    width = viewport_page.viewport_size["width"]
    where = f"{path} at {width} px"
    viewport_page.goto(path)
    page_ready(viewport_page)
    under_a_bar = focus_under_a_bar(viewport_page) if LANG_OF[path] == DEFAULT_LANG else []
    viewport_page.evaluate(SCROLL_THROUGH)
    page_ready(viewport_page)
    # At the page's end, where the bottom bar shows on a page long enough for it.
    beyond = bars_beyond_the_scroll_padding(viewport_page)
    violations = run_axe(viewport_page)
    small = viewport_page.evaluate(SMALL_TARGETS) if width == MOBILE["width"] else []
    problems = []
    if violations:
        problems.append(f"axe violations on {where}:\n{describe(violations)}")
    if under_a_bar:
        problems.append(
            f"focused controls under a fixed bar on {where}:\n" + "\n".join(under_a_bar)
        )
    if beyond:
        problems.append(
            f"fixed bars taller than the page's scroll padding on {where} "
            "(components/fixed_bars.py):\n" + "\n".join(beyond)
        )
    if small:
        problems.append(
            f"touch targets under 24x24 px on {where}:\n"
            + "\n".join(f"{t['el']}: {t['width']} x {t['height']} px" for t in small)
        )
    assert not problems, "\n\n".join(problems)


# An overlay still open anywhere on the page: the menus are native popovers, the viewer a dialog.
OPEN_OVERLAYS = ":popover-open, dialog[open]"


def menus(page, lang: str, viewport: str) -> dict[str, tuple]:
    """The menus that open over the page at this size, each by what a message calls it:
    its button and its panel. On a phone, the menu button; on a wide screen, each of the
    header's dropdowns (components/navbar.py), labelled `nav.<key>`."""
    if viewport == "mobile":
        buttons = {
            "the mobile menu": page.get_by_role(
                "button", name=text_of(lang, "nav.menu_open"), exact=True
            )
        }
    else:
        nav = page.locator("header nav")
        buttons = {
            f"the {key} dropdown": nav.get_by_role(
                "button", name=text_of(lang, f"nav.{key}"), exact=True
            )
            for key in DROPDOWNS
        }
    return {
        name: (button, page.locator("#" + button.get_attribute("aria-controls")))
        for name, button in buttons.items()
    }


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("lang", LANGS)
def test_no_axe_violations_with_each_overlay_open(new_context, lang, viewport):
    """One load of the home page per language and size, each overlay in turn: every menu
    of that size opened, checked and closed again (and seen closed, so the next check
    does not see it), then the facilities viewer. Every overlay's violations are
    reported together."""
    page = new_context(**VIEWPORTS[viewport]).new_page()
    load(page, path_for("home", lang))
    found = []

    def check(overlay: str) -> None:
        violations = run_axe(page)
        if violations:
            found.append(
                f"axe violations on the {lang} home page at {viewport} size with {overlay} "
                f"open:\n{describe(violations)}"
            )

    page.evaluate("window.scrollTo(0, 0)")
    for overlay, (button, panel) in menus(page, lang, viewport).items():
        button.click()
        expect(panel).to_be_visible()
        check(overlay)
        page.keyboard.press("Escape")
        closed = f"{overlay} closed by Escape before the next overlay opens"
        expect(panel, closed).to_be_hidden()
        expect(page.locator(OPEN_OVERLAYS), closed).to_have_count(0)

    photo = page.locator("#facilities [data-facility-photo='0']")
    photo.scroll_into_view_if_needed()
    expect(page.locator("#facilities [data-carousel]")).to_have_attribute("data-ready", "")
    photo.click()
    expect(page.get_by_role("dialog")).to_be_visible()
    check("the facilities viewer")
    assert not found, "\n\n".join(found)
