"""A page weighs what it shows (docs/design.md, "A page weighs what it shows"): once the
clinic has more doctors and services than the menus and the home page name, a doctor's
page, a service's page and the home page compile to the same code and carry the same
structured data however many more the clinic adds, while the page that lists them all
grows with them.

Cheap enough for every run: the site's own code renders each page on grown copies of
content/ (devtools/content_variants.py), and nothing is built. The built pages' weights
at forty doctors are the bench's; the home page's budget in a browser is
tests/e2e/test_page_weight.py's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clinic.site.content import DEFAULT_LANG, content
from devtools.content_variants import add_doctor, add_service, copy_content, read, site_content

# Doctors and services added to the content beyond the most any menu or home section
# names: the first copy gets this many more, the second twice as many.
BEYOND = 2


def _grow(content_dir: Path, more: int) -> None:
    """Doctors and services up to the most a menu names and `more` beyond. The new
    doctors see none of the services: a service's page shows the same specialists in
    both copies."""
    from clinic.site.navigation import MENU_NAMES_AT_MOST

    services = read(content_dir / "services.yaml")
    for _ in range(len(services), MENU_NAMES_AT_MOST + more):
        add_service(content_dir)
    doctors = read(content_dir / "doctors.yaml")
    for number in range(len(doctors), MENU_NAMES_AT_MOST + more):
        add_doctor(
            content_dir,
            {
                "slug": f"doctor-number-{number}",
                "name": f"Doctor Number {number}",
                "initials": "DN",
                "gender": ("female", "male")[number % 2],
                "services": [],
            },
        )


def _weights(doctor: str) -> dict[str, tuple[int, int]]:
    """Each page's compiled code and structured data, in characters, by what it is (the
    doctor's page: `doctor`'s)."""
    from clinic.site.components.layout import page_shell
    from clinic.site.navigation import SPECIALISTS_PAGE
    from clinic.site.pages import renderer
    from clinic.site.routes import all_pages, doctor_page_id
    from clinic.site.structured_data import graph, to_script_text

    data = content()
    chosen = {
        "home": "home",
        doctor_page_id(doctor): "a doctor's page",
        data.services[0].key: "a service's page",
        SPECIALISTS_PAGE: "the page that lists them",
    }
    return {
        chosen[p.id]: (
            len(str(page_shell(p, renderer(p.kind)(p)))),
            len(to_script_text(graph(p))),
        )
        for p in all_pages()
        if p.lang == DEFAULT_LANG and p.id in chosen
    }


@pytest.fixture(scope="module")
def grown_twice(tmp_path_factory) -> list[dict[str, tuple[int, int]]]:
    weights, doctor = [], None
    for more in (BEYOND, 2 * BEYOND):
        directory = copy_content(tmp_path_factory.mktemp(f"beyond-{more}") / "content")
        _grow(directory, more)
        # The last doctor of the first copy, in both: the first one sees every service
        # add_service adds, so their page grows by what it shows.
        doctor = doctor or read(directory / "doctors.yaml")[-1]["slug"]
        with site_content(directory):
            weights.append(_weights(doctor))
    return weights


@pytest.mark.parametrize("what", ["home", "a doctor's page", "a service's page"])
def test_a_page_does_not_grow_with_doctors_and_services_it_does_not_show(grown_twice, what):
    smaller, larger = grown_twice
    assert larger[what] == smaller[what], (
        f"{what}: code and structured data of {smaller[what]} characters with "
        f"{BEYOND} doctors and services more than a menu names, {larger[what]} with "
        f"{2 * BEYOND} more: it carries what it does not show"
    )


def test_the_page_that_lists_the_clinic_grows_with_it(grown_twice):
    smaller, larger = grown_twice
    code, data = (
        b > a
        for a, b in zip(
            smaller["the page that lists them"], larger["the page that lists them"], strict=True
        )
    )
    assert code and data
