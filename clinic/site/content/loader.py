"""The one loader: every content file read through its model, then checked against the
others (a doctor's services exist, each routed page has its texts...). Whatever is wrong
stops the build with the file, the field and what is expected."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from clinic.site.content.base import Strict
from clinic.site.content.clinic_facts import Clinic
from clinic.site.content.doctors import Doctor
from clinic.site.content.errors import ContentError
from clinic.site.content.facts_and_texts import (
    Source,
    assemble,
    facts_model,
    keyed_texts_model,
    merge_keyed,
    texts_model,
)
from clinic.site.content.files import check_unique, load_file, load_list, validate
from clinic.site.content.languages import DEFAULT_LANG, LANGS, LocalizedBase, load_languages
from clinic.site.content.pages.about import AboutContent
from clinic.site.content.pages.consultation import ConsultationContent
from clinic.site.content.pages.faq import FaqContent
from clinic.site.content.pages.home import HomeContent
from clinic.site.content.pages.privacy import PrivacyContent
from clinic.site.content.pages.service import ServiceContent
from clinic.site.content.pages.success import SuccessContent
from clinic.site.content.route_table import RouteTable
from clinic.site.content.services import Service
from clinic.site.content.texts import PLACEHOLDER, load_texts

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class PageFile:
    """A page's own content: its facts in content/<facts> (when it has any), its texts in
    content/i18n/<lang>/<texts> for each language."""

    model: type[BaseModel]
    texts: str
    facts: str | None = None
    # Read whatever routes.yaml lists: a block that pages of several kinds show (every
    # doctor has a page, so the inner pages are always there).
    shared: bool = False


# The files of each page kind that has them: read when routes.yaml has a page of that
# kind (or when they are there). A service page's texts are one file per service.
PAGE_FILES: dict[str, PageFile] = {
    "about": PageFile(AboutContent, "pages/about.yaml"),
    "consultation": PageFile(
        ConsultationContent,
        "pages/consultation.yaml",
        facts="pages/consultation.yaml",
        shared=True,
    ),
    "faq": PageFile(FaqContent, "pages/faq.yaml", facts="pages/faq.yaml"),
    "home": PageFile(HomeContent, "pages/home.yaml", facts="pages/home.yaml"),
    "privacy": PageFile(PrivacyContent, "pages/privacy.yaml", facts="pages/privacy.yaml"),
    "success": PageFile(SuccessContent, "pages/success.yaml", facts="pages/success.yaml"),
}
SERVICE_TEXTS = "pages/services/{key}.yaml"
DOCTORS_FACTS = "doctors.yaml"
DOCTORS_TEXTS = "pages/doctors.yaml"


def texts_path(lang: str, relative: str) -> str:
    """Where language `lang` keeps the texts file `relative` (under content/)."""
    return f"i18n/{lang}/{relative}"


# The texts every page of routes.yaml needs in every language, under pages.<id>. (the
# head's title, description and keywords; the page's own heading and introduction).
PAGE_TEXT_KEYS = ("title", "intro", "meta_title", "meta_description", "keywords")
# A doctor's page: under pages.doctor., with the doctor's {name}, {role}, {specialty}.
DOCTOR_PAGE_TEXT_KEYS = ("meta_title", "meta_description", "keywords")
# Each service's name and one-line description (menus, home grid, its page).
SERVICE_TEXT_KEYS = ("title", "description")
HEAD_LIMITS = {"meta_title": "10 to 75 characters", "meta_description": "70 to 160 characters"}
# What a service's texts may say of its specialist (services.yaml's `specialist`).
SPECIALIST_PLACEHOLDERS = frozenset({"name", "years"})


class Content(Strict):
    clinic: Clinic
    doctors: list[Doctor]
    services: list[Service]
    routes: RouteTable
    i18n: dict[str, dict[str, str]]
    # Which file under content/ holds each key, per language ("i18n/es/doctor.yaml"):
    # errors found once texts are filled in name it.
    i18n_files: dict[str, dict[str, str]] = {}
    # The pages' own files (content/pages/), for the kinds routes.yaml has.
    pages: dict[str, BaseModel] = {}
    service_pages: dict[str, ServiceContent] = {}
    # Where each text of those files and of the doctors' is written, per language:
    # "<file>: field '<field>'" (messages about a text name its place).
    text_fields: dict[str, dict[str, str]] = {}

    def doctor(self, slug: str) -> Doctor:
        return next(d for d in self.doctors if d.slug == slug)

    def page(self, kind: str, model: type[M]) -> M:
        """The content of page kind `kind` (content/pages/<kind>.yaml), as `model`."""
        data = self.pages.get(kind)
        if not isinstance(data, model):
            raise ContentError(f"pages/{kind}.yaml: not loaded (routes.yaml has no '{kind}' page)")
        return data

    def i18n_file(self, lang: str, key: str) -> str:
        return self.i18n_files.get(lang, {}).get(key, f"i18n/{lang}.yaml")

    def text_field(self, lang: str, text: str) -> str | None:
        """Where `text` (a text of the pages' or doctors' files) is written, if known."""
        return self.text_fields.get(lang, {}).get(text)


def _gendered(pattern) -> dict[str, str]:
    """ "": one pattern; ".female"/".male": one per gender (for error messages)."""
    if isinstance(pattern, str):
        return {"": pattern}
    return {".female": pattern.female, ".male": pattern.male}


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


def _require_texts(i18n: dict[str, dict[str, str]], keys: list[str], why: str) -> None:
    """Each key in every language's texts; a missing one names the file it belongs in."""
    for lang in LANGS:
        missing = [key for key in keys if key not in i18n[lang]]
        if missing:
            more = f" (and {', '.join(repr(k) for k in missing[1:])})" if missing[1:] else ""
            raise ContentError(f"i18n/{lang}.yaml: field '{missing[0]}': missing{more}. {why}")


def _check_page_texts(content: Content) -> None:
    """Every page routes.yaml lists has its texts: head, heading, introduction (i18n) and
    its page file; every doctor and service has theirs."""
    for page_id in content.routes.pages:
        _require_texts(
            content.i18n,
            [f"pages.{page_id}.{key}" for key in PAGE_TEXT_KEYS],
            f"routes.yaml lists the page '{page_id}': every page needs, in every language, "
            f"pages.{page_id}.title (its heading), .intro (the line under it), .meta_title "
            f"({HEAD_LIMITS['meta_title']}), .meta_description "
            f"({HEAD_LIMITS['meta_description']}) and .keywords.",
        )
    genders = sorted({doctor.gender for doctor in content.doctors})
    _require_texts(
        content.i18n,
        [f"pages.doctor.{key}" for key in DOCTOR_PAGE_TEXT_KEYS]
        + [f"pages.doctor.role_{gender}" for gender in genders],
        "Each doctor's page needs its head texts under pages.doctor (meta_title, "
        "meta_description, keywords, with the doctor's {name}, {role} and {specialty}) and "
        "role_female/role_male for the doctors' genders.",
    )
    for service in content.services:
        _require_texts(
            content.i18n,
            [f"services.{service.key}.{key}" for key in SERVICE_TEXT_KEYS],
            f"services.yaml lists the service '{service.key}': it needs its name "
            f"(services.{service.key}.title) and one line about it (.description).",
        )


def _localized(node: Any, path: tuple = ()):
    """Every text of a loaded model, with the path of its field ("cards", 0, "text")."""
    if isinstance(node, LocalizedBase):
        yield path, node
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _localized(getattr(node, name), (*path, name))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _localized(item, (*path, i))


def _service_texts(content: Content, key: str, lang: str):
    """(where, text) of every text of service `key` in `lang`: its name and head texts,
    and its page's texts."""
    prefixes = (f"services.{key}.", f"pages.{key}.")
    for text_key, text in content.i18n[lang].items():
        if text_key.startswith(prefixes):
            yield f"{content.i18n_file(lang, text_key)}: field '{text_key}'", text
    page = content.service_pages.get(key)
    if page is not None:
        file = texts_path(lang, SERVICE_TEXTS.format(key=key))
        for path, text in _localized(page):
            yield f"{file}: field '{'.'.join(str(part) for part in path)}'", text(lang)


def _check_specialist_texts(content: Content) -> None:
    """A service's texts speak of its specialist ({name}, {years}) only when it has one."""
    for i, service in enumerate(content.services):
        if service.specialist is not None:
            continue
        for lang in LANGS:
            for where, text in _service_texts(content, service.key, lang):
                used = sorted(set(PLACEHOLDER.findall(text)) & SPECIALIST_PLACEHOLDERS)
                if used:
                    raise ContentError(
                        f"{where}: {{{used[0]}}} is the service's specialist's, but services.yaml "
                        f"gives '{service.key}' none (field '{i}.specialist'): name there one "
                        "of the doctors who see it, or reword the text"
                    )


def load_page(
    directory: Path,
    file: PageFile,
    texts: str | None = None,
    fields: dict[str, dict[str, str]] | None = None,
) -> Any:
    """A page's content: its facts and each language's texts, as its one model (where
    each text is written goes into `fields`, when given)."""
    relative = texts or file.texts
    facts = load_file(directory, file.facts, facts_model(file.model)) if file.facts else None
    by_lang = {
        lang: load_file(directory, texts_path(lang, relative), texts_model(file.model))
        for lang in LANGS
    }
    source = Source(
        file.facts,
        {lang: texts_path(lang, relative) for lang in LANGS},
        {} if fields is None else fields,
    )
    data = assemble(file.model, facts, by_lang, source)
    return validate(texts_path(DEFAULT_LANG, relative), file.model, data)


def load_doctors(directory: Path, fields: dict[str, dict[str, str]] | None = None) -> list[Doctor]:
    """The doctors' facts (doctors.yaml), each with their texts found under their slug in
    each language's pages/doctors.yaml (where each text is written goes into `fields`)."""
    facts = [
        doctor.model_dump() for doctor in load_list(directory, DOCTORS_FACTS, facts_model(Doctor))
    ]
    check_unique(DOCTORS_FACTS, "slug", [doctor["slug"] for doctor in facts])
    texts = {
        lang: load_file(
            directory, texts_path(lang, DOCTORS_TEXTS), keyed_texts_model(Doctor)
        ).model_dump()
        for lang in LANGS
    }
    source = Source(
        DOCTORS_FACTS,
        {lang: texts_path(lang, DOCTORS_TEXTS) for lang in LANGS},
        {} if fields is None else fields,
    )
    merged = merge_keyed(Doctor, facts, texts, source)
    return [
        validate(texts_path(DEFAULT_LANG, DOCTORS_TEXTS), Doctor, data, prefix=f"{i}.")
        for i, data in enumerate(merged)
    ]


def _load_pages(directory: Path, routes: RouteTable, fields: dict[str, dict[str, str]]):
    """The pages' own files for the kinds routes.yaml has (and any other that is there,
    so a broken file is found before its page is routed)."""
    kinds = {route.kind for route in routes.pages.values()}
    pages = {
        kind: load_page(directory, file, fields=fields)
        for kind, file in PAGE_FILES.items()
        if file.shared
        or kind in kinds
        or (directory / texts_path(DEFAULT_LANG, file.texts)).is_file()
    }
    service_pages = {
        page_id: load_page(
            directory,
            PageFile(ServiceContent, SERVICE_TEXTS),
            SERVICE_TEXTS.format(key=page_id),
            fields,
        )
        for page_id, route in routes.pages.items()
        if route.kind == "service"
    }
    return pages, service_pages


def load_content(directory: Path) -> Content:
    """Load and cross-check every content file in `directory`."""
    listed = tuple(language.code for language in load_languages(directory))
    if listed != LANGS:
        raise ContentError(
            f"languages.yaml: field 'code': {list(listed)} differ from {list(LANGS)}, the "
            "languages this process read its models in (start it with CLINIC_CONTENT_DIR)"
        )
    clinic = load_file(directory, "clinic.yaml", Clinic)
    services = load_list(directory, "services.yaml", Service)
    routes = load_file(directory, "routes.yaml", RouteTable)
    i18n, i18n_files = load_texts(directory, LANGS)
    text_fields: dict[str, dict[str, str]] = {}
    doctors = load_doctors(directory, text_fields)

    check_unique("doctors.yaml", "cal_namespace", [d.cal_namespace for d in doctors])
    check_unique("services.yaml", "key", [s.key for s in services])
    for service in services:
        if service.key not in routes.pages or routes.pages[service.key].kind != "service":
            raise ContentError(
                f"services.yaml: field 'key': '{service.key}' has no service page in routes.yaml"
            )
    service_keys = {s.key for s in services}
    for page_id, route in routes.pages.items():
        if route.kind == "service" and page_id not in service_keys:
            raise ContentError(
                f"routes.yaml: field 'pages.{page_id}': a service page, but services.yaml "
                f"has no service '{page_id}'"
            )
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
    pages, service_pages = _load_pages(directory, routes, text_fields)
    content = Content(
        clinic=clinic,
        doctors=doctors,
        services=services,
        routes=routes,
        i18n=i18n,
        i18n_files=i18n_files,
        pages=pages,
        service_pages=service_pages,
        text_fields=text_fields,
    )
    _check_page_texts(content)
    _check_specialist_texts(content)
    return content
