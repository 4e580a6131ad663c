"""`make lint`: the project's checks, each in seconds: ruff's lint and its formatter in
check mode on the Python, Biome's on the JavaScript (biome.jsonc), TypeScript's check of
the JavaScript's JSDoc (jsconfig.json) and pyright's of the Python ([tool.pyright] in
pyproject.toml). `CHECKS` is their one list: `make test` runs the same commands
(devtools/test_all.py). Every check runs even when an earlier one failed; the exit status
is 1 if any failed, and the last line names them.

    .venv/bin/python devtools/lint.py      # what `make lint` runs, after installing the tools
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
# Biome and TypeScript, from tools/js/package-lock.json (`make js-tools`).
JS_TOOLS = PROJECT_DIR / "tools" / "js" / "node_modules" / ".bin"

CHECKS: dict[str, list[str]] = {
    "lint: ruff check": [str(BIN / "ruff"), "check", "--quiet", "."],
    "lint: ruff format": [str(BIN / "ruff"), "format", "--check", "--quiet", "."],
    "lint: biome": [
        str(JS_TOOLS / "biome"),
        "check",
        "--error-on-warnings",
        "--log-level=error",
        ".",
    ],
    "types: tsc": [str(JS_TOOLS / "tsc"), "-p", "jsconfig.json"],
    "types: pyright": [str(BIN / "pyright")],
}


def main() -> int:
    failed = []
    for name, command in CHECKS.items():
        print(f"=== {name}: {shlex.join(command)}", flush=True)
        if subprocess.call(command, cwd=PROJECT_DIR):
            failed.append(name)
    if failed:
        print(f"make lint: {len(failed)} of {len(CHECKS)} checks failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
