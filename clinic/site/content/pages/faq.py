"""The FAQ page's questions and answers."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from clinic.site.content.base import Slug, Strict
from clinic.site.content.languages import Localized


class FaqEntry(Strict):
    key: Slug
    """The question's id (the anchor of its link on the page)."""
    question: Localized
    """The question, as patients ask it."""
    answer: Annotated[list[Localized], Field(min_length=1)]
    """Paragraphs before the list."""
    items: Literal["doctors", "services", "hours"] | None = None
    """A list built from content under the answer: the doctors, the services or the hours."""
    note: list[Localized] = []
    """Paragraphs after the list."""
    link: Literal["booking", "map"] | None = None
    """An action under the answer: the booking page or the map."""


class FaqContent(Strict):
    """The FAQ page, in page order; the page and its FAQPage structured data."""

    entries: Annotated[list[FaqEntry], Field(min_length=1)]
    """The questions, in page order."""
    extra_services: list[Localized] = []
    """Services the clinic offers that have no page of their own (listed after those)."""
