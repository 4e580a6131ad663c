"""The chrome on every page: dropdowns by keyboard, mobile menu, floating book button,
scroll to top, anchor scrolling with the header offset."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clinic.site.components.fixed_bars import WIDE_PX
from clinic.site.components.floating_book import SHOWN_AFTER_SCREENS
from clinic.site.components.navbar import DROPDOWNS
from clinic.site.navigation import SERVICES_SECTION_ID, home_anchor, services_menu, team_menu
from clinic.site.routes import path_for
from tests.e2e.accessibility_tree import is_expanded
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.fixed_header import header_bottom, scroll_padding_top
from tests.e2e.journeys import step
from tests.e2e.languages import DEFAULT_LANG, LANGS, NEXT_LANG
from tests.e2e.page_ready import UNTIL_IT_STOPS_MOVING, page_ready, scroll_to
from tests.texts import text_of


def open_ready(page, path):
    """Open a page and wait until it is ready, before clicking widgets."""
    page.goto(path)
    page_ready(page)


def dropdown_button(page, label):
    return page.locator("header nav").get_by_role("button", name=label, exact=True)


def check_dropdown_items(page, lang, menu, items) -> None:
    """A click opens the dropdown `menu`, whose links are exactly `items(lang)`, in order."""
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


def walk_the_dropdown_by_keyboard(page) -> None:
    """Services, from its focused button: Enter, Tab, the arrows, Home, End, Escape, Space,
    then ArrowDown/ArrowUp into it and Enter on its last item, which navigates."""
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


def close_the_open_team_dropdown_from_outside(page) -> None:
    """Team, open: a click outside closes it; opened by Enter, Tab past its last item
    closes it too."""
    button = dropdown_button(page, text_of(NEXT_LANG, "nav.team"))
    panel = page.locator("#" + button.get_attribute("aria-controls"))
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


def state_follows_the_dropdowns(page) -> None:
    """Hydrated, each dropdown's state (`data-open`) follows it, and the arrow keys read
    it: ArrowUp moves only in an open dropdown. Opening one closes the other; a click
    outside closes it. Ends with both closed."""
    services, team = (page.locator(f"#nav-{key}-button") for key in DROPDOWNS)
    services_panel, team_panel = (page.locator(f"#nav-{key}") for key in DROPDOWNS)
    services_state, team_state = (page.locator(f"[data-nav-dropdown={k}]") for k in DROPDOWNS)
    services.click()
    expect(services_state).to_have_attribute("data-open", "true")
    # ArrowUp moves only in an open dropdown, as the state says: to the last link.
    page.keyboard.press("ArrowUp")
    expect(services_panel.get_by_role("link").last).to_be_focused()
    page.keyboard.press("Home")
    expect(services_panel.get_by_role("link").first).to_be_focused()
    page.keyboard.press("End")
    expect(services_panel.get_by_role("link").last).to_be_focused()

    team.click()  # opening one closes the other
    expect(team_state).to_have_attribute("data-open", "true")
    expect(services_state).to_have_attribute("data-open", "false")
    page.mouse.click(1200, 600)
    expect(team_panel).to_be_hidden()
    expect(team_state).to_have_attribute("data-open", "false")


def test_services_dropdown_journey_state_items_then_keyboard(page, browser_name):
    """The contact page on a desktop, in the default language, hydrated, on one load (a
    failure names its step; the dropdowns are the header's, the same on every page, their
    behaviour the same in every language: tests/e2e/languages.py):

    1. each dropdown's client state (`data-open`) follows it and its arrow keys read it
       (test_menus_first_paint.py's "once hydrated" part), leaving both closed;
    2. the Services dropdown holds exactly the spec's items (Chromium, which tells its
       expanded state);
    3. it works by keyboard (Chromium), its last item's Enter navigating to that page."""
    where = f"contact page, {DEFAULT_LANG}"
    open_ready(page, path_for("contact", DEFAULT_LANG))
    with step("1. the dropdowns' state follows them", where):
        state_follows_the_dropdowns(page)
    if browser_name != "chromium":
        return
    with step("2. the Services dropdown holds the spec's items", where):
        check_dropdown_items(page, DEFAULT_LANG, "nav.services", services_menu)
        page.keyboard.press("Escape")
    with step("3. the Services dropdown by keyboard", where):
        walk_the_dropdown_by_keyboard(page)


@pytest.mark.parametrize("lang", LANGS)
def test_contact_page_journey_skip_link_team_then_an_anchor(page, base_url, browser_name, lang):
    """The contact page on a desktop, in one language, on one load, step after step (a
    failure names its step):

    1. the first Tab reaches the skip link, shown while focused, and Enter moves focus to
       the main content (pressed as soon as the page has loaded, as a patient would);
    2. in the language after the default: the Team dropdown holds exactly the spec's
       items (Chromium, which tells its expanded state), and a click outside, or Tab past
       its last item, closes it;
    3. from this page, loaded as it was (no navigation since), the footer's link to the
       home page's services lands the section below the fixed header."""
    where = f"contact page, {lang}"
    path = path_for("contact", lang)
    with step("1. the skip link is first and moves focus to the content", where):
        page.goto(path)
        page.keyboard.press("Tab")
        skip = page.get_by_role("link", name=text_of(lang, "site.skip_to_content"), exact=True)
        expect(skip).to_be_focused()
        expect(skip).to_be_visible()  # shown while focused
        page.keyboard.press("Enter")
        expect(page.locator("main")).to_be_focused()
        assert page.url == f"{base_url}{path}#main"
    page_ready(page)
    if lang == NEXT_LANG:
        with step("2. the Team dropdown: its items, closed from outside", where):
            if browser_name == "chromium":
                check_dropdown_items(page, lang, "nav.team", team_menu)
            else:
                dropdown_button(page, text_of(lang, "nav.team")).click()
            close_the_open_team_dropdown_from_outside(page)
    with step("3. an anchor from another page lands below the header", where):
        # The footer's link to the home page's services.
        page.locator(f"footer a[href='{home_anchor(lang, SERVICES_SECTION_ID)}']").click()
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
    # (Both menus' first items lead to the page that lists them all.)
    items = services_menu(DEFAULT_LANG) + team_menu(DEFAULT_LANG)
    for item in items:
        expect(panel.locator(f"a[href='{item.href}']")).to_have_count(
            sum(other.href == item.href for other in items)
        )

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
    """On the FAQ page, in a window of this size, on one load: the floating Book button
    shows only past one viewport's scroll, in its place (the phone's full-width bar, the
    desktop's bottom-right pill), hides again at the top and takes the patient to the
    booking page. Then, in the desktop window only (the scroll is not the size's), from
    that page scrolled to its end, a footer link opens a page at its top."""
    lang = DEFAULT_LANG
    size = "mobile" if viewport == MOBILE else "desktop"
    page.set_viewport_size(viewport)
    open_ready(page, path_for("faq", lang))
    _make_scrollable(page)
    with step("1. the floating Book button past one viewport", f"FAQ page, {size}"):
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
    if viewport != DESKTOP:
        return
    with step("2. every navigation starts at the top", f"booking page, {size}"):
        page_ready(page)
        _make_scrollable(page)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate("window.scrollY") > 0
        page.locator("footer").get_by_role(
            "link", name=text_of(DEFAULT_LANG, "nav.contact"), exact=True
        ).click()
        page.wait_for_url("**" + path_for("contact", DEFAULT_LANG))
        page_ready(page)  # the new route has rendered and run its effects
        assert page.evaluate("window.scrollY") == 0


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
