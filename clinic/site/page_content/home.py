"""The home page's logos, photos and amenities (content/pages/home.yaml and content/i18n/<lang>/home.yaml), loaded with the
rest of content/ (clinic/site/content/pages/home.py says what the file holds)."""

from __future__ import annotations

from clinic.site.content import content
from clinic.site.content.pages.home import (
    CAROUSEL_MAX,
    CAROUSEL_MIN,
    Certification,
    HomeContent,
)

__all__ = ["CAROUSEL_MAX", "CAROUSEL_MIN", "Certification", "HomeContent", "home_content"]


def home_content() -> HomeContent:
    return content().page("home", HomeContent)
