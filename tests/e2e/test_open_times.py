"""A doctor's next open times on the booking page and on the doctor's page.

The production server's own endpoint is unit-tested against a stub Cal.com API
(tests/unit/test_open_times.py); here the browser side: what a patient sees for a given
answer of `/api/open-times/<doctor>` (routed by each test), that every failure
leaves no trace on the booking page, and that on the doctor's page, where the block sits
in a phone's first screen, its place shows the visit (fee, length, calendar) until the
times come or when they can't, with nothing moving when they arrive. Which doctors have
open times is content's word (`cal_event_type_id`); a doctor without them is tested on
the fixture clinic (tests/e2e/test_fixture_clinic.py). Unrouted, the test server's endpoint answers no times: its
Cal.com origin is a port where nothing listens (tests/e2e/conftest.py).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from clinic.server.open_times import body_for
from clinic.site.components.cal_embed import public_booking_url
from clinic.site.components.open_times import NEAR_SCREEN, SHOWN, block_id
from clinic.site.content import content
from clinic.site.i18n import consultation_price
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX, doctor_page_id, language, path_for
from devtools.chromium import MOBILE
from devtools.plain_files import PlainFileServer
from tests.e2e.hero_space import EMPTY_BAND_LIMIT_PX, doctor_hero, empty_below_last_line
from tests.e2e.journeys import step
from tests.e2e.languages import DEFAULT_LANG, LANGS, NEXT_LANG
from tests.e2e.layout_shifts import RECORD_LAYOUT_SHIFTS, seen_shifts
from tests.e2e.page_ready import page_ready
from tests.e2e.stubs import EMBED_JS, answer_cal_com_pages, answer_open_times, serve_cal_embed
from tests.e2e.test_booking import ns_calls
from tests.texts import normalize, text_of, text_with_facts

CLINIC_ZONE = ZoneInfo(content().clinic.time_zone)
# The doctors whose open times content asks for.
DOCTORS = [d for d in content().doctors if d.cal_event_type_id]
pytestmark = pytest.mark.skipif(not DOCTORS, reason="no doctor in content has open times")
# A device far from the clinic: times must still read in the clinic's own zone.
VISITOR_ZONE = "Asia/Tokyo"
# How the language's locale writes each moment in the clinic's zone, by the browser's own
# Intl (what the page must show: a visitor's zone or language must not change it).
IN_THE_LOCALE = """([stamps, locale, timeZone]) => stamps.map((stamp) => {
    const date = new Date(stamp);
    const as = (options) => new Intl.DateTimeFormat(locale, {...options, timeZone}).format(date);
    return {weekday: as({weekday: "short"}), time: as({hour: "numeric", minute: "2-digit"})};
})"""


def clinic_times() -> list[datetime]:
    """Tomorrow 10:00 and 16:30, the day after 09:00 and 12:00, clinic time."""
    tomorrow = datetime.now(CLINIC_ZONE).replace(second=0, microsecond=0) + timedelta(days=1)
    after = tomorrow + timedelta(days=1)
    return [
        tomorrow.replace(hour=10, minute=0),
        tomorrow.replace(hour=16, minute=30),
        after.replace(hour=9, minute=0),
        after.replace(hour=12, minute=0),
    ]


def route_answer(page, doctor, times: list[datetime]):
    return answer_open_times(page, doctor, [moment.isoformat() for moment in times])


def pages_of(doctor, lang) -> dict[str, str]:
    return {
        "booking": path_for("booking", lang),
        "doctor": path_for(doctor_page_id(doctor.slug), lang),
    }


def block(page, doctor):
    return page.locator(f'[data-open-times="{doctor.slug}"]')


def bring_near(page, doctor) -> None:
    """Scrolls the doctor's block to the middle of the screen: a block asks for its times
    only once it comes near the screen, and on the booking page of a clinic with many
    doctors a card may be further down."""
    page.evaluate(
        "(id) => document.getElementById(id).scrollIntoView({block: 'center'})", block_id(doctor)
    )


def visit_fallback(page, doctor):
    """What the doctor's page shows in the times' place until they come."""
    return page.locator(f'[data-open-times-fallback="{doctor.slug}"]')


def expect_the_visit_in_the_times_place(page, doctor, lang):
    fallback = visit_fallback(page, doctor)
    expect(fallback).to_be_visible()
    expect(fallback).to_contain_text(consultation_price(lang))
    expect(fallback).to_contain_text(text_with_facts(lang, "doctor.visit_details"))
    expect(fallback.locator("a")).to_have_attribute("href", public_booking_url(doctor))
    expect(block(page, doctor)).to_be_hidden()


def expect_the_next_three_times(page, doctor, lang: str, times: list[datetime]) -> None:
    bring_near(page, doctor)
    links = block(page, doctor).locator("a")
    expect(links).to_have_count(3)
    expect(block(page, doctor).get_by_role("heading")).to_have_text(
        text_of(lang, "booking.open_times_title")
    )
    # Earliest first, at the clinic's hours (not Tokyo's), as the language's locale writes
    # them (its clock, its day names).
    labels = [normalize(links.nth(i).inner_text()) for i in range(3)]
    expected = page.evaluate(
        IN_THE_LOCALE,
        [[t.isoformat() for t in times[:3]], language(lang).locale, content().clinic.time_zone],
    )
    for label, written in zip(labels, expected, strict=True):
        assert normalize(written["time"]) in label, (label, written)
        assert normalize(written["weekday"]).rstrip(".").lower() in label.lower(), (label, written)
    assert labels[0].startswith(normalize(links.nth(0).locator("time").inner_text()))
    for i, moment in enumerate(times[:3]):
        stamp = links.nth(i).locator("time").get_attribute("datetime")
        assert datetime.fromisoformat(stamp.replace("Z", "+00:00")) == moment


@pytest.fixture
def far_page(new_context):
    return new_context(timezone_id=VISITOR_ZONE).new_page()


@pytest.mark.parametrize("lang", LANGS)
def test_next_three_times_in_the_clinic_zone_and_the_page_language(far_page, lang):
    """In a browser in Tokyo, the booking page, then the doctor's page, each loaded with
    the same answer of the open-times relay: the next three times, earliest first, at the
    clinic's hours as the language's locale writes them (its clock, its day names)."""
    page = far_page
    doctor = DOCTORS[-1]
    times = clinic_times()
    route_answer(page, doctor, times)
    for kind, path in pages_of(doctor, lang).items():
        with step(f"the {kind} page ({lang})"):
            page.goto(path)
            expect_the_next_three_times(page, doctor, lang, times)


def test_tapping_a_time_opens_that_doctors_calendar_on_that_day(page):
    """The booking page, then the doctor's page, each loaded with Cal.com's embed.js served
    by the stub and the same open times: tapping the second time opens that doctor's
    calendar in the page, on that day."""
    doctor = DOCTORS[0]
    serve_cal_embed(page)
    times = clinic_times()
    route_answer(page, doctor, times)
    for kind, path in pages_of(doctor, DEFAULT_LANG).items():
        with step(f"a time tapped on the {kind} page"):
            page.goto(path)
            expect(page.locator("[data-cal-ready]").first).to_have_attribute(
                "data-cal-ready", "true"
            )
            bring_near(page, doctor)
            block(page, doctor).locator("a").nth(1).click()
            (modal,) = [c[1] for c in ns_calls(page, doctor, "modal")]
            day = times[1].date().isoformat()
            assert modal["calLink"] == doctor.cal_link
            assert modal["config"] == {"layout": "column_view", "date": day, "month": day[:7]}


def test_times_are_links_to_that_day_on_cal_com_when_the_embed_is_blocked(page):
    doctor = DOCTORS[0]
    page.route(EMBED_JS, lambda route: route.abort())
    answer_cal_com_pages(page)
    times = clinic_times()
    route_answer(page, doctor, times)
    page.goto(pages_of(doctor, NEXT_LANG)["doctor"])
    link = block(page, doctor).locator("a").first
    day = times[0].date().isoformat()
    expected = f"{public_booking_url(doctor)}?date={day}&month={day[:7]}"
    expect(link).to_have_attribute("href", expected)
    with page.expect_popup() as popup:
        link.click()
    assert popup.value.url == expected


@pytest.mark.own_server(
    "ours asks a closed port for Cal.com's open times; a deployed one asks Cal.com"
)
def test_the_real_server_without_cal_com_shows_no_block_and_no_error(page):
    doctor = DOCTORS[0]
    answers = []
    page.on("response", lambda r: answers.append(r) if OPEN_TIMES_PATH_PREFIX in r.url else None)
    for kind, path in pages_of(doctor, DEFAULT_LANG).items():
        page.goto(path)
        if kind == "booking":  # every card comes near the screen once
            for each in DOCTORS:
                bring_near(page, each)
                page_ready(page)
        page_ready(page)
        expect(block(page, doctor)).to_have_count(1)
        if kind == "doctor":
            expect_the_visit_in_the_times_place(page, doctor, DEFAULT_LANG)
        else:
            expect(block(page, doctor).locator("a, h4, p")).to_have_count(0)
    # One quiet answer per doctor shown: every one on the booking page, one on the
    # doctor's page.
    assert len(answers) == len(DOCTORS) + 1
    assert all(a.status == 200 for a in answers)


# How the open-times relay may fail, the hanging one last (its request stays open), and
# the bodies of those that answer.
FAILURES = ("abort", "empty", "garbage", "hang")
FAILED_BODIES = {"empty": '{"times": []}', "garbage": "{oops"}


def failing_relay(failure: str, pending: list):
    """A route handler for the relay's requests that fails as `failure` says (a hanging
    request's route is kept in `pending`, never answered)."""
    if failure == "abort":
        return lambda route: route.abort()
    if failure == "hang":
        return lambda route: pending.append(route)
    body = FAILED_BODIES[failure]
    return lambda route: route.fulfill(status=200, content_type="application/json", body=body)


def test_any_failure_leaves_the_page_as_it_is(page, console_errors):
    """The booking page loaded anew for each way the open-times relay may fail: each time
    the calendar opens while the times are pending, and once the answer, whatever it
    was, has been handled, no block shows anything."""
    doctor = DOCTORS[0]
    pending = []
    relay = f"**{OPEN_TIMES_PATH_PREFIX}*"
    # The browser logs the aborted requests themselves.
    console_errors.expected.append(re.compile(rf"net::ERR_FAILED \(\S*{OPEN_TIMES_PATH_PREFIX}"))
    serve_cal_embed(page)
    for failure in FAILURES:
        with step(f"the relay's answer: {failure}"):
            page.unroute(relay)
            page.route(relay, failing_relay(failure, pending))
            with page.expect_request(relay):
                page.goto(pages_of(doctor, DEFAULT_LANG)["booking"])
            # The rest of the page does not wait: the calendar opens while the times are
            # pending.
            expect(page.locator("[data-cal-ready]")).to_have_attribute("data-cal-ready", "true")
            page.locator(f"#{doctor.slug} a[data-book-button]").click()
            assert len(ns_calls(page, doctor, "modal")) == 1
            if failure != "hang":  # the answer, whatever it was, has been handled
                page_ready(page)
            for each in DOCTORS:
                expect(block(page, each).locator("*")).to_have_count(0)


def test_a_doctor_further_down_the_booking_page_is_asked_for_once_scrolled_near(new_context):
    """No request for a card the patient has not come near: with a screen short enough
    that the last doctor's block is more than NEAR_SCREEN screens below it, nothing is
    asked for that doctor until the page is scrolled towards the card."""
    page = new_context(
        viewport={"width": MOBILE["width"], "height": 400}, is_mobile=True
    ).new_page()
    doctor = DOCTORS[-1]
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if OPEN_TIMES_PATH_PREFIX in r.url else None)
    route_answer(page, doctor, clinic_times())
    page.goto(pages_of(doctor, DEFAULT_LANG)["booking"])
    page_ready(page)
    below = page.evaluate(
        "(id) => document.getElementById(id).getBoundingClientRect().top / innerHeight - 1",
        block_id(doctor),
    )
    assert below > NEAR_SCREEN, (
        f"{doctor.slug}'s block is {below:.2f} screens below the first one: the test needs "
        f"it further than {NEAR_SCREEN} (a shorter viewport)"
    )
    assert not any(url.endswith(OPEN_TIMES_PATH_PREFIX + doctor.slug) for url in asked), (
        f"{doctor.slug}'s times were asked for before the card came near the screen: {asked}"
    )
    with page.expect_request(f"**{OPEN_TIMES_PATH_PREFIX}{doctor.slug}"):
        bring_near(page, doctor)
    expect(block(page, doctor).locator("a")).to_have_count(SHOWN)


@pytest.mark.own_server("it serves our own build as plain files")
def test_served_as_plain_files_the_block_stays_hidden(page, served_build):
    # served_build is the export our own production server left.
    doctor = DOCTORS[0]
    with PlainFileServer(served_build) as static:
        page.route(f"{static.url}/**", lambda route: route.continue_())
        for kind, path in pages_of(doctor, NEXT_LANG).items():
            page.goto(static.url + path)
            page_ready(page)
            if kind == "doctor":
                expect_the_visit_in_the_times_place(page, doctor, NEXT_LANG)
            else:
                expect(block(page, doctor).locator("*")).to_have_count(0)


# ------------------------------------------------------------------ the doctor's page on a phone


def times_arrive_without_moving(page, doctor, lang: str) -> None:
    """The answer held until the page has painted and hydrated without it: the visit shows
    in the times' place; then the times arrive and take the place kept for them."""
    held = []
    relay = f"**{OPEN_TIMES_PATH_PREFIX}{doctor.slug}"
    page.route(relay, lambda route: held.append(route))
    with page.expect_request(relay):
        page.goto(pages_of(doctor, lang)["doctor"])  # the block, in the first screen, asks at once
    expect_the_visit_in_the_times_place(page, doctor, lang)
    hero = doctor_hero(page)
    before = hero.bounding_box()
    empty_before = empty_below_last_line(hero)
    times = clinic_times()
    held[0].fulfill(
        status=200,
        content_type="application/json",
        body=body_for([moment.isoformat() for moment in times]),
    )
    expect(block(page, doctor).locator("a")).to_have_count(3)
    expect(block(page, doctor)).to_be_visible()
    expect(visit_fallback(page, doctor)).to_be_hidden()
    page_ready(page)
    assert hero.bounding_box() == before  # the times took the place kept for them
    assert seen_shifts(page) == []
    empty_after = empty_below_last_line(hero)
    assert max(empty_before, empty_after) < EMPTY_BAND_LIMIT_PX, (empty_before, empty_after)
    page.unroute(relay)


def failed_times_leave_the_visit(page, doctor, lang: str) -> None:
    """The relay's request aborted: the visit stays in the times' place, with no empty
    band under the hero's last line."""
    page.route(f"**{OPEN_TIMES_PATH_PREFIX}*", lambda route: route.abort())
    with page.expect_request(f"**{OPEN_TIMES_PATH_PREFIX}{doctor.slug}"):
        page.goto(pages_of(doctor, lang)["doctor"])
    page_ready(page)
    expect_the_visit_in_the_times_place(page, doctor, lang)
    empty = empty_below_last_line(doctor_hero(page))
    assert empty < EMPTY_BAND_LIMIT_PX, f"{empty:.0f} px empty under the hero's last line"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("doctor", DOCTORS, ids=lambda d: d.slug)
def test_on_a_phone_the_times_place_holds_the_visit(mobile_page, console_errors, doctor, lang):
    """The doctor's page on a phone, where the open times sit in the first screen, loaded
    twice in one tab, each load with its own answer of the open-times relay:
    1. held, then given: nothing moves when the times arrive, no empty band;
    2. aborted: the visit stays in the times' place, no empty band."""
    page = mobile_page
    assert page.viewport_size == MOBILE
    page.add_init_script(RECORD_LAYOUT_SHIFTS)
    with step(f"nothing moves when the times arrive ({doctor.slug}, {lang})"):
        times_arrive_without_moving(page, doctor, lang)
    # The browser logs the aborted request itself.
    console_errors.expected.append(re.compile(rf"net::ERR_FAILED \(\S*{OPEN_TIMES_PATH_PREFIX}"))
    with step(f"failed times leave the visit ({doctor.slug}, {lang})"):
        failed_times_leave_the_visit(page, doctor, lang)
