"""A clinic edits its facts in content/ and nothing else: the tests stay green and every
page says the new facts, and the clinic grows.

The shipped content/ is copied and edited the way a clinic would edit it: the phone and
WhatsApp number, the consultation fee, one doctor's name and years of experience, the
Saturday closing hour and one Spanish page text; and it grows (devtools/content_variants.py):
a third doctor whose name has two surnames and accents, a seventh service, one
certification fewer and one facility photo more. Then

(a) the unit tests pass on the edited copy (run in a subprocess with CLINIC_CONTENT_DIR),
(b) the site built from it (a copy of the project, `reflex export`) shows the new values
    on its prerendered pages, head tags and JSON-LD included, and none of the old ones
    in any spelling anywhere in its HTML. The same checks run first on a build of the
    shipped content, where the old values must be found: so an absence proves an edit,
    not a pattern that never matched. That build is the one the production server of
    this run serves (a copy builds it only when the tests run against another site).
(c) the same build has the grown clinic everywhere: the new doctor's pages in both
    languages, the menus, the booking page's calendars, the carousels, the sitemap,
    every page's JSON-LD and the redirects file for static hosts;
(d) the new doctor has no Cal.com event type, as a clinic may leave it out: the unit
    tests of (a) pass with such a doctor, and on a phone (390x844) their page, served
    from that build, keeps no place for open times and asks for none: the hero's empty
    space under its last line stays under 96 px.

Expected texts come from the site's own helpers (format_price, format_time, t), so the
test says what the site would say, in the site's words. Everything happens in temporary
folders: the repository is only read.
"""

from __future__ import annotations

import codecs
import html
import json
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import expect

from clinic.project import EXPORT_DIR, PROJECT_DIR
from clinic.site.content import CONTENT_DIR, content, load_content
from clinic.site.i18n import format_number, format_price, format_time
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX, all_pages, doctor_page_id, path_for
from clinic.site.structured_data import DAY_NAMES
from devtools import content_variants as grow
from devtools.plain_files import PlainFileServer
from devtools.project_copy import copy_project, export_static, start_unit_tests
from tests.e2e.hero_space import EMPTY_BAND_LIMIT_PX, doctor_hero, empty_below_last_line
from tests.e2e.page_ready import page_ready
from tests.texts import text_of

BUILD_TIMEOUT_S = 600  # a copy builds in ~10 s once node_modules exist; a fresh clone installs them
EDITED_TEXT_KEY = "pages.contact.intro"  # a Spanish text of the contact page
NEW_TEXT = "Cuéntanos en qué te ayudamos: escríbenos, llámanos o ven a vernos."
LANGS = ("es", "en")


# ------------------------------------------------------------------ the edit


@dataclass(frozen=True)
class Facts:
    """The facts the edit changes, as content holds them."""

    phone: str
    whatsapp: str
    price: int
    currency: str
    doctor_slug: str
    doctor_name: dict[str, str]
    doctor_years: int
    saturday_closes: str
    text: str


def _read(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _write(path: Path, data) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _i18n_file(content_dir: Path, key: str) -> Path:
    """The Spanish i18n file that holds `key` (i18n/es.yaml or one of i18n/es/*.yaml)."""
    for path in [
        content_dir / "i18n" / "es.yaml",
        *sorted((content_dir / "i18n" / "es").glob("*.yaml")),
    ]:
        node = _read(path)
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, str):
            return path
    raise AssertionError(f"no Spanish text {key}")


def _later(hhmm: str) -> str:
    """Another closing time, an hour later (or earlier, late at night)."""
    hour, minute = (int(p) for p in hhmm.split(":"))
    hour = hour + 1 if hour < 22 else hour - 1
    return f"{hour:02d}:{minute:02d}"


def edited_doctor():
    """The doctor whose name and years the edit changes: the first whose years and surname
    no other doctor shares (their absence after the edit then proves it)."""
    doctors = content().doctors
    years = Counter(d.years_experience for d in doctors)
    surnames = Counter(d.name("en").split()[-1] for d in doctors)
    return next(
        (
            d
            for d in doctors
            if years[d.years_experience] == 1 and surnames[d.name("en").split()[-1]] == 1
        ),
        doctors[0],
    )


def shipped_facts() -> Facts:
    data = content()
    clinic, doctor = data.clinic, edited_doctor()
    [saturday] = [entry for entry in clinic.hours if "Sa" in entry.days]
    return Facts(
        phone=clinic.phone,
        whatsapp=clinic.whatsapp_number,
        price=clinic.consultation.price,
        currency=clinic.consultation.currency,
        doctor_slug=doctor.slug,
        doctor_name={lang: doctor.name(lang) for lang in LANGS},
        doctor_years=doctor.years_experience,
        saturday_closes=saturday.closes,
        text=data.i18n["es"][EDITED_TEXT_KEY],
    )


def new_facts(old: Facts) -> Facts:
    others = {d.years_experience for d in content().doctors if d.slug != old.doctor_slug}
    years = old.doctor_years + 6
    while years in others:
        years += 1
    # No longer than the old name: the doctor's meta description has a length budget.
    title = {
        "es": "Dra." if content().doctor(old.doctor_slug).gender == "female" else "Dr.",
        "en": "Dr.",
    }
    phone = "+52 984 321 7788" if old.phone != "+52 984 321 7788" else "+52 984 321 7799"
    return Facts(
        phone=phone,
        whatsapp=re.sub(r"\D", "", phone),
        price=old.price + 350,
        currency=old.currency,
        doctor_slug=old.doctor_slug,
        doctor_name={lang: f"{title[lang]} Inés Robles" for lang in LANGS},
        doctor_years=years,
        saturday_closes=_later(old.saturday_closes),
        text=NEW_TEXT,
    )


def write_edited_content(source: Path, dest: Path, new: Facts) -> None:
    """Copy content/ to `dest` and make the clinic's edit there."""
    shutil.copytree(source, dest)
    clinic = _read(dest / "clinic.yaml")
    clinic["phone"], clinic["whatsapp_number"] = new.phone, new.whatsapp
    clinic["consultation"]["price"] = new.price
    hours = []
    for entry in clinic["hours"]:  # Saturday in an entry of its own, with its new closing hour
        if "Sa" in entry["days"]:
            rest = [d for d in entry["days"] if d != "Sa"]
            if rest:
                hours.append({**entry, "days": rest})
            hours.append({**entry, "days": ["Sa"], "closes": new.saturday_closes})
        else:
            hours.append(entry)
    clinic["hours"] = hours
    _write(dest / "clinic.yaml", clinic)

    doctors = _read(dest / "doctors.yaml")
    [doctor] = [d for d in doctors if d["slug"] == new.doctor_slug]
    doctor["name"] = dict(new.doctor_name)
    doctor["initials"] = "".join(word[0] for word in new.doctor_name["en"].split()[1:])
    doctor["years_experience"] = new.doctor_years
    _write(dest / "doctors.yaml", doctors)

    path = _i18n_file(dest, EDITED_TEXT_KEY)
    texts = _read(path)
    node = texts
    *parents, last = EDITED_TEXT_KEY.split(".")
    for part in parents:
        node = node[part]
    node[last] = new.text
    _write(path, texts)


# ------------------------------------------------------------------ reading a build


def _decoded(text: str) -> str:
    """HTML as a reader (or a crawler) gets it: entities and JSON \\u escapes decoded, so
    that a value cannot hide behind its escaped spelling."""
    text = html.unescape(text)
    return re.sub(
        r"\\u([0-9a-fA-F]{4})", lambda m: codecs.decode(m.group(0), "unicode_escape"), text
    )


def read_build(client: Path) -> dict[str, str]:
    """Every prerendered HTML file of a build (route pages, 404 pages, shells)."""
    pages = {
        path.relative_to(client).as_posix(): _decoded(path.read_text(encoding="utf-8"))
        for path in client.rglob("*.html")
    }
    assert len(pages) > 2 * len(all_pages()), f"a build with {len(pages)} HTML files"
    return pages


def build(project: Path) -> dict[str, str]:
    """Every prerendered HTML file of a `reflex export` of `project`."""
    return read_build(export_static(project, timeout_s=BUILD_TIMEOUT_S))


def html_file(path: str) -> str:
    """The prerendered file of a route path ("/" -> index.html, "/en/faq" -> en/faq.html)."""
    return (
        "index.html"
        if path == "/"
        else "en/index.html"
        if path == "/en/"
        else path.lstrip("/") + ".html"
    )


def head_of(document: str) -> dict:
    """Title, meta description and JSON-LD of a prerendered page."""
    [title] = re.findall(r"<title>(.*?)</title>", document, re.S)
    [description] = re.findall(
        r'<meta[^>]*name="description"[^>]*content="([^"]*)"', document
    ) or re.findall(r'<meta[^>]*content="([^"]*)"[^>]*name="description"', document)
    [ld] = re.findall(r'<script type="application/ld\+json">(.*?)</script>', document, re.S)
    return {"title": title, "description": description, "graph": json.loads(ld)["@graph"]}


# ------------------------------------------------------------------ what a build must say


def old_spellings(facts: Facts) -> dict[str, re.Pattern]:
    """Every way the site could spell one of `facts`: the phone with and without spaces,
    the WhatsApp number, the fee, the doctor's name (with and without title, surname
    alone), the years in the phrases that state them, the Saturday closing hour in both
    languages and in JSON-LD, and the page text."""
    digits = re.sub(r"\D", "", facts.phone)
    name_es, name_en = facts.doctor_name["es"], facts.doctor_name["en"]
    bare_name = name_en.split(" ", 1)[1]
    years = facts.doctor_years
    literal = {
        "phone": facts.phone,
        "phone without spaces": facts.phone.replace(" ", ""),
        "phone digits": digits,
        "WhatsApp number": facts.whatsapp,
        "fee": format_price(facts.price, facts.currency),
        "fee amount": format_number(facts.price),
        "doctor name (es)": name_es,
        "doctor name (en)": name_en,
        "doctor name without title": bare_name,
        "Saturday closing (JSON-LD)": f'"closes":"{facts.saturday_closes}"',
        "page text": facts.text,
    }
    patterns = {label: re.compile(re.escape(value)) for label, value in literal.items()}
    patterns["doctor surname"] = re.compile(rf"\b{re.escape(bare_name.split()[-1])}\b")
    patterns["years in a sentence"] = re.compile(rf"(?i)\b(?:más de|over) {years} (?:años|years)\b")
    patterns["years as a figure"] = re.compile(
        rf"(?<![\d,.])\+{years}(?![\d,])|(?<![\d,.+]){years}\+"
    )
    for lang in LANGS:
        patterns[f"Saturday closing ({lang})"] = re.compile(
            rf"(?<![\d:]){re.escape(format_time(facts.saturday_closes, lang))}"
        )
    return patterns


def check_build_says(pages: dict[str, str], facts: Facts) -> None:
    """The build states `facts` where the site states them."""
    doctor = content().doctor(facts.doctor_slug)
    digits = re.sub(r"\D", "", facts.phone)
    for p in all_pages():
        document = pages[html_file(p.path)]
        where = p.path
        # Footer (every page): phone, call and WhatsApp links, the Saturday hours.
        assert facts.phone in document, where
        assert f'href="tel:+{digits}"' in document, where
        assert f"https://wa.me/{facts.whatsapp}" in document, where
        assert format_time(facts.saturday_closes, p.lang) in document, where
        # JSON-LD (every page): the clinic's telephone and Saturday hours, the doctor.
        graph = head_of(document)["graph"]
        [clinic] = [n for n in graph if n["@type"] == "MedicalClinic"]
        assert clinic["telephone"] == facts.phone, where
        saturday = [
            s
            for s in clinic["openingHoursSpecification"]
            if f"https://schema.org/{DAY_NAMES['Sa']}" in s["dayOfWeek"]
        ]
        assert [s["closes"] for s in saturday] == [facts.saturday_closes], where
        assert facts.doctor_name[p.lang] in [
            n["name"] for n in graph if n["@type"] == "Physician"
        ], where
    fee = format_price(facts.price, facts.currency)
    for lang in LANGS:
        for page_id in ("faq", "booking"):
            document = pages[html_file(path_for(page_id, lang))]
            assert fee in head_of(document)["description"], f"{page_id} {lang} meta description"
            assert document.count(fee) >= 2, (
                f"{page_id} {lang}: the fee in the page, not only its head"
            )
        profile = pages[html_file(path_for(doctor_page_id(doctor.slug), lang))]
        assert facts.doctor_name[lang] in head_of(profile)["title"]
        assert text_of(lang, "inner.years", years=facts.doctor_years) in profile
        for service in content().services:
            if service.specialist == doctor.slug:
                document = pages[html_file(path_for(service.key, lang))]
                figure = f"+{facts.doctor_years}" if lang == "es" else f"{facts.doctor_years}+"
                assert figure in document, f"{service.key} {lang}: {figure}"
                assert f" {facts.doctor_years} " in head_of(document)["description"], (
                    f"{service.key} {lang}"
                )
    assert facts.text in pages[html_file(path_for("contact", "es"))]


def check_build_grew(pages: dict[str, str], client: Path, grown_dir: Path, new_slug: str) -> None:
    """The build of the grown content shows every doctor, service, logo and photo it has,
    and the new doctor's (`new_slug`) pages."""
    data = load_content(grown_dir)
    home = read_yaml(grown_dir / "pages" / "home.yaml")
    doctors, services = data.doctors, data.services
    assert (
        len(doctors) == len(content().doctors) + 1 and len(services) == len(content().services) + 1
    )

    def path(page_id: str, lang: str) -> str:
        if page_id.startswith("doctor:"):
            doctor = data.doctor(page_id.split(":", 1)[1])
            pattern = (
                getattr(data.routes.doctor_pages.es, doctor.gender)
                if lang == "es"
                else data.routes.doctor_pages.en
            )
            return pattern.format(slug=doctor.slug)
        return getattr(data.routes.pages[page_id], lang).format(brand_slug=data.clinic.brand_slug)

    paths = [path(f"doctor:{d.slug}", lang) for d in doctors for lang in LANGS] + [
        path(page_id, lang) for page_id in data.routes.pages for lang in LANGS
    ]
    new_doctor = data.doctor(new_slug)
    for lang in LANGS:
        # The new doctor's page, with a title that fits whatever the name.
        profile = pages[html_file(path(f"doctor:{new_doctor.slug}", lang))]
        assert re.search(rf"<h1[^>]*>{re.escape(new_doctor.name(lang))}</h1>", profile), lang
        title = head_of(profile)["title"]
        assert new_doctor.name(lang) in title and len(title) <= 75, title
        # Open times (and their place) only for the doctors content gives an event type.
        for d in doctors:
            document = pages[html_file(path(f"doctor:{d.slug}", lang))]
            assert (f'data-open-times="{d.slug}"' in document) == bool(d.cal_event_type_id), d.slug
        # The seventh service's page.
        new_service = services[-1]
        assert "<h1" in pages[html_file(path(new_service.key, lang))]
        for document_path in (
            path("home", lang),
            path("booking", lang),
            path(f"doctor:{new_doctor.slug}", lang),
        ):
            document = pages[html_file(document_path)]
            # Menus (every page): each doctor's page and each service's page linked.
            for d in doctors:
                assert f'href="{path(f"doctor:{d.slug}", lang)}"' in document, (
                    document_path,
                    d.slug,
                )
            for service in services:
                assert f'href="{path(service.key, lang)}"' in document, (document_path, service.key)
            # JSON-LD: one Physician per doctor, in doctors.yaml order.
            graph = head_of(document)["graph"]
            assert [n["name"] for n in graph if n["@type"] == "Physician"] == [
                d.name(lang) for d in doctors
            ]
        # The booking page: one card and one calendar namespace per doctor.
        booking = pages[html_file(path("booking", lang))]
        for d in doctors:
            assert (
                f'data-book-button="{d.slug}"' in booking
                and f'data-cal-namespace="{d.cal_namespace}"' in booking
            )
        # The home page: every doctor's card, one logo fewer and one photo more.
        home_page = pages[html_file(path("home", lang))]
        assert all(f'data-doctor="{d.slug}"' in home_page for d in doctors)
        assert home_page.count("data-certification=") == len(home["certifications"])
        assert home_page.count("data-facility-photo=") == len(home["facilities"])
    sitemap = (client / "sitemap.xml").read_text(encoding="utf-8")
    assert sitemap.count("<loc>") == len(paths)
    for page_path in paths:
        assert f"<loc>{data.clinic.origin}{page_path}</loc>" in sitemap, page_path
    redirects = (client / "_redirects").read_text(encoding="utf-8").splitlines()
    for d in doctors:
        old = getattr(data.routes.legacy_doctor, d.gender).format(slug=d.slug)
        assert f"{old} {path(f'doctor:{d.slug}', 'es')} 301" in redirects, old


def check_no_place_for_open_times(page, client: Path, grown_content, new_slug: str) -> None:
    """On a phone, the page of the doctor without an event type (`new_slug`), served as
    plain files from the grown build (`client`), has no open-times block, no fallback in
    its place and no request for times, and no empty band under its hero's last line."""
    doctor = grown_content.doctor(new_slug)
    paths = {
        "es": getattr(grown_content.routes.doctor_pages.es, doctor.gender),
        "en": grown_content.routes.doctor_pages.en,
    }
    asked = []
    page.on("request", lambda r: asked.append(r.url) if OPEN_TIMES_PATH_PREFIX in r.url else None)
    with PlainFileServer(client) as static:
        page.route(f"{static.url}/**", lambda route: route.continue_())
        for lang in LANGS:
            path = paths[lang].format(slug=doctor.slug)
            page.goto(static.url + path)
            page_ready(page)
            expect(page.get_by_role("heading", level=1)).to_have_text(doctor.name(lang))
            expect(page.locator("[data-open-times], [data-open-times-fallback]")).to_have_count(0)
            empty = empty_below_last_line(doctor_hero(page))
            assert empty < EMPTY_BAND_LIMIT_PX, f"{path}: {empty:.0f} px empty under the hero"
    assert asked == []


def read_yaml(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def found(pages: dict[str, str], patterns: dict[str, re.Pattern]) -> dict[str, list[str]]:
    """Which of `patterns` occur in which files."""
    hits: dict[str, list[str]] = {}
    for label, pattern in patterns.items():
        files = sorted(name for name, text in pages.items() if pattern.search(text))
        if files:
            hits[label] = files
    return hits


# ------------------------------------------------------------------ the proof


@pytest.fixture(scope="module")
def old() -> Facts:
    facts = shipped_facts()
    # The old page text is said once, by its own key: its absence then proves the edit.
    assert [k for k, v in content().i18n["es"].items() if v == facts.text] == [EDITED_TEXT_KEY]
    return facts


def test_a_content_edit_passes_the_unit_tests_and_changes_every_page(
    tmp_path, old, served_build, mobile_page
):
    # served_build: the production server's build is done, so the copy takes its npm
    # packages instead of installing them, and never copies a .web that a build is still
    # writing; and that build is one of the shipped content, ready to read.
    new = new_facts(old)
    edited = tmp_path / "content"
    write_edited_content(CONTENT_DIR, edited, new)
    new_slug = grow.grown(
        edited
    )  # a doctor and a service more, a logo fewer (the photo: with the copy's assets)
    loaded = load_content(edited)  # a readable error here beats one in a subprocess
    assert loaded.doctor(new_slug).cal_event_type_id is None  # (d): a doctor without open times
    assert (
        loaded.clinic.phone == new.phone
        and loaded.doctor(new.doctor_slug).years_experience == new.doctor_years
    )

    # (a) The unit tests on the edited content, while the site builds.
    unit = start_unit_tests(edited)
    try:
        # (b) A build of the shipped content says the old facts (the patterns match)...
        project = copy_project(tmp_path / "site")
        shipped = read_build(served_build) if served_build else build(project)
        check_build_says(shipped, old)
        old_patterns = old_spellings(old)
        assert set(found(shipped, old_patterns)) == set(old_patterns), (
            f"never matched on the shipped build: {set(old_patterns) - set(found(shipped, old_patterns))}"
        )
        assert not found(shipped, old_spellings(new)), "the new values must be new"

        # ... and a build of the edited content says the new ones, and no old one anywhere.
        shutil.rmtree(project / "content")
        shutil.copytree(edited, project / "content")
        grow.add_facility_photo(project / "content", project / "assets")
        rebuilt = build(project)
        check_build_says(rebuilt, new)
        assert found(rebuilt, old_patterns) == {}
        client = project / EXPORT_DIR.relative_to(PROJECT_DIR)
        check_build_grew(rebuilt, client, project / "content", new_slug)
        check_no_place_for_open_times(mobile_page, client, loaded, new_slug)
    finally:
        output, _ = unit.communicate(timeout=BUILD_TIMEOUT_S)
        shutil.rmtree(tmp_path / "site", ignore_errors=True)  # ~150 MB of node_modules

    assert unit.returncode == 0, f"unit tests on the edited content failed:\n{output[-6000:]}"
