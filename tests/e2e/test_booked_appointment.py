"""The success page says what was booked.

Cal.com's embed.js is the stub of tests/e2e/stubs.py; the tests fire its
`bookingSuccessfulV2` event with a booking, as Cal.com does once a patient has booked,
and look at the success page that follows: the doctor, the date and the time in the
clinic's time zone (the browser itself is in Tokyo), and the `.ics` file, read back with
a real RFC 5545 parser. Expected words come from content/ and from CLDR (babel), not
from the browser.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import pytest
from babel.dates import format_date, format_time
from playwright.sync_api import expect

from clinic.site.components.booked_appointment import STORAGE_KEY
from clinic.site.components.cal_embed import with_calendars
from clinic.site.content import content
from clinic.site.pages.success import note_texts
from clinic.site.routes import doctor_page_id, language, path_for
from tests.e2e.axe import describe, run_axe
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.journey import step
from tests.e2e.languages import DEFAULT_LANG, LANGS, NEXT_LANG, choose_language
from tests.e2e.layout_shifts import RECORD_LAYOUT_SHIFTS, seen_shifts
from tests.e2e.page_ready import page_ready
from tests.e2e.stubs import serve_cal_embed
from tests.e2e.test_booking import book_button, open_booking
from tests.texts import text_of, text_with_facts

# The doctors booked online (the booked appointment comes from Cal.com).
DOCTORS = with_calendars()
if not DOCTORS:
    pytest.skip("no doctor has a calendar: nobody books online", allow_module_level=True)
CLINIC_ZONE = ZoneInfo(content().clinic.time_zone)
VISITOR_ZONE = "Asia/Tokyo"  # far from the clinic: a time shown in it would be wrong
SIZES = {
    "phone": {"viewport": MOBILE, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": DESKTOP},
}
UID = "q7Rk2bWmZp4eXo9sT1vNc3"


def booking_in_a_week() -> tuple[dt.datetime, dt.datetime]:
    """A start at 4:30 p.m. clinic time a week from now, and its end 45 minutes later (UTC)."""
    day = dt.date.today() + dt.timedelta(days=7)
    start = dt.datetime.combine(day, dt.time(16, 30), CLINIC_ZONE).astimezone(dt.UTC)
    return start, start + dt.timedelta(minutes=45)


def iso(moment: dt.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def fire_booking(page, doctor, start, end, uid: str = UID) -> None:
    page.evaluate(
        "([ns, data]) => window.__calStub.fire(ns, 'bookingSuccessfulV2', data)",
        [
            doctor.cal_namespace,
            {
                "uid": uid,
                "title": "Consulta",
                "startTime": iso(start),
                "endTime": iso(end),
                "status": "ACCEPTED",
            },
        ],
    )


def babel_locale(lang: str) -> str:
    """The language's locale as babel spells it (es-MX -> es_MX)."""
    return language(lang).locale.replace("-", "_")


def clock(moment: dt.datetime, lang: str) -> str:
    """The hour and minutes of a moment on the clinic's clock as the language's locale
    writes them ('4:30' on a 12-hour clock, '16:30' on a 24-hour one)."""
    written = format_time(moment.astimezone(CLINIC_ZONE), "short", locale=babel_locale(lang))
    return re.search(r"\d{1,2}\D{1,3}\d{2}", written).group()


def open_context_page(new_context, size: str, lang: str):
    context = new_context(timezone_id=VISITOR_ZONE, locale=language(lang).locale, **SIZES[size])
    return context.new_page()


def book_and_land(page, doctor, lang: str, start, end) -> None:
    serve_cal_embed(page)
    open_booking(page, lang)
    book_button(page, doctor).click()
    fire_booking(page, doctor, start, end)
    expect(page).to_have_url(re.compile(re.escape(path_for("success", lang)) + "$"))


def expect_the_summary(page, doctor, lang: str, start, end) -> None:
    """The booking in the clinic's time zone, the rules still there, seen without
    scrolling, nothing moved by its arrival, and WCAG 2.2 AA with it shown."""
    summary = page.locator("[data-booked]")
    expect(summary).to_be_visible()
    expect(summary.locator("h2")).to_have_text(text_of(lang, "success.booked_heading"))
    expect(page.locator("[data-booked-doctor]")).to_have_text(doctor.name(lang))
    local_day = start.astimezone(CLINIC_ZONE).date()
    expect(page.locator("[data-booked-date]")).to_have_text(
        format_date(local_day, "full", locale=babel_locale(lang))
    )
    expect(page.locator("[data-booked-date] time")).to_have_attribute("datetime", iso(start))
    booked_time = page.locator("[data-booked-time]")
    expect(booked_time).to_contain_text(clock(start, lang), use_inner_text=True)
    expect(booked_time).to_contain_text(clock(end, lang), use_inner_text=True)
    expect(booked_time).to_contain_text(
        text_with_facts(lang, "success.booked_time_zone"), use_inner_text=True
    )
    # The intro gives way to it; the rules are still there.
    expect(
        page.get_by_text(text_with_facts(lang, "pages.success.intro"), exact=True)
    ).to_have_count(0)
    expect(page.locator("[data-note]")).to_have_count(len(note_texts(lang)))
    # Seen without scrolling, and nothing on the page moved when it appeared.
    box = page.locator("[data-add-to-calendar]").bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]
    assert box["height"] >= 44
    page_ready(page)  # whatever the summary's arrival was going to move has moved
    # The page came from the booking page by the router, after Cal.com's event, not a tap
    # of the patient's on this page; on a loaded machine the header, which every page
    # renders anew, may be painted a frame apart from the rest. What is checked here is
    # the page's content as the summary arrives.
    assert seen_shifts(page, header_too=False) == []
    # WCAG 2.2 AA with the summary shown, as on every route without it.
    violations = run_axe(page)
    assert violations == [], describe(violations)


def expect_it_sent_nowhere(page, sent: list[str], start) -> None:
    """No request carried the booking, no cookie was set, nothing is in localStorage."""
    assert not [request for request in sent if UID in request or iso(start) in request]
    assert page.context.cookies() == []
    assert UID not in page.evaluate("JSON.stringify(localStorage)")


def expect_another_tab_knows_nothing(page) -> None:
    """Another tab (another visit) opening the success page shows its usual text."""
    other = page.context.new_page()
    other.goto(path_for("success", DEFAULT_LANG))
    page_ready(other)
    expect(other.locator("[data-booked]")).to_have_count(0)
    expect(
        other.get_by_text(text_with_facts(DEFAULT_LANG, "pages.success.intro"), exact=True)
    ).to_be_visible()
    other.close()


def expect_the_calendar_file(page, doctor, lang: str, start, end) -> None:
    """The .ics file: RFC 5545 (read back with a real parser), one event in UTC with the
    doctor, the clinic, the address and the rules."""
    with page.expect_download() as download:
        page.locator("[data-add-to-calendar]").click()
    assert download.value.suggested_filename.endswith(".ics")
    raw = Path(download.value.path()).read_bytes()

    # RFC 5545: CRLF line ends, lines folded at 75 octets, UTC times with a Z.
    assert raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b"")
    assert all(len(line) <= 75 for line in raw.split(b"\r\n"))
    unfolded = raw.decode("utf-8").replace("\r\n ", "")
    assert f"DTSTART:{start:%Y%m%dT%H%M%SZ}" in unfolded.splitlines()
    assert f"DTEND:{end:%Y%m%dT%H%M%SZ}" in unfolded.splitlines()

    calendar = icalendar.Calendar.from_ical(raw)
    assert calendar["VERSION"] == "2.0" and calendar.get("PRODID")
    events = calendar.walk("VEVENT")
    assert len(events) == 1
    event = events[0]
    assert event.decoded("DTSTART") == start
    assert event.decoded("DTEND") == end
    assert event.get("DTSTAMP") is not None
    assert str(event["UID"]).startswith(UID + "@")
    assert doctor.name(lang) in str(event["SUMMARY"])
    assert content().clinic.brand in str(event["SUMMARY"])
    assert str(event["LOCATION"]) == text_with_facts(lang, "inner.address")
    description = str(event["DESCRIPTION"])
    for note in note_texts(lang):
        assert note in description


def expect_the_same_booking_in_the_next_language(page, doctor, start) -> None:
    """The header's language switch shows the same booking in the next language."""
    choose_language(page, NEXT_LANG)
    expect(page).to_have_url(re.compile(re.escape(path_for("success", NEXT_LANG)) + "$"))
    expect(page.locator("[data-booked-doctor]")).to_have_text(doctor.name(NEXT_LANG))
    local_day = start.astimezone(CLINIC_ZONE).date()
    expect(page.locator("[data-booked-date]")).to_have_text(
        format_date(local_day, "full", locale=babel_locale(NEXT_LANG))
    )


@pytest.mark.only_browser("chromium")  # layout-shift entries are Chromium's own
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_booking_is_shown_kept_in_the_tab_and_added_to_a_calendar(new_context, lang, size):
    """A booking fired by Cal.com on the booking page, in a browser in Tokyo, lands on the
    success page; one load of it then proves, in turn:
    1. the summary shows the booking in the clinic's time zone (doctor, date, times, zone),
       the intro gives way to it, the rules stay, it is seen without scrolling, nothing
       moved as it arrived, axe finds nothing;
    2. the booking was sent nowhere: no request carried it, no cookie, not in localStorage;
    3. on a phone, in the default language, another tab knows nothing of it;
    4. on a phone, the calendar file is a valid RFC 5545 event in UTC with the address
       and the rules;
    5. on a desktop, in the default language, switching language shows the same booking
       in the next language.
    The phone books the first doctor with a calendar, the desktop the last one, so each
    doctor's event is read back on the page of each language."""
    page = open_context_page(new_context, size, lang)
    page.add_init_script(RECORD_LAYOUT_SHIFTS)
    sent: list[str] = []
    page.context.on(
        "request", lambda request: sent.append(f"{request.url} {request.post_data or ''}")
    )
    doctor = DOCTORS[0] if size == "phone" else DOCTORS[-1]
    start, end = booking_in_a_week()
    book_and_land(page, doctor, lang, start, end)
    with step(f"the summary of the booking ({lang}, {size})"):
        expect_the_summary(page, doctor, lang, start, end)
    with step(f"the booking was sent nowhere ({lang}, {size})"):
        expect_it_sent_nowhere(page, sent, start)
    if size == "phone":
        if lang == DEFAULT_LANG:
            with step(f"another tab knows nothing of it ({lang}, {size})"):
                expect_another_tab_knows_nothing(page)
        with step(f"the calendar file ({lang}, {size})"):
            expect_the_calendar_file(page, doctor, lang, start, end)
    elif lang == DEFAULT_LANG:
        with step(f"switching to {NEXT_LANG} shows the same booking ({lang}, {size})"):
            expect_the_same_booking_in_the_next_language(page, doctor, start)


def test_a_doctors_own_page_leads_to_a_summary_with_that_doctor(new_context):
    page = open_context_page(new_context, "phone", NEXT_LANG)
    doctor = DOCTORS[0]
    serve_cal_embed(page)
    page.goto(path_for(doctor_page_id(doctor.slug), NEXT_LANG))
    expect(page.locator("[data-cal-ready]")).to_have_attribute("data-cal-ready", "true")
    start, end = booking_in_a_week()
    fire_booking(page, doctor, start, end)
    expect(page).to_have_url(re.compile(re.escape(path_for("success", NEXT_LANG)) + "$"))
    expect(page.locator("[data-booked-doctor]")).to_have_text(doctor.name(NEXT_LANG))


# What the tab may hold that is no booking to show, first nothing at all.
NOT_A_BOOKING = {
    "nothing": None,
    "not-json": "{not json",
    "unknown-doctor": (
        '{"doctor": "nobody", "start": "2030-01-01T10:00:00Z", "end": "2030-01-01T10:30:00Z"}'
    ),
    "ends-before-it-starts": json.dumps(
        {"doctor": DOCTORS[0].slug, "start": "2030-01-01T10:30:00Z", "end": "2030-01-01T10:00:00Z"}
    ),
    "no-dates": json.dumps({"doctor": DOCTORS[0].slug, "start": "tomorrow", "end": ""}),
}


def test_without_a_sensible_booking_the_page_is_as_before(page):
    """The success page loaded anew for each thing the tab may hold that is no booking
    (first with the tab's storage empty, then with each value kept before the next load):
    each time, no summary, the usual intro and title."""
    success = path_for("success", DEFAULT_LANG)
    for name, kept in NOT_A_BOOKING.items():
        with step(f"kept: {name}"):
            if kept is not None:
                page.evaluate(
                    "([key, value]) => sessionStorage.setItem(key, value)", [STORAGE_KEY, kept]
                )
            page.goto(success)
            page_ready(page)
            expect(page.locator("[data-booked]")).to_have_count(0)
            expect(
                page.get_by_text(text_with_facts(DEFAULT_LANG, "pages.success.intro"), exact=True)
            ).to_be_visible()
            expect(page.locator("h1")).to_have_text(
                text_with_facts(DEFAULT_LANG, "pages.success.title")
            )
