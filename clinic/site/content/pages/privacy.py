"""The privacy notice."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from clinic.site.content.base import Slug, Strict, YearMonth
from clinic.site.content.languages import Localized


class PrivacySection(Strict):
    key: Slug
    """The section's anchor on the page (#controller)."""
    title: Localized
    """The section's title (numbered on the page)."""
    body: Localized
    """Blank lines separate paragraphs; lines starting with "- " are bullets."""


class PrivacyContent(Strict):
    """The privacy notice: its sections, numbered on the page in this order."""

    updated: YearMonth
    """The month the notice was last updated, YYYY-MM (2025-10): each language's page names
    it in its own words ("octubre de 2025", "October 2025")."""
    sections: Annotated[list[PrivacySection], Field(min_length=1)]
    """The sections, in order, as many as the notice has."""
