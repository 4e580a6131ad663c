"""The route table: unique paths, the path of every page in each language, and the twin
of every path in both directions (the spec's own table: test_sample_conformance.py)."""

from __future__ import annotations

import pytest

from clinic.site.content import content
from clinic.site.routes import (
    all_pages,
    alternates,
    lang_of,
    legacy_redirects,
    page_at,
    path_for,
    twin_path,
)

PAIRS = [
    (path_for(page_id, "es"), path_for(page_id, "en"))
    for page_id in dict.fromkeys(p.id for p in all_pages())
]


def test_every_page_has_a_unique_path_in_each_language():
    data = content()
    paths = [p.path for p in all_pages()]
    assert len(paths) == 2 * (len(data.routes.pages) + len(data.doctors))
    assert len(set(paths)) == len(paths)


@pytest.mark.parametrize(("es", "en"), PAIRS)
def test_twins_both_ways(es, en):
    assert twin_path(es) == en
    assert twin_path(en) == es
    assert lang_of(es) == "es" and lang_of(en) == "en"


@pytest.mark.parametrize(("es", "en"), PAIRS)
def test_path_of_each_page_in_each_language(es, en):
    page = page_at(es)
    assert path_for(page.id, "es") == es
    assert path_for(page.id, "en") == en
    assert page_at(en).id == page.id


def test_unknown_paths_toggle_to_the_other_home():
    assert twin_path("/no-existe") == "/en/"
    assert twin_path("/en/does-not-exist") == "/"
    assert twin_path("/english") == "/en/"  # "/english" is not under /en


def test_trailing_slash_is_the_same_page():
    assert page_at("/contacto/").path == "/contacto"
    assert page_at("/en").path == "/en/"


def test_language_comes_from_the_path():
    assert lang_of("/en") == "en"
    assert lang_of("/en/faq") == "en"
    assert lang_of("/enfermeria") == "es"
    assert lang_of("/") == "es"


def test_doctor_paths_follow_gender_in_spanish():
    table = content().routes
    for doctor in content().doctors:
        pattern = getattr(table.doctor_pages.es, doctor.gender)
        assert path_for(f"doctor:{doctor.slug}", "es") == pattern.format(slug=doctor.slug)


def test_hreflang_alternates_are_reciprocal():
    for page in all_pages():
        links = alternates(page.id)
        assert set(links) == {"es", "es-MX", "en", "x-default"}
        assert links["x-default"] == links["es"] == path_for(page.id, "es")
        assert page.path in links.values()


def test_legacy_redirects_follow_the_route_table():
    """Each legacy path to its page, and each doctor's old path (its gender's pattern)."""
    table = content().routes
    expected = {old: path_for(target, "es") for old, target in table.legacy.items()}
    for doctor in content().doctors:
        old = getattr(table.legacy_doctor, doctor.gender).format(slug=doctor.slug)
        expected[old] = path_for(f"doctor:{doctor.slug}", "es")
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
