"""Numbers, prices, times of day and dates as a locale writes them: CLDR's data, through
Babel, for the locale content/languages.yaml gives each language ("es-MX", "de-DE").

The browser writes the moments it formats itself (open times, a booked appointment) with
Intl and the same locale: Intl is the browser's copy of CLDR. Machine formats (JSON-LD's
times and numbers, attributes) never pass through here.
"""

from __future__ import annotations

import datetime
from functools import cache, lru_cache

from babel import Locale, UnknownLocaleError
from babel.dates import (
    format_date,
    format_skeleton,
    format_time,
    get_time_format,
    tokenize_pattern,
)
from babel.dates import untokenize_pattern as pattern_of
from babel.numbers import format_decimal

# The field of a CLDR time pattern that writes the day period ("AM", "a. m.").
DAY_PERIOD = "a"


@cache
def cldr_locale(locale: str) -> Locale:
    """A locale as languages.yaml spells it (BCP 47, "es-MX") in Babel's terms. A region
    CLDR has no data of falls back to the language alone ("fr-MX" -> "fr"), as Intl does
    in the browser; a language it does not know raises UnknownLocaleError (the content
    model refuses one: languages.py)."""
    try:
        return Locale.parse(locale, sep="-")
    except UnknownLocaleError:
        return Locale.parse(locale.split("-")[0])


# Every text that names a figure formats it again (a page's texts, each of its head texts):
# the same few numbers over and over (`typed`: an int and an equal float
# never share an answer).
@lru_cache(maxsize=None, typed=True)
def number(value: float, locale: str) -> str:
    """A figure as the locale groups and punctuates it: 5000 -> "5,000" (es-MX, en-US),
    "5.000" (de-DE); 4.9 -> "4.9", "4,9"."""
    return format_decimal(value, locale=cldr_locale(locale))


def price(amount: float, currency: str, locale: str) -> str:
    """An amount in the locale's number format followed by its ISO 4217 code: 1500, "MXN"
    -> "1,500 MXN" (es-MX, en-US), "1.500 MXN" (de-DE). Not CLDR's currency pattern, whose
    symbol ("$", "MX$") and place (before the amount in English) vary by locale: the code
    after the amount reads the same to every patient.
    (docs/design.md, "Formats come from the locale")"""
    return f"{number(amount, locale)} {currency}"


def day_period(hhmm: str, locale: str) -> str | None:
    """Whether a time ("20:00") is before noon ("am") or after ("pm"), where the locale
    tells the time on the 12-hour clock (en-US, es-MX); None where it writes 20:00 (de-DE,
    fr-CA)."""
    if not any(_is_day_period(token) for token in _short_time_tokens(locale)):
        return None
    return "pm" if int(hhmm.split(":")[0]) >= 12 else "am"


def clock_time(hhmm: str, locale: str) -> str:
    """A time of day ("20:00") as the locale writes it, from CLDR's short time pattern: its
    clock, digits and separators, without the day period a 12-hour clock adds ("8:00" in
    en-US, "20:00" in de-DE, "20 h 00" in fr-CA). The day period is the language's own
    text around it (i18n.format_time)."""
    hour, minute = (int(part) for part in hhmm.split(":"))
    pattern = pattern_of(_without_day_period(_short_time_tokens(locale)))
    return format_time(datetime.time(hour, minute), pattern, locale=cldr_locale(locale))


def day_and_month(day: datetime.date, locale: str) -> str:
    """A day of the year as the locale names it: "25 de diciembre" (es-MX), "December 25"
    (en-US), "25. Dezember" (de-DE)."""
    return format_skeleton("MMMMd", day, locale=cldr_locale(locale))


def long_date(day: datetime.date, locale: str) -> str:
    """A date in full words: "28 de noviembre de 2026" (es-MX), "November 28, 2026" (en-US)."""
    return format_date(day, format="long", locale=cldr_locale(locale))


def month_of_year(day: datetime.date, locale: str) -> str:
    """The month and year of `day` as the locale names them: "octubre de 2025" (es-MX),
    "October 2025" (en-US), "Oktober 2025" (de-DE)."""
    return format_skeleton("yMMMM", day, locale=cldr_locale(locale))


# A piece of a CLDR pattern as Babel reads it: ("field", ("h", 1)) or ("chars", ":").
Token = tuple[str, str | tuple[str, int]]


@cache
def _short_time_tokens(locale: str) -> tuple[Token, ...]:
    return tuple(tokenize_pattern(get_time_format("short", locale=cldr_locale(locale)).pattern))


def _is_day_period(token: Token) -> bool:
    kind, value = token
    return kind == "field" and isinstance(value, tuple) and value[0] == DAY_PERIOD


def _without_day_period(tokens: tuple[Token, ...]) -> list[Token]:
    """The pattern's tokens without the day period and the space that joins it to the
    time ("h:mm a" -> "h:mm", "a h:mm" -> "h:mm")."""
    kept: list[Token] = []
    after_period = False
    for token in tokens:
        kind, value = token
        if _is_day_period(token):
            if kept and kept[-1][0] == "chars":
                kept[-1] = ("chars", str(kept[-1][1]).rstrip())
            after_period = True
            continue
        if after_period and kind == "chars":
            token = ("chars", str(value).lstrip())
        after_period = False
        kept.append(token)
    return [token for token in kept if token != ("chars", "")]
