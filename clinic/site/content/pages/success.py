"""The success page's confirmation rules and notes."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from clinic.site.content.base import PositiveInt, Slug, Strict
from clinic.site.content.languages import Localized


class Rules(Strict):
    """The confirmation rules (docs/design.md, "The shipped sample's facts"); the one place their numbers live (the
    notes name them as {placeholders}). Each is optional, as a clinic's rules are: a note
    that names a number left out here stops the build."""

    arrive_early_minutes: PositiveInt | None = None
    """How many minutes early to arrive ({arrive_early_minutes})."""
    tolerance_minutes: PositiveInt | None = None
    """How late a patient may arrive, in minutes ({tolerance_minutes})."""
    change_notice_hours: PositiveInt | None = None
    """How many hours' notice a change needs ({change_notice_hours})."""

    def values(self) -> dict[str, int]:
        """The numbers given, by placeholder name."""
        return self.model_dump(exclude_none=True)


class Note(Strict):
    key: Slug
    """The note's name: its text is under it in each language's texts file."""
    text: Localized
    """{arrive_early_minutes}, {tolerance_minutes}, {change_notice_hours} and the clinic's
    facts ({email} shows as a link)."""


class SuccessContent(Strict):
    """The success page, shown after an appointment request."""

    rules: Rules = Rules()
    """The confirmation rules' numbers (any of them, or none)."""
    notes_heading: Localized
    """The heading over the notes."""
    notes: Annotated[list[Note], Field(min_length=1)]
    """The notes, in order."""
