"""The site's languages (content/languages.yaml), and texts written in each of them.

The languages are read when this module is imported: the models with a field per language
(a `Localized` text, a page's paths) are made from them, so a missing translation names
its file and field like any other mistake."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from babel import localedata
from pydantic import Field, create_model, field_validator

from clinic.project import CONTENT_DIR
from clinic.site.content.base import Strict, Text
from clinic.site.content.files import check_unique, load_list


class Language(Strict):
    """One language of the site (content/languages.yaml)."""

    code: Annotated[str, Field(pattern=r"^[a-z]{2,3}$")]
    """The language's code (two or three lower-case letters, ISO 639): es, en, fr."""
    locale: Annotated[str, Field(pattern=r"^[a-z]{2,3}-[A-Z]{2}$")]
    """Language and country, for dates, numbers and og:locale: es-MX, en-US, fr-CA."""
    name: Annotated[str, Field(min_length=1)]
    """The language's name in itself, as the language switcher shows it: Español, English."""

    @field_validator("locale")
    @classmethod
    def _known_to_cldr(cls, locale: str) -> str:
        # Its numbers, prices and times are CLDR's (clinic/site/formats.py), which falls
        # back to the language alone for a region it has no data of.
        language = locale.split("-")[0]
        if not localedata.exists(language):
            raise ValueError(
                f"CLDR (through Babel) knows no language '{language}', so numbers, prices "
                "and times cannot be written in it"
            )
        return locale


def load_languages(directory: Path | None = None) -> tuple[Language, ...]:
    """The site's languages in display order, the default first."""
    languages = tuple(load_list(directory or CONTENT_DIR, "languages.yaml", Language))
    check_unique("languages.yaml", "code", [language.code for language in languages])
    return languages


# The languages every content file is read in: those of this process's content/ (a
# project copy, or CLINIC_CONTENT_DIR, brings its own). Read on import, the first content
# read of a build: a mistake in it, as any later, ends the build with its message alone.
LANGUAGES: tuple[Language, ...] = load_languages()
LANGS: tuple[str, ...] = tuple(language.code for language in LANGUAGES)
DEFAULT_LANG: str = LANGS[0]


class LocalizedBase(Strict):
    def __call__(self, lang: str) -> str:
        return getattr(self, lang)


def per_language(field: Any) -> dict[str, Any]:
    """One field definition for each language of the site (`create_model`'s keywords)."""
    return dict.fromkeys(LANGS, (field, ...))


# The models with a field per language are made when content/ is read, so their fields
# are unknown to a type checker: it sees their base class, which is what code relies on.
if TYPE_CHECKING:
    Localized = LocalizedBase
else:
    Localized = create_model(
        "Localized",
        __base__=LocalizedBase,
        __doc__="A text written in every language of the site; none may be empty.",
        **per_language(Text),
    )
