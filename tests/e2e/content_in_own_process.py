"""Read or edit a content folder in a process of its own, for a test whose copy of the
content has other languages than the content this process reads: clinic/ builds its
content models for the languages of the content it first read, and refuses another set.

    python -m tests.e2e.content_in_own_process CONTENT_DIR                # the model, as JSON
    python -m tests.e2e.content_in_own_process CONTENT_DIR LANG KEY TEXT  # set one text
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

# Where this module runs from: the repository, whose clinic/ reads CLINIC_CONTENT_DIR.
ROOT = Path(__file__).resolve().parents[2]


def _run(content_dir: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", __spec__.name, str(content_dir), *args],
        cwd=ROOT,
        env={**os.environ, "CLINIC_CONTENT_DIR": str(content_dir)},
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"{content_dir} could not be read:\n{done.stdout}{done.stderr}")
    return done.stdout


def read_content(content_dir: Path) -> dict:
    """The content model of `content_dir` (load_content's), as plain data: the fields of
    clinic.site.content.loader.Content, each language's texts and paths under its code."""
    return json.loads(_run(content_dir))


def set_text(content_dir: Path, lang: str, key: str, text: str) -> None:
    """devtools.content_variants.set_text on `content_dir`."""
    _run(content_dir, lang, key, text)


def main(argv: list[str]) -> None:
    content_dir = Path(argv[0])
    if len(argv) == 1:
        from clinic.site.content import load_content

        sys.stdout.write(load_content(content_dir).model_dump_json())
    else:
        from devtools.content_variants import set_text as set_one_text

        lang, key, text = argv[1:]
        set_one_text(content_dir, lang, key, text)


if __name__ == "__main__":
    main(sys.argv[1:])
