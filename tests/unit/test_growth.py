"""The clinic grows by editing content alone: with 1, 3 or 6 doctors (any mix of genders)
and a seventh service (devtools/content_variants.py), the route table, the menus, the head
texts, the JSON-LD, the sitemap, the legacy redirects and the booking lookups all follow.
The site's own code runs here on each purpose-made copy of content/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clinic.site.content import LANGS, content
from devtools.content_variants import (
    DOCTOR_TEXTS,
    NEW_DOCTOR,
    NEW_SERVICE,
    add_doctor,
    add_service,
    copy_content,
    dump,
    grown,
    site_content,
    with_doctors,
    without_title,
)

DOCTOR_COUNTS = (1, 3, 6)


@pytest.fixture(scope="module")
def teams(tmp_path_factory) -> dict[int, Path]:
    """content/ with each count of doctors and a seventh service, made once for the
    module's tests (which only read it), by count."""
    made: dict[int, Path] = {}
    for count in DOCTOR_COUNTS:
        directory = copy_content(tmp_path_factory.mktemp(f"{count}-doctors") / "content")
        with_doctors(directory, count)
        add_service(directory)
        made[count] = directory
    return made


@pytest.fixture(params=DOCTOR_COUNTS, ids=lambda n: f"{n}-doctors")
def team(request, teams: dict[int, Path]):
    """content/ with that many doctors and a seventh service, the site's code on it."""
    with site_content(teams[request.param]):
        yield request.param


def test_every_doctor_has_a_page_in_every_language_at_their_gender_s_path(team):
    from clinic.site.content import DEFAULT_LANG, doctor_path_pattern
    from clinic.site.routes import all_pages, doctor_page_id, legacy_redirects, path_for

    data = content()
    assert len({d.slug for d in data.doctors}) == team
    for doctor in data.doctors:
        for lang in LANGS:
            pattern = doctor_path_pattern(data.routes.doctor_pages, lang, doctor.gender)
            assert path_for(doctor_page_id(doctor.slug), lang) == pattern.format(slug=doctor.slug)
        if data.routes.legacy_doctor is not None:
            legacy = getattr(data.routes.legacy_doctor, doctor.gender).format(slug=doctor.slug)
            target = path_for(doctor_page_id(doctor.slug), DEFAULT_LANG)
            assert legacy_redirects()[legacy] == target
    pages = all_pages()
    assert len(pages) == len(LANGS) * (len(data.routes.pages) + len(data.doctors))
    assert len({p.path for p in pages}) == len(pages)


def test_the_menus_name_the_first_doctors_and_services_and_link_to_them_all(team):
    from clinic.site.navigation import (
        MENU_NAMES_AT_MOST,
        SPECIALISTS_PAGE,
        services_menu,
        team_menu,
    )
    from clinic.site.routes import path_for

    first = content().doctors[:MENU_NAMES_AT_MOST]
    listed = [d for d in first if d.gender == "male"] + [d for d in first if d.gender != "male"]
    services = content().services[:MENU_NAMES_AT_MOST]
    for lang in LANGS:
        items = team_menu(lang)
        assert [i.key for i in items] == ["team", "about", *(d.slug for d in listed)]
        assert [i.label for i in items[2:]] == [d.name(lang) for d in listed]
        assert [i.key for i in services_menu(lang)[1:-1]] == [s.key for s in services]
        # Every doctor and service is one tap away: the page that lists them all.
        assert items[0].href == services_menu(lang)[0].href == path_for(SPECIALISTS_PAGE, lang)


def test_head_texts_fit_and_differ_on_every_page(team):
    from clinic.site.head_text_limits import limits_of
    from clinic.site.routes import all_pages
    from clinic.site.seo import page_texts

    # Distinct within each language (a new language's first draft repeats the one it
    # was copied from until it is translated).
    for lang in LANGS:
        texts = [page_texts(p) for p in all_pages() if p.lang == lang]
        for field, key in (("title", "meta_title"), ("description", "meta_description")):
            assert all(limits_of(key).admit(x[field]) for x in texts), [x[field] for x in texts]
            assert len({x[field] for x in texts}) == len(texts)


def test_json_ld_describes_each_doctor_on_their_page_and_the_team_on_its_page(team):
    """A Physician per physician, a Person per doctor of another profession: on the
    doctor's own page, and all of them on the page that lists the team."""
    from clinic.site.navigation import SPECIALISTS_PAGE
    from clinic.site.routes import all_pages
    from clinic.site.structured_data import graph

    for page in all_pages():
        nodes = graph(page)["@graph"]
        people = [n for n in nodes if n["@type"] in ("Physician", "Person")]
        physicians = [n["name"] for n in people]
        assert [p["@type"] == "Physician" for p in people] == [
            content().doctor(n_slug).is_physician
            for n_slug in (
                [page.doctor_slug]
                if page.doctor_slug
                else [d.slug for d in content().doctors]
                if page.id == SPECIALISTS_PAGE
                else []
            )
        ]
        [clinic] = [n for n in nodes if n["@type"] == "MedicalClinic"]
        if page.doctor_slug:
            assert physicians == [content().doctor(page.doctor_slug).name(page.lang)]
        elif page.id == SPECIALISTS_PAGE:
            assert physicians == [d.name(page.lang) for d in content().doctors]
            assert len(clinic["employee"]) == len(content().doctors)
        else:
            assert physicians == [], page.path


def test_the_sitemap_lists_every_page_with_its_alternates(team):
    from clinic.build_steps.site_files.sitemap import sitemap_xml
    from clinic.site.routes import all_pages
    from clinic.site.seo import absolute

    xml = sitemap_xml()
    assert xml.count("<loc>") == len(all_pages())
    for page in all_pages():
        assert f"<loc>{absolute(page.path)}</loc>" in xml


@pytest.mark.parametrize("host", ["cloudflare_pages", "netlify"])
def test_the_static_host_redirects_follow_the_doctors(team, host):
    import importlib

    from clinic.site.routes import doctor_page_id, legacy_redirects, path_for

    lines = (
        importlib.import_module(f"clinic.build_steps.site_files.{host}")
        .redirects_file()
        .splitlines()
    )
    doctor_paths = {path_for(doctor_page_id(d.slug), LANGS[0]) for d in content().doctors}
    for old, new in legacy_redirects().items():
        if new not in doctor_paths:
            continue
        assert any(
            line.split()[:3] == [old, new, "301"] or line.split()[:3] == [old, new, "301!"]
            for line in lines
        ), old
    doctor_paths = len(content().doctors) if content().routes.legacy_doctor else 0
    assert len(legacy_redirects()) == len(content().routes.legacy) + doctor_paths


def test_the_booking_lookups_know_every_doctor(team):
    from clinic.site.components.booked_appointment import calendar_file_parts, remember_booking
    from clinic.site.pages.success import note_texts

    for lang in LANGS:
        code = str(remember_booking(lang, list(content().doctors)))
        summaries = calendar_file_parts(lang, note_texts(lang))["doctors"]
        assert list(summaries) == [d.slug for d in content().doctors]
        for doctor in content().doctors:
            if doctor.has_calendar:  # (one without has no namespace: no booking to read)
                assert json.dumps(doctor.cal_namespace) in code
            assert summaries[doctor.slug]["name"] == doctor.name(lang)


def test_the_faq_lists_every_service_and_doctor(team):
    from clinic.site.page_content.faq import faq_views

    for lang in LANGS:
        kinds = {view.items_kind: view.items for view in faq_views(lang) if view.items_kind}
        if "services" in kinds:
            assert len(kinds["services"]) >= len(content().services)
        if "doctors" in kinds:
            assert [i.label for i in kinds["doctors"]] == [d.name(lang) for d in content().doctors]


def test_a_new_doctor_s_long_name_is_in_their_page_s_head_texts(tmp_path):
    directory = copy_content(tmp_path / "content")
    slug = grown(directory)
    with site_content(directory):
        from clinic.site.head_text_limits import limits_of
        from clinic.site.routes import doctor_page_id, page
        from clinic.site.seo import page_texts

        for lang in LANGS:
            texts = page_texts(page(doctor_page_id(slug), lang))
            assert content().doctor(slug).name(lang) in texts["title"]
            assert limits_of("meta_title").admit(texts["title"])
            assert limits_of("meta_description").admit(texts["description"])


def test_a_service_more_copied_from_one_that_speaks_of_its_specialist_loads(tmp_path: Path):
    """The service the recipes add copies the last service's page: when that page speaks
    of its specialist ({name}), the new service has one too (the first doctor, who sees
    it), so the copy is content the loader accepts."""

    from clinic.site.content import load_content
    from clinic.site.content.files import parse_yaml

    directory = copy_content(tmp_path / "content")
    services = parse_yaml((directory / "services.yaml").read_text(encoding="utf-8"))
    doctors = parse_yaml((directory / "doctors.yaml").read_text(encoding="utf-8"))
    last = services[-1]["key"]
    seer = next(d["slug"] for d in doctors if last in d["services"])
    services[-1]["specialist"] = seer
    (directory / "services.yaml").write_text(dump(services, sort_keys=True), encoding="utf-8")
    for lang in LANGS:
        page = directory / "i18n" / lang / "services" / f"{last}.yaml"
        texts = parse_yaml(page.read_text(encoding="utf-8"))
        texts["intro"].append("{name}")
        page.write_text(dump(texts, sort_keys=True), encoding="utf-8")
    add_service(directory)
    added = load_content(directory).services[-1]
    assert added.key == NEW_SERVICE["key"] and added.specialist == doctors[0]["slug"]


# Titles a clinic may give its doctors' names, by gender (the same in every language).
TITLES = {"female": "Dra.", "male": "Dr."}


@pytest.mark.parametrize("titled", [True, False], ids=["names-with-titles", "bare-names"])
def test_a_doctor_more_is_named_as_the_content_names_its_doctors(tmp_path: Path, titled):
    """The recipes' new doctor takes, in each language, the title the content gives its
    doctors of their gender, and none where the content writes its doctors' names
    without one."""

    from clinic.site.content import load_content
    from clinic.site.content.files import parse_yaml

    directory = copy_content(tmp_path / "content")
    genders = {d.slug: d.gender for d in load_content(directory).doctors}
    for lang in LANGS:
        path = directory / "i18n" / lang / DOCTOR_TEXTS
        texts = parse_yaml(path.read_text(encoding="utf-8"))
        for slug, doctor in texts["doctors"].items():
            bare = without_title(doctor["name"], slug)
            doctor["name"] = f"{TITLES[genders[slug]]} {bare}" if titled else bare
        path.write_text(dump(texts, sort_keys=True), encoding="utf-8")
    add_doctor(directory, NEW_DOCTOR)
    added = load_content(directory).doctors[-1]
    # Only a title of a doctor of the new one's gender may be given them.
    title = TITLES[NEW_DOCTOR["gender"]] + " " if titled else ""
    if NEW_DOCTOR["gender"] not in genders.values():
        title = ""
    for lang in LANGS:
        assert added.name(lang) == title + NEW_DOCTOR["name"], lang


def test_a_service_more_shows_no_other_language_s_words_in_a_language_of_the_clinic(
    tmp_path: Path,
):
    """In a language the recipe's service is not written in (a clinic's own third one),
    its name and line on the pages are that language's words (another service's, told
    apart), not another language's sentence on its pages."""
    from clinic.site.content.files import parse_yaml
    from tools.add_language import add_language

    directory = copy_content(tmp_path / "content")
    own = next(
        code
        for code in ("fr", "pt", "it", "nl")
        if code not in LANGS and code not in NEW_SERVICE["title"]
    )
    add_language(directory, own, LANGS[-1], "Langue", f"{own}-CA")
    before = parse_yaml((directory / "i18n" / f"{own}.yaml").read_text(encoding="utf-8"))
    add_service(directory)
    after = parse_yaml((directory / "i18n" / f"{own}.yaml").read_text(encoding="utf-8"))
    added = after["services"][NEW_SERVICE["key"]]
    for field in ("title", "description"):
        others = {texts[field] for texts in before["services"].values()}
        assert added[field] not in NEW_SERVICE[field].values(), field
        assert added[field] not in others, field
        assert any(text in added[field] for text in others), (field, added[field])
