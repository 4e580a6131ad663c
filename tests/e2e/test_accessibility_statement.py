"""The accessibility statement: in every language, linked from every page's footer, with
its sections, the ways to report a problem (the clinic's e-mail and WhatsApp) and the date
of its last review, all from content. (axe, the focus walk and the HTML checker cover it
with every other page kind: tests/e2e/walked_pages.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clinic.site.content import content
from clinic.site.page_content.accessibility import accessibility_content
from clinic.site.pages.accessibility import reviewed
from clinic.site.routes import path_for
from tests.e2e.languages import LANGS
from tests.e2e.page_ready import page_ready
from tests.texts import text_of, text_with_facts


@pytest.mark.smoke
@pytest.mark.parametrize("lang", LANGS)
def test_the_statement_is_linked_from_the_footer_and_says_how_to_report(page, lang):
    page.goto(path_for("home", lang))
    footer = page.locator("footer")
    footer.get_by_role("link", name=text_of(lang, "footer.accessibility"), exact=True).click()
    page.wait_for_url("**" + path_for("accessibility", lang))
    page_ready(page)
    expect(page.locator("h1")).to_have_text(
        text_with_facts(lang, "pages.accessibility.title"), use_inner_text=True
    )
    main = page.locator("main")
    expect(main.locator("section > h2")).to_have_text(
        [section.title(lang) for section in accessibility_content().sections], use_inner_text=True
    )
    expect(main).to_contain_text(reviewed(lang))
    clinic = content().clinic
    expect(
        main.get_by_role("link", name=text_with_facts(lang, "accessibility.email"), exact=True)
    ).to_have_attribute("href", f"mailto:{clinic.email}")
    # A link that opens a new tab says so to a screen reader, after its text.
    whatsapp = main.get_by_role(
        "link",
        name=f"{text_of(lang, 'accessibility.whatsapp')} {text_of(lang, 'nav.new_tab')}",
        exact=True,
    )
    expect(whatsapp).to_have_attribute("href", clinic.whatsapp_url)
