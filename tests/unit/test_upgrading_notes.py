"""The upgrade notes (docs/upgrading.md) stay the whole list of what knows the framework's
insides: every module of clinic/framework/ and every file its patches write is named there,
the versions they were synced against are the ones the locks install, and every check
stops the build with the one `FrameworkChanged` line the notes describe."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
from pathlib import Path

import pytest

from clinic.framework.errors import FrameworkChanged

ROOT = Path(__file__).resolve().parents[2]
FRAMEWORK = ROOT / "clinic" / "framework"
PATCHES = FRAMEWORK / "patches"
NOTES = ROOT / "docs" / "upgrading.md"
# Besides the framework's own line, one function may stop otherwise: it reads the project's
# own settings (an npm version in pyproject.toml that is not exact is the developer's
# mistake to fix, not a framework change).
READS_OUR_SETTINGS = {("frontend_lock.py", "npm_upgrades")}


def notes() -> str:
    return NOTES.read_text(encoding="utf-8")


def framework_modules() -> list[Path]:
    return sorted(
        path
        for path in FRAMEWORK.rglob("*.py")
        if path.name not in {"__init__.py", "errors.py"} and "node_modules" not in path.parts
    )


def patch_files() -> list[Path]:
    """The files the patches write into the app (browser entries, stand-ins, Vite plugins);
    not Python's bytecode, which a run outside `make` leaves in __pycache__ folders."""
    return sorted(
        path
        for path in PATCHES.rglob("*")
        if path.is_file() and path.suffix != ".py" and "__pycache__" not in path.parts
    )


@pytest.mark.parametrize("module", framework_modules(), ids=lambda path: path.stem)
def test_every_framework_module_is_a_patch_point_of_the_notes(module):
    assert f"`{module.relative_to(FRAMEWORK).as_posix()}`" in notes() or (
        f"`{module.name}`" in notes()
    ), f"{module.relative_to(ROOT)} is not in docs/upgrading.md: add its patch point there"


@pytest.mark.parametrize("written", patch_files(), ids=lambda path: path.name)
def test_every_file_a_patch_writes_is_named_in_the_notes(written):
    folder = f"`patches/{written.parent.relative_to(PATCHES).as_posix()}/`"
    assert written.name in notes() or folder in notes(), (
        f"{written.relative_to(ROOT)} is not in docs/upgrading.md (by name or by its folder, "
        f"{folder}): say which patch point writes it"
    )


def locked_versions() -> dict[str, str]:
    """What the locks install: Reflex from requirements.lock, the npm packages from
    reflex.lock/package.json."""
    reflex = re.search(r"^reflex==(\S+)", (ROOT / "requirements.lock").read_text(), re.MULTILINE)
    assert reflex, "requirements.lock pins no reflex"
    package = json.loads((ROOT / "reflex.lock" / "package.json").read_text())
    npm = {**package["dependencies"], **package["devDependencies"]}
    return {
        "Reflex": reflex.group(1),
        "React Router": npm["react-router"],
        "Vite": npm["vite"],
        "Tailwind CSS": npm["tailwindcss"],
    }


def test_the_notes_say_which_versions_they_were_synced_against():
    line = re.search(r"^Synced against: (.+)\.$", notes(), re.MULTILINE)
    assert line, 'docs/upgrading.md has no "Synced against: ..." line'
    for name, version in locked_versions().items():
        assert f"{name} {version}" in line.group(1), (
            f"the locks install {name} {version}, and docs/upgrading.md says "
            f"'Synced against: {line.group(1)}': re-sync the notes, then update that line"
        )


def raised_names(module: Path) -> list[tuple[int, str, str]]:
    """(line, name, enclosing function) of each `raise Name(...)` in the module."""
    raised = []
    for function in ast.walk(ast.parse(module.read_text())):
        if not isinstance(function, ast.FunctionDef):
            continue
        for node in ast.walk(function):
            call = node.exc if isinstance(node, ast.Raise) else None
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name):
                raised.append((node.lineno, call.func.id, function.name))
    return raised


def stops_the_framework_way(thing: object) -> bool:
    """A FrameworkChanged class, or a function that makes one."""
    if inspect.isclass(thing):
        return issubclass(thing, FrameworkChanged)
    if inspect.isfunction(thing):
        return inspect.signature(thing, eval_str=True).return_annotation is FrameworkChanged
    return False


@pytest.mark.parametrize("module", framework_modules(), ids=lambda path: path.stem)
def test_every_check_stops_with_the_one_framework_line(module):
    name = ".".join(module.relative_to(ROOT).with_suffix("").parts)
    namespace = vars(importlib.import_module(name))
    wrong = [
        f"line {line}: raise {raised}"
        for line, raised, function in raised_names(module)
        if (module.name, function) not in READS_OUR_SETTINGS
        and not stops_the_framework_way(namespace.get(raised))
    ]
    assert not wrong, (
        f"{module.relative_to(ROOT)} stops without clinic.framework.errors.FrameworkChanged "
        f"({'; '.join(wrong)}): raise FrameworkChanged(patch point, what changed, file to update)"
    )


GAINS_REPORT = ROOT / "bench" / "reports" / "patch-gains.md"
BUYS_HEADING = "## What each patch buys"


def what_each_patch_buys() -> dict[str, str]:
    """The notes' table of what each patch is kept for: patch -> the heading of the
    report's section that measured it."""
    section = notes().split(BUYS_HEADING, 1)
    assert len(section) == 2, f'docs/upgrading.md has no "{BUYS_HEADING[3:]}" section'
    rows = re.findall(
        r"^\| `(\w+)` \|[^|\n]+\| \"([^\"]+)\" \|$", section[1].split("\n## ")[0], re.MULTILINE
    )
    return dict(rows)


@pytest.mark.parametrize(
    "patch", sorted(path.stem for path in PATCHES.glob("*.py") if path.stem != "__init__")
)
def test_every_patch_is_kept_for_a_measured_gain(patch):
    buys = what_each_patch_buys()
    assert patch in buys, (
        f'{patch} has no row in docs/upgrading.md\'s "{BUYS_HEADING[3:]}": measure it with '
        "and without (make bench WHAT=patch-gains) and say what it is kept for, or remove it"
    )
    headings = re.findall(r"^## (.+)$", GAINS_REPORT.read_text(encoding="utf-8"), re.MULTILINE)
    assert buys[patch] in headings, (
        f'docs/upgrading.md says {patch} was measured under "{buys[patch]}", which is not a '
        f"section of {GAINS_REPORT.relative_to(ROOT)}"
    )
