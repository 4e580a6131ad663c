"""The fixture clinic: the clinic the browser suite runs against.

It is the shipped sample grown and changed in every direction docs/content.md documents, by
its own recipes (the same code a clinic's edit goes through: `make language`'s
tool, the content variants in devtools/content_variants.py), so that building it is the
proof that the site follows its content, and a test written against the sample's shape
(two languages, two doctors, no photos, six services, seven logos and photos, the
sample's fee, phone, hours and names) fails while it is being written, not in a
clinic's hands:

- other facts: brand (and its share image), phone and WhatsApp, e-mail, address, fee and
  length of the consultation, opening hours, closed days (always ahead of the day it is
  made), permits, rating, each figure of `claims`;
- other doctors: the first two renamed (names, slugs, years), the first with a photo;
  a third with a four-word name and no Cal.com calendar (no Book button: a call and a
  chat); a fourth of another profession than physician (devtools/content_variants.py:
  NON_PHYSICIAN);
- a service more (a copy of the last one's page), one certification fewer (or more),
  one facility photo more (or fewer);
- a language more made with `make language`'s tool: a pseudo-locale (pseudo.py);
- another default language: the content's second language at `/`, its first under its
  own prefix, the pseudo-locale third (tests/matrix/recipes.py's `make_default_language`,
  the edit docs/content.md tells a clinic to make), so every browser test runs on a
  clinic whose first language is not the sample's (the spec's own clinic, tests/sample/,
  keeps the sample's order covered).

Every change is derived from what the content gives (any number of doctors, services,
cards, figures, optional blocks), so any content the loader accepts makes a fixture it
accepts too. What the recipe cannot vary it says in one line ("fixture clinic: ...").
The recipe runs on a copy of content/ (`make_content`), never on content/ itself.
"""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import quote_plus
from zoneinfo import ZoneInfo

import yaml

from clinic.site.content.files import parse_yaml
from clinic.site.content.pages.home import CAROUSEL_MAX, CAROUSEL_MIN
from devtools import content_variants as grow
from tests.fixture_clinic.pseudo import names_in, pseudo
from tests.matrix.recipes import make_default_language
from tools.add_language import add_language

FIXTURE_DIR = Path(__file__).resolve().parent
# The sample the recipe starts from: the project's own content/.
PROJECT_CONTENT = FIXTURE_DIR.parents[1] / "content"
# Files the fixture adds to the project's assets/ (a doctor's photo).
FIXTURE_ASSETS = FIXTURE_DIR / "assets"

BRAND = {"brand": "Aurora", "brand_slug": "aurora", "legal_name": "Aurora Servicios Médicos"}
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
}
# Another building and street in the content's own city.
ADDRESS = {
    "hospital": "Torre Médica Aurora",
    "office": "212",
    "floor": "2",
    "street": "Av. de los Fresnos 418, Col. Jardines",
}
# The first doctors, renamed: one name per gender, in the order the content lists them,
# each language's title the content's own (content_variants.doctor_names). The first
# renamed doctor gets the fixture's photo.
RENAMED_DOCTORS = {
    "female": [
        {"slug": "ines-robles", "name": "Inés Robles"},
        {"slug": "paula-medina", "name": "Paula Medina"},
    ],
    "male": [
        {"slug": "tomas-herrera", "name": "Tomás Herrera"},
        {"slug": "mateo-lozano", "name": "Mateo Lozano"},
    ],
}
RENAMED = 2
FIXTURE_PHOTO = "ines-robles.webp"  # in FIXTURE_ASSETS/img/doctors/
# A renamed doctor's years: theirs and this many more (never the content's own figure).
MORE_YEARS = 4
# The language more: English as a pseudo-locale, under the first of these codes that the
# content does not have yet (codes every validator and screen reader knows; its texts are
# no real French or German).
PSEUDO_LANGUAGES = [
    {"code": "fr", "from": "en", "name": "Ƒŕàñçàîš", "locale": "fr-CA"},
    {"code": "de", "from": "en", "name": "Ðéûtšçh", "locale": "de-DE"},
    {"code": "it", "from": "en", "name": "Îtàlîàñö", "locale": "it-IT"},
]


def _read(path: Path):
    return parse_yaml(path.read_text(encoding="utf-8"))


def _write(path: Path, data) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def note(what: str) -> None:
    """One line on what the recipe could not vary in this content."""
    print(f"fixture clinic: {what}")


def _saturday_closes(hours: list[dict]) -> str | None:
    return next((entry["closes"] for entry in hours if "Sa" in entry["days"]), None)


def _other_figure(value: int) -> int:
    """Another value of a figure, of the same kind: a percentage stays one, a count of
    thousands stays one."""
    if value > 100:
        return value * 2 // 3
    return value - 1 if value > 1 else value + 1


def _address(address: dict) -> dict:
    """ADDRESS in the content's city: a postal code, coordinates and map links of its own."""
    new = {**address, **ADDRESS}
    new["postal_code"] = f"{(int(address['postal_code']) + 9) % 100000:05d}"
    new["latitude"] = round(address["latitude"] + 0.012, 4)
    new["longitude"] = round(address["longitude"] - 0.015, 4)
    query = quote_plus(f"{new['hospital']} {new['street']} {address['city']}")
    new["maps_url"] = f"https://maps.google.com/?q={query}"
    new["map_embed_url"] = f"https://www.google.com/maps?q={query}&output=embed"
    return new


def _closed_days_ahead(clinic: dict) -> dict:
    """Closed days always ahead of the day the fixture is made (the content's own pass by):
    a day in three days' time, with the content's first reason if it gives one, and a run
    of three days a fortnight later without one; announced another number of days ahead."""
    today = datetime.now(ZoneInfo(clinic["time_zone"])).date()
    closed = clinic.get("closed", {})
    reasons = [day["reason"] for day in closed.get("days", []) if day.get("reason")]
    if not reasons:
        note("clinic.yaml's closed days give no reason: the fixture's give none either")
    ahead = closed.get("notice_days_before", 7)
    return {
        "notice_days_before": ahead + 2 if ahead < 10 else ahead - 2,
        "days": [
            {"start": today + timedelta(days=3), **({"reason": reasons[0]} if reasons else {})},
            {"start": today + timedelta(days=15), "end": today + timedelta(days=17)},
        ],
    }


def change_facts(content_dir: Path, assets_dir: Path) -> None:
    """Another brand (with its share image), phone, address, fee, hours, permits, rating and
    figures: the ones above, or close to them where the content already says the same
    (the fixture's facts must differ from the content it starts from)."""
    path = content_dir / "clinic.yaml"
    clinic = _read(path)
    old_slug = clinic["brand_slug"]
    text = yaml.safe_dump(clinic, allow_unicode=True, sort_keys=False)
    # Links named after the brand (social profiles, memberships, the reviews widget).
    new = parse_yaml(text.replace(old_slug, BRAND["brand_slug"]))
    new.update(BRAND)
    new.update(FACTS)
    new["address"] = _address(clinic["address"])
    new["closed"] = _closed_days_ahead(clinic)
    new["claims"] = {name: _other_figure(value) for name, value in new.get("claims", {}).items()}
    if not new["claims"]:
        note("clinic.yaml has no figures (claims): none to change")
    if new["phone"] == clinic["phone"]:
        new["phone"], new["whatsapp_number"] = "+52 984 555 0177", "529845550177"
    if new["consultation"]["price"] == clinic["consultation"]["price"]:
        new["consultation"] = {**new["consultation"], "price": new["consultation"]["price"] + 100}
    if _saturday_closes(new["hours"]) == _saturday_closes(clinic["hours"]):
        new["hours"] = [
            {**entry, "closes": "12:00"} if "Sa" in entry["days"] else entry
            for entry in new["hours"]
        ]
    _write(path, new)
    doctors = content_dir / "doctors.yaml"  # their calendars: <brand_slug>/<doctor>
    doctors.write_text(
        doctors.read_text(encoding="utf-8").replace(f"{old_slug}/", f"{BRAND['brand_slug']}/"),
        encoding="utf-8",
    )
    # The share image goes by the brand's name: the content's picture under the new one.
    share = assets_dir / "og"
    if (share / f"{old_slug}-og.png").is_file():
        shutil.copy(share / f"{old_slug}-og.png", share / f"{BRAND['brand_slug']}-og.png")
    else:
        note(f"assets/og/{old_slug}-og.png is missing: the fixture has no share image either")


def rename_doctor(content_dir: Path, position: int, new: dict) -> None:
    """The doctor at `position` under another name and slug, everywhere content names them."""
    doctors = _read(content_dir / "doctors.yaml")
    old = doctors[position]["slug"]
    names = grow.doctor_names(content_dir, {**new, "gender": doctors[position]["gender"]})
    doctors[position].update({key: value for key, value in new.items() if key != "name"})
    if "cal_link" in doctors[position]:  # their calendar under their new name
        org = doctors[position]["cal_link"].split("/")[0]
        doctors[position]["cal_link"] = f"{org}/{new['slug']}"
        doctors[position]["cal_namespace"] = new["slug"]
    _write(content_dir / "doctors.yaml", doctors)
    services = _read(content_dir / "services.yaml")
    for service in services:
        if service.get("specialist") == old:
            service["specialist"] = new["slug"]
    _write(content_dir / "services.yaml", services)
    for lang in names:
        path = grow.texts_of(content_dir, lang, grow.DOCTOR_TEXTS)
        page = _read(path)
        texts = {
            new["slug"] if key == old else key: value for key, value in page["doctors"].items()
        }
        texts[new["slug"]]["name"] = names[lang]
        _write(path, {**page, "doctors": texts})


def rename_first_doctors(content_dir: Path) -> None:
    """The first RENAMED doctors under new names of their gender, initials and years; the
    first of them with the fixture's photo."""
    doctors = _read(content_dir / "doctors.yaml")
    taken = {doctor["slug"] for doctor in doctors}
    pools = {
        gender: [d for d in names if d["slug"] not in taken]
        for gender, names in RENAMED_DOCTORS.items()
    }
    for position, doctor in enumerate(doctors[:RENAMED]):
        new = dict(pools[doctor["gender"]].pop(0))
        new["initials"] = "".join(word[0] for word in new["slug"].split("-")[:2]).upper()
        new["years_experience"] = doctor["years_experience"] + MORE_YEARS
        if position == 0:
            new["image"] = FIXTURE_PHOTO
        rename_doctor(content_dir, position, new)


def _texts(node) -> list[str]:
    """Every text in a texts file's data."""
    if isinstance(node, dict):
        return [text for value in node.values() for text in _texts(value)]
    if isinstance(node, list):
        return [text for item in node for text in _texts(item)]
    return [node] if isinstance(node, str) else []


def _language_files(content_dir: Path, lang: str) -> list[Path]:
    """Every texts file of `lang`: i18n/<lang>.yaml and everything under i18n/<lang>/."""
    return [content_dir / "i18n" / f"{lang}.yaml", *(content_dir / "i18n" / lang).rglob("*.yaml")]


def _names(content_dir: Path, first: str, second: str) -> frozenset[str]:
    """The names the content writes alike in its first two languages (pseudo.names_in)."""
    texts = {
        lang: [text for path in _language_files(content_dir, lang) for text in _texts(_read(path))]
        for lang in (first, second)
    }
    return names_in(texts[first], texts[second])


def _pseudo_all(node, names: frozenset[str]):
    if isinstance(node, dict):
        return {key: _pseudo_all(value, names) for key, value in node.items()}
    if isinstance(node, list):
        return [_pseudo_all(item, names) for item in node]
    if isinstance(node, str):
        return pseudo(node, names)
    return node


def add_pseudo_language(content_dir: Path) -> None:
    """`make language` with the pseudo-locale's code, then its drafted texts made pseudo."""
    listed = [entry["code"] for entry in _read(content_dir / "languages.yaml")]
    language = next(lang for lang in PSEUDO_LANGUAGES if lang["code"] not in listed)
    code = language["code"]
    names = _names(content_dir, listed[0], listed[1]) if len(listed) > 1 else frozenset()
    add_language(content_dir, code, language["from"], language["name"], language["locale"])
    for path in _language_files(content_dir, code):
        _write(path, _pseudo_all(_read(path), names))


def reorder_languages(content_dir: Path, langs: list[str]) -> None:
    """The second of the content's own languages `langs` the default, at `/`; the first
    under its own prefix."""
    if len(langs) < 2:
        note(f"the content has one language ({langs[0]}): it stays the default")
        return
    make_default_language(content_dir, langs[1])


def make_content(dest: Path, assets_dir: Path, source: Path = PROJECT_CONTENT) -> Path:
    """The fixture clinic's content in `dest` (created), from the sample in `source`;
    the files it needs beside the project's own assets go to `assets_dir` (a project
    copy's assets/)."""
    shutil.copytree(source, dest)
    change_facts(dest, assets_dir)
    # New doctors first: each starts as a copy of the first, who then gets a photo.
    taken = {doctor["slug"] for doctor in _read(dest / "doctors.yaml")}
    without_times, more = [
        d for d in (grow.NEW_DOCTOR, *grow.MORE_DOCTORS) if d["slug"] not in taken
    ][:2]
    grow.add_doctor(dest, without_times, event_type=False)
    grow.add_doctor(dest, more)
    rename_first_doctors(dest)
    # The third has no calendar at all (patients call or write); the fourth practises
    # another profession (no credential line, a Person in the structured data).
    grow.remove_calendar(dest, without_times["slug"])
    grow.make_non_physician(dest, more["slug"])
    grow.add_service(dest)
    home = _read(dest / "pages" / "home.yaml")
    if len(home["certifications"]) > CAROUSEL_MIN:
        grow.drop_certification(dest)
    else:
        grow.add_certification(dest, assets_dir)
    if len(home["facilities"]) < CAROUSEL_MAX:
        grow.add_facility_photo(dest, assets_dir)
    else:
        grow.drop_facility_photo(dest)
    shutil.copytree(FIXTURE_ASSETS, assets_dir, dirs_exist_ok=True)
    own_languages = grow.languages_of(dest)
    add_pseudo_language(dest)  # before the reorder: it reads the first two languages
    reorder_languages(dest, own_languages)
    return dest


if __name__ == "__main__":
    import sys

    project = Path(sys.argv[1])
    make_content(project / "content", project / "assets")
