"""The guides hold together: README.md stays an entrance hall, every relative link in it
and in docs/*.md reaches a file of the repository (and a heading of that file, when it
names one), and nothing points outside the repository, where a clone has nothing. What
code, comments and guides cite is there too: a heading of docs/, a file, a script run by
`python -m`, a bench report."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import tokenize
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


# A heading in double quotes, or in single quotes (as a message of the build cites one).
QUOTED = r"""(?:"[^"\n]+"|'[^'\n]+')"""
CITATION = re.compile(rf"docs/(?P<guide>[a-z_]+\.md), (?P<headings>{QUOTED}(?:, {QUOTED})*)")


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
                    for heading in (
                        quoted[1:-1] for quoted in re.findall(QUOTED, cited["headings"])
                    )
                    if heading not in headings and not heading.startswith("<")  # a pattern
                ]
    assert not missing, "\n".join(missing)


# A file of the repository named in a guide, a comment or a docstring: a path under one of
# the project's folders with a file's extension (a folder, a glob or a `<placeholder>` is
# a pattern, not a citation), or a module run with `python -m`.
CITED_FILE = re.compile(
    r"(?<![\w./-])((?:\.github|assets|bench|clinic|content|devtools|docs|tests|tools)/"
    r"[\w./-]*?\.(?:py|mjs|jsx|js|ts|md|jsonc|json|yaml|yml|toml|sh))(?![\w<*{/-])"
)
CITED_MODULE = re.compile(r"(?:python|\))\s+-m\s+((?:bench|clinic|devtools|tests|tools)(?:\.\w+)*)")
# A report named by itself, as reports name each other (`lighthouse.md`).
REPORT_NAME = re.compile(r"(?<![\w./-])([a-z0-9][\w-]*\.(?:md|json))(?![\w/-])")
REPORTS = PROJECT_DIR / "bench" / "reports"
# Files a recipe has the reader make (docs/content.md, "Recipe: a new page";
# docs/developing.md, "Decided before paint").
MADE_BY_A_RECIPE = {
    "assets/behaviors/before_paint/closed_day.js",
    "clinic/site/pages/rules.py",
    "content/i18n/es/rules.yaml",
    "content/i18n/en/rules.yaml",
}
# Read whole: their commands run scripts by path.
READ_WHOLE = ("Makefile", "pyproject.toml", "biome.jsonc", "jsconfig.json", ".github/", ".ci/")
JS_COMMENT = re.compile(r"^\s*(?://|/?\*)(.*)$|\s//\s(.*)$")


def _citing_lines(name: str, text: str) -> list[tuple[int, str]]:
    """The lines of a tracked file that may cite another: all of a guide or a build file,
    a Python file's comments and docstrings, a script's or a content file's comments (a
    test's own data, such as a made-up path, is no citation)."""
    lines = text.splitlines()
    if name.endswith(".md") or name.startswith(READ_WHOLE):
        return list(enumerate(lines, 1))
    if name.endswith(".py"):
        cited = [
            (token.start[0], token.string)
            for token in _tokens(text)
            if token.type == tokenize.COMMENT
        ]
        for node in ast.walk(ast.parse(text)):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
                value = body[0].value
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    cited += [
                        (value.lineno + i, line) for i, line in enumerate(value.value.splitlines())
                    ]
        return cited
    if name.endswith((".js", ".jsx", ".mjs", ".ts")):
        return [
            (number, "".join(part or "" for part in comment.groups()))
            for number, line in enumerate(lines, 1)
            if (comment := JS_COMMENT.search(line))
        ]
    if name.endswith((".yaml", ".yml", ".toml")):
        return [
            (number, line.split("#", 1)[1]) for number, line in enumerate(lines, 1) if "#" in line
        ]
    return []


def _tokens(text: str) -> list[tokenize.TokenInfo]:
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _module_exists(module: str) -> bool:
    path = PROJECT_DIR / module.replace(".", "/")
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _generated(file: str) -> bool:
    """A path git ignores (an install's node_modules/, .cache/, .web/): made by a command,
    so it may not be there yet, in a fresh clone or while `make test` installs it."""
    ignored = subprocess.run(["git", "check-ignore", "-q", file], cwd=PROJECT_DIR, check=False)
    return ignored.returncode == 0


def test_every_cited_file_script_and_report_exists():
    """A file, script or bench report named in a guide, the Makefile, a comment or a
    docstring exists: a renamed or removed one leaves nothing pointing at it."""
    listed = subprocess.run(
        ["git", "ls-files"], cwd=PROJECT_DIR, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    missing = []
    for name in listed:
        path = PROJECT_DIR / name
        if not path.is_file() or path == Path(__file__):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        in_a_report = name.startswith("bench/reports/")
        for number, line in _citing_lines(name, text):
            cited = [
                file
                for file in CITED_FILE.findall(line)
                # A report records the code it measured as it was then.
                if not in_a_report or file.startswith("bench/reports/")
            ]
            missing += [
                f"{name}:{number}: {file}"
                for file in cited
                if file not in MADE_BY_A_RECIPE
                and not (PROJECT_DIR / file).exists()
                and not _generated(file)
            ]
            missing += [
                f"{name}:{number}: python -m {module}"
                for module in CITED_MODULE.findall(line)
                if not _module_exists(module)
            ]
            if in_a_report:
                missing += [
                    f"{name}:{number}: bench/reports/{report}"
                    for report in REPORT_NAME.findall(line)
                    if not (REPORTS / report).exists()
                    and not any(report in file for file in CITED_FILE.findall(line))
                ]
    assert not missing, "these name a file, script or report that is not there:\n" + "\n".join(
        missing
    )
