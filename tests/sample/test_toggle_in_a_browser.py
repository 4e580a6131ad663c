"""The spec's ES/EN toggle, pressed in a browser: it goes to the same page in the other
language, before the page's scripts run (a plain link) and after (a client-side
navigation), on the sample's build served as plain files."""

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
