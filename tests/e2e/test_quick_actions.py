"""Book, WhatsApp and Call one tap away on every page: the phone's sticky bar,
the top of the mobile menu and, on wide screens, the header."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from clinic.site.components.floating_book import SHOWN_AFTER_SCREENS
from clinic.site.components.quick_actions import whatsapp_greeting
from clinic.site.content import content
from clinic.site.routes import all_pages, path_for
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.journeys import step
from tests.e2e.languages import DEFAULT_LANG, LANGS
from tests.e2e.page_ready import page_ready, scroll_to
from tests.texts import text_of

CLINIC = content().clinic
WITHOUT_BAR = ("booking", "success")
# One page of each kind in each language.
PAGES = list({(p.kind, p.lang): p for p in all_pages()}.values())


def _bar_pages() -> list:
    """Where the sticky bar is checked: every kind in the default language (whether it
    shows, its order, its targets: the component's own); in the others, one page for each
    chat text the bar sends there, which with the actions' labels and the booking path is
    what a language changes (tests/e2e/languages.py says which tests run in every language)."""
    kept, greetings = [], set()
    for p in PAGES:
        if p.lang != DEFAULT_LANG:
            if p.kind in WITHOUT_BAR or (p.lang, whatsapp_greeting(p)) in greetings:
                continue
            greetings.add((p.lang, whatsapp_greeting(p)))
        kept.append(p)
    return kept


PHONE = {"viewport": MOBILE, "is_mobile": True, "has_touch": True}
# The desktop widths the header must fit on one line, narrowest first.
DESKTOP_WIDTHS = [1024, 1280, 1536]


def _name(p) -> str:
    return f"{p.kind}-{p.lang}"


def check_three(actions, p) -> None:
    """Book, WhatsApp, Call, in that order, labelled in the page's language, each going
    where it says: the booking page, the clinic's chat with the page's greeting, its phone."""
    expect(actions.locator("[data-action]")).to_have_count(3)
    book, chat, call = (actions.locator(f"[data-action={a}]") for a in ("book", "whatsapp", "call"))
    expect(book).to_contain_text(text_of(p.lang, "actions.book"))
    expect(chat).to_contain_text(text_of(p.lang, "actions.whatsapp"))
    expect(call).to_contain_text(text_of(p.lang, "actions.call"))
    expect(book).to_have_attribute("href", path_for("booking", p.lang))
    expect(call).to_have_attribute("href", CLINIC.tel_href)
    chat_url = urlsplit(chat.get_attribute("href"))
    assert f"{chat_url.scheme}://{chat_url.netloc}{chat_url.path}" == CLINIC.whatsapp_url
    assert parse_qs(chat_url.query)["text"] == [whatsapp_greeting(p)]
    expect(chat).to_have_attribute("target", "_blank")
    order = [actions.locator("[data-action]").nth(i).get_attribute("data-action") for i in range(3)]
    assert order == ["book", "whatsapp", "call"]


def scrolled_past_the_bar_s_threshold(page):
    """The hydrated page made long enough for the bar and scrolled past its threshold (the
    scroll handled); the bar's element, if the page has one."""
    screens = SHOWN_AFTER_SCREENS + 1
    page.add_style_tag(content=f"main {{ min-height: {100 * (screens + 2)}vh; }}")
    scroll_to(page, page.evaluate(f"window.innerHeight * {screens}"))
    return page.locator("[data-floating-book]")


def the_bar_shows_its_three_actions(page, p) -> None:
    """Past the threshold the phone's bar shows Book, WhatsApp and Call, each a thumb's
    target (the desktop pill beside it is hidden on a phone)."""
    bar = scrolled_past_the_bar_s_threshold(page)
    expect(bar).to_be_visible()
    phone_bar = bar.locator("nav")
    check_three(phone_bar, p)
    for action in phone_bar.locator("[data-action]").all():
        box = action.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, box  # a thumb's target


def test_phone_sticky_bar_holds_book_whatsapp_and_call_on_every_page(mobile_page):
    """On each page of `_bar_pages`, hydrated, on a phone, one tab going from page to page
    (each a full load: nothing of the bar's state is carried over): past the threshold
    the bar shows its three actions, or, on a page kind without it, nothing comes."""
    page = mobile_page
    for p in _bar_pages():
        with step("the sticky bar past its threshold", _name(p)):
            page.goto(p.path)
            page_ready(page)
            if p.kind in WITHOUT_BAR:  # the scroll has been handled: nothing came
                expect(scrolled_past_the_bar_s_threshold(page)).to_have_count(0)
                continue
            the_bar_shows_its_three_actions(page, p)


@pytest.mark.parametrize("lang", LANGS)
def test_phone_journey_sticky_bar_then_the_menu(mobile_page, lang):
    """A service page on a phone, hydrated, in one language, on one load:

    1. past the threshold (on a page made long enough), the sticky bar shows Book,
       WhatsApp and Call in that order, in the page's language, going where they say,
       each a thumb's target; back at the top it is gone again;
    2. the mobile menu starts with the same three; booking from it closes the menu."""
    page = mobile_page
    p = next(x for x in all_pages() if x.kind == "service" and x.lang == lang)
    where = _name(p)
    page.goto(p.path)
    page_ready(page)

    with step("1. the sticky bar past its threshold", where):
        the_bar_shows_its_three_actions(page, p)
        scroll_to(page, 0)
        expect(page.locator("[data-floating-book]")).to_be_hidden()

    with step("2. the mobile menu starts with the same three", where):
        page.get_by_role("button", name=text_of(lang, "nav.menu_open"), exact=True).click()
        actions = page.locator("[data-menu-actions]")
        expect(actions).to_be_visible()
        check_three(actions, p)
        # Booking from the menu closes it.
        actions.locator("[data-action=book]").click()
        page.wait_for_url("**" + path_for("booking", lang))
        expect(page.locator("[data-mobile-menu]")).to_have_attribute("data-open", "false")
        expect(actions).to_be_hidden()


@pytest.mark.parametrize("lang", LANGS)
def test_wide_header_shows_whatsapp_and_phone_beside_book(prerendered, lang):
    """Read before any script (JavaScript disabled): which of the header's controls show
    at a width is the style sheet's, their targets the markup's, as first painted
    (hydration keeps both: test_site_invariants.py)."""
    page = prerendered
    p = next(x for x in all_pages() if x.kind == "doctor" and x.lang == lang)
    page.set_viewport_size(DESKTOP)
    page.goto(p.path)
    header = page.locator("header")
    # The header's own pair, not the mobile menu's (also inside the header, hidden).
    chat, call = (
        header.locator(f"[data-header-contact][data-action={a}]") for a in ("whatsapp", "call")
    )
    expect(chat).to_be_visible()
    expect(call).to_be_visible()
    assert CLINIC.phone in call.get_attribute("aria-label")
    expect(call).to_have_attribute("href", CLINIC.tel_href)
    assert parse_qs(urlsplit(chat.get_attribute("href")).query)["text"] == [whatsapp_greeting(p)]
    # On a phone the header keeps only Book, the language and the menu.
    page.set_viewport_size(MOBILE)
    expect(chat).to_be_hidden()
    expect(call).to_be_hidden()


@pytest.mark.parametrize("lang", LANGS)
def test_the_header_stays_one_line_at_every_desktop_width(prerendered, lang):
    """At each width from the narrowest desktop up, on one load: the layout follows the
    window's width alone (CSS), as a resized window shows; read as first painted, before
    any script (JavaScript disabled; hydration keeps the header: test_site_invariants.py)."""
    page = prerendered
    page.set_viewport_size({"width": DESKTOP_WIDTHS[0], "height": 800})
    page.goto(path_for("home", lang))
    items = page.locator("header nav[aria-label] > ul > li:visible")
    for width in DESKTOP_WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        assert items.count() >= 5
        heights = [items.nth(i).bounding_box()["height"] for i in range(items.count())]
        assert max(heights) <= 44, f"a menu item wraps at {width} px: {heights}"
        assert page.evaluate("document.documentElement.scrollWidth") == width
