"""The doctors, in the order the site lists them: their facts in content/doctors.yaml, their
texts (name, specialty, license, bio, their page's texts) in each language's
content/i18n/<lang>/doctor.yaml, under `doctors` and their slug. Each doctor's profession
(physician unless doctors.yaml says otherwise) has its texts in the same files, under
`professions` and its key."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from clinic.site.content.base import PositiveInt, Slug, Strict
from clinic.site.content.languages import Localized
from clinic.site.content.medical_specialties import MedicalSpecialty

# The profession of a doctor whose entry names none (doctors.yaml `profession`).
PHYSICIAN = "physician"

# A doctor's Cal.com booking link, as their booking address writes it after the origin.
CalLink = Annotated[
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
    profession: Slug = PHYSICIAN
    """What the person practises, a key of your choice (optometrist, nutritionist,
    psychologist): its texts (the role each page names, the credential line) are under
    `professions` and this key in each language's doctor.yaml. Leave it out: physician,
    the only profession whose people are Physicians in the structured data."""
    cal_link: CalLink | None = None
    """The doctor's Cal.com booking link: <team or user>/<event>, my-clinic/ana-ruiz. Leave
    it out for a doctor without an online calendar: no Book button for them anywhere; the
    booking page and their page offer a call and WhatsApp instead."""
    cal_namespace: Slug | None = None
    """The Cal.com embed's namespace, one per doctor (with cal_link only). Leave it out:
    the doctor's slug."""
    cal_event_type_id: PositiveInt | None = None
    """The Cal.com event type behind cal_link (the number in its settings' address); with
    it the site shows the doctor's next open times. Leave it out: no such block. Needs a
    cal_link."""
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

    @property
    def has_calendar(self) -> bool:
        """Whether patients book this doctor online (Cal.com); if not, by phone or chat."""
        return self.cal_link is not None

    @property
    def is_physician(self) -> bool:
        return self.profession == PHYSICIAN


class Profession(Strict):
    """A profession of doctors.yaml (`profession`; physician when left out): the words each
    language says it in, under `professions` and its key in each language's doctor.yaml."""

    key: Slug
    """The profession's key, as doctors.yaml writes it."""
    role: Localized | None = None
    """What a person of this profession is called ({role} in the doctor pages' head texts;
    the job title in the structured data): optometrista / optometrist. Give this, or
    role_female and role_male for a language that names it by gender."""
    role_female: Localized | None = None
    """{role} of a woman of this profession, where the language says it by gender
    (ginecóloga); else role."""
    role_male: Localized | None = None
    """{role} of a man of this profession, where the language says it by gender
    (ginecólogo); else role."""
    credential: Localized | None = None
    """The credential every person of this profession here holds, a line among their
    credentials on their page and on the about page: Certificación del consejo de
    ginecología y obstetricia / Board-certified in obstetrics and gynecology. Leave it out:
    no such line."""

    def role_of(self, doctor: Doctor, lang: str) -> str | None:
        """{role} of `doctor` in `lang`: their gender's word, else the profession's."""
        text = getattr(self, f"role_{doctor.gender}") or self.role
        return text(lang) if text is not None else None
