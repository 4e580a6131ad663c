"""What a service page's YAML holds (content/pages/services/<key>.yaml), validated."""

from __future__ import annotations

import functools
from typing import Annotated

from pydantic import Field

from clinic.site.content import Localized, Strict, load_model


class Fact(Strict):
    """A key figure from the spec's claims. Its numbers are {placeholders}: the clinic's
    `claims` (clinic.yaml) and the service specialist's {years} (doctors.yaml), so each
    number lives once."""

    value: Localized
    label: Localized


class ServiceCard(Strict):
    title: Localized
    text: Localized


class Question(Strict):
    """A question patients ask about the service, answered on the page in plain text
    (no FAQPage structured data: that is the FAQ page's alone)."""

    question: Localized
    answer: Localized


class ServiceContent(Strict):
    facts: list[Fact] = []
    intro_heading: Localized
    intro: Annotated[list[Localized], Field(min_length=1)]
    cards_heading: Localized
    cards: Annotated[list[ServiceCard], Field(min_length=2)]
    # What happens at the visit (paragraphs) and how to prepare (a list).
    visit: Annotated[list[Localized], Field(min_length=1)]
    prepare: Annotated[list[Localized], Field(min_length=2)]
    questions: Annotated[list[Question], Field(min_length=3, max_length=4)]


@functools.cache
def service_content(key: str) -> ServiceContent:
    return load_model(f"pages/services/{key}.yaml", ServiceContent)
