"""The faq page."""

from __future__ import annotations

import reflex as rx

from clinic.pages.generic import page_intro
from clinic.routes import Page


def faq_entries(lang: str) -> list[tuple[str, str]]:
    """(question, answer) pairs the FAQ page shows, in `lang`; the FAQPage JSON-LD is
    built from exactly these. Placeholder until the FAQ page itself lands (issue #4,
    another branch): no questions yet, so no FAQPage is emitted."""
    return []


def render(page: Page) -> rx.Component:
    return page_intro(page)
