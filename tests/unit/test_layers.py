"""The three layers of behaviour (docs/developing.md, "Interactivity in Python"): rules in Python,
browser steps in JavaScript modules, one package that knows Reflex's and React Router's
internals (`clinic/framework/`, with one asset module, `assets/behaviors/reflex_state.js`).
Checked on the source, so a shortcut is caught the day it is written."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from clinic.project import PROJECT_DIR
from devtools.python_strings import string_literals

PACKAGE = PROJECT_DIR / "clinic"
FRAMEWORK = PACKAGE / "framework"
ASSETS = PROJECT_DIR / "assets"
# The one asset module that may know Reflex's internals: it is bundled with the pages
# like every browser step, and a test below keeps it the only one.
FRAMEWORK_ASSET = ASSETS / "behaviors" / "reflex_state.js"
# What a module outside the framework may import from Reflex: its public package.
PUBLIC_REFLEX = {"reflex"}
# Knowledge of what Reflex and React Router generate, in a string or a script: the app's
# module specifiers and folder, client-state slots, generated files, private packages.
FRAMEWORK_KNOWLEDGE = re.compile(
    r"\$/|(?<!\w)\.web\b|_client_state_|vite\.config|react-router\.config|_document\.js"
    r"|entry\.(?:client|server)|reflex_base|reflex_components_|(?<![\w.])\./(?:app|utils|public)/"
)
# Attributes of Reflex's Vars and client state that are not its public API.
PRIVATE_REFLEX_ATTRIBUTES = {
    "_getter_name",
    "_setter_name",
    "_id_name",
    "_replace",
    "_get_all_var_data",
    "_js_expr",
}
# The same in a script, and Reflex's object of shared state in the browser.
FRAMEWORK_KNOWLEDGE_IN_SCRIPTS = re.compile(FRAMEWORK_KNOWLEDGE.pattern + r"|\brefs\b")
# JavaScript inside a Python string: an arrow function, the DOM's globals, Reflex's.
JAVASCRIPT = re.compile(
    r"=>|(?<![\w$/])(?:document|window|navigator)\.|\blocation\.(?:href|assign|replace|pathname|search|hash)"
    r"|refs\[|addEvents|ReflexEvent|preventDefault\("
)


def modules() -> list[Path]:
    """The Python modules that must not know the framework's internals."""
    inside = sorted(path for path in PACKAGE.rglob("*.py") if not path.is_relative_to(FRAMEWORK))
    return [*inside, PROJECT_DIR / "rxconfig.py"]


def scripts() -> list[Path]:
    return sorted(
        path
        for path in ASSETS.rglob("*")
        if path.suffix in (".js", ".jsx") and path != FRAMEWORK_ASSET
    )


def _id(path: Path) -> str:
    return str(path.relative_to(PROJECT_DIR))


def imported_modules(source: str) -> Iterator[tuple[int, str]]:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.lineno, node.module


def private_framework_attributes(source: str) -> Iterator[tuple[int, str]]:
    """Reflex's private Var and client-state attributes, and a function renamed into
    another module (how Reflex groups compiled components: page_modules.py)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and (
            node.attr in PRIVATE_REFLEX_ATTRIBUTES or node.attr.startswith("_var_")
        ):
            yield node.lineno, f"uses Reflex's private .{node.attr}"
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Attribute) and target.attr == "__module__"
            for target in node.targets
        ):
            yield node.lineno, "sets __module__"


def framework_knowledge_in_python(source: str) -> Iterator[tuple[int, str]]:
    """(line, what) for each private Reflex import or attribute and each string literal
    that names something Reflex or React Router generates."""
    for line, name in imported_modules(source):
        if name.split(".")[0].startswith("reflex") and name not in PUBLIC_REFLEX:
            yield line, f"imports {name}"
    yield from private_framework_attributes(source)
    for node in string_literals(source):
        if found := FRAMEWORK_KNOWLEDGE.search(node.value):
            yield node.lineno, f"names {found.group(0)!r}"


def framework_knowledge_in_script(source: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(source.splitlines(), 1):
        if found := FRAMEWORK_KNOWLEDGE_IN_SCRIPTS.search(line):
            yield number, f"names {found.group(0)!r}"


def _failures(path: Path, found: Iterator[tuple[int, str]]) -> list[str]:
    return [
        f"{_id(path)}:{line} {what}: only clinic/framework/ may (add what you need there)"
        for line, what in found
    ]


@pytest.mark.parametrize("path", modules(), ids=_id)
def test_only_the_framework_package_knows_reflexs_internals(path: Path):
    failures = _failures(path, framework_knowledge_in_python(path.read_text(encoding="utf-8")))
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("path", scripts(), ids=_id)
def test_only_one_asset_module_knows_reflexs_internals(path: Path):
    failures = _failures(path, framework_knowledge_in_script(path.read_text(encoding="utf-8")))
    assert not failures, "\n".join(failures)


def test_the_one_asset_module_is_the_one_that_knows_them():
    assert list(framework_knowledge_in_script(FRAMEWORK_ASSET.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("source", "line", "what"),
    [
        ("import reflex as rx\nfrom reflex_base.vars import VarData\n", 2, "reflex_base.vars"),
        ("from reflex.experimental.client_state import ClientStateVar\n", 1, "reflex.experimental"),
        ('x = 1\n\nLIBRARY = "$/public/widgets/CalEmbed.jsx"\n', 3, "'$/'"),
        ("def f():\n    return f\"refs['_client_state_{name}']\"\n", 2, "_client_state_"),
        ('CONFIG = "vite.config.js"\n', 1, "vite.config"),
        ('p = Path(".web") / "build"\n', 1, "'.web'"),
        ('DOC = "app/_document.js"\n', 1, "_document.js"),
        ('ENTRY = "app/entry.client.js"\n', 1, "entry.client"),
        ('SOURCES = ["./public/widgets/**/*.jsx"]\n', 1, "./public/"),
        ("def f(state):\n    return state._getter_name\n", 2, "._getter_name"),
        ("x = var._replace(merge_var_data=data)\n", 1, "._replace"),
        ("def page():\n    pass\n\npage.__module__ = 'clinic.site.pages.home'\n", 4, "__module__"),
    ],
)
def test_the_scan_finds_framework_knowledge_and_names_its_line(source, line, what):
    (found,) = framework_knowledge_in_python(source)
    assert found[0] == line and what in found[1]


def test_the_scan_leaves_public_api_prose_and_look_alikes_alone():
    source = (
        '"""Reflex writes .web/ and vite.config.js (prose in a docstring)."""\n'
        "import reflex as rx\n"
        'IMAGE = "photo.webp"\n'
        'TITLE = set_document_title("x")\n'
    )
    assert list(framework_knowledge_in_python(source)) == []


def test_the_script_scan_finds_refs_and_generated_modules():
    source = 'import { refs } from "$/utils/state";\nconst x = 1;\n'
    assert [line for line, _ in framework_knowledge_in_script(source)] == [1]


@pytest.mark.parametrize("path", modules(), ids=_id)
def test_no_javascript_in_python_strings(path: Path):
    for node in string_literals(path.read_text(encoding="utf-8")):
        found = JAVASCRIPT.search(node.value)
        assert not found, (
            f"{_id(path)}:{node.lineno} holds JavaScript ({found.group(0)!r}): write it in a "
            "module under assets/behaviors/ and call it with browser_step"
        )


def test_every_browser_step_named_in_python_is_exported_by_its_module():
    steps = set()
    for path in [*modules(), *sorted(FRAMEWORK.rglob("*.py"))]:
        steps |= set(
            re.findall(r'browser_step\("(\w+)", "(\w+)"', path.read_text(encoding="utf-8"))
        )
    assert steps, "no browser step found"
    for module, name in sorted(steps):
        source = (PROJECT_DIR / "assets" / "behaviors" / f"{module}.js").read_text(encoding="utf-8")
        assert re.search(rf"^export function {name}\(", source, re.MULTILINE), (
            f"{module}.js exports no {name}"
        )


@pytest.mark.parametrize(
    "path", sorted((PROJECT_DIR / "assets" / "behaviors").glob("*.js")), ids=_id
)
def test_each_behavior_module_says_what_it_is_for_and_documents_its_exports(path: Path):
    source = path.read_text(encoding="utf-8")
    assert source.startswith(("//", "/*")), (
        f"{_id(path)} starts without a header saying what it is for"
    )
    for match in re.finditer(r"^export function (\w+)", source, re.MULTILINE):
        before = source[: match.start()].rstrip()
        assert before.endswith("*/"), f"{_id(path)}: {match.group(1)} has no JSDoc"
