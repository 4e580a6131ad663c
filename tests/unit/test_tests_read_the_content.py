"""The tests and their helpers read every path and language from the content: none spells a
page's path, a language's prefix or a list of the languages.

A test that types a language's prefix or a page's path of the sample passes on the sample
and fails, or crashes while collecting, on a clinic whose default language is another or
whose pages have other paths; so does a helper that grows the content. Only tests/sample/ knows the sample
(it checks the specification's facts of that one clinic). This reads the source of every
other test and helper (Python, and the JavaScript the tests load) and names each place
that spells one, with what to write instead.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from clinic.project import PROJECT_DIR
from clinic.site.content import LANGS
from clinic.site.routes import all_pages, lang_prefix, legacy_redirects

# What the tests and their helpers are: everything under these folders but tests/sample/.
CHECKED = ("tests", "devtools")
SAMPLE_TESTS = PROJECT_DIR / "tests" / "sample"
SOURCES = ("*.py", "*.js", "*.mjs")

READ_INSTEAD = (
    "Read them from the content instead: path_for(page_id, lang), lang_prefix(lang), "
    "not_found_file(lang) (clinic.site.routes), LANGS and DEFAULT_LANG "
    "(clinic.site.content); in a helper that grows a copy of the content, from that copy "
    "(devtools/content_variants.py: prefixes_of, paths_of)."
)


def checked_files() -> list[Path]:
    return sorted(
        path
        for folder in CHECKED
        for pattern in SOURCES
        for path in (PROJECT_DIR / folder).rglob(pattern)
        if SAMPLE_TESTS not in path.parents and "node_modules" not in path.parts
    )


def _bounded(text: str) -> str:
    """`text` as a whole path in a longer string: not inside a longer slug or word, nor
    the name of a content or code file (`i18n/<lang>/faq.yaml` names a page's texts; in
    a regular expression, `faq\\.yaml`)."""
    return rf"(?<![\w-]){re.escape(text)}(?![\w-]|\\?\.(?:yaml|json|py)\b)"


def page_paths() -> list[str]:
    """Every page's and legacy link's path of the content, but the default home ("/")."""
    paths = {page.path.rstrip("/") for page in all_pages()} | set(legacy_redirects())
    return sorted(path for path in paths if path.strip("/"))


@functools.cache
def spelt_shapes() -> tuple[tuple[re.Pattern, str], ...]:
    """(pattern, what it is) for each shape of the content a test must not spell."""
    prefixes = [lang_prefix(lang) for lang in LANGS if lang_prefix(lang)]
    prefixed = tuple(prefixes)
    shapes = [
        (re.compile(_bounded(prefix)), f"{prefix!r}, a language's prefix") for prefix in prefixes
    ]
    shapes += [
        (re.compile(_bounded(path)), f"{path!r}, a page's path")
        for path in page_paths()
        if not path.startswith(prefixed)  # a prefixed path is found by its prefix
    ]
    return tuple(shapes)


def _strings(tree: ast.AST):
    """(line, text) of every string and bytes literal, docstrings and f-string parts too."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str | bytes):
            value = node.value
            text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
            yield node.lineno, text


def _language_lists(tree: ast.AST):
    """(line, code) of every list, tuple or set written as two or more language codes."""
    for node in ast.walk(tree):
        if isinstance(node, ast.List | ast.Tuple | ast.Set) and len(node.elts) >= 2:
            values = [e.value if isinstance(e, ast.Constant) else None for e in node.elts]
            if all(value in LANGS for value in values):
                yield node.lineno, ast.unparse(node)


def findings(path: Path, source: str) -> list[str]:
    """Each place of `source` that spells the content's shape, in a developer's words."""
    where = path.relative_to(PROJECT_DIR).as_posix()
    found = []
    if path.suffix == ".py":
        tree = ast.parse(source)
        strings = list(_strings(tree))
        for line, code in _language_lists(tree):
            found.append(f"{where}:{line} lists the languages: {code}")
    else:
        strings = list(enumerate(source.splitlines(), start=1))
    for line, text in strings:
        for pattern, what in spelt_shapes():
            if pattern.search(text):
                found.append(f"{where}:{line} spells {what}")
    return found


def test_no_test_or_helper_spells_a_path_a_prefix_or_the_languages():
    found = [
        finding
        for path in checked_files()
        for finding in findings(path, path.read_text(encoding="utf-8"))
    ]
    assert not found, (
        "These tests or helpers spell the content's paths or languages, so they hold only "
        "for a clinic shaped like the sample:\n  " + "\n  ".join(found) + "\n" + READ_INSTEAD
    )


def test_the_check_finds_a_prefix_typed_back_into_a_helper():
    """The check itself: a helper that types a language's prefix is found."""
    lang = LANGS[-1]
    helper = f"def path(slug):\n    return {lang_prefix(lang) + '/'!r} + slug\n"
    if len(LANGS) > 1:
        assert findings(PROJECT_DIR / "devtools" / "helper.py", helper)
    assert findings(PROJECT_DIR / "devtools" / "helper.py", f"LANGS = {list(LANGS) * 2!r}\n")
