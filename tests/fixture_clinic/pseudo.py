"""A pseudo-locale: English with accented letters, the usual way to test a site's
internationalisation without a translator. Every text of the fixture clinic's third
language is its English text passed through `pseudo`, so that language differs from
every real one: a text the site shows in English (or Spanish) on one of its pages was
not looked up in the page's language, and a test that expects the pseudo text finds
the untranslated one missing.

{placeholders} are kept as they are (the build fills them with the clinic's facts), and
so is every word that starts with a capital letter: names (WhatsApp, Google Maps, a
doctor's) are the same in every language, and a sentence's first word keeps it readable.
"""

from __future__ import annotations

import re

ACCENTED = str.maketrans(
    "aceinosuyzACEINOSUYZ",
    "àçéîñöšûýžÀÇÉÎÑÖŠÛÝŽ",
)
# A {placeholder}, or a word that starts with a capital letter, is kept.
KEPT = re.compile(r"(\{\w+\}|\b[A-Z][\w.-]*)")


def pseudo(text: str) -> str:
    """ "Book an appointment with {name} on WhatsApp" ->
    "Book àñ àppöîñtméñt wîth {name} öñ WhatsApp"."""
    return "".join(
        part if KEPT.fullmatch(part) else part.translate(ACCENTED) for part in KEPT.split(text)
    )
