"""The route table: 30 unique paths, the path of every page in each language, and the
twin of every path in both directions."""

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


# The slugs of the male and the female doctor (doctors.yaml).
MALE = next(d.slug for d in content().doctors if d.gender == "male")
FEMALE = next(d.slug for d in content().doctors if d.gender == "female")


def _spec(path: str) -> str:
    """A path of the spec's table with its {product} and {name}s filled from content."""
    return path.format(product=content().clinic.brand_slug, male=MALE, female=FEMALE)


# Spec section 2.
SPEC_TABLE = [(_spec(es), _spec(en)) for es, en in [
    ("/", "/en/"),
    ("/contacto", "/en/contact"),
    ("/avisodeprivacidad", "/en/privacy-policy"),
    ("/clinica-de-vph-riviera-maya", "/en/hpv-clinic-riviera-maya"),
    ("/histeroscopia-ginecologica-cancun", "/en/hysteroscopy-clinic-cancun"),
    ("/maternidad-y-fertilidad", "/en/maternity-and-fertility"),
    ("/laparoscopia", "/en/laparoscopy"),
    ("/anticoncepcion", "/en/contraception"),
    ("/check-up-ginecologico-integral", "/en/comprehensive-gynecological-checkup"),
    ("/acerca-de-{product}-ginecologia-cancun", "/en/about-{product}-gynecology-cancun"),
    ("/ginecologo-cancun-{male}", "/en/obgyn-cancun-{male}"),
    ("/ginecologa-cancun-{female}", "/en/obgyn-cancun-{female}"),
    ("/preguntas-frecuentes", "/en/faq"),
    ("/exito", "/en/success"),
    ("/agenda-tu-cita", "/en/book-appointment"),
]]


def test_thirty_unique_paths_matching_the_spec():
    paths = [p.path for p in all_pages()]
    assert len(paths) == 30
    assert len(set(paths)) == 30
    assert sorted(paths) == sorted(path for pair in SPEC_TABLE for path in pair)


@pytest.mark.parametrize(("es", "en"), SPEC_TABLE)
def test_twins_both_ways(es, en):
    assert twin_path(es) == en
    assert twin_path(en) == es
    assert lang_of(es) == "es" and lang_of(en) == "en"


@pytest.mark.parametrize(("es", "en"), SPEC_TABLE)
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
    assert path_for(f"doctor:{FEMALE}", "es") == f"/ginecologa-cancun-{FEMALE}"
    assert path_for(f"doctor:{MALE}", "es") == f"/ginecologo-cancun-{MALE}"


def test_hreflang_alternates_are_reciprocal():
    for page in all_pages():
        links = alternates(page.id)
        assert set(links) == {"es", "es-MX", "en", "x-default"}
        assert links["x-default"] == links["es"] == path_for(page.id, "es")
        assert page.path in links.values()


def test_legacy_redirects_of_the_spec():
    assert legacy_redirects() == {
        "/citas": "/agenda-tu-cita",
        "/clinica-de-vph": "/clinica-de-vph-riviera-maya",
        "/clinica-de-histeroscopia": "/histeroscopia-ginecologica-cancun",
        "/contáctanos": "/contacto",
        "/fertilidad": "/maternidad-y-fertilidad",
        "/m/login": "/",
        "/m/reset": "/",
        "/m/create-account": "/",
        f"/dra-{FEMALE}": f"/ginecologa-cancun-{FEMALE}",
        f"/dr-{MALE}": f"/ginecologo-cancun-{MALE}",
    }


def test_every_page_kind_in_the_route_table_has_a_page_module():
    from clinic.site.pages import renderer

    for page in all_pages():
        assert callable(renderer(page.kind))


def test_a_kind_without_a_page_module_names_the_route_table_and_the_module_to_write():
    from clinic.site.content import ContentError
    from clinic.site.pages import renderer

    with pytest.raises(ContentError, match=r"routes.yaml: field 'kind': no page module renders 'gallery' "
                                           r"\(expected clinic/site/pages/gallery.py"):
        renderer("gallery")
