"""How much hand-written JavaScript the site has, and where: the JS modules and JSX
adapters in assets/, the build's own browser files (clinic/framework/patches/client/), and any left
inside Python strings of clinic/ (lines of string literals that read as JavaScript).

    .venv/bin/python bench/javascript_lines.py [REV ...]   # the working tree, or git revisions

Raw lines count everything; code lines leave out blank lines and comments (JSDoc
included). Writes bench/reports/javascript-lines.md.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.python_strings import string_literals  # noqa: E402

REPORT = ROOT / "bench" / "reports" / "javascript-lines.md"
JAVASCRIPT = re.compile(
    r"=>|(?<![\w$/])(?:document|window|navigator)\.|\blocation\.(?:href|assign|replace|pathname|search|hash)"
    r"|refs\[|addEvents|ReflexEvent|preventDefault\(|\bconst |\blet |\breturn |;\s*$"
)
COMMENT = re.compile(r"^\s*($|//|/\*|\*)")
# The bridge to Reflex's internals and the build's browser files, where they are now and
# where they were before clinic/framework/ (the bench also counts earlier revisions).
BRIDGE = ("clinic/reflex_bridge.py", "clinic/framework/")
CLIENT_FILES = ("clinic/plugins/client/", "clinic/framework/patches/client/")


def files(rev: str | None) -> dict[str, str]:
    if rev is None:
        names = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        return {
            n: (ROOT / n).read_text(encoding="utf-8")
            for n in names
            if n.endswith((".js", ".jsx", ".py")) and (ROOT / n).is_file()
        }
    names = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", rev],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return {
        n: subprocess.run(
            ["git", "show", f"{rev}:{n}"], cwd=ROOT, capture_output=True, text=True
        ).stdout
        for n in names
        if n.endswith((".js", ".jsx", ".py"))
    }


def python_string_lines(source: str) -> int:
    """Lines of string literals (docstrings aside) that read as JavaScript."""
    lines: set[int] = set()
    for node in string_literals(source):
        if JAVASCRIPT.search(node.value):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return len(lines)


def count(rev: str | None) -> dict[str, tuple[int, int]]:
    found = {
        "assets/**/*.js": [0, 0],
        "assets/**/*.jsx": [0, 0],
        "the build's browser files (*/client/*.js)": [0, 0],
        "JavaScript in Python strings (clinic/, bridge aside)": [0, 0],
        "in the bridge": [0, 0],
    }
    for name, text in files(rev).items():
        raw, code = (
            len(text.splitlines()),
            sum(1 for line in text.splitlines() if not COMMENT.match(line)),
        )
        if name.startswith("assets/") and name.endswith((".js", ".jsx")):
            key = "assets/**/*.jsx" if name.endswith(".jsx") else "assets/**/*.js"
        elif name.startswith(CLIENT_FILES) and name.endswith(".js"):
            key = "the build's browser files (*/client/*.js)"
        elif name.startswith("clinic/") and name.endswith(".py"):
            lines = python_string_lines(text)
            raw = code = lines
            key = (
                "in the bridge"
                if name.startswith(BRIDGE)
                else "JavaScript in Python strings (clinic/, bridge aside)"
            )
        else:
            continue
        found[key][0] += raw
        found[key][1] += code
    return {key: tuple(value) for key, value in found.items()}


def main() -> None:
    revs = sys.argv[1:] or [None]
    columns = [(rev or "working tree", count(rev)) for rev in revs]
    out = [
        "# Hand-written JavaScript (raw lines / code lines)",
        "",
        "| where | " + " | ".join(label for label, _ in columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for key in columns[0][1]:
        out.append(
            f"| {key} | " + " | ".join(f"{c[key][0]} / {c[key][1]}" for _, c in columns) + " |"
        )
    out.append(
        "| **total** | "
        + " | ".join(
            f"**{sum(v[0] for v in c.values())} / {sum(v[1] for v in c.values())}**"
            for _, c in columns
        )
        + " |"
    )
    REPORT.write_text("\n".join(out) + "\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
