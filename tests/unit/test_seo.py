"""Head tags, structured data, sitemap and robots, built from the route table and content.
The browser tests in tests/e2e/test_seo.py check the same on the served site.

Expected facts come from the content model (content/ is the one source), never typed
here, so a clinic that edits its facts keeps these tests green."""

from __future__ import annotations

import json
import re
import struct
import typing
from pathlib import Path
from xml.etree import ElementTree

import pytest

from clinic.build_steps.site_files import sitemap
from clinic.project import ASSETS_DIR
from clinic.site import seo, structured_data
from clinic.site.content import (
    DEFAULT_LANG,
    LANGS,
    LANGUAGES,
    ContentError,
    OpeningHours,
    content,
)
from clinic.site.content.medical_specialties import MedicalSpecialty
from clinic.site.head_text_limits import limits_of
from clinic.site.i18n import consultation_length, consultation_price
from clinic.site.navigation import SPECIALISTS_PAGE
from clinic.site.routes import all_pages, legacy_redirects, page, path_for, twin_path
from tests.texts import text_with_facts

ROOT = Path(__file__).resolve().parents[2]
ORIGIN = content().clinic.origin
PAGES = all_pages()
FAQ_PAGES = [p for p in PAGES if p.kind == "faq"]
OTHER_PAGES = [p for p in PAGES if p.kind != "faq"]
# og:locale spells content/languages.yaml's locales with an underscore (es_MX).
OG_LOCALE = {language.code: language.locale.replace("-", "_") for language in LANGUAGES}
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def ids(pages):
    return [p.path for p in pages]


def meta_of(head: dict) -> list[dict]:
    return [m for m in head["meta"] if isinstance(m, dict)]


def meta_values(head: dict, key: str) -> list[str]:
    return [m["content"] for m in meta_of(head) if m.get("property", m.get("name")) == key]


def meta_value(head: dict, key: str) -> str:
    found = meta_values(head, key)
    assert len(found) == 1, f"{key}: {found}"
    return found[0]


def expected_alternates(page_id: str) -> dict[str, str]:
    """hreflang -> URL of a page: every language of content/languages.yaml, the default
    one's locale beside it (es-MX, the clinic's region) and x-default (the default's)."""
    urls = {lang: ORIGIN + path_for(page_id, lang) for lang in LANGS}
    default_locale = LANGUAGES[0].locale
    return {
        **{code: url for lang, url in urls.items() for code in (lang,)},
        default_locale: urls[DEFAULT_LANG],
        "x-default": urls[DEFAULT_LANG],
    }


def links_of(head: dict) -> list[dict]:
    """The <link> components of a head, as attribute dicts."""
    links = []
    for item in head["meta"]:
        if isinstance(item, dict) or item.tag != "link":
            continue
        props = item.render()["props"]
        attrs = {}
        for prop in props:
            name, _, value = prop.partition(":")
            attrs[name] = json.loads(value)
        links.append(attrs)
    return links


# ---------------------------------------------------------------- head tags


@pytest.mark.parametrize("p", PAGES, ids=ids(PAGES))
def test_title_and_description_are_within_their_limits(p):
    texts = seo.page_texts(p)
    for field, key in (("title", "meta_title"), ("description", "meta_description")):
        assert limits_of(key).admit(texts[field]), f"{len(texts[field])}: {texts[field]}"


def test_titles_and_descriptions_are_distinct_per_page():
    # Within each language: a new language's first draft repeats the one it was copied from.
    for lang in LANGS:
        pages = [p for p in PAGES if p.lang == lang]
        titles = [seo.page_texts(p)["title"] for p in pages]
        descriptions = [seo.page_texts(p)["description"] for p in pages]
        assert len(set(titles)) == len(pages)
        assert len(set(descriptions)) == len(pages)


@pytest.mark.parametrize("p", PAGES, ids=ids(PAGES))
def test_head_has_every_tag_with_its_value(p):
    head = seo.head(p)
    url = ORIGIN + p.path
    assert head["image"] == ORIGIN + seo.og_image_path()
    assert head["title"] and head["description"]
    assert meta_value(head, "keywords")
    assert meta_value(head, "og:type") == "website"
    assert meta_value(head, "og:title") == head["title"]
    assert meta_value(head, "og:description") == head["description"]
    assert meta_value(head, "og:url") == url
    assert meta_value(head, "og:site_name") == content().clinic.brand
    assert meta_value(head, "og:locale") == OG_LOCALE[p.lang]
    assert meta_values(head, "og:locale:alternate") == [
        OG_LOCALE[lang] for lang in LANGS if lang != p.lang
    ]
    assert meta_value(head, "og:image:width") == "1200"
    assert meta_value(head, "og:image:height") == "630"
    assert meta_value(head, "og:image:alt") == text_with_facts(p.lang, "site.og_image_alt")
    assert meta_value(head, "twitter:card") == "summary_large_image"


@pytest.mark.parametrize("p", PAGES, ids=ids(PAGES))
def test_structured_data_has_every_fact_filled_in(p):
    text = structured_data.to_script_text(structured_data.graph(p))
    assert not re.findall(r"\{\w+\}", text)


@pytest.mark.parametrize("p", PAGES, ids=ids(PAGES))
def test_head_texts_have_every_fact_filled_in(p):
    texts = [*seo.page_texts(p).values(), text_with_facts(p.lang, "site.og_image_alt")]
    for text in texts:
        assert not re.search(r"\{\w+\}", text), text


def test_head_texts_state_the_facts_of_content():
    """The fee, the length of a consultation, the office and the doctors' years in the
    head tags are those of clinic.yaml and doctors.yaml."""
    clinic = content().clinic
    for lang in LANGS:
        for page_id in ("faq", "booking"):
            description = seo.page_texts(page(page_id, lang))["description"]
            assert (
                consultation_price(lang) in description and consultation_length(lang) in description
            )
        assert clinic.address.office in seo.page_texts(page("contact", lang))["description"]
        for service in content().services:
            if (
                service.specialist
                and "{years}" in content().i18n[lang][f"pages.{service.key}.meta_description"]
            ):
                years = content().doctor(service.specialist).years_experience
                assert f" {years} " in seo.page_texts(page(service.key, lang))["description"]


@pytest.mark.parametrize("p", PAGES, ids=ids(PAGES))
def test_canonical_is_the_page_and_hreflang_is_reciprocal(p):
    links = links_of(seo.head(p))
    canonical = [link["href"] for link in links if link["rel"] == "canonical"]
    assert canonical == [ORIGIN + p.path]
    alternates = {link["hrefLang"]: link["href"] for link in links if link["rel"] == "alternate"}
    assert alternates == expected_alternates(p.id)
    other = next((lang for lang in LANGS if lang != p.lang), None)
    if other is None:  # a site of one language: no twin
        return
    twin = page(p.id, other)
    assert twin.path == twin_path(p.path)
    twin_alternates = {
        link["hrefLang"]: link["href"]
        for link in links_of(seo.head(twin))
        if link["rel"] == "alternate"
    }
    assert twin_alternates == alternates


def test_absolute_urls_are_percent_encoded():
    assert seo.absolute("/página") == ORIGIN + "/p%C3%A1gina"
    assert seo.absolute("/#clinic") == ORIGIN + "/#clinic"


def test_og_image_is_a_1200x630_png_named_after_the_brand():
    assert seo.og_image_path() == f"/og/{content().clinic.brand_slug}-og.png"
    data = (ASSETS_DIR / seo.og_image_path().lstrip("/")).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1200, 630)


def test_a_brand_without_its_share_image_stops_the_build(monkeypatch):
    """A new brand_slug names a share image nobody has drawn yet: the build says how."""
    edited = content().clinic.model_copy(update={"brand_slug": "a-brand-with-no-image"})
    monkeypatch.setattr(seo, "content", lambda: content().model_copy(update={"clinic": edited}))
    with pytest.raises(
        ContentError,
        match=r"clinic\.yaml: field 'brand_slug': assets/og/a-brand-with-no-image-og\.png is "
        r"missing: .*tools/make_og_image\.py",
    ):
        seo.head(PAGES[0])


# ---------------------------------------------------------------- structured data


def presented_doctors(p) -> list:
    if p.doctor_slug:
        return [content().doctor(p.doctor_slug)]
    return list(content().doctors) if p.id == SPECIALISTS_PAGE else []


def nodes_by_type(graph: dict) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for node in graph["@graph"]:
        found.setdefault(node["@type"], []).append(node)
    return found


@pytest.mark.parametrize("p", PAGES, ids=ids(PAGES))
def test_every_page_describes_the_clinic_the_doctors_it_presents_and_the_website(p):
    graph = json.loads(structured_data.to_script_text(structured_data.graph(p)))
    assert graph["@context"] == "https://schema.org"
    nodes = nodes_by_type(graph)
    [clinic] = nodes["MedicalClinic"]
    facts = content().clinic
    address = facts.address
    assert clinic["name"] == facts.brand
    assert clinic["legalName"] == facts.legal_name
    assert clinic["url"] == ORIGIN + path_for("home", p.lang)
    assert clinic["telephone"] == facts.phone
    assert clinic["email"] == facts.email
    assert clinic["description"] == text_with_facts(p.lang, "pages.home.meta_description")
    assert clinic["address"]["postalCode"] == address.postal_code
    assert clinic["address"]["addressLocality"] == address.city
    assert clinic["address"]["addressRegion"] == address.region
    assert clinic["address"]["addressCountry"] == address.country
    for part in (address.street, address.hospital, address.office, address.floor):
        assert part in clinic["address"]["streetAddress"]
    assert clinic["geo"] == {
        "@type": "GeoCoordinates",
        "latitude": address.latitude,
        "longitude": address.longitude,
    }
    assert isinstance(clinic["geo"]["latitude"], float) and isinstance(
        clinic["geo"]["longitude"], float
    )
    assert clinic["priceRange"] == facts.price_range
    assert clinic["currenciesAccepted"] == facts.consultation.currency
    assert clinic["aggregateRating"]["ratingValue"] == facts.rating.value
    assert clinic["aggregateRating"]["reviewCount"] == facts.rating.count
    assert clinic["medicalSpecialty"] == structured_data.clinic_specialties()
    assert {f"https://schema.org/{name}" for name in facts.medical_specialties} <= set(
        clinic["medicalSpecialty"]
    )
    # The doctors the page presents: its own doctor, or the whole team on the page that
    # lists it (where the clinic names them as employees); no other page describes one.
    # Physicians as Physicians; a doctor of another profession is a Person.
    presented = presented_doctors(p)
    doctors = [d for d in presented if d.is_physician]
    physicians = nodes.get("Physician", [])
    assert [d["name"] for d in physicians] == [d.name(p.lang) for d in doctors]
    assert [n["name"] for n in nodes.get("Person", [])] == [
        d.name(p.lang) for d in presented if not d.is_physician
    ]
    assert len(clinic.get("employee", [])) == (len(presented) if p.id == SPECIALISTS_PAGE else 0)
    assert all(d["telephone"] == facts.phone for d in physicians)
    assert all(d["hospitalAffiliation"]["name"] == address.hospital for d in physicians)
    for doctor, node in zip(doctors, physicians, strict=True):
        assert node["medicalSpecialty"] == structured_data.doctor_specialties(doctor)
        assert set(node["medicalSpecialty"]) <= set(clinic["medicalSpecialty"])
    for doctor in physicians:
        assert doctor["medicalSpecialty"] and doctor["description"]
        assert doctor["url"].startswith(ORIGIN + "/")
    [website] = nodes["WebSite"]
    assert website["url"] == ORIGIN + "/"
    assert ("FAQPage" in nodes) == (p.id == "faq")  # only the FAQ routes answer questions


def test_opening_hours_come_from_the_one_hours_source(monkeypatch):
    """Monday-Friday 09:00-20:00, Saturday 09:00-14:00, Sunday closed (docs/design.md, "One source for every fact"),
    given as clinic.yaml's `hours`: closed days are simply absent."""
    hours = [
        OpeningHours(days=["Mo", "Tu", "We", "Th", "Fr"], opens="09:00", closes="20:00"),
        OpeningHours(days=["Sa"], opens="09:00", closes="14:00"),
    ]
    edited = content().clinic.model_copy(update={"hours": hours})
    monkeypatch.setattr(
        structured_data, "content", lambda: content().model_copy(update={"clinic": edited})
    )
    spec = structured_data.opening_hours_specification()
    weekdays = [
        f"https://schema.org/{d}" for d in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
    ]
    assert spec == [
        {
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": weekdays,
            "opens": "09:00",
            "closes": "20:00",
        },
        {
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": ["https://schema.org/Saturday"],
            "opens": "09:00",
            "closes": "14:00",
        },
    ]


def test_opening_hours_of_the_shipped_content():
    spec = structured_data.opening_hours_specification()
    hours = content().clinic.hours
    assert [(s["opens"], s["closes"]) for s in spec] == [(h.opens, h.closes) for h in hours]
    assert [[d.rsplit("/", 1)[1][:2] for d in s["dayOfWeek"]] for s in spec] == [
        list(h.days) for h in hours
    ]


def test_specialties_come_from_content(monkeypatch):
    """A doctor practises the clinic's specialties (or their own, when doctors.yaml gives
    them) and those of the services they see; the clinic, all of them."""
    data = content()
    first, *others = data.services
    # Two specialties the content does not use yet: one for the first service, one of a
    # doctor's own.
    unused, another = [
        name
        for name in typing.get_args(MedicalSpecialty)
        if name not in data.clinic.medical_specialties
        and all(s.medical_specialty != name for s in data.services)
        and all(name not in d.medical_specialties for d in data.doctors)
    ][:2]
    services = [first.model_copy(update={"medical_specialty": unused}), *others]
    sees_it = data.doctors[0].model_copy(
        update={"services": [first.key], "medical_specialties": []}
    )
    sees_other = sees_it.model_copy(update={"services": [s.key for s in others]})
    own = sees_it.model_copy(update={"medical_specialties": [another]})
    edited = data.model_copy(update={"services": services, "doctors": [sees_it, sees_other, own]})
    monkeypatch.setattr(structured_data, "content", lambda: edited)

    def urls(*names: str | None) -> list[str]:
        return [f"https://schema.org/{n}" for n in dict.fromkeys(names) if n]

    clinic_own = data.clinic.medical_specialties
    other_services = [s.medical_specialty for s in others]
    assert structured_data.doctor_specialties(sees_it) == urls(*clinic_own, unused)
    assert structured_data.doctor_specialties(sees_other) == urls(*clinic_own, *other_services)
    assert structured_data.doctor_specialties(own) == urls(another, unused)
    assert structured_data.clinic_specialties() == urls(
        *clinic_own, another, unused, *other_services
    )


FAKE_FAQ = [
    ("¿Cuánto cuesta la consulta?", "Depende del estudio."),
    ("¿Dónde están?", "En el <b>consultorio</b> 12."),
]


@pytest.mark.parametrize("p", FAQ_PAGES, ids=ids(FAQ_PAGES))
def test_faq_routes_carry_a_faq_page_built_from_the_shown_questions(p):
    graph = structured_data.graph(p, entries=FAKE_FAQ)
    [faq] = nodes_by_type(graph)["FAQPage"]
    assert faq["inLanguage"] == next(x.locale for x in LANGUAGES if x.code == p.lang)
    assert [(q["name"], q["acceptedAnswer"]["text"]) for q in faq["mainEntity"]] == FAKE_FAQ
    assert all(
        q["@type"] == "Question" and q["acceptedAnswer"]["@type"] == "Answer"
        for q in faq["mainEntity"]
    )


@pytest.mark.parametrize("p", FAQ_PAGES, ids=ids(FAQ_PAGES))
def test_faq_page_takes_its_questions_from_the_faq_module(p, monkeypatch):
    monkeypatch.setattr(structured_data, "faq_entries", lambda lang: [(f"Q {lang}", f"A {lang}")])
    [faq] = nodes_by_type(structured_data.graph(p))["FAQPage"]
    assert faq["mainEntity"][0]["name"] == f"Q {p.lang}"


def test_no_faq_page_without_questions():
    for p in FAQ_PAGES:
        assert "FAQPage" not in nodes_by_type(structured_data.graph(p, entries=[]))


@pytest.mark.parametrize("p", OTHER_PAGES[:6], ids=ids(OTHER_PAGES[:6]))
def test_no_faq_page_on_other_routes(p, monkeypatch):
    monkeypatch.setattr(structured_data, "faq_entries", lambda lang: FAKE_FAQ)
    assert "FAQPage" not in nodes_by_type(structured_data.graph(p))


def test_script_text_cannot_close_the_script_element():
    data = {"text": "</script><script>alert(1)</script>", "accent": "Cancún"}
    text = structured_data.to_script_text(data)
    assert "<" not in text
    assert "\\u003c/script>" in text
    assert "Cancún" in text  # readable, not \u-escaped
    assert json.loads(text) == data


def test_json_ld_is_a_script_element_of_the_right_type():
    rendered = structured_data.json_ld(PAGES[0]).render()
    assert rendered["name"] == '"script"'
    assert 'type:"application/ld+json"' in rendered["props"]


# ---------------------------------------------------------------- sitemap and robots


def test_sitemap_lists_every_page_with_its_alternates():
    root = ElementTree.fromstring(sitemap.sitemap_xml().encode("utf-8"))
    urls = root.findall("s:url", NS)
    assert len(urls) == len(PAGES)
    locs = [u.find("s:loc", NS).text for u in urls]
    assert locs == [ORIGIN + p.path for p in PAGES]
    for url, p in zip(urls, PAGES, strict=True):
        links = url.findall("x:link", NS)
        assert all(link.get("rel") == "alternate" for link in links)
        got = {link.get("hreflang"): link.get("href") for link in links}
        assert got == expected_alternates(p.id)


def test_sitemap_has_no_legacy_or_404_paths():
    text = sitemap.sitemap_xml()
    for legacy in legacy_redirects():
        assert f"<loc>{seo.absolute(legacy)}</loc>" not in text
    assert "404" not in text


def test_robots_allows_all_and_names_the_sitemap():
    lines = sitemap.robots_txt().splitlines()
    assert "User-agent: *" in lines
    assert "Allow: /" in lines
    assert not any(line.startswith("Disallow") for line in lines)
    assert f"Sitemap: {ORIGIN}/sitemap.xml" in lines


def test_plugin_writes_both_files_into_the_public_dir():
    tasks = []
    sitemap.SitemapAndRobotsPlugin().pre_compile(
        add_save_task=lambda fn, *a, **k: tasks.append(fn(*a, **k))
    )
    [files] = tasks
    assert dict(files) == {
        "public/sitemap.xml": sitemap.sitemap_xml(),
        "public/robots.txt": sitemap.robots_txt(),
    }


def test_rxconfig_uses_our_sitemap_not_reflex_s():
    import reflex as rx

    from rxconfig import config

    assert any(isinstance(p, sitemap.SitemapAndRobotsPlugin) for p in config.plugins)
    assert rx.plugins.SitemapPlugin in config.disable_plugins
