"""The texts of each language (content/i18n/<lang>.yaml and content/i18n/<lang>/*.yaml):
nested mappings of texts, read as flat dotted keys ("nav.home": "Inicio"), the same keys
and the same {placeholders} in every language."""

from __future__ import annotations

import re
from pathlib import Path

from clinic.site.content.errors import ContentError
from clinic.site.content.files import read_yaml

PLACEHOLDER = re.compile(r"\{(\w+)\}")


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


def text_files(directory: Path, lang: str) -> list[str]:
    """i18n/<lang>.yaml (site-wide texts) plus i18n/<lang>/*.yaml (one file per page), as
    paths under `directory` (content/)."""
    return [
        f"i18n/{lang}.yaml",
        *(
            path.relative_to(directory).as_posix()
            for path in sorted((directory / "i18n" / lang).glob("*.yaml"))
        ),
    ]


def _counterpart(file: str, lang: str, other: str) -> str:
    """The file of `other` that matches `lang`'s ("i18n/en/faq.yaml" -> "i18n/fr/faq.yaml")."""
    if file == f"i18n/{lang}.yaml":
        return f"i18n/{other}.yaml"
    return file.replace(f"i18n/{lang}/", f"i18n/{other}/", 1)


def load_texts(
    directory: Path, langs: tuple[str, ...]
) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """The texts per language (flat keys), and the file each key comes from."""
    tables: dict[str, dict[str, str]] = {}
    sources: dict[str, dict[str, str]] = {}
    for lang in langs:
        table: dict[str, str] = {}
        sources[lang] = {}
        for name in text_files(directory, lang):
            data = read_yaml(directory, name)
            if not isinstance(data, dict):
                raise ContentError(f"{name}: expected a mapping of translation keys")
            try:
                flat = _flatten(data)
            except ContentError as err:
                raise ContentError(f"{name}: {err}") from None
            clash = sorted(set(flat) & set(table))
            if clash:
                raise ContentError(f"{name}: field '{clash[0]}': already defined in another file")
            table.update(flat)
            sources[lang].update(dict.fromkeys(flat, name))
        tables[lang] = table
    base, *others = langs
    for lang in others:
        for missing_in, have in ((lang, base), (base, lang)):
            missing = sorted(set(tables[have]) - set(tables[missing_in]))
            by_file: dict[str, list[str]] = {}
            for key in missing:
                file = _counterpart(sources[have][key], have, missing_in)
                by_file.setdefault(file, []).append(key)
            for file, keys in by_file.items():
                raise ContentError(
                    f"{file}: missing translation key(s) "
                    + ", ".join(f"'{k}'" for k in keys)
                    + f" (written in {sources[have][keys[0]]})"
                )
        for key, text in tables[base].items():
            want, got = set(PLACEHOLDER.findall(text)), set(PLACEHOLDER.findall(tables[lang][key]))
            if want != got:
                raise ContentError(
                    f"{sources[lang][key]}: field '{key}': placeholders {sorted(got)} "
                    f"differ from {sources[base][key]}'s {sorted(want)}"
                )
    return tables, sources
