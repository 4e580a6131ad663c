"""The chrome on every page: dropdowns by keyboard, mobile menu, floating book button,
scroll to top, anchor scrolling with the header offset."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clinic.site.components.fixed_bars import WIDE_PX
from clinic.site.components.floating_book import SHOWN_AFTER_SCREENS
from clinic.site.navigation import services_menu, team_menu
from clinic.site.routes import path_for
from tests.e2e.accessibility_tree import is_expanded
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.fixed_header import header_bottom, scroll_padding_top
from tests.e2e.languages import DEFAULT_LANG, LANGS, NEXT_LANG
from tests.e2e.page_ready import UNTIL_IT_STOPS_MOVING, page_ready, scroll_to
from tests.texts import text_of


def open_ready(page, path):
    """Open a page and wait until it is ready, before clicking widgets."""
    page.goto(path)
    page_ready(page)


def dropdown_button(page, label):
    return page.locator("header nav").get_by_role("button", name=label, exact=True)


@pytest.mark.parametrize(
    ("lang", "menu", "items"),
    [
        (DEFAULT_LANG, "nav.services", services_menu),
        (NEXT_LANG, "nav.team", team_menu),
    ],
)
@pytest.mark.only_browser("chromium")
def test_dropdown_items_are_exactly_the_spec_items(page, lang, menu, items):
    open_ready(page, path_for("contact", lang))
    button = dropdown_button(page, text_of(lang, menu))
    button.click()
    panel = page.locator("#" + button.get_attribute("aria-controls"))
    expect(panel).to_be_visible()
    assert is_expanded(button)
    expected = items(lang)
    links = panel.get_by_role("link")
    expect(links).to_have_count(len(expected))
    for link, item in zip(links.all(), expected, strict=True):
        expect(link).to_have_text(item.label, use_inner_text=True)
        expect(link).to_have_attribute("href", item.href)


@pytest.mark.only_browser("chromium")
def test_dropdown_by_keyboard(page):
    open_ready(page, path_for("contact", DEFAULT_LANG))
    button = dropdown_button(page, text_of(DEFAULT_LANG, "nav.services"))
    panel = page.locator("#" + button.get_attribute("aria-controls"))
    items = services_menu(DEFAULT_LANG)

    button.focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()
    assert is_expanded(button)
    page.keyboard.press("Tab")
    expect(panel.get_by_role("link").first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(panel.get_by_role("link").nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(panel.get_by_role("link").last).to_be_focused()
    page.keyboard.press("ArrowDown")  # wraps to the first
    expect(panel.get_by_role("link").first).to_be_focused()
    page.keyboard.press("Home")
    expect(panel.get_by_role("link").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(button).to_be_focused()
    assert not is_expanded(button)

    page.keyboard.press("Space")
    expect(panel).to_be_visible()
    page.keyboard.press("Space")
    expect(panel).to_be_hidden()

    page.keyboard.press("ArrowDown")  # opens and moves to the first item
    expect(panel.get_by_role("link").first).to_be_focused()
    page.keyboard.press("ArrowUp")  # wraps to the last
    expect(panel.get_by_role("link").last).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url("**" + items[-1].href)
    expect(panel).to_be_hidden()


def test_dropdown_closes_when_focus_leaves_or_clicking_outside(page):
    open_ready(page, path_for("contact", NEXT_LANG))
    button = dropdown_button(page, text_of(NEXT_LANG, "nav.team"))
    panel = page.locator("#" + button.get_attribute("aria-controls"))
    button.click()
    expect(panel).to_be_visible()
    # Outside the open panel, which hangs over the middle of the heading: its first corner.
    page.locator("main h1").click(position={"x": 1, "y": 1})
    expect(panel).to_be_hidden()
    button.focus()
    page.keyboard.press("Enter")
    for _ in team_menu(NEXT_LANG):
        page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # past the last item
    expect(panel).to_be_hidden()


@pytest.mark.only_browser("chromium")
def test_mobile_menu_opens_closes_and_closes_after_navigating(mobile_page):
    page = mobile_page
    open_ready(page, path_for("home", DEFAULT_LANG))
    open_button = page.get_by_role(
        "button", name=text_of(DEFAULT_LANG, "nav.menu_open"), exact=True
    )
    expect(open_button).to_be_visible()
    expect(page.locator("header nav").first).to_be_hidden()  # the desktop bar is hidden on phones
    open_button.click()
    close_button = page.get_by_role(
        "button", name=text_of(DEFAULT_LANG, "nav.menu_close"), exact=True
    )
    panel = page.locator("#" + close_button.get_attribute("aria-controls"))
    expect(panel).to_be_visible()
    assert is_expanded(close_button)
    # Every menu entry is reachable on a phone, including both dropdowns' items.
    for item in services_menu(DEFAULT_LANG) + team_menu(DEFAULT_LANG):
        expect(panel.locator(f"a[href='{item.href}']")).to_have_count(1)

    close_button.click()
    expect(panel).to_be_hidden()

    open_button.click()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(open_button).to_be_focused()

    open_button.click()
    panel.get_by_role("link", name=text_of(DEFAULT_LANG, "nav.contact"), exact=True).click()
    page.wait_for_url("**" + path_for("contact", DEFAULT_LANG))
    page_ready(page)  # the new page's header
    expect(panel).to_be_hidden()
    expect(page.locator("[data-mobile-menu]")).to_have_attribute("data-open", "false")
    assert not is_expanded(
        page.get_by_role("button", name=text_of(DEFAULT_LANG, "nav.menu_open"), exact=True)
    )


def _make_scrollable(page, viewports: float = SHOWN_AFTER_SCREENS + 3):
    """Guarantee room to scroll past the threshold whatever the page's length."""
    page.add_style_tag(content=f"main {{ min-height: {viewports * 100}vh; }}")


@pytest.mark.parametrize(
    "viewport",
    [MOBILE, DESKTOP],
    ids=["mobile", "desktop"],
)
def test_floating_book_button_appears_past_one_viewport(page, viewport):
    lang = DEFAULT_LANG
    page.set_viewport_size(viewport)
    open_ready(page, path_for("faq", lang))
    _make_scrollable(page)
    # Book: the first of the phone bar's three actions, or the desktop pill.
    button = page.locator("[data-floating-book] [data-action=book]:visible")
    expect(page.locator("[data-floating-book]")).to_be_hidden()
    # Just short of the threshold the scroll handler has run and still shows nothing.
    threshold = page.evaluate("window.innerHeight") * SHOWN_AFTER_SCREENS
    scroll_to(page, threshold - 20)
    expect(button).to_be_hidden()
    scroll_to(page, threshold + 20)
    expect(button).to_be_visible()
    expect(button).to_have_attribute("href", path_for("booking", lang))
    box = button.bounding_box()
    if viewport["width"] < WIDE_PX:  # full-width bar at the bottom
        bar = page.locator("[data-floating-book] nav").bounding_box()
        assert bar["x"] == 0 and bar["width"] == viewport["width"]
        assert abs(bar["y"] + bar["height"] - viewport["height"]) <= 1
        assert abs(box["y"] + box["height"] - viewport["height"]) <= 1
    else:  # pill in the bottom-right corner
        assert box["width"] < 400
        assert viewport["width"] - (box["x"] + box["width"]) <= 40
        assert viewport["height"] - (box["y"] + box["height"]) <= 40
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.locator("[data-floating-book]")).to_be_hidden()
    button.page.locator("html").evaluate("el => el")  # page still alive
    scroll_to(page, threshold + viewport["height"])
    button.click()
    page.wait_for_url("**" + path_for("booking", lang))


def test_every_navigation_starts_at_the_top(page):
    open_ready(page, path_for("faq", DEFAULT_LANG))
    _make_scrollable(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator("footer").get_by_role(
        "link", name=text_of(DEFAULT_LANG, "nav.contact"), exact=True
    ).click()
    page.wait_for_url("**" + path_for("contact", DEFAULT_LANG))
    page_ready(page)  # the new route has rendered and run its effects
    assert page.evaluate("window.scrollY") == 0


@pytest.mark.parametrize("lang", LANGS)
def test_anchor_from_another_page_lands_below_the_header(page, lang):
    open_ready(page, path_for("contact", lang))
    button = dropdown_button(page, text_of(lang, "nav.services"))
    button.click()
    page.locator("#" + button.get_attribute("aria-controls")).get_by_role("link").first.click()
    page.wait_for_url(f"**{path_for('home', lang)}#services")
    section = page.locator("#services")
    section.wait_for()
    # The smooth scroll starts a moment after the navigation; it has landed when the
    # section has held still for a few frames with the window scrolled.
    top = section.evaluate(UNTIL_IT_STOPS_MOVING)
    # Where the page's scroll padding puts it, which is clear of the rendered header.
    padding = scroll_padding_top(page)
    assert abs(top - padding) <= 2, (top, padding)
    assert top >= header_bottom(page) - 0.5, (top, header_bottom(page))


@pytest.mark.parametrize("lang", LANGS)
def test_skip_link_is_first_and_moves_focus_to_the_content(page, base_url, lang):
    path = path_for("contact", lang)
    page.goto(path)
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name=text_of(lang, "site.skip_to_content"), exact=True)
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()  # shown while focused
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()
    assert page.url == f"{base_url}{path}#main"


@pytest.mark.parametrize("lang", LANGS)
def test_a_phone_in_dark_mode_gets_the_light_page_with_light_controls(new_context, lang):
    """The site has one colour scheme. A phone set to dark mode must not get dark native
    controls (the consent checkbox, scrollbars, the page behind an overscroll) on it."""
    page = new_context(viewport=MOBILE, is_mobile=True, color_scheme="dark").new_page()
    open_ready(page, path_for("contact", lang))
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "normal"
    assert "dark" not in (page.locator("html").get_attribute("class") or "")
    consent = page.get_by_role("checkbox")
    expect(consent).to_have_count(1)
    assert consent.evaluate("box => getComputedStyle(box).colorScheme") == "normal"
