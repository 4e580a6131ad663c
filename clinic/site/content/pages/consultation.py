"""The consultation row of the inner pages (services, about, each doctor)."""

from __future__ import annotations

from clinic.site.content.base import Slug, Strict
from clinic.site.content.languages import Localized


class ConsultationPoint(Strict):
    key: Slug
    """The point's name in the texts files (ultrasound, same-day-results)."""
    value: Localized
    """The point, in two or three words: the tile's large line."""
    label: Localized
    """A line under it (what it covers, its conditions)."""


class ConsultationContent(Strict):
    """The consultation row closing the inner pages: the fee, the length, then the
    clinic's points."""

    points: list[ConsultationPoint] = []
    """What the row shows after the fee and the length, in this order, any number (none:
    those two alone)."""
