"""The accessibility statement."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from pydantic import Field

from clinic.site.content.base import Slug, Strict
from clinic.site.content.languages import Localized


class StatementSection(Strict):
    key: Slug
    """The section's anchor on the page (#testing)."""
    title: Localized
    """The section's heading."""
    body: Localized
    """Blank lines separate paragraphs; lines starting with "- " are bullets. The clinic's
    facts as {placeholders} ({email}, {phone})."""


class AccessibilityContent(Strict):
    """The accessibility statement: the standard the site aims for, how it is tested, what
    is known not to meet it, how to report a problem, and when it was last reviewed."""

    reviewed: date
    """When the statement was last reviewed against the site, unquoted: 2026-11-28 (each
    language writes it its own way)."""
    sections: Annotated[list[StatementSection], Field(min_length=1)]
    """The sections, in order."""
