"""The Makefile is the one source of its commands: `.PHONY` names exactly its commands,
and `make unit` runs the unit tests as `make test` does."""

from __future__ import annotations

import re
import shlex
import subprocess

from clinic.project import PROJECT_DIR

MAKEFILE = PROJECT_DIR / "Makefile"
# A rule's first line: `name: prerequisites`, not a variable's `name := value`.
RULE = re.compile(r"^(?P<names>[\w$()./-][^:=\s]*(?: [^:=\s]+)*):(?!=)", re.MULTILINE)


def _dry_run(*targets: str) -> str:
    """What `make` would run for `targets`, without running it."""
    return subprocess.run(
        ["make", "--dry-run", "--no-print-directory", *targets, "TEST_SEED=1"],
        cwd=PROJECT_DIR,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_phony_names_exactly_the_commands():
    text = MAKEFILE.read_text(encoding="utf-8")
    phony = set(re.search(r"^\.PHONY: (.+)$", text, re.MULTILINE)[1].split())
    commands = {
        name
        for rule in RULE.finditer(text)
        for name in rule["names"].split()
        if not name.startswith((".", "$")) and "/" not in name
    }
    assert phony == commands, (
        f".PHONY names what is no command: {sorted(phony - commands)}; "
        f"commands missing from .PHONY: {sorted(commands - phony)}"
    )


def test_make_unit_runs_the_unit_tests_as_make_test_does():
    unit = next(line for line in _dry_run("unit").splitlines() if "pytest tests/unit" in line)
    test = " ".join(_dry_run("test").replace("\\\n", " ").split())
    unit_options = shlex.split(test.split("--unit-options ", 1)[1])[0]
    assert unit.endswith(unit_options), (unit, unit_options)
