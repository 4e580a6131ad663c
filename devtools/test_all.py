"""`make test`: every part of the suite (lint and type checks, the browser tools, unit
tests, the spec's clinic, browser tests) runs even when an earlier one fails; the exit
status is 1 if any failed, and the output ends with a summary naming every failed part and
every failed test and how long each part took, after pytest's own closing lines (which CI
reads).

The checks (lint, types, the tools) and the spec's clinic run beside the unit tests
(`Beside`), their output held back and printed when the unit tests have ended: each of
them mostly waits on one process (pyright, npm, the sample's build) while the unit tests
keep both cores busy. The fixture clinic's production server, which the browser tests
need, is built and started meanwhile too (`early_fixture_server`), and named to them.

The clinic matrix (tests/matrix/) is made in the background from the start, and the unit
tests that read content run on each of its variants there, one part each, in two chains at
once, beside the unit and browser tests (`in_background`); the variants that are built are built and served in
the background as soon as they are made (`early_matrix_servers`), and the browser smoke
tests run on each after the browser tests.

With `--trace-options` (in CI), the browser tests that failed run once more with those
options, which keep a Playwright trace and a screenshot of each failure (`traced_again`).

    python devtools/test_all.py --seed 1234 --unit-options "-n 2 --dist worksteal" \
        --e2e-options "-n 3 --dist loadgroup"

The options come from the Makefile (`UNIT_OPTIONS`, `E2E_OPTIONS`, `TRACE_OPTIONS`), the
lint and type checks from devtools/lint.py: each written once.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))

from devtools import servers  # noqa: E402
from devtools.cores import cores_busy_seconds  # noqa: E402
from devtools.lint import CHECKS  # noqa: E402
from tests.fixture_clinic.site import FIXTURE_PROJECT, MADE_FOR_THIS_RUN, prepare  # noqa: E402
from tests.matrix import unit as matrix_unit  # noqa: E402
from tests.matrix import variants as matrix  # noqa: E402

BIN = Path(sys.executable).parent
# Names the fixture clinic's server to the browser tests (tests/e2e/conftest.py).
STARTED_SERVER = "CLINIC_FIXTURE_SERVER"
RUNS = PROJECT_DIR / ".cache" / "test-runs"


@dataclass
class Part:
    name: str
    command: list[str]
    failed_tests_file: Path | None = None
    beside: str = ""  # the part it ran beside, its output held back (`Beside`)
    notes: list[str] = field(default_factory=list)  # lines the summary adds below it
    status: int | None = None
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # user and system time of its processes (all its children's)
    failed_tests: list[str] = field(default_factory=list)
    ended: threading.Event = field(default_factory=threading.Event)
    after: Part | None = None  # a part that must have ended before this one starts


@dataclass
class Beside:
    """`main` in the foreground and, at the same time, each of `chains` (parts run one
    after another, a chain's order mattering: the JavaScript tools before Biome)."""

    chains: list[list[Part]]
    main: Part


def pytest_part(name: str, failed_tests: str, arguments: list[str], module: str = "pytest") -> Part:
    """pytest, or a module that runs it with `arguments` (tests/matrix/unit.py)."""
    record = RUNS / failed_tests
    command = [
        str(BIN / "python"),
        "-m",
        module,
        *arguments,
        "-p",
        "devtools.failed_tests",
        f"--failed-tests-file={record}",
    ]
    return Part(name, command, record)


def parts(seed: str, unit_options: list[str], e2e_options: list[str]) -> list[Part | Beside]:
    make = ["make", "--no-print-directory"]
    checks = [
        # Biome and TypeScript, from tools/js/package-lock.json, before the checks that use them.
        Part("JavaScript tools", [*make, "js-tools"]),
        *(Part(name, command) for name, command in CHECKS.items()),
        # Chromium, Java (the HTML checker) and the static hosts' tools: -k installs what it can.
        Part("browser tests' tools", [*make, "-k", "browser", "java", "static-hosts"]),
    ]
    # The spec's one clinic, on the shipped sample's own build (skipped on a clinic's data).
    sample = pytest_part(
        "the spec's clinic (the shipped sample)",
        "sample.txt",
        ["tests/sample", "-q", f"--randomly-seed={seed}"],
    )
    unit = pytest_part(
        "unit tests", "unit.txt", ["tests/unit", "-q", f"--randomly-seed={seed}", *unit_options]
    )
    return [
        Beside(chains=[checks, [sample]], main=unit),
        # Everything else, in a browser, on the fixture clinic (tests/fixture_clinic/).
        pytest_part(
            "browser tests",
            "e2e.txt",
            ["tests/e2e", "-q", f"--randomly-seed={seed}", *e2e_options],
        ),
    ]


MATRIX_MADE = "clinic matrix: the variants made"
# The variants' unit runs (one process each) go in two chains at once, so that both cores
# stay busy to the end beside the browser tests, and neither chain outlasts them.
MATRIX_CHAINS = 2


def matrix_parts(seed: str) -> list[list[Part]]:
    """The clinic matrix's variants made, then the unit tests that read content on each
    (tests/matrix/unit.py; on the variant that is `grown`, the tests that grow copies of it
    too), dealt into `MATRIX_CHAINS` chains, the grown variant's (the longest, about two
    of the others') first, each next one to the chain with the least work."""
    made = Part(MATRIX_MADE, [str(BIN / "python"), "-m", "tests.matrix.variants"])
    chains: list[list[Part]] = [[] for _ in range(MATRIX_CHAINS)]
    work = [0] * MATRIX_CHAINS
    for variant in sorted(matrix.VARIANTS, key=lambda variant: not variant.grown):
        options = ["-q", f"--randomly-seed={seed}", *([matrix_unit.WITH_GROWTH] * variant.grown)]
        run = pytest_part(
            f"unit tests on clinic {variant.name}",
            f"unit-{variant.name}.txt",
            [str(matrix.project_of(variant)), *options],
            module="tests.matrix.unit",
        )
        run.after = made
        least = work.index(min(work))
        chains[least].append(run)
        work[least] += 2 if variant.grown else 1
    return [[made, *chains[0]], *chains[1:]]


def early_matrix_servers(made: Part) -> tuple[threading.Thread, dict]:
    """Once the variants are made, build and start the production server of each variant
    that is built, one after the other, in the background; `started` gets, by name, its
    url and process, or why there is none."""
    started: dict[str, dict] = {}

    def start() -> None:
        made.ended.wait()
        for variant in (variant for variant in matrix.VARIANTS if variant.built):
            project = matrix.project_of(variant)
            if made.status:
                started[variant.name] = {"error": f"not made ({MATRIX_MADE} failed)"}
            elif not (project / "content" / "languages.yaml").is_file():
                started[variant.name] = {"skipped": "not made (its line above says why)"}
            else:
                try:
                    url, process = servers.start(None, project)
                    started[variant.name] = {"url": url, "process": process}
                except Exception as error:
                    started[variant.name] = {"error": f"its server did not start: {error}"}

    thread = threading.Thread(target=start, daemon=True)
    thread.start()
    return thread, started


def smoke_part(variant, served: dict, seed: str, trace_options: list[str]) -> Part:
    """The browser smoke tests on a variant's server, reading its content (as `make smoke`
    runs them against a deploy)."""
    project = matrix.project_of(variant)
    part = pytest_part(
        f"smoke tests on clinic {variant.name}",
        f"smoke-{variant.name}.txt",
        [
            "tests/e2e",
            "-q",
            "-m",
            "smoke",
            "--base-url",
            served.get("url", "http://127.0.0.1:9"),
            "--content",
            str(project / "content"),
            "-n",
            "2",
            f"--randomly-seed={seed}",
            *trace_options,
        ],
    )
    return part


# A failed test as devtools/failed_tests.py records it: its id, pytest-xdist's group after
# an "@", and the stage that failed when it was not the test itself.
FAILED_TEST = re.compile(r"^(?P<id>.+?)(@\w+)?( \(error at (?P<stage>\w+)\))?$")


def traced_again(browser: Part, e2e_options: list[str], trace_options: list[str]) -> Part | None:
    """The failed browser tests once more, with the options that keep a Playwright trace
    and a screenshot of each failure: tracing every test of a run costs it half as much
    time again, tracing a failure's second run almost nothing (Playwright's own runner
    traces a test on its first retry, for the same reason). The run has failed either way:
    a test that passes this time is reported as having passed only on its second run."""
    tests = rerunnable(browser.failed_tests)
    if not trace_options or not browser.status or not tests:
        return None
    return pytest_part(
        "the failed browser tests again, traced",
        "e2e-again.txt",
        [*tests, "-q", "-p", "no:randomly", *e2e_options, *trace_options],
    )


def rerunnable(failed_tests: list[str]) -> list[str]:
    """The ids pytest runs again, of the failed tests recorded (a file that failed to
    collect has none)."""
    ids = []
    for line in failed_tests:
        failed = FAILED_TEST.match(line)
        if failed and failed["stage"] != "collection":
            ids.append(failed["id"])
    return list(dict.fromkeys(ids))


def note_second_passes(first: Part, again: Part) -> None:
    """Name the tests that failed the first time and passed the second (the run has failed
    all the same)."""
    passed = sorted(set(rerunnable(first.failed_tests)) - set(rerunnable(again.failed_tests)))
    if passed and again.status in (0, 1):  # 1: some failed again; otherwise pytest itself broke
        again.notes.append(f"{len(passed)} passed on their second run (flaky?):")
        again.notes += [f"    {test}" for test in passed]


def _started(part: Part, output=None) -> tuple[subprocess.Popen, float]:
    if part.failed_tests_file:
        part.failed_tests_file.unlink(missing_ok=True)
    process = subprocess.Popen(
        part.command, cwd=PROJECT_DIR, stdout=output, stderr=subprocess.STDOUT if output else None
    )
    return process, time.monotonic()


def _ended(part: Part, process: subprocess.Popen, began: float) -> None:
    # wait4 gives the part's own CPU time, which the parts running at once do not share:
    # on a loaded machine it says what a part costs better than its minutes do.
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = part.status = os.waitstatus_to_exitcode(status)
    part.seconds = time.monotonic() - began
    part.cpu_seconds = usage.ru_utime + usage.ru_stime
    if part.failed_tests_file and part.failed_tests_file.exists():
        part.failed_tests = part.failed_tests_file.read_text(encoding="utf-8").splitlines()
    part.ended.set()


def run(part: Part) -> None:
    print(f"\n=== {part.name}: {shlex.join(part.command)}", flush=True)
    _ended(part, *_started(part))


def _run_chain(chain: list[Part], beside: str, held: dict[str, str]) -> None:
    """Run parts one after another, each one's output held back in `held`."""
    for part in chain:
        part.beside = beside
        if part.after:
            part.after.ended.wait()
        with tempfile.TemporaryFile("w+", encoding="utf-8") as output:
            _ended(part, *_started(part, output))
            output.seek(0)
            held[part.name] = output.read()


def _print_held(parts: list[Part], held: dict[str, str]) -> None:
    for part in parts:
        print(f"\n=== {part.name} (beside the {part.beside}): {shlex.join(part.command)}")
        print(held[part.name], end="", flush=True)


def run_beside(step: Beside) -> None:
    """Each chain in a thread of its own, its parts' output held back, while `step.main`
    runs; then each held part's output, in the chains' order."""
    held: dict[str, str] = {}
    threads = [
        threading.Thread(target=_run_chain, args=(chain, step.main.name, held))
        for chain in step.chains
    ]
    for thread in threads:
        thread.start()
    run(step.main)
    for thread in threads:
        thread.join()
    _print_held([part for chain in step.chains for part in chain], held)


def in_background(chains: list[list[Part]], beside: str) -> Callable[[], None]:
    """Start each chain in a thread of its own, its output held back; returns what waits
    for them and prints that output, chain after chain. The clinic matrix's unit tests
    take longer than the unit tests they start beside: in the background they run on
    through the browser tests, which then start on time, rather than after them."""
    held: dict[str, str] = {}
    threads = [threading.Thread(target=_run_chain, args=(chain, beside, held)) for chain in chains]
    for thread in threads:
        thread.start()

    def finish() -> None:
        for thread in threads:
            thread.join()
        _print_held([part for chain in chains for part in chain], held)

    return finish


def early_fixture_server() -> tuple[threading.Thread, dict]:
    """Make and start the fixture clinic's production server in the background (its build
    takes a minute, mostly Vite and bun); `started` gets its url and process, or the error."""
    started: dict = {}

    def start() -> None:
        try:
            prepare()
            started["url"], started["process"] = servers.start(None, FIXTURE_PROJECT)
        except Exception as error:  # the browser tests then start their own and say why
            started["error"] = error

    # As the browser tests' own server would: Cal.com's API at a port where nothing listens.
    os.environ.setdefault("CLINIC_CAL_API_ORIGIN", "http://127.0.0.1:9")
    thread = threading.Thread(target=start, daemon=True)
    thread.start()
    return thread, started


def each_part(steps: list[Part | Beside]) -> list[Part]:
    """The parts in the order they are declared (a `Beside`'s chains before its main)."""
    flat: list[Part] = []
    for step in steps:
        if isinstance(step, Beside):
            flat += [part for chain in step.chains for part in chain] + [step.main]
        else:
            flat.append(step)
    return flat


def summary(all_parts: list[Part], seed: str, machine: tuple[float, float] | None = None) -> str:
    failed = [part for part in all_parts if part.status]
    lines = ["", "=" * 25 + " make test: every part " + "=" * 25]
    for part in all_parts:
        beside = f", beside the {part.beside}" if part.beside else ""
        took = f" ({part.seconds:.0f} s, {part.cpu_seconds:.0f} s CPU{beside})"
        if not part.status:
            lines.append(f"passed  {part.name}{took}")
        elif part.failed_tests:
            lines.append(f"FAILED  {part.name}{took}: {len(part.failed_tests)} failed")
            lines += [f"    {test}" for test in part.failed_tests]
        elif part.failed_tests_file:
            lines.append(f"FAILED  {part.name}{took}: pytest exited with {part.status} (see above)")
        else:
            lines.append(f"FAILED  {part.name}{took}: exit status {part.status} (see above)")
        lines += part.notes
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    everything = children.ru_utime + children.ru_stime
    lines.append(
        f"CPU time: {everything:.0f} s in all, of which the servers' builds and serving "
        f"{everything - sum(part.cpu_seconds for part in all_parts):.0f} s"
    )
    if machine:
        # The CPU time above is what the parts' processes and the servers' builds account
        # for: the processes they do not wait for (Chromium's, under Playwright's driver;
        # the servers while they serve) are not in it. The machine's own count is.
        busy, seconds = machine
        cores = os.cpu_count() or 1
        lines.append(
            f"The machine's cores: {busy:.0f} s busy in {seconds:.0f} s "
            f"({100 * busy / (seconds * cores):.0f} % of {cores}), every process counted"
        )
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
    arguments.add_argument("--unit-options", default="", help="more options for the unit tests")
    arguments.add_argument("--e2e-options", default="", help="more options for the browser tests")
    arguments.add_argument(
        "--trace-options",
        default="",
        help="options for running the failed browser tests again (traces, screenshots)",
    )
    options = arguments.parse_args()
    began, busy_before = time.monotonic(), cores_busy_seconds()
    e2e_options = shlex.split(options.e2e_options)
    steps = parts(options.seed, shlex.split(options.unit_options), e2e_options)
    all_parts = each_part(steps)
    server, started = early_fixture_server()
    matrix_chains = matrix_parts(options.seed)
    all_parts += [part for chain in matrix_chains for part in chain]
    matrix_server, matrix_started = early_matrix_servers(matrix_chains[0][0])
    matrix_finished = in_background(matrix_chains, "unit and browser tests")
    try:
        for step in steps:
            if step is steps[-1]:  # the browser tests: on the server started above
                server.join()
                if "url" in started:
                    os.environ[STARTED_SERVER] = started["url"]
                    # Its project is made for this run: the tests use it as it is.
                    os.environ[MADE_FOR_THIS_RUN] = str(FIXTURE_PROJECT)
            if isinstance(step, Beside):
                run_beside(step)
            else:
                run(step)
        browser = steps[-1]
        assert isinstance(browser, Part)
        again = traced_again(browser, e2e_options, shlex.split(options.trace_options))
        if again:
            all_parts.append(again)
            run(again)
            note_second_passes(browser, again)
        matrix_finished()
        matrix_server.join()
        for variant in (variant for variant in matrix.VARIANTS if variant.built):
            served = matrix_started.get(variant.name, {})
            smoke = smoke_part(variant, served, options.seed, shlex.split(options.trace_options))
            all_parts.append(smoke)
            if "url" in served:
                run(smoke)
            elif "skipped" in served:
                smoke.status, smoke.notes = 0, [f"    skipped: {served['skipped']}"]
            else:
                smoke.status, smoke.notes = 1, [f"    {served.get('error')}"]
    finally:
        if "process" in started:
            servers.stop(started["process"])
        for served in matrix_started.values():
            if "process" in served:
                servers.stop(served["process"])
    busy_after = cores_busy_seconds()
    machine = (
        (busy_after - busy_before, time.monotonic() - began)
        if busy_before is not None and busy_after is not None
        else None
    )
    print(summary(all_parts, options.seed, machine), flush=True)
    return 1 if any(part.status for part in all_parts) else 0


if __name__ == "__main__":
    sys.exit(main())
