"""Purpose-made content for the tests that prove the clinic can grow by editing content
alone: copies of content/ edited as a clinic would edit them (a doctor more or fewer, a
service more, a logo fewer, a photo more), and a way to run the site's own code on such a
copy in this process.

Each edit works on whatever the shipped content holds (it copies an existing entry and
changes what must be new), so the variants follow the sample when it changes.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import yaml

import clinic.site.content as content_module
from clinic.site.content import CONTENT_DIR, LANGS
from clinic.site.content.doctors import PHYSICIAN
from clinic.site.content.files import parse_yaml
from clinic.site.content.page_text_files import DOCTOR, HEAD_KEYS, SERVICE_FILE, PageTextsFile
from clinic.site.content.pages.home import CAROUSEL_MIN

# A third doctor as the issue describes her: two surnames and accents (slug without them).
# Names are written bare: each language's title, if the content's doctors have one, is
# the content's own (`doctor_names`).
NEW_DOCTOR = {
    "slug": "ximena-pena-avila",
    "name": "Ximena Peña Ávila",
    "initials": "XP",
    "gender": "female",
}
# More doctors, any mix of genders, for the layouts with six.
MORE_DOCTORS = [
    {"slug": "andres-ibarra", "name": "Andrés Ibarra", "initials": "AI", "gender": "male"},
    {
        "slug": "lucia-navarro-del-castillo",
        "name": "Lucía Navarro del Castillo",
        "initials": "LN",
        "gender": "female",
    },
    {
        "slug": "jose-maria-quintero",
        "name": "José María Quintero",
        "initials": "JQ",
        "gender": "male",
    },
    {"slug": "renata-solis", "name": "Renata Solís", "initials": "RS", "gender": "female"},
    {
        "slug": "emilio-vargas-lugo",
        "name": "Emilio Vargas Lugo",
        "initials": "EV",
        "gender": "male",
    },
]
# A service more with texts of its own, one that a clinic of any specialty may offer
# (its page's texts are a copy of another service's). Its texts and slugs are written in
# two languages, keyed by their codes; a path is a slug under its language's prefix in
# the content it is added to (whichever language is the default there).
NEW_SERVICE = {
    "key": "second-opinion",
    "icon": "message-circle-question",
    "slugs": {"es": "segunda-opinion", "en": "second-opinion"},
    "title": {"es": "Segunda opinión", "en": "Second opinion"},
    "description": {
        "es": "Revisamos contigo un diagnóstico o un tratamiento propuesto, con tus estudios en la mano.",
        "en": "We review a diagnosis or a proposed treatment with you, your test results in hand.",
    },
    "meta_title": {
        "es": "Segunda opinión médica | {brand}",
        "en": "Medical second opinion | {brand}",
    },
    "meta_description": {
        "es": "Una segunda opinión en {brand}: revisamos tu diagnóstico, tus estudios y tus opciones en una consulta de {duration}.",
        "en": "A second opinion at {brand}: we review your diagnosis, your test results and your options in a consultation lasting {duration}.",
    },
}
NEW_PHOTO_KEY = "recovery-room"
# Page files under content/i18n/<lang>/ (clinic/site/content/page_text_files.py names them):
# the doctors' pages' (each doctor's texts under `doctors`, by slug) and the home page's.
DOCTOR_TEXTS = PageTextsFile(DOCTOR, DOCTOR).relative
HOME_TEXTS = PageTextsFile("home", "home").relative


def in_every_language(texts: dict[str, str], langs: list[str] | None = None) -> dict[str, str]:
    """Texts written here in a few languages, for every language of the content: a
    language they lack gets the last one's text, as `make language` drafts it."""
    last = list(texts)[-1]
    return {lang: texts.get(lang, texts[last]) for lang in langs or LANGS}


def read(path: Path):
    return parse_yaml(path.read_text(encoding="utf-8"))


# libyaml's emitter, which PyYAML's wheels carry, writes the same text as the pure-Python
# one several times faster: the tests write hundreds of edited copies a run (the
# pure-Python one where PyYAML was built without libyaml).
_SAFE_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dump(data, sort_keys: bool = False) -> str:
    """`data` as YAML text, as yaml.safe_dump writes it (plain data only), letters as they
    are."""
    return yaml.dump(data, Dumper=_SAFE_DUMPER, allow_unicode=True, sort_keys=sort_keys)


def write(path: Path, data) -> None:
    path.write_text(dump(data), encoding="utf-8")


def languages_of(content_dir: Path) -> list[str]:
    return [language["code"] for language in read(content_dir / "languages.yaml")]


def prefixes_of(content_dir: Path) -> dict[str, str]:
    """Each language's part of every path in that content, as the site reads it from its
    home's path: "" for the default language, "/<folder>" for the others."""
    homes = read(content_dir / "routes.yaml")["pages"]
    home = next(route for route in homes.values() if route["kind"] == "home")
    return {lang: home[lang].rstrip("/") for lang in languages_of(content_dir)}


def paths_of(content_dir: Path, slugs: dict[str, str]) -> dict[str, str]:
    """A page's path in every language of the content: its slug in that language (or the
    last one given) under the language's prefix."""
    prefixes = prefixes_of(content_dir)
    slugs = in_every_language(slugs, list(prefixes))
    return {lang: f"{prefix}/{slugs[lang]}" for lang, prefix in prefixes.items()}


def texts_of(content_dir: Path, lang: str, relative: str) -> Path:
    """A language's texts file (`relative` under content/i18n/<lang>/)."""
    return content_dir / "i18n" / lang / relative


def _spelt(word: str) -> str:
    """A word as a slug spells it: lower case, no accents, letters and digits only."""
    plain = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", plain.lower())


def name_title(name: str, slug: str) -> str:
    """The title a doctor's name starts with: the words before the first one their slug
    spells ("Dra." of "Dra. Valeria Montes", valeria-montes; "" of "Valeria Montes")."""
    words = name.split()
    spelt = set(slug.split("-"))
    first = next((i for i, word in enumerate(words) if _spelt(word) in spelt), 0)
    return " ".join(words[:first])


def without_title(name: str, slug: str) -> str:
    """A doctor's name without the title it starts with ("Valeria Montes")."""
    return name[len(name_title(name, slug)) :].strip()


def doctor_names(content_dir: Path, doctor: dict) -> dict[str, str]:
    """A new doctor's name (`doctor["name"]`, bare) in every language of the content, with
    the title that language gives the content's first doctor of their gender (none where
    its names have none, or the content has no doctor of that gender)."""
    facts = read(content_dir / "doctors.yaml")
    model = next((d for d in facts if d["gender"] == doctor["gender"]), None)
    names = {}
    for lang in languages_of(content_dir):
        title = ""
        if model is not None:
            texts = read(texts_of(content_dir, lang, DOCTOR_TEXTS))
            title = name_title(texts["doctors"][model["slug"]]["name"], model["slug"])
        names[lang] = f"{title} {doctor['name']}".strip()
    return names


def edit_texts(content_dir: Path, relative: str, change) -> None:
    """`change(lang, data)` on the texts file `relative` of every language."""
    for lang in languages_of(content_dir):
        path = texts_of(content_dir, lang, relative)
        data = read(path)
        change(lang, data)
        write(path, data)


def copy_content(dest: Path, source: Path = CONTENT_DIR) -> Path:
    shutil.copytree(source, dest)
    return dest


def add_doctor(content_dir: Path, doctor: dict, event_type: bool = True) -> None:
    """A doctor more, at the end of doctors.yaml: a copy of the first one with a new slug,
    initials, gender and calendar, and in each language the first one's texts under the
    new name. With `event_type=False` the new doctor has no Cal.com event type (no open
    times), as docs/content.md allows."""
    doctors = read(content_dir / "doctors.yaml")
    first = doctors[0]
    names = doctor_names(content_dir, doctor)
    new = {
        **first,
        **{key: value for key, value in doctor.items() if key != "name"},
        "years_experience": max(d["years_experience"] for d in doctors) + 1,
    }
    if "cal_link" in first:  # a calendar of their own, where the first doctor has one
        new["cal_link"] = f"{first['cal_link'].split('/')[0]}/{doctor['slug']}"
        new["cal_namespace"] = doctor["slug"]
    new.pop("cal_event_type_id", None)
    if event_type and "cal_event_type_id" in first:
        new["cal_event_type_id"] = max(d.get("cal_event_type_id", 0) for d in doctors) + 1
    write(content_dir / "doctors.yaml", [*doctors, new])
    edit_texts(
        content_dir,
        DOCTOR_TEXTS,
        lambda lang, texts: texts["doctors"].update(
            {doctor["slug"]: {**texts["doctors"][first["slug"]], "name": names[lang]}}
        ),
    )


def keep_doctors(content_dir: Path, count: int) -> None:
    """Only the first `count` doctors: the first one takes over the others' services."""
    doctors = read(content_dir / "doctors.yaml")
    kept, gone = doctors[:count], doctors[count:]
    gone_slugs = {d["slug"] for d in gone}
    for doctor in gone:
        kept[0]["services"] += [s for s in doctor["services"] if s not in kept[0]["services"]]
    write(content_dir / "doctors.yaml", kept)
    services = read(content_dir / "services.yaml")
    for service in services:
        if service.get("specialist") in gone_slugs:
            service["specialist"] = kept[0]["slug"]
    write(content_dir / "services.yaml", services)
    # A profession only the gone doctors had loses its words too: the loader refuses words
    # for a profession nobody has (a misspelt key).
    used = {d.get("profession", PHYSICIAN) for d in kept}

    def change(lang: str, texts: dict) -> None:
        for slug in gone_slugs:
            texts["doctors"].pop(slug)
        professions = texts.get("professions", {})
        for unused in [key for key in professions if key not in used]:
            professions.pop(unused)

    edit_texts(content_dir, DOCTOR_TEXTS, change)


def keep_services(content_dir: Path, count: int) -> None:
    """Only the first `count` services (add_service's counterpart): the others' entries,
    pages, paths (and the previous site's paths to them), texts and places in the doctors'
    lists gone. A doctor left with no service sees the first one kept."""
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
        seen = [key for key in doctor["services"] if key not in gone]
        doctor["services"] = seen or [kept[0]["key"]]
    write(content_dir / "doctors.yaml", doctors)
    for lang in languages_of(content_dir):
        site = content_dir / "i18n" / f"{lang}.yaml"
        tree = read(site)
        for group in ("services", HEAD_KEYS):
            for key in gone:
                tree.get(group, {}).pop(key, None)
        write(site, tree)
        for key in gone:
            texts_of(content_dir, lang, SERVICE_FILE.format(key=key)).unlink(missing_ok=True)


def with_doctors(content_dir: Path, count: int) -> None:
    """Exactly `count` doctors: the shipped ones first, then the purpose-made ones."""
    shipped = read(content_dir / "doctors.yaml")
    if count <= len(shipped):
        keep_doctors(content_dir, count)
        return
    taken = {d["slug"] for d in shipped}
    extra = [d for d in (NEW_DOCTOR, *MORE_DOCTORS) if d["slug"] not in taken]
    if count - len(shipped) > len(extra):
        raise ValueError(f"at most {len(shipped) + len(extra)} doctors")
    shipped = len(shipped)
    for doctor in extra[: count - shipped]:
        add_doctor(content_dir, doctor)


def _set(tree: dict, dotted: str, value) -> None:
    *parents, last = dotted.split(".")
    for part in parents:
        tree = tree.setdefault(part, {})
    tree[last] = value


def set_text(content_dir: Path, lang: str, key: str, text: str) -> None:
    """Set one text (its text key) in the file of content/i18n/ that holds it."""
    loaded = content_module.load_content(content_dir)
    path = content_dir / loaded.i18n_file(lang, key)
    data = read(path)
    _set(data, loaded.i18n_field(lang, key), text)
    write(path, data)


SERVICE_TEXTS = ("title", "description", "meta_title", "meta_description")
# The texts of a service that its pages show (the others are in the page's head).
SHOWN_SERVICE_TEXTS = ("title", "description")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _own_words(content_dir: Path, lang: str, field: str, draft: str) -> str:
    """A new service's shown text in a language it is not written in here (a clinic's own
    third language): another service's text in that language, with the draft's
    placeholders, told apart by a mark; the draft (another language's text, as `make
    language` drafts it) where none has them. A draft would be that language's sentence
    on this one's pages, which a finished site does not show."""
    services = read(content_dir / "i18n" / f"{lang}.yaml")["services"]
    wanted = set(PLACEHOLDER.findall(draft))
    own = [
        texts[field]
        for texts in reversed(list(services.values()))
        if set(PLACEHOLDER.findall(texts[field])) == wanted
    ]
    if not own:
        return draft
    return f"{own[0]} +" if field == "title" else f"+ {own[0]}"


def _in_every_language(content_dir: Path, langs: list[str], field: str, texts: dict) -> dict:
    drafts = in_every_language(texts, langs=langs)
    if field not in SHOWN_SERVICE_TEXTS:
        return drafts
    return {
        lang: texts.get(lang) or _own_words(content_dir, lang, field, drafts[lang])
        for lang in langs
    }


def add_service(content_dir: Path, service: dict = NEW_SERVICE) -> None:
    """A service more, as docs/content.md's table says: services.yaml, its paths in
    routes.yaml, its name and line in each language's site-wide texts and its page's file
    (a copy of the last service's, with a head of its own), seen by the first doctor. When the copied service has a specialist (its texts may speak of
    them: {name}, {years}), the first doctor is the new one's."""
    langs = languages_of(content_dir)
    services = read(content_dir / "services.yaml")
    model = services[-1]
    service = {
        **service,
        **{
            field: _in_every_language(content_dir, langs, field, service[field])
            for field in SERVICE_TEXTS
        },
        "paths": paths_of(content_dir, service["slugs"]),
    }
    if any(s["key"] == service["key"] for s in services):  # content that has it already
        suffix = f"-{len(services) + 1}"
        service = {
            **service,
            "key": service["key"] + suffix,
            "paths": {lang: path + suffix for lang, path in service["paths"].items()},
            "title": {
                lang: f"{text} {len(services) + 1}" for lang, text in service["title"].items()
            },
            "meta_title": {
                lang: text.replace(" | ", f" {len(services) + 1} | ")
                for lang, text in service["meta_title"].items()
            },
            "meta_description": {
                lang: f"{text[:-1]} ({len(services) + 1})."
                for lang, text in service["meta_description"].items()
            },
        }
    key = service["key"]
    doctors = read(content_dir / "doctors.yaml")
    entry = {"key": key, "icon": service["icon"]}
    if model.get("specialist"):
        entry["specialist"] = doctors[0]["slug"]
    write(content_dir / "services.yaml", [*services, entry])
    routes = read(content_dir / "routes.yaml")
    routes["pages"][key] = {"kind": "service", **service["paths"]}
    write(content_dir / "routes.yaml", routes)
    doctors[0]["services"].append(key)
    write(content_dir / "doctors.yaml", doctors)
    for lang in langs:
        page = read(texts_of(content_dir, lang, SERVICE_FILE.format(key=model["key"])))
        page["head"] = {
            "title": service["title"][lang],
            "intro": service["description"][lang],
            "meta_title": service["meta_title"][lang],
            "meta_description": service["meta_description"][lang],
            "keywords": service["title"][lang] + ", " + page["head"]["keywords"],
        }
        write(texts_of(content_dir, lang, SERVICE_FILE.format(key=key)), page)
        site = content_dir / "i18n" / f"{lang}.yaml"
        tree = read(site)
        for field in ("title", "description"):
            _set(tree, f"services.{key}.{field}", service[field][lang])
        write(site, tree)


def _drop_last(content_dir: Path, field: str) -> None:
    """The last logo or photo of the home page gone, with its texts in every language."""
    home = read(content_dir / "pages" / "home.yaml")
    gone = home[field].pop()
    write(content_dir / "pages" / "home.yaml", home)
    edit_texts(content_dir, HOME_TEXTS, lambda lang, texts: texts[field].pop(gone["key"]))


def drop_certification(content_dir: Path) -> None:
    _drop_last(content_dir, "certifications")


def add_certification(content_dir: Path, assets_dir: Path) -> None:
    """A logo more at the end of the certifications carousel: the first one's badge and
    name under a new key (the badge in `assets_dir`, a copy's assets/)."""
    home = read(content_dir / "pages" / "home.yaml")
    first = home["certifications"][0]
    key = first["key"] + "-2"
    while key in {c["key"] for c in home["certifications"]}:
        key += "-more"
    home["certifications"].append({**first, "key": key})
    write(content_dir / "pages" / "home.yaml", home)
    edit_texts(
        content_dir,
        HOME_TEXTS,
        lambda lang, texts: texts["certifications"].update(
            {key: texts["certifications"][first["key"]]}
        ),
    )
    folder = assets_dir / "img" / "certifications"
    shutil.copy(folder / f"{first['key']}.svg", folder / f"{key}.svg")


def drop_facility_photo(content_dir: Path) -> None:
    _drop_last(content_dir, "facilities")


def add_facility_photo(content_dir: Path, assets_dir: Path, key: str = NEW_PHOTO_KEY) -> None:
    """A photo more at the end of the facilities carousel: the first photo's image files
    under a new name (in `assets_dir`, a copy's assets/), with a caption of its own."""
    home = read(content_dir / "pages" / "home.yaml")
    first = home["facilities"][0]
    while key in {f["key"] for f in home["facilities"]}:  # content that has it already
        key += "-more"
    home["facilities"].append({**first, "key": key})
    write(content_dir / "pages" / "home.yaml", home)
    langs = languages_of(content_dir)
    caption = in_every_language({"es": "Sala de recuperación", "en": "Recovery room"}, langs=langs)
    alt = in_every_language(
        {
            "es": "Ilustración de la sala de recuperación, con un sillón reclinable",
            "en": "Illustration of the recovery room, with a reclining chair",
        },
        langs=langs,
    )
    edit_texts(
        content_dir,
        HOME_TEXTS,
        lambda lang, texts: texts["facilities"].update(
            {key: {"caption": caption[lang], "alt": alt[lang]}}
        ),
    )
    folder = assets_dir / "img" / "facilities"
    for image in folder.glob(f"{first['key']}-*"):
        shutil.copy(image, folder / image.name.replace(first["key"], key, 1))


def grown(content_dir: Path, assets_dir: Path | None = None) -> str:
    """The proof's edit: a doctor more (the third of the sample) with two surnames and
    accents and no Cal.com event type (a clinic may leave it out: the doctor then has no
    open times), a service more, one certification fewer (where the content has more than
    the fewest the carousel takes; else one more, when there are assets to copy into) and,
    when there are assets to copy into, one photo more. Returns the new doctor's slug."""
    taken = {d["slug"] for d in read(content_dir / "doctors.yaml")}
    doctor = next(d for d in (NEW_DOCTOR, *MORE_DOCTORS) if d["slug"] not in taken)
    add_doctor(content_dir, doctor, event_type=False)
    add_service(content_dir)
    if len(read(content_dir / "pages" / "home.yaml")["certifications"]) > CAROUSEL_MIN:
        drop_certification(content_dir)
    elif assets_dir is not None:  # the fewest logos the carousel takes: one more instead
        add_certification(content_dir, assets_dir)
    if assets_dir is not None:
        add_facility_photo(content_dir, assets_dir)
    return doctor["slug"]


def clear_caches() -> None:
    """Forget what the site's code computed once from the content (the content itself,
    routes, components): the next use reads it again."""
    for name, module in list(sys.modules.items()):
        if name == "clinic" or name.startswith("clinic."):
            for value in list(vars(module).values()):
                if (
                    callable(getattr(value, "cache_clear", None))
                    and getattr(value, "__module__", None) == name
                ):
                    value.cache_clear()


@contextlib.contextmanager
def site_content(content_dir: Path) -> Iterator[None]:
    """Run the site's code (routes, menus, head texts, JSON-LD...) on `content_dir`."""
    saved = content_module.CONTENT_DIR
    content_module.CONTENT_DIR = content_dir
    clear_caches()
    try:
        yield
    finally:
        content_module.CONTENT_DIR = saved
        clear_caches()


# The variants the model allows beyond growth: a doctor without an online calendar, a
# professional who is not a physician, visit rules without numbers, no legacy doctor paths.
# Each works on any content directory (the sample, the fixture clinic, a clinic's own).

# A profession other than physician, in the words of the sample's languages; a language of
# the content's own gets the last one's, as `make language` drafts it.
NON_PHYSICIAN = {
    "key": "optometrist",
    "role": {"es": "optometrista", "en": "optometrist"},
}


def remove_calendar(content_dir: Path, slug: str) -> None:
    """Doctor `slug` without a Cal.com calendar (no cal_link, namespace or event type):
    patients book them by phone or WhatsApp."""
    doctors = read(content_dir / "doctors.yaml")
    doctor = next(d for d in doctors if d["slug"] == slug)
    for field in ("cal_link", "cal_namespace", "cal_event_type_id"):
        doctor.pop(field, None)
    write(content_dir / "doctors.yaml", doctors)


def make_non_physician(
    content_dir: Path,
    slug: str,
    profession: str = NON_PHYSICIAN["key"],
    role: dict[str, str] | None = None,
    credential: dict[str, str] | None = None,
) -> None:
    """Doctor `slug` of another profession than physician (`profession`, a key): its texts
    in each language's doctor.yaml, `role` by language (default: NON_PHYSICIAN's) and a
    `credential` line only when one is given."""
    langs = languages_of(content_dir)
    roles = in_every_language(role or NON_PHYSICIAN["role"], langs=langs)
    credentials = in_every_language(credential, langs=langs) if credential else None
    doctors = read(content_dir / "doctors.yaml")
    next(d for d in doctors if d["slug"] == slug)["profession"] = profession
    write(content_dir / "doctors.yaml", doctors)
    used = {d.get("profession", "physician") for d in doctors}

    def change(lang: str, texts: dict) -> None:
        professions = texts.setdefault("professions", {})
        professions[profession] = {"role": roles[lang]}
        if credentials:
            professions[profession]["credential"] = credentials[lang]
        for unused in [key for key in professions if key not in used]:
            professions.pop(unused)

    edit_texts(content_dir, DOCTOR_TEXTS, change)


def drop_visit_rule_numbers(content_dir: Path) -> None:
    """The success page's visit rules without numbers: the rules go, and with them every
    note whose text names one (its texts in every language)."""
    path = content_dir / "pages" / "success.yaml"
    success = read(path)
    numbers = set(success.pop("rules", {}) or {})
    langs = languages_of(content_dir)
    routes = read(content_dir / "routes.yaml")
    page_id = next(pid for pid, page in routes["pages"].items() if page["kind"] == "success")
    relative = PageTextsFile(page_id, "success").relative
    texts = {lang: read(texts_of(content_dir, lang, relative)) for lang in langs}
    gone = {
        key
        for lang in langs
        for key, note in (texts[lang].get("notes") or {}).items()
        if any("{" + number + "}" in note.get("text", "") for number in numbers)
    }
    success["notes"] = [note for note in success["notes"] if note["key"] not in gone]
    write(path, success)
    for lang in langs:
        for key in gone:
            texts[lang]["notes"].pop(key, None)
        write(texts_of(content_dir, lang, relative), texts[lang])


def drop_legacy_doctor(content_dir: Path) -> None:
    """No previous site's doctor paths (routes.yaml `legacy_doctor`): no /dr-, /dra- redirects."""
    routes = read(content_dir / "routes.yaml")
    routes.pop("legacy_doctor", None)
    write(content_dir / "routes.yaml", routes)
