"""The guides hold together: README.md stays an entrance hall, every relative link in it
and in docs/*.md reaches a file of the repository (and a heading of that file, when it
names one), and nothing points outside the repository, where a clone has nothing."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from clinic.project import PROJECT_DIR

README = PROJECT_DIR / "README.md"
GUIDES = [README, *sorted((PROJECT_DIR / "docs").glob("*.md"))]
# The README is the way in: what the site is, the two commands, a map, where to go next.
README_MOST_LINES = 150

# Notes kept beside the repository by the team: a clone has none of them.
OUTSIDE_NOTES = ("../shared", "shared/DESIGN.md", "spec/clinic-site.md")

FENCED_BLOCK = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$", re.MULTILINE)
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def _prose(text: str) -> str:
    """The text without code: a link written inside code is an example, not a link."""
    return INLINE_CODE.sub("", FENCED_BLOCK.sub("", text))


def _relative_links(path: Path) -> list[str]:
    targets = LINK.findall(_prose(path.read_text(encoding="utf-8")))
    return [target for target in targets if not SCHEME.match(target)]


def _anchors(path: Path) -> set[str]:
    """The fragments GitHub gives a Markdown file's headings: lower case, punctuation
    dropped, spaces as hyphens, a repeated heading numbered."""
    seen: dict[str, int] = {}
    anchors = set()
    for heading in HEADING.findall(_prose(path.read_text(encoding="utf-8"))):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _name(path: Path) -> str:
    return str(path.relative_to(PROJECT_DIR))


@pytest.mark.parametrize("guide", GUIDES, ids=_name)
def test_relative_links_reach_a_file_of_the_repository(guide: Path):
    problems = []
    for target in _relative_links(guide):
        file_part, _, fragment = target.partition("#")
        if target.startswith("/"):
            problems.append(f"{target}: an absolute path; write it relative to {_name(guide)}")
            continue
        resolved = (guide.parent / file_part).resolve() if file_part else guide
        if not resolved.is_relative_to(PROJECT_DIR):
            problems.append(f"{target}: outside the repository")
        elif not resolved.exists():
            problems.append(f"{target}: no such file in the repository")
        elif fragment and resolved.suffix == ".md" and fragment not in _anchors(resolved):
            problems.append(f"{target}: {_name(resolved)} has no heading '#{fragment}'")
    assert not problems, f"{_name(guide)} links to what a clone does not have:\n" + "\n".join(
        problems
    )


@pytest.mark.parametrize("guide", GUIDES, ids=_name)
def test_nothing_points_at_notes_outside_the_repository(guide: Path):
    text = guide.read_text(encoding="utf-8")
    found = [note for note in OUTSIDE_NOTES if note in text]
    assert not found, (
        f"{_name(guide)} names {', '.join(found)}, which lives outside the repository: "
        "carry what the project needs of it into docs/ in the project's words"
    )


def test_readme_is_an_entrance_hall():
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= README_MOST_LINES, (
        f"README.md has {lines} lines (at most {README_MOST_LINES}): it says what the site is, "
        "the two commands, a map and where each reader goes next; a guide belongs in docs/"
    )


# How a comment once cited those notes: by their section numbers, which mean nothing here.
CITED_BY_NUMBER = re.compile(r"\b(DESIGN(\.md)? section \d|[Ss]pec(?:'s)? sections? \d)")
CITING_FILES = (".py", ".js", ".jsx", ".mjs", ".yaml", ".toml", ".txt", ".json", ".md")


def _tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=PROJECT_DIR, capture_output=True, text=True, check=False
    ).stdout.split()
    return [
        PROJECT_DIR / name
        for name in listed
        if name.endswith(CITING_FILES) and not name.startswith("bench/reports/")
    ]


def test_code_and_content_cite_the_repository_own_docs():
    """A comment or docstring says why by naming a heading of docs/ (`docs/design.md,
    "Works from first paint"`), never a section of notes a clone does not have."""
    found = [
        f"{path.relative_to(PROJECT_DIR)}:{number}: {line.strip()[:80]}"
        for path in _tracked_files()
        if path.is_file() and path != Path(__file__)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if CITED_BY_NUMBER.search(line) or any(note in line for note in OUTSIDE_NOTES)
    ]
    assert not found, "cite docs/ by file and heading instead:\n" + "\n".join(found)


CITATION = re.compile(r'docs/(?P<guide>[a-z_]+\.md), (?P<headings>"[^"\n]+"(?:, "[^"\n]+")*)')


def test_each_cited_heading_is_a_heading_of_its_guide():
    """`docs/design.md, "Maps load on request"` in a comment names a heading that exists:
    a renamed heading leaves no comment pointing at nothing."""
    missing = []
    for path in _tracked_files():
        if not path.is_file() or path == Path(__file__):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for cited in CITATION.finditer(line):
                guide = PROJECT_DIR / "docs" / cited["guide"]
                headings = set(HEADING.findall(guide.read_text())) if guide.is_file() else set()
                missing += [
                    f"{path.relative_to(PROJECT_DIR)}:{number}: {cited['guide']} has no "
                    f"heading {heading}"
                    for heading in re.findall(r'"([^"]+)"', cited["headings"])
                    if heading not in headings and not heading.startswith("<")  # a pattern
                ]
    assert not missing, "\n".join(missing)
