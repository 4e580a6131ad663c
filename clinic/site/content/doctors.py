"""The doctors, in the order the site lists them: their facts in content/doctors.yaml, their
texts (name, specialty, license, bio, their page's texts) in each language's
content/i18n/<lang>/doctor.yaml, under `doctors` and their slug."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from clinic.site.content.base import PositiveInt, Slug, Strict
from clinic.site.content.languages import Localized
from clinic.site.content.medical_specialties import MedicalSpecialty


class Doctor(Strict):
    slug: Slug
    """The doctor in paths and files, lower case and hyphens: ana-ruiz (their page's path
    is routes.yaml's doctor_pages with {slug}; their texts are under it in each language's
    files)."""
    name: Localized
    """The name as each language writes it, with a title or without: Dra. Ana Ruiz, Dr. Ana
    Ruiz, Ana Ruiz ({name} in texts)."""
    gender: Literal["female", "male"]
    """Picks the doctor's paths where routes.yaml gives one per gender (a language that
    names the profession by gender, the previous site's paths)."""
    initials: Annotated[str, Field(min_length=1, max_length=3)]
    """Shown in the avatar when there is no photo."""
    image: str = ""
    """The photo: a file name in assets/img/doctors/ (ana-ruiz.webp), a path from /,
    or an https:// address. Square, 384 x 384 px, WebP or JPEG. Empty: the initials."""
    years_experience: PositiveInt
    """Years of experience ({years} in texts about this doctor)."""
    cal_link: Annotated[
        str,
        Field(
            pattern=r"^[\w.-]+/[\w.-]+$",
            examples=["my-clinic/ana-ruiz"],
            json_schema_extra={
                "patternErrorMessage": (
                    "should be <team or user>/<event>, as in the doctor's Cal.com booking "
                    "address (cal.com/my-clinic/ana-ruiz is written my-clinic/ana-ruiz)"
                )
            },
        ),
    ]
    """The doctor's Cal.com booking link: <team or user>/<event>, my-clinic/ana-ruiz."""
    cal_namespace: Slug
    """The Cal.com embed's namespace, one per doctor (usually the slug)."""
    cal_event_type_id: PositiveInt | None = None
    """The Cal.com event type behind cal_link (the number in its settings' address); with
    it the site shows the doctor's next open times. Leave it out: no such block."""
    services: list[str]
    """The services this doctor sees: keys from services.yaml."""
    medical_specialties: list[MedicalSpecialty] = []
    """What the doctor practises, as schema.org names it (structured data). Leave out: the
    clinic's (clinic.yaml); the services they see add their own (services.yaml)."""
    specialty: Localized
    """One line: what the doctor specializes in."""
    license: Localized
    """The professional license line: number and university."""
    bio: Localized
    """A short bio; {name} and {years} are the doctor's own."""
    focus: Annotated[list[Localized], Field(min_length=1)]
    """On the doctor's page: what they focus on, one short item each."""
    approach: Annotated[list[Localized], Field(min_length=1)]
    """On the doctor's page: how they work with patients, paragraphs ({name}, {years})."""
