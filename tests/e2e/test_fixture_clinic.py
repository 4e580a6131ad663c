"""The fixture clinic is the sample grown and changed by docs/content.md's recipes
(tests/fixture_clinic/recipe.py); its build is the proof that the site follows its content:

(a) every page states the fixture's own facts where the site states them (footer, links,
    JSON-LD, head tags, the fee on the FAQ and booking pages, a doctor's name and years),
    and none of the sample's in any spelling anywhere in its HTML. The spellings searched
    for are made by one function for both: made for the fixture's facts, every one of them
    is found in the build, so an absence proves an edit, not a pattern that never matches;
(b) the grown clinic is everywhere: each doctor's pages in every language, the menus, the
    booking page's calendars, the carousels, the sitemap, every page's JSON-LD and the
    redirects file for static hosts;
(c) a doctor without a Cal.com event type has no open times and no place kept for them:
    on a phone their page asks for none and its hero has no empty band.

Expected texts come from the site's own helpers (format_price, format_time, text_of).
"""

from __future__ import annotations

import codecs
import html
import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from clinic.server.middleware import prerendered_file
from clinic.site.content import LANGS, content
from clinic.site.content.files import parse_yaml
from clinic.site.i18n import format_number, format_price, format_time
from clinic.site.navigation import MENU_NAMES_AT_MOST, SPECIALISTS_PAGE
from clinic.site.page_content.home import home_content
from clinic.site.page_content.service import service_content
from clinic.site.pages.home.team import SHOWN_AT_MOST as HOME_TEAM_SHOWN
from clinic.site.routes import (
    OPEN_TIMES_PATH_PREFIX,
    all_pages,
    doctor_page_id,
    legacy_redirects,
    path_for,
)
from clinic.site.structured_data import DAY_NAMES
from devtools.content_variants import DOCTOR_TEXTS, without_title
from devtools.plain_files import PlainFileServer
from tests.e2e.hero_space import EMPTY_BAND_LIMIT_PX, doctor_hero, empty_below_last_line
from tests.e2e.page_ready import page_ready
from tests.fixture_clinic.recipe import PROJECT_CONTENT
from tests.texts import text_of

# The fixture clinic's build, read file by file and served as plain files.
pytestmark = pytest.mark.own_server("it reads the fixture clinic's own build")


@dataclass(frozen=True)
class Facts:
    """The facts a clinic edits, as one content folder holds them."""

    phone: str
    whatsapp: str
    price: int
    currency: str
    doctor_name: dict[str, str]
    doctor_bare_name: str  # without the title it starts with, in the first language
    doctor_years: int
    saturday_closes: str | None  # None: closed on Saturdays


def fixture_facts() -> Facts:
    """The fixture clinic's, through the content model."""
    clinic, doctor = content().clinic, content().doctors[0]
    [saturday] = [entry for entry in clinic.hours if "Sa" in entry.days]
    return Facts(
        phone=clinic.phone,
        whatsapp=clinic.whatsapp_number,
        price=clinic.consultation.price,
        currency=clinic.consultation.currency,
        doctor_name={lang: doctor.name(lang) for lang in LANGS},
        doctor_bare_name=without_title(doctor.name(LANGS[0]), doctor.slug),
        doctor_years=doctor.years_experience,
        saturday_closes=saturday.closes,
    )


def _read(path: Path):
    return parse_yaml(path.read_text(encoding="utf-8"))


def sample_facts() -> Facts:
    """The sample's (the project's content/, which the recipe starts from), read from its
    files: this process reads the fixture's languages, not the sample's."""
    clinic = _read(PROJECT_CONTENT / "clinic.yaml")
    doctor = _read(PROJECT_CONTENT / "doctors.yaml")[0]
    # The doctor's name in each sample language: their texts, under their slug.
    names = {
        path.parts[-2]: _read(path)["doctors"][doctor["slug"]]["name"]
        for path in (PROJECT_CONTENT / "i18n").glob(f"*/{DOCTOR_TEXTS}")
    }
    saturday = next((entry for entry in clinic["hours"] if "Sa" in entry["days"]), None)
    first = _read(PROJECT_CONTENT / "languages.yaml")[0]["code"]
    return Facts(
        phone=clinic["phone"],
        whatsapp=clinic["whatsapp_number"],
        price=clinic["consultation"]["price"],
        currency=clinic["consultation"]["currency"],
        doctor_name=names,
        doctor_bare_name=without_title(names[first], doctor["slug"]),
        doctor_years=doctor["years_experience"],
        saturday_closes=saturday and saturday["closes"],
    )


def _decoded(text: str) -> str:
    """HTML as a reader (or a crawler) gets it: entities and JSON \\u escapes decoded, so
    that a value cannot hide behind its escaped spelling."""
    text = html.unescape(text)
    return re.sub(
        r"\\u([0-9a-fA-F]{4})", lambda m: codecs.decode(m.group(0), "unicode_escape"), text
    )


@pytest.fixture(scope="session")
def pages(served_build) -> dict[str, str]:
    """Every prerendered HTML file of the fixture's build (route pages, 404 pages, shells)."""
    found = {
        path.relative_to(served_build).as_posix(): _decoded(path.read_text(encoding="utf-8"))
        for path in served_build.rglob("*.html")
    }
    assert len(found) > len(all_pages()), f"a build with {len(found)} HTML files"
    return found


def document(pages: dict[str, str], path: str) -> str:
    return pages[prerendered_file(path).lstrip("/")]


def head_of(text: str) -> dict:
    """Title, meta description and JSON-LD of a prerendered page."""
    [title] = re.findall(r"<title>(.*?)</title>", text, re.S)
    [description] = re.findall(
        r'<meta[^>]*name="description"[^>]*content="([^"]*)"', text
    ) or re.findall(r'<meta[^>]*content="([^"]*)"[^>]*name="description"', text)
    [ld] = re.findall(r'<script type="application/ld\+json">(.*?)</script>', text, re.S)
    return {"title": title, "description": description, "graph": json.loads(ld)["@graph"]}


def spellings(facts: Facts) -> dict[str, re.Pattern]:
    """Every way the site could spell one of `facts`: the phone with and without spaces,
    the WhatsApp number, the fee, the doctor's name (as each language writes it, without
    the title it may start with, surname alone), the years in the phrases that state them, the Saturday closing hour in each
    language and in JSON-LD."""
    bare_name = facts.doctor_bare_name
    years = facts.doctor_years
    literal = {
        "phone": facts.phone,
        "phone without spaces": facts.phone.replace(" ", ""),
        "phone digits": re.sub(r"\D", "", facts.phone),
        "WhatsApp number": facts.whatsapp,
        **{f"fee ({lang})": format_price(facts.price, facts.currency, lang) for lang in LANGS},
        **{f"fee amount ({lang})": format_number(facts.price, lang) for lang in LANGS},
        "doctor name without title": bare_name,
        **{f"doctor name ({lang})": name for lang, name in facts.doctor_name.items()},
    }
    if facts.saturday_closes:
        literal["Saturday closing (JSON-LD)"] = f'"closes":"{facts.saturday_closes}"'
    patterns = {label: re.compile(re.escape(value)) for label, value in literal.items()}
    patterns["doctor surname"] = re.compile(rf"\b{re.escape(bare_name.split()[-1])}\b")
    patterns["years as a figure"] = re.compile(
        rf"(?<![\d,.])\+{years}(?![\d,])|(?<![\d,.+]){years}\+"
    )
    for lang in LANGS if facts.saturday_closes else ():
        patterns[f"Saturday closing ({lang})"] = re.compile(
            rf"(?<![\d:]){re.escape(format_time(facts.saturday_closes, lang))}"
        )
    return patterns


def found(pages: dict[str, str], patterns: dict[str, re.Pattern]) -> dict[str, list[str]]:
    """Which of `patterns` occur in which files."""
    hits: dict[str, list[str]] = {}
    for label, pattern in patterns.items():
        files = sorted(name for name, text in pages.items() if pattern.search(text))
        if files:
            hits[label] = files
    return hits


# ------------------------------------------------------------------ (a) its own facts only


def test_every_page_states_the_fixture_s_facts(pages):
    facts, doctor = fixture_facts(), content().doctors[0]
    digits = re.sub(r"\D", "", facts.phone)
    for p in all_pages():
        text = document(pages, p.path)
        # Footer (every page): phone, call and WhatsApp links, the Saturday hours.
        assert facts.phone in text, p.path
        assert f'href="tel:+{digits}"' in text, p.path
        assert f"https://wa.me/{facts.whatsapp}" in text, p.path
        assert format_time(facts.saturday_closes, p.lang) in text, p.path
        # JSON-LD (every page): the clinic's telephone and Saturday hours; the doctors on
        # the page that lists the team.
        graph = head_of(text)["graph"]
        [clinic] = [n for n in graph if n["@type"] == "MedicalClinic"]
        assert clinic["telephone"] == facts.phone, p.path
        saturday = [
            s
            for s in clinic["openingHoursSpecification"]
            if f"https://schema.org/{DAY_NAMES['Sa']}" in s["dayOfWeek"]
        ]
        assert [s["closes"] for s in saturday] == [facts.saturday_closes], p.path
        if p.id == SPECIALISTS_PAGE:
            assert [n["name"] for n in graph if n["@type"] in ("Physician", "Person")] == [
                d.name(p.lang) for d in content().doctors
            ], p.path
            assert [n["name"] for n in graph if n["@type"] == "Physician"] == [
                d.name(p.lang) for d in content().doctors if d.is_physician
            ], p.path
    for lang in LANGS:
        fee = format_price(facts.price, facts.currency, lang)
        for page_id in ("faq", "booking"):
            text = document(pages, path_for(page_id, lang))
            assert fee in head_of(text)["description"], f"{page_id} {lang} meta description"
            assert text.count(fee) >= 2, f"{page_id} {lang}: the fee in the page, not only its head"
        profile = document(pages, path_for(doctor_page_id(doctor.slug), lang))
        assert facts.doctor_name[lang] in head_of(profile)["title"]
        assert text_of(lang, "inner.years", years=facts.doctor_years) in profile


def years_as_a_figure_shown() -> bool:
    """Whether a page states the first doctor's years as a figure: the optional key
    figures of a service page ("+N años"), when one of theirs names their {years}."""
    slug = content().doctors[0].slug
    return any(
        "{years}" in fact.value(lang)
        for service in content().services
        if service.specialist == slug
        for fact in service_content(service.key).facts
        for lang in LANGS
    )


def test_no_page_states_a_fact_of_the_sample(pages):
    ours, sample = fixture_facts(), sample_facts()
    own = spellings(ours)
    if not years_as_a_figure_shown():  # an optional block this content does not have
        del own["years as a figure"]
    assert set(found(pages, own)) == set(own), (
        "spellings of the fixture's own facts not found in its build (the search would "
        f"prove nothing): {sorted(set(own) - set(found(pages, own)))}"
    )
    theirs = spellings(sample)
    same = {
        label for label in set(own) & set(theirs) if own[label].pattern == theirs[label].pattern
    }
    assert not same, f"the fixture must change these facts of the sample: {sorted(same)}"
    assert found(pages, theirs) == {}


# ------------------------------------------------------------------ (b) grown everywhere


def test_every_doctor_service_logo_and_photo_is_everywhere(pages, served_build):
    data, home = content(), home_content()
    doctors, services = data.doctors, data.services
    for lang in LANGS:
        for d in doctors:
            profile = document(pages, path_for(doctor_page_id(d.slug), lang))
            assert re.search(rf"<h1[^>]*>{re.escape(d.name(lang))}</h1>", profile), (d.slug, lang)
            title = head_of(profile)["title"]
            assert d.name(lang) in title and len(title) <= 75, title
            # Open times (and their place) only for the doctors content gives an event type.
            assert (f'data-open-times="{d.slug}"' in profile) == bool(d.cal_event_type_id)
        for service in services:
            assert "<h1" in document(pages, path_for(service.key, lang))
        for page_id in ("home", "booking", doctor_page_id(doctors[-1].slug)):
            text = document(pages, path_for(page_id, lang))
            # Menus (every page): the first doctors' and services' pages, and the page
            # that lists them all.
            assert f'href="{path_for(SPECIALISTS_PAGE, lang)}"' in text, page_id
            for d in doctors[:MENU_NAMES_AT_MOST]:
                assert f'href="{path_for(doctor_page_id(d.slug), lang)}"' in text, (page_id, d)
            for service in services[:MENU_NAMES_AT_MOST]:
                assert f'href="{path_for(service.key, lang)}"' in text, (page_id, service.key)
        everyone = document(pages, path_for(SPECIALISTS_PAGE, lang))
        for d in doctors:
            assert f'href="{path_for(doctor_page_id(d.slug), lang)}"' in everyone, d.slug
        for service in services:
            assert f'href="{path_for(service.key, lang)}"' in everyone, service.key
        booking = document(pages, path_for("booking", lang))
        for d in doctors:
            # A Book button for a doctor with a calendar; a call and a chat for the others.
            assert (f'data-book-button="{d.slug}"' in booking) == d.has_calendar
            if d.has_calendar:
                assert f'data-cal-namespace="{d.cal_namespace}"' in booking
            else:
                assert f'data-doctor-contact="{d.slug}"' in booking
        home_page = document(pages, path_for("home", lang))
        shown = doctors[:HOME_TEAM_SHOWN]
        assert all(f'data-doctor="{d.slug}"' in home_page for d in shown)
        assert home_page.count("data-certification=") == len(home.certifications)
        assert home_page.count("data-facility-photo=") == len(home.facilities)
    sitemap = (served_build / "sitemap.xml").read_text(encoding="utf-8")
    assert sitemap.count("<loc>") == len(all_pages())
    for p in all_pages():
        assert f"<loc>{data.clinic.origin}{p.path}</loc>" in sitemap, p.path
    redirects = (served_build / "_redirects").read_text(encoding="utf-8").splitlines()
    for old, new in legacy_redirects().items():
        # Static hosts match the path as the browser sends it: percent-encoded.
        assert any(line.split()[:2] == [quote(old), new] for line in redirects), old


# ------------------------------------------------------------------ (c) no open times


def test_a_doctor_without_an_event_type_keeps_no_place_for_open_times(mobile_page, served_build):
    without = [d for d in content().doctors if d.cal_event_type_id is None]
    assert without, "the fixture clinic has a doctor without open times (recipe.py)"
    asked: list[str] = []
    mobile_page.on(
        "request", lambda r: asked.append(r.url) if OPEN_TIMES_PATH_PREFIX in r.url else None
    )
    with PlainFileServer(served_build) as static:
        mobile_page.route(f"{static.url}/**", lambda route: route.continue_())
        for doctor in without:
            for lang in LANGS:
                path = path_for(doctor_page_id(doctor.slug), lang)
                mobile_page.goto(static.url + path)
                page_ready(mobile_page)
                expect(mobile_page.get_by_role("heading", level=1)).to_have_text(doctor.name(lang))
                expect(
                    mobile_page.locator("[data-open-times], [data-open-times-fallback]")
                ).to_have_count(0)
                empty = empty_below_last_line(doctor_hero(mobile_page))
                assert empty < EMPTY_BAND_LIMIT_PX, f"{path}: {empty:.0f} px empty under the hero"
    assert asked == []
