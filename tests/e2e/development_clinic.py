"""The clinic the development-mode tests run `reflex run` on: the fixture clinic's content
cut down to what those tests look at, with the recipes a clinic's own edit goes through.

The development server compiles every page when it starts and again after each edit, so
its cost is the number of pages times the number of compiles. The cut keeps the languages
the tests name, one doctor and one service: every kind of page and every section of the
home page is still there, in each language the tests load, on a page or two each.
"""

from __future__ import annotations

from pathlib import Path

from clinic.site.content.page_text_files import HEAD_KEYS, SERVICE_FILE
from clinic.site.content.text_table import texts_path
from devtools.content_variants import keep_doctors, languages_of, read, write
from tests.matrix.recipes import keep_languages

DOCTORS_KEPT = 1
SERVICES_KEPT = 1


def keep_services(content_dir: Path, count: int) -> None:
    """Only the first `count` services of services.yaml: the others' pages, paths (and the
    previous site's paths to them), texts and places in the doctors' lists gone. A doctor
    left with no service sees the first one kept."""
    services = read(content_dir / "services.yaml")
    kept, gone = services[:count], {service["key"] for service in services[count:]}
    write(content_dir / "services.yaml", kept)
    routes = read(content_dir / "routes.yaml")
    routes["pages"] = {key: page for key, page in routes["pages"].items() if key not in gone}
    if "legacy" in routes:
        routes["legacy"] = {old: key for old, key in routes["legacy"].items() if key not in gone}
    write(content_dir / "routes.yaml", routes)
    doctors = read(content_dir / "doctors.yaml")
    for doctor in doctors:
        doctor["services"] = [key for key in doctor["services"] if key not in gone] or [
            kept[0]["key"]
        ]
    write(content_dir / "doctors.yaml", doctors)
    for lang in languages_of(content_dir):
        texts_file = content_dir / "i18n" / f"{lang}.yaml"
        texts = read(texts_file)
        for group in ("services", HEAD_KEYS):
            for key in gone:
                texts.get(group, {}).pop(key, None)
        write(texts_file, texts)
        for key in gone:
            (content_dir / texts_path(lang, SERVICE_FILE.format(key=key))).unlink(missing_ok=True)


def smaller_clinic(content_dir: Path, langs: list[str]) -> None:
    """Cut the content in `content_dir` down to the languages `langs` (the first the
    default), DOCTORS_KEPT doctors and SERVICES_KEPT services."""
    keep_languages(content_dir, list(dict.fromkeys(langs)))
    # The services first: keep_doctors gives a gone doctor's services to the first kept.
    keep_services(content_dir, SERVICES_KEPT)
    keep_doctors(content_dir, DOCTORS_KEPT)
