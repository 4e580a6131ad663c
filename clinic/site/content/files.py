"""Reading one content file: YAML into a model, errors naming the file (its path under
content/, as the staff see it) and the field."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from clinic.site.content.errors import ContentError, explained_errors

M = TypeVar("M", bound=BaseModel)

# libyaml's parser, which PyYAML's wheels carry, reads the same safe subset of YAML as the
# pure-Python one several times faster: every build, test and tool reads content through it
# (the pure-Python one where PyYAML was built without libyaml).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# What each text parsed to, as a plain dict (no cache_clear: a text's data does not change
# with the content in use, so devtools/content_variants.py's clear_caches keeps it). The
# tests load copies of the content that differ from it in a file or two.
_PARSED: dict[str, Any] = {}
_PARSED_MOST = 4096


def parse_yaml(text_or_file) -> Any:
    """The data of a YAML text (or open file), safely: plain data, no Python objects. Each
    text is parsed once a process; each caller gets a copy of its own to change."""
    if isinstance(text_or_file, str):
        text, stream = text_or_file, text_or_file
    else:
        # Parsed from a copy that keeps the file's name, which a YAML error names.
        text = text_or_file.read()
        stream = io.StringIO(text)
        stream.name = getattr(text_or_file, "name", "<file>")
    if text not in _PARSED:
        if len(_PARSED) >= _PARSED_MOST:
            _PARSED.clear()
        _PARSED[text] = yaml.load(stream, Loader=_SAFE_LOADER)
    return copy.deepcopy(_PARSED[text])


def read_yaml(directory: Path, relative: str):
    """The data of content file `relative` (a path under `directory`, "pages/faq.yaml")."""
    path = directory / relative
    try:
        with path.open(encoding="utf-8") as fh:
            return parse_yaml(fh)
    except FileNotFoundError:
        raise ContentError(f"{relative}: file is missing ({path})") from None
    except yaml.YAMLError as err:
        raise ContentError(f"{relative}: not valid YAML: {err}") from None


def validate(shown: str, model: type[M], data, prefix: str = "") -> M:
    """`data` as `model`; a mistake names the file `shown` and the field."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise explained_errors(shown, model, err, prefix) from None


def load_file(directory: Path, relative: str, model: type[M]) -> M:
    return validate(relative, model, read_yaml(directory, relative))


def load_list(directory: Path, relative: str, model: type[M]) -> list[M]:
    data = read_yaml(directory, relative)
    if not isinstance(data, list) or not data:
        raise ContentError(f"{relative}: expected a list of at least one entry")
    return [validate(relative, model, item, prefix=f"{i}.") for i, item in enumerate(data)]


def check_unique(shown: str, field: str, values: list[str]) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise ContentError(f"{shown}: field '{field}': duplicate value '{value}'")
        seen.add(value)
