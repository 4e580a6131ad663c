"""The phone menu and the Services / Team dropdowns work from first paint: without the
page's JavaScript (disabled, or its requests failing) they open and close natively by a
tap or click, Enter/Space, Escape and a press outside, in a sensible focus order, with
their expanded state told to screen readers; once hydrated, the client state follows
them (the header's `data-open`, the dropdowns' arrow keys: for the dropdowns, on the
contact page's journey in test_chrome.py, which loads that page in the same conditions),
a tap before hydration is counted once, and any navigation closes them (spec: "closed
after any navigation")."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clinic.site.components.navbar import DROPDOWNS, MOBILE_MENU_BUTTON_ID, MOBILE_MENU_ID
from clinic.site.navigation import services_menu, team_menu
from clinic.site.routes import path_for
from tests.e2e.accessibility_tree import accessible_state, is_expanded
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.fixed_header import header_bottom, header_middle
from tests.e2e.journeys import step
from tests.e2e.languages import DEFAULT_LANG, NEXT_LANG
from tests.e2e.page_ready import page_ready
from tests.e2e.without_javascript import (
    BUNDLE_FAILURES,
    WAYS,
    open_with_scripts_held,
    page_without_javascript,
)
from tests.texts import text_of

PHONE = {"viewport": MOBILE, "is_mobile": True, "has_touch": True}
SERVICES, TEAM = list(DROPDOWNS)


def ends_with(path: str) -> re.Pattern[str]:
    """A page's URL: the site's origin, then exactly `path` (with its #section, if any)."""
    return re.compile(r"^https?://[^/]+" + re.escape(path) + "$")


def phone_menu(page):
    """The menu button, its panel and the element holding the state (`data-open`)."""
    return (
        page.locator(f"#{MOBILE_MENU_BUTTON_ID}"),
        page.locator(f"#{MOBILE_MENU_ID}"),
        page.locator("[data-mobile-menu]"),
    )


def dropdown(page, key):
    return (
        page.locator(f"#nav-{key}-button"),
        page.locator(f"#nav-{key}"),
        page.locator(f"[data-nav-dropdown={key}]"),
    )


def press_outside_on_a_phone(page):
    """A tap on the header's empty stretch between the logo and the Book button: outside
    the open menu, on nothing that reacts."""
    header = page.locator("header")
    logo = header.get_by_role("link").first.bounding_box()
    book = header.locator(f"a[href='{path_for('booking', DEFAULT_LANG)}']").first.bounding_box()
    page.touchscreen.tap((logo["x"] + logo["width"] + book["x"]) / 2, header_middle(page))


def tab_through(page, links):
    """Tab moves through `links` one by one, in order."""
    for link in links.all():
        page.keyboard.press("Tab")
        expect(link).to_be_focused()


# ------------------------------------------------------------ without JavaScript


@pytest.mark.only_browser("chromium")
@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
@pytest.mark.parametrize("way", WAYS)
def test_phone_menu_without_javascript(new_context, way):
    page = page_without_javascript(new_context, way, **PHONE)
    page.goto(path_for("contact", DEFAULT_LANG))
    button, panel, _ = phone_menu(page)
    expect(button).to_have_accessible_name(text_of(DEFAULT_LANG, "nav.menu_open"))
    expect(panel).to_be_hidden()
    # No aria-expanded in the HTML (it would say "false" after a tap had opened it): the
    # browser derives the state from the panel.
    assert button.get_attribute("aria-expanded") is None
    assert accessible_state(button) == {
        "name": text_of(DEFAULT_LANG, "nav.menu_open"),
        "expanded": False,
    }

    button.tap()
    expect(panel).to_be_visible()
    expect(button).to_have_accessible_name(text_of(DEFAULT_LANG, "nav.menu_close"))
    assert is_expanded(button)
    box = panel.bounding_box()  # under the bar (on its lower border at most), the screen's width
    assert (box["x"], box["width"]) == (0, MOBILE["width"])
    assert abs(box["y"] - header_bottom(page)) <= 1, (box["y"], header_bottom(page))
    items = services_menu(DEFAULT_LANG) + team_menu(DEFAULT_LANG)
    for item in items:  # (both menus' first items lead to the page that lists them all)
        expect(panel.locator(f"a[href='{item.href}']")).to_have_count(
            sum(other.href == item.href for other in items)
        )

    button.tap()  # the X closes it
    expect(panel).to_be_hidden()
    assert not is_expanded(button)

    button.tap()
    expect(panel).to_be_visible()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()

    button.tap()
    expect(panel).to_be_visible()
    press_outside_on_a_phone(page)
    expect(panel).to_be_hidden()
    expect(page).to_have_url(ends_with(path_for("contact", DEFAULT_LANG)))  # the tap went nowhere


@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
@pytest.mark.parametrize("way", WAYS)
def test_phone_menu_by_keyboard_without_javascript(new_context, way):
    page = page_without_javascript(new_context, way, **PHONE)
    page.goto(path_for("home", NEXT_LANG))
    button, panel, _ = phone_menu(page)
    button.focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()
    # From the button into the menu, through all its links in order.
    tab_through(page, panel.locator("a"))
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(button).to_be_focused()  # focus comes back from the closed menu
    page.keyboard.press("Space")
    expect(panel).to_be_visible()
    page.keyboard.press("Space")
    expect(panel).to_be_hidden()


@pytest.mark.only_browser("chromium")
@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
@pytest.mark.parametrize("way", WAYS)
def test_dropdowns_without_javascript(new_context, way):
    page = page_without_javascript(new_context, way, viewport=DESKTOP)
    page.goto(path_for("contact", DEFAULT_LANG))
    services, services_panel, _ = dropdown(page, SERVICES)
    team, team_panel, _ = dropdown(page, TEAM)
    assert services.get_attribute("aria-expanded") is None
    assert not is_expanded(services)

    services.click()
    expect(services_panel).to_be_visible()
    assert is_expanded(services)
    # Under its own button (CSS anchor positioning), in the top layer.
    button_box, panel_box = services.bounding_box(), services_panel.bounding_box()
    assert abs(panel_box["x"] - button_box["x"]) <= 1
    assert 0 <= panel_box["y"] - (button_box["y"] + button_box["height"]) <= 12
    expect(services_panel.get_by_role("link")).to_have_count(len(services_menu(DEFAULT_LANG)))

    team.click()  # one open at a time
    expect(team_panel).to_be_visible()
    expect(services_panel).to_be_hidden()
    assert is_expanded(team) and not is_expanded(services)

    page.mouse.click(1200, 600)  # a press outside
    expect(team_panel).to_be_hidden()
    team.click()
    expect(team_panel).to_be_visible()
    team.click()  # its button again
    expect(team_panel).to_be_hidden()


@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
@pytest.mark.parametrize("way", WAYS)
def test_dropdowns_by_keyboard_without_javascript(new_context, way):
    page = page_without_javascript(new_context, way, viewport=DESKTOP)
    page.goto(path_for("home", NEXT_LANG))
    services, services_panel, _ = dropdown(page, SERVICES)
    team, team_panel, _ = dropdown(page, TEAM)
    services.focus()
    page.keyboard.press("Enter")
    expect(services_panel).to_be_visible()
    tab_through(page, services_panel.get_by_role("link"))
    page.keyboard.press("Escape")
    expect(services_panel).to_be_hidden()
    expect(services).to_be_focused()

    page.keyboard.press("Tab")  # past the closed panel, to the next entry of the bar
    expect(team).to_be_focused()
    page.keyboard.press("Space")
    expect(team_panel).to_be_visible()
    page.keyboard.press("Space")
    expect(team_panel).to_be_hidden()


# ------------------------------------------------------------ once hydrated


def test_a_tap_before_hydration_opens_the_phone_menu_once(mobile_page):
    page = mobile_page
    scripts = open_with_scripts_held(page, path_for("home", DEFAULT_LANG))
    button, panel, state = phone_menu(page)
    button.tap()  # on the prerendered page: the browser opens it
    expect(panel).to_be_visible()
    scripts.release()
    page_ready(page)
    # Hydration neither closes it nor opens it a second time; the state starts from it.
    expect(panel).to_be_visible()
    expect(state).to_have_attribute("data-open", "true")
    button.tap()
    expect(panel).to_be_hidden()
    expect(state).to_have_attribute("data-open", "false")


def test_a_click_before_hydration_opens_a_dropdown_once(page):
    scripts = open_with_scripts_held(page, path_for("contact", NEXT_LANG))
    services, services_panel, services_state = dropdown(page, SERVICES)
    services.click()
    expect(services_panel).to_be_visible()
    scripts.release()
    page_ready(page)
    expect(services_panel).to_be_visible()
    expect(services_state).to_have_attribute("data-open", "true")
    page.keyboard.press("ArrowUp")  # the keys know it is open
    expect(services_panel.get_by_role("link").last).to_be_focused()
    page.keyboard.press("Escape")
    expect(services_panel).to_be_hidden()
    expect(services).to_be_focused()
    expect(services_state).to_have_attribute("data-open", "false")


def test_phone_menu_journey_state_then_every_navigation_closes_it(mobile_page):
    """The contact page on a phone, hydrated, on one load (a failure names its step):

    1. the header's state follows the menu: opened by a tap, closed by Escape, opened
       again, closed by a tap outside;
    2. any navigation closes it: a link to the page already shown, a link to another
       page and to the page of every service (client-side), back, and forward."""
    page = mobile_page
    home, contact = path_for("home", DEFAULT_LANG), path_for("contact", DEFAULT_LANG)
    page.goto(contact)
    page_ready(page)
    button, panel, state = phone_menu(page)
    with step("1. the state follows the phone menu", "contact page, phone"):
        expect(state).to_have_attribute("data-open", "false")
        button.tap()
        expect(panel).to_be_visible()
        expect(state).to_have_attribute("data-open", "true")
        page.keyboard.press("Escape")
        expect(panel).to_be_hidden()
        expect(state).to_have_attribute("data-open", "false")
        button.tap()
        expect(state).to_have_attribute("data-open", "true")
        press_outside_on_a_phone(page)
        expect(panel).to_be_hidden()
        expect(state).to_have_attribute("data-open", "false")

    with step("2. any navigation closes the phone menu", "contact page, phone"):
        phone_menu_closes_after_any_navigation(page, home, contact)


def phone_menu_closes_after_any_navigation(page, home: str, contact: str) -> None:
    """From `contact`, the menu closed: each way of leaving the page closes the menu."""
    button, panel, state = phone_menu(page)
    button.tap()  # a link to the page already shown
    panel.get_by_role("link", name=text_of(DEFAULT_LANG, "nav.contact"), exact=True).tap()
    expect(panel).to_be_hidden()
    expect(state).to_have_attribute("data-open", "false")
    expect(page).to_have_url(ends_with(contact))

    button.tap()  # a link to another page, navigated client-side
    panel.get_by_role("link", name=text_of(DEFAULT_LANG, "nav.home"), exact=True).tap()
    page.wait_for_url(ends_with(home))
    page_ready(page)
    expect(panel).to_be_hidden()
    expect(state).to_have_attribute("data-open", "false")

    button.tap()  # the page of every service, navigated client-side
    every_service = services_menu(DEFAULT_LANG)[0]
    services_section = every_service.href
    panel.get_by_role("link", name=every_service.label, exact=True).tap()
    page.wait_for_url(ends_with(services_section))
    expect(panel).to_be_hidden()

    button.tap()  # back, then forward: the page stays, the menu closes
    expect(state).to_have_attribute("data-open", "true")
    page.go_back()
    page.wait_for_url(ends_with(home))
    expect(panel).to_be_hidden()
    expect(state).to_have_attribute("data-open", "false")
    button.tap()
    expect(state).to_have_attribute("data-open", "true")
    page.go_forward()
    page.wait_for_url(ends_with(services_section))
    expect(panel).to_be_hidden()
    expect(state).to_have_attribute("data-open", "false")


def test_dropdown_closes_after_any_navigation(page):
    home = path_for("home", NEXT_LANG)
    page.goto(home)
    page_ready(page)
    services, services_panel, services_state = dropdown(page, SERVICES)
    services.click()  # the page of every service
    services_section = services_menu(NEXT_LANG)[0].href
    services_panel.locator(f"a[href='{services_section}']").click()
    page.wait_for_url(ends_with(services_section))
    expect(services_panel).to_be_hidden()
    expect(services_state).to_have_attribute("data-open", "false")
    services.click()
    expect(services_state).to_have_attribute("data-open", "true")
    page.go_back()
    page.wait_for_url(ends_with(home))
    expect(services_panel).to_be_hidden()
    expect(services_state).to_have_attribute("data-open", "false")
