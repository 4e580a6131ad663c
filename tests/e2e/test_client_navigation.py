"""Navigation with a route manifest per language (docs/design.md, "A page weighs what it
shows"): a page carries its own language's routes, so a link within the language is
followed in the page, the language switcher loads the other language's page, and a path
the page's routes do not know is asked of the server (once, a real 404 included)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Request, expect

from clinic.site.routes import all_pages, lang_prefix, page, path_for, twin_path
from clinic.site.seo import page_texts
from tests.e2e.languages import DEFAULT_LANG, LANGS, NEXT_LANG, choose_language
from tests.e2e.page_ready import page_ready
from tests.texts import text_of

# Every page names these in its header (clinic/site/components/navbar.py).
HOME, CONTACT = "home", "contact"
ROUTE_PATHS = "() => Object.values(window.__reactRouterManifest.routes).map((r) => r.path ?? '')"
# What a link does in the browser: React Router's router navigates (a link whose page the
# build did not see, or a stale one, takes this same way).
NAVIGATE = "(path) => { window.__reactRouterDataRouter.navigate(path); }"


def documents(page_: Page) -> list[str]:
    """The documents the tab requests from now on (a client-side navigation requests none)."""
    requested: list[str] = []

    def seen(request: Request) -> None:
        if request.resource_type == "document" and request.frame == page_.main_frame:
            requested.append(request.url)

    page_.on("request", seen)
    return requested


def expect_page(page_: Page, base_url: str, page_id: str, lang: str) -> None:
    target = page(page_id, lang)
    page_.wait_for_url(base_url + target.path)
    expect(page_.locator("html")).to_have_attribute("lang", lang)
    expect(page_).to_have_title(page_texts(target)["title"])


def own_paths(lang: str) -> set[str]:
    return {p.path.strip("/") for p in all_pages() if p.lang == lang}


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_carries_its_own_languages_routes_only(page, lang):
    page.goto(path_for(HOME, lang))
    page_ready(page)
    routes = set(page.evaluate(ROUTE_PATHS))
    assert own_paths(lang) <= routes
    others = set().union(*(own_paths(other) for other in LANGS if other != lang)) - {""}
    assert not routes & others, f"{lang} carries other languages' routes"


@pytest.mark.parametrize("lang", LANGS)
def test_a_menu_link_within_the_language_navigates_in_the_page(page, base_url, lang):
    page.goto(path_for(HOME, lang))
    page_ready(page)
    requested = documents(page)
    page.locator(f"header a[href='{path_for(CONTACT, lang)}']:visible").first.click()
    expect_page(page, base_url, CONTACT, lang)
    page_ready(page)
    assert requested == [], "the link loaded a document instead of navigating in the page"


@pytest.mark.skipif(len(LANGS) < 2, reason="one language: no switcher")
def test_the_language_switcher_loads_the_other_languages_page(page, base_url):
    start = path_for(CONTACT, DEFAULT_LANG)
    page.goto(start)
    page_ready(page)
    requested = documents(page)
    choose_language(page, NEXT_LANG)
    expect_page(page, base_url, CONTACT, NEXT_LANG)
    page_ready(page)
    assert requested == [base_url + twin_path(start, NEXT_LANG)]
    assert own_paths(NEXT_LANG) <= set(page.evaluate(ROUTE_PATHS))


@pytest.mark.skipif(len(LANGS) < 2, reason="one language: every page is in the manifest")
def test_a_navigation_to_a_page_beyond_the_routes_loads_it_from_the_server(page, base_url):
    page.goto(path_for(HOME, DEFAULT_LANG))
    page_ready(page)
    requested = documents(page)
    page.evaluate(NAVIGATE, path_for(CONTACT, NEXT_LANG))
    expect_page(page, base_url, CONTACT, NEXT_LANG)
    page_ready(page)
    assert requested == [base_url + path_for(CONTACT, NEXT_LANG)]


@pytest.mark.parametrize("lang", LANGS)
def test_a_navigation_to_an_unknown_path_gets_the_servers_404_once(
    page, console_errors, base_url, lang
):
    unknown = lang_prefix(lang) + "/no-such-page"
    console_errors.expect_not_found(base_url + unknown)
    page.goto(path_for(HOME, lang))
    page_ready(page)
    requested = documents(page)
    page.evaluate(NAVIGATE, unknown)
    page.wait_for_url(base_url + unknown)
    expect(page.locator("h1")).to_have_text(text_of(lang, "not_found.title"), use_inner_text=True)
    page_ready(page)
    # The server's 404 page hydrated where it is: no navigation, so no second load.
    assert requested == [base_url + unknown]


@pytest.mark.parametrize("lang", LANGS)
def test_the_404_page_navigates_within_its_language_in_the_page(
    page, console_errors, base_url, lang
):
    unknown = lang_prefix(lang) + "/no-such-page"
    console_errors.expect_not_found(base_url + unknown)
    page.goto(unknown)
    page_ready(page)
    requested = documents(page)
    page.locator(f"header a[href='{path_for(CONTACT, lang)}']:visible").first.click()
    expect_page(page, base_url, CONTACT, lang)
    page_ready(page)
    assert requested == []
