"""Every content file, broken as an editor might break it, stops the loader with the file,
the field and what is expected: one case per file (the shipped files load, test_content.py).

Each case edits a copy of content/ and names what it breaks from the copy itself, never a
value typed here, so a clinic's own content keeps these tests green."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from clinic.site.content import CONTENT_DIR, DEFAULT_LANG, LANGS, ContentError, load_content
from clinic.site.content.files import parse_yaml
from clinic.site.content.page_text_files import PAGE_MODELS
from devtools.content_variants import dump

OTHER_LANG = LANGS[-1]


def read(path: Path):
    return parse_yaml(path.read_text(encoding="utf-8"))


def write(path: Path, data) -> None:
    path.write_text(dump(data), encoding="utf-8")


def edit(copy: Path, relative: str, change: Callable) -> None:
    data = read(copy / relative)
    change(data)
    write(copy / relative, data)


def first_service_key(copy: Path) -> str:
    return read(copy / "services.yaml")[0]["key"]


def texts(lang: str, page: str) -> str:
    """A page's file of `lang` (i18n/<lang>/<page>.yaml)."""
    return f"i18n/{lang}/{page}.yaml"


def plain_page(copy: Path) -> str:
    """The first page of routes.yaml whose kind has no long texts (its file: a head and
    short texts)."""
    return next(
        page_id
        for page_id, route in read(copy / "routes.yaml")["pages"].items()
        if route["kind"] not in PAGE_MODELS
    )


def first_short_text(copy: Path, page: str) -> str:
    """The dotted key, under `texts`, of the first short text of `page`'s file."""
    node = read(copy / texts(DEFAULT_LANG, page))["texts"]
    path = []
    while isinstance(node, dict):
        key = next(iter(node))
        path.append(key)
        node = node[key]
    return ".".join(path)


def _drop(data: dict, dotted: str) -> None:
    *parents, last = dotted.split(".")
    for part in parents:
        data = data[part]
    del data[last]


PLAIN = plain_page(CONTENT_DIR)


def first_faq(copy: Path) -> str:
    return read(copy / "pages" / "faq.yaml")["entries"][0]["key"]


def first_doctor(copy: Path) -> str:
    return read(copy / "doctors.yaml")[0]["slug"]


# (what is broken, how, what the loader must say: a regex over its message)
CASES: list[tuple[str, Callable[[Path], None], Callable[[Path], str]]] = [
    (
        "languages.yaml: a locale without its country",
        lambda c: edit(c, "languages.yaml", lambda d: d[0].update(locale=d[0]["code"])),
        lambda c: r"^languages\.yaml: field '0\.locale': String should match pattern",
    ),
    (
        "languages.yaml: a locale in a language CLDR does not know",
        lambda c: edit(c, "languages.yaml", lambda d: d[-1].update(locale="zz-ZZ")),
        lambda c: (
            rf"^languages\.yaml: field '{len(read(c / 'languages.yaml')) - 1}\.locale': "
            r"Value error, CLDR \(through Babel\) knows no language 'zz'"
        ),
    ),
    (
        "clinic.yaml: a misspelt field",
        lambda c: edit(c, "clinic.yaml", lambda d: d.update(phnoe=d["phone"])),
        lambda c: (
            r"^clinic\.yaml: field 'phnoe': Extra inputs are not permitted \(a misspelt "
            r"field\? the fields here are: sample, brand, .*phone"
        ),
    ),
    (
        "doctors.yaml: a number written as a word",
        lambda c: edit(c, "doctors.yaml", lambda d: d[0].update(years_experience="quince")),
        lambda c: (
            r"^doctors\.yaml: field '0\.years_experience': Input should be a valid "
            r"integer.*; found 'quince'"
        ),
    ),
    (
        "services.yaml: a misspelt field",
        lambda c: edit(c, "services.yaml", lambda d: d[0].update(icn=d[0].pop("icon"))),
        lambda c: r"^services\.yaml: field '0\.icon': Field required",
    ),
    (
        "routes.yaml: a service page with no service",
        lambda c: edit(
            c,
            "routes.yaml",
            lambda d: d["pages"].update(
                extra={**d["pages"][first_service_key(c)], "kind": "service"}
            ),
        ),
        lambda c: (
            r"^routes\.yaml: field 'pages\.extra': a service page, but services\.yaml "
            r"has no service 'extra'"
        ),
    ),
    (
        f"i18n/{OTHER_LANG}.yaml: a list where a text belongs",
        lambda c: edit(c, f"i18n/{OTHER_LANG}.yaml", lambda d: d.update(extra=["a", "b"])),
        lambda c: (
            rf"^i18n/{OTHER_LANG}\.yaml: field 'extra': must be a text or a mapping of texts; "
            r"found list"
        ),
    ),
    (
        f"i18n/{OTHER_LANG}/{PLAIN}.yaml: a short text missing in a language",
        lambda c: edit(
            c, texts(OTHER_LANG, PLAIN), lambda d: _drop(d["texts"], first_short_text(c, PLAIN))
        ),
        lambda c: (
            rf"^{texts(OTHER_LANG, PLAIN)}: field 'texts\.{first_short_text(c, PLAIN)}': "
            rf"missing; {texts(DEFAULT_LANG, PLAIN)} has it"
        ),
    ),
    (
        f"i18n/{OTHER_LANG}/{PLAIN}.yaml: a list where a short text belongs",
        lambda c: edit(c, texts(OTHER_LANG, PLAIN), lambda d: d["texts"].update(extra=["a"])),
        lambda c: (
            rf"^{texts(OTHER_LANG, PLAIN)}: field 'texts\.extra': must be a text or a mapping "
            r"of texts; found list"
        ),
    ),
    (
        "a routed page without one of its head texts",
        lambda c: [
            edit(c, texts(lang, "faq"), lambda d: d["head"].pop("meta_title")) for lang in LANGS
        ],
        lambda c: rf"^{texts(DEFAULT_LANG, 'faq')}: field 'head\.meta_title': Field required",
    ),
    (
        "a new page in routes.yaml with no texts at all",
        lambda c: edit(
            c,
            "routes.yaml",
            lambda d: d["pages"].update(
                rules={"kind": "rules", **{lang: f"/{lang}-rules" for lang in LANGS}}
            ),
        ),
        lambda c: (
            rf"^i18n/{DEFAULT_LANG}/rules\.yaml: file is missing; routes\.yaml lists the page "
            r"'rules', and every language gives its texts in this file"
        ),
    ),
    (
        f"i18n/{OTHER_LANG}/{PLAIN}.yaml: a page's file under a misspelt name",
        lambda c: (c / texts(OTHER_LANG, PLAIN)).rename(c / texts(OTHER_LANG, PLAIN + "s")),
        lambda c: rf"^{texts(OTHER_LANG, PLAIN + 's')}: no page has this file",
    ),
    (
        f"i18n/{OTHER_LANG}/not_found.yaml: a head text not text",
        lambda c: edit(
            c, texts(OTHER_LANG, "not_found"), lambda d: d["head"].update(meta_title=["a"])
        ),
        lambda c: (
            rf"^{texts(OTHER_LANG, 'not_found')}: field 'head\.meta_title': Input should be "
            r"a valid string"
        ),
    ),
    (
        f"i18n/{OTHER_LANG}/about.yaml: a paragraph fewer than in the first language",
        lambda c: edit(c, texts(OTHER_LANG, "about"), lambda d: d["story"].pop()),
        lambda c: (
            rf"^{texts(OTHER_LANG, 'about')}: field 'story': \d+ entries, but "
            rf"{texts(DEFAULT_LANG, 'about')} has \d+"
        ),
    ),
    (
        "pages/faq.yaml: an unknown list kind",
        lambda c: edit(c, "pages/faq.yaml", lambda d: d["entries"][0].update(items="prices")),
        lambda c: (
            r"^pages/faq\.yaml: field 'entries\.0\.items': Input should be 'doctors', "
            r"'services' or 'hours'"
        ),
    ),
    (
        f"i18n/{OTHER_LANG}/faq.yaml: a question without its translation",
        lambda c: edit(c, texts(OTHER_LANG, "faq"), lambda d: d["entries"].pop(first_faq(c))),
        lambda c: (
            rf"^{texts(OTHER_LANG, 'faq')}: field 'entries\.{first_faq(c)}': missing; "
            rf"pages/faq\.yaml lists '{first_faq(c)}' under entries"
        ),
    ),
    (
        "pages/consultation.yaml: a point whose key is not a slug",
        lambda c: edit(
            c,
            "pages/consultation.yaml",
            lambda d: d.setdefault("points", []).append({"key": "X Y"}),
        ),
        lambda c: r"^pages/consultation\.yaml: field 'points\.\d+\.key': String should match",
    ),
    (
        f"i18n/{OTHER_LANG}/consultation.yaml: texts of a point the facts do not list",
        lambda c: edit(
            c,
            texts(OTHER_LANG, "consultation"),
            lambda d: d.setdefault("points", {}).update(
                {"no-such-point": {"value": "A", "label": "B"}}
            ),
        ),
        lambda c: (
            rf"^{texts(OTHER_LANG, 'consultation')}: field 'points\.no-such-point': "
            r"pages/consultation\.yaml has no 'no-such-point'"
        ),
    ),
    (
        "pages/home.yaml: too few logos",
        lambda c: edit(
            c, "pages/home.yaml", lambda d: d.update(certifications=d["certifications"][:1])
        ),
        lambda c: r"^pages/home\.yaml: field 'certifications': List should have at least 3",
    ),
    (
        "pages/home.yaml: two photos under one key",
        lambda c: edit(
            c, "pages/home.yaml", lambda d: d["facilities"].append(dict(d["facilities"][0]))
        ),
        lambda c: r"^pages/home\.yaml: field 'facilities\.\d+\.key': duplicate key",
    ),
    (
        f"i18n/{DEFAULT_LANG}/home.yaml: a misspelt logo key",
        lambda c: edit(
            c,
            texts(DEFAULT_LANG, "home"),
            lambda d: d["certifications"].update(typo=d["certifications"].popitem()[1]),
        ),
        lambda c: rf"^{texts(DEFAULT_LANG, 'home')}: field 'certifications\.[a-z-]+': missing",
    ),
    (
        "pages/privacy.yaml: no section",
        lambda c: edit(c, "pages/privacy.yaml", lambda d: d["sections"].clear()),
        lambda c: r"^pages/privacy\.yaml: field 'sections': List should have at least 1 ",
    ),
    (
        f"i18n/{OTHER_LANG}/privacy.yaml: a section's text not text",
        lambda c: edit(
            c,
            texts(OTHER_LANG, "privacy"),
            lambda d: next(iter(d["sections"].values())).update(body=["a", "b"]),
        ),
        lambda c: (
            rf"^{texts(OTHER_LANG, 'privacy')}: field 'sections\.[a-z-]+\.body': Input "
            r"should be a valid string"
        ),
    ),
    (
        "pages/accessibility.yaml: the review's date not a date",
        lambda c: edit(c, "pages/accessibility.yaml", lambda d: d.update(reviewed="last week")),
        lambda c: r"^pages/accessibility\.yaml: field 'reviewed': Input should be a valid date",
    ),
    (
        f"i18n/{OTHER_LANG}/accessibility.yaml: a section without its title",
        lambda c: edit(
            c,
            texts(OTHER_LANG, "accessibility"),
            lambda d: next(iter(d["sections"].values())).pop("title"),
        ),
        lambda c: rf"^{texts(OTHER_LANG, 'accessibility')}: field 'sections\.[a-z-]+\.title': ",
    ),
    (
        "pages/success.yaml: a rule as a word",
        lambda c: edit(
            c, "pages/success.yaml", lambda d: d["rules"].update(tolerance_minutes="quince")
        ),
        lambda c: (
            r"^pages/success\.yaml: field 'rules\.tolerance_minutes': Input should be a "
            r"valid integer"
        ),
    ),
    (
        f"i18n/{OTHER_LANG}/success.yaml: an empty heading",
        lambda c: edit(c, texts(OTHER_LANG, "success"), lambda d: d.update(notes_heading="")),
        lambda c: (
            rf"^{texts(OTHER_LANG, 'success')}: field 'notes_heading': String should "
            r"have at least 1 character"
        ),
    ),
    (
        "i18n/<lang>/services/<key>.yaml: a service without its page's texts",
        lambda c: (c / texts(OTHER_LANG, f"services/{first_service_key(c)}")).unlink(),
        lambda c: rf"^{texts(OTHER_LANG, f'services/{first_service_key(c)}')}: file is missing",
    ),
    (
        f"i18n/{OTHER_LANG}/services/<key>.yaml: too few questions",
        lambda c: edit(
            c,
            texts(OTHER_LANG, f"services/{first_service_key(c)}"),
            lambda d: d.update(questions=d["questions"][:1]),
        ),
        lambda c: (
            rf"^{texts(OTHER_LANG, f'services/{first_service_key(c)}')}: field "
            r"'questions': List should have at least 3 items"
        ),
    ),
    (
        f"i18n/{OTHER_LANG}/doctor.yaml: a doctor without their texts",
        lambda c: edit(c, texts(OTHER_LANG, "doctor"), lambda d: d["doctors"].pop(first_doctor(c))),
        lambda c: (
            rf"^{texts(OTHER_LANG, 'doctor')}: field 'doctors\.{first_doctor(c)}': missing; "
            r"doctors\.yaml lists"
        ),
    ),
    (
        f"i18n/{OTHER_LANG}/doctor.yaml: texts of no doctor",
        lambda c: edit(
            c,
            texts(OTHER_LANG, "doctor"),
            lambda d: d["doctors"].update(nobody=d["doctors"][first_doctor(c)]),
        ),
        lambda c: (
            rf"^{texts(OTHER_LANG, 'doctor')}: field 'doctors\.nobody': doctors\.yaml has no "
            r"'nobody'"
        ),
    ),
    (
        "doctors.yaml: a text written in the facts file",
        lambda c: edit(c, "doctors.yaml", lambda d: d[0].update(bio="Una semblanza")),
        lambda c: r"^doctors\.yaml: field '0\.bio': Extra inputs are not permitted",
    ),
]


@pytest.mark.parametrize(
    ("break_it", "message"),
    [(break_it, message) for _, break_it, message in CASES],
    ids=[case for case, _, _ in CASES],
)
def test_a_broken_content_file_names_the_file_and_the_field(tmp_path, break_it, message):
    copy = shutil.copytree(CONTENT_DIR, tmp_path / "content")
    expected = message(copy)  # read before the edit: it may name what the edit removes
    break_it(copy)
    with pytest.raises(ContentError) as raised:
        load_content(copy)
    assert re.search(expected, str(raised.value)), str(raised.value)


@pytest.mark.parametrize(
    ("relative", "change", "message"),
    [
        (
            "doctors.yaml",
            lambda d: d[0].update(years_experience="quince"),
            "doctors.yaml: field '0.years_experience'",
        ),
        # Read when the content package is imported, before anything else.
        ("languages.yaml", lambda d: d[0].update(code="Español"), "languages.yaml: field '0.code'"),
    ],
    ids=["doctors.yaml", "languages.yaml"],
)
def test_an_uncaught_content_error_prints_its_message_without_a_traceback(
    tmp_path, relative, change, message
):
    """A build stops with the message alone (clinic/site/content/errors.py)."""
    copy = shutil.copytree(CONTENT_DIR, tmp_path / "content")
    edit(copy, relative, change)
    run = subprocess.run(
        [sys.executable, "-c", "from clinic.site.routes import all_pages; all_pages()"],
        capture_output=True,
        text=True,
        env={**os.environ, "CLINIC_CONTENT_DIR": str(copy)},
        check=False,
    )
    assert run.returncode != 0
    assert message in run.stderr
    assert "Traceback" not in run.stderr, run.stderr


def test_every_kind_of_content_file_has_a_broken_case():
    """Each file the loader reads (each schema: a facts file, a page's texts, the flat
    texts) is broken by at least one case above."""
    from clinic.site.content import schemas

    key = read(CONTENT_DIR / "services.yaml")[0]["key"]
    covered = set()
    for case, _, _ in CASES:
        file = case.split(": ", 1)[0]
        file = file.replace("<lang>", OTHER_LANG).replace("<key>", key)
        found = schemas.schema_of(file)
        if found is not None:
            covered.add(found.name)
    wanted = {schema.name for schema in schemas.all_schemas(CONTENT_DIR).values()}
    assert wanted <= covered, sorted(wanted - covered)
