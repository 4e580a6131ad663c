"""The one loader: every content file read through its model, then checked against the
others (a doctor's services exist, each routed page has its texts...). Whatever is wrong
stops the build with the file, the field and what is expected."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from clinic.site.content.base import Strict
from clinic.site.content.clinic_facts import Clinic
from clinic.site.content.doctors import PHYSICIAN, Doctor, Profession
from clinic.site.content.errors import ContentError
from clinic.site.content.files import check_unique, load_file, load_list, validate
from clinic.site.content.languages import DEFAULT_LANG, LANGS, LocalizedBase, load_languages
from clinic.site.content.page_text_files import (
    BLOCKS,
    DOCTOR,
    HEAD_KEYS,
    NOT_FOUND,
    OTHER_FILES,
    PAGE_MODELS,
    SERVICE,
    SERVICE_FILE,
    PageTextsFile,
    page_texts_files,
    place_of_key,
)
from clinic.site.content.pages.service import ServiceContent
from clinic.site.content.pages.success import Rules, SuccessContent
from clinic.site.content.route_table import RouteTable
from clinic.site.content.services import Service
from clinic.site.content.split_models import Source, assemble, facts_model, merge_keyed
from clinic.site.content.text_table import PLACEHOLDER, load_texts, site_file, texts_path

M = TypeVar("M", bound=BaseModel)

DOCTORS_FACTS = "doctors.yaml"
# Each service's name and one-line description (menus, home grid, its page), site-wide.
SERVICE_TEXT_KEYS = ("title", "description")
# The page kind whose notes name the visit rules' numbers.
SUCCESS = "success"
# What a service's texts may say of its specialist (services.yaml's `specialist`).
SPECIALIST_PLACEHOLDERS = frozenset({"name", "years"})


class Content(Strict):
    clinic: Clinic
    doctors: list[Doctor]
    # The professions of the doctors (doctors.yaml `profession`), by key, with their texts.
    professions: dict[str, Profession] = {}
    services: list[Service]
    routes: RouteTable
    # The texts the code reads by key (text_of), per language.
    i18n: dict[str, dict[str, str]]
    # Where each of those is written, per language: its file under content/
    # ("i18n/es/doctor.yaml") and its field there ("head.meta_title"); errors found once
    # texts are filled in name them.
    i18n_files: dict[str, dict[str, str]] = {}
    i18n_fields: dict[str, dict[str, str]] = {}
    # The pages' long texts (with their facts, content/pages/), by kind, for the kinds
    # routes.yaml has; a service page's by its key.
    pages: dict[str, BaseModel] = {}
    service_pages: dict[str, ServiceContent] = {}
    # Where each long text of the pages' and doctors' files is written, per language:
    # "<file>: field '<field>'" (messages about a text name its place).
    text_fields: dict[str, dict[str, str]] = {}

    def doctor(self, slug: str) -> Doctor:
        return next(d for d in self.doctors if d.slug == slug)

    def profession(self, doctor: Doctor) -> Profession:
        return self.professions[doctor.profession]

    def role(self, doctor: Doctor, lang: str) -> str:
        """What `doctor` is called in `lang` (their profession's word for their gender):
        {role} in their page's head texts, their job title in the structured data."""
        return self.profession(doctor).role_of(doctor, lang) or ""

    def credential(self, doctor: Doctor, lang: str) -> str | None:
        """The credential line of `doctor`'s profession in `lang`, if it gives one."""
        credential = self.profession(doctor).credential
        return credential(lang) if credential is not None else None

    def page(self, kind: str, model: type[M]) -> M:
        """The long texts of the page of kind `kind`, as `model`."""
        data = self.pages.get(kind)
        if not isinstance(data, model):
            raise ContentError(f"routes.yaml: field 'pages': no page of kind '{kind}'")
        return data

    def page_files(self) -> list[PageTextsFile]:
        return page_texts_files(_kinds(self.routes))

    def _place(self, lang: str, key: str) -> tuple[str, str]:
        """The file and field of text key `key`: where it is written, or where it belongs
        when it is missing."""
        if key in self.i18n_files.get(lang, {}):
            return self.i18n_files[lang][key], self.i18n_fields[lang][key]
        relative, field = place_of_key(key, self.page_files())
        return (texts_path(lang, relative) if relative else site_file(lang)), field

    def i18n_file(self, lang: str, key: str) -> str:
        return self._place(lang, key)[0]

    def i18n_field(self, lang: str, key: str) -> str:
        return self._place(lang, key)[1]

    def text_place(self, lang: str, key: str) -> str:
        """ "<file>: field '<field>'" of text key `key` in `lang` (for messages)."""
        file, field = self._place(lang, key)
        return f"{file}: field '{field}'"

    def text_field(self, lang: str, text: str) -> str | None:
        """Where `text` (a long text of the pages' or doctors' files) is written, if known."""
        return self.text_fields.get(lang, {}).get(text)


def _kinds(routes: RouteTable) -> dict[str, str]:
    return {page_id: route.kind for page_id, route in routes.pages.items()}


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


def _require_texts(content: Content, keys: list[str], why: str) -> None:
    """Each key in every language's texts; a missing one names the file and field it
    belongs in."""
    for lang in LANGS:
        missing = [key for key in keys if key not in content.i18n[lang]]
        if missing:
            fields = [content.i18n_field(lang, key) for key in missing]
            more = f" (and {', '.join(repr(f) for f in fields[1:])})" if fields[1:] else ""
            raise ContentError(f"{content.text_place(lang, missing[0])}: missing{more}. {why}")


def _check_roles(content: Content) -> None:
    """Every doctor's profession says what they are called, for their gender, in every
    language ({role})."""
    for i, doctor in enumerate(content.doctors):
        profession = content.profession(doctor)
        if profession.role_of(doctor, DEFAULT_LANG) is None:
            file = texts_path(DEFAULT_LANG, PageTextsFile(DOCTOR, DOCTOR).relative)
            raise ContentError(
                f"{file}: field 'professions.{profession.key}.role': missing; "
                f"'{doctor.slug}' ({DOCTORS_FACTS}, field '{i}.profession') is of this "
                f"profession: say what its people are called, in role (or in role_female and "
                "role_male, by gender)"
            )


def _check_page_texts(content: Content) -> None:
    """Every doctor's profession has its {role}, every service its name and one line
    (each page's own texts are its file's, checked by its model)."""
    _check_roles(content)
    reasons = sorted({day.reason for day in content.clinic.closed.days if day.reason})
    _require_texts(
        content,
        [f"closed_days.reasons.{reason}" for reason in reasons],
        "clinic.yaml gives a closed day this reason: its words go under "
        "closed_days.reasons in every language.",
    )
    for service in content.services:
        _require_texts(
            content,
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
    prefixes = (f"services.{key}.", f"{HEAD_KEYS}.{key}.")
    for text_key, text in content.i18n[lang].items():
        if text_key.startswith(prefixes):
            yield content.text_place(lang, text_key), text
    page = content.service_pages.get(key)
    if page is not None:
        file = texts_path(lang, SERVICE_FILE.format(key=key))
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


def _check_visit_rules(content: Content) -> None:
    """A note of the success page names only the visit rules' numbers that are given (each
    is optional, like any fact a text names)."""
    page = content.pages.get(SUCCESS)
    if not isinstance(page, SuccessContent):
        return
    given = page.rules.values()
    for lang in LANGS:
        for note in page.notes:
            text = note.text(lang)
            for name in PLACEHOLDER.findall(text):
                if name in Rules.model_fields and name not in given:
                    where = content.text_field(lang, text) or (
                        f"{texts_path(lang, '<success page>.yaml')}: field 'notes.{note.key}.text'"
                    )
                    raise ContentError(
                        f"{where}: names {{{name}}}, but {PAGE_MODELS[SUCCESS].facts} gives no "
                        f"rules.{name}: write the number there, or reword the note (or remove "
                        "it, with its texts in every language)"
                    )


def _missing_page_file(lang: str, file: PageTextsFile) -> str:
    path = texts_path(lang, file.relative)
    if file.kind == DOCTOR:
        why = "it holds the doctors' pages' texts: their head, labels and each doctor's texts"
    elif file.kind in BLOCKS:
        why = f"it holds the texts of the {file.kind} block that several pages show"
    elif file.kind == NOT_FOUND:
        why = "it holds the texts of the page shown for an unknown address"
    else:
        why = (
            f"routes.yaml lists the page '{file.page_id}', and every language gives its "
            "texts in this file: at least its head (title, intro, meta_title, "
            "meta_description, keywords)"
        )
    return f"{path}: file is missing; {why} (docs/content.md, 'Recipe: a new page')"


def read_page_files(
    directory: Path, routes: RouteTable
) -> dict[str, list[tuple[PageTextsFile, Any]]]:
    """Each language's page files (page_text_files.py), read through their models; a file of
    no page is a mistake too (a misspelt page id, or a page no longer in routes.yaml)."""
    for taken in OTHER_FILES:
        if taken in routes.pages:
            raise ContentError(
                f"routes.yaml: field 'pages.{taken}': '{taken}' names the file of other "
                f"texts (i18n/<lang>/{taken}.yaml): give this page another id"
            )
    files = page_texts_files(_kinds(routes))
    by_kind: dict[str, str] = {}
    for file in files:
        if file.kind in PAGE_MODELS and file.kind != SERVICE:
            if file.kind in by_kind:
                raise ContentError(
                    f"routes.yaml: field 'pages.{file.page_id}.kind': '{by_kind[file.kind]}' is "
                    f"already the '{file.kind}' page (one page of each such kind)"
                )
            by_kind[file.kind] = file.page_id
    expected = {file.relative for file in files}
    read: dict[str, list[tuple[PageTextsFile, Any]]] = {}
    for lang in LANGS:
        folder = directory / "i18n" / lang
        for path in sorted(folder.rglob("*.yaml")) if folder.is_dir() else []:
            relative = path.relative_to(folder).as_posix()
            if relative not in expected:
                service_file = texts_path(lang, SERVICE_FILE.format(key="<key>"))
                raise ContentError(
                    f"{texts_path(lang, relative)}: no page has this file (a page's texts are "
                    f"in i18n/{lang}/<page id>.yaml, a service page's in {service_file}, for "
                    "the pages of routes.yaml): a misspelt name, or a page no longer there?"
                )
        read[lang] = []
        for file in files:
            if not (folder / file.relative).is_file():
                raise ContentError(_missing_page_file(lang, file))
            read[lang].append(
                (file, load_file(directory, texts_path(lang, file.relative), file.model))
            )
    return read


def load_page(
    directory: Path,
    file: PageTextsFile,
    texts: dict[str, Any],
    fields: dict[str, dict[str, str]],
) -> Any:
    """A page's long texts: its facts (content/pages/<kind>.yaml, when it has some) and
    each language's file (`texts`), as its kind's one model (where each text is written
    goes into `fields`)."""
    kind = PAGE_MODELS[file.kind]
    facts = load_file(directory, kind.facts, facts_model(kind.model)) if kind.facts else None
    source = Source(kind.facts, {lang: texts_path(lang, file.relative) for lang in LANGS}, fields)
    data = assemble(kind.model, facts, texts, source)
    return validate(texts_path(DEFAULT_LANG, file.relative), kind.model, data)


def load_doctors(
    directory: Path, texts: dict[str, Any], fields: dict[str, dict[str, str]]
) -> list[Doctor]:
    """The doctors' facts (doctors.yaml), each with their texts found under their slug in
    each language's doctor.yaml (`texts`; where each text is written goes into `fields`)."""
    facts = [
        doctor.model_dump() for doctor in load_list(directory, DOCTORS_FACTS, facts_model(Doctor))
    ]
    check_unique(DOCTORS_FACTS, "slug", [doctor["slug"] for doctor in facts])
    relative = PageTextsFile(DOCTOR, DOCTOR).relative
    source = Source(DOCTORS_FACTS, {lang: texts_path(lang, relative) for lang in LANGS}, fields)
    by_lang = {lang: data.model_dump()["doctors"] for lang, data in texts.items()}
    merged = merge_keyed(Doctor, facts, by_lang, source, texts_at=("doctors",))
    doctors = [
        validate(
            texts_path(DEFAULT_LANG, relative), Doctor, data, prefix=f"doctors.{data['slug']}."
        )
        for data in merged
    ]
    return [_with_calendar(i, doctor) for i, doctor in enumerate(doctors)]


# What a doctor's calendar is made of beyond its link: nothing without one.
CALENDAR_PARTS = ("cal_namespace", "cal_event_type_id")


def _with_calendar(i: int, doctor: Doctor) -> Doctor:
    """A doctor with a calendar has a namespace (their slug unless given); one without
    has no calendar's parts."""
    if doctor.cal_link is None:
        for part in CALENDAR_PARTS:
            if getattr(doctor, part) is not None:
                raise ContentError(
                    f"{DOCTORS_FACTS}: field '{i}.{part}': given without cal_link; a doctor "
                    "without cal_link has no Cal.com calendar (patients call or write to "
                    f"book): give their cal_link too, or remove {part}"
                )
        return doctor
    if doctor.cal_namespace is None:
        return doctor.model_copy(update={"cal_namespace": doctor.slug})
    return doctor


def _check_same_fields(source: Source, by_lang: dict[str, Any], key: str) -> None:
    """Every language gives the same texts of profession `key` (a credential in one
    language is one in all)."""
    given = {
        lang: {name for name, text in (by_key.get(key) or {}).items() if text is not None}
        for lang, by_key in by_lang.items()
        if key in by_key
    }
    for lang, names in given.items():
        for other, theirs in given.items():
            for name in sorted(theirs - names):
                raise ContentError(
                    f"{source.texts[lang]}: field 'professions.{key}.{name}': missing; "
                    f"{source.texts[other]} gives it, and every language gives the same texts"
                )


def load_professions(
    doctors: list[Doctor], texts: dict[str, Any], fields: dict[str, dict[str, str]]
) -> dict[str, Profession]:
    """The doctors' professions (physician unless doctors.yaml names another), each with
    its texts found under its key in each language's doctor.yaml (`texts`)."""
    relative = PageTextsFile(DOCTOR, DOCTOR).relative
    source = Source(DOCTORS_FACTS, {lang: texts_path(lang, relative) for lang in LANGS}, fields)
    keys = list(dict.fromkeys(doctor.profession for doctor in doctors))
    by_lang = {lang: data.model_dump()["professions"] for lang, data in texts.items()}
    for lang, by_key in by_lang.items():
        for i, doctor in enumerate(doctors):
            if doctor.profession not in by_key:
                default = (
                    f" (left out, it is {PHYSICIAN})" if doctor.profession == PHYSICIAN else ""
                )
                raise ContentError(
                    f"{source.texts[lang]}: field 'professions.{doctor.profession}': missing; "
                    f"'{doctor.slug}' is of this profession ({DOCTORS_FACTS}, field "
                    f"'{i}.profession'{default}): give its texts here (role, or role_female "
                    "and role_male; credential if all of them hold one)"
                )
        for key in by_key:
            _check_same_fields(source, by_lang, key)
            if key not in keys:
                raise ContentError(
                    f"{source.texts[lang]}: field 'professions.{key}': no doctor of "
                    f"{DOCTORS_FACTS} is of this profession (field 'profession': "
                    f"{', '.join(keys)}): a misspelt key, or texts to remove?"
                )
    merged = merge_keyed(
        Profession,
        [{"key": key} for key in keys],
        by_lang,
        source,
        ("profession",),
        texts_at=("professions",),
    )
    return {
        data["key"]: validate(
            texts_path(DEFAULT_LANG, relative),
            Profession,
            data,
            prefix=f"professions.{data['key']}.",
        )
        for data in merged
    }


def _load_pages(
    directory: Path,
    files: dict[str, list[tuple[PageTextsFile, Any]]],
    fields: dict[str, dict[str, str]],
):
    """The long texts of the pages that have them: by kind, and a service page's by key."""
    pages: dict[str, BaseModel] = {}
    service_pages: dict[str, ServiceContent] = {}
    for i, (file, _) in enumerate(files[DEFAULT_LANG]):
        if file.kind not in PAGE_MODELS:
            continue
        texts = {lang: files[lang][i][1] for lang in LANGS}
        page = load_page(directory, file, texts, fields)
        if file.kind == SERVICE:
            service_pages[file.page_id] = page
        else:
            pages[file.kind] = page
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
    # The pages' files, once routes.yaml says which pages there are.
    page_files = read_page_files(directory, routes)
    table = load_texts(directory, LANGS, page_files)
    text_fields: dict[str, dict[str, str]] = {}
    doctor_texts = {
        lang: next(data for file, data in files if file.kind == DOCTOR)
        for lang, files in page_files.items()
    }
    doctors = load_doctors(directory, doctor_texts, text_fields)
    professions = load_professions(doctors, doctor_texts, text_fields)
    check_unique(
        "doctors.yaml", "cal_namespace", [d.cal_namespace for d in doctors if d.cal_namespace]
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
    pages, service_pages = _load_pages(directory, page_files, text_fields)
    content = Content(
        clinic=clinic,
        doctors=doctors,
        professions=professions,
        services=services,
        routes=routes,
        i18n=table.texts,
        i18n_files=table.files,
        i18n_fields=table.fields,
        pages=pages,
        service_pages=service_pages,
        text_fields=text_fields,
    )
    _check_page_texts(content)
    _check_specialist_texts(content)
    _check_visit_rules(content)
    return content
