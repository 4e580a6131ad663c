"""The route table: unique paths, the path of every page in each language, and the twin
of every path in both directions (the spec's own table: test_sample_conformance.py)."""

from __future__ import annotations

import pytest

from clinic.site.content import DEFAULT_LANG, LANGS, LANGUAGES, content, doctor_path_pattern
from clinic.site.routes import (
    all_pages,
    alternates,
    lang_of,
    lang_prefix,
    legacy_redirects,
    page_at,
    path_for,
    twin_path,
)

# The languages come from content/languages.yaml: the default one at `/`, the others
# under their prefixes; SECOND is the one a two-language toggle leads to (a site of one
# language has none, nor any case of the tests that use it).
OTHERS = LANGS[1:]
SECOND = next(iter(OTHERS), DEFAULT_LANG)
PAIRS = [(page_id, lang) for page_id in dict.fromkeys(p.id for p in all_pages()) for lang in OTHERS]


def test_every_page_has_a_unique_path_in_each_language():
    data = content()
    paths = [p.path for p in all_pages()]
    assert len(paths) == len(LANGS) * (len(data.routes.pages) + len(data.doctors))
    assert len(set(paths)) == len(paths)


@pytest.mark.parametrize(("page_id", "lang"), PAIRS)
def test_twins_both_ways(page_id, lang):
    default, other = path_for(page_id, DEFAULT_LANG), path_for(page_id, lang)
    assert twin_path(default, lang) == other
    assert twin_path(other, DEFAULT_LANG) == default
    assert twin_path(other) == default  # the toggle of two languages: to the default
    assert twin_path(default) == path_for(page_id, SECOND)
    assert lang_of(default) == DEFAULT_LANG and lang_of(other) == lang


@pytest.mark.parametrize(("page_id", "lang"), PAIRS)
def test_path_of_each_page_in_each_language(page_id, lang):
    page = page_at(path_for(page_id, DEFAULT_LANG))
    assert page.id == page_id and page.lang == DEFAULT_LANG
    assert page_at(path_for(page_id, lang)).id == page_id


@pytest.mark.parametrize("lang", OTHERS)
def test_unknown_paths_toggle_to_the_other_home(lang):
    prefix = lang_prefix(lang)
    assert twin_path("/no-existe", lang) == path_for("home", lang)
    assert twin_path(prefix + "/does-not-exist") == "/"
    # A path that merely starts with the prefix's letters is not under it.
    assert twin_path(prefix + "glish", lang) == path_for("home", lang)


def test_trailing_slash_is_the_same_page():
    default = path_for("contact", DEFAULT_LANG)
    assert page_at(default + "/").path == default
    for lang in OTHERS:
        assert page_at(lang_prefix(lang)).path == path_for("home", lang)


@pytest.mark.parametrize("lang", OTHERS)
def test_language_comes_from_the_path(lang):
    prefix = lang_prefix(lang)
    assert lang_of(prefix) == lang
    assert lang_of(prefix + "/any-page") == lang
    assert lang_of(prefix + "fermeria") == DEFAULT_LANG
    assert lang_of("/") == DEFAULT_LANG


def test_doctor_paths_follow_their_pattern_in_each_language():
    table = content().routes
    for doctor in content().doctors:
        for lang in LANGS:
            pattern = doctor_path_pattern(table.doctor_pages, lang, doctor.gender)
            assert path_for(f"doctor:{doctor.slug}", lang) == pattern.format(slug=doctor.slug)


def test_hreflang_alternates_are_reciprocal():
    for page in all_pages():
        links = alternates(page.id)
        assert set(links) == {*LANGS, LANGUAGES[0].locale, "x-default"}
        default = path_for(page.id, DEFAULT_LANG)
        assert links["x-default"] == links[DEFAULT_LANG] == links[LANGUAGES[0].locale] == default
        assert all(links[lang] == path_for(page.id, lang) for lang in LANGS)
        assert page.path in links.values()


def test_legacy_redirects_follow_the_route_table():
    """Each legacy path to its page, and each doctor's old path (its gender's pattern)."""
    table = content().routes
    expected = {old: path_for(target, DEFAULT_LANG) for old, target in table.legacy.items()}
    for doctor in content().doctors if table.legacy_doctor else []:
        old = getattr(table.legacy_doctor, doctor.gender).format(slug=doctor.slug)
        expected[old] = path_for(f"doctor:{doctor.slug}", DEFAULT_LANG)
    assert legacy_redirects() == expected


def test_every_page_kind_in_the_route_table_has_a_page_module():
    from clinic.site.pages import renderer

    for page in all_pages():
        assert callable(renderer(page.kind))


def test_a_kind_without_a_page_module_names_the_route_table_and_the_module_to_write():
    from clinic.site.content import ContentError
    from clinic.site.pages import renderer

    with pytest.raises(
        ContentError,
        match=r"routes.yaml: field 'kind': no page module renders 'gallery' "
        r"\(expected clinic/site/pages/gallery.py",
    ):
        renderer("gallery")
