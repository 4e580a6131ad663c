"""How a content mistake is told: one line per mistake, `<file>: field '<field>': <what is
expected>`, in plain words, never a traceback. Clinic staff and translators read these."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

# What a process that meets a content mistake prints before the mistake's own lines.
HEADLINE = "The content has a mistake; nothing was built:"


class ContentError(SystemExit):
    """A content file is missing, unreadable or does not match its model.

    A SystemExit, so that a mistake nobody catches ends whatever process meets it (a build,
    `reflex run`, or one of the development server's worker processes) with its message
    alone: the people who fix it edit YAML, and a traceback of the site's code would bury
    the one line that tells them what to fix. Python prints a SystemExit's message and no
    traceback, in the main process and in a multiprocessing child alike, where an ordinary
    exception gets a traceback whatever `sys.excepthook` says. `str(error)` is the mistake
    itself; the exit message adds the headline."""

    def __init__(self, message: str):
        super().__init__(message)
        self.code = f"\n{HEADLINE}\n{message}\n"

    def __str__(self) -> str:
        return str(self.args[0])


def _inner_model(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds, looking through lists, dicts, optionals and Annotated."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _inner_model(typing.get_args(annotation)[0])
    if origin in (list, tuple, dict, typing.Union, types.UnionType):
        for arg in reversed(typing.get_args(annotation)):
            found = _inner_model(arg)
            if found is not None:
                return found
    return None


def _model_at(model: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model whose field `loc` ends in (for naming the fields it knows)."""
    current: type[BaseModel] | None = model
    for part in loc[:-1]:
        if current is None:
            return None
        if isinstance(part, str) and part in current.model_fields:
            current = _inner_model(current.model_fields[part].annotation)
        elif "root" in current.model_fields:  # a RootModel: a list or a mapping of models
            current = _inner_model(current.model_fields["root"].annotation)
    return current


def _pattern_error_message(model: type[BaseModel], loc: tuple) -> str | None:
    """What a field that must match a pattern says instead of the regular expression:
    its schema's `patternErrorMessage`, which editors show for the same mistake."""
    owner = _model_at(model, loc)
    field = owner.model_fields.get(str(loc[-1])) if owner is not None and loc else None
    if field is None:
        return None
    for info in (field, *_annotated_fields(field.annotation)):
        extra = info.json_schema_extra
        said = extra.get("patternErrorMessage") if isinstance(extra, dict) else None
        if isinstance(said, str):
            return said
    return None


def _annotated_fields(annotation: Any) -> list[FieldInfo]:
    """The Field()s of an Annotated type, looking through an optional (`CalLink | None`)."""
    if typing.get_origin(annotation) is typing.Annotated:
        return [m for m in typing.get_args(annotation)[1:] if isinstance(m, FieldInfo)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [info for arg in typing.get_args(annotation) for info in _annotated_fields(arg)]
    return []


def _explained(model: type[BaseModel], error: dict) -> str:
    """pydantic's message, with what is expected where it does not say it."""
    message = error["msg"]
    kind = error["type"]
    if kind == "string_pattern_mismatch":
        message = _pattern_error_message(model, tuple(error["loc"])) or message
    if kind == "extra_forbidden":
        owner = _model_at(model, tuple(error["loc"]))
        if owner is not None:
            known = ", ".join(name for name in owner.model_fields if name != "root")
            message += f" (a misspelt field? the fields here are: {known})"
    elif kind == "missing":
        message += " (this field must be written here)"
    elif kind not in ("value_error", "assertion_error", "text_tree") and "input" in error:
        value = error["input"]
        if isinstance(value, (str, int, float, bool)) or value is None:
            message += f"; found {value!r}"
        else:
            message += f"; found {type(value).__name__ if value is not None else 'nothing'}"
    return message


def explained_errors(
    shown: str, model: type[BaseModel], err: ValidationError, prefix: str = ""
) -> ContentError:
    """A ContentError naming `shown` (the file) and each field the validation refused."""
    lines = []
    for error in err.errors():
        # A mapping of short texts names the place inside it that is not a text.
        loc = (*error["loc"], *error.get("ctx", {}).get("under", ()))
        where = prefix + ".".join(str(p) for p in loc) or "(top level)"
        lines.append(f"{shown}: field '{where}': {_explained(model, dict(error))}")
    return ContentError("\n".join(lines))
