"""Titles and descriptions fit their limits whatever the doctors' names and specialties
(clinic/site/head_text_limits.py); a hand-written one out of bounds is a content error naming
its file and field. Names and specialties here are made up for the test, of every length."""

from __future__ import annotations

import re
import shutil
from itertools import product

import pytest

from clinic.site import head_text_limits
from clinic.site.content import CONTENT_DIR, LANGS, ContentError, content, load_content
from clinic.site.content.files import parse_yaml
from clinic.site.head_text_limits import ELLIPSIS, head_text, limits_of
from clinic.site.i18n import fill_facts
from devtools.content_variants import dump

NAMES = [
    "Dr. Li",
    "Dra. Ana Ruiz",
    "Dra. María José Fernández Ávila",
    "Dra. María Fernanda de la Concepción Garza Ibáñez de los Santos Peña",
]
SPECIALTIES = [
    "OB",
    "Ginecóloga",
    "Ginecóloga y obstetra, especialista en histeroscopia, síndrome de ovario poliquístico y menopausia",
    "Gynecologist " + " ".join(["specialized in something rather long"] * 6),
    ", ".join(["especialista en algo bastante largo"] * 5),
]


def _doctor_values(lang: str, name: str, specialty: str) -> dict[str, str]:
    return {
        "name": name,
        "specialty": specialty,
        "years": "7",
        # A role the content writes: its first doctor's.
        "role": content().role(content().doctors[0], lang),
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("field", ["meta_title", "meta_description"])
def test_a_doctor_s_head_texts_fit_whatever_the_name_and_specialty(lang, field):
    limits = limits_of(field)
    for name, specialty in product(NAMES, SPECIALTIES):
        text = head_text(lang, f"pages.doctor.{field}", **_doctor_values(lang, name, specialty))
        assert limits.admit(text), f"{len(text)}: {text}"
        # A shortened name keeps its first three words; a cut specialty says so.
        assert " ".join(name.split()[:3]) in text


def test_a_long_specialty_is_cut_after_a_clause_before_a_word():
    specialty = SPECIALTIES[2]
    long_name = NAMES[2]
    text = head_text(
        LANGS[0], "pages.doctor.meta_description", **_doctor_values(LANGS[0], long_name, specialty)
    )
    assert ELLIPSIS not in text
    assert specialty.split(", ")[0] in text


def test_head_texts_that_fit_are_used_as_written():
    """The shipped texts are the page's texts, untouched, wherever they fit."""
    doctor = content().doctors[0]
    for lang in LANGS:
        values = {
            "name": doctor.name(lang),
            "specialty": doctor.specialty(lang),
            "years": "7",
            "role": content().role(doctor, lang),
        }
        for field in ("meta_title", "meta_description"):
            key = f"pages.doctor.{field}"
            # As written, with the clinic's facts ({brand}, {city}...) and the doctor's.
            written = fill_facts(lang, content().i18n[lang][key], **values)
            text = head_text(lang, key, **values)
            if limits_of(field).admit(written):
                assert text == written


@pytest.mark.skipif(len(LANGS) < 2, reason="a site of one language: no other to leave untouched")
def test_a_hand_written_head_text_out_of_bounds_is_refused_naming_file_and_field(
    tmp_path, monkeypatch
):
    copy = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, copy)
    key = "pages.faq.meta_description"
    edited = load_content(copy)
    source = copy / edited.i18n_file(LANGS[-1], key)
    data = parse_yaml(source.read_text(encoding="utf-8"))
    node = data
    *parents, last = edited.i18n_field(LANGS[-1], key).split(".")
    for part in parents:
        node = node[part]
    # Only its placeholders: far too short, and still the same ones as the Spanish text.
    node[last] = " ".join(sorted(f"{{{name}}}" for name in re.findall(r"\{(\w+)\}", node[last])))
    source.write_text(dump(data, sort_keys=True), encoding="utf-8")
    monkeypatch.setattr(head_text_limits, "content", lambda: load_content(copy))
    with pytest.raises(
        ContentError,
        match=rf"^{re.escape(edited.text_place(LANGS[-1], key))}: \d+ characters",
    ):
        head_text(LANGS[-1], key)
    assert head_text(LANGS[0], key)  # the other language is untouched


def test_every_text_key_knows_its_file_and_field():
    data = content()
    parsed: dict[str, dict] = {}  # each file read once: thousands of keys share a few files
    for lang in LANGS:
        assert set(data.i18n_files[lang]) == set(data.i18n[lang]) == set(data.i18n_fields[lang])
        for key, text in data.i18n[lang].items():
            relative = data.i18n_file(lang, key)
            if relative not in parsed:
                parsed[relative] = parse_yaml((CONTENT_DIR / relative).read_text("utf-8"))
            node = parsed[relative]
            for part in data.i18n_field(lang, key).split("."):
                node = node[part]
            assert node == text, data.text_place(lang, key)
