"""A clinic of a chosen size, grown from the shipped content by the repository's own growth
helpers (`devtools/content_variants.py`: `add_doctor`, `add_service`) and `make language`'s
`add_language`: what a clinic group would write, for the bench of sizes
(bench/clinic_size.py) and for building and serving a grown clinic by hand:

    .venv/bin/python -m devtools.clinic_of_size /tmp/big-clinic --doctors 40 --services 30 --languages 3
    CLINIC_CONTENT_DIR=/tmp/big-clinic/content make export

The folder gets `content/` (and a copy of `assets/`, which `add_doctor` and friends may
write into). The new doctors and services copy the first doctor's and the last service's
texts under names of their own; a new doctor sees the services the first one saw in the
shipped content, and every new service is the first doctor's; the third language is a
draft of the last one's texts under its own prefix, as `make language` starts one.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from clinic.project import PROJECT_DIR
from devtools.content_variants import (
    NEW_SERVICE,
    add_doctor,
    add_service,
    copy_content,
    languages_of,
    read,
    write,
)

# Given names and surnames the new doctors' names are made of (a name is a given name and
# a surname, both chosen by the doctor's number): enough for a hundred different people.
GIVEN = {
    "female": [
        "Ana",
        "Beatriz",
        "Carmen",
        "Daniela",
        "Elena",
        "Fernanda",
        "Gabriela",
        "Inés",
        "Julia",
        "Karla",
    ],
    "male": [
        "Alberto",
        "Bruno",
        "Carlos",
        "Diego",
        "Eduardo",
        "Felipe",
        "Gonzalo",
        "Hugo",
        "Iván",
        "Jorge",
    ],
}
SURNAMES = [
    "Aguilar",
    "Bravo",
    "Cortés",
    "Delgado",
    "Escobar",
    "Fuentes",
    "Guzmán",
    "Herrera",
    "Ibáñez",
    "Juárez",
]
# The language a third one is drafted from, and what it is called (any code the content
# does not have already).
EXTRA_LANGUAGES = [
    {"code": "fr", "name": "Français", "locale": "fr-CA"},
    {"code": "de", "name": "Deutsch", "locale": "de-DE"},
    {"code": "it", "name": "Italiano", "locale": "it-IT"},
]


def new_doctor(number: int) -> dict:
    gender = ("female", "male")[number % 2]
    given = GIVEN[gender][number % len(GIVEN[gender])]
    surname = SURNAMES[(number // len(GIVEN[gender])) % len(SURNAMES)]
    slug = f"{_ascii(given)}-{_ascii(surname)}-{number}"
    return {
        "slug": slug,
        "name": f"{given} {surname}",
        "initials": given[0] + surname[0],
        "gender": gender,
    }


def _ascii(word: str) -> str:
    import unicodedata

    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode().lower()


def _own_service_lists(content_dir: Path) -> None:
    """Each doctor's list of services a list of their own. `add_doctor` copies the first
    doctor's entry, list and all, and YAML writes a list shared by several doctors as one
    anchor: every service `add_service` then gives the first doctor would go to each
    doctor added, where a clinic group gives a new service to the doctors who offer it."""
    path = content_dir / "doctors.yaml"
    write(path, [{**doctor, "services": list(doctor["services"])} for doctor in read(path)])


def grow(folder: Path, doctors: int, services: int, languages: int) -> Path:
    """`folder`/content (and assets/) with that many doctors, services and languages (at
    least the sample's); returns the content folder."""
    content_dir = folder / "content"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    copy_content(content_dir)
    shutil.copytree(PROJECT_DIR / "assets", folder / "assets")
    have = len(read(content_dir / "doctors.yaml"))
    for number in range(have, doctors):
        add_doctor(content_dir, new_doctor(number))
    _own_service_lists(content_dir)
    have = len(read(content_dir / "services.yaml"))
    for _ in range(have, services):
        add_service(content_dir, NEW_SERVICE)
    # Languages last: `make language` drafts every text and path of the ones there.
    langs = languages_of(content_dir)
    extra = [language for language in EXTRA_LANGUAGES if language["code"] not in langs]
    for language in extra[: max(0, languages - len(langs))]:
        from tools.add_language import add_language

        add_language(content_dir, language["code"], langs[-1], language["name"], language["locale"])
    return content_dir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where to write content/ (emptied first)")
    parser.add_argument("--doctors", type=int, default=40)
    parser.add_argument("--services", type=int, default=30)
    parser.add_argument("--languages", type=int, default=3)
    args = parser.parse_args(argv)
    content_dir = grow(args.folder.resolve(), args.doctors, args.services, args.languages)
    print(content_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
