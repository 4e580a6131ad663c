"""The fixture clinic's project: a copy of this project with the fixture clinic's content
(recipe.py) and assets, in .cache/fixture-clinic/, built and served by the browser suite.

A copy, because a build writes into the project (.web/) and reads its assets/ folder:
the fixture's build must leave the repository's own build, content and assets alone.
The copy keeps its .web/ from one run to the next (the installed npm packages: a build
then takes seconds); everything else is copied anew for each run, so it builds the code
as it is now.

    python -m tests.fixture_clinic.site   # make the copy (what the browser suite does first)
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from filelock import FileLock

# Nothing of clinic/ is imported here: the process that uses the fixture must read its
# content, and clinic/ fixes the content folder (CLINIC_CONTENT_DIR) when first imported.
PROJECT_DIR = Path(__file__).resolve().parents[2]
FIXTURE_PROJECT = PROJECT_DIR / ".cache" / "fixture-clinic"
FIXTURE_CONTENT = FIXTURE_PROJECT / "content"
# Where the fixture's build lands, as clinic.framework.app_folders.EXPORT_DIR.
FIXTURE_EXPORT = FIXTURE_PROJECT / ".web" / "build" / "client"
# Set once the fixture's project is made for this run: the pytest-xdist workers, started
# by the process that made it, inherit it and use that project.
MADE_FOR_THIS_RUN = "CLINIC_FIXTURE_PROJECT"
# What the copy leaves out: version control, the virtualenv, caches (the copy itself is
# in .cache/), test output, and the tools' npm packages (tests run them from here).
SKIPPED = {
    ".git",
    ".venv",
    ".cache",
    ".states",
    "__pycache__",
    "test-results",
    ".web",
    ".pytest_cache",
    ".ruff_cache",
}
KEPT = {".web", ".made-from"}  # the copy's own, from one run to the next
# What makes the fixture clinic's content: `python -m tests.fixture_clinic.recipe <project>`.
FIXTURE_RECIPE = ("tests.fixture_clinic.recipe",)


def _ignore(folder: str, names: list[str]) -> set[str]:
    skip = {n for n in names if n in SKIPPED or n.endswith((".pyc", ".egg-info"))}
    if Path(folder).parent == PROJECT_DIR / "tools":  # the static hosts', lint and type tools
        skip.add("node_modules")
    return skip


def _copy_sources(dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    for entry in dest.iterdir():
        if entry.name in KEPT:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    for entry in PROJECT_DIR.iterdir():
        if entry.name in SKIPPED or entry.name.endswith(".egg-info"):
            continue
        if entry.is_dir():
            shutil.copytree(entry, dest / entry.name, ignore=_ignore, symlinks=True)
        else:
            shutil.copy2(entry, dest / entry.name)


def _sources_stamp() -> str:
    """What the copy is made from, as a digest of each source file's path, size and time:
    equal stamps, an equal copy (a second run, or `pytest --base-url` against a fixture
    site served from it, leaves it as it is)."""
    digest = hashlib.sha256()
    for root, folders, files in os.walk(PROJECT_DIR):
        folders[:] = sorted(set(folders) - _ignore(root, folders))
        for name in sorted(set(files) - _ignore(root, files)):
            path = Path(root, name)
            stat = path.lstat()
            digest.update(
                f"{path.relative_to(PROJECT_DIR)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode()
            )
    return digest.hexdigest()


def _sample_environment() -> dict[str, str]:
    """The environment of a process that reads the shipped sample (the recipe starts
    from it): no CLINIC_CONTENT_DIR pointing elsewhere."""
    return {key: value for key, value in os.environ.items() if key != "CLINIC_CONTENT_DIR"}


def prepare(dest: Path = FIXTURE_PROJECT, recipe: tuple[str, ...] = FIXTURE_RECIPE) -> Path:
    """Make (or renew) the fixture clinic's project in `dest`; returns it. Several test
    processes may ask at once (pytest-xdist): one makes it, under a file lock, and the
    others wait for it. The recipe runs in a process of its own, which reads the sample:
    the caller may already read the fixture's content (its languages are fixed at import).
    Another `recipe` (a module and its arguments before `dest`) makes another clinic's
    project the same way (the clinic matrix's, tests/matrix/)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(dest) + ".lock"):
        stamp, made_from = _sources_stamp(), dest / ".made-from"
        if made_from.exists() and made_from.read_text() == stamp:
            return dest
        _copy_sources(dest)
        shutil.rmtree(dest / "content")
        made = subprocess.run(
            [sys.executable, "-m", *recipe, str(dest)],
            cwd=PROJECT_DIR,
            env=_sample_environment(),
            capture_output=True,
            text=True,
        )
        if made.returncode:
            raise RuntimeError(
                f"{dest.name}'s content could not be made from the sample "
                f"({' '.join(recipe)}):\n{made.stdout[-3000:]}{made.stderr[-3000:]}"
            )
        # What the recipe could not vary in this content, one line each.
        sys.stderr.write(made.stdout)
        made_from.write_text(stamp)
    return dest


def use_fixture_clinic() -> Path:
    """Make the fixture clinic's project (once a run) and point this process's content
    at it; returns the project. Call it before anything imports clinic/."""
    if os.environ.get(MADE_FOR_THIS_RUN) != str(FIXTURE_PROJECT):
        prepare()
        os.environ[MADE_FOR_THIS_RUN] = str(FIXTURE_PROJECT)
    os.environ["CLINIC_CONTENT_DIR"] = str(FIXTURE_CONTENT)
    imported = sys.modules.get("clinic.project")
    if imported is not None and Path(imported.CONTENT_DIR) != FIXTURE_CONTENT:
        raise RuntimeError(
            "clinic/ was imported before the browser suite chose its content: "
            "tests/fixture_clinic/site.use_fixture_clinic() must run first"
        )
    return FIXTURE_PROJECT


if __name__ == "__main__":
    print(prepare())
