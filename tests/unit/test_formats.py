"""Numbers, prices, times and months are written as each language's locale writes them
(clinic/site/formats.py, CLDR through Babel): the locales of content/languages.yaml, and
others a clinic may add (a 24-hour one, one with its own separators, one whose region CLDR
has no data of). What is expected is read from CLDR's data for the locale, never typed."""

from __future__ import annotations

import datetime
import json
import os
import re
import shutil
import subprocess
import sys

import pytest
from babel.numbers import get_group_symbol, parse_decimal

from clinic.project import PROJECT_DIR
from clinic.site import formats
from clinic.site.content import CONTENT_DIR, LANGS, LANGUAGES, content
from clinic.site.i18n import (
    consultation_price,
    format_date,
    format_day_and_month,
    format_month,
    format_number,
    format_price,
    format_time,
    locale_of,
    text_of,
)
from tools import add_language as tool

# Besides the content's: German (the 24-hour clock, "." between thousands), Canadian French
# ("20 h 00", a space between thousands) and French as written in Mexico, a region CLDR
# has no data of for French (it falls back to the language, as the browser's Intl does).
OTHER_LOCALES = ("de-DE", "fr-CA", "fr-MX")
LOCALES = tuple(dict.fromkeys([*(language.locale for language in LANGUAGES), *OTHER_LOCALES]))
# Times of day as clinic.yaml writes them: the content's own hours, and the day's edges.
TIMES = sorted(
    {entry.opens for entry in content().clinic.hours}
    | {entry.closes for entry in content().clinic.hours}
    | {"00:30", "12:05", "23:59"}
)


def hour_and_minute(hhmm: str) -> tuple[int, int]:
    hour, minute = hhmm.split(":")
    return int(hour), int(minute)


def figures(text: str) -> list[int]:
    return [int(digits) for digits in re.findall(r"\d+", text)]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("hhmm", TIMES)
def test_a_time_reads_on_the_locales_clock(locale, hhmm):
    hour, minute = hour_and_minute(hhmm)
    clock = formats.clock_time(hhmm, locale)
    period = formats.day_period(hhmm, locale)
    if period is None:  # the 24-hour clock
        assert figures(clock) == [hour, minute], clock
    else:
        assert figures(clock) == [hour % 12 or 12, minute], clock
        assert period == ("pm" if hour >= 12 else "am")
    assert f"{minute:02d}" in clock


@pytest.mark.parametrize("locale", LOCALES)
def test_a_locale_has_one_clock_all_day(locale):
    """CLDR's pattern decides the clock, not the hour: every time has a day period, or none."""
    assert len({formats.day_period(hhmm, locale) is None for hhmm in TIMES}) == 1


def test_the_clocks_are_cldrs():
    """German tells the time on the 24-hour clock, American English on the 12-hour one."""
    assert formats.day_period("20:00", "de-DE") is None
    assert formats.day_period("20:00", "en-US") == "pm"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("value", [7, 1500, 12500, 1234567, 4.9])
def test_a_number_reads_back_in_its_locale(locale, value):
    written = formats.number(value, locale)
    cldr = formats.cldr_locale(locale)
    assert float(parse_decimal(written, locale=cldr)) == pytest.approx(value)
    if value >= 10000:  # every locale groups five digits (some not four: es-ES)
        assert get_group_symbol(locale=cldr) in written, written


@pytest.mark.parametrize("locale", LOCALES)
def test_a_price_is_the_amount_in_the_locales_digits_then_the_code(locale):
    fee = content().clinic.consultation
    written = formats.price(fee.price, fee.currency, locale)
    assert written == f"{formats.number(fee.price, locale)} {fee.currency}"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_date_names_its_month_in_the_locales_words(locale):
    cldr = formats.cldr_locale(locale)
    for month in (1, 10):
        day = datetime.date(2031, month, 23)
        month_name = cldr.months["format"]["wide"][month].lower()
        written = formats.month_of_year(day, locale)
        assert "2031" in written and month_name in written.lower(), written
        written = formats.day_and_month(day, locale)
        assert "23" in written and "2031" not in written, written
        assert month_name in written.lower(), written
        written = formats.long_date(day, locale)
        assert "23" in written and "2031" in written, written


def test_a_region_cldr_lacks_falls_back_to_its_language():
    region, language = OTHER_LOCALES[-1], OTHER_LOCALES[-1].split("-")[0]
    assert str(formats.cldr_locale(region)) == language
    assert formats.number(1234567, region) == formats.number(1234567, language)


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda language: language.code)
def test_each_language_writes_in_its_own_locale(language):
    """The site's helpers take each language's locale from content/languages.yaml; the
    words around a 12-hour time are the language's own (hours.am, hours.pm)."""
    lang, locale = language.code, language.locale
    assert locale_of(lang) == locale
    fee = content().clinic.consultation
    assert format_price(fee.price, fee.currency, lang) == formats.price(
        fee.price, fee.currency, locale
    )
    assert consultation_price(lang) == formats.price(fee.price, fee.currency, locale)
    assert format_number(1234567, lang) == formats.number(1234567, locale)
    assert format_month("2031-10", lang) == formats.month_of_year(
        datetime.date(2031, 10, 1), locale
    )
    day = datetime.date(2031, 10, 23)
    assert format_day_and_month(day, lang) == formats.day_and_month(day, locale)
    assert format_date(day, lang) == formats.long_date(day, locale)
    for hhmm in TIMES:
        clock, period = formats.clock_time(hhmm, locale), formats.day_period(hhmm, locale)
        expected = clock if period is None else text_of(lang, f"hours.{period}", time=clock)
        assert format_time(hhmm, lang) == expected


# German as `make language` would add it: under a code the content has not taken (a clinic
# may already speak German), drafted from the last language that is not German, so the
# source's clock and separators are not German's already.
GERMAN = {
    "code": next(code for code in ("de", "deu") if code not in LANGS),
    "locale": OTHER_LOCALES[0],
    "name": "Deutsch",
}
GERMAN_SOURCE = next(
    (
        lang.code
        for lang in reversed(LANGUAGES)
        if lang.locale.split("-")[0] != OTHER_LOCALES[0].split("-")[0]
    ),
    LANGS[-1],
)
SHOW_GERMAN = (
    "import json, sys;"
    "from clinic.site.i18n import consultation_price, opening_hours;"
    "lang = sys.argv[1];"
    "print(json.dumps({'hours': opening_hours(lang), 'price': consultation_price(lang)}))"
)


def test_a_german_language_made_from_another_reads_german_formats(tmp_path):
    """`make language` starts German from another language's texts: its pages still
    tell the time on German's 24-hour clock and write German numbers, not the source's."""
    target = shutil.copytree(CONTENT_DIR, tmp_path / "content")
    source = GERMAN_SOURCE
    tool.add_language(target, GERMAN["code"], source, GERMAN["name"], GERMAN["locale"])
    env = {**os.environ, "CLINIC_CONTENT_DIR": str(target)}
    shown = subprocess.run(
        [sys.executable, "-c", SHOW_GERMAN, GERMAN["code"]],
        cwd=PROJECT_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert shown.returncode == 0, shown.stderr[-2000:]
    german = json.loads(shown.stdout.splitlines()[-1])
    fee = content().clinic.consultation
    assert german["price"] == formats.price(fee.price, fee.currency, GERMAN["locale"])
    rows = [hours for _, hours in german["hours"]]
    for entry in content().clinic.hours:
        assert (
            text_of(
                source,
                "hours.range",
                opens=formats.clock_time(entry.opens, GERMAN["locale"]),
                closes=formats.clock_time(entry.closes, GERMAN["locale"]),
            )
            in rows
        )
    # None of the source language's own words for before and after noon.
    for period in ("am", "pm"):
        word = text_of(source, f"hours.{period}", time="").strip()
        assert not word or not any(word in row for row in rows), word
