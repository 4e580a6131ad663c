"""A pseudo-locale: English with accented letters, the usual way to test a site's
internationalisation without a translator. Every text of the fixture clinic's third
language is its English text passed through `pseudo`, so that language differs from
every real one: a text the site shows in English (or Spanish) on one of its pages was
not looked up in the page's language, and a test that expects the pseudo text finds
the untranslated one missing.

{placeholders} are kept as they are (the build fills them with the clinic's facts), and so
are the names a translation keeps (WhatsApp, Google Maps, a doctor's): `names_in` finds
them as the capitalised words that the content's texts write alike in two languages.
"""

from __future__ import annotations

import re

ACCENTED = str.maketrans(
    "aceinosuyzACEINOSUYZ",
    "àçéîñöšûýžÀÇÉÎÑÖŠÛÝŽ",
)
# A {placeholder}, or a word (a name, when it is one of the kept names).
TOKEN = re.compile(r"(\{\w+\}|[^\W\d_][\w.]*\w|[^\W\d_])")
CAPITALISED = re.compile(r"[A-ZÁÉÍÓÚÑ][\w.]*\w")


def names_in(first: list[str], second: list[str]) -> frozenset[str]:
    """The capitalised words found in texts of both languages: names, which a translation
    keeps ("WhatsApp", "Cal.com", "Google", a doctor's surname)."""

    def capitalised(texts: list[str]) -> set[str]:
        return {word for text in texts for word in CAPITALISED.findall(text)}

    return frozenset(capitalised(first) & capitalised(second))


def pseudo(text: str, names: frozenset[str] = frozenset()) -> str:
    """ "Book an appointment on WhatsApp {name}" -> "Böök àñ àppöîñtméñt öñ WhatsApp {name}"
    (with "WhatsApp" among `names`)."""
    return "".join(
        part if part.startswith("{") or part in names else part.translate(ACCENTED)
        for part in TOKEN.split(text)
    )
