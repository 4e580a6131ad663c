"""The home page's long texts (content/pages/home.yaml), validated once at build time."""

from __future__ import annotations

import functools
from typing import Annotated

from pydantic import Field

from clinic.site.content import Localized, Slug, Strict, load_model

# How many logos and photos a carousel takes: at least three, so a looping carousel has
# a slide on each side of the one in view; at most twelve, so its counter and its
# keyboard walk stay short.
CAROUSEL_MIN, CAROUSEL_MAX = 3, 12


class Certification(Strict):
    key: Slug
    acronym: Annotated[str, Field(min_length=2, max_length=5)]
    name: Localized


class Facility(Strict):
    key: Slug
    caption: Localized
    alt: Localized


class Amenity(Strict):
    icon: Slug  # a lucide icon name
    title: Localized
    text: Localized


class HomeContent(Strict):
    certifications: Annotated[
        list[Certification], Field(min_length=CAROUSEL_MIN, max_length=CAROUSEL_MAX)
    ]
    facilities: Annotated[list[Facility], Field(min_length=CAROUSEL_MIN, max_length=CAROUSEL_MAX)]
    amenities: Annotated[list[Amenity], Field(min_length=1)]


@functools.cache
def home_content() -> HomeContent:
    return load_model("pages/home.yaml", HomeContent)
