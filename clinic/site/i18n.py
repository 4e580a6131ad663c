"""Translations and language-aware formatting.

Text is looked up at build time: each page is compiled once per language and carries
only its own language's strings.
"""

from __future__ import annotations

from clinic.site.content import LANGUAGES, ContentError, Doctor, content

# The locale the browser formats numbers, dates and times in (Intl), per site language
# (content/languages.yaml).
BROWSER_LOCALES = {language.code: language.locale for language in LANGUAGES}

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
        "price": consultation_price(),
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
    return {**facts, **{name: format_number(value) for name, value in clinic.claims.items()}}


def doctor_values(doctor: Doctor, lang: str) -> dict[str, str]:
    """{name} and {years} of a text about one doctor (a bio, a service's specialist)."""
    return {"name": doctor.name(lang), "years": str(doctor.years_experience)}


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
    return text_of(lang, "duration.minutes", minutes=minutes)


def format_number(value: int) -> str:
    """5000 -> "5,000" (Mexico and English both group thousands with a comma)."""
    return f"{value:,}"


def format_time(hhmm: str, lang: str) -> str:
    """ "09:00" -> "9:00 a. m." (es, Mexican style) or "9:00 AM" (en): the 12-hour clock,
    with the language's `hours.am`/`hours.pm`."""
    hour, minute = (int(part) for part in hhmm.split(":"))
    suffix = (text_of(lang, "hours.am"), text_of(lang, "hours.pm"))
    shown = hour % 12 or 12
    return f"{shown}:{minute:02d} {suffix[hour >= 12]}"


def format_price(amount: int, currency: str) -> str:
    """1500, "MXN" -> "1,500 MXN" (Mexico and English both group with a comma)."""
    return f"{format_number(amount)} {currency}"


def consultation_price() -> str:
    fee = content().clinic.consultation
    return format_price(fee.price, fee.currency)


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
