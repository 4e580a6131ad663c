"""`make test`: every part of the suite (lint and type checks, the browser tools, unit
tests, browser tests) runs even when an earlier one fails; the exit status is 1 if any
failed, and the output ends with a summary naming every failed part and every failed test,
after pytest's own closing lines (which CI reads).

    python devtools/test_all.py --seed 1234 --e2e-options "-n 3 --dist loadgroup"
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
RUNS = PROJECT_DIR / ".cache" / "test-runs"
JS_TOOLS = PROJECT_DIR / "tools" / "js" / "node_modules" / ".bin"
BIOME, TSC = JS_TOOLS / "biome", JS_TOOLS / "tsc"


@dataclass
class Part:
    name: str
    command: list[str]
    failed_tests_file: Path | None = None
    status: int | None = None
    failed_tests: list[str] = field(default_factory=list)


def pytest_part(name: str, failed_tests: str, arguments: list[str]) -> Part:
    record = RUNS / failed_tests
    command = [
        str(BIN / "python"),
        "-m",
        "pytest",
        *arguments,
        "-p",
        "devtools.failed_tests",
        f"--failed-tests-file={record}",
    ]
    return Part(name, command, record)


def parts(seed: str, e2e_options: list[str]) -> list[Part]:
    make = ["make", "--no-print-directory"]
    return [
        Part("lint: ruff check", [str(BIN / "ruff"), "check", "--quiet", "."]),
        Part("lint: ruff format", [str(BIN / "ruff"), "format", "--check", "--quiet", "."]),
        # Biome and TypeScript, from tools/js/package-lock.json.
        Part("JavaScript tools", [*make, "js-tools"]),
        Part("lint: biome", [str(BIOME), "check", "--error-on-warnings", "--log-level=error", "."]),
        Part("types: tsc", [str(TSC), "-p", "jsconfig.json"]),
        Part("types: pyright", [str(BIN / "pyright")]),
        # Chromium, Java (the HTML checker) and the static hosts' tools: -k installs what it can.
        Part("browser tests' tools", [*make, "-k", "browser", "java", "static-hosts"]),
        pytest_part("unit tests", "unit.txt", ["tests/unit", "-q", f"--randomly-seed={seed}"]),
        # The spec's one clinic, on the shipped sample's own build (skipped on a clinic's data).
        pytest_part(
            "the spec's clinic (the shipped sample)",
            "sample.txt",
            ["tests/sample", "-q", f"--randomly-seed={seed}"],
        ),
        # Everything else, in a browser, on the fixture clinic (tests/fixture_clinic/).
        pytest_part(
            "browser tests",
            "e2e.txt",
            ["tests/e2e", "-q", f"--randomly-seed={seed}", *e2e_options],
        ),
    ]


def run(part: Part) -> None:
    print(f"\n=== {part.name}: {shlex.join(part.command)}", flush=True)
    if part.failed_tests_file:
        part.failed_tests_file.unlink(missing_ok=True)
    part.status = subprocess.run(part.command, cwd=PROJECT_DIR, check=False).returncode
    if part.failed_tests_file and part.failed_tests_file.exists():
        part.failed_tests = part.failed_tests_file.read_text(encoding="utf-8").splitlines()


def summary(all_parts: list[Part], seed: str) -> str:
    failed = [part for part in all_parts if part.status]
    lines = ["", "=" * 25 + " make test: every part " + "=" * 25]
    for part in all_parts:
        if not part.status:
            lines.append(f"passed  {part.name}")
            continue
        if part.failed_tests:
            lines.append(f"FAILED  {part.name}: {len(part.failed_tests)} failed")
            lines += [f"    {test}" for test in part.failed_tests]
        elif part.failed_tests_file:
            lines.append(f"FAILED  {part.name}: pytest exited with {part.status} (see above)")
        else:
            lines.append(f"FAILED  {part.name}: exit status {part.status} (see above)")
    verdict = (
        f"make test: {len(failed)} of {len(all_parts)} parts failed"
        if failed
        else f"make test: all {len(all_parts)} parts passed"
    )
    lines.append(f"{verdict} (random order seed {seed}: make test TEST_SEED={seed} repeats it)")
    return "\n".join(lines)


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--seed", required=True, help="pytest-randomly's seed")
    arguments.add_argument("--e2e-options", default="", help="more options for the browser tests")
    options = arguments.parse_args()
    all_parts = parts(options.seed, shlex.split(options.e2e_options))
    for part in all_parts:
        run(part)
    print(summary(all_parts, options.seed), flush=True)
    return 1 if any(part.status for part in all_parts) else 0


if __name__ == "__main__":
    sys.exit(main())
