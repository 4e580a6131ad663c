"""Translations and language-aware formatting.

Text is looked up at build time: each page is compiled once per language and carries
only its own language's strings.
"""

from __future__ import annotations

from clinic.content import content

# Day order for grouping opening hours ("Mo".."Su").
WEEK = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")


def t(lang: str, key: str, **values: object) -> str:
    """The text for `key` in `lang`, with {placeholders} filled.

    A missing key displays the key itself (spec section 3), so a gap is visible, not
    silent; the loader and a test make sure none is missing.
    """
    text = content().i18n.get(lang, {}).get(key)
    if text is None:
        return key
    return text.format(**values) if values else text


def clinic_values() -> dict[str, str]:
    """Clinic facts usable as {placeholders} in any text."""
    clinic = content().clinic
    address = clinic.address
    return {
        "brand": clinic.brand,
        "phone": clinic.phone,
        "email": clinic.email,
        "hospital": address.hospital,
        "office": address.office,
        "floor": address.floor,
        "street": address.street,
        "postal_code": address.postal_code,
        "city": address.city,
        "region": address.region,
    }


def tc(lang: str, key: str, **values: object) -> str:
    """`t` with the clinic's facts ({brand}, {hospital}, {phone}, ...) available."""
    return t(lang, key, **{**clinic_values(), **values})


def format_time(hhmm: str, lang: str) -> str:
    """"09:00" -> "9:00 a. m." (es, Mexican style) or "9:00 AM" (en)."""
    hour, minute = (int(part) for part in hhmm.split(":"))
    suffix = ("a. m.", "p. m.") if lang == "es" else ("AM", "PM")
    shown = hour % 12 or 12
    return f"{shown}:{minute:02d} {suffix[hour >= 12]}"


def format_price(amount: int, currency: str) -> str:
    """1500, "MXN" -> "1,500 MXN" (Mexico and English both group with a comma)."""
    return f"{amount:,} {currency}"


def consultation_price() -> str:
    fee = content().clinic.consultation
    return format_price(fee.price, fee.currency)


def _day_span(days: list[str], lang: str) -> str:
    """["Mo".."Fr"] -> "Lunes a viernes": Spanish day names are lower case mid-sentence."""
    if len(days) == 1:
        text = t(lang, f"days.{days[0]}")
    else:
        text = t(lang, "days.span", first=t(lang, f"days.{days[0]}"), last=t(lang, f"days.{days[-1]}"))
    return text[:1].upper() + text[1:]


def opening_hours(lang: str) -> list[tuple[str, str]]:
    """(days, hours) rows for display, closed days last, from the one hours source."""
    rows = [
        (
            _day_span(list(entry.days), lang),
            t(lang, "hours.range", opens=format_time(entry.opens, lang),
              closes=format_time(entry.closes, lang)),
        )
        for entry in content().clinic.hours
    ]
    open_days = {day for entry in content().clinic.hours for day in entry.days}
    closed = [day for day in WEEK if day not in open_days]
    if closed:
        rows.append((_day_span(closed, lang), t(lang, "hours.closed")))
    return rows
