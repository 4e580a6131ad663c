"""The home page's long texts (content/pages/home.yaml), validated once at build time."""

from __future__ import annotations

import functools
from typing import Annotated

from pydantic import Field

from clinic.site.content import Localized, Slug, Strict, load_model

# Spec section 9: seven certification logos, seven facility photos.
CERTIFICATION_COUNT = 7
FACILITY_COUNT = 7


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
        list[Certification], Field(min_length=CERTIFICATION_COUNT, max_length=CERTIFICATION_COUNT)
    ]
    facilities: Annotated[list[Facility], Field(min_length=FACILITY_COUNT, max_length=FACILITY_COUNT)]
    amenities: Annotated[list[Amenity], Field(min_length=1)]


@functools.cache
def home_content() -> HomeContent:
    return load_model("pages/home.yaml", HomeContent)
