"""The texts tests expect, looked up strictly. A page shows a missing key as the key itself
(docs/design.md, "What the site holds": a gap is visible, not silent); a test must not: with that fallback a
misspelt key in a test would pass every "this text is absent" check without testing
anything. So a test's lookup of a key that does not exist fails, naming the key."""

from __future__ import annotations

import re

from clinic.site import i18n
from clinic.site.content import content


def _require(lang: str, key: str) -> None:
    if key not in content().i18n.get(lang, {}):
        raise KeyError(f"no text {key!r} in content/i18n/{lang} (misspelt, or not written yet?)")


def text_of(lang: str, key: str, **values: object) -> str:
    """clinic.site.i18n.text_of, failing for a key that does not exist."""
    _require(lang, key)
    return i18n.text_of(lang, key, **values)


def text_with_facts(lang: str, key: str, **values: object) -> str:
    """clinic.site.i18n.text_with_facts, failing for a key that does not exist."""
    _require(lang, key)
    return i18n.text_with_facts(lang, key, **values)


def normalize(text: str) -> str:
    """`text` with its white space as a comparison of texts needs it: every run of line
    breaks, tabs and spaces, no-break and narrow no-break ones included (CLDR writes them
    in times and prices), one space; none at either end."""
    return re.sub(r"\s+", " ", text).strip()
