"""Typed, validated access to everything under content/.

Every fact the site shows comes from one YAML file in content/, loaded once through the
strict pydantic models below (`extra="forbid"`). A broken file stops the build with a
message that names the file and the field, never with a half-rendered page.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    HttpUrl,
    ValidationError,
    create_model,
    field_validator,
    model_validator,
)

from clinic.project import CONTENT_DIR


class ContentError(Exception):
    """A content file is missing, unreadable or does not match its model."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------- reading files


def _read_yaml(path: Path):
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.safe_load(fh)
    except FileNotFoundError:
        raise ContentError(f"{path.name}: file is missing ({path})") from None
    except yaml.YAMLError as err:
        raise ContentError(f"{path.name}: not valid YAML: {err}") from None


def _validate(path: Path, model, data, prefix: str = ""):
    """Validate data against a model; errors name the file and the field path."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        lines = []
        for e in err.errors():
            where = prefix + ".".join(str(p) for p in e["loc"]) or "(top level)"
            lines.append(f"{path.name}: field '{where}': {e['msg']}")
        raise ContentError("\n".join(lines)) from None


def _load_list(path: Path, model) -> list:
    data = _read_yaml(path)
    if not isinstance(data, list) or not data:
        raise ContentError(f"{path.name}: expected a list of at least one entry")
    return [_validate(path, model, item, prefix=f"{i}.") for i, item in enumerate(data)]


def _check_unique(path: Path, field: str, values: list[str]) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise ContentError(f"{path.name}: field '{field}': duplicate value '{value}'")
        seen.add(value)


# ---------------------------------------------------------------- languages.yaml


class Language(Strict):
    """One language of the site (content/languages.yaml)."""

    code: Annotated[str, Field(pattern=r"^[a-z]{2,3}$")]
    locale: Annotated[str, Field(pattern=r"^[a-z]{2,3}-[A-Z]{2}$")]
    name: Annotated[str, Field(min_length=1)]


def load_languages(directory: Path | None = None) -> tuple[Language, ...]:
    """The site's languages in display order, the default first."""
    path = (directory or CONTENT_DIR) / "languages.yaml"
    languages = tuple(_load_list(path, Language))
    _check_unique(path, "code", [language.code for language in languages])
    return languages


# The languages every content file is read in: those of this process's content/ (a
# project copy, or CLINIC_CONTENT_DIR, brings its own). The per-language models below
# have one field per language, so a missing text names its file and field.
LANGUAGES: tuple[Language, ...] = load_languages()
LANGS: tuple[str, ...] = tuple(language.code for language in LANGUAGES)
DEFAULT_LANG: str = LANGS[0]

Text = Annotated[str, Field(min_length=1)]


class LocalizedBase(Strict):
    def __call__(self, lang: str) -> str:
        return getattr(self, lang)


def per_language(field: Any) -> dict[str, Any]:
    """One field definition for each language of the site (`create_model`'s keywords)."""
    return dict.fromkeys(LANGS, (field, ...))


# The models with a field per language are made when content/ is read, so their fields
# are unknown to a type checker: it sees their base class, which is what code relies on.
if TYPE_CHECKING:
    Localized = LocalizedBase
else:
    Localized = create_model(
        "Localized",
        __base__=LocalizedBase,
        __doc__="A text written in every language of the site; none may be empty.",
        **per_language(Text),
    )


# ---------------------------------------------------------------- clinic.yaml

Day = Literal["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
Time = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]


class Address(Strict):
    hospital: str
    office: str
    floor: str
    street: str
    city: str
    region: str
    postal_code: Annotated[str, Field(pattern=r"^\d{5}$")]
    country: Annotated[str, Field(pattern=r"^[A-Z]{2}$")]
    latitude: float
    longitude: float
    maps_url: HttpUrl
    map_embed_url: HttpUrl


class OpeningHours(Strict):
    days: Annotated[list[Day], Field(min_length=1)]
    opens: Time
    closes: Time


class Consultation(Strict):
    price: Annotated[int, Field(gt=0)]
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
    minutes: Annotated[int, Field(gt=0)]


class Claims(Strict):
    """Figures the site states about the clinic's care (spec section 9). Texts use them
    as {placeholders} named like the fields, so one edit here changes every page."""

    hpv_procedures: Annotated[int, Field(gt=0)]
    hpv_success_percent: Annotated[int, Field(gt=0, le=100)]
    contraception_years_min: Annotated[int, Field(gt=0)]
    contraception_years_max: Annotated[int, Field(gt=0)]
    contraception_effectiveness_percent: Annotated[int, Field(gt=0, le=100)]

    @model_validator(mode="after")
    def _years_in_order(self):
        if self.contraception_years_min > self.contraception_years_max:
            raise ValueError("contraception_years_min is greater than contraception_years_max")
        return self


class Rating(Strict):
    value: Annotated[float, Field(ge=0, le=5)]
    count: Annotated[int, Field(ge=0)]


class Social(Strict):
    facebook: HttpUrl
    instagram: HttpUrl
    youtube: HttpUrl
    tiktok: HttpUrl


class Designer(Strict):
    name: str
    url: HttpUrl


Origin = Annotated[str, Field(pattern=r"^https://[a-z0-9.-]+(:\d+)?$")]


class LoadsFrom(Strict):
    """Origins a third-party widget loads from once its script runs, by kind (the site's
    Content-Security-Policy is built from these; take them from the provider's docs)."""

    script: list[Origin] = []
    connect: list[Origin] = []
    img: list[Origin] = []
    frame: list[Origin] = []


class Reviews(Strict):
    provider: str
    script_src: HttpUrl
    widget_id: str
    more_reviews_url: HttpUrl
    loads_from: LoadsFrom = LoadsFrom()


class Scheduling(Strict):
    origin: HttpUrl
    public_origin: HttpUrl
    # Cal.com's public API (open times, `GET /v2/slots`); asked by our server, never the browser.
    api_origin: HttpUrl


HexColor = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]


class BrandColors(Strict):
    primary: HexColor
    primary_dark: HexColor
    primary_on_dark: HexColor
    blush: HexColor
    sand: HexColor
    ink: HexColor
    muted: HexColor
    accent: HexColor


class Clinic(Strict):
    sample: bool = False
    brand: str
    brand_slug: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    legal_name: str
    site_origin: HttpUrl
    phone: Annotated[str, Field(pattern=r"^\+[\d ]{8,20}$")]
    whatsapp_number: Annotated[str, Field(pattern=r"^\d{8,15}$")]
    email: Annotated[str, Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")]
    address: Address
    hours: Annotated[list[OpeningHours], Field(min_length=1)]
    permits: Annotated[list[str], Field(min_length=3, max_length=3)]
    consultation: Consultation
    claims: Claims
    price_range: str
    rating: Rating
    memberships_url: HttpUrl
    social: Social
    designer: Designer
    reviews: Reviews
    scheduling: Scheduling
    brand_colors: BrandColors
    # The clinic's IANA time zone: appointment times are shown in it, whatever the
    # visitor's device says.
    time_zone: str

    @field_validator("time_zone")
    @classmethod
    def _known_time_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                f"unknown time zone {value!r} (use an IANA name such as America/Cancun)"
            ) from None
        return value

    @property
    def origin(self) -> str:
        return str(self.site_origin).rstrip("/")

    @property
    def tel_href(self) -> str:
        return "tel:" + self.phone.replace(" ", "")

    @property
    def whatsapp_url(self) -> str:
        return f"https://wa.me/{self.whatsapp_number}"


# ---------------------------------------------------------------- doctors.yaml

Slug = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]


class Doctor(Strict):
    slug: Slug
    name: Localized
    gender: Literal["female", "male"]
    initials: Annotated[str, Field(min_length=1, max_length=3)]
    image: str = ""
    years_experience: Annotated[int, Field(gt=0)]
    cal_link: Annotated[str, Field(pattern=r"^[\w.-]+/[\w.-]+$")]
    cal_namespace: Slug
    # The Cal.com event type behind cal_link (Cal.com: event type > settings, the number in
    # its URL); with it the site shows the doctor's next open times. Empty: no such block.
    cal_event_type_id: Annotated[int, Field(gt=0)] | None = None
    services: list[str]
    specialty: Localized
    license: Localized
    bio: Localized


# ---------------------------------------------------------------- services.yaml


class Service(Strict):
    key: Slug
    icon: Slug
    # The doctor this service's texts speak of: {name} and {years} in them are this
    # doctor's (doctors.yaml); must be one of the doctors who see the service.
    specialist: Slug | None = None


# ---------------------------------------------------------------- routes.yaml

PathPattern = Annotated[str, Field(pattern=r"^/")]


PageKind = Annotated[str, Field(pattern=r"^[a-z][a-z_]*$")]


# One page's path in each language, beside `kind`: the page module that renders it,
# clinic/site/pages/<kind>.py (clinic/site/pages says how).
class PageRouteBase(Strict):
    kind: PageKind


if TYPE_CHECKING:
    PageRoute = PageRouteBase
else:
    PageRoute = create_model("PageRoute", __base__=PageRouteBase, **per_language(PathPattern))


class ByGender(Strict):
    """A path that depends on the doctor's gender (Spanish: ginecóloga / ginecólogo)."""

    female: PathPattern
    male: PathPattern


# The doctors' pages' path in each language: one pattern, or one per gender.
if TYPE_CHECKING:
    DoctorPages = Strict
else:
    DoctorPages = create_model(
        "DoctorPages", __base__=Strict, **per_language(PathPattern | ByGender)
    )


def doctor_path_pattern(pages: BaseModel, lang: str, gender: str) -> str:
    """The path pattern of a doctor's page in `lang` ("/en/obgyn-cancun-{slug}")."""
    pattern = getattr(pages, lang)
    return pattern if isinstance(pattern, str) else getattr(pattern, gender)


class LegacyDoctor(Strict):
    female: PathPattern
    male: PathPattern


class RouteTable(Strict):
    pages: dict[str, PageRoute]
    doctor_pages: DoctorPages
    legacy: dict[PathPattern, str]
    legacy_doctor: LegacyDoctor


# ---------------------------------------------------------------- loading


class Content(Strict):
    clinic: Clinic
    doctors: list[Doctor]
    services: list[Service]
    routes: RouteTable
    i18n: dict[str, dict[str, str]]
    # Which file under content/ holds each key, per language ("i18n/es/doctor.yaml"):
    # errors found once texts are filled in name it.
    i18n_files: dict[str, dict[str, str]] = {}

    def doctor(self, slug: str) -> Doctor:
        return next(d for d in self.doctors if d.slug == slug)

    def i18n_file(self, lang: str, key: str) -> str:
        return self.i18n_files.get(lang, {}).get(key, f"i18n/{lang}.yaml")


def _flatten(tree, prefix: str = "") -> dict[str, str]:
    """Nested YAML mappings -> flat dotted keys ("nav.home": "Inicio")."""
    flat: dict[str, str] = {}
    for key, value in tree.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, dotted + "."))
        elif isinstance(value, str):
            flat[dotted] = value
        else:
            raise ContentError(f"field '{dotted}': must be text, got {type(value).__name__}")
    return flat


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _i18n_files(directory: Path, lang: str) -> list[Path]:
    """i18n/<lang>.yaml (site-wide texts) plus i18n/<lang>/*.yaml (one file per page)."""
    return [directory / f"{lang}.yaml", *sorted((directory / lang).glob("*.yaml"))]


def _counterpart(file: str, lang: str, other: str) -> str:
    """The file of `other` that matches `lang`'s ("i18n/en/faq.yaml" -> "i18n/fr/faq.yaml")."""
    if file == f"i18n/{lang}.yaml":
        return f"i18n/{other}.yaml"
    return file.replace(f"i18n/{lang}/", f"i18n/{other}/", 1)


def _load_i18n(directory: Path) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """The texts per language (flat keys), and the file each key comes from."""
    tables: dict[str, dict[str, str]] = {}
    sources: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        table: dict[str, str] = {}
        sources[lang] = {}
        for path in _i18n_files(directory, lang):
            name = path.relative_to(directory).as_posix()
            data = _read_yaml(path)
            if not isinstance(data, dict):
                raise ContentError(f"i18n/{name}: expected a mapping of translation keys")
            try:
                flat = _flatten(data)
            except ContentError as err:
                raise ContentError(f"i18n/{name}: {err}") from None
            clash = sorted(set(flat) & set(table))
            if clash:
                raise ContentError(
                    f"i18n/{name}: field '{clash[0]}': already defined in another file"
                )
            table.update(flat)
            sources[lang].update(dict.fromkeys(flat, f"i18n/{name}"))
        tables[lang] = table
    base, *others = LANGS
    for lang in others:
        for missing_in, have in ((lang, base), (base, lang)):
            missing = sorted(set(tables[have]) - set(tables[missing_in]))
            by_file: dict[str, list[str]] = {}
            for key in missing:
                file = _counterpart(sources[have][key], have, missing_in)
                by_file.setdefault(file, []).append(key)
            for file, keys in by_file.items():
                raise ContentError(
                    f"{file}: missing translation key(s) " + ", ".join(f"'{k}'" for k in keys)
                )
        for key, text in tables[base].items():
            want, got = set(PLACEHOLDER.findall(text)), set(PLACEHOLDER.findall(tables[lang][key]))
            if want != got:
                raise ContentError(
                    f"{sources[lang][key]}: field '{key}': placeholders {sorted(got)} "
                    f"differ from {sources[base][key]}'s {sorted(want)}"
                )
    return tables, sources


def _check_prefixes(routes: RouteTable) -> None:
    """The default language's home is `/`; every other language's is its prefix ("/en/"),
    and that language's pages, and only they, are under it: a path tells its language."""
    if "home" not in routes.pages:
        raise ContentError("routes.yaml: field 'pages.home': the home page is missing")
    homes = {lang: getattr(routes.pages["home"], lang) for lang in LANGS}
    if homes[DEFAULT_LANG] != "/":
        raise ContentError(f"routes.yaml: field 'pages.home.{DEFAULT_LANG}': must be /")
    prefixes = {lang: homes[lang].rstrip("/") for lang in LANGS[1:]}
    for lang, prefix in prefixes.items():
        if not re.fullmatch(r"/[a-z0-9-]+", prefix):
            raise ContentError(
                f"routes.yaml: field 'pages.home.{lang}': must be one folder, such as /{lang}/"
            )
    patterns = [
        (f"pages.{page_id}.{lang}", lang, getattr(route, lang))
        for page_id, route in routes.pages.items()
        for lang in LANGS
    ]
    for lang in LANGS:
        pattern = getattr(routes.doctor_pages, lang)
        for gender, path in _gendered(pattern).items():
            patterns.append((f"doctor_pages.{lang}{gender}", lang, path))
    for field, lang, path in patterns:
        under = [
            other for other, prefix in prefixes.items() if (path + "/").startswith(prefix + "/")
        ]
        if under != ([lang] if lang in prefixes else []):
            where = f"under {prefixes[lang]}/" if lang in prefixes else "under no language's prefix"
            raise ContentError(f"routes.yaml: field '{field}': {path} must be {where}")


def _gendered(pattern) -> dict[str, str]:
    """ "": one pattern; ".female"/".male": one per gender (for error messages)."""
    if isinstance(pattern, str):
        return {"": pattern}
    return {".female": pattern.female, ".male": pattern.male}


def load_content(directory: Path | None = None) -> Content:
    """Load and cross-check every content file in `directory` (default: CONTENT_DIR)."""
    directory = directory or CONTENT_DIR
    listed = tuple(language.code for language in load_languages(directory))
    if listed != LANGS:
        raise ContentError(
            f"languages.yaml: field 'code': {list(listed)} differ from {list(LANGS)}, the "
            "languages this process read its models in (start it with CLINIC_CONTENT_DIR)"
        )
    clinic = _validate(directory / "clinic.yaml", Clinic, _read_yaml(directory / "clinic.yaml"))
    doctors = _load_list(directory / "doctors.yaml", Doctor)
    services = _load_list(directory / "services.yaml", Service)
    routes_path = directory / "routes.yaml"
    routes = _validate(routes_path, RouteTable, _read_yaml(routes_path))
    i18n, i18n_files = _load_i18n(directory / "i18n")

    _check_unique(directory / "doctors.yaml", "slug", [d.slug for d in doctors])
    _check_unique(directory / "doctors.yaml", "cal_namespace", [d.cal_namespace for d in doctors])
    _check_unique(directory / "services.yaml", "key", [s.key for s in services])
    for service in services:
        if service.key not in routes.pages or routes.pages[service.key].kind != "service":
            raise ContentError(
                f"services.yaml: field 'key': '{service.key}' has no service page in routes.yaml"
            )
    service_keys = {s.key for s in services}
    for i, doctor in enumerate(doctors):
        for key in doctor.services:
            if key not in service_keys:
                raise ContentError(f"doctors.yaml: field '{i}.services': unknown service '{key}'")
    doctors_by_slug = {d.slug: d for d in doctors}
    for i, service in enumerate(services):
        lead = service.specialist
        if lead is not None and (
            lead not in doctors_by_slug or service.key not in doctors_by_slug[lead].services
        ):
            raise ContentError(
                f"services.yaml: field '{i}.specialist': '{lead}' is not a doctor who sees "
                f"'{service.key}' in doctors.yaml"
            )
    _check_prefixes(routes)
    for legacy, target in routes.legacy.items():
        if target not in routes.pages:
            raise ContentError(f"routes.yaml: field 'legacy.{legacy}': unknown page '{target}'")
    return Content(
        clinic=clinic,
        doctors=doctors,
        services=services,
        routes=routes,
        i18n=i18n,
        i18n_files=i18n_files,
    )


def load_model(relative_path: str, model: type[BaseModel], directory: Path | None = None):
    """Load one more content file (for example content/pages/faq.yaml, a page's long
    texts) through `model`, with the same readable errors as the core files. Page
    modules call this once (cache the result) so a broken file fails the build."""
    path = (directory or CONTENT_DIR) / relative_path
    return _validate(path, model, _read_yaml(path))


@functools.cache
def content() -> Content:
    """The site's content, loaded once per process."""
    return load_content()
