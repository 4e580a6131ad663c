"""The texts the code reads by key, per language: the site-wide ones (content/i18n/<lang>.yaml,
nested mappings read as flat dotted keys, "nav.home": "Inicio") and each page's head and
short texts (its file under content/i18n/<lang>/, page_text_files.py). The same keys and the
same {placeholders} in every language."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from clinic.site.content.errors import ContentError
from clinic.site.content.files import read_yaml
from clinic.site.content.page_text_files import (
    PageTextsFile,
    flat_texts,
    page_texts_of,
    tree_problem,
)

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def site_file(lang: str) -> str:
    """The site-wide texts of `lang`, as a path under content/."""
    return f"i18n/{lang}.yaml"


def texts_path(lang: str, relative: str) -> str:
    """Where language `lang` keeps the page file `relative` (a path under content/)."""
    return f"i18n/{lang}/{relative}"


@dataclass
class TextTable:
    """The texts of each language by key, and where each is written: its file (a path under
    content/) and its field in that file."""

    texts: dict[str, dict[str, str]] = field(default_factory=dict)
    files: dict[str, dict[str, str]] = field(default_factory=dict)
    fields: dict[str, dict[str, str]] = field(default_factory=dict)

    def add(self, lang: str, key: str, text: str, file: str, where: str) -> None:
        other = self.files.setdefault(lang, {}).get(key)
        if other is not None:
            raise ContentError(
                f"{file}: field '{where}': the text key '{key}' is already given by {other} "
                f"(field '{self.fields[lang][key]}')"
            )
        self.texts.setdefault(lang, {})[key] = text
        self.files[lang][key] = file
        self.fields.setdefault(lang, {})[key] = where

    def place(self, lang: str, key: str) -> str:
        return f"{self.files[lang][key]}: field '{self.fields[lang][key]}'"


def _counterpart(file: str, lang: str, other: str) -> str:
    """The file of `other` that matches `lang`'s ("i18n/en/faq.yaml" -> "i18n/fr/faq.yaml")."""
    if file == site_file(lang):
        return site_file(other)
    return file.replace(f"i18n/{lang}/", f"i18n/{other}/", 1)


def _site_texts(directory: Path, lang: str) -> dict[str, str]:
    name = site_file(lang)
    data = read_yaml(directory, name)
    if not isinstance(data, dict):
        raise ContentError(f"{name}: expected a mapping of texts under keys")
    problem = tree_problem(data)
    if problem is not None:
        path, found = problem
        raise ContentError(
            f"{name}: field '{'.'.join(path)}': must be a text or a mapping of texts; found {found}"
        )
    return flat_texts(data)


def _check_same_keys(table: TextTable, langs: tuple[str, ...]) -> None:
    """Every language has the first one's keys, and no other, with the same placeholders."""
    base, *others = langs
    for lang in others:
        for missing_in, have in ((lang, base), (base, lang)):
            by_file: dict[str, list[str]] = {}
            for key in sorted(set(table.texts[have]) - set(table.texts[missing_in])):
                file = _counterpart(table.files[have][key], have, missing_in)
                by_file.setdefault(file, []).append(key)
            for file, keys in by_file.items():
                fields = [table.fields[have][key] for key in keys]
                more = f" (and {', '.join(repr(f) for f in fields[1:])})" if fields[1:] else ""
                raise ContentError(
                    f"{file}: field '{fields[0]}': missing{more}; "
                    f"{table.files[have][keys[0]]} has it, and every language gives the "
                    "same texts"
                )
        for key, text in table.texts[base].items():
            want, got = (
                set(PLACEHOLDER.findall(text)),
                set(PLACEHOLDER.findall(table.texts[lang][key])),
            )
            if want != got:
                raise ContentError(
                    f"{table.place(lang, key)}: placeholders {sorted(got)} differ from "
                    f"{table.files[base][key]}'s {sorted(want)}"
                )


def load_texts(
    directory: Path,
    langs: tuple[str, ...],
    pages: dict[str, list[tuple[PageTextsFile, BaseModel]]],
) -> TextTable:
    """The texts the code reads by key, per language: the site-wide file's, then those of
    each page's file (`pages`, each language's files as read)."""
    table = TextTable()
    for lang in langs:
        for key, text in _site_texts(directory, lang).items():
            table.add(lang, key, text, site_file(lang), key)
        for file, data in pages[lang]:
            for key, (where, text) in page_texts_of(file, data).items():
                table.add(lang, key, text, texts_path(lang, file.relative), where)
    _check_same_keys(table, langs)
    return table
