"""Whether content/ is the shipped sample: the spec's checks (tests/sample/) are about the
sample only. A clinic's own content, or any edit of the sample (committed or not: a clinic
commits its edits), is not the spec's clinic, and those checks then skip, saying why;
every other test already follows whatever content/ says.

The sample is recognised by a fingerprint of its files, recorded in shipped-content.sha256.
Changing the sample itself (the team's work on the spec's clinic) records it anew:

    make sample-fingerprint
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from clinic.site.content.files import parse_yaml

PROJECT_DIR = Path(__file__).resolve().parents[2]
SHIPPED_CONTENT = PROJECT_DIR / "content"
RECORD = Path(__file__).resolve().parent / "shipped-content.sha256"


def _data(path: Path) -> bytes:
    """What a file says: a YAML file's data (its comments and layout are not the clinic's
    facts), any other file's bytes."""
    if path.suffix in {".yaml", ".yml"}:
        data = parse_yaml(path.read_text(encoding="utf-8"))
        # default=str: YAML reads an unquoted date (closed days) as a date.
        return json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode()
    return path.read_bytes()


def fingerprint(folder: Path = SHIPPED_CONTENT) -> str:
    """A digest of every file under `folder`: its path and what it says."""
    digest = hashlib.sha256()
    # content/schemas/ is made from the code's models (`make schemas`), not the clinic's data.
    files = (
        p for p in folder.rglob("*") if p.is_file() and p.relative_to(folder).parts[0] != "schemas"
    )
    for path in sorted(files):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(_data(path) + b"\0")
    return digest.hexdigest()


def applies(content_dir: Path) -> str | None:
    """None when `content_dir` holds the shipped sample; otherwise why the spec's checks
    of the sample do not apply to it."""
    if content_dir.resolve() != SHIPPED_CONTENT.resolve():
        return f"the site is built from {content_dir}, not the project's content/"
    if not RECORD.exists() or fingerprint() != RECORD.read_text().split()[0]:
        return (
            "content/ is not the shipped sample (a clinic's own data, or an edit of it); "
            "if you changed the sample itself, record it with `make sample-fingerprint`"
        )
    return None


def record() -> None:
    RECORD.write_text(fingerprint() + "  content/\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python -m tests.sample.shipped --record")
    record()
    print(f"recorded content/ as the shipped sample in {RECORD.relative_to(PROJECT_DIR)}")
