"""The content model says what a real clinic is: a doctor without an online calendar, a
professional who is not a physician, visit rules without some numbers, no previous
site's doctor paths. Each variant is made by devtools/content_variants.py on a copy of
content/ (whatever it holds), loaded by the loader, and the site's own code runs on it;
each mistake it can hold stops the build with one line naming the file and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clinic.site.content import LANGS, ContentError, content, load_content
from clinic.site.content.doctors import PHYSICIAN
from clinic.site.content.page_text_files import DOCTOR, PageTextsFile
from clinic.site.content.pages.success import Rules
from clinic.site.content.text_table import texts_path
from devtools.content_variants import (
    NON_PHYSICIAN,
    copy_content,
    drop_legacy_doctor,
    drop_visit_rule_numbers,
    keep_doctors,
    make_non_physician,
    read,
    remove_calendar,
    site_content,
    write,
)

DOCTOR_FILE = PageTextsFile(DOCTOR, DOCTOR).relative


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return copy_content(tmp_path / "content")


def _error(directory: Path) -> str:
    with pytest.raises(ContentError) as broken:
        load_content(directory)
    (line,) = str(broken.value).splitlines()
    return line


def _edit(path: Path, change) -> None:
    data = read(path)
    change(data)
    write(path, data)


def _last(directory: Path) -> tuple[int, str]:
    doctors = read(directory / "doctors.yaml")
    return len(doctors) - 1, doctors[-1]["slug"]


# A doctor without a calendar


def test_a_doctor_without_cal_link_has_no_calendar(copy):
    _, slug = _last(copy)
    remove_calendar(copy, slug)
    doctor = load_content(copy).doctor(slug)
    assert not doctor.has_calendar
    assert (doctor.cal_link, doctor.cal_namespace, doctor.cal_event_type_id) == (None,) * 3


@pytest.mark.parametrize("part", ["cal_namespace", "cal_event_type_id"])
def test_a_calendar_s_part_without_its_link_is_a_mistake(copy, part):
    position, slug = _last(copy)
    remove_calendar(copy, slug)
    _edit(copy / "doctors.yaml", lambda d: d[position].update({part: 7 if "id" in part else slug}))
    line = _error(copy)
    assert line.startswith(f"doctors.yaml: field '{position}.{part}': given without cal_link")


def test_a_calendar_s_namespace_is_the_slug_unless_given(copy):
    position, slug = _last(copy)
    if "cal_link" not in read(copy / "doctors.yaml")[position]:
        pytest.skip("the content's last doctor has no calendar to take a namespace")
    _edit(copy / "doctors.yaml", lambda d: d[position].pop("cal_namespace", None))
    doctor = load_content(copy).doctor(slug)
    assert doctor.has_calendar and doctor.cal_namespace == slug


def test_pages_offer_a_call_and_a_chat_for_a_doctor_without_a_calendar(copy):
    from clinic.site.pages import renderer
    from clinic.site.routes import doctor_page_id, page

    _, slug = _last(copy)
    remove_calendar(copy, slug)
    with site_content(copy):
        data = content()
        phone = data.clinic.tel_href
        for lang in LANGS:
            booking = str(renderer("booking")(page("booking", lang)))
            for doctor in data.doctors:
                linked = f'"data-cal-namespace":"{doctor.cal_namespace}"' in booking
                assert linked == doctor.has_calendar, doctor.slug
            assert f'"data-doctor-contact":"{slug}"' in booking
            assert f'"data-no-calendar":"{slug}"' in booking
            own = str(renderer("doctor")(page(doctor_page_id(slug), lang)))
            assert "data-cal-link" not in own and "CalEmbed" not in own
            assert '"data-book-by":"call"' in own and phone in own
            assert data.clinic.whatsapp_url in own


def test_without_any_calendar_cal_com_is_not_loaded(copy):
    from clinic.site.pages import renderer
    from clinic.site.routes import page

    for doctor in read(copy / "doctors.yaml"):
        remove_calendar(copy, doctor["slug"])
    with site_content(copy):
        for lang in LANGS:
            booking = str(renderer("booking")(page("booking", lang)))
            assert "CalEmbed" not in booking and "data-cal-link" not in booking


# A professional who is not a physician


def test_a_doctor_s_profession_is_physician_unless_given(copy):
    _, slug = _last(copy)
    given = {d["slug"]: d.get("profession", PHYSICIAN) for d in read(copy / "doctors.yaml")}
    make_non_physician(copy, slug)
    data = load_content(copy)
    assert data.doctor(slug).profession == NON_PHYSICIAN["key"]
    assert not data.doctor(slug).is_physician
    others = [d for d in data.doctors if d.slug != slug]
    assert all(d.profession == given[d.slug] for d in others)
    for lang in LANGS:
        assert data.role(data.doctor(slug), lang) == data.professions[NON_PHYSICIAN["key"]].role(
            lang
        )
        assert data.credential(data.doctor(slug), lang) is None


def test_a_profession_without_texts_in_a_language_is_a_mistake(copy):
    _, slug = _last(copy)
    make_non_physician(copy, slug)
    lang = LANGS[-1]
    _edit(
        copy / "i18n" / lang / DOCTOR_FILE,
        lambda d: d["professions"].pop(NON_PHYSICIAN["key"]),
    )
    line = _error(copy)
    assert line.startswith(
        f"{texts_path(lang, DOCTOR_FILE)}: field 'professions.{NON_PHYSICIAN['key']}': missing;"
    )
    # The error names the first doctor of that profession.
    first = next(
        i
        for i, d in enumerate(read(copy / "doctors.yaml"))
        if d.get("profession", PHYSICIAN) == NON_PHYSICIAN["key"]
    )
    assert f"field '{first}.profession'" in line


def test_a_profession_no_doctor_has_is_a_mistake(copy):
    lang = LANGS[0]
    _edit(
        copy / "i18n" / lang / DOCTOR_FILE,
        lambda d: d["professions"].update(dentist={"role": "x"}),
    )
    line = _error(copy)
    assert line.startswith(f"{texts_path(lang, DOCTOR_FILE)}: field 'professions.dentist': ")


def test_a_profession_that_does_not_say_what_its_people_are_called_is_a_mistake(copy):
    _, slug = _last(copy)
    make_non_physician(copy, slug)
    for lang in LANGS:
        _edit(
            copy / "i18n" / lang / DOCTOR_FILE,
            lambda d: d["professions"][NON_PHYSICIAN["key"]].update(
                role=None, credential="Certified"
            ),
        )
    line = _error(copy)
    assert line.startswith(
        f"{texts_path(LANGS[0], DOCTOR_FILE)}: field 'professions.{NON_PHYSICIAN['key']}.role': "
        "missing;"
    )


def test_a_profession_s_text_in_some_languages_only_is_a_mistake(copy):
    if len(LANGS) < 2:
        pytest.skip("a clinic of one language has no other language to leave a text out of")
    _, slug = _last(copy)
    make_non_physician(copy, slug, credential={lang: f"Certified ({lang})" for lang in LANGS})
    lang = LANGS[-1]
    _edit(
        copy / "i18n" / lang / DOCTOR_FILE,
        lambda d: d["professions"][NON_PHYSICIAN["key"]].pop("credential"),
    )
    line = _error(copy)
    assert line.startswith(
        f"{texts_path(lang, DOCTOR_FILE)}: field "
        f"'professions.{NON_PHYSICIAN['key']}.credential': missing;"
    )


def test_the_structured_data_types_a_non_physician_as_a_person(copy):
    from clinic.site.navigation import SPECIALISTS_PAGE
    from clinic.site.routes import all_pages
    from clinic.site.structured_data import graph

    _, slug = _last(copy)
    make_non_physician(copy, slug)
    with site_content(copy):
        data = content()
        doctors = data.doctors
        # The page that presents the whole team describes every doctor (a page describes
        # the doctors it shows).
        for page in [p for p in all_pages() if p.id == SPECIALISTS_PAGE]:
            nodes = graph(page)["@graph"]
            lang = page.lang
            physicians = [n["name"] for n in nodes if n["@type"] == "Physician"]
            assert physicians == [d.name(lang) for d in doctors if d.is_physician]
            doctor = data.doctor(slug)
            (person,) = [
                n for n in nodes if n["@type"] == "Person" and n["name"] == doctor.name(lang)
            ]
            role = data.role(doctor, lang)
            assert person["name"] == doctor.name(lang)
            assert person["jobTitle"] == role
            assert person["hasOccupation"] == {"@type": "Occupation", "name": role}
            assert "medicalSpecialty" not in person
            (clinic,) = [n for n in nodes if n["@type"] == "MedicalClinic"]
            assert {"@id": person["@id"]} in clinic["employee"]
            assert person["worksFor"] == {"@id": clinic["@id"]}


def test_the_credential_line_shows_only_where_the_profession_gives_one(copy):
    from clinic.site.pages import renderer
    from clinic.site.routes import doctor_page_id, page

    _, slug = _last(copy)
    make_non_physician(copy, slug)
    with site_content(copy):
        data = content()
        for lang in LANGS:
            for doctor in data.doctors:
                rendered = str(renderer("doctor")(page(doctor_page_id(doctor.slug), lang)))
                credential = data.credential(doctor, lang)
                assert ('"data-credential":""' in rendered) == (credential is not None)
                if credential:
                    assert json.dumps(credential) in rendered


def test_a_team_cut_down_to_its_physicians_keeps_no_other_profession_s_words(copy):
    """The helpers that shrink the team (the growth tests' fewer doctors) take out the
    words of a profession only the doctors they drop had, as a clinic would."""
    team = read(copy / "doctors.yaml")
    if len(team) < 2 or team[0].get("profession", PHYSICIAN) != PHYSICIAN:
        pytest.skip("needs a physician first and another doctor to make one and drop")
    _, slug = _last(copy)
    make_non_physician(copy, slug)
    keep_doctors(copy, 1)
    assert {doctor.profession for doctor in load_content(copy).doctors} == {PHYSICIAN}
    for lang in LANGS:
        assert set(read(copy / texts_path(lang, DOCTOR_FILE))["professions"]) == {PHYSICIAN}


# Visit rules without numbers


def test_visit_rules_may_give_no_number(copy):
    from clinic.site.pages.success import note_texts

    drop_visit_rule_numbers(copy)
    assert load_content(copy)  # loads
    with site_content(copy):
        from clinic.site.pages.success import success_content

        assert success_content().rules.values() == {}
        for lang in LANGS:
            assert all("{" not in text for text in note_texts(lang))


@pytest.mark.parametrize("number", list(Rules.model_fields))
def test_a_note_naming_a_number_left_out_is_a_mistake(copy, number):
    facts = read(copy / "pages" / "success.yaml")
    facts.setdefault("rules", {}).pop(number, None)
    named = facts["notes"]
    write(copy / "pages" / "success.yaml", facts)
    lang = LANGS[0]
    routes = read(copy / "routes.yaml")
    page_id = next(p for p, route in routes["pages"].items() if route["kind"] == "success")
    path = copy / "i18n" / lang / PageTextsFile(page_id, "success").relative
    texts = read(path)
    key = named[0]["key"]
    texts["notes"][key]["text"] = f"{{{number}}} " + texts["notes"][key]["text"]
    write(path, texts)
    line = _error(copy)
    assert line.startswith(
        f"{texts_path(lang, PageTextsFile(page_id, 'success').relative)}: field "
        f"'notes.{key}.text': names {{{number}}}, but pages/success.yaml gives no rules.{number}"
    )


# No previous site's doctor paths


def test_without_legacy_doctor_no_doctor_path_redirects(copy):
    from clinic.site.content import DEFAULT_LANG
    from clinic.site.routes import doctor_page_id, legacy_redirects, path_for

    drop_legacy_doctor(copy)
    with site_content(copy):
        data = content()
        assert data.routes.legacy_doctor is None
        doctor_pages = {path_for(doctor_page_id(d.slug), DEFAULT_LANG) for d in data.doctors}
        assert not doctor_pages & set(legacy_redirects().values())
        assert len(legacy_redirects()) == len(data.routes.legacy)


def test_without_any_legacy_path_there_is_no_redirect(copy):
    from clinic.site.routes import legacy_redirects

    drop_legacy_doctor(copy)
    _edit(copy / "routes.yaml", lambda d: d.pop("legacy", None))
    with site_content(copy):
        assert legacy_redirects() == {}


def test_the_variants_work_on_a_content_dir_they_already_changed(tmp_path):
    """The matrix chains them, in any order, on any content."""
    directory = copy_content(tmp_path / "content")
    slugs = [d["slug"] for d in read(directory / "doctors.yaml")]
    for _ in range(2):
        remove_calendar(directory, slugs[0])
        make_non_physician(directory, slugs[-1])
        drop_visit_rule_numbers(directory)
        drop_legacy_doctor(directory)
    data = load_content(directory)
    assert not data.doctor(slugs[0]).has_calendar
    assert not data.doctor(slugs[-1]).is_physician
