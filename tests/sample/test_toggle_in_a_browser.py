"""The spec's ES/EN toggle, pressed in a browser: it goes to the same page in the other
language, before the page's scripts run (a plain link) and after (a client-side
navigation); and the spec's first visit, an English browser sent from the Spanish home to
the English one once: on the sample's build served as plain files. (The browser suite's
fixture clinic has another language first: this is where Spanish first is seen.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect, sync_playwright

from clinic.site.routes import all_pages, twin_path
from devtools.chromium import CHROMIUM_ARGS, CHROMIUM_HEADLESS, MOBILE, third_parties_unresolved
from devtools.plain_files import PlainFileServer
from tests.sample import spec


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        # The sample's pages reach no third party (Cal.com's embed on a doctor's page).
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM_HEADLESS, args=[*CHROMIUM_ARGS, third_parties_unresolved()]
        )
        yield browser
        browser.close()


@pytest.mark.parametrize("scripts", [True, False], ids=["hydrated", "without-javascript"])
def test_the_toggle_goes_to_the_same_page_in_the_other_language(sample_build, browser, scripts):
    pages = {page.kind: page for page in all_pages() if page.lang == "es"}
    with PlainFileServer(sample_build) as site:
        context = browser.new_context(
            java_script_enabled=scripts, locale="es-MX", viewport=MOBILE, base_url=site.url
        )
        page = context.new_page()
        for spanish in (pages["home"], pages["contact"], pages["doctor"]):
            page.goto(spanish.path)
            if scripts:
                page.wait_for_load_state("networkidle")
            english = twin_path(spanish.path)
            page.locator("header a[hreflang]").filter(has_text=spec.TOGGLE_TEXT["es"]).click()
            expect(page).to_have_url(site.url + english)
            expect(page.locator("html")).to_have_attribute("lang", "en")
            page.locator("header a[hreflang]").filter(has_text=spec.TOGGLE_TEXT["en"]).click()
            expect(page).to_have_url(site.url + spanish.path)
            expect(page.locator("html")).to_have_attribute("lang", "es")
        context.close()


def test_an_english_browser_s_first_visit_to_the_spanish_home_goes_to_english_once(
    sample_build, browser
):
    """The spec's first visit: `/` in a browser that speaks English goes to `/en/`, once;
    the flag it leaves keeps the next visit to `/` in Spanish. The rule is the head's
    script, so the sample's build served as plain files shows it."""
    home = {page.lang: page.path for page in all_pages() if page.kind == "home"}
    with PlainFileServer(sample_build) as site:
        context = browser.new_context(locale="en-US", viewport=MOBILE, base_url=site.url)
        page = context.new_page()
        page.goto(home["es"])
        expect(page).to_have_url(site.url + home["en"])
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.goto(home["es"])
        page.wait_for_load_state("load")
        expect(page).to_have_url(site.url + home["es"])
        expect(page.locator("html")).to_have_attribute("lang", "es")
        context.close()
