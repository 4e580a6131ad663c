"""Keyboard only: from the home page to a doctor's Book button and to the contact form's
submit, with a visible focus indicator at every stop (WCAG 2.4.7) that is not hidden
under the fixed header or the floating book bar (2.4.11). Touch targets at
phone size are checked with axe on every route (test_accessibility.py).

In the default language: a keyboard's way through a page is its components' (see
tests/e2e/languages.py, "Which tests run in every language").
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clinic.site.components.navbar import MOBILE_MENU_BUTTON_ID, MOBILE_MENU_ID
from clinic.site.routes import path_for
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.languages import DEFAULT_LANG
from tests.e2e.page_ready import page_ready
from tests.e2e.stubs import WHATSAPP, answer_whatsapp
from tests.e2e.without_javascript import BUNDLE_FAILURES, WAYS, page_without_javascript
from tests.texts import text_of

VIEWPORTS = {
    "mobile": {"viewport": MOBILE, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": DESKTOP},
}
MAX_TABS = 60

# How the focused element looks, against an unfocused copy of it placed beside it (same
# parent, same classes, so the same rules apply except :focus and :focus-visible), and
# whether its middle is visible on screen, not under the fixed header or the bottom bar.
FOCUS_STATE = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const props = ['outlineStyle', 'outlineWidth', 'outlineColor', 'boxShadow'];
    const read = (node) => { const s = getComputedStyle(node); return Object.fromEntries(props.map((p) => [p, s[p]])); };
    const focused = read(el);
    const copy = el.cloneNode(true);
    copy.removeAttribute('id');
    el.after(copy);
    const plain = read(copy);
    copy.remove();
    const rect = el.getBoundingClientRect();
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
    const onTop = document.elementFromPoint(x, y);
    const inView = rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
    return {
        element: el.outerHTML.slice(0, 140),
        outline: focused.outlineStyle !== 'none' && parseFloat(focused.outlineWidth) >= 2
            && (focused.outlineStyle !== plain.outlineStyle || focused.outlineWidth !== plain.outlineWidth
                || focused.outlineColor !== plain.outlineColor),
        shadow: focused.boxShadow !== 'none' && focused.boxShadow !== plain.boxShadow,
        visible: inView && !!onTop && (el === onTop || el.contains(onTop) || onTop.contains(el)),
    };
}"""


def assert_focus_visible(page, step: str) -> dict:
    state = page.evaluate(FOCUS_STATE)
    assert state is not None, f"nothing focused after {step}"
    assert state["outline"] or state["shadow"], (
        f"no visible focus indicator after {step}: {state['element']}"
    )
    assert state["visible"], (
        f"the focused element is off screen or covered after {step}: {state['element']}"
    )
    return state


def tab_to(page, selector: str, journey: list[str]) -> None:
    """Press Tab until the element matching `selector` has focus, checking every stop."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        state = assert_focus_visible(page, f"Tab #{len(journey) + 1} ({' > '.join(journey[-3:])})")
        journey.append(state["element"][:60])
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} not reached in {MAX_TABS} Tab presses: {journey}")


def press(page, key: str, journey: list[str]) -> None:
    page.keyboard.press(key)
    journey.append(key)


@pytest.fixture(params=list(VIEWPORTS))
def viewport_name(request) -> str:
    return request.param


@pytest.fixture
def keyboard_page(new_context, viewport_name):
    return new_context(**VIEWPORTS[viewport_name]).new_page()


def test_keyboard_from_home_to_a_doctors_book_button(keyboard_page):
    page, journey, lang = keyboard_page, [], DEFAULT_LANG
    page.goto(path_for("home", lang))
    page_ready(page)
    # The first Tab shows the skip link; it moves focus to the main content.
    tab_to(page, "a[href='#main']", journey)
    expect(page.locator("a[href='#main']")).to_have_text(text_of(lang, "site.skip_to_content"))
    press(page, "Enter", journey)
    expect(page.locator("main")).to_be_focused()
    # From there, the first Book link of the page content leads to the booking page.
    booking = path_for("booking", lang)
    tab_to(page, f"main a[href='{booking}']", journey)
    press(page, "Enter", journey)
    page.wait_for_url("**" + booking)
    # The link that had focus is gone with the old page: focus goes to the new content.
    expect(page.locator("main")).to_be_focused()
    page_ready(page)
    tab_to(page, "[data-book-button]", journey)
    button = page.locator("[data-book-button]").first
    expect(button).to_be_focused()
    expect(button).to_contain_text(text_of(lang, "booking.book"))


def test_keyboard_from_home_to_the_contact_form_submit(keyboard_page, viewport_name):
    page, journey, lang = keyboard_page, [], DEFAULT_LANG
    answer_whatsapp(page)
    page.goto(path_for("home", lang))
    page_ready(page)
    contact = path_for("contact", lang)
    if viewport_name == "mobile":
        tab_to(page, f"#{MOBILE_MENU_BUTTON_ID}", journey)
        press(page, "Enter", journey)  # opens the mobile menu
    tab_to(page, f"header a[href='{contact}']", journey)
    press(page, "Enter", journey)
    page.wait_for_url("**" + contact)
    expect(page.locator("main")).to_be_focused()
    # A client-side navigation: React renders the form once the route's code has loaded.
    form = page.locator("form[data-contact-form]")
    form.wait_for()
    page_ready(page)
    for kind, text in (
        ("input[autocomplete=name]", "Ana López"),
        ("input[type=email]", "ana@example.com"),
        ("input[type=tel]", ""),
        ("textarea", "Quiero una cita."),
    ):
        tab_to(page, f"form[data-contact-form] {kind}", journey)
        if text:
            page.keyboard.type(text)
    tab_to(page, "form[data-contact-form] input[type=checkbox]", journey)
    press(page, "Space", journey)
    expect(form.get_by_role("checkbox")).to_be_checked()
    tab_to(page, "form[data-contact-form] button[type=submit]", journey)
    with page.expect_popup() as popup:
        press(page, "Enter", journey)
    assert popup.value.url.startswith(WHATSAPP)
    expect(page.locator("[data-contact-status]")).to_have_text(text_of(lang, "contact.form.sent"))


@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
@pytest.mark.parametrize("way", WAYS)
def test_keyboard_through_a_menu_without_javascript(new_context, viewport_name, way):
    """The phone menu, or the Services dropdown on a wide screen, before and without the
    page's JavaScript: Enter opens it, Tab goes through its links in order with a visible
    focus, Escape closes it and gives focus back to its button."""
    page, journey = page_without_javascript(new_context, way, **VIEWPORTS[viewport_name]), []
    page.goto(path_for("home", DEFAULT_LANG))
    button_id, panel_id = (
        (MOBILE_MENU_BUTTON_ID, MOBILE_MENU_ID)
        if viewport_name == "mobile"
        else ("nav-services-button", "nav-services")
    )
    tab_to(page, f"#{button_id}", journey)
    press(page, "Enter", journey)
    panel = page.locator(f"#{panel_id}")
    expect(panel).to_be_visible()
    for link in panel.locator("a").all():
        press(page, "Tab", journey)
        expect(link).to_be_focused()
        assert_focus_visible(page, f"Tab to {link.get_attribute('href')}")
    press(page, "Escape", journey)
    expect(panel).to_be_hidden()
    expect(page.locator(f"#{button_id}")).to_be_focused()
