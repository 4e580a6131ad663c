"""Edits of a content folder that a clinic makes when its shape differs from the sample's:
another default language, fewer languages, no optional blocks, the fewest visit rules and
FAQ entries. Each works on whatever the content holds (its languages, its keys), as the
growth helpers in devtools/content_variants.py do, and writes the content a clinic would
write: checked by the loader when the variant is read.

A recipe that the content model cannot follow yet raises `CannotMake`, whose message is
the one line `make test` prints for that variant instead of its tests.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from clinic.site.content.page_text_files import CONSULTATION, PageTextsFile
from devtools.content_variants import HOME_TEXTS, edit_texts, languages_of, read, write

# The content files of facts (everything but the texts under i18n/ and the schemas).
FACT_FILES = ("clinic.yaml", "doctors.yaml", "services.yaml", "routes.yaml")
CONSULTATION_TEXTS = PageTextsFile(CONSULTATION, CONSULTATION).relative


class CannotMake(Exception):
    """The variant asks for what the content model (or the content it starts from) does
    not allow: the message says what, in one line."""


def _fact_files(content_dir: Path) -> list[Path]:
    return [content_dir / name for name in FACT_FILES] + sorted(
        (content_dir / "pages").glob("*.yaml")
    )


def _prefix(routes: dict, lang: str) -> str:
    """A language's prefix, from its home page's path (its home without the last slash)."""
    return routes["pages"]["home"][lang].rstrip("/")


def _moved(path: str, old_prefix: str, new_prefix: str) -> str:
    """A path from one language's prefix to another's (the default's is "")."""
    rest = path[len(old_prefix) :] if old_prefix else path
    if rest in ("", "/"):
        return new_prefix + "/"
    return new_prefix + rest


def _move_paths(node, lang: str, old_prefix: str, new_prefix: str) -> None:
    """Every path of `lang` in routes.yaml's pages and doctor_pages under its new prefix."""
    for entry in node.values():
        if isinstance(entry, dict) and lang in entry:
            value = entry[lang]
            if isinstance(value, str):
                entry[lang] = _moved(value, old_prefix, new_prefix)
            else:  # one path per gender
                entry[lang] = {
                    key: _moved(path, old_prefix, new_prefix) for key, path in value.items()
                }


def make_default_language(content_dir: Path, code: str) -> None:
    """`code` becomes the default language, served at `/`: first in languages.yaml, its
    paths without their prefix; the former default's paths go under its own code's
    prefix (/<its code>/...), as a clinic whose patients mostly speak `code` would write them."""
    langs = languages_of(content_dir)
    if code not in langs:
        raise CannotMake(f"{code} is not a language of this content ({', '.join(langs)})")
    old = langs[0]
    if old == code:
        return
    languages = read(content_dir / "languages.yaml")
    write(
        content_dir / "languages.yaml",
        sorted(languages, key=lambda language: language["code"] != code),
    )
    routes = read(content_dir / "routes.yaml")
    new_default_prefix = _prefix(routes, code)
    old_new_prefix = f"/{old}"
    _move_paths(routes["pages"], old, "", old_new_prefix)
    _move_paths({"doctor_pages": routes["doctor_pages"]}, old, "", old_new_prefix)
    _move_paths(routes["pages"], code, new_default_prefix, "")
    _move_paths({"doctor_pages": routes["doctor_pages"]}, code, new_default_prefix, "")
    write(content_dir / "routes.yaml", routes)


def _without_languages(node, langs: set[str], dropped: set[str]):
    """`node` with the dropped languages' entries gone from every mapping that has one per
    language."""
    if isinstance(node, dict):
        kept = {
            key: _without_languages(value, langs, dropped)
            for key, value in node.items()
            if not (key in dropped and langs <= set(node))
        }
        return kept
    if isinstance(node, list):
        return [_without_languages(item, langs, dropped) for item in node]
    return node


def keep_languages(content_dir: Path, keep: list[str]) -> None:
    """Only the languages in `keep`, the first of them the default: the others' texts,
    paths and entries gone from every file."""
    langs = languages_of(content_dir)
    missing = [lang for lang in keep if lang not in langs]
    if missing:
        raise CannotMake(f"{', '.join(missing)}: not a language of this content")
    make_default_language(content_dir, keep[0])
    dropped = set(langs) - set(keep)
    languages = read(content_dir / "languages.yaml")
    write(
        content_dir / "languages.yaml",
        [language for language in languages if language["code"] not in dropped],
    )
    for path in _fact_files(content_dir):
        write(path, _without_languages(read(path), set(langs), dropped))
    for lang in dropped:
        (content_dir / "i18n" / f"{lang}.yaml").unlink()
        shutil.rmtree(content_dir / "i18n" / lang)


def _every_texts_file(content_dir: Path) -> list[Path]:
    return sorted((content_dir / "i18n").rglob("*.yaml"))


def _replace_in_texts(node, old: str, new: str):
    if isinstance(node, dict):
        return {key: _replace_in_texts(value, old, new) for key, value in node.items()}
    if isinstance(node, list):
        return [_replace_in_texts(item, old, new) for item in node]
    if isinstance(node, str):
        return node.replace(old, new)
    return node


def drop_claims(content_dir: Path) -> None:
    """No figures in clinic.yaml: each text that cited one says its number itself, and the
    service pages show no key figures."""
    clinic = read(content_dir / "clinic.yaml")
    claims = clinic.pop("claims", {}) or {}
    write(content_dir / "clinic.yaml", clinic)
    for path in _every_texts_file(content_dir):
        data = read(path)
        for name, value in claims.items():
            data = _replace_in_texts(data, "{" + name + "}", str(value))
        if isinstance(data, dict) and "facts" in data and path.parent.name == "services":
            data.pop("facts")
        write(path, data)


def drop_closed_days(content_dir: Path) -> None:
    """No days closed besides the weekly hours."""
    clinic = read(content_dir / "clinic.yaml")
    clinic.pop("closed", None)
    write(content_dir / "clinic.yaml", clinic)


def drop_home_selling_points(content_dir: Path) -> None:
    """No chips in the hero and no banner under the services."""
    home = read(content_dir / "pages" / "home.yaml")
    for block in ("hero_chips", "services_banner"):
        home.pop(block, None)
    write(content_dir / "pages" / "home.yaml", home)

    def drop(lang: str, texts: dict) -> None:
        for block in ("hero_chips", "services_banner"):
            texts.pop(block, None)

    edit_texts(content_dir, HOME_TEXTS, drop)


def drop_consultation_points(content_dir: Path) -> None:
    """The consultation row with the fee and the length alone."""
    write(content_dir / "pages" / "consultation.yaml", {"points": []})
    edit_texts(content_dir, CONSULTATION_TEXTS, lambda lang, texts: texts.pop("points", None))


def page_texts(content_dir: Path, kind: str) -> str:
    """The texts file (under i18n/<lang>/) of the page of this kind, by its id in
    routes.yaml."""
    pages = read(content_dir / "routes.yaml")["pages"]
    page_id = next((page_id for page_id, page in pages.items() if page["kind"] == kind), None)
    if page_id is None:
        raise CannotMake(f"routes.yaml has no page of kind {kind}")
    return PageTextsFile(page_id, kind).relative


def plain_faq(content_dir: Path) -> None:
    """FAQ entries with an answer alone: no list, note or action under it, and no services
    beyond those with a page."""
    faq = read(content_dir / "pages" / "faq.yaml")
    faq["entries"] = [{"key": entry["key"]} for entry in faq["entries"]]
    faq.pop("extra_services", None)
    write(content_dir / "pages" / "faq.yaml", faq)

    def drop(lang: str, texts: dict) -> None:
        texts.pop("extra_services", None)
        for entry in texts.get("entries", {}).values():
            entry.pop("note", None)

    edit_texts(content_dir, page_texts(content_dir, "faq"), drop)


def no_optional_blocks(content_dir: Path) -> None:
    """Everything the model lets a clinic leave out, left out: figures (claims), closed
    days, the hero's chips, the services' banner, the consultation row's points, the FAQ's lists, notes,
    actions and extra services."""
    drop_claims(content_dir)
    drop_closed_days(content_dir)
    drop_home_selling_points(content_dir)
    drop_consultation_points(content_dir)
    plain_faq(content_dir)


def keep_first_entries(content_dir: Path, kind: str, field: str, count: int) -> None:
    """Only the first `count` entries of a page's list (pages/<kind>.yaml's `field`), and
    their texts in every language."""
    facts = read(content_dir / "pages" / f"{kind}.yaml")
    kept = facts[field][:count]
    facts[field] = kept
    write(content_dir / "pages" / f"{kind}.yaml", facts)
    keys = {entry["key"] for entry in kept}

    def drop(lang: str, texts: dict) -> None:
        texts[field] = {key: value for key, value in texts[field].items() if key in keys}

    edit_texts(content_dir, page_texts(content_dir, kind), drop)


def minimal_visit_rules_and_faq(content_dir: Path) -> None:
    """The fewest visit notes and FAQ entries the model takes (one of each)."""
    keep_first_entries(content_dir, "success", "notes", 1)
    keep_first_entries(content_dir, "faq", "entries", 1)
