"""Languages are content: content/languages.yaml lists them, and `make language`
(tools/add_language.py) starts a new one from an existing one's texts. A content folder
with another list of languages is read by a process started on it (CLINIC_CONTENT_DIR, as
a project copy would): the content model then refuses a language with a text, a path or a
placeholder missing, naming the file and the field."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clinic.project import PROJECT_DIR
from clinic.site.components.language_switcher import PANEL_ID
from clinic.site.content import (
    CONTENT_DIR,
    DEFAULT_LANG,
    LANGS,
    LANGUAGES,
    ContentError,
    content,
    load_content,
)
from clinic.site.content.files import parse_yaml
from clinic.site.content.pages.faq import FaqContent
from clinic.site.routes import all_pages, lang_prefix, path_for
from devtools.content_variants import dump
from tools import add_language as tool

# A language none of the site's, started from the last one's texts.
NEW = next(code for code in ("fr", "pt", "it") if code not in LANGS)
# What the test calls it in itself (the tool's input, whatever the code).
NEW_NAME = "Nouvelle"
SOURCE = LANGS[-1]
LOAD = "from clinic.site.content import load_content; load_content()"
# What the broken copies below take out: read from the content, never typed here.
FIRST_DOCTOR = content().doctors[0].slug
FIRST_QUESTION = content().page("faq", FaqContent).entries[0].key


def new_path(page_id: str) -> str:
    """Where the tool puts a page of the new language: SOURCE's path under /NEW."""
    return "/" + NEW + path_for(page_id, SOURCE)[len(lang_prefix(SOURCE)) :]


def read_yaml(path: Path):
    return parse_yaml(path.read_text(encoding="utf-8"))


def write_yaml(path: Path, data) -> None:
    path.write_text(dump(data, sort_keys=True), encoding="utf-8")


def load_in(directory: Path, code: str = LOAD) -> subprocess.CompletedProcess:
    """Run `code` in a process whose content is `directory`."""
    env = {**os.environ, "CLINIC_CONTENT_DIR": str(directory)}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT_DIR, env=env, capture_output=True, text=True
    )


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    return target


@pytest.fixture
def with_new_language(content_copy: Path) -> Path:
    tool.add_language(content_copy, NEW, SOURCE, NEW_NAME, f"{NEW}-CA")
    return content_copy


def test_the_languages_are_those_of_the_content_in_its_order():
    listed = read_yaml(CONTENT_DIR / "languages.yaml")
    assert [entry["code"] for entry in listed] == list(LANGS)
    assert [(x.code, x.locale, x.name) for x in LANGUAGES] == [
        (entry["code"], entry["locale"], entry["name"]) for entry in listed
    ]
    assert LANGS[0] == DEFAULT_LANG and path_for("home", DEFAULT_LANG) == "/"
    for lang in LANGS[1:]:
        assert path_for("home", lang) == lang_prefix(lang) + "/"


def test_a_folder_with_other_languages_needs_a_process_of_its_own(with_new_language):
    with pytest.raises(ContentError, match=r"languages\.yaml: field 'code'"):
        load_content(with_new_language)


def test_make_language_adds_a_complete_language(with_new_language):
    listed = read_yaml(with_new_language / "languages.yaml")
    assert listed[-1] == {"code": NEW, "locale": f"{NEW}-CA", "name": NEW_NAME}
    assert (with_new_language / "i18n" / f"{NEW}.yaml").read_text() == (
        CONTENT_DIR / "i18n" / f"{SOURCE}.yaml"
    ).read_text()
    report = (
        "from clinic.site.content import content, LANGS;"
        "from clinic.site.routes import all_pages;"
        "content();"
        f"print(LANGS, sorted(p.path for p in all_pages() if p.lang == {NEW!r}))"
    )
    loaded = load_in(with_new_language, report)
    assert loaded.returncode == 0, loaded.stderr
    source_paths = [new_path(page_id) for page_id in dict.fromkeys(p.id for p in all_pages())]
    assert loaded.stdout.strip() == f"{(*LANGS, NEW)!r} {sorted(source_paths)!r}"


def test_the_tool_keeps_comments_and_refuses_a_language_twice(with_new_language):
    routes = (with_new_language / "routes.yaml").read_text(encoding="utf-8")
    assert routes.startswith((CONTENT_DIR / "routes.yaml").read_text().splitlines()[0])
    before = {p: p.read_bytes() for p in with_new_language.rglob("*.yaml")}
    with pytest.raises(tool.LanguageError, match="already a language"):
        tool.add_language(with_new_language, NEW, SOURCE, "Encore", f"{NEW}-FR")
    with pytest.raises(tool.LanguageError, match="not a language of the site"):
        tool.add_language(with_new_language, "zz", "xx", "Zz", f"{NEW}-CA")
    assert {p: p.read_bytes() for p in with_new_language.rglob("*.yaml")} == before


def _drop_key(path: Path, dotted: str) -> None:
    data = read_yaml(path)
    *parents, last = dotted.split(".")
    node = data
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    del node[last]
    write_yaml(path, data)


@pytest.mark.parametrize(
    ("break_it", "message"),
    [
        (
            lambda c: (c / "i18n" / f"{NEW}.yaml").unlink(),
            rf"{NEW}\.yaml: file is missing",
        ),
        (
            lambda c: shutil.rmtree(c / "i18n" / NEW),
            rf"i18n/{NEW}/[\w/-]+\.yaml: file is missing",
        ),
        (
            lambda c: _drop_key(c / "i18n" / f"{NEW}.yaml", "nav.contact"),
            rf"i18n/{NEW}\.yaml: field 'nav\.contact': missing; i18n/{LANGS[0]}\.yaml has it",
        ),
        (
            lambda c: _drop_key(c / "routes.yaml", f"pages.contact.{NEW}"),
            rf"routes\.yaml: field 'pages\.contact\.{NEW}': Field required",
        ),
        (
            lambda c: _drop_key(c / "routes.yaml", f"doctor_pages.{NEW}"),
            rf"routes\.yaml: field 'doctor_pages\.{NEW}': Field required",
        ),
        (
            lambda c: _drop_key(c / "i18n" / NEW / "doctor.yaml", f"doctors.{FIRST_DOCTOR}.name"),
            rf"i18n/{NEW}/doctor\.yaml: field 'doctors\.{FIRST_DOCTOR}\.name': Field required",
        ),
        (
            lambda c: _drop_key(
                c / "i18n" / NEW / "faq.yaml", f"entries.{FIRST_QUESTION}.question"
            ),
            rf"i18n/{NEW}/faq\.yaml: field 'entries\.{FIRST_QUESTION}\.question': "
            "Field required",
        ),
        (
            lambda c: _drop_key(c / "i18n" / NEW / "faq.yaml", "head.meta_title"),
            rf"i18n/{NEW}/faq\.yaml: field 'head\.meta_title': Field required",
        ),
    ],
    ids=[
        "texts-file",
        "page-files",
        "text",
        "page-path",
        "doctor-path",
        "doctor-name",
        "faq",
        "page-head",
    ],
)
def test_a_language_missing_a_text_or_a_path_is_refused(with_new_language, break_it, message):
    break_it(with_new_language)
    loaded = load_in(with_new_language)
    assert loaded.returncode != 0
    assert re.search(message, loaded.stderr), loaded.stderr[-2000:]


def test_a_placeholder_missing_in_the_new_language_is_refused(with_new_language):
    texts = with_new_language / "i18n" / f"{NEW}.yaml"
    data = read_yaml(texts)
    data["nav"]["about"] = "Sans placeholder"
    write_yaml(texts, data)
    loaded = load_in(with_new_language)
    assert f"i18n/{NEW}.yaml: field 'nav.about': placeholders" in loaded.stderr


def test_a_path_outside_the_languages_prefix_is_refused(with_new_language):
    routes = read_yaml(with_new_language / "routes.yaml")
    routes["pages"]["contact"][NEW] = "/contact-" + NEW
    write_yaml(with_new_language / "routes.yaml", routes)
    loaded = load_in(with_new_language)
    assert f"routes.yaml: field 'pages.contact.{NEW}': /contact-{NEW} must be under /{NEW}/" in (
        loaded.stderr
    )


def test_with_a_third_language_the_switcher_is_the_menu_of_every_language(with_new_language):
    code = (
        "from clinic.site.components.language_switcher import language_switcher;"
        "from clinic.site.routes import page;"
        "print(language_switcher(page('contact', " + repr(NEW) + ")))"
    )
    loaded = load_in(with_new_language, code)
    assert loaded.returncode == 0, loaded.stderr[-2000:]
    menu = loaded.stdout
    assert f"popoverTarget:{json.dumps(PANEL_ID)}" in menu
    for lang in (*LANGS, NEW):
        path = new_path("contact") if lang == NEW else path_for("contact", lang)
        # The page's own language a client-side link, every other a plain one (a page
        # carries its own language's routes only).
        link = (
            f'hrefLang:"{lang}",lang:"{lang}",to:"{path}"'
            if lang == NEW
            else f'href:"{path}",hrefLang:"{lang}",lang:"{lang}"'
        )
        assert link in menu
    assert json.dumps(NEW_NAME) in menu
