"""The inner pages' content files load, hold what the spec asks for, and every page
renders in both languages with no raw translation key and no unfilled {placeholder}
(every page of the route table, not only the inner ones)."""

from __future__ import annotations

import re

import pytest

from clinic.site.components import contact_form
from clinic.site.content import LANGS, content
from clinic.site.i18n import consultation_length, consultation_price, format_month
from clinic.site.page_content.faq import faq_content
from clinic.site.page_content.service import ServiceContent, service_content
from clinic.site.pages import renderer
from clinic.site.pages.about import about_content
from clinic.site.pages.doctor import doctor_texts
from clinic.site.pages.faq import faq_entries, faq_views
from clinic.site.pages.privacy import privacy_content
from clinic.site.pages.success import success_content
from clinic.site.routes import all_pages
from tests.texts import text_of


def min_length(model, field: str) -> int:
    """The fewest items a content model's list field takes."""
    return next(
        m.min_length for m in model.model_fields[field].metadata if hasattr(m, "min_length")
    )


INNER = [
    p for p in all_pages() if p.kind in {"service", "about", "doctor", "faq", "privacy", "success"}
]
PAGES = all_pages()


def test_every_content_file_loads():
    # As many cards as the model takes (its minimum is a promise, not the sample's count).
    fewest = min_length(ServiceContent, "cards")
    for service in content().services:
        assert len(service_content(service.key).cards) >= fewest
    for doctor in content().doctors:
        assert doctor_texts(doctor.slug).approach
    about_content()


@pytest.mark.parametrize("p", PAGES, ids=lambda p: f"{p.id}-{p.lang}")
def test_page_renders_without_raw_keys_or_placeholders(p):
    compiled = str(renderer(p.kind)(p))
    # A missing key displays itself ("inner.book"): look for any literal shaped like a
    # key of the table, known or not.
    prefixes = "|".join(sorted({k.split(".")[0] for k in content().i18n[p.lang]}))
    literals = set(re.findall(r'"([^"\\]*)"', compiled))
    raw = sorted(s for s in literals if re.fullmatch(rf"(?:{prefixes})(?:\.\w+)+", s))
    assert not raw, f"raw translation key(s) on {p.path}: {raw}"
    # The contact form's templates keep theirs: the browser fills them with what the
    # patient typed.
    literals -= set(contact_form.form_texts(p.lang).values())
    unfilled = re.findall(r"\{[A-Za-z_]+\}", " ".join(literals))
    assert not unfilled, f"unfilled placeholder(s) on {p.path}: {unfilled}"


def test_faq_has_a_card_per_question_with_the_fee_and_the_services_filled_in():
    entries = faq_content().entries
    for lang in LANGS:
        views = {v.key: v for v in faq_views(lang)}
        assert list(views) == [entry.key for entry in entries]
        for entry in entries:
            # A paragraph naming the fee or the length says the clinic's own.
            written = " ".join(paragraph(lang) for paragraph in entry.answer)
            answer = views[entry.key].answer_text
            assert ("{price}" in written) <= (consultation_price(lang) in answer), entry.key
            assert ("{duration}" in written) <= (consultation_length(lang) in answer), entry.key
            if entry.items != "services":
                continue
            services = views[entry.key].items
            assert [i.label for i in services[: len(content().services)]] == [
                text_of(lang, f"services.{s.key}.title") for s in content().services
            ]
            assert len(services) == len(content().services) + len(faq_content().extra_services)
        faq = faq_entries(lang)
        assert [q for q, _ in faq] == [v.question for v in faq_views(lang)]
        assert all(q and a and "{" not in a for q, a in faq)


def test_privacy_notice_has_its_sections_and_its_date_in_every_language():
    data = privacy_content()
    keys = [s.key for s in data.sections]
    assert keys and len(keys) == len(set(keys))
    # The date of the last update is the notice's own (a clinic updates it), one month
    # that every language names with its year.
    year = data.updated.split("-")[0]
    assert all(year in format_month(data.updated, lang) for lang in LANGS)


def test_success_notes_state_each_rule_from_its_one_number():
    """The confirmation rules are numbers in `rules`; each one the clinic has fills its
    note in every language (a clinic may have no such rule: no number, no note), and no
    note types a number of its own. (The sample's notes are the spec's: tests/sample.)"""
    data = success_content()
    rules = data.rules.values()
    assert all(value > 0 for value in rules.values())
    for lang in LANGS:
        templates = [n.text(lang) for n in data.notes]
        for name in rules:
            assert sum(f"{{{name}}}" in text for text in templates) == 1, f"{lang}: {{{name}}}"
        assert not any(re.search(r"\d", text) for text in templates), lang


@pytest.mark.parametrize("count", [0, 1, 3])
def test_the_consultation_row_is_the_fee_the_length_and_the_content_s_points(monkeypatch, count):
    """Any number of points after the fee and the length; none: those two alone, in two
    columns (no empty place where a third tile stood)."""
    from clinic.site.components import inner_blocks
    from clinic.site.content.pages.consultation import ConsultationContent, ConsultationPoint

    points = [
        ConsultationPoint(
            key=f"point-{i}",
            value={lang: f"Value {i} {lang}" for lang in LANGS},
            label={lang: f"Label {i} {lang}" for lang in LANGS},
        )
        for i in range(count)
    ]
    monkeypatch.setattr(
        inner_blocks, "consultation_content", lambda: ConsultationContent(points=points)
    )
    for lang in LANGS:
        row = str(inner_blocks.consultation_facts(lang))
        keys = re.findall(r'"data-consultation-tile":"([^"]+)"', row)
        assert keys == ["fee", "duration", *(f"point-{i}" for i in range(count))]
        # The compiled row writes a character outside ASCII (a no-break space, an accent)
        # as a JavaScript escape (\u00a0): read back as the text a patient sees.
        shown = row.encode("ascii", "backslashreplace").decode("unicode_escape")
        assert consultation_price(lang) in shown
        assert consultation_length(lang).lower() in shown.lower()
        assert all(f"Value {i} {lang}" in row and f"Label {i} {lang}" in row for i in range(count))
        columns = inner_blocks.ROW_COLUMNS.get(len(keys), inner_blocks.MANY_COLUMNS)
        assert f"grid gap-4 {columns}" in row
        assert (f"sm:grid-cols-{len(keys)}" in row) == (len(keys) in (2, 3))
