"""A service page's texts (one file per service)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from clinic.site.content.base import Strict
from clinic.site.content.languages import Localized


class Fact(Strict):
    """A key figure about the service. Its numbers are {placeholders}: the clinic's
    `claims` (clinic.yaml) and the service specialist's {years} (doctors.yaml), so each
    number lives once."""

    value: Localized
    """The figure, with its {placeholder}: +{patients_seen}."""
    label: Localized
    """What the figure counts."""


class ServiceCard(Strict):
    title: Localized
    """The card's title."""
    text: Localized
    """The card's text."""


class Question(Strict):
    """A question patients ask about the service, answered on the page in plain text
    (no FAQPage structured data: that is the FAQ page's alone)."""

    question: Localized
    """The question."""
    answer: Localized
    """Its answer, in plain text."""


class ServiceContent(Strict):
    """A service page; {name} and {years} are the service's specialist's (services.yaml)."""

    facts: list[Fact] = []
    """Key figures shown in the page's hero (none: no figures there)."""
    intro_heading: Localized
    """The heading over the introduction."""
    intro: Annotated[list[Localized], Field(min_length=1)]
    """Paragraphs."""
    cards_heading: Localized
    """The heading over the cards."""
    cards: Annotated[list[ServiceCard], Field(min_length=2)]
    """How the clinic helps: cards with a title and a text (2 or more)."""
    visit: Annotated[list[Localized], Field(min_length=1)]
    """What happens at the visit: paragraphs."""
    prepare: Annotated[list[Localized], Field(min_length=2)]
    """How to prepare: a list."""
    questions: Annotated[list[Question], Field(min_length=3, max_length=4)]
    """Questions patients ask about the service (3 or 4)."""
