"""Every text key the code names exists in the first language (the loader checks that every
other language has the same keys). A page shows a missing key as the key itself, so
without this a misspelt key would reach the page and only a browser scan would find it.

Two ways, each naming the key and the file and field it belongs in:

- read: every key the code spells out to `text_of`, `text_with_facts` or `head_text`
  (clinic/), found in the source; a key built with an f-string must match at least one
  key of the texts;
- built: every key looked up while every page of the first language is built (its
  components, head tags and structured data, and the 404 page), which includes the keys
  the code takes from constants and variables.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from clinic.project import PROJECT_DIR
from clinic.site import head_text_limits, i18n
from clinic.site.content import DEFAULT_LANG, content
from devtools.content_variants import clear_caches

CODE_DIR = PROJECT_DIR / "clinic"
# The functions that read a text by its key, and the position of the key among their
# arguments.
KEY_READERS = {"text_of": 1, "text_with_facts": 1, "head_text": 1}


def _reader(node: ast.expr) -> str | None:
    """The name of the key reader `node` calls (`text_of`, `i18n.text_of`), or None."""
    if isinstance(node, ast.Name) and node.id in KEY_READERS:
        return node.id
    if isinstance(node, ast.Attribute) and node.attr in KEY_READERS:
        return node.attr
    if isinstance(node, ast.IfExp):  # (text_with_facts if ... else text_of)(lang, key)
        return _reader(node.body) or _reader(node.orelse)
    return None


def _pattern(key: ast.JoinedStr) -> str:
    """An f-string key as a pattern: its written parts as they are, any value between."""
    return "".join(
        re.escape(str(part.value)) if isinstance(part, ast.Constant) else ".+"
        for part in key.values
    )


def named_keys(directory: Path = CODE_DIR) -> Iterator[tuple[str, int, str, bool]]:
    """(file, line, key or pattern, whether it is a pattern) of each key the code names."""
    for path in sorted(directory.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = path.relative_to(directory.parent).as_posix()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            reader = _reader(node.func)
            if reader is None or len(node.args) <= KEY_READERS[reader]:
                continue
            key = node.args[KEY_READERS[reader]]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                yield where, node.lineno, key.value, False
            elif isinstance(key, ast.JoinedStr):
                yield where, node.lineno, _pattern(key), True


def missing_named_keys(directory: Path = CODE_DIR) -> list[str]:
    """A line for each key the code in `directory` names that the first language lacks."""
    texts = content().i18n[DEFAULT_LANG]
    found = []
    for file, line, key, is_pattern in named_keys(directory):
        if is_pattern:
            if not any(re.fullmatch(key, known) for known in texts):
                found.append(f"{file}:{line}: no text key matches {key!r} in {DEFAULT_LANG}")
        elif key not in texts:
            place = content().text_place(DEFAULT_LANG, key)
            found.append(f"{file}:{line}: text key {key!r} is missing; it belongs in {place}")
    return found


def test_the_source_is_read_for_keys_of_every_kind():
    named = list(named_keys())
    literal = {key for _, _, key, is_pattern in named if not is_pattern}
    patterns = {key for _, _, key, is_pattern in named if is_pattern}
    assert {"nav.home", "pages.contact.title", "faq.more_heading"} <= literal
    assert re.escape("services.") + ".+" + re.escape(".title") in patterns


def test_every_key_the_code_names_is_in_the_first_language():
    assert missing_named_keys() == []


def test_a_misspelt_key_in_the_code_names_the_code_and_the_file_it_belongs_in(tmp_path):
    code = tmp_path / "clinic" / "site" / "pages"
    code.mkdir(parents=True)
    (code / "faq.py").write_text(
        'def more(lang):\n    return text_of(lang, "faq.more_headin") + text_of(lang, f"fq.{lang}")\n',
        encoding="utf-8",
    )
    found = missing_named_keys(tmp_path / "clinic")
    assert len(found) == 2
    assert re.fullmatch(
        rf".*faq\.py:2: text key 'faq\.more_headin' is missing; it belongs in "
        rf"i18n/{DEFAULT_LANG}/faq\.yaml: field 'texts\.more_headin'",
        found[0],
    )
    assert "faq.py:2: no text key matches" in found[1]


class _Recording(dict):
    """A language's texts that note every key looked up."""

    def __init__(self, texts: dict[str, str], seen: set[str]):
        super().__init__(texts)
        self.seen = seen

    def get(self, key, default=None):
        self.seen.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.seen.add(key)
        return super().__getitem__(key)


class _Watched:
    """The content, its texts looked up through `_Recording`."""

    def __init__(self, real, seen: set[str]):
        self._real = real
        self.i18n = {lang: _Recording(texts, seen) for lang, texts in real.i18n.items()}

    def __getattr__(self, name):
        return getattr(self._real, name)


@pytest.fixture
def watched_texts(monkeypatch):
    """The keys looked up from here on; components built before are built again."""
    clear_caches()
    seen: set[str] = set()
    watched = _Watched(content(), seen)
    for module in (i18n, head_text_limits):
        monkeypatch.setattr(module, "content", lambda: watched)
    yield seen
    monkeypatch.undo()
    clear_caches()


def build_first_language() -> list[str]:
    """Build every page of the first language as the app does: its components, head tags
    and structured data, and the 404 page; the pages' paths."""
    from clinic.site import seo, structured_data
    from clinic.site.components.layout import page_shell
    from clinic.site.pages import not_found, renderer
    from clinic.site.routes import all_pages

    paths = []
    for page in all_pages():
        if page.lang != DEFAULT_LANG:
            continue
        page_shell(page, renderer(page.kind)(page))
        seo.head(page)
        structured_data.json_ld(page)
        paths.append(page.path)
    not_found.render()
    seo.not_found_head()
    return paths


def test_every_key_looked_up_while_building_the_pages_is_in_the_first_language(watched_texts):
    paths = build_first_language()
    assert len(paths) >= len(content().routes.pages)
    assert watched_texts, "no text was looked up: the recording missed the texts"
    missing = sorted(watched_texts - set(content().i18n[DEFAULT_LANG]))
    assert len(watched_texts) > 150, len(watched_texts)
    assert missing == [], "\n".join(
        f"text key {key!r} looked up while building the pages is missing; it belongs in "
        f"{content().text_place(DEFAULT_LANG, key)}"
        for key in missing
    )
