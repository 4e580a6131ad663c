"""The inner pages' content files load, hold what the spec asks for, and every page
renders in both languages with no raw translation key and no unfilled {placeholder}."""

from __future__ import annotations

import re

import pytest

from clinic.clinic import RENDERERS
from clinic.content import content
from clinic.pages.about import about_content
from clinic.pages.doctor import doctor_texts
from clinic.pages.faq import faq_entries, faq_views
from clinic.pages.privacy import privacy_content
from clinic.pages.service import service_content
from clinic.pages.success import success_content
from clinic.routes import all_pages

INNER = [p for p in all_pages() if p.kind in {"service", "about", "doctor", "faq", "privacy", "success"}]


def test_every_content_file_loads():
    for service in content().services:
        assert len(service_content(service.key).cards) >= 4
    for doctor in content().doctors:
        assert doctor_texts(doctor.slug).approach
    about_content()


@pytest.mark.parametrize("p", INNER, ids=lambda p: f"{p.id}-{p.lang}")
def test_page_renders_without_raw_keys_or_placeholders(p):
    compiled = str(RENDERERS[p.kind](p))
    # A missing key displays itself ("inner.book"): look for any literal shaped like a
    # key of the table, known or not.
    prefixes = "|".join(sorted({k.split(".")[0] for k in content().i18n[p.lang]}))
    literals = set(re.findall(r'"([^"\\]*)"', compiled))
    raw = sorted(s for s in literals if re.fullmatch(rf"(?:{prefixes})(?:\.\w+)+", s))
    assert not raw, f"raw translation key(s) on {p.path}: {raw}"
    assert not re.search(r"\{[a-z_]+\}", " ".join(literals)), f"unfilled placeholder on {p.path}"


def test_faq_has_the_spec_cards_and_seven_services():
    for lang in ("es", "en"):
        views = {v.key: v for v in faq_views(lang)}
        assert {"cost", "location", "doctors", "ultrasound", "services", "hours"} <= set(views)
        assert len(views["services"].items) == 7
        assert "1,500 MXN" in views["cost"].answer_text
        entries = faq_entries(lang)
        assert [q for q, _ in entries] == [v.question for v in faq_views(lang)]
        assert all(q and a and "{" not in a for q, a in entries)


def test_privacy_notice_has_eleven_sections_and_october_2025():
    data = privacy_content()
    assert len(data.sections) == 11
    assert [s.key for s in data.sections] == [
        "controller", "data", "purposes", "sensitive", "sharing", "security",
        "arco", "revocation", "cookies", "changes", "contact",
    ]
    assert (data.updated("es"), data.updated("en")) == ("octubre de 2025", "October 2025")


def test_success_rules_are_the_spec_constants():
    rules = success_content().rules
    assert (rules.arrive_early_minutes, rules.tolerance_minutes, rules.change_notice_hours) == (10, 15, 24)
    assert [n.key for n in success_content().notes] == [
        "arrive", "tolerance", "changes", "no-show", "companion", "invoice"]
