"""Typed, validated access to everything under content/.

Every fact and text the site shows comes from a YAML file in content/, loaded once by one
loader (loader.py) through strict pydantic models (one module per file, below). A broken
file stops the build with a message that names the file and the field, never with a
half-rendered page or a traceback.
"""

from __future__ import annotations

import functools
from pathlib import Path

from clinic.project import CONTENT_DIR
from clinic.site.content import loader
from clinic.site.content.base import PositiveInt, Slug, Strict, Text
from clinic.site.content.clinic_facts import (
    Address,
    Clinic,
    ClosedDays,
    ClosedDaysNotice,
    OpeningHours,
)
from clinic.site.content.doctors import Doctor
from clinic.site.content.errors import ContentError
from clinic.site.content.languages import (
    DEFAULT_LANG,
    LANGS,
    LANGUAGES,
    Language,
    Localized,
    LocalizedBase,
    load_languages,
    per_language,
)
from clinic.site.content.loader import Content
from clinic.site.content.route_table import PageRoute, RouteTable, doctor_path_pattern
from clinic.site.content.services import Service

__all__ = [
    "CONTENT_DIR",
    "DEFAULT_LANG",
    "LANGS",
    "LANGUAGES",
    "Address",
    "Clinic",
    "ClosedDays",
    "ClosedDaysNotice",
    "Content",
    "ContentError",
    "Doctor",
    "Language",
    "Localized",
    "LocalizedBase",
    "OpeningHours",
    "PageRoute",
    "PositiveInt",
    "RouteTable",
    "Service",
    "Slug",
    "Strict",
    "Text",
    "content",
    "doctor_path_pattern",
    "load_content",
    "load_languages",
    "per_language",
]


def load_content(directory: Path | None = None) -> Content:
    """Load and cross-check every content file in `directory` (default: CONTENT_DIR, read
    at each call: devtools/content_variants.py points it at a copy)."""
    return loader.load_content(directory or CONTENT_DIR)


@functools.cache
def content() -> Content:
    """The site's content, loaded once per process."""
    return load_content()
