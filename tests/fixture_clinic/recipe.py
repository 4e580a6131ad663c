"""The fixture clinic: the clinic the browser suite runs against.

It is the shipped sample grown and changed in every direction the README documents, by
the README's own recipes (the same code a clinic's edit goes through: `make language`'s
tool, the content variants in devtools/content_variants.py), so that building it is the
proof that the site follows its content, and a test written against the sample's shape
(two languages, two doctors, no photos, six services, seven logos and photos, the
sample's fee, phone, hours and names) fails while it is being written, not in a
clinic's hands:

- other facts: brand, phone and WhatsApp, e-mail, address, fee and length of the
  consultation, opening hours, permits, rating, figures;
- other doctors: the sample's two renamed (names, slugs, years), the first with a photo;
  a third with a four-word name and no Cal.com event type (no open times); a fourth;
- a seventh service, one certification fewer, one facility photo more;
- a third language made with `make language`'s tool: a pseudo-locale (pseudo.py).

The recipe runs on a copy of content/ (`make_content`), never on content/ itself.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from devtools import content_variants as grow
from tests.fixture_clinic.pseudo import pseudo
from tools.add_language import add_language

FIXTURE_DIR = Path(__file__).resolve().parent
# The sample the recipe starts from: the project's own content/.
PROJECT_CONTENT = FIXTURE_DIR.parents[1] / "content"
# Files the fixture adds to the project's assets/ (a doctor's photo).
FIXTURE_ASSETS = FIXTURE_DIR / "assets"

BRAND = {"brand": "Aurora", "brand_slug": "aurora", "legal_name": "Aurora Salud Femenina"}
FACTS = {
    "site_origin": "https://www.aurora-salud.example",
    "phone": "+52 984 555 0199",
    "whatsapp_number": "529845550199",
    "email": "hola@aurora-salud.example",
    "permits": [
        "COFEPRIS 24 TR 23 008 0042",
        "COFEPRIS 2423005007B00212",
        "COFEPRIS 2423005007B00213",
    ],
    "consultation": {"price": 2350, "currency": "MXN", "minutes": 45},
    "hours": [
        {"days": ["Mo", "Tu", "We", "Th"], "opens": "08:30", "closes": "19:30"},
        {"days": ["Fr"], "opens": "08:30", "closes": "18:00"},
        {"days": ["Sa"], "opens": "10:00", "closes": "13:00"},
    ],
    "rating": {"value": 4.7, "count": 58},
    "claims": {
        "hpv_procedures": 3200,
        "hpv_success_percent": 97,
        "contraception_years_min": 2,
        "contraception_years_max": 12,
        "contraception_effectiveness_percent": 98,
    },
}
ADDRESS = {
    "hospital": "Hospital Playa Azul",
    "office": "212",
    "floor": "2",
    "street": "Blvd. Kukulcán km 9.5, Zona Hotelera",
    "postal_code": "77509",
    "latitude": 21.1105,
    "longitude": -86.7624,
}
# The sample's doctors, renamed: (the sample's position) -> who they are now.
RENAMED_DOCTORS = [
    {
        "slug": "ines-robles",
        "name": {"es": "Dra. Inés Robles", "en": "Dr. Inés Robles"},
        "initials": "IR",
        "years_experience": 12,
        "image": "ines-robles.webp",
    },
    {
        "slug": "tomas-herrera",
        "name": {"es": "Dr. Tomás Herrera", "en": "Dr. Tomás Herrera"},
        "initials": "TH",
        "years_experience": 21,
    },
]
# The third language: English as a pseudo-locale, under /fr/ (a code every validator and
# screen reader knows; its texts are no real French).
PSEUDO_LANGUAGE = {"code": "fr", "from": "en", "name": "Ƒŕàñçàîš", "locale": "fr-CA"}


def _read(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _write(path: Path, data) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def change_facts(content_dir: Path) -> None:
    """Another brand, phone, address, fee, hours, permits, rating and figures."""
    path = content_dir / "clinic.yaml"
    clinic = _read(path)
    old_slug = clinic["brand_slug"]
    text = yaml.safe_dump(clinic, allow_unicode=True, sort_keys=False)
    # Links named after the brand (social profiles, memberships, the reviews widget).
    clinic = yaml.safe_load(text.replace(old_slug, BRAND["brand_slug"]))
    clinic.update(BRAND)
    clinic.update(FACTS)
    clinic["address"].update(ADDRESS)
    _write(path, clinic)
    doctors = content_dir / "doctors.yaml"  # their calendars: <brand_slug>/<doctor>
    doctors.write_text(
        doctors.read_text(encoding="utf-8").replace(f"{old_slug}/", f"{BRAND['brand_slug']}/"),
        encoding="utf-8",
    )


def rename_doctor(content_dir: Path, position: int, new: dict) -> None:
    """The doctor at `position` under another name and slug, everywhere content names them."""
    doctors = _read(content_dir / "doctors.yaml")
    old = doctors[position]["slug"]
    org = doctors[position]["cal_link"].split("/")[0]
    doctors[position].update(new)
    doctors[position]["cal_link"] = f"{org}/{new['slug']}"
    doctors[position]["cal_namespace"] = new["slug"]
    _write(content_dir / "doctors.yaml", doctors)
    services = _read(content_dir / "services.yaml")
    for service in services:
        if service.get("specialist") == old:
            service["specialist"] = new["slug"]
    _write(content_dir / "services.yaml", services)
    texts = _read(content_dir / "pages" / "doctors.yaml")
    _write(
        content_dir / "pages" / "doctors.yaml",
        {new["slug"] if key == old else key: value for key, value in texts.items()},
    )


def _pseudo_tree(node, code: str, langs: set[str]):
    """Every `code:` text beside the other languages' passed through `pseudo` (paths and
    links stay as `make language` drafted them)."""
    if isinstance(node, dict):
        node = {key: _pseudo_tree(value, code, langs) for key, value in node.items()}
        text = node.get(code) if langs <= set(node) else None
        if isinstance(text, str) and not text.startswith(("/", "http")):
            node[code] = pseudo(text)
        return node
    if isinstance(node, list):
        return [_pseudo_tree(item, code, langs) for item in node]
    return node


def _pseudo_all(node):
    if isinstance(node, dict):
        return {key: _pseudo_all(value) for key, value in node.items()}
    if isinstance(node, str):
        return pseudo(node)
    return node


def add_pseudo_language(content_dir: Path) -> None:
    """`make language` with the pseudo-locale's code, then its drafted texts made pseudo."""
    language = PSEUDO_LANGUAGE
    code = language["code"]
    langs = {entry["code"] for entry in _read(content_dir / "languages.yaml")} | {code}
    add_language(content_dir, code, language["from"], language["name"], language["locale"])
    for path in [
        content_dir / "i18n" / f"{code}.yaml",
        *(content_dir / "i18n" / code).glob("*.yaml"),
    ]:
        _write(path, _pseudo_all(_read(path)))
    for path in content_dir.rglob("*.yaml"):
        relative = path.relative_to(content_dir)
        if relative.parts[0] == "i18n" or relative.name in {"languages.yaml", "routes.yaml"}:
            continue
        _write(path, _pseudo_tree(_read(path), code, langs))


def make_content(dest: Path, assets_dir: Path, source: Path = PROJECT_CONTENT) -> Path:
    """The fixture clinic's content in `dest` (created), from the sample in `source`;
    the files it needs beside the project's own assets go to `assets_dir` (a project
    copy's assets/)."""
    shutil.copytree(source, dest)
    change_facts(dest)
    # New doctors first: each starts as a copy of the first, who then gets a photo.
    grow.add_doctor(dest, grow.NEW_DOCTOR, event_type=False)
    grow.add_doctor(dest, grow.MORE_DOCTORS[0])
    for position, doctor in enumerate(RENAMED_DOCTORS):
        rename_doctor(dest, position, doctor)
    grow.add_service(dest)
    grow.drop_certification(dest)
    grow.add_facility_photo(dest, assets_dir)
    shutil.copytree(FIXTURE_ASSETS, assets_dir, dirs_exist_ok=True)
    add_pseudo_language(dest)
    return dest


if __name__ == "__main__":
    import sys

    project = Path(sys.argv[1])
    make_content(project / "content", project / "assets")
