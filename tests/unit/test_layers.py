"""The three layers of behaviour (README "Interactivity in Python"): rules in Python,
browser steps in JavaScript modules, one bridge to Reflex's internals. Checked on the
source, so a shortcut is caught the day it is written."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from clinic.project import PROJECT_DIR
from devtools.python_strings import string_literals

PACKAGE = PROJECT_DIR / "clinic"
BRIDGE = PACKAGE / "reflex_bridge.py"
# What a module other than the bridge may import from Reflex: the public package and
# client state (import reflex as rx; ClientStateVar), and the build-plugin base class.
PUBLIC_REFLEX = {"reflex", "reflex.experimental.client_state", "reflex.plugins.base"}
# JavaScript inside a Python string: an arrow function, the DOM's globals, Reflex's.
JAVASCRIPT = re.compile(
    r"=>|(?<![\w$/])(?:document|window|navigator)\.|\blocation\.(?:href|assign|replace|pathname|search|hash)"
    r"|refs\[|addEvents|ReflexEvent|preventDefault\("
)


def modules() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if path != BRIDGE)


def _id(path: Path) -> str:
    return str(path.relative_to(PROJECT_DIR))


@pytest.mark.parametrize("path", modules(), ids=_id)
def test_only_the_bridge_imports_reflex_internals(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module]
            if isinstance(node, ast.ImportFrom) and node.module and not node.level
            else []
        )
        for name in names:
            if name.split(".")[0].startswith("reflex"):
                assert name in PUBLIC_REFLEX, (
                    f"{_id(path)} imports {name}: go through clinic/reflex_bridge.py"
                )


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
    for path in modules():
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
