"""Closed days (clinic.yaml, `closed`): on such a day, in the clinic's time zone, every page
says so at its top from the first paint, scripts or none; in the days before, it announces
them; on any other day it shows nothing. The browser's clock is moved to the day under
test and the device is put in a zone where the date is another, so the clinic's date is
what decides. Which days, how far ahead, the texts and the paths all come from content.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect

from clinic.site.components.closed_days import upcoming_closed_days, when_closed
from clinic.site.content import ClosedDays, content
from clinic.site.routes import path_for
from tests.e2e.languages import DEFAULT_LANG, LANGS
from tests.e2e.page_ready import page_ready
from tests.e2e.walked_pages import walked_pages
from tests.e2e.without_javascript import (
    ABORTED,
    BUNDLE_FAILURES,
    context_without_javascript,
    open_with_scripts_held,
)
from tests.texts import text_of, text_with_facts

CLINIC_ZONE = ZoneInfo(content().clinic.time_zone)
# Where the device is: 14 hours ahead of UTC, so late in the clinic's evening it is already
# the next day there (unless the clinic itself is that far east).
DEVICE_ZONE = "Pacific/Kiritimati"
LATE_EVENING = time(23, 30)

RUNS = upcoming_closed_days()
pytestmark = pytest.mark.skipif(
    not RUNS, reason="the content lists no closed day ahead (clinic.yaml, closed.days)"
)
FIRST = RUNS[0] if RUNS else None


def at(day: date, when: time = LATE_EVENING) -> datetime:
    return datetime.combine(day, when, tzinfo=CLINIC_ZONE)


def notice(page: Page, lang: str):
    return page.get_by_role("complementary", name=text_of(lang, "closed_days.label"), exact=True)


def expect_notice(page: Page, lang: str, when: str, run: ClosedDays) -> None:
    shown = notice(page, lang)
    expect(shown).to_have_count(1)
    expect(shown).to_be_visible()
    expect(shown).to_contain_text(when_closed(when, run, lang), use_inner_text=True)
    if run.reason:
        expect(shown).to_contain_text(text_of(lang, f"closed_days.reasons.{run.reason}"))
    expect(
        shown.get_by_role("link", name=text_of(lang, "closed_days.book"), exact=True)
    ).to_have_attribute("href", path_for("booking", lang))
    expect(
        shown.get_by_role("link", name=text_with_facts(lang, "closed_days.call"), exact=True)
    ).to_have_attribute("href", content().clinic.tel_href)


def open_at(new_context, moment: datetime, path: str, **options) -> Page:
    page = new_context(timezone_id=DEVICE_ZONE, **options).new_page()
    page.clock.install(time=moment)
    page.goto(path)
    return page


def pages_told(lang: str) -> list:
    """In the default language, every page kind (the notice is the layout's, and the
    before-paint step that shows it is one script for every page); in the others, the
    home page, which proves their words and their layout's place for it (tests/e2e/
    languages.py says which tests run in every language)."""
    pages = [p for p in walked_pages() if p.lang == lang]
    return pages if lang == DEFAULT_LANG else [p for p in pages if p.kind == "home"]


@pytest.mark.parametrize("lang", LANGS)
def test_on_a_closed_day_every_page_says_so_before_its_scripts_run(new_context, lang):
    # Late on the run's last day: on the device it is already the day after.
    page = new_context(timezone_id=DEVICE_ZONE).new_page()
    page.clock.install(time=at(FIRST.last))
    for shown in pages_told(lang):
        held = open_with_scripts_held(page, shown.path)
        # The HTML has painted and no script of the page's own has run yet.
        expect_notice(page, lang, "today", FIRST)
        box = notice(page, lang).bounding_box()
        heading = page.locator("main h1").first.bounding_box()
        held.release()
        page_ready(page)
        # Hydrated: the notice is where it was, and so is everything below it.
        expect_notice(page, lang, "today", FIRST)
        assert notice(page, lang).bounding_box() == box, shown.path
        assert page.locator("main h1").first.bounding_box() == heading, shown.path


@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
def test_the_notice_shows_when_the_pages_scripts_never_come(new_context):
    lang = LANGS[0]
    context = context_without_javascript(new_context, ABORTED, timezone_id=DEVICE_ZONE)
    page = context.new_page()
    page.clock.install(time=at(FIRST.last))
    page.goto(path_for("home", lang))
    expect_notice(page, lang, "today", FIRST)


@pytest.mark.parametrize("lang", LANGS)
def test_the_days_before_announce_the_closed_days(new_context, lang):
    before = content().clinic.closed.notice_days_before
    if before == 0:
        pytest.skip("clinic.yaml announces no closed day ahead (notice_days_before: 0)")
    first_day_told = FIRST.start - timedelta(days=before)
    page = open_at(new_context, at(first_day_told), path_for("contact", lang))
    expect_notice(page, lang, "soon", FIRST)


@pytest.mark.parametrize("lang", LANGS)
def test_on_other_days_nothing_shows_and_nothing_moves(new_context, lang):
    before = content().clinic.closed.notice_days_before
    quiet = FIRST.start - timedelta(days=before + 1)
    if any(run.start <= quiet + timedelta(days=before) and run.last >= quiet for run in RUNS):
        pytest.skip("another closed day is announced on the day before the first is")
    page = open_at(new_context, at(quiet), path_for("home", lang))
    page_ready(page)
    expect(notice(page, lang)).to_have_count(0)
    # The prerendered notices are there, hidden: none takes any room.
    boxes = page.locator("main > aside").evaluate_all(
        "(asides) => asides.map((a) => a.getBoundingClientRect().height)"
    )
    assert boxes and all(height == 0 for height in boxes)


def test_a_closed_day_over_is_ignored_without_a_rebuild(new_context):
    lang = LANGS[0]
    last = RUNS[-1]
    page = open_at(new_context, at(last.last + timedelta(days=1)), path_for("home", lang))
    page_ready(page)
    expect(notice(page, lang)).to_have_count(0)
