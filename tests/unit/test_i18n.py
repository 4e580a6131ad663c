"""Translations: same keys and placeholders in both languages, the key itself shown when
one is missing, and language-aware formatting of hours and prices."""

from __future__ import annotations

import re

from clinic.content import content
from clinic.i18n import format_price, format_time, opening_hours, t


def test_both_languages_have_the_same_keys():
    es, en = content().i18n["es"], content().i18n["en"]
    assert set(es) == set(en)
    assert len(es) > 100


def test_placeholders_match():
    es, en = content().i18n["es"], content().i18n["en"]
    for key in es:
        assert set(re.findall(r"\{(\w+)\}", es[key])) == set(re.findall(r"\{(\w+)\}", en[key])), key


def test_no_text_is_empty_or_identical_by_accident():
    es, en = content().i18n["es"], content().i18n["en"]
    assert all(value.strip() for value in es.values())
    # Proper nouns may match; whole sentences may not.
    same = [k for k in es if es[k] == en[k] and len(es[k].split()) > 3]
    assert same == []


def test_missing_key_displays_the_key():
    assert t("es", "nav.no_such_key") == "nav.no_such_key"


def test_placeholders_are_filled():
    assert t("en", "not_found.call", phone="+52 998 555 0142") == "Call us at +52 998 555 0142"


def test_times_per_language():
    assert format_time("09:00", "es") == "9:00 a. m."
    assert format_time("20:00", "es") == "8:00 p. m."
    assert format_time("14:00", "en") == "2:00 PM"
    assert format_time("00:30", "en") == "12:30 AM"


def test_price_format():
    assert format_price(1500, "MXN") == "1,500 MXN"


def test_opening_hours_from_the_one_source():
    assert opening_hours("es") == [
        ("Lunes a viernes", "9:00 a. m. a 8:00 p. m."),
        ("Sábado", "9:00 a. m. a 2:00 p. m."),
        ("Domingo", "Cerrado"),
    ]
    assert opening_hours("en") == [
        ("Monday to Friday", "9:00 AM to 8:00 PM"),
        ("Saturday", "9:00 AM to 2:00 PM"),
        ("Sunday", "Closed"),
    ]
