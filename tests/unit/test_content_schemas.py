"""Each content file names a JSON Schema made from its model, and validates against it as an
editor with the YAML language server checks it while it is typed (check-jsonschema, the
same JSON Schema rules): content/schemas/ is `make schemas`' output, never edited by hand."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from check_jsonschema import main as check_jsonschema
from click.testing import CliRunner, Result

from clinic.project import PROJECT_DIR
from clinic.site.content import CONTENT_DIR
from clinic.site.content import schemas as content_schemas
from clinic.site.content.files import parse_yaml
from devtools.content_variants import dump


def check(schema: Path, files: list[Path]) -> Result:
    """`check-jsonschema --schemafile SCHEMA FILE...`, its command line run in this process
    (one interpreter start for the lot instead of one per schema)."""
    return CliRunner().invoke(
        check_jsonschema, ["--schemafile", str(schema), *map(str, files)], catch_exceptions=False
    )


def test_the_committed_schemas_are_the_models_own():
    """A model changed without `make schemas` (or a schema edited by hand) fails here."""
    wanted = content_schemas.all_schemas(CONTENT_DIR)
    folder = CONTENT_DIR / content_schemas.SCHEMA_FOLDER
    committed = {p.relative_to(CONTENT_DIR).as_posix() for p in folder.rglob("*.schema.json")}
    assert committed == set(wanted), "run `make schemas`"
    for relative, schema in wanted.items():
        written = (CONTENT_DIR / relative).read_text(encoding="utf-8")
        assert written == content_schemas.schema_text(schema), f"{relative}: run `make schemas`"


def test_every_content_file_names_its_schema_on_its_first_line():
    for relative in content_schemas.content_files(CONTENT_DIR):
        schema = content_schemas.schema_of(relative)
        assert schema is not None, f"{relative}: the site reads no such file"
        first = (CONTENT_DIR / relative).read_text(encoding="utf-8").split("\n", 1)[0]
        assert first == content_schemas.first_line(relative, schema), (
            f"{relative}: run `make schemas`"
        )
        named = first.split("=", 1)[1]
        assert ((CONTENT_DIR / relative).parent / named).resolve().is_file(), relative


def test_every_content_file_validates_against_the_schema_it_names():
    by_schema: dict[Path, list[Path]] = defaultdict(list)
    for relative in content_schemas.content_files(CONTENT_DIR):
        path = CONTENT_DIR / relative
        named = path.read_text(encoding="utf-8").split("\n", 1)[0].split("=", 1)[1]
        by_schema[(path.parent / named).resolve()].append(path)
    assert len(by_schema) == len(content_schemas.all_schemas(CONTENT_DIR))
    for schema, files in by_schema.items():
        result = check(schema, files)
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        (lambda doctor: doctor.update(years_experience="quince"), "'quince' is not of type"),
        (lambda doctor: doctor.update(phone="+52 998 000 0000"), "Additional properties"),
        (lambda doctor: doctor.update(name="Dra. Ana Ruiz"), "Additional properties"),
        (lambda doctor: doctor.update(gender="other"), "is not one of"),
    ],
    ids=["wrong-type", "unknown-field", "a-text-in-the-facts-file", "not-a-choice"],
)
def test_the_doctors_schema_refuses_a_wrong_type_or_an_unknown_field(tmp_path, change, refused):
    copy = shutil.copytree(CONTENT_DIR, tmp_path / "content")
    path = copy / "doctors.yaml"
    first_line, _ = path.read_text(encoding="utf-8").split("\n", 1)
    doctors = parse_yaml(path.read_text(encoding="utf-8"))
    change(doctors[0])
    path.write_text(first_line + "\n" + dump(doctors, sort_keys=True), encoding="utf-8")
    named = copy / first_line.split("=", 1)[1]
    result = check(named, [path])
    assert result.exit_code != 0
    assert refused in result.output, result.output


def _without_description(schema: dict) -> list[str]:
    """Properties an editor would show with no description on hover (a property that is a
    model may take its description from the model's own)."""
    definitions = schema.get("$defs", {})
    found = []
    for owner, node in [("(file)", schema), *definitions.items()]:
        for name, prop in (node.get("properties") or {}).items():
            described = prop.get("description") or definitions.get(
                prop.get("$ref", "").rsplit("/", 1)[-1], {}
            ).get("description")
            if not described:
                found.append(f"{owner}.{name}")
    return found


def test_every_field_has_a_description_an_editor_shows_on_hover():
    for relative, schema in content_schemas.all_schemas(CONTENT_DIR).items():
        assert _without_description(schema.build()) == [], relative


def schemas_command(content_dir: Path, *options: str) -> subprocess.CompletedProcess:
    """`python -m clinic.site.content.schemas` in a process whose content is `content_dir`
    (the languages are read when the content model is imported)."""
    return subprocess.run(
        [sys.executable, "-m", "clinic.site.content.schemas", *options],
        cwd=PROJECT_DIR,
        env={**os.environ, "CLINIC_CONTENT_DIR": str(content_dir)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_build_s_step_brings_the_schemas_along_when_the_languages_change(tmp_path):
    """The languages shape the schemas (their order too): the step every build and test
    target runs first (the Makefile's content-schemas) rewrites them, and in CI only
    checks them, naming what is out of date."""
    copy = shutil.copytree(CONTENT_DIR, tmp_path / "content")
    listing = copy / "languages.yaml"
    head, *entries = listing.read_text(encoding="utf-8").split("\n- ")
    if len(entries) < 2:
        pytest.skip("a clinic of one language has no order of languages to change")
    listing.write_text("\n- ".join([head, *entries[::-1]]), encoding="utf-8")
    checked = schemas_command(copy, "--check")
    assert checked.returncode == 1
    assert "is out of date: run `make schemas`" in checked.stderr
    written = schemas_command(copy, "--quiet")
    assert written.returncode == 0, written.stderr[-2000:]
    assert "wrote " in written.stdout and "up to date" not in written.stdout
    assert schemas_command(copy, "--check").returncode == 0
