"""Copies of the project with one patch point of clinic/framework/patches/ left out: what
bench/patch_gains.py builds and measures beside this project. Each variant is made in a
copy (devtools/project_copy.py), never in this checkout."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from devtools.project_copy import copy_project

RXCONFIG = "rxconfig.py"


def without_in_rxconfig(project: Path, lines: list[str]) -> None:
    """The copy's rxconfig.py without the given lines (each must be there once)."""
    replace_once(project / RXCONFIG, dict.fromkeys(lines, ""))


def replace_once(path: Path, changes: dict[str, str]) -> None:
    """Each key of `changes` replaced in the file; each must be there exactly once, so
    that a variant fails loudly when the code it edits has moved on."""
    text = path.read_text()
    for old, new in changes.items():
        if text.count(old) != 1:
            raise SystemExit(f"{path.name}: expected {old!r} once")
        text = text.replace(old, new)
    path.write_text(text)


def plugin_line(name: str) -> str:
    return f"        {name}(),\n"


@contextlib.contextmanager
def project_copy(name: str) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix=f"patch-gains-{name}-") as folder:
        yield copy_project(Path(folder) / "project")


@dataclass(frozen=True)
class Without:
    """A patch left out of a copy: what the copy is, and how it is made."""

    what: str
    make: Callable[[Path], None]


def _without_lean_router(project: Path) -> None:
    without_in_rxconfig(project, [plugin_line("LeanRouterPlugin")])


def _without_boundaries(project: Path) -> None:
    without_in_rxconfig(project, [plugin_line("ShellFirstPlugin")])
    replace_once(
        project / "clinic/site/components/hydrate_later.py",
        {'tag = "Suspense"': 'tag = "Fragment"'},
    )


def _without_language_manifests(project: Path) -> None:
    without_in_rxconfig(
        project,
        ["        LanguageManifestsPlugin(prefixes=tuple(lang_prefix(lang) for lang in LANGS)),\n"],
    )


def _without_paint_first(project: Path) -> None:
    without_in_rxconfig(project, [plugin_line("PaintFirstPlugin")])


def _without_lean_bundle(project: Path) -> None:
    without_in_rxconfig(project, [plugin_line("LeanBundlePlugin")])


WITHOUT = {
    "lean_bundle": Without(
        "`LeanBundlePlugin` left out of rxconfig.py: Reflex's emotion, socket.io, cookies and "
        "uploads libraries and its colour-mode script, as Reflex bundles them",
        _without_lean_bundle,
    ),
    "paint_first": Without(
        "`PaintFirstPlugin` left out of rxconfig.py: React Router's prerendered pages as it "
        "writes them (modulepreload links, an async bootstrap) and Reflex's browser entry",
        _without_paint_first,
    ),
    "lean_router": Without(
        "`LeanRouterPlugin` left out of rxconfig.py: React Router's modules as it ships them",
        _without_lean_router,
    ),
    "language_manifests": Without(
        "`LanguageManifestsPlugin` left out of rxconfig.py: React Router's one route manifest "
        "of every language's pages, loaded by every page",
        _without_language_manifests,
    ),
    "shell_first": Without(
        "`ShellFirstPlugin` left out of rxconfig.py and `HydrateLater` a Fragment: no "
        "Suspense boundary, React Router's own server entry",
        _without_boundaries,
    ),
}
