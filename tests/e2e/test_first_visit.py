"""The first-visit language choice (docs/design.md, "States") in a real browser: a browser
speaking another language of the site that lands on the default language's home page goes
to its own language's home once, before the default home paints; everyone else stays where
they are (assets/behaviors/before_paint/first_visit.js)."""

from __future__ import annotations

import json
import re
import urllib.request
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from clinic.site.components.first_visit import REDIRECT_FROM, REDIRECT_TO, script_text, storage_key
from clinic.site.routes import lang_of, language, other_langs, path_for
from tests.e2e.held_document import held_document
from tests.e2e.journeys import step
from tests.e2e.languages import DEFAULT_LANG, NEXT_LANG, language_link, link_text
from tests.e2e.page_ready import page_ready
from tests.texts import text_with_facts

FLAG_KEY = storage_key()
# The language after the default stands for every other language where a test needs one
# (the first visit itself is tried in each).
if NEXT_LANG == DEFAULT_LANG:
    pytest.skip(
        "a site of one language: a first visit has no other to go to", allow_module_level=True
    )
SECOND_HOME = REDIRECT_TO[NEXT_LANG]
DEFAULT_HOME_TITLE = text_with_facts(DEFAULT_LANG, "pages.home.title")
# Browsers speaking a language: its locale (en-US), and the bare language (en). The next
# language's bare code lands from a campaign link instead (its own test, below).
OTHER_BROWSER = language(NEXT_LANG).locale
OTHER_BROWSERS = [
    pytest.param(lang, locale, id=locale)
    for lang in other_langs(DEFAULT_LANG)
    for locale in (language(lang).locale, lang)
    if locale != NEXT_LANG
]
CAMPAIGN_TAGS = "?utm_source=flyer#contact"
DEFAULT_BROWSERS = [language(DEFAULT_LANG).locale, DEFAULT_LANG]

# localStorage refused, as browsers do when a visitor blocks site data: reading the
# property throws (Chromium, Firefox), or writing does (Safari's old private mode).
STORAGE_BLOCKED = {
    "no-access": """Object.defineProperty(window, "localStorage", {
        configurable: true, get() { throw new DOMException("blocked", "SecurityError"); } });""",
    "no-write": """Storage.prototype.setItem = function () {
        throw new DOMException("full", "QuotaExceededError"); };""",
}


def settle(page) -> None:
    """Wait until the page is ready. The first-visit script runs in <head>, before
    any of the page's scripts: a redirect that should not happen would have started
    before the page could hydrate."""
    page_ready(page)


def path_of(page) -> str:
    return urlparse(page.url).path


def flag(page):
    return page.evaluate(f"localStorage.getItem({json.dumps(FLAG_KEY)})")


def expect_default_home(page) -> None:
    """The default language's home page is shown: the decision, taken in <head> before the body is
    parsed, was to stay (a redirect hides the page first)."""
    expect(page.locator("h1")).to_have_text(DEFAULT_HOME_TITLE)
    expect(page.locator("h1")).to_be_visible()
    assert path_of(page) == REDIRECT_FROM
    expect(page.locator("html")).to_have_attribute("lang", DEFAULT_LANG)


@pytest.fixture
def visitor(new_context):
    """A fresh browser (empty localStorage) speaking the given language."""

    def make(locale: str, **options):
        return new_context(locale=locale, **options).new_page()

    return make


@pytest.mark.parametrize(("lang", "locale"), OTHER_BROWSERS)
def test_a_browser_in_another_language_goes_to_its_home_once(visitor, lang, locale):
    page = visitor(locale)
    page.goto(REDIRECT_FROM)
    page.wait_for_url(f"**{REDIRECT_TO[lang]}")
    # <html lang> follows the location one render later than the URL.
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert flag(page) is not None
    # Later visits to / stay in the default language.
    page.goto(REDIRECT_FROM)
    expect_default_home(page)
    settle(page)
    assert path_of(page) == REDIRECT_FROM


def test_a_campaign_link_s_first_visit_keeps_its_tags_and_leaves_only_the_flag(visitor):
    """A browser speaking the next language by its bare code (`en`) lands on / from a
    campaign link: it goes to its home once, the query string and the fragment kept; a
    visit to another page then leaves nothing in the browser but the language preference
    (the privacy notice, section cookies, says the site stores that one thing); later
    visits to / stay in the default language, and still store nothing else."""
    page = visitor(NEXT_LANG)
    page.goto(REDIRECT_FROM + CAMPAIGN_TAGS)
    with step("the first visit goes home, tags kept"):
        page.wait_for_url(f"**{SECOND_HOME}{CAMPAIGN_TAGS}")
        expect(page.locator("html")).to_have_attribute("lang", NEXT_LANG)
        assert flag(page) is not None
    settle(page)
    page.goto(path_for("contact", NEXT_LANG))
    settle(page)
    with step("another page visited: only the flag stored"):
        assert page.evaluate("Object.keys(localStorage)") == [FLAG_KEY]
    page.goto(REDIRECT_FROM)
    with step("a later visit to / stays"):
        expect_default_home(page)
        settle(page)
        assert path_of(page) == REDIRECT_FROM
        assert page.evaluate("Object.keys(localStorage)") == [FLAG_KEY]


@pytest.mark.parametrize("locale", DEFAULT_BROWSERS)
def test_a_browser_in_the_default_language_is_never_redirected(visitor, locale):
    page = visitor(locale)
    page.goto(REDIRECT_FROM)
    expect_default_home(page)
    page.reload()
    expect_default_home(page)
    assert flag(page) is None


@pytest.mark.parametrize("blocked", list(STORAGE_BLOCKED))
def test_blocked_storage_means_no_redirect(visitor, blocked):
    """ "Once" cannot be kept without the flag: a browser in another language stays on the page it
    asked for, and the page still works."""
    page = visitor(OTHER_BROWSER)
    page.add_init_script(STORAGE_BLOCKED[blocked])
    page.goto(REDIRECT_FROM)
    expect_default_home(page)
    settle(page)
    assert path_of(page) == REDIRECT_FROM


def test_choosing_the_default_language_in_the_switch_is_never_undone(visitor):
    page = visitor(OTHER_BROWSER)
    page.goto(REDIRECT_FROM)
    page.wait_for_url(f"**{SECOND_HOME}")
    toggle = language_link(page, DEFAULT_LANG)
    expect(toggle).to_have_text(link_text(lang_of(SECOND_HOME), DEFAULT_LANG), use_inner_text=True)
    toggle.click()
    page.wait_for_url(lambda url: urlparse(url).path == REDIRECT_FROM)
    settle(page)
    assert path_of(page) == REDIRECT_FROM
    expect(page.locator("html")).to_have_attribute("lang", DEFAULT_LANG)
    assert flag(page) == DEFAULT_LANG
    page.reload()
    expect_default_home(page)
    page.goto(REDIRECT_FROM)
    expect_default_home(page)


def test_no_other_path_redirects_going_home_stays_and_switching_first_counts(visitor):
    """A browser in another language landing on the default language's pages other than /
    stays on each, and nothing is stored; following the logo home from the first keeps
    the default language (the first-visit script runs only when a document loads). Then,
    landing on an inner page in its own language and switching to the default language
    before any redirect is a choice too: it is stored, and a later visit to / stays.
    Each landing starts from empty storage, as a fresh browser's (the step before checks
    it), so each is a first visit still; the switch, which stores the choice, comes last."""
    page = visitor(OTHER_BROWSER)
    paths = [path_for(page_id, DEFAULT_LANG) for page_id in ("contact", "booking", "faq")]
    for path in paths:
        page.goto(path)
        settle(page)
        with step(f"{path}: no redirect, nothing stored"):
            assert path_of(page) == path
            assert flag(page) is None
            assert page.evaluate("Object.keys(localStorage)") == []
        if path == paths[0]:
            page.locator(f"header a[href='{REDIRECT_FROM}']").first.click()
            with step(f"{path}: the logo goes home in the default language"):
                expect_default_home(page)  # the client-side navigation has landed
                settle(page)
                assert path_of(page) == REDIRECT_FROM
                expect(page.locator("html")).to_have_attribute("lang", DEFAULT_LANG)
                assert page.evaluate("Object.keys(localStorage)") == []
    page.goto(path_for("contact", NEXT_LANG))
    settle(page)
    with step("contact in its own language: no redirect, nothing stored"):
        assert flag(page) is None
    language_link(page, DEFAULT_LANG).click()
    with step("switching to the default language stores the choice"):
        page.wait_for_url("**" + path_for("contact", DEFAULT_LANG))
        assert flag(page) == DEFAULT_LANG
    page.goto(REDIRECT_FROM)
    with step("after the switch, a later visit to / stays"):
        expect_default_home(page)


def test_crawlers_are_not_redirected(visitor):
    page = visitor(
        OTHER_BROWSER,
        user_agent="Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    )
    page.goto(REDIRECT_FROM)
    expect_default_home(page)
    assert flag(page) is None


# ---------------------------------------------------------------- before paint

# A slow phone on a slow network (CDP): every step of the page is stretched, so that a
# paint of / that should not happen would have the time to happen.
SLOW_NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 100_000 / 8,
    "uploadThroughput": 100_000 / 8,
}
SLOW_CPU = 4

# What the document at / paints, told to Python as it happens.
HOME_PROBE = """(from) => {
    if (location.pathname !== from) return;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => window.reportFromHome(entry.name)))
        .observe({ type: "paint", buffered: true });
}"""
UNTIL_FIRST_CONTENTFUL_PAINT = """() => pageWaits.within(new Promise((resolve) => new PerformanceObserver(
    (list, observer) => {
        if (list.getEntriesByName("first-contentful-paint").length) {
            observer.disconnect();
            resolve();
        }
    }).observe({ type: "paint", buffered: true })), 'the first contentful paint')"""
SCRIPT_ELEMENT = re.compile(r"<script\b[^>]*>(.*?)</script>", re.DOTALL)


def slow_first_visit(visitor, locale: str, origin: str = ""):
    """Opens / (of `origin`, else the site's) in a fresh throttled browser; returns the
    page, what / reported of itself and the CDP network events of the documents, in order."""
    page = visitor(locale)
    reports, documents = [], []
    page.expose_function("reportFromHome", lambda what: reports.append(what))
    page.add_init_script(f"({HOME_PROBE})({json.dumps(REDIRECT_FROM)})")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOW_CPU})

    def on_request(event):
        if event.get("type") == "Document":
            documents.append(("request", urlparse(event["request"]["url"]).path))

    def on_response(event):
        if event.get("type") == "Document":
            documents.append(("response", urlparse(event["response"]["url"]).path))

    cdp.on("Network.requestWillBeSent", on_request)
    cdp.on("Network.responseReceived", on_response)
    page.goto(origin + REDIRECT_FROM, wait_until="commit")
    return page, reports, documents


@pytest.mark.only_browser("chromium")  # the DevTools protocol (new_cdp_session)
def test_another_language_s_first_visit_leaves_before_the_default_home_paints(visitor, base_url):
    """The request for the other language's home goes out from the first script of / on the first
    bytes of / (none of its other scripts has run), and nothing of / is painted. Proved
    by order, not by time: everything of / after that script is held back until the
    browser asks for another document (tests/e2e/held_document.py)."""
    served = urllib.request.urlopen(base_url + REDIRECT_FROM).read().decode()
    first_script = SCRIPT_ELEMENT.search(served)
    assert first_script.group(1) == script_text()
    with held_document(base_url, REDIRECT_FROM, first_script.group(0)) as held:
        page, reports, documents = slow_first_visit(visitor, OTHER_BROWSER, held.url)
        page.wait_for_url(f"**{SECOND_HOME}")
        expect(page.locator("html")).to_have_attribute("lang", NEXT_LANG)
        # The other language's page loads its scripts through the server in the middle too: the
        # page goes first, so none of its requests is cut off (a console error) when that
        # server stops.
        page.close()
    assert held.asked_while_holding, f"no other document was asked for: {documents}"
    assert held.other_documents[:1] == [SECOND_HOME], held.other_documents
    assert reports == []
    assert documents[:3] == [
        ("request", REDIRECT_FROM),
        ("response", REDIRECT_FROM),
        ("request", SECOND_HOME),
    ], documents


@pytest.mark.only_browser("chromium")  # the DevTools protocol (new_cdp_session)
def test_a_first_visit_in_the_default_language_is_painted_as_usual(visitor):
    """The same throttled load in a browser of the default language paints / (the probe of the test
    above sees what it should)."""
    page, reports, documents = slow_first_visit(visitor, language(DEFAULT_LANG).locale)
    expect(page.locator("h1")).to_have_text(DEFAULT_HOME_TITLE)
    # The probe's observer was registered first: its report reaches Python before this
    # wait for the same paint returns.
    page.evaluate(UNTIL_FIRST_CONTENTFUL_PAINT)
    assert "first-contentful-paint" in reports, reports
    assert [path for kind, path in documents if kind == "request"] == [REDIRECT_FROM]
