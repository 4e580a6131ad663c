"""Translations: same keys and placeholders in both languages, the key itself shown when
one is missing, and the clinic's facts filled into texts from their one source (never
typed into a sentence). Each language's numbers, prices and times: test_formats.py."""

from __future__ import annotations

import re

import pytest

from clinic.site import i18n
from clinic.site.content import LANGS, ContentError, OpeningHours, content
from clinic.site.i18n import (
    clinic_values,
    consultation_length,
    consultation_price,
    doctor_bio,
    fill_facts,
    format_number,
    format_price,
    format_time,
    opening_hours,
    service_text,
    text_of,
    text_with_facts,
)
from tests import texts as strict


def test_every_language_has_the_same_keys():
    base = content().i18n[LANGS[0]]
    assert len(base) > 100
    for lang in LANGS[1:]:
        assert set(content().i18n[lang]) == set(base), lang


def test_placeholders_match():
    base = content().i18n[LANGS[0]]
    for lang in LANGS[1:]:
        other = content().i18n[lang]
        for key in base:
            want, got = (set(re.findall(r"\{(\w+)\}", text)) for text in (base[key], other[key]))
            assert want == got, (lang, key)


def _words(text: str) -> list[str]:
    """A text's own words: its {placeholders} are the same in every language."""
    return re.sub(r"\{\w+\}", " ", text).split()


def test_no_text_is_empty_or_identical_by_accident():
    first, *others = LANGS
    base = content().i18n[first]
    assert all(value.strip() for value in base.values())
    # Proper nouns may match; whole sentences may not (a language drafted from another by
    # `make language` repeats it until translated: not one of the first two).
    for lang in others[:1]:
        texts = content().i18n[lang]
        same = [k for k in base if base[k] == texts[k] and len(_words(base[k])) > 3]
        assert same == [], lang


def test_missing_key_displays_the_key():
    assert text_of(LANGS[0], "nav.no_such_key") == "nav.no_such_key"


def test_a_tests_lookup_of_a_missing_key_fails():
    first, last = LANGS[0], LANGS[-1]
    with pytest.raises(KeyError, match=r"nav\.no_such_key"):
        strict.text_of(first, "nav.no_such_key")
    with pytest.raises(KeyError, match=r"nav\.no_such_key"):
        strict.text_with_facts(last, "nav.no_such_key")
    assert strict.text_of(first, "nav.contact") == text_of(first, "nav.contact")


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_filled(lang):
    filled = text_of(lang, "not_found.call", phone="+1 212 000 0000")
    assert "+1 212 000 0000" in filled and "{phone}" not in filled


def test_clinic_facts_fill_texts_from_their_one_source():
    clinic = content().clinic
    for lang in LANGS:
        assert text_with_facts(lang, "not_found.call") == text_of(
            lang, "not_found.call", phone=clinic.phone
        )
    for lang in LANGS:
        values = clinic_values(lang)
        assert (
            values["price"]
            == consultation_price(lang)
            == format_price(clinic.consultation.price, clinic.consultation.currency, lang)
        )
        assert values["duration"] == consultation_length(lang)
        assert values["Duration"] == values["duration"][:1].upper() + values["duration"][1:]
        for name, figure in clinic.claims.items():
            assert values[name] == format_number(figure, lang)
        assert consultation_price(lang) in text_with_facts(lang, "pages.faq.meta_description")
        assert consultation_length(lang) in text_with_facts(lang, "pages.faq.meta_description")


def test_unknown_placeholder_names_the_text():
    lang = LANGS[0]
    with pytest.raises(
        ContentError, match=rf"the {lang} text 'Fax: \{{fax\}}': unknown placeholder \{{fax\}}"
    ):
        fill_facts(lang, "Fax: {fax}")


def test_a_placeholder_the_facts_lack_names_the_file_and_field(monkeypatch):
    """A text citing a figure clinic.yaml does not give stops the build with one line
    naming where the text is written: a site-wide text by its key, a page's or a doctor's
    text by its file and field."""
    lang, data = LANGS[-1], content()
    key = next(iter(data.i18n[lang]))
    page_text = "More than {patients_seen} patients"
    edited = data.model_copy(
        update={
            "i18n": {**data.i18n, lang: {**data.i18n[lang], key: "{patients_seen} patients"}},
            "text_fields": {lang: {page_text: "i18n/xx/some.yaml: field 'facts.0.value'"}},
        }
    )
    monkeypatch.setattr(i18n, "content", lambda: edited)
    with pytest.raises(
        ContentError,
        match=rf"^{re.escape(data.text_place(lang, key))}: unknown "
        r"placeholder \{patients_seen\}: .*claims[^\n]*$",
    ):
        text_with_facts(lang, key)
    with pytest.raises(
        ContentError,
        match=r"^i18n/xx/some\.yaml: field 'facts\.0\.value': unknown placeholder "
        r"\{patients_seen\}",
    ):
        fill_facts(lang, page_text)


def test_the_loader_knows_where_each_page_text_is_written():
    data = content()
    for doctor in data.doctors:  # (two doctors may share a text: the first one's is named)
        for lang in LANGS:
            where = data.text_field(lang, doctor.bio(lang)) or ""
            assert re.fullmatch(
                rf"i18n/{lang}/doctor\.yaml: field 'doctors\.[a-z0-9-]+\.bio'", where
            )


def test_doctor_and_service_texts_speak_of_their_doctor():
    for doctor in content().doctors:
        for lang in LANGS:
            bio = doctor_bio(doctor, lang)
            assert (
                "{" not in bio and doctor.name(lang) in bio and str(doctor.years_experience) in bio
            )
    for service in (s for s in content().services if s.specialist):
        doctor = content().doctor(service.specialist)
        for lang in LANGS:
            template = content().i18n[lang][f"services.{service.key}.description"]
            expected = template.replace("{years}", str(doctor.years_experience)).replace(
                "{name}", doctor.name(lang)
            )
            assert service_text(lang, service.key, "description") == fill_facts(lang, expected)


@pytest.mark.parametrize("minutes", [60, 45, 90])
def test_consultation_length_follows_the_minutes(monkeypatch, minutes):
    """60 minutes read as the words of duration.full_hour ("una hora completa", "a full
    hour"); any other length as duration.minutes with the number ("45 minutos")."""
    clinic = content().clinic
    edited = clinic.model_copy(
        update={"consultation": clinic.consultation.model_copy(update={"minutes": minutes})}
    )
    monkeypatch.setattr(i18n, "content", lambda: content().model_copy(update={"clinic": edited}))
    for lang in LANGS:
        expected = (
            text_of(lang, "duration.full_hour")
            if minutes == 60
            else text_of(lang, "duration.minutes", minutes=minutes)
        )
        assert consultation_length(lang) == expected
        assert (str(minutes) in expected) == (minutes != 60)
        assert clinic_values(lang)["Duration"] == expected[:1].upper() + expected[1:]
        assert clinic_values(lang)["duration"] in text_with_facts(lang, "pages.booking.intro")


@pytest.mark.parametrize("lang", LANGS)
def test_opening_hours_from_the_one_source(monkeypatch, lang):
    """Rows in the order of clinic.yaml's hours, a span of days as days.span names it, the
    closed days last: the words are each language's (days.*, hours.*)."""
    hours = [
        OpeningHours(days=["Mo", "Tu", "We", "Th", "Fr"], opens="09:00", closes="20:00"),
        OpeningHours(days=["Sa"], opens="09:00", closes="14:00"),
    ]
    edited = content().clinic.model_copy(update={"hours": hours})
    monkeypatch.setattr(i18n, "content", lambda: content().model_copy(update={"clinic": edited}))

    def day(code: str) -> str:
        return text_of(lang, f"days.{code}")

    def capitalised(text: str) -> str:
        return text[:1].upper() + text[1:]

    def hours_range(opens: str, closes: str) -> str:
        return text_of(
            lang, "hours.range", opens=format_time(opens, lang), closes=format_time(closes, lang)
        )

    assert opening_hours(lang) == [
        (
            capitalised(text_of(lang, "days.span", first=day("Mo"), last=day("Fr"))),
            hours_range("09:00", "20:00"),
        ),
        (capitalised(day("Sa")), hours_range("09:00", "14:00")),
        (capitalised(day("Su")), text_of(lang, "hours.closed")),
    ]
