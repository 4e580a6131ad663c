"""The home page's selling points, logos, photos and amenities."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from clinic.site.content.base import Slug, Strict
from clinic.site.content.languages import Localized

# How many logos and photos a carousel takes: at least three, so a looping carousel has
# a slide on each side of the one in view; at most twelve, so its counter and its
# keyboard walk stay short.
CAROUSEL_MIN, CAROUSEL_MAX = 3, 12


class Certification(Strict):
    key: Slug
    """The logo's file: assets/img/certifications/<key>.svg."""
    acronym: Annotated[str, Field(min_length=2, max_length=5)]
    """The body's acronym (drawn into the sample's wordmark)."""
    name: Localized
    """The body's full name: the logo's alternative text."""


class Facility(Strict):
    key: Slug
    """The photo's files: assets/img/facilities/<key>-{480,960,1440}.{avif,webp,jpg}."""
    caption: Localized
    """The photo's caption."""
    alt: Localized
    """What the photo shows, for those who cannot see it."""


class Amenity(Strict):
    key: Slug
    """The amenity's name in the texts files (parking, wifi)."""
    icon: Slug
    """A lucide icon name (lucide.dev)."""
    title: Localized
    """The amenity, in a few words."""
    text: Localized
    """One line about it."""


class HeroChip(Strict):
    key: Slug
    """The chip's name in the texts files (ultrasound, same-day-results)."""
    icon: Slug
    """A lucide icon name (lucide.dev)."""
    text: Localized
    """The selling point, in two or three words."""


class BannerPoint(Strict):
    key: Slug
    """The point's name in the texts files."""
    icon: Slug
    """A lucide icon name (lucide.dev)."""
    title: Localized
    """The selling point, in one line."""
    text: Localized
    """A line about it (its conditions, what it includes)."""


class HomeContent(Strict):
    """The home page's selling points, carousels (3 to 12 logos, 3 to 12 photos) and
    amenities card."""

    hero_chips: list[HeroChip] = []
    """Selling points shown as chips in the hero, between the fee and the rating (none:
    those two alone)."""
    services_banner: list[BannerPoint] = []
    """Selling points in a banner under the services (none: no banner)."""

    certifications: Annotated[
        list[Certification], Field(min_length=CAROUSEL_MIN, max_length=CAROUSEL_MAX)
    ]
    """Certification and association logos, in carousel order."""
    facilities: Annotated[list[Facility], Field(min_length=CAROUSEL_MIN, max_length=CAROUSEL_MAX)]
    """Facility photos, in carousel order."""
    amenities: Annotated[list[Amenity], Field(min_length=1)]
    """The amenities card's items."""
