"""docs/developing.md's "Repository layout" describes every file of clinic/, and names no
file that is not there; the README's map names each folder of clinic/. A module added,
moved or renamed without its line in the layout fails here, naming it.

The layout is a tree: an entry is a name (`seo.py`, `pages/`, or several: `a.py, b.py`)
indented two spaces under its folder, then what it holds; the lines under an entry,
indented further, go on describing it. A file named in a description (`files.py` in
`pages/`'s text) is described too, in the entry's folder. A Python module is described by
name; another file (a shim, an entry, an ES module) by its folder's entry as well."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

import pytest

from clinic.project import PROJECT_DIR

PACKAGE = "clinic"
LAYOUT_HEADING = "## Repository layout"
ENTRY = re.compile(r"^( *)([\w.-]+/?(?:, [\w.-]+/?)*)(?: {2,}|$)(.*)$")
# A file's name in a description, not a path (components/hydrate_later.py is a reference).
NAMED_FILE = re.compile(r"(?<![\w/.-])([\w-]+\.(?:py|js|jsx|mjs|json))\b")


def layout_block(markdown: str) -> list[str]:
    """The lines of the code block under the layout heading."""
    after = markdown.split(LAYOUT_HEADING, 1)[1]
    return after.split("```", 2)[1].splitlines()[1:]


def described(lines: list[str]) -> tuple[set[str], set[str]]:
    """(every path the layout's entries name, every path named in an entry's description
    or with a folder entry of its own), as paths relative to the repository."""
    entries: set[str] = set()
    mentioned: set[str] = set()
    folders: list[tuple[int, PurePosixPath]] = []  # (indent, folder) of the open entries
    here = PurePosixPath()
    for line in lines:
        match = ENTRY.match(line)
        indent = len(match.group(1)) if match else -1
        parent = next((f for i, f in reversed(folders) if i == indent - 2), None)
        if match and (indent == 0 or parent is not None):
            while folders and folders[-1][0] >= indent:
                folders.pop()
            base = parent if parent is not None else PurePosixPath()
            names = match.group(2).split(", ")
            for name in names:
                entries.add(str(base / name.rstrip("/")))
            if len(names) == 1 and names[0].endswith("/"):
                here = base / names[0].rstrip("/")
                folders.append((indent, here))
            else:
                here = base
            text = match.group(3)
        else:
            text = line
        mentioned.update(str(here / name) for name in NAMED_FILE.findall(text))
    return entries, entries | mentioned


def package_files() -> list[str]:
    return sorted(
        str(path.relative_to(PROJECT_DIR).as_posix())
        for path in (PROJECT_DIR / PACKAGE).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.name != "__init__.py"
    )


def _layout() -> tuple[set[str], set[str]]:
    markdown = (PROJECT_DIR / "docs" / "developing.md").read_text(encoding="utf-8")
    return described(layout_block(markdown))


def is_described(file: str, described_paths: set[str]) -> bool:
    if file in described_paths:
        return True
    # Not Python: its folder's own entry describes it.
    return not file.endswith(".py") and str(PurePosixPath(file).parent) in described_paths


def test_every_file_of_the_package_is_described_in_the_layout():
    _, paths = _layout()
    missing = [file for file in package_files() if not is_described(file, paths)]
    assert not missing, (
        "not described in docs/developing.md, 'Repository layout' (add a line under its "
        "folder): " + ", ".join(missing)
    )


def test_the_layout_names_no_file_that_is_not_there():
    entries, _ = _layout()
    gone = sorted(
        path
        for path in entries
        if path.startswith(PACKAGE + "/") and not (PROJECT_DIR / path).exists()
    )
    assert not gone, "docs/developing.md's layout names what is not there: " + ", ".join(gone)


@pytest.mark.parametrize(
    "folder",
    sorted(
        p.name for p in (PROJECT_DIR / PACKAGE).iterdir() if p.is_dir() and p.name != "__pycache__"
    ),
)
def test_the_readme_map_names_each_folder_of_the_package(folder):
    readme = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    assert re.search(rf"^{PACKAGE}/{folder}/ ", readme, re.MULTILINE), (
        f"README.md's map has no line for {PACKAGE}/{folder}/"
    )


LAYOUT = """\
clinic/
  app.py           the entry
  site/            the site
    seo.py, head.py   head tags
    pages/         one per kind: about.py,
                   faq.py (see components/ui.py)
      home/              the home page: hero.py
    routes.py      paths
  shims/           stand-ins
"""


def test_the_layout_is_read_as_a_tree_with_names_in_descriptions():
    entries, paths = described(LAYOUT.splitlines())
    assert entries == {
        "clinic",
        "clinic/app.py",
        "clinic/site",
        "clinic/site/seo.py",
        "clinic/site/head.py",
        "clinic/site/pages",
        "clinic/site/pages/home",
        "clinic/site/routes.py",
        "clinic/shims",
    }
    assert paths - entries == {
        "clinic/site/pages/about.py",
        "clinic/site/pages/faq.py",
        "clinic/site/pages/home/hero.py",
    }
    assert is_described("clinic/shims/react.js", paths)
    assert not is_described("clinic/shims/lean.py", paths)
