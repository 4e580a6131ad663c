"""The language of the browser's current path as a Reflex expression: the rule of
`routes.lang_of` (the prefix the path is under, else the default language), decided in
the browser so that it stays right after a client-side navigation."""

from __future__ import annotations

from typing import Any

import reflex as rx

from clinic.site.routes import DEFAULT_LANG, is_path_in, prefixed_langs


def per_path_language(path: rx.Var, values: dict[str, Any]) -> Any:
    """`values[lang]` for the language of `path` (a string Var): a value (a Var) or a
    component per language of the site."""
    chosen = values[DEFAULT_LANG]
    # The longest prefix is tested first, so it is the outermost condition.
    for lang in reversed(prefixed_langs()):
        chosen = rx.cond(is_path_in(lang, path), values[lang], chosen)
    return chosen
