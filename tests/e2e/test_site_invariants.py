"""Site-wide invariants, walking every route of the route table (docs/design.md, "How the code reads")."""

from __future__ import annotations

import html as html_text
import json
import re
import urllib.parse

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from clinic.project import ASSETS_DIR
from clinic.site.content import content
from clinic.site.routes import (
    all_pages,
    alternates,
    lang_prefix,
    other_lang,
    path_for,
    twin_path,
)
from clinic.site.seo import absolute, page_texts
from tests.e2e.content_security_policy import watch_the_policy
from tests.e2e.languages import DEFAULT_LANG, LANGS, NEXT_LANG, language_link
from tests.e2e.page_ready import page_ready
from tests.e2e.stubs import REVIEWS_JS, serve_reviews_widget
from tests.e2e.walked_pages import walked_pages

PAGES = walked_pages()
ICON = (ASSETS_DIR / "favicon.svg").read_text().strip()


# The head as the page holds it once React has taken over (each tag's count, the JSON-LD
# types): hydration must neither drop nor duplicate what the server sent.
HEAD_AFTER_HYDRATION = """() => ({
    canonical: [...document.querySelectorAll('link[rel=canonical]')].map((l) => l.href),
    alternates: document.querySelectorAll('link[rel=alternate][hreflang]').length,
    descriptions: document.querySelectorAll('meta[name=description]').length,
    ogImages: document.querySelectorAll('meta[property="og:image"]').length,
    titles: document.querySelectorAll('title').length,
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent),
})"""


def raw_keys(text: str, lang: str) -> list[str]:
    """Anything shaped like a key of the translation table, known or missing (a missing
    key displays itself)."""
    prefixes = "|".join(sorted({k.split(".")[0] for k in content().i18n[lang]}))
    return re.findall(rf"\b(?:{prefixes})(?:\.[A-Za-z_]+)+\b", text)


@pytest.mark.parametrize(
    "site_page",
    # After a deploy (`-m smoke`): one page of each kind in every language, and each doctor's.
    [pytest.param(p, marks=pytest.mark.smoke if p in PAGES else ()) for p in all_pages()],
    ids=lambda p: p.path,
)
def test_every_page_renders_its_own_head_and_text_within_its_content_security_policy(
    new_context, base_url, site_page
):
    """Its own h1, language, title and canonical link, still once each (with the
    alternates, description, share image and JSON-LD) after hydration; no translation
    key or unfilled {placeholder} shown; no error; no Content-Security-Policy violation,
    scrolled to its end with every third party answered (tests/e2e/content_security_policy.py);
    and, on one page of each kind in each language, its language switcher shows a link
    to its twin. One load per page serves all of these."""
    context = new_context()
    policy = watch_the_policy(context, base_url)
    page = context.new_page()
    response = page.goto(site_page.path)
    assert response.status == 200
    assert page.locator("h1").count() == 1
    expect(page.locator("html")).to_have_attribute("lang", site_page.lang)
    assert page.title() == page_texts(site_page)["title"]
    page_ready(page)
    head = page.evaluate(HEAD_AFTER_HYDRATION)
    assert head["canonical"] == [absolute(site_page.path)]
    assert (head["alternates"], head["descriptions"], head["ogImages"], head["titles"]) == (
        len(alternates(site_page.id)),
        1,
        1,
        1,
    )
    [json_ld] = head["jsonLd"]
    assert "MedicalClinic" in {node["@type"] for node in json.loads(json_ld)["@graph"]}
    body = " ".join(page.locator("body").inner_text().split())
    assert not raw_keys(body, site_page.lang), (
        f"raw translation keys: {raw_keys(body, site_page.lang)}"
    )
    assert not re.search(r"\{\w+\}", body), "unfilled placeholder"

    assert policy.violations(page) == []

    if site_page in PAGES and len(LANGS) > 1:  # a site of one language has no switch
        # The switcher's link is a plain document link (test_client_navigation.py clicks
        # one and sees that document load), and the twin is walked here as a page of its
        # own: the link leading there, shown to the patient, is what is left to prove.
        twin_lang = other_lang(site_page.lang)
        link = language_link(page, twin_lang)
        expect(link).to_be_visible()
        expect(link).to_have_attribute("href", twin_path(site_page.path))


def test_prerendered_html_already_carries_lang_title_and_h1(page, base_url):
    """A crawler or a slow phone gets the content in the first response, not after JS."""
    for site_page in PAGES:
        html = page.request.get(base_url + site_page.path).text()
        assert f'<html lang="{site_page.lang}"' in html
        # The title as the HTML escapes it or not (an apostrophe, an ampersand).
        head = html.split("</head>", 1)[0]
        titles = [html_text.unescape(t) for t in re.findall(r"<title>(.*?)</title>", head)]
        assert titles == [page_texts(site_page)["title"]], site_page.path
        assert "<h1" in html
        # The content and the menus' links are in their places, not sent at the end,
        # hidden, for a script to move in (clinic/framework/patches/shell_first.py): without
        # JavaScript they must show.
        main = html.split("<main", 1)[1].split("</main>", 1)[0]
        header = html.split("<header", 1)[1].split("</header>", 1)[0]
        assert "<h1" in main and "<template" not in main + header, (
            f"{site_page.path}: the page's content or its menus are not prerendered in place"
        )
        # Scripts download after the first paint (clinic/framework/patches/paint_first.py): no hint in <head>
        # makes the browser fetch them beside the stylesheet, and no async module may run
        # before the paint; the page still hydrates (every interaction test proves it).
        assert "modulepreload" not in html.split("</head>")[0]
        assert 'type="module" async' not in html


def test_the_icon_is_in_the_page_so_the_browser_requests_none(page, base_url):
    for site_page in PAGES:
        html = page.request.get(base_url + site_page.path).text()
        links = re.findall(r'<link [^>]*rel="icon"[^>]*>', html)
        assert len(links) == 1, site_page.path
        href = html_text.unescape(re.search(r'href="([^"]*)"', links[0]).group(1))
        assert href.startswith("data:image/svg+xml,")
        assert urllib.parse.unquote(href.removeprefix("data:image/svg+xml,")) == ICON
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto("/")
    page_ready(page)
    assert [url for url in requested if "favicon" in url] == []


def test_no_page_opens_a_websocket(page, console_errors, base_url):
    unknown = lang_prefix(DEFAULT_LANG) + "/no-such-page"
    console_errors.expect_not_found(base_url + unknown)
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    homes = [path_for("home", lang) for lang in LANGS]
    others = [path_for(page_id, DEFAULT_LANG) for page_id in ("contact", "booking")]
    for path in (*homes, *others, path_for("faq", NEXT_LANG), unknown):
        page.goto(path)
        page_ready(page)
    assert sockets == []


def test_no_third_party_is_reachable_unless_a_test_stubs_it(page, base_url):
    """The suite's own guard (conftest's `new_context`): a host that is not the site's
    does not answer, though it names the site's own server (browsers send every
    *.localhost to this machine, with no DNS), and a stub a test routes answers in front
    of the guard."""
    served = serve_reviews_widget(page)
    response = page.goto(REVIEWS_JS)
    assert response is not None and response.ok
    assert served == [REVIEWS_JS]
    site = urllib.parse.urlsplit(base_url)
    elsewhere = f"{site.scheme}://elsewhere.localhost:{site.port or 80}/healthz"
    with pytest.raises(PlaywrightError, match="net::ERR_"):
        page.goto(elsewhere)
