"""Words a visitor reads: the measure of thin pages, shared by a browser test (a service
page has enough words) and the bench that reports every inner page's count."""

from __future__ import annotations

import re

WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*|\d[\d,.%]*")


def count_words(text: str) -> int:
    """Words and numbers in `text` (hyphenated and apostrophe words count once)."""
    return len(WORD.findall(text))
