"""Services and specialists: every service with the doctors who see it, and an index of
the services whose links work from the first paint, scripts or not (docs/design.md, "A
clinic of any size reads well")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clinic.site.content import content
from clinic.site.navigation import SPECIALISTS_PAGE
from clinic.site.pages.specialists import OTHERS_ID, section_id
from clinic.site.routes import doctor_page_id, path_for
from tests.e2e.languages import DEFAULT_LANG, LANGS
from tests.e2e.without_javascript import DISABLED, page_without_javascript
from tests.texts import text_of


def _groups() -> dict[str, list]:
    """Each section's id -> the doctors it lists, in doctors.yaml's order."""
    data = content()
    groups = {
        section_id(s.key): [d for d in data.doctors if s.key in d.services] for s in data.services
    }
    listed = {s.key for s in data.services}
    others = [d for d in data.doctors if not listed.intersection(d.services)]
    if others:
        groups[OTHERS_ID] = others
    return groups


@pytest.mark.parametrize("lang", LANGS)
def test_every_service_lists_the_doctors_who_see_it(prerendered, lang):
    """Read before any script: the groups, headings and links are all prerendered."""
    page = prerendered
    page.goto(path_for(SPECIALISTS_PAGE, lang))
    groups = _groups()
    expect(page.locator("[data-service-group]")).to_have_count(len(groups))
    for service in content().services:
        group = page.locator(f"#{section_id(service.key)}")
        expect(group.get_by_role("heading", level=2)).to_have_text(
            text_of(lang, f"services.{service.key}.title")
        )
        expect(group.locator(f"a[href='{path_for(service.key, lang)}']")).to_have_count(1)
    for key, doctors in groups.items():
        entries = page.locator(f"#{key} [data-specialist]")
        expect(entries).to_have_count(len(doctors))
        for entry, doctor in zip(entries.all(), doctors, strict=True):
            expect(entry.get_by_role("link")).to_have_text(doctor.name(lang))
            expect(entry.get_by_role("link")).to_have_attribute(
                "href", path_for(doctor_page_id(doctor.slug), lang)
            )


def test_the_index_leads_to_each_service_without_javascript(new_context):
    page = page_without_javascript(new_context, DISABLED)
    page.goto(path_for(SPECIALISTS_PAGE, DEFAULT_LANG))
    index = page.locator("[data-specialists-index] a")
    expect(index).to_have_count(len(_groups()))
    expect(index.first).to_be_hidden()  # folded until the patient opens it
    page.locator("[data-specialists-index] summary").click()
    expect(index.first).to_be_visible()
    last = list(_groups())[-1]
    page.locator(f"[data-specialists-index] a[href='#{last}']").click()
    page.wait_for_url(f"**#{last}")
    expect(page.locator(f"#{last}")).to_be_in_viewport()
