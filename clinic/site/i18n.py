"""Translations and language-aware formatting.

Text is looked up at build time: each page is compiled once per language and carries
only its own language's strings.
"""

from __future__ import annotations

import datetime

from clinic.site import formats
from clinic.site.content import LANGUAGES, ContentError, Doctor, content

# The locale each site language writes its numbers, prices, dates and times in
# (content/languages.yaml): on the server through Babel (formats.py), in the browser
# through Intl; both are CLDR's.
LOCALES = {language.code: language.locale for language in LANGUAGES}

# Day order for grouping opening hours ("Mo".."Su").
WEEK = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")


def text_of(lang: str, key: str, **values: object) -> str:
    """The text for `key` in `lang`, with {placeholders} filled.

    A missing key displays the key itself (docs/design.md, "What the site holds"), so a gap is visible, not
    silent; the loader and a test make sure none is missing.
    """
    text = content().i18n.get(lang, {}).get(key)
    if text is None:
        return key
    return text.format(**values) if values else text


def clinic_values(lang: str) -> dict[str, str]:
    """The clinic's facts as {placeholders}, usable in any text: the i18n keys (through
    `text_with_facts`) and the pages' long texts (through `fill_facts`). This
    is the one place that turns clinic.yaml into words; a text never types a fact itself.
    The figures of `claims` join them under their own names ("5,000")."""
    clinic = content().clinic
    address = clinic.address
    duration = consultation_length(lang)
    facts = {
        "brand": clinic.brand,
        "legal_name": clinic.legal_name,
        "phone": clinic.phone,
        "email": clinic.email,
        "hospital": address.hospital,
        "office": address.office,
        "floor": address.floor,
        "street": address.street,
        "postal_code": address.postal_code,
        "city": address.city,
        "region": address.region,
        "price": consultation_price(lang),
        # "dura {duration}", "consulta de {duration}"; {Duration} starts a sentence.
        "duration": duration,
        "Duration": duration[:1].upper() + duration[1:],
        "reviews_provider": clinic.reviews.provider,
    }
    taken = sorted(set(facts) & set(clinic.claims))
    if taken:
        raise ContentError(
            f"clinic.yaml: field 'claims.{taken[0]}': {{{taken[0]}}} is already the clinic's "
            f"{taken[0]}; give the figure another name"
        )
    return {**facts, **{name: format_number(value, lang) for name, value in clinic.claims.items()}}


def doctor_values(doctor: Doctor, lang: str) -> dict[str, str]:
    """{name} and {years} of a text about one doctor (a bio, a service's specialist)."""
    return {"name": doctor.name(lang), "years": format_number(doctor.years_experience, lang)}


def service_values(service_key: str, lang: str) -> dict[str, str]:
    """{name} and {years} in a service's texts: its specialist's (services.yaml)."""
    service = next((s for s in content().services if s.key == service_key), None)
    if service is None or service.specialist is None:
        return {}
    return doctor_values(content().doctor(service.specialist), lang)


def fill_facts(lang: str, text: str, **values: object) -> str:
    """A text with the clinic's facts and `values` filled in. An unknown {placeholder}
    stops the build naming the file and field the text is written in."""
    return _filled(lang, text, values)


def _filled(lang: str, text: str, values: dict[str, object], where: str | None = None) -> str:
    facts = clinic_values(lang)
    try:
        return text.format(**{**facts, **values})
    except KeyError as err:
        name = err.args[0]
        where = where or content().text_field(lang, text) or f"the {lang} text {text[:80]!r}"
        known = ", ".join(sorted({**facts, **values}))
        raise ContentError(
            f"{where}: unknown placeholder {{{name}}}: neither a fact of clinic.yaml (a figure "
            f"goes under its claims) nor a value of this text; known here: {known}"
        ) from None


def text_with_facts(lang: str, key: str, **values: object) -> str:
    """`text_of` with the clinic's facts ({brand}, {phone}, {price}, {duration}...) available."""
    text = content().i18n.get(lang, {}).get(key)
    if text is None:
        return key
    return _filled(lang, text, values, content().text_place(lang, key))


def doctor_bio(doctor: Doctor, lang: str) -> str:
    """The doctor's short bio (doctors.yaml) with their {name} and {years} filled in."""
    return fill_facts(lang, doctor.bio(lang), **doctor_values(doctor, lang))


def service_text(lang: str, service_key: str, field: str) -> str:
    """services.<key>.<field> (title, description) with the service's specialist."""
    return text_with_facts(
        lang, f"services.{service_key}.{field}", **service_values(service_key, lang)
    )


def consultation_length(lang: str) -> str:
    """The consultation's length in words, from `consultation.minutes`: 60 -> "una hora
    completa" / "a full hour", other values -> "45 minutos" / "45 minutes"."""
    minutes = content().clinic.consultation.minutes
    if minutes == 60:
        return text_of(lang, "duration.full_hour")
    return text_of(lang, "duration.minutes", minutes=format_number(minutes, lang))


def locale_of(lang: str) -> str:
    """The language's locale (content/languages.yaml), in which its numbers, prices, times
    and dates are written."""
    return LOCALES[lang]


def format_number(value: float, lang: str) -> str:
    """5000 -> "5,000" in es-MX and en-US, "5.000" in de-DE: the locale's own (CLDR)."""
    return formats.number(value, locale_of(lang))


def format_time(hhmm: str, lang: str) -> str:
    """ "20:00" as the language's locale tells the time (CLDR): "20:00" in de-DE; on a
    12-hour clock, the clock's time inside the language's own words for before and after
    noon, `hours.am`/`hours.pm` ("8:00 p. m.", "8:00 PM")."""
    clock = formats.clock_time(hhmm, locale_of(lang))
    period = formats.day_period(hhmm, locale_of(lang))
    return clock if period is None else text_of(lang, f"hours.{period}", time=clock)


def format_price(amount: float, currency: str, lang: str) -> str:
    """1500, "MXN" -> "1,500 MXN" in es-MX and en-US, "1.500 MXN" in de-DE (formats.price)."""
    return formats.price(amount, currency, locale_of(lang))


def format_month(year_month: str, lang: str) -> str:
    """ "2025-10" -> "octubre de 2025" in es-MX, "October 2025" in en-US (CLDR)."""
    year, month = (int(part) for part in year_month.split("-"))
    return formats.month_of_year(datetime.date(year, month, 1), locale_of(lang))


def format_day_and_month(day: datetime.date, lang: str) -> str:
    """2026-12-25 -> "25 de diciembre" in es-MX, "December 25" in en-US (CLDR)."""
    return formats.day_and_month(day, locale_of(lang))


def format_date(day: datetime.date, lang: str) -> str:
    """2026-11-28 -> "28 de noviembre de 2026" in es-MX, "November 28, 2026" in en-US."""
    return formats.long_date(day, locale_of(lang))


def consultation_price(lang: str) -> str:
    fee = content().clinic.consultation
    return format_price(fee.price, fee.currency, lang)


def rating_values(lang: str) -> dict[str, str]:
    """{value} and {count} of the texts about the clinic's rating, as the language writes
    numbers ("4.9", "4,9")."""
    rating = content().clinic.rating
    return {"value": format_number(rating.value, lang), "count": format_number(rating.count, lang)}


def _day_span(days: list[str], lang: str) -> str:
    """["Mo".."Fr"] -> "Lunes a viernes": Spanish day names are lower case mid-sentence."""
    if len(days) == 1:
        text = text_of(lang, f"days.{days[0]}")
    else:
        text = text_of(
            lang,
            "days.span",
            first=text_of(lang, f"days.{days[0]}"),
            last=text_of(lang, f"days.{days[-1]}"),
        )
    return text[:1].upper() + text[1:]


def opening_hours(lang: str) -> list[tuple[str, str]]:
    """(days, hours) rows for display, closed days last, from the one hours source."""
    rows = [
        (
            _day_span(list(entry.days), lang),
            text_of(
                lang,
                "hours.range",
                opens=format_time(entry.opens, lang),
                closes=format_time(entry.closes, lang),
            ),
        )
        for entry in content().clinic.hours
    ]
    open_days = {day for entry in content().clinic.hours for day in entry.days}
    closed = [day for day in WEEK if day not in open_days]
    if closed:
        rows.append((_day_span(closed, lang), text_of(lang, "hours.closed")))
    return rows
