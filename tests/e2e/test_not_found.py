"""Unknown paths: status 404 and the 404 page in the path's language; legacy paths of the
previous site land on their pages (HTTP 301 from the server, and replace navigation
from the 404 page when the site is served as plain files)."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from clinic.site.content import content
from clinic.site.routes import lang_prefix, legacy_redirects, path_for, spellings
from tests.e2e.languages import DEFAULT_LANG, LANGS
from tests.e2e.page_ready import page_ready
from tests.texts import text_of, text_with_facts


@pytest.mark.smoke
@pytest.mark.parametrize(
    ("path", "lang"),
    [
        *((lang_prefix(lang) + "/no-such-page", lang) for lang in LANGS),
        # Deeper than any page, under the default language's home.
        (lang_prefix(DEFAULT_LANG) + "/no/such/page", DEFAULT_LANG),
    ],
)
def test_unknown_path_gives_404_in_its_language(page, console_errors, base_url, path, lang):
    console_errors.expect_not_found(base_url + path)
    response = page.goto(path)
    assert response.status == 404
    # Prerendered in the path's language: readable before any script has run.
    assert f">{text_of(lang, 'not_found.title')}</h1>" in response.text()
    heading = page.locator("h1")
    heading.wait_for()
    expect(heading).to_have_text(text_of(lang, "not_found.title"), use_inner_text=True)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page).to_have_title(text_with_facts(lang, "pages.not_found.meta_title"))
    main = page.locator("main")
    expect(
        main.get_by_role("link", name=text_of(lang, "not_found.home"), exact=True)
    ).to_have_attribute("href", path_for("home", lang))
    expect(
        main.get_by_role("link", name=text_of(lang, "not_found.book"), exact=True)
    ).to_have_attribute("href", path_for("booking", lang))
    # Primary first, as on every other page: booking, then back to home.
    expect(main.locator("[data-page='not-found'] > div a")).to_have_text(
        [text_of(lang, "not_found.book"), text_of(lang, "not_found.home")], use_inner_text=True
    )
    # The prerendered file's own <title> is in the path's language before any script runs.
    assert (
        f"<title>{text_with_facts(lang, 'pages.not_found.meta_title')}</title>" in response.text()
    )
    chat = main.locator("a[href^='https://wa.me/']")
    expect(chat).to_have_attribute("href", content().clinic.whatsapp_url)
    # The page's own call link (a closed-day notice above it has one too).
    own = main.locator("[data-page='not-found']")
    expect(own.locator("a[href^='tel:']")).to_have_attribute("href", content().clinic.tel_href)
    # Hydrated (no mismatch): the home button navigates on the client.
    main.get_by_role("link", name=text_of(lang, "not_found.home"), exact=True).click()
    page.wait_for_url("**" + path_for("home", lang))


LEGACY = sorted(legacy_redirects().items())
# A browser following the server's 301 from a legacy path: the first, and each spelled
# with more than ASCII (the browser encodes those itself). Every legacy path's 301 and
# Location, in every spelling, are read over HTTP (test_server.py), and every target page
# answers 200 there: what a browser adds is following one, which is the same for all.
FOLLOWED = [(old, target) for i, (old, target) in enumerate(LEGACY) if i == 0 or not old.isascii()]


@pytest.mark.parametrize(("old", "target"), FOLLOWED, ids=[old for old, _ in FOLLOWED])
def test_legacy_path_lands_on_its_target(page, base_url, old, target):
    response = page.goto(old)
    assert response.status == 200
    assert page.url == base_url + target
    assert response.request.redirected_from is not None  # a real HTTP redirect
    assert response.request.redirected_from.response().status == 301


# Each legacy path in one of the spellings a page has (`.html`, `/index.html`, a trailing
# slash, none), taken in turn: together they meet every spelling (every spelling of every
# path: tests/unit/test_renamed_pages.py).
SPELLED = [
    (spellings(old)[i % len(spellings(old))], target) for i, (old, target) in enumerate(LEGACY)
]


@pytest.mark.skipif(not SPELLED, reason="the content lists no legacy path")
def test_404_page_replace_navigates_legacy_paths(page, console_errors, base_url):
    """On a static host the 404 page is all there is: it must redirect by itself, a
    renamed page's old address in whichever spelling it was linked. Reach the 404 shell by
    client-side navigation (no server involved), as a static host would render it; then
    each legacy path in turn, from that one load: going back after each redirect returns
    to the 404 page, which is there for the next. Every path that does not land on its
    page is named."""
    console_errors.expect_not_found(base_url + "/no-existe")
    page.goto("/no-existe")
    # The client router takes the history's changes once it owns the page.
    page_ready(page)
    # The 404 page alone (the page left behind is gone): its one heading.
    heading = page.locator("h1")
    title = text_of(DEFAULT_LANG, "not_found.title")
    expect(heading).to_have_count(1)
    expect(heading).to_have_text(title, use_inner_text=True)
    missed = []
    for old, target in SPELLED:
        page.evaluate(
            "path => { window.history.pushState({}, '', path); window.dispatchEvent(new PopStateEvent('popstate')); }",
            old,
        )
        try:
            page.wait_for_url(base_url + target)
        except PlaywrightTimeoutError:
            missed.append(f"{old} led to {page.url}, not {target}")
            page.goto("/no-existe")
            page_ready(page)
            continue
        # Replace navigation: going back returns to the page before, not to the legacy path.
        page.go_back()
        page.wait_for_url(base_url + "/no-existe")
        expect(heading).to_have_count(1)
        expect(heading).to_have_text(title, use_inner_text=True)
    assert not missed, "legacy paths the 404 page did not take to their page:\n" + "\n".join(missed)
