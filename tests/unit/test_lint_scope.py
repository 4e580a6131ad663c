"""The lint walks the project's own files only: Biome (biome.jsonc) does not walk the
working copies of the project that the tests make under .cache/ (the fixture clinic, the
clinic matrix's variants).

`make test` lints while the matrix makes its copies anew (when the code or the content
changed since the last run): a walk that reaches a folder being removed and copied again
meets files that are gone, and Biome fails the lint on them ("No such file or
directory"), though no file of the project is wrong. Biome's `!!` pattern keeps a folder
out of the walk altogether; `!` only leaves its files unchecked, after walking it."""

from __future__ import annotations

import json
import re

from clinic.project import PROJECT_DIR
from tests.fixture_clinic.site import FIXTURE_PROJECT

BIOME_CONFIG = PROJECT_DIR / "biome.jsonc"
# The folder the tests' working copies of the project live in (.cache/).
COPIES = FIXTURE_PROJECT.relative_to(PROJECT_DIR).parts[0]


def biome_includes() -> list[str]:
    text = BIOME_CONFIG.read_text(encoding="utf-8")
    # JSON with comments: each comment of biome.jsonc is a line of its own.
    return json.loads(re.sub(r"(?m)^\s*//.*\n", "", text))["files"]["includes"]


def test_biome_does_not_walk_the_tests_working_copies():
    walked_not = {pattern[2:] for pattern in biome_includes() if pattern.startswith("!!")}
    assert {COPIES, f"**/{COPIES}"} & walked_not, (
        f"biome.jsonc: add '!!**/{COPIES}' to files.includes: the tests' working copies "
        f"of the project, in {COPIES}/, are made and removed while the lint walks"
    )
