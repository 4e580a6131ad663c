"""The about page's texts."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from clinic.site.content.base import Strict
from clinic.site.content.languages import Localized


class ValueCard(Strict):
    title: Localized
    """The card's title."""
    text: Localized
    """The card's text."""


class AboutContent(Strict):
    """The about page: the clinic's story, values, team, hospital and certifications
    (doctors, licenses and permit numbers come from doctors.yaml and clinic.yaml)."""

    story_heading: Localized
    """The heading over the story."""
    story: Annotated[list[Localized], Field(min_length=1)]
    """Who the clinic is: paragraphs."""
    values_heading: Localized
    """The heading over the values."""
    values: Annotated[list[ValueCard], Field(min_length=1)]
    """What sets the clinic apart: cards with a title and a text."""
    team_heading: Localized
    """The heading over the doctors."""
    team_intro: Localized
    """The line under it."""
    hospital_heading: Localized
    """The heading over the hospital setting."""
    hospital: Annotated[list[Localized], Field(min_length=1)]
    """Where the clinic is: paragraphs."""
    amenities_heading: Localized
    """The heading over the amenities."""
    amenities: list[Localized]
    """The hospital's amenities: one short item each."""
    certifications_heading: Localized
    """The heading over the certifications and permits."""
    certifications_intro: Localized
    """The line under it."""
