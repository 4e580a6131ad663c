"""The content loader accepts the shipped files and rejects broken ones with a message
naming the file and the field.

No expectation here repeats a value of the shipped content: a clinic edits its facts
(phone, fee, doctors...) and these tests still pass. What the model must hold is read
from the YAML files themselves, or from a copy the test edits."""

from __future__ import annotations

import re
import shutil
import typing
from pathlib import Path

import pytest
from pydantic.fields import FieldInfo

from clinic.site.content import CONTENT_DIR, LANGS, ContentError, load_content
from clinic.site.content.doctors import PHYSICIAN, CalLink
from clinic.site.content.files import parse_yaml
from devtools.content_variants import dump

# The tests that compare one language with another, on a site of one language.
ONE_LANGUAGE_SKIPS = pytest.mark.skipif(len(LANGS) < 2, reason="a site of one language: no other")


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    return target


def edit_yaml(path: Path, change) -> None:
    data = parse_yaml(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(dump(data, sort_keys=True), encoding="utf-8")


def read_yaml(path: Path):
    return parse_yaml(path.read_text(encoding="utf-8"))


def test_shipped_content_loads_as_written():
    data = load_content()
    clinic = read_yaml(CONTENT_DIR / "clinic.yaml")
    doctors = read_yaml(CONTENT_DIR / "doctors.yaml")
    assert data.clinic.brand == clinic["brand"]
    assert data.clinic.phone == clinic["phone"]
    assert data.clinic.whatsapp_number == clinic["whatsapp_number"]
    assert data.clinic.consultation.price == clinic["consultation"]["price"]
    assert data.clinic.claims == clinic.get("claims", {})
    assert [d.slug for d in data.doctors] == [d["slug"] for d in doctors]
    for lang in LANGS:
        texts = read_yaml(CONTENT_DIR / "i18n" / lang / "doctor.yaml")["doctors"]
        assert [d.name(lang) for d in data.doctors] == [texts[d["slug"]]["name"] for d in doctors]
    assert [d.years_experience for d in data.doctors] == [d["years_experience"] for d in doctors]
    assert [s.key for s in data.services] == [
        s["key"] for s in read_yaml(CONTENT_DIR / "services.yaml")
    ]


def test_each_reader_of_a_content_file_gets_data_of_its_own(content_copy):
    """A text is parsed once a process: a reader that changes its data (a test growing a
    copy of the content) changes no other reader's, and an edited file is read again."""
    changed = read_yaml(CONTENT_DIR / "doctors.yaml")
    changed[0]["slug"] = "changed-in-one-reader"
    assert read_yaml(CONTENT_DIR / "doctors.yaml")[0]["slug"] != "changed-in-one-reader"
    edit_yaml(content_copy / "doctors.yaml", lambda d: d[0].update(slug="edited-in-the-file"))
    assert read_yaml(content_copy / "doctors.yaml")[0]["slug"] == "edited-in-the-file"
    with (content_copy / "doctors.yaml").open(encoding="utf-8") as file:
        assert parse_yaml(file)[0]["slug"] == "edited-in-the-file"


def test_unknown_field_is_rejected(content_copy):
    edit_yaml(content_copy / "clinic.yaml", lambda d: d.update(fax="123"))
    with pytest.raises(
        ContentError, match=r"clinic\.yaml: field 'fax': Extra inputs are not permitted"
    ):
        load_content(content_copy)


def test_missing_field_is_rejected(content_copy):
    last = len(read_yaml(content_copy / "doctors.yaml")) - 1
    edit_yaml(content_copy / "doctors.yaml", lambda d: d[last].pop("years_experience"))
    with pytest.raises(
        ContentError, match=rf"doctors\.yaml: field '{last}\.years_experience': Field required"
    ):
        load_content(content_copy)


def test_wrong_type_is_rejected(content_copy):
    edit_yaml(
        content_copy / "clinic.yaml", lambda d: d["consultation"].update(price="mil quinientos")
    )
    with pytest.raises(ContentError, match=r"clinic\.yaml: field 'consultation\.price'"):
        load_content(content_copy)


def test_a_wrong_cal_link_is_told_with_an_example_of_a_right_one(content_copy):
    """A Cal.com link pasted whole (with https://cal.com/) gets the shape and an example in
    words, not a regular expression; the example itself loads."""
    (link,) = (m for m in typing.get_args(CalLink)[1:] if isinstance(m, FieldInfo))
    edit_yaml(
        content_copy / "doctors.yaml",
        # (a doctor without a calendar gets one as its clinic would write it)
        lambda d: d[0].update(
            cal_link=f"https://cal.com/{d[0].get('cal_link', 'my-clinic/' + d[0]['slug'])}"
        ),
    )
    with pytest.raises(ContentError) as broken:
        load_content(content_copy)
    (line,) = str(broken.value).splitlines()
    assert line.startswith("doctors.yaml: field '0.cal_link': ")
    assert "pattern" not in line and "https://cal.com/" in line
    (example,) = link.examples
    said = line.partition("; found ")[0]
    assert example in said and "<team or user>/<event>" in said
    edit_yaml(content_copy / "doctors.yaml", lambda d: d[0].update(cal_link=example))
    assert load_content(content_copy).doctors[0].cal_link == example


def test_missing_language_of_a_text_is_rejected(content_copy):
    texts = content_copy / "i18n" / LANGS[-1] / "doctor.yaml"
    slug = next(iter(read_yaml(texts)["doctors"]))
    edit_yaml(texts, lambda d: d["doctors"][slug].pop("bio"))
    with pytest.raises(
        ContentError,
        match=rf"i18n/{LANGS[-1]}/doctor\.yaml: field 'doctors\.{slug}\.bio': Field required",
    ):
        load_content(content_copy)


def test_duplicate_slug_is_rejected(content_copy):
    edit_yaml(
        content_copy / "doctors.yaml", lambda d: d.append({**d[0], "cal_namespace": "another"})
    )
    slug = read_yaml(content_copy / "doctors.yaml")[0]["slug"]
    with pytest.raises(
        ContentError, match=rf"doctors\.yaml: field 'slug': duplicate value '{re.escape(slug)}'"
    ):
        load_content(content_copy)


def test_duplicate_service_key_is_rejected(content_copy):
    edit_yaml(content_copy / "services.yaml", lambda d: d.append(dict(d[0])))
    key = read_yaml(content_copy / "services.yaml")[0]["key"]
    with pytest.raises(
        ContentError, match=rf"services\.yaml: field 'key': duplicate value '{re.escape(key)}'"
    ):
        load_content(content_copy)


def test_service_specialist_must_see_the_service(content_copy):
    """{name} and {years} in a service's texts are its specialist's: a doctor who does
    not see the service (or no doctor at all) is refused."""
    doctors = read_yaml(content_copy / "doctors.yaml")
    services = read_yaml(content_copy / "services.yaml")
    i, service = next(
        ((i, s) for i, s in enumerate(services) if s.get("specialist")), (0, services[0])
    )
    other = next((d["slug"] for d in doctors if service["key"] not in d["services"]), None)
    if other is not None:  # a team where someone does not see this service
        edit_yaml(content_copy / "services.yaml", lambda d: d[i].update(specialist=other))
        with pytest.raises(
            ContentError,
            match=rf"services\.yaml: field '{i}\.specialist': '{re.escape(other)}' is not",
        ):
            load_content(content_copy)
    edit_yaml(content_copy / "services.yaml", lambda d: d[i].update(specialist="nobody"))
    with pytest.raises(ContentError, match=rf"services\.yaml: field '{i}\.specialist'"):
        load_content(content_copy)


@pytest.mark.parametrize(
    "genders", [["female"], ["male"], ["female", "female", "male"], ["male"] * 4]
)
def test_any_number_of_doctors_of_any_gender_mix_loads(content_copy, genders):
    first = read_yaml(content_copy / "doctors.yaml")[0]
    team = [
        {
            **first,
            "gender": g,
            "slug": f"doctor-{i}",
            "cal_namespace": f"doctor-{i}",
            "cal_link": f"clinic/doctor-{i}",
        }
        for i, g in enumerate(genders)
    ]
    team[0] = {**team[0], "slug": first["slug"], "cal_namespace": first["slug"]}
    edit_yaml(content_copy / "doctors.yaml", lambda d: d.__setitem__(slice(None), team))
    for lang in LANGS:  # each doctor with the first one's texts, in every language
        texts = content_copy / "i18n" / lang / "doctor.yaml"
        first_texts = read_yaml(texts)["doctors"][first["slug"]]
        team_texts = {doctor["slug"]: first_texts for doctor in team}
        edit_yaml(texts, lambda d, team_texts=team_texts: d.update(doctors=team_texts))
        # The words of the first one's profession alone: the others' have nobody left.
        profession = first.get("profession", PHYSICIAN)
        edit_yaml(texts, lambda d, p=profession: d.update(professions={p: d["professions"][p]}))
    edit_yaml(
        content_copy / "services.yaml",
        lambda d: [s.update(specialist=first["slug"]) for s in d if s.get("specialist")],
    )
    edit_yaml(
        content_copy / "doctors.yaml",
        lambda d: d[0].update(
            services=[s["key"] for s in read_yaml(content_copy / "services.yaml")]
        ),
    )
    assert [d.gender for d in load_content(content_copy).doctors] == genders


@pytest.mark.parametrize("name", ["doctors.yaml", "services.yaml"])
def test_a_clinic_without_doctors_or_services_is_refused(content_copy, name):
    (content_copy / name).write_text("[]\n", encoding="utf-8")
    with pytest.raises(
        ContentError, match=rf"{re.escape(name)}: expected a list of at least one entry"
    ):
        load_content(content_copy)


def test_figures_are_named_whole_numbers_and_none_is_required(content_copy):
    edit_yaml(content_copy / "clinic.yaml", lambda d: d.update(claims={"patients_seen": -1}))
    with pytest.raises(ContentError, match=r"clinic\.yaml: field 'claims\.patients_seen'"):
        load_content(content_copy)
    edit_yaml(content_copy / "clinic.yaml", lambda d: d.update(claims={"Patients seen": 5}))
    with pytest.raises(ContentError, match=r"clinic\.yaml: field 'claims\.Patients seen"):
        load_content(content_copy)
    # Only the texts need them (a text naming a figure that is not there is refused where
    # it is used: tests/unit/test_i18n.py).
    edit_yaml(content_copy / "clinic.yaml", lambda d: d.pop("claims", None))
    assert load_content(content_copy).clinic.claims == {}


def test_a_service_without_a_specialist_has_no_text_about_one(content_copy):
    """{name} and {years} in a service's texts are its specialist's: a service with none
    whose text names them is refused, naming the text."""
    services = read_yaml(content_copy / "services.yaml")
    i, key = 0, services[0]["key"]
    edit_yaml(content_copy / "services.yaml", lambda d: d[i].pop("specialist", None))
    for lang in LANGS:
        path = content_copy / "i18n" / lang / "services" / f"{key}.yaml"
        edit_yaml(path, lambda d: d["intro"].append("{name}"))
    with pytest.raises(
        ContentError,
        match=rf"i18n/{LANGS[0]}[/.].*: field '[^']+': \{{(name|years)\}} is the service's "
        rf"specialist's, but services\.yaml gives '{re.escape(key)}' none "
        rf"\(field '{i}\.specialist'\)",
    ):
        load_content(content_copy)


@pytest.mark.parametrize(
    "file, section",
    [("{lang}.yaml", "nav"), ("{lang}/faq.yaml", "texts")],
    ids=["site-wide texts", "a page's short texts"],
)
@ONE_LANGUAGE_SKIPS
def test_a_text_missing_in_a_language_names_its_file_and_field(content_copy, file, section):
    first, last = LANGS[0], LANGS[-1]
    key = next(iter(read_yaml(content_copy / "i18n" / file.format(lang=first))[section]))
    edit_yaml(content_copy / "i18n" / file.format(lang=last), lambda d: d[section].pop(key))
    written, missing = (re.escape("i18n/" + file.format(lang=lang)) for lang in (first, last))
    with pytest.raises(
        ContentError,
        match=rf"^{missing}: field '{section}\.{re.escape(key)}': missing; {written} has it, "
        r"and every language gives the same texts$",
    ):
        load_content(content_copy)


@ONE_LANGUAGE_SKIPS
def test_mismatched_placeholders_are_rejected(content_copy):
    last = LANGS[-1]
    edit_yaml(content_copy / "i18n" / f"{last}.yaml", lambda d: d["nav"].update(about="About"))
    with pytest.raises(ContentError, match=rf"i18n/{last}\.yaml: field 'nav\.about': placeholders"):
        load_content(content_copy)


def test_invalid_yaml_names_the_file(content_copy):
    (content_copy / "services.yaml").write_text("- key: [unclosed\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"services\.yaml: not valid YAML"):
        load_content(content_copy)


def test_doctor_leading_an_unknown_service_is_rejected(content_copy):
    edit_yaml(content_copy / "doctors.yaml", lambda d: d[0]["services"].append("dermatology"))
    with pytest.raises(
        ContentError, match=r"doctors\.yaml: field '0\.services': unknown service 'dermatology'"
    ):
        load_content(content_copy)


def test_legacy_redirect_to_unknown_page_is_rejected(content_copy):
    edit_yaml(content_copy / "routes.yaml", lambda d: d["legacy"].update({"/old": "nowhere"}))
    with pytest.raises(
        ContentError, match=r"routes\.yaml: field 'legacy\./old': unknown page 'nowhere'"
    ):
        load_content(content_copy)
