"""content/routes.yaml: every page's path in each language, and the legacy redirects."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import BaseModel, Field, create_model

from clinic.site.content.base import Strict
from clinic.site.content.languages import per_language

PathPattern = Annotated[
    str,
    Field(
        pattern=r"^/",
        description="A path from / ; {slug} and {brand_slug} are filled in. Every language "
        "but the first is under its own prefix (/en/...).",
    ),
]
PageKind = Annotated[
    str,
    Field(
        pattern=r"^[a-z][a-z_]*$",
        description="The page module that renders it: clinic/site/pages/<kind>.py.",
    ),
]


class PageRouteBase(Strict):
    """One page's path in each language, beside `kind`."""

    kind: PageKind


if TYPE_CHECKING:
    PageRoute = PageRouteBase
else:
    PageRoute = create_model(
        "PageRoute",
        __base__=PageRouteBase,
        __doc__=PageRouteBase.__doc__,
        **per_language(PathPattern),
    )


class ByGender(Strict):
    """A path that depends on the doctor's gender (for a language that names the
    profession by gender)."""

    female: PathPattern
    male: PathPattern


# The doctors' pages' path in each language: one pattern, or one per gender.
if TYPE_CHECKING:
    DoctorPages = Strict
else:
    DoctorPages = create_model(
        "DoctorPages",
        __base__=Strict,
        __doc__="The path of each doctor's page, per language: one pattern with {slug}, or "
        "one per gender.",
        **per_language(PathPattern | ByGender),
    )


def doctor_path_pattern(pages: BaseModel, lang: str, gender: str) -> str:
    """The path pattern of a doctor's page in `lang` ("/en/doctor-{slug}")."""
    pattern = getattr(pages, lang)
    return pattern if isinstance(pattern, str) else getattr(pattern, gender)


class LegacyDoctor(Strict):
    """The previous site's doctor paths, redirected to each doctor's page."""

    female: PathPattern
    male: PathPattern


class RouteTable(Strict):
    """content/routes.yaml: the one list every page, menu, sitemap and redirect comes from."""

    pages: dict[str, PageRoute]
    """Each page under its id: its kind and its path in each language."""
    doctor_pages: DoctorPages
    """The path of every doctor's page, per language ({slug}: the doctor's)."""
    legacy: dict[PathPattern, str] = {}
    """Paths of the previous site -> the id of the page they redirect to (HTTP 301). Leave
    it out: none."""
    legacy_doctor: LegacyDoctor | None = None
    """The previous site's doctor paths ({slug}), redirected to each doctor's page. Leave
    it out: none (a new clinic, or a previous site without doctor pages)."""
