"""The Nu Html Checker (the W3C validator, npm package `vnu-jar`) for the HTML tests.

It is a test tool, not a site dependency: the first run
asks the virtualenv's npm for the pinned tarball (`npm pack`, which checks the registry's
integrity hash) and keeps `vnu.jar` in `.cache/vnu-jar-<version>/` at the root of the
checkout; later runs reuse it. It runs on Java (`make java` installs Debian's
default-jre-headless when `java` is missing, as `make test` does).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from functools import cache
from pathlib import Path

from tests.per_test_timeout import outside_the_test_timeout

VNU_VERSION = "26.9.27"
ROOT = Path(__file__).resolve().parents[2]
CACHE_DIR = ROOT / ".cache" / f"vnu-jar-{VNU_VERSION}"
BIN = ROOT / ".venv" / "bin"


def _download() -> Path:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    npm = shutil.which("npm", path=env["PATH"]) or "npm"
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [npm, "pack", f"vnu-jar@{VNU_VERSION}", "--pack-destination", tmp, "--silent"],
            cwd=tmp,
            env=env,
            check=True,
            capture_output=True,
            timeout=600,
        )
        with tarfile.open(Path(tmp) / f"vnu-jar-{VNU_VERSION}.tgz") as archive:
            for member, name in (
                ("package/build/dist/vnu.jar", "vnu.jar"),
                ("package/LICENSE", "LICENSE"),
            ):
                data = archive.extractfile(member).read()
                CACHE_DIR.mkdir(parents=True, exist_ok=True)
                (CACHE_DIR / f"{name}.part").write_bytes(data)
                (CACHE_DIR / f"{name}.part").replace(CACHE_DIR / name)
    return CACHE_DIR / "vnu.jar"


@cache
def vnu_jar() -> Path:
    jar = CACHE_DIR / "vnu.jar"
    if jar.is_file():
        return jar
    with outside_the_test_timeout():  # once a machine, with a deadline of its own
        return _download()


def java() -> str:
    found = shutil.which("java")
    if not found:
        raise RuntimeError(
            "Java is missing: run `make java` (installs Debian's default-jre-headless)"
        )
    return found


def check(files: list[Path]) -> list[dict]:
    """The checker's errors for `files` (HTML documents), each a dict with the file's
    name, the line and the message. Warnings and info messages are left out."""
    result = subprocess.run(
        [java(), "-jar", str(vnu_jar()), "--errors-only", "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    # The checker writes its JSON report to stderr; exit status 1 means "errors found".
    report = json.loads(result.stderr or "{}")
    return [
        {
            "file": Path(m.get("url", "")).name,
            "line": m.get("lastLine"),
            "message": m.get("message"),
            "extract": (m.get("extract") or "")[:120],
        }
        for m in report.get("messages", [])
        if m.get("type") == "error" or m.get("subType") == "fatal"
    ]
