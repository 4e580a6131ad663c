"""A working copy of the project, for tests that edit content or code or build the site
in a way that must never touch the repository's own files or its `.web` build.

The copy holds the tracked sources (not `.git`, `.venv` or caches) and, when the project
has been built once, its `.web` folder without the last build's output, so that Reflex
finds its npm packages installed and the copy builds in seconds, not minutes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from clinic.framework.app_folders import EXPORT_DIR
from clinic.project import PROJECT_DIR
from devtools.servers import env

SKIPPED = {".git", ".venv", ".cache", ".states", "__pycache__", "test-results"}
WEB_BUILD = PROJECT_DIR / ".web" / "build"
# Folders a test makes in .web for a moment (another worker may be copying meanwhile).
HARNESS_PREFIX = "test-harness-"
# The static hosts' tools (tools/static-hosts/node_modules, ~340 MB) and the JavaScript
# lint and type tools (tools/js/node_modules, ~130 MB): no copy builds with them.
NODE_TOOLS = (PROJECT_DIR / "tools" / "static-hosts", PROJECT_DIR / "tools" / "js")
NODE_MODULES = "node_modules"


def _skipping(source: Path, with_web: bool):
    web = source / WEB_BUILD.relative_to(PROJECT_DIR).parent
    tools = {source / folder.relative_to(PROJECT_DIR) for folder in NODE_TOOLS}

    def skipped(folder: str, names: list[str]) -> set[str]:
        skip = {name for name in names if name in SKIPPED or name.endswith((".pyc", ".egg-info"))}
        if not with_web and Path(folder) == source:
            skip.add(web.name)
        if Path(folder) == web:
            skip.add(WEB_BUILD.name)  # the last build's output; the copy makes its own
            skip.update(name for name in names if name.startswith(HARNESS_PREFIX))
        if Path(folder) in tools:
            skip.add(NODE_MODULES)
        return skip

    return skipped


def _link_or_copy(source: str, dest: str) -> None:
    try:
        os.link(source, dest)
    except OSError:  # another disk, or a file system without hard links
        shutil.copy2(source, dest)


def copy_project(
    dest: Path, source: Path = PROJECT_DIR, with_web: bool = True, link_packages: bool = False
) -> Path:
    """Copy the project (or another made from it, such as the browser suite's fixture
    clinic) to `dest` (created); returns it. `with_web=False` leaves `.web` out (its npm
    packages are most of the copy's time), for a copy that never builds the frontend.
    `link_packages=True` hard-links the files of `.web/node_modules` instead of copying
    them, for a copy that adds files there (Vite's cache, in a folder of its own) but never
    changes one: a change would reach the source's packages too."""
    packages = source / WEB_BUILD.relative_to(PROJECT_DIR).parent / NODE_MODULES
    ignore = _skipping(source, with_web)
    if not (link_packages and with_web and packages.is_dir()):
        shutil.copytree(source, dest, ignore=ignore, symlinks=True)
        return dest

    def ignore_packages(folder: str, names: list[str]) -> set[str]:
        skip = ignore(folder, names)
        if Path(folder) == packages.parent:
            skip.add(NODE_MODULES)
        return skip

    shutil.copytree(source, dest, ignore=ignore_packages, symlinks=True)
    shutil.copytree(
        packages,
        dest / packages.relative_to(source),
        ignore=ignore,
        symlinks=True,
        copy_function=_link_or_copy,
    )
    return dest


def reflex_env(**extra: str) -> dict[str, str]:
    """The environment `make` gives Reflex: the virtualenv's node and bun first on PATH,
    no telemetry, and nothing that would point a build at another project's content."""
    environ = {**env(), **extra}
    if "CLINIC_CONTENT_DIR" not in extra:
        environ.pop("CLINIC_CONTENT_DIR", None)
    return environ


def export_static(project: Path, timeout_s: float | None = None) -> Path:
    """`reflex export` of a project copy, static files only (as `make export`); returns the
    copy's static build folder. A failed build raises with the end of Reflex's output."""
    result = subprocess.run(
        ["reflex", "export", "--frontend-only", "--no-zip", "--loglevel", "warning"],
        cwd=project,
        env=reflex_env(PYTHONDONTWRITEBYTECODE="1"),
        capture_output=True,
        text=True,
        timeout=timeout_s,
    )
    if result.returncode:
        raise RuntimeError(
            f"reflex export of {project} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        )
    return project / EXPORT_DIR.relative_to(PROJECT_DIR)
