"""The content loader accepts the shipped files and rejects broken ones with a message
naming the file and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from clinic.content import CONTENT_DIR, ContentError, load_content


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    return target


def edit_yaml(path: Path, change) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_shipped_content_loads():
    data = load_content()
    assert data.clinic.brand == "Lumara"
    assert {d.slug for d in data.doctors} == {"valeria-montes", "rodrigo-salcedo"}
    assert [s.key for s in data.services] == [
        "hysteroscopy", "hpv", "maternity", "laparoscopy", "contraception", "checkup",
    ]
    assert data.clinic.consultation.price == 1500
    assert data.clinic.phone == "+52 998 555 0142"


def test_unknown_field_is_rejected(content_copy):
    edit_yaml(content_copy / "clinic.yaml", lambda d: d.update(fax="123"))
    with pytest.raises(ContentError, match=r"clinic\.yaml: field 'fax': Extra inputs are not permitted"):
        load_content(content_copy)


def test_missing_field_is_rejected(content_copy):
    edit_yaml(content_copy / "doctors.yaml", lambda d: d[1].pop("cal_link"))
    with pytest.raises(ContentError, match=r"doctors\.yaml: field '1\.cal_link': Field required"):
        load_content(content_copy)


def test_wrong_type_is_rejected(content_copy):
    edit_yaml(content_copy / "clinic.yaml", lambda d: d["consultation"].update(price="mil quinientos"))
    with pytest.raises(ContentError, match=r"clinic\.yaml: field 'consultation\.price'"):
        load_content(content_copy)


def test_missing_language_of_a_text_is_rejected(content_copy):
    edit_yaml(content_copy / "doctors.yaml", lambda d: d[0]["bio"].pop("en"))
    with pytest.raises(ContentError, match=r"doctors\.yaml: field '0\.bio\.en': Field required"):
        load_content(content_copy)


def test_duplicate_slug_is_rejected(content_copy):
    edit_yaml(content_copy / "doctors.yaml", lambda d: d[1].update(slug=d[0]["slug"]))
    with pytest.raises(ContentError, match=r"doctors\.yaml: field 'slug': duplicate value 'valeria-montes'"):
        load_content(content_copy)


def test_duplicate_service_key_is_rejected(content_copy):
    edit_yaml(content_copy / "services.yaml", lambda d: d.append(dict(d[0])))
    with pytest.raises(ContentError, match=r"services\.yaml: field 'key': duplicate value 'hysteroscopy'"):
        load_content(content_copy)


def test_missing_translation_key_is_rejected(content_copy):
    edit_yaml(content_copy / "i18n" / "en.yaml", lambda d: d["nav"].pop("contact"))
    with pytest.raises(ContentError, match=r"i18n/en\.yaml: missing translation key\(s\) 'nav\.contact'"):
        load_content(content_copy)


def test_mismatched_placeholders_are_rejected(content_copy):
    edit_yaml(content_copy / "i18n" / "en.yaml", lambda d: d["nav"].update(about="About us"))
    with pytest.raises(ContentError, match=r"i18n/en\.yaml: field 'nav\.about': placeholders"):
        load_content(content_copy)


def test_invalid_yaml_names_the_file(content_copy):
    (content_copy / "services.yaml").write_text("- key: [unclosed\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"services\.yaml: not valid YAML"):
        load_content(content_copy)


def test_doctor_leading_an_unknown_service_is_rejected(content_copy):
    edit_yaml(content_copy / "doctors.yaml", lambda d: d[0]["services"].append("dermatology"))
    with pytest.raises(ContentError, match=r"doctors\.yaml: field '0\.services': unknown service 'dermatology'"):
        load_content(content_copy)


def test_legacy_redirect_to_unknown_page_is_rejected(content_copy):
    edit_yaml(content_copy / "routes.yaml", lambda d: d["legacy"].update({"/old": "nowhere"}))
    with pytest.raises(ContentError, match=r"routes\.yaml: field 'legacy\./old': unknown page 'nowhere'"):
        load_content(content_copy)
