"""The booking page: each doctor's Cal.com calendar, and a way to book whatever happens to
Cal.com's script; for a doctor without a calendar (no `cal_link`), a call and a WhatsApp
chat instead, before hydration and without scripts too.

Cal.com never gets real network here. `embed.js` is either served by the stub in
tests/e2e/stubs.py, which behaves like the real one where it matters (replays the
loader's queues, takes over each namespace, delegates clicks on [data-cal-link] the way
Cal.com does) and records every `Cal(...)` and `Cal.ns[...](...)` call, or it is
aborted or left hanging.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from clinic.site.components.cal_embed import cal_origin, with_calendars
from clinic.site.content import content
from clinic.site.i18n import consultation_length, consultation_price
from clinic.site.routes import doctor_page_id, path_for
from devtools.plain_files import PlainFileServer
from tests.e2e.journey import step
from tests.e2e.languages import DEFAULT_LANG, LANGS
from tests.e2e.page_ready import page_ready
from tests.e2e.stubs import CAL_PUBLIC, EMBED_JS, answer_cal_com_pages, serve_cal_embed
from tests.e2e.without_javascript import ABORTED, BUNDLE_FAILURES, page_without_javascript
from tests.texts import text_of, text_with_facts

CAL_ORIGIN = cal_origin()
# The doctors patients book online, and those they call or write to instead.
DOCTORS = with_calendars()
WITHOUT_CALENDAR = [d for d in content().doctors if not d.has_calendar]
needs_calendar = pytest.mark.skipif(not DOCTORS, reason="no doctor in content has a calendar")
needs_doctor_without = pytest.mark.skipif(
    not WITHOUT_CALENDAR, reason="every doctor in content has a calendar"
)


def calls(page) -> list[dict]:
    return page.evaluate("window.__calCalls || []")


def ns_calls(page, doctor, method: str | None = None) -> list[list]:
    fn = f"Cal.ns[{doctor.cal_namespace}]"
    return [
        c["args"]
        for c in calls(page)
        if c["fn"] == fn and (method is None or c["args"][0] == method)
    ]


def open_booking(page, lang: str, base: str = "") -> None:
    page.goto(base + path_for("booking", lang))
    expect(page.locator("[data-cal-ready]")).to_have_attribute("data-cal-ready", "true")


def book_button(page, doctor):
    return page.locator(f"#{doctor.slug} a[data-cal-link]")


def expected_ui() -> dict:
    colors = content().clinic.brand_colors
    return {
        "cssVarsPerTheme": {
            "light": {"cal-brand": colors.primary},
            "dark": {"cal-brand": colors.primary_on_dark},
        },
        "hideEventTypeDetails": False,
        "layout": "column_view",
    }


# ------------------------------------------------------------------ before any script


def expect_cards_fee_and_amenities(page, lang: str) -> None:
    """The cards, the Book buttons' places and texts, the fee and the amenities."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert page.locator("h1").count() == 1
    main = page.locator("main")
    for doctor in content().doctors:
        card = page.locator(f"article#{doctor.slug}")
        expect(card).to_contain_text(doctor.name(lang))
        expect(card).to_contain_text(doctor.specialty(lang))
        expect(book_button(page, doctor)).to_have_count(1 if doctor.has_calendar else 0)
        if doctor.has_calendar:
            expect(book_button(page, doctor)).to_contain_text(text_of(lang, "booking.book"))
    expect(page.locator("article[id]")).to_have_count(len(content().doctors))
    # The fee and the consultation's length, as clinic.yaml gives them.
    expect(main).to_contain_text(consultation_price(lang))
    expect(main).to_contain_text(re.compile(re.escape(consultation_length(lang)), re.IGNORECASE))
    expect(main).to_contain_text(text_with_facts(lang, "booking.fee_details"))
    amenities = page.locator("[data-amenities]")
    for key in ("amenities_wifi", "amenities_refreshments", "amenities_parking"):
        expect(amenities).to_contain_text(text_of(lang, f"booking.{key}"))


def expect_call_and_chat_on_both_pages(page, lang: str) -> None:
    """A doctor without a calendar: a call and a chat on their card, then on their page."""
    doctor = WITHOUT_CALENDAR[0]
    expect_call_and_chat(page, doctor, lang, page.locator(f"article#{doctor.slug}"))
    page.goto(path_for(doctor_page_id(doctor.slug), lang))
    expect_call_and_chat(page, doctor, lang, page.locator("main section").first)


@pytest.mark.parametrize("lang", LANGS)
def test_the_booking_page_before_any_script(prerendered, lang):
    """Read with JavaScript disabled, what a patient has before any script: the cards, the
    Book buttons' places and texts, the fee and the amenities; then, for a doctor without
    a calendar, the call and the chat on their card and on their own page (the content
    decides whether there is one). The Book buttons after hydration, which a script takes
    over, are read where they are clicked (below); the call and the chat after hydration
    in test_without_cal_com_s_script_every_doctor_is_still_booked, and with the page's
    scripts failing in test_the_call_and_chat_work_when_the_scripts_fail."""
    page = prerendered
    with step("the cards, the fee and the amenities"):
        response = page.goto(path_for("booking", lang))
        assert response.status == 200
        expect_cards_fee_and_amenities(page, lang)
    if WITHOUT_CALENDAR:
        with step("a doctor without a calendar: call and chat, card and own page"):
            expect_call_and_chat_on_both_pages(page, lang)


@needs_doctor_without
@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_call_and_chat_work_when_the_scripts_fail(new_context, lang):
    """The page's own scripts failing (JavaScript disabled is read in
    test_the_booking_page_before_any_script): the call and the chat, card and own page."""
    page = page_without_javascript(new_context, ABORTED)
    page.goto(path_for("booking", lang))
    expect_call_and_chat_on_both_pages(page, lang)


# ------------------------------------------------------------------ Cal.com's script blocked


def expect_links_to_cal_com(page, lang: str) -> None:
    """Each Book button is a link to the doctor's Cal.com page, in a new tab, on its
    whole and on its word."""
    for doctor in DOCTORS:
        button = book_button(page, doctor)
        url = f"{CAL_PUBLIC}/{doctor.cal_link}"
        expect(button).to_have_attribute("href", url)
        expect(button).to_have_attribute("target", "_blank")
        # Screen readers hear where the link goes (and that it opens a new tab).
        expect(button).to_have_accessible_name(
            f"{text_of(lang, 'booking.book')} {text_of(lang, 'booking.book_with', name=doctor.name(lang))} "
            f"{text_of(lang, 'booking.opens_cal_com')}"
        )
        assert "noopener" in button.get_attribute("rel").split()
        expect(button).to_have_attribute("data-cal-namespace", doctor.cal_namespace)
        assert json.loads(button.get_attribute("data-cal-config")) == {"layout": "column_view"}
        for target in (button, button.get_by_text(text_of(lang, "booking.book"), exact=True)):
            with page.expect_popup() as popup:
                target.click()
            assert popup.value.url.rstrip("/") == url
            popup.value.close()


@pytest.mark.parametrize("lang", LANGS)
def test_without_cal_com_s_script_every_doctor_is_still_booked(page, lang):
    """Cal.com's embed.js blocked, one load of the booking page opened at the last doctor's
    anchor, hydrated:
    1. the anchor scrolls to that card, below the fixed header;
    2. once the page is ready, each doctor without a calendar is booked by a call or a
       WhatsApp chat, and has no open-times block;
    3. each Book button is a link to the doctor's Cal.com page in a new tab (on its whole
       and on its word), named so, and the page itself stays where it is (last: the
       pages it opens are closed before they finish loading)."""
    failed = []
    page.route(EMBED_JS, lambda route: (failed.append(route.request.url), route.abort()))
    answer_cal_com_pages(page)
    anchored = content().doctors[-1]
    address = f"{path_for('booking', lang)}#{anchored.slug}"
    if DOCTORS:  # only a page with a Book button asks for embed.js
        with page.expect_event("requestfailed", lambda request: request.url == EMBED_JS):
            page.goto(address)
    else:
        page.goto(address)
    with step(f"the anchor #{anchored.slug} scrolls to its card below the header"):
        page.wait_for_function(
            "(id) => { const r = document.getElementById(id).getBoundingClientRect();"
            " return r.top >= 64 && r.top < 200; }",
            arg=anchored.slug,
        )
        expect(page.locator(f"#{anchored.slug}")).to_be_in_viewport()
    if WITHOUT_CALENDAR:
        with step("a doctor without a calendar: a call or a chat, no open times"):
            page_ready(page)
            for doctor in WITHOUT_CALENDAR:
                card = page.locator(f"article#{doctor.slug}")
                expect_call_and_chat(page, doctor, lang, card)
                expect(card.locator("[data-open-times]")).to_have_count(0)
    if DOCTORS:
        with step("the Book buttons are links to Cal.com in a new tab"):
            assert failed == [EMBED_JS]
            expect(page.locator("[data-cal-ready]")).to_have_attribute("data-cal-ready", "false")
            expect_links_to_cal_com(page, lang)
            expect(page).to_have_url(re.compile(re.escape(address) + "$"))


@needs_calendar
def test_book_buttons_are_links_while_embed_js_is_still_loading(page):
    pending = []
    page.route(EMBED_JS, lambda route: pending.append(route))  # never answered
    answer_cal_com_pages(page)
    with page.expect_request(EMBED_JS):
        page.goto(path_for("booking", DEFAULT_LANG))
    page.wait_for_function("() => !!(window.Cal && window.Cal.loaded)")
    # The request's route reached Python right after the request event, before this reply.
    assert len(pending) == 1
    doctor = DOCTORS[0]
    with page.expect_popup() as popup:
        book_button(page, doctor).click()
    assert popup.value.url.rstrip("/") == f"{CAL_PUBLIC}/{doctor.cal_link}"


# ------------------------------------------------------------------ Cal.com in the page


def test_embed_is_not_loaded_where_nobody_books(page):
    requests = serve_cal_embed(page)
    for page_id in ("home", "contact", "faq", "success"):
        page.goto(path_for(page_id, DEFAULT_LANG))
        page_ready(page)
    assert requests == []


# Where a patient may tap a Book button: anywhere on it, on its word, on its icon.
PARTS = ("button", "text", "icon")


def expect_exact_initialisation(page, requests) -> None:
    """embed.js asked for once; each doctor's namespace made and set up, nothing more."""
    assert page.evaluate("window.__calStubError || null") is None
    assert requests == [EMBED_JS]
    global_calls = [c["args"] for c in calls(page) if c["fn"] == "Cal"]
    assert global_calls == [["initNamespace", d.cal_namespace] for d in DOCTORS]
    for doctor in DOCTORS:
        assert ns_calls(page, doctor) == [
            ["init", doctor.cal_namespace, {"origin": CAL_ORIGIN}],
            ["ui", expected_ui()],
            ["on", {"action": "bookingSuccessfulV2", "callback": "[function]"}],
        ]


def tap_every_part_of_every_book_button(page, lang: str) -> None:
    """Each doctor's button, tapped on each of its parts in turn: every tap opens exactly
    one calendar, that doctor's, in the page."""
    popups = []
    page.on("popup", lambda popup: popups.append(popup))
    for doctor in DOCTORS:
        button = book_button(page, doctor)
        # Once the calendar opens in place, the "opens Cal.com in a new tab" hint is gone.
        expect(button).to_have_accessible_name(
            f"{text_of(lang, 'booking.book')} {text_of(lang, 'booking.book_with', name=doctor.name(lang))}"
        )
        targets = {
            "button": button,
            "text": button.get_by_text(text_of(lang, "booking.book"), exact=True),
            "icon": button.locator("svg"),
        }
        for part in PARTS:
            before = len(ns_calls(page, doctor, "modal"))
            targets[part].click()
            modals = ns_calls(page, doctor, "modal")
            # Exactly one modal (Cal.com's own click delegation must not open a second
            # one), for this doctor's link, with the column layout.
            assert len(modals) == before + 1, f"a tap on {doctor.slug}'s {part}"
            assert modals[-1][1]["calLink"] == doctor.cal_link
            assert modals[-1][1]["config"] == {"layout": "column_view"}
    for doctor in DOCTORS:
        assert len(ns_calls(page, doctor, "modal")) == len(PARTS), (
            f"{doctor.slug} got another doctor's click"
        )
    assert popups == []
    expect(page).to_have_url(re.compile(re.escape(path_for("booking", lang)) + "$"))


def come_back_by_the_router(page, lang: str, requests) -> None:
    """Away to the contact page and back by the client router (React Router): the page is
    not reloaded, embed.js is not asked for again, no namespace is set up twice, and a
    Book button still opens its doctor's calendar, once."""
    page.locator("header").get_by_role(
        "link", name=text_of(lang, "nav.contact"), exact=True
    ).first.click()
    expect(page).to_have_url(re.compile(re.escape(path_for("contact", lang)) + "$"))
    page.go_back()
    expect(page).to_have_url(re.compile(re.escape(path_for("booking", lang)) + "$"))
    expect(page.locator("[data-cal-ready]")).to_have_attribute("data-cal-ready", "true")
    assert requests == [EMBED_JS]
    for doctor in DOCTORS:
        assert len(ns_calls(page, doctor, "init")) == 1
    doctor = DOCTORS[0]
    before = ns_calls(page, doctor, "modal")
    book_button(page, doctor).click()
    modals = ns_calls(page, doctor, "modal")
    assert len(modals) == len(before) + 1
    assert modals[-1][1]["calLink"] == doctor.cal_link


@needs_calendar
@pytest.mark.smoke
@pytest.mark.parametrize("lang", LANGS)
def test_booking_in_the_page_with_cal_com(page, lang):
    """Cal.com's embed.js served by the stub, one load of the booking page:
    1. embed.js is initialised with the exact calls for each doctor, once;
    2. each part of each doctor's Book button opens that doctor's calendar in the page,
       once a tap (no popup, no navigation);
    3. in the default language only (the router's behaviour is the same in every one):
       away and back by the client router, nothing is loaded or set up again, and a
       Book button still opens its calendar;
    4. Cal.com's booking-successful event lands on the success page of that language."""
    requests = serve_cal_embed(page)
    open_booking(page, lang)
    with step("embed.js initialised with the exact calls"):
        expect_exact_initialisation(page, requests)
    with step("each part of each Book button opens that doctor's calendar"):
        tap_every_part_of_every_book_button(page, lang)
    if lang == DEFAULT_LANG:
        with step("coming back by the router neither reloads nor reinitialises"):
            come_back_by_the_router(page, lang, requests)
    with step("a booking lands on the success page of that language"):
        doctor = DOCTORS[-1]
        page.evaluate(
            "([ns]) => window.__calStub.fire(ns, 'bookingSuccessfulV2', {uid: 'sample'})",
            [doctor.cal_namespace],
        )
        expect(page).to_have_url(re.compile(re.escape(path_for("success", lang)) + "$"))
        expect(page.locator("h1")).to_have_count(1)
        expect(page.locator("html")).to_have_attribute("lang", lang)


# ------------------------------------------------------------------ hosting


CSP = (
    f"default-src 'self'; script-src 'self' 'unsafe-inline' {CAL_ORIGIN}; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; "
    f"connect-src 'self' {CAL_ORIGIN}; frame-src {CAL_ORIGIN}"
)


@needs_calendar
def test_works_under_a_content_security_policy_without_unsafe_eval(page, base_url):
    serve_cal_embed(page)
    violations_script = (
        "window.__cspViolations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    page.add_init_script(violations_script)
    path = path_for("booking", DEFAULT_LANG)

    def with_csp(route):
        response = route.fetch()
        headers = {
            k: v
            for k, v in response.headers.items()
            if k.lower() not in ("content-encoding", "content-length")
        }
        route.fulfill(response=response, headers={**headers, "content-security-policy": CSP})

    page.route(base_url + path, with_csp)
    open_booking(page, DEFAULT_LANG)
    doctor = DOCTORS[0]
    book_button(page, doctor).click()
    assert [c[1]["calLink"] for c in ns_calls(page, doctor, "modal")] == [doctor.cal_link]
    assert page.evaluate("window.__cspViolations") == []


@needs_calendar
@pytest.mark.own_server("it serves our own build as plain files")
@pytest.mark.parametrize("lang", LANGS)
def test_works_served_as_plain_files(page, served_build, lang):
    # The build under test, served as files (a static host's way).
    with PlainFileServer(served_build) as static:
        serve_cal_embed(page)
        page.route(f"{static.url}/**", lambda route: route.continue_())
        open_booking(page, lang, base=static.url)
        doctor = DOCTORS[0]
        book_button(page, doctor).locator("svg").click()
        assert [c[1]["calLink"] for c in ns_calls(page, doctor, "modal")] == [doctor.cal_link]
        page.evaluate(
            "([ns]) => window.__calStub.fire(ns, 'bookingSuccessfulV2', {})", [doctor.cal_namespace]
        )
        expect(page).to_have_url(static.url + path_for("success", lang))
        page_ready(page)  # the success page's own files, before the file server stops


# ------------------------------------------------------------------ a doctor's own page


def open_doctor_page(page, doctor, lang: str) -> None:
    page.goto(path_for(doctor_page_id(doctor.slug), lang))
    expect(page.locator("[data-cal-ready]")).to_have_attribute("data-cal-ready", "true")


@needs_calendar
@pytest.mark.parametrize("lang", LANGS)
def test_a_doctors_page_books_that_doctor_in_place(page, lang):
    doctor = DOCTORS[-1]
    requests = serve_cal_embed(page)
    open_doctor_page(page, doctor, lang)
    assert requests == [EMBED_JS]
    # Only this doctor's namespace, with the booking page's contract.
    global_calls = [c["args"] for c in calls(page) if c["fn"] == "Cal"]
    assert global_calls == [["initNamespace", doctor.cal_namespace]]
    assert ns_calls(page, doctor, "init") == [
        ["init", doctor.cal_namespace, {"origin": CAL_ORIGIN}]
    ]
    assert ns_calls(page, doctor, "ui") == [["ui", expected_ui()]]
    books = page.locator(f'main [data-book="{doctor.slug}"]')
    for i in range(books.count()):
        books.nth(i).click()
    modals = [c[1] for c in ns_calls(page, doctor, "modal")]
    assert (
        modals
        == [{"calLink": doctor.cal_link, "config": {"layout": "column_view"}}] * books.count()
    )
    expect(page).to_have_url(
        re.compile(re.escape(path_for(doctor_page_id(doctor.slug), lang)) + "$")
    )
    page.evaluate(
        "([ns]) => window.__calStub.fire(ns, 'bookingSuccessfulV2', {uid: 'sample'})",
        [doctor.cal_namespace],
    )
    expect(page).to_have_url(re.compile(re.escape(path_for("success", lang)) + "$"))


@needs_calendar
def test_a_doctors_page_links_to_their_cal_com_page_when_embed_js_is_blocked(page):
    doctor = DOCTORS[0]
    page.route(EMBED_JS, lambda route: route.abort())
    answer_cal_com_pages(page)
    page.goto(path_for(doctor_page_id(doctor.slug), DEFAULT_LANG))
    page_ready(page)
    book = page.locator(f'main [data-book="{doctor.slug}"]').first
    with page.expect_popup() as popup:
        book.click()
    assert popup.value.url.rstrip("/") == f"{CAL_PUBLIC}/{doctor.cal_link}"


# ------------------------------------------------------------------ a doctor without a calendar


def expect_call_and_chat(page, doctor, lang: str, where) -> None:
    """Where a Book button would be: WhatsApp, its chat asking for this doctor, and the
    clinic's phone, each named for the doctor; no link to a calendar."""
    clinic = content().clinic
    chat = where.locator(f'a[data-book-by="whatsapp"][data-doctor-contact="{doctor.slug}"]')
    call = where.locator(f'a[data-book-by="call"][data-doctor-contact="{doctor.slug}"]')
    for_doctor = text_of(lang, "inner.for_doctor", name=doctor.name(lang))
    expect(chat).to_have_count(1)
    expect(chat).to_have_attribute("href", re.compile("^" + re.escape(clinic.whatsapp_url)))
    greeting = text_of(lang, "actions.whatsapp_doctor", name=doctor.name(lang))
    assert parse_qs(urlparse(chat.get_attribute("href")).query)["text"] == [greeting]
    expect(chat).to_have_accessible_name(
        f"{text_of(lang, 'inner.by_whatsapp')} {for_doctor} {text_of(lang, 'nav.new_tab')}"
    )
    expect(call).to_have_count(1)
    expect(call).to_have_attribute("href", clinic.tel_href)
    expect(call).to_have_accessible_name(f"{text_with_facts(lang, 'inner.by_phone')} {for_doctor}")
    expect(where.locator("[data-cal-link]")).to_have_count(0)
    expect(where.locator(f'[data-no-calendar="{doctor.slug}"]')).to_have_text(
        text_of(lang, "inner.no_calendar", name=doctor.name(lang))
    )


@needs_doctor_without
@pytest.mark.parametrize("lang", LANGS)
def test_a_doctor_without_a_calendar_has_a_page_without_cal_com(page, lang):
    doctor = WITHOUT_CALENDAR[0]
    requests = serve_cal_embed(page)
    page.goto(path_for(doctor_page_id(doctor.slug), lang))
    page_ready(page)
    assert requests == []
    main = page.locator("main")
    expect(main.locator("[data-cal-ready]")).to_have_count(0)
    expect(main.locator(f'[data-book="{doctor.slug}"]')).to_have_count(0)
    expect(main.locator("[data-open-times], [data-open-times-fallback]")).to_have_count(0)
    hero = main.locator("section").first
    expect_call_and_chat(page, doctor, lang, hero)
    # The closing band: a call to the clinic first.
    expect(
        main.locator(f'a[data-book-by="call"][data-doctor-contact="{doctor.slug}"]')
    ).to_have_count(2)
