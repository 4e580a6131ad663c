"""How a content model that holds texts is stored: its facts (keys, numbers, icons, links)
in one file, its texts in one file per language, the shape translation tools read.

The site's code sees one model with a `Localized` text per language (`doctor.name("en")`);
from that one model two others are derived, so no field is declared twice:

- `facts_model(M)`: the fields without text, nested models and lists included, each
  list item keeping its `key` (or `slug`);
- `texts_model(M)`: the texts alone, one language (a `Localized` becomes a plain text);
  a list of items with a key becomes a mapping from each key to that item's texts, so a
  translation finds its item by name, not by position.

`assemble` reads the facts and each language's texts back into the one model, checking
that every language gives the texts of the same items, the same number of paragraphs.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, create_model
from pydantic.fields import FieldInfo

from clinic.site.content.base import Assembled, Text
from clinic.site.content.errors import ContentError
from clinic.site.content.languages import LocalizedBase

KEY_FIELDS = ("key", "slug")

K = TypeVar("K", bound=Hashable)
R = TypeVar("R")


def code_cache(function: Callable[[K], R]) -> Callable[[K], R]:
    """functools.cache for a function of the code alone, whatever the content (a model
    made from another): the cached function has no `cache_clear`, so what forgets the
    values computed from the content (devtools/content_variants.py's `clear_caches`, each
    time a test runs the site on a copy) keeps these, rather than have pydantic build the
    same models again each time."""
    cached = functools.cache(function)

    @functools.wraps(function)
    def once(argument: K) -> R:
        return cached(argument)

    return once


def _args(annotation: Any) -> tuple:
    return typing.get_args(annotation)


def _is_list(annotation: Any) -> bool:
    return typing.get_origin(annotation) is list


def _is_optional(annotation: Any) -> bool:
    return typing.get_origin(annotation) in (typing.Union, types.UnionType)


def _is_model(annotation: Any) -> typing.TypeGuard[type[BaseModel]]:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _is_text(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, LocalizedBase)


def has_text(annotation: Any) -> bool:
    if _is_text(annotation):
        return True
    if _is_list(annotation) or _is_optional(annotation):
        return any(has_text(arg) for arg in _args(annotation))
    if _is_model(annotation):
        return any(has_text(f.annotation) for f in annotation.model_fields.values())
    return False


def has_facts(annotation: Any) -> bool:
    if _is_text(annotation):
        return False
    if _is_list(annotation) or _is_optional(annotation):
        return any(has_facts(arg) for arg in _args(annotation) if arg is not type(None))
    if _is_model(annotation):
        return any(has_facts(f.annotation) for f in annotation.model_fields.values())
    return True


def key_field(model: type[BaseModel]) -> str | None:
    return next((name for name in KEY_FIELDS if name in model.model_fields), None)


def _keyed_item(annotation: Any) -> type[BaseModel] | None:
    """The item model of a list whose items have both facts and texts (and so a key)."""
    if _is_list(annotation):
        (item,) = _args(annotation)
        if _is_model(item) and has_text(item) and has_facts(item):
            if key_field(item) is None:
                raise TypeError(f"{item.__name__}: items with facts and texts need a key field")
            return item
    return None


def _field(annotation: Any, info: FieldInfo, keep_constraints: bool = True) -> tuple:
    """A field definition for create_model: `annotation`, with `info`'s description,
    default and (unless told otherwise) its constraints."""
    copied = FieldInfo.merge_field_infos(info, annotation=annotation)
    if not keep_constraints:
        copied.metadata = []
    return (annotation, copied)


@code_cache
def facts_model(model: type[BaseModel]) -> type[BaseModel]:
    """`model` without its texts (the model of its facts file)."""
    fields = {}
    for name, info in model.model_fields.items():
        annotation = info.annotation
        if not has_facts(annotation):
            continue
        item = _keyed_item(annotation)
        if item is not None:
            fields[name] = _field(list[facts_model(item)], info)
        elif _is_model(annotation) and has_text(annotation):
            fields[name] = _field(facts_model(annotation), info)
        else:
            fields[name] = _field(annotation, info)
    return create_model(
        f"{model.__name__}Facts", __base__=Assembled, __doc__=model.__doc__, **fields
    )


def _text_annotation(annotation: Any) -> Any:
    if _is_text(annotation):
        return Text
    if _is_list(annotation):
        return list[_text_annotation(_args(annotation)[0])]
    if _is_optional(annotation):
        inner = [arg for arg in _args(annotation) if arg is not type(None)]
        return _text_annotation(inner[0]) | None
    if _is_model(annotation):
        return texts_model(annotation)
    raise TypeError(f"no text in {annotation!r}")


@code_cache
def texts_model(model: type[BaseModel]) -> type[BaseModel]:
    """`model`'s texts in one language (the model of each language's texts file)."""
    fields = {}
    for name, info in model.model_fields.items():
        annotation = info.annotation
        if not has_text(annotation):
            continue
        item = _keyed_item(annotation)
        if item is not None:
            # Counts and order are the facts file's: the mapping gives each item its texts
            # (none, when the facts may list none).
            fields[name] = _field(dict[str, texts_model(item)], info, keep_constraints=False)
            if info.default == []:
                fields[name][1].default = {}
        else:
            fields[name] = _field(_text_annotation(annotation), info)
    return create_model(
        f"{model.__name__}Texts", __base__=Assembled, __doc__=model.__doc__, **fields
    )


@dataclass(frozen=True)
class Source:
    """Where the data being assembled comes from, for messages: the facts file and each
    language's texts file."""

    facts: str | None
    texts: dict[str, str]
    # Filled while assembling: for each language, each text -> "<file>: field '<field>'",
    # so a mistake found once the text is used (an unknown {placeholder}) names its place.
    fields: dict[str, dict[str, str]] = field(default_factory=dict)


def _where(path: tuple) -> str:
    return ".".join(str(part) for part in path)


def _localize(annotation: Any, values: dict[str, Any], source: Source, path: tuple):
    """One text per language -> the Localized shape ({es: ..., en: ...}), recursively."""
    if _is_optional(annotation):
        if all(value is None for value in values.values()):
            return None
        inner = [arg for arg in _args(annotation) if arg is not type(None)]
        return _localize(inner[0], values, source, path)
    if _is_text(annotation):
        for lang, text in values.items():
            if isinstance(text, str):
                where = f"{source.texts[lang]}: field '{_where(path)}'"
                source.fields.setdefault(lang, {}).setdefault(text, where)
        return values
    if _is_list(annotation):
        (item,) = _args(annotation)
        langs = list(values)
        first = langs[0]
        for lang in langs[1:]:
            if len(values[lang]) != len(values[first]):
                raise ContentError(
                    f"{source.texts[lang]}: field '{_where(path)}': {len(values[lang])} "
                    f"entries, but {source.texts[first]} has {len(values[first])} (every "
                    f"language gives the same list: translate each entry)"
                )
        return [
            _localize(item, {lang: values[lang][i] for lang in langs}, source, (*path, i))
            for i in range(len(values[first]))
        ]
    if _is_model(annotation):
        return _merge(annotation, {}, values, source, path)
    raise TypeError(f"no text in {annotation!r}")


def _merge(
    model: type[BaseModel],
    facts: dict[str, Any],
    texts: dict[str, dict[str, Any]],
    source: Source,
    path: tuple = (),
) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        annotation = info.annotation
        here = (*path, name)
        if not has_text(annotation):
            if name in facts:
                merged[name] = facts[name]
            continue
        values = {lang: data.get(name) for lang, data in texts.items()}
        item = _keyed_item(annotation)
        if item is None and not has_facts(annotation):
            merged[name] = _localize(annotation, values, source, here)
            continue
        if item is None:  # a nested model with facts and texts
            assert _is_model(annotation)
            nested = {lang: value or {} for lang, value in values.items()}
            merged[name] = _merge(annotation, facts.get(name) or {}, nested, source, here)
            continue
        merged[name] = merge_keyed(item, facts.get(name) or [], values, source, here)
    return merged


def merge_keyed(
    item: type[BaseModel],
    entries: list[dict[str, Any]],
    texts: dict[str, dict[str, Any] | None],
    source: Source,
    path: tuple = (),
    texts_at: tuple | None = None,
) -> list[dict[str, Any]]:
    """Items in the facts' order, each with its texts found under its key in each
    language; a key missing from a language, or unknown to the facts, is a mistake.
    `path` is the items' field in the facts, `texts_at` in the texts (the same unless
    given)."""
    key = key_field(item)
    assert key is not None
    at = path if texts_at is None else texts_at
    keys = [entry[key] for entry in entries]
    where = f" under {_where(path)}" if path else ""
    for i, value in enumerate(keys):
        if value in keys[:i]:
            # Each item's texts are found by its key: two items cannot share one.
            field = _where((*path, i, key))
            raise ContentError(f"{source.facts}: field '{field}': duplicate {key} '{value}'")
    for lang, by_key in texts.items():
        by_key = by_key or {}
        for missing in (k for k in keys if k not in by_key):
            raise ContentError(
                f"{source.texts[lang]}: field '{_where((*at, missing))}': missing; "
                f"{source.facts} lists '{missing}'{where}, and every language gives its texts "
                f"under that {key}"
            )
        for unknown in (k for k in by_key if k not in keys):
            raise ContentError(
                f"{source.texts[lang]}: field '{_where((*at, unknown))}': {source.facts} has "
                f"no '{unknown}'{where} (its {key}s: {', '.join(keys)}; a misspelt {key}?)"
            )
    return [
        _merge(
            item,
            entry,
            {lang: (by_key or {})[entry[key]] for lang, by_key in texts.items()},
            source,
            (*at, entry[key]),
        )
        for entry in entries
    ]


def assemble(
    model: type[BaseModel],
    facts: BaseModel | None,
    texts: dict[str, BaseModel],
    source: Source,
) -> dict[str, Any]:
    """The data of `model` from its validated facts and each language's validated texts."""
    return _merge(
        model,
        facts.model_dump() if facts is not None else {},
        {lang: data.model_dump() for lang, data in texts.items()},
        source,
    )
