"""JSON Schemas of the content files, made from the content model (`make schemas`).

Each YAML file under content/ names its schema on its first line,
`# yaml-language-server: $schema=<path>`, so that an editor with the YAML language server
(VS Code with Red Hat's YAML extension, and most others) completes its fields, shows each
field's description (the model's docstrings) on hover and marks a mistake as it is typed.
The loader checks the same and more (what one file says about another) when the site builds.

    python -m clinic.site.content.schemas    # writes content/schemas/, fixes first lines

The Makefile runs it (`--quiet`) before every target that builds or tests, since the
schemas follow the content's languages too (`--check` in CI: nothing is written there).
`tests/unit/test_content_schemas.py` fails when a model and its committed schema differ.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, TypeAdapter

from clinic.site.content.clinic_facts import Clinic
from clinic.site.content.doctors import Doctor
from clinic.site.content.files import parse_yaml
from clinic.site.content.languages import LANGS, Language
from clinic.site.content.loader import DOCTORS_FACTS
from clinic.site.content.page_text_files import (
    OTHER_FILES,
    PAGE_MODELS,
    PLAIN,
    SERVICE,
    SERVICE_FILE,
    page_texts_model,
)
from clinic.site.content.route_table import RouteTable
from clinic.site.content.services import Service
from clinic.site.content.split_models import facts_model

SCHEMA_FOLDER = "schemas"
FIRST_LINE = "# yaml-language-server: $schema={path}"
FIRST_LINE_PATTERN = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")
DIALECT = "https://json-schema.org/draft/2020-12/schema"
LANGUAGE_CODE = r"^[a-z]{2,3}$"

# The schema of the site-wide texts (i18n/<code>.yaml), read as flat keys: their keys are
# the site's own (the code looks them up), and the loader checks that every language has
# the first language's keys and {placeholders}.
SITE_TEXTS_SCHEMA: dict[str, Any] = {
    "$schema": DIALECT,
    "title": "Site-wide texts of one language",
    "description": "The texts every page shares (menus, footer, actions, shared labels) in "
    "one language, under nested keys; each page's own texts are in its file, "
    "i18n/<code>/<page id>.yaml. Every language has the same keys. {placeholders} are "
    "filled by the build with the clinic's facts (clinic.yaml) and must be the same in "
    "every language.",
    "type": "object",
    "additionalProperties": {"$ref": "#/$defs/entry"},
    "$defs": {
        "entry": {
            "anyOf": [
                {"type": "string", "minLength": 1},
                {"type": "object", "additionalProperties": {"$ref": "#/$defs/entry"}},
            ]
        }
    },
}


@dataclass(frozen=True)
class Schema:
    """One schema: its file under content/schemas/ and what it is made from."""

    name: str
    model: Any  # a model, a TypeAdapter, or a ready schema (a dict)

    def build(self) -> dict[str, Any]:
        if isinstance(self.model, dict):
            return self.model
        if isinstance(self.model, TypeAdapter):
            schema = self.model.json_schema()
        else:
            schema = self.model.model_json_schema()
        return {"$schema": DIALECT, **_one_line_descriptions(_any_language(schema))}


def _one_line_descriptions(schema: Any) -> Any:
    """Descriptions as one line: a docstring's line breaks are the code's layout, and an
    editor's hover would show them as paragraph breaks mid-sentence."""
    if isinstance(schema, dict):
        return {
            key: " ".join(value.split())
            if key == "description" and isinstance(value, str)
            else _one_line_descriptions(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_one_line_descriptions(item) for item in schema]
    return schema


def _any_language(schema: Any) -> Any:
    """The per-language properties (routes.yaml's paths) as any language code: a language
    added with `make language` needs no new schema (the loader checks each one is there)."""
    if isinstance(schema, dict):
        schema = {key: _any_language(value) for key, value in schema.items()}
        properties = schema.get("properties")
        if isinstance(properties, dict) and set(LANGS) <= set(properties):
            per_language = properties[LANGS[0]]
            schema["properties"] = {k: v for k, v in properties.items() if k not in LANGS}
            schema["patternProperties"] = {LANGUAGE_CODE: per_language}
            required = [name for name in schema.get("required", []) if name not in LANGS]
            if required:
                schema["required"] = required
            else:
                schema.pop("required", None)
        return schema
    if isinstance(schema, list):
        return [_any_language(item) for item in schema]
    return schema


def _list_of(model: type[BaseModel]) -> TypeAdapter:
    # A list of a model known only at run time (the facts model is derived).
    return TypeAdapter(list[model])  # pyright: ignore[reportInvalidTypeForm]


def route_kinds(directory: Path) -> dict[str, str]:
    """Each page id of routes.yaml with its kind, as written (the loader checks the file)."""
    try:
        routes = parse_yaml((directory / "routes.yaml").read_text(encoding="utf-8"))
        pages = routes["pages"]
        return {str(page_id): str(route["kind"]) for page_id, route in pages.items()}
    except (OSError, yaml.YAMLError, KeyError, TypeError, AttributeError):
        return {}


def _page_schema(kind: str) -> Schema:
    """The schema of a page's file: its kind's own, or, for a kind without long texts,
    the one of every such page (head and short texts)."""
    named = kind if kind in (*PAGE_MODELS, *OTHER_FILES) else PLAIN
    return Schema(f"i18n/pages/{named}", page_texts_model(kind))


def schema_of(relative: str, directory: Path | None = None) -> Schema | None:
    """The schema of content file `relative` (a path under content/ of `directory`,
    default CONTENT_DIR: its routes.yaml gives each page's kind), None if the site does
    not read such a file."""
    parts = relative.split("/")
    fixed = {
        "languages.yaml": Schema("languages", _list_of(Language)),
        "clinic.yaml": Schema("clinic", Clinic),
        DOCTORS_FACTS: Schema("doctors", _list_of(facts_model(Doctor))),
        "services.yaml": Schema("services", _list_of(Service)),
        "routes.yaml": Schema("routes", RouteTable),
    }
    if relative in fixed:
        return fixed[relative]
    if parts[0] == "pages" and len(parts) == 2:
        kind = parts[1].removesuffix(".yaml")
        model = PAGE_MODELS.get(kind)
        if model is not None and model.facts == relative:
            return Schema(f"pages/{kind}", facts_model(model.model))
        return None
    if parts[0] != "i18n" or len(parts) < 2:
        return None
    if len(parts) == 2:
        return Schema("i18n/site", SITE_TEXTS_SCHEMA) if parts[1].endswith(".yaml") else None
    page_file = "/".join(parts[2:])
    if re.fullmatch(SERVICE_FILE.replace("{key}", r"[a-z0-9-]+"), page_file):
        return _page_schema(SERVICE)
    if len(parts) != 3 or not page_file.endswith(".yaml"):
        return None
    page_id = page_file.removesuffix(".yaml")
    if page_id in OTHER_FILES:
        return _page_schema(page_id)
    if directory is None:
        from clinic.project import CONTENT_DIR

        directory = CONTENT_DIR
    kind = route_kinds(directory).get(page_id)
    if kind is None or kind == SERVICE:
        return None
    return _page_schema(kind)


def schema_path(schema: Schema) -> str:
    """Where a schema is written, under content/."""
    return f"{SCHEMA_FOLDER}/{schema.name}.schema.json"


def first_line(relative: str, schema: Schema) -> str:
    """The line that names `relative`'s schema, its path relative to the file's folder."""
    depth = relative.count("/")
    return FIRST_LINE.format(path="../" * depth + schema_path(schema))


def content_files(directory: Path) -> list[str]:
    return sorted(
        path.relative_to(directory).as_posix()
        for path in directory.rglob("*.yaml")
        if path.relative_to(directory).parts[0] != SCHEMA_FOLDER
    )


def schema_text(schema: Schema) -> str:
    return json.dumps(schema.build(), indent=2, ensure_ascii=False) + "\n"


def all_schemas(directory: Path) -> dict[str, Schema]:
    """Every schema, by its path: those of the files in `directory` and of each kind of file
    the loader reads (a file to come, a service's texts, has its schema ready)."""
    schemas = {}
    for relative in [
        *content_files(directory),
        *(model.facts for model in PAGE_MODELS.values() if model.facts),
    ]:
        schema = schema_of(relative, directory)
        if schema is not None:
            schemas[schema_path(schema)] = schema
    for kind in (*PAGE_MODELS, *OTHER_FILES, PLAIN):
        schema = _page_schema(kind)
        schemas[schema_path(schema)] = schema
    return schemas


def write(directory: Path) -> list[str]:
    """Write every schema and give every content file its first line; what changed."""
    changed = []
    folder = directory / SCHEMA_FOLDER
    wanted = all_schemas(directory)
    for path in sorted(folder.rglob("*.schema.json")) if folder.exists() else []:
        if path.relative_to(directory).as_posix() not in wanted:
            path.unlink()
            changed.append(path.relative_to(directory).as_posix())
    for relative, schema in wanted.items():
        path = directory / relative
        text = schema_text(schema)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            changed.append(relative)
    unknown = []
    for relative in content_files(directory):
        schema = schema_of(relative, directory)
        if schema is None:
            unknown.append(relative)
            continue
        path = directory / relative
        text = path.read_text(encoding="utf-8")
        line = first_line(relative, schema)
        lines = text.split("\n")
        rest = lines[1:] if FIRST_LINE_PATTERN.match(lines[0]) else lines
        if lines != [line, *rest]:
            path.write_text("\n".join([line, *rest]), encoding="utf-8")
            changed.append(relative)
    if unknown:
        raise SystemExit(
            "No schema for: " + ", ".join(unknown) + " (the site does not read these files: "
            "a misplaced or misnamed file?)"
        )
    return changed


def stale(directory: Path) -> list[str]:
    """The schemas and first lines `write` would change, without changing them."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(shutil.copytree(directory, Path(scratch) / "content"))
        return write(copy)


def _shown(path: Path) -> str:
    """A path as the reader's shell names it: from the working directory when inside it."""
    return os.path.relpath(path) if path.is_relative_to(Path.cwd()) else str(path)


def main(argv: list[str] | None = None) -> int:
    from clinic.project import CONTENT_DIR

    parser = argparse.ArgumentParser(description="The content files' JSON Schemas.")
    parser.add_argument("--quiet", action="store_true", help="say only what was rewritten")
    parser.add_argument(
        "--check", action="store_true", help="change nothing; fail naming what is out of date"
    )
    args = parser.parse_args(argv)
    if args.check:
        out_of_date = stale(CONTENT_DIR)
        for relative in out_of_date:
            print(
                f"{_shown(CONTENT_DIR / relative)} is out of date: run `make schemas`",
                file=sys.stderr,
            )
        return 1 if out_of_date else 0
    changed = write(CONTENT_DIR)
    for relative in changed:
        print(f"wrote {_shown(CONTENT_DIR / relative)}")
    if not changed and not args.quiet:
        print("content/schemas/ and every file's first line are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
