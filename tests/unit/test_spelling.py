"""English in one spelling (docs/design.md, "English is American English"): American English in every
English text, and "Cancún" with its accent in both languages.

Reads every text a page can show straight from content/: the English interface files
(content/i18n/en.yaml, content/i18n/en/*.yaml) and the `en` side of every bilingual text
(content/*.yaml, content/pages/**). The British spellings are a small list in
tests/unit/data/british_spellings.txt."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from clinic.project import CONTENT_DIR
from clinic.site.content.files import parse_yaml

WORD_LIST = Path(__file__).parent / "data" / "british_spellings.txt"
# "Cancun" as a word, not inside a path or slug (/en/clinic-cancun).
CANCUN_WITHOUT_ACCENT = re.compile(r"(?<![\w/-])cancun(?![\w/-])", re.IGNORECASE)


def _strings(node, english: bool):
    """Every string under `node`; with english=False only those under an `en` key."""
    if isinstance(node, str):
        if english:
            yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, english or key == "en")
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value, english)


def _load(path: Path):
    return parse_yaml(path.read_text(encoding="utf-8"))


@functools.cache
def english_texts() -> tuple[tuple[str, str], ...]:
    """(file, text) for every English text in content/."""
    texts = []
    for path in sorted(CONTENT_DIR.rglob("*.yaml")):
        relative = path.relative_to(CONTENT_DIR).as_posix()
        whole_file_english = relative == "i18n/en.yaml" or relative.startswith("i18n/en/")
        if relative.startswith("i18n/") and not whole_file_english:
            continue  # another language's texts
        texts += [(relative, text) for text in _strings(_load(path), whole_file_english)]
    return tuple(texts)


@functools.cache
def all_texts() -> tuple[tuple[str, str], ...]:
    """(file, text) for every text in content/, both languages."""
    return tuple(
        (path.relative_to(CONTENT_DIR).as_posix(), text)
        for path in sorted(CONTENT_DIR.rglob("*.yaml"))
        for text in _strings(_load(path), True)
    )


def british_spellings() -> list[str]:
    lines = WORD_LIST.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_the_scan_sees_the_english_texts():
    """Every English page file's texts are scanned (a clinic without English has none; a
    page with nothing optional to say may have an empty file)."""
    english = CONTENT_DIR / "i18n" / "en"
    if not english.is_dir():
        pytest.skip("the content has no English texts")
    page_files = {
        path.relative_to(CONTENT_DIR).as_posix()
        for path in english.rglob("*.yaml")
        if any(_strings(_load(path), True))
    }
    assert page_files and page_files <= {file for file, _ in english_texts()}


@pytest.mark.parametrize("word", british_spellings())
def test_english_texts_use_american_spelling(word):
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    found = [f"{file}: {text[:100]!r}" for file, text in english_texts() if pattern.search(text)]
    assert not found, f"British spelling {word!r} in:\n" + "\n".join(found)


def test_cancun_keeps_its_accent_in_both_languages():
    found = [
        f"{file}: {text[:100]!r}"
        for file, text in all_texts()
        if CANCUN_WITHOUT_ACCENT.search(text)
    ]
    assert not found, "'Cancun' without its accent in:\n" + "\n".join(found)
