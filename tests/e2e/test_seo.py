"""Discoverability on the served site: head tags, structured data, sitemap,
robots and the share image (the first-visit language choice: test_first_visit.py).

Head tags and JSON-LD are read twice: here from the HTML the server sends (what a
crawler gets, by plain HTTP), and from every page after React has hydrated it in Chromium
by test_site_invariants.py (`test_every_page_renders_its_own_head_and_text_within_its_content_security_policy`,
one load per page).
"""

from __future__ import annotations

import functools
import json
import struct
from html.parser import HTMLParser
from urllib.parse import unquote
from xml.etree import ElementTree

import pytest
from playwright.sync_api import expect

from clinic.site.content import content
from clinic.site.navigation import SPECIALISTS_PAGE
from clinic.site.pages.faq import faq_entries
from clinic.site.routes import (
    all_pages,
    language,
    legacy_redirects,
    other_langs,
    page_at,
    path_for,
)
from clinic.site.structured_data import DAY_NAMES
from tests.e2e.languages import DEFAULT_LANG, LANGS, NEXT_LANG
from tests.e2e.over_http import http_get, served_html
from tests.e2e.page_ready import page_ready

ORIGIN = content().clinic.origin
BRAND = content().clinic.brand
PATHS = [p.path for p in all_pages()]
FAQ_PAGES = [p for p in all_pages() if p.kind == "faq"]
# hreflang codes: every language's, the default language's locale beside it (the clinic's
# own region), and x-default.
HREFLANGS = {*LANGS, language(DEFAULT_LANG).locale, "x-default"}
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
ONCE = [
    "description",
    "keywords",
    "og:type",
    "og:title",
    "og:description",
    "og:url",
    "og:site_name",
    "og:locale",
    "og:image",
    "og:image:width",
    "og:image:height",
    "og:image:alt",
    "twitter:card",
]


class Document(HTMLParser):
    """The parts of an HTML document this file checks."""

    def __init__(self, text: str):
        super().__init__()
        self.html_lang = None
        self.titles: list[str] = []
        self.meta: list[dict] = []
        self.links: list[dict] = []
        self.json_ld: list[str] = []
        self._in = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.html_lang = attrs.get("lang")
        elif tag == "meta":
            self.meta.append(attrs)
        elif tag == "link":
            self.links.append(attrs)
        elif tag == "title":
            self._in, self.titles = "title", [*self.titles, ""]
        elif tag == "script" and attrs.get("type") == "application/ld+json":
            self._in, self.json_ld = "json_ld", [*self.json_ld, ""]

    def handle_endtag(self, tag):
        if tag in ("title", "script"):
            self._in = None

    def handle_data(self, data):
        if self._in == "title":
            self.titles[-1] += data
        elif self._in == "json_ld":
            self.json_ld[-1] += data

    def metas(self, key: str) -> list[str]:
        return [m.get("content") for m in self.meta if (m.get("property") or m.get("name")) == key]

    def one(self, key: str) -> str:
        values = self.metas(key)
        assert len(values) == 1, f"{key} appears {len(values)} times: {values}"
        return values[0]

    def canonical(self) -> list[str]:
        return [link["href"] for link in self.links if link.get("rel") == "canonical"]

    def alternates(self) -> dict[str, str]:
        pairs = [
            (link.get("hreflang"), link["href"])
            for link in self.links
            if link.get("rel") == "alternate"
        ]
        codes = [code for code, _ in pairs]
        assert len(codes) == len(set(codes)), f"an hreflang appears twice: {codes}"
        return dict(pairs)


@functools.cache
def served(base_url: str, path: str) -> Document:
    return Document(served_html(base_url, path))


def og_locale(lang: str) -> str:
    """The language's locale as og:locale spells it (es-MX -> es_MX)."""
    return language(lang).locale.replace("-", "_")


def site_path(url: str) -> str:
    """The path of one of our absolute URLs (<origin>/x -> /x)."""
    assert url.startswith(ORIGIN + "/"), url
    return url[len(ORIGIN) :]


def graph_nodes(text: str) -> dict[str, list[dict]]:
    data = json.loads(text)
    assert data["@context"] == "https://schema.org"
    nodes: dict[str, list[dict]] = {}
    for node in data["@graph"]:
        nodes.setdefault(node["@type"], []).append(node)
    return nodes


# ---------------------------------------------------------------- head tags, by HTTP


@pytest.mark.parametrize("path", PATHS)
def test_every_head_tag_is_present_once_with_its_value(base_url, path):
    doc = served(base_url, path)
    lang = page_at(path).lang
    assert doc.html_lang == lang
    assert len(doc.titles) == 1 and doc.titles[0].strip()
    for key in ONCE:
        doc.one(key)
    title, description = doc.titles[0], doc.one("description")
    assert 70 <= len(description) <= 160, f"{len(description)} characters: {description}"
    assert doc.one("keywords").strip()
    assert doc.canonical() == [ORIGIN + path]
    assert doc.one("og:type") == "website"
    assert doc.one("og:title") == title
    assert doc.one("og:description") == description
    assert doc.one("og:url") == ORIGIN + path
    assert doc.one("og:site_name") == BRAND
    assert doc.one("og:locale") == og_locale(lang)
    assert doc.metas("og:locale:alternate") == [og_locale(other) for other in other_langs(lang)]
    assert doc.one("og:image").startswith(ORIGIN + "/")
    assert (doc.one("og:image:width"), doc.one("og:image:height")) == ("1200", "630")
    assert doc.one("og:image:alt").strip()
    assert doc.one("twitter:card") == "summary_large_image"
    assert not doc.metas("robots"), "a page of the route table must be indexable"


@pytest.mark.parametrize("path", PATHS)
def test_hreflang_alternates_are_complete_and_reciprocal(base_url, path):
    alternates = served(base_url, path).alternates()
    assert set(alternates) == HREFLANGS
    default = alternates[DEFAULT_LANG]
    assert alternates[language(DEFAULT_LANG).locale] == alternates["x-default"] == default
    lang = page_at(path).lang
    assert alternates[lang] == ORIGIN + path, "a page lists itself among its alternates"
    for other in other_langs(lang):
        twin = site_path(alternates[other])
        assert twin != path
        assert page_at(unquote(twin)).lang == other
        assert served(base_url, twin).alternates() == alternates


def test_titles_and_descriptions_differ_from_page_to_page(base_url):
    # Within each language (a language `make language` has just drafted from another
    # shares that one's texts until it is translated).
    for lang in LANGS:
        paths = [path for path in PATHS if page_at(path).lang == lang]
        docs = [served(base_url, path) for path in paths]
        titles = [d.titles[0] for d in docs]
        descriptions = [d.one("description") for d in docs]
        assert len(set(titles)) == len(paths), sorted(titles)
        assert len(set(descriptions)) == len(paths), sorted(descriptions)


def test_share_image_is_served_and_measures_1200x630(base_url):
    urls = {served(base_url, path).one("og:image") for path in PATHS}
    assert len(urls) == 1
    status, _, content_type, body = http_get(base_url + site_path(urls.pop()))
    assert status == 200 and content_type == "image/png"
    assert body[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", body[16:24]) == (1200, 630)


# ---------------------------------------------------------------- structured data, by HTTP


@pytest.mark.parametrize("path", PATHS)
def test_structured_data_describes_clinic_doctors_and_website(base_url, path):
    doc = served(base_url, path)
    assert len(doc.json_ld) == 1
    nodes = graph_nodes(doc.json_ld[0])
    [clinic] = nodes["MedicalClinic"]
    clinic_facts = content().clinic
    assert clinic["name"] == BRAND
    assert clinic["url"].startswith(ORIGIN + "/")
    assert clinic["telephone"] == clinic_facts.phone
    address = clinic["address"]
    assert address["@type"] == "PostalAddress"
    where = clinic_facts.address
    assert (
        address["postalCode"],
        address["addressLocality"],
        address["addressRegion"],
        address["addressCountry"],
    ) == (where.postal_code, where.city, where.region, where.country)
    assert where.office in address["streetAddress"] and where.street in address["streetAddress"]
    assert clinic["geo"] == {
        "@type": "GeoCoordinates",
        "latitude": clinic_facts.address.latitude,
        "longitude": clinic_facts.address.longitude,
    }
    hours = {
        (day.rsplit("/", 1)[1], spec["opens"], spec["closes"])
        for spec in clinic["openingHoursSpecification"]
        for day in spec["dayOfWeek"]
    }
    # clinic.yaml's hours, day by day; closed days (Sunday) absent.
    assert hours == {
        (DAY_NAMES[day], entry.opens, entry.closes)
        for entry in clinic_facts.hours
        for day in entry.days
    }
    assert clinic["priceRange"] == clinic_facts.price_range
    assert clinic["aggregateRating"]["ratingValue"] == clinic_facts.rating.value
    assert clinic["aggregateRating"]["reviewCount"] == clinic_facts.rating.count
    assert clinic["medicalSpecialty"]
    shown = page_at(path)
    lang = shown.lang
    # The doctors the page presents: its own, or the whole team on the team's page; a
    # Physician per physician, someone of another profession a Person.
    if shown.doctor_slug:
        presented = [content().doctor(shown.doctor_slug)]
    else:
        presented = list(content().doctors) if shown.id == SPECIALISTS_PAGE else []
    physicians = {d["name"]: d for d in nodes.get("Physician", [])}
    people = {d["name"]: d for d in nodes.get("Person", [])}
    assert set(physicians) == {d.name(lang) for d in presented if d.is_physician}
    assert set(people) == {d.name(lang) for d in presented if not d.is_physician}
    for doctor in presented:
        node = {**physicians, **people}[doctor.name(lang)]
        if doctor.is_physician:
            assert node["medicalSpecialty"]
        else:
            assert node["jobTitle"] == content().role(doctor, lang)
        assert node["description"] == doctor.specialty(lang)
        assert served(base_url, site_path(node["url"])).canonical() == [node["url"]]
    [website] = nodes["WebSite"]
    assert website["url"] == ORIGIN + "/"
    if path not in {p.path for p in FAQ_PAGES}:
        assert "FAQPage" not in nodes


# ---------------------------------------------------------------- in the browser


def test_head_follows_client_side_navigation(page):
    # A link within the language is followed in the page (another language's page loads
    # as a document: tests/e2e/test_client_navigation.py).
    page.goto(path_for("home", NEXT_LANG))
    page_ready(page)
    target = path_for("contact", NEXT_LANG)
    page.locator(f"header a[href='{target}']:visible").first.click()
    page.wait_for_url("**" + target)
    # The new route renders once its code has loaded: wait for its head, then compare.
    canonical = page.locator("link[rel=canonical]")
    expect(canonical).to_have_attribute("href", ORIGIN + target)
    assert canonical.count() == 1
    expect(page.locator("html")).to_have_attribute("lang", NEXT_LANG)
    expect(page.locator("meta[property='og:locale']")).to_have_attribute(
        "content", og_locale(NEXT_LANG)
    )
    assert page.locator("link[rel=alternate][hreflang]").count() == len(HREFLANGS)


@pytest.mark.parametrize("faq", FAQ_PAGES, ids=[p.path for p in FAQ_PAGES])
def test_faq_structured_data_matches_the_visible_questions(page, faq):
    assert faq_entries(faq.lang), "the FAQ page has no questions: no FAQPage to compare"
    page.goto(faq.path)
    page_ready(page)
    visible = [
        " ".join(text.split()) for text in page.locator("[data-faq-question]").all_inner_texts()
    ]
    assert visible, "the FAQ page marks its questions with data-faq-question"
    [ld] = [
        graph_nodes(text)
        for text in page.locator("script[type='application/ld+json']").all_text_contents()
    ]
    [faq_node] = ld["FAQPage"]
    assert [" ".join(q["name"].split()) for q in faq_node["mainEntity"]] == visible
    assert all(q["acceptedAnswer"]["text"].strip() for q in faq_node["mainEntity"])


# ---------------------------------------------------------------- sitemap and robots


def test_sitemap_lists_every_page_each_with_its_alternates(base_url):
    status, _, content_type, body = http_get(base_url + "/sitemap.xml")
    assert status == 200 and "xml" in content_type
    root = ElementTree.fromstring(body)
    urls = root.findall("s:url", NS)
    assert len(urls) == len(PATHS)
    locs = [u.find("s:loc", NS).text for u in urls]
    assert len(set(locs)) == len(PATHS)
    assert {site_path(loc) for loc in locs} == set(PATHS)
    legacy = set(legacy_redirects())
    for url, loc in zip(urls, locs, strict=True):
        path = site_path(loc)
        assert path not in legacy
        links = {
            link.get("hreflang"): link.get("href")
            for link in url.findall("x:link", NS)
            if link.get("rel") == "alternate"
        }
        assert set(links) == HREFLANGS
        # Each entry agrees with the page's own head, and the page is served (200).
        assert links == served(base_url, path).alternates()


def test_robots_allows_everything_and_names_the_sitemap(base_url):
    status, _, content_type, body = http_get(base_url + "/robots.txt")
    assert status == 200 and content_type.startswith("text/plain")
    lines = [line.strip() for line in body.decode().splitlines()]
    assert "User-agent: *" in lines and "Allow: /" in lines
    assert not [
        line
        for line in lines
        if line.lower().startswith("disallow") and line.split(":", 1)[1].strip()
    ]
    assert f"Sitemap: {ORIGIN}/sitemap.xml" in lines
