"""A pseudo-locale: English with accented letters, the usual way to test a site's
internationalisation without a translator. Every text of the fixture clinic's third
language is its English text passed through `pseudo`, so that language differs from
every real one: a text the site shows in English (or Spanish) on one of its pages was
not looked up in the page's language, and a test that expects the pseudo text finds
the untranslated one missing.

{placeholders} are kept as they are: the build fills them with the clinic's facts.
"""

from __future__ import annotations

import re

ACCENTED = str.maketrans(
    "aceinosuyzACEINOSUYZ",
    "àçéîñöšûýžÀÇÉÎÑÖŠÛÝŽ",
)
# A {placeholder} is kept; everything between two of them is accented.
PLACEHOLDER = re.compile(r"(\{\w+\})")


def pseudo(text: str) -> str:
    """ "Book an appointment {name}" -> "Böök àñ àppöîñtméñt {name}"."""
    return "".join(
        part if PLACEHOLDER.fullmatch(part) else part.translate(ACCENTED)
        for part in PLACEHOLDER.split(text)
    )
