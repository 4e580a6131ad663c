"""What may import what inside `clinic/` (docs/developing.md, "Working on the code"), read from the
source: every import statement counts, a function-level one too, since hiding an import
inside a function does not untie a circle, it only defers it.

- No circles: two modules that need each other are one idea split in two.
- The production server (`clinic/server/`) imports nothing from the build steps or from
  the page components: it serves files and data, and must start without compiling pages.
- Components (`clinic/site/components/`) never import pages (`clinic/site/pages/`): pages are
  made of components, and a page hands a component what it needs. Head metadata (`seo`,
  `structured_data`) reads content (`clinic/site/page_content/`), never a page module.
- Only `rxconfig.py` uses the build steps (`clinic/build_steps/`) and the framework's
  patches to Reflex's build (`clinic/framework/patches/`).
- The framework package (`clinic/framework/`, its patches included) sits under the site:
  it imports nothing of the site, the server or the build steps.
- `clinic/project.py` (where the project's folders are) imports nothing of the package.
- Nothing in `clinic/` imports the tests, the benches or the tools.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "clinic"
OUTSIDE_THE_PACKAGE = ("tests", "bench", "tools", "devtools")


def module_name(file: Path) -> str:
    parts = file.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(f): f for f in sorted(PACKAGE.rglob("*.py"))}


def imported_names(file: Path, name: str | None = None) -> set[str]:
    """Every module name an import in `file` (the module `name`) refers to, relative
    imports resolved; for `from a import b`, both `a` and `a.b` (b may be a module or a
    name in a)."""
    name = name or module_name(file)
    package = name if file.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                kept = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*kept, base] if base else kept)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


@cache
def import_graph() -> dict[str, set[str]]:
    """Module of clinic/ -> the modules of clinic/ it imports."""
    known = modules()
    return {
        name: {other for other in imported_names(file) if other in known and other != name}
        for name, file in known.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports (its modules in order, the first repeated at the end), or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph[node]):
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done and (cycle := visit(nxt)):
                return cycle
        on_path.discard(path.pop())
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done and (cycle := visit(start)):
            return cycle
    return None


def test_clinic_has_no_import_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_circle_hidden_in_a_function(tmp_path):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from clinic.site import routes\n    from . import styles\n")
    names = imported_names(source, "clinic.site.components.m")
    assert {"clinic.site.routes", "clinic.site.components.styles"} <= names


def importers_of(target: str, among: str) -> dict[str, set[str]]:
    """Modules under `among` that import `target` or anything under it."""
    return {
        name: hits
        for name, imports in import_graph().items()
        if (name == among or name.startswith(among + "."))
        and (hits := {i for i in imports if i == target or i.startswith(target + ".")})
    }


@pytest.mark.parametrize(
    ("importer", "forbidden"),
    [
        ("clinic.server", "clinic.build_steps"),
        ("clinic.server", "clinic.framework.patches"),
        ("clinic.server", "clinic.site.components"),
        ("clinic.server", "clinic.site.pages"),
        ("clinic.site.components", "clinic.site.pages"),
        ("clinic.site.page_content", "clinic.site.components"),
        ("clinic.site.page_content", "clinic.site.pages"),
        ("clinic.site.seo", "clinic.site.pages"),
        ("clinic.site.structured_data", "clinic.site.pages"),
        ("clinic.site", "clinic.build_steps"),
        ("clinic.site", "clinic.framework.patches"),
        ("clinic.site", "clinic.server"),
        ("clinic.clinic", "clinic.build_steps"),
        ("clinic.clinic", "clinic.framework.patches"),
    ],
)
def test_layers_import_only_downwards(importer, forbidden):
    assert importers_of(forbidden, importer) == {}


@pytest.mark.parametrize(
    "above", ["clinic.site", "clinic.server", "clinic.build_steps", "clinic.clinic"]
)
def test_the_framework_package_sits_under_the_site(above):
    assert importers_of(above, "clinic.framework") == {}


def test_the_project_folders_module_imports_nothing_of_the_package():
    assert import_graph()["clinic.project"] == set()


def test_nothing_in_the_package_imports_tests_benches_or_tools():
    outside = {
        name: {i for i in imported_names(file) if i.split(".")[0] in OUTSIDE_THE_PACKAGE}
        for name, file in modules().items()
    }
    assert {name: hits for name, hits in outside.items() if hits} == {}
