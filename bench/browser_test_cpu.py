"""What each browser test costs the machine: the CPU of every process (Chromium, the
Playwright driver, the server, pytest) while the test runs, test by test, so the cost of
`make test`'s longest part can be read file by file.

    make bench WHAT=browser-test-cpu                       # the whole browser suite
    make bench WHAT=browser-test-cpu ARGS="tests/e2e/test_home.py"

The tests run one at a time (no pytest-xdist, fixed order) against the fixture clinic's production
server (built and started first, as `make test` does); before and after each test the CPU
time of pytest's process tree and the server's is read (devtools/cores.py's
`tree_busy_seconds`): Chromium's processes, those a test starts and ends too (a browser
context's renderer lives only as long as its test, and the browser's zygote reaps it), the
Playwright driver, the runtimes a test starts, the server and its workers. Other work on
the machine is not counted, so the bench holds on a shared machine, though a busy one
still slows each process down a little (the report gives the load average before and
after).

Writes bench/reports/browser-test-cpu.md (its raw run: .cache/bench/browser-test-cpu.json).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.per_test_cpu import OUT_ENV, SERVER_ENV  # noqa: E402
from devtools.bench_runs import raw_runs_path, report_path, run_record  # noqa: E402

JSON_REPORT = raw_runs_path("browser-test-cpu")
MD_REPORT = report_path("browser-test-cpu")
# The pytest plugin that reads the tests' CPU around each test, in the run's own process.
PLUGIN = "bench.per_test_cpu"
TOP_TESTS = 15


# ------------------------------------------------------------------ the run and its report


def run_tests(pytest_args: list[str]) -> tuple[list[dict], int]:
    """The tests, one at a time, against the fixture clinic's production server, started
    here first as `make test` starts it, so that no test pays for its build."""
    from devtools import servers
    from devtools.test_all import STARTED_SERVER
    from tests.fixture_clinic.site import FIXTURE_PROJECT, prepare

    out = JSON_REPORT.with_suffix(".tests.json")
    out.unlink(missing_ok=True)
    command = [sys.executable, "-m", "pytest", *pytest_args, "-q", "-n", "0"]
    command += ["-p", "no:randomly", "-p", PLUGIN]
    # As the browser tests' own server would: Cal.com's API where nothing listens.
    os.environ.setdefault("CLINIC_CAL_API_ORIGIN", "http://127.0.0.1:9")
    prepare()
    url, server = servers.start(None, FIXTURE_PROJECT)
    try:
        environment = {
            **os.environ,
            OUT_ENV: str(out),
            SERVER_ENV: str(server.pid),
            STARTED_SERVER: url,
        }
        done = subprocess.run(command, cwd=ROOT, env=environment)
    finally:
        servers.stop(server)
    rows = json.loads(out.read_text()) if out.exists() else []
    return rows, done.returncode


def by_file(rows: list[dict]) -> list[tuple[str, int, float, float]]:
    """Each test file: its tests, their CPU and wall seconds, the costliest first."""
    files: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for row in rows:
        entry = files[row["test"].split("::")[0]]
        entry[0] += 1
        entry[1] += row["cpu_s"]
        entry[2] += row["wall_s"]
    return sorted(((f, int(n), c, w) for f, (n, c, w) in files.items()), key=lambda e: -e[2])


def lost_lines(lost: list[dict]) -> list[str]:
    """The report's word on the tests whose reading is below zero, if any."""
    if not lost:
        return []
    named = ", ".join(f"`{r['test']}` ({r['cpu_s']:.1f} s)" for r in lost)
    return [
        f"Left out: {len(lost)} test(s) read below zero, a process having left the counted "
        f"trees unreaped (its whole CPU time lost from the count): {named}.",
        "",
    ]


def report(record: dict, status: int) -> str:
    rows = record["samples"]["tests"]
    # A process that leaves the trees before its parent there has reaped it (one that a
    # runtime's stop orphans) takes its CPU time with it: the test it leaves in reads
    # less than nothing. Such tests are named and left out of the sums.
    lost = [r for r in rows if r["cpu_s"] < 0]
    rows = [r for r in rows if r["cpu_s"] >= 0]
    cpu = sum(r["cpu_s"] for r in rows)
    wall = sum(r["wall_s"] for r in rows)
    lines = [
        "# What each browser test costs the machine",
        "",
        f"{record['date']}, commit {record['commit']}, 2 cores, load average "
        f"{record['load_before']:.2f} before and {record['load_after']:.2f} after. "
        "Written by `bench/browser_test_cpu.py`: the browser tests one at a time against "
        "the fixture clinic, the CPU time of pytest's process tree and the server's "
        "(Chromium, the Playwright driver, the server, pytest) read before and after each test.",
        "",
        f"**{len(rows)} tests: {cpu:.0f} s of CPU in {wall:.0f} s** "
        f"({cpu / max(len(rows), 1):.2f} s a test; pytest's exit status {status}). "
        "The server is built and started before the first test.",
        "",
        *lost_lines(lost),
        "| file | tests | CPU s | CPU s a test | share |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, count, file_cpu, _ in by_file(rows):
        lines.append(
            f"| `{name}` | {count} | {file_cpu:.1f} | {file_cpu / count:.2f} | "
            f"{100 * file_cpu / max(cpu, 1e-9):.0f} % |"
        )
    lines += ["", f"The {TOP_TESTS} costliest tests:", ""]
    for row in sorted(rows, key=lambda r: -r["cpu_s"])[:TOP_TESTS]:
        lines.append(f"- {row['cpu_s']:.1f} s CPU ({row['wall_s']:.1f} s) `{row['test']}`")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pytest_args", nargs="*", default=["tests/e2e"])
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows, status = run_tests(args.pytest_args)
    if not rows:
        print("No test ran: nothing to report.", file=sys.stderr)
        return status or 1
    record = run_record(1, load_before, {"tests": rows})
    JSON_REPORT.write_text(json.dumps(record))
    MD_REPORT.write_text(report(record, status))
    print(f"Wrote {MD_REPORT.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
