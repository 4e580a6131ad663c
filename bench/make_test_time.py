"""How long a fresh clone's `make test` takes, and where the minutes go.

A newcomer's `make test` on a fresh clone: the clone is made in a temporary folder from a
commit of this repository (HEAD unless `--rev` names another), and `make test` runs there
as CI runs it, setup included (virtualenv, npm packages, the builds). Each line of its
output is timed as it arrives, so the report splits the total into setup (before the first
part starts) and each part of `devtools/test_all.py`, and keeps pytest's list of the
slowest browser tests. The machine's load before and after is recorded: a busy machine's
minutes are not a quiet one's. So is how many cores the run kept busy (all processes, from
/proc/stat, every second): a part that keeps every core busy is shortened only by doing
less, a part that leaves them idle is waiting on something.

    .venv/bin/python bench/make_test_time.py --label "after the fixture clinic"
    .venv/bin/python bench/make_test_time.py --rev fd3baed --label "before"

Writes bench/reports/make-test-time.md: this run, and the labelled runs of the last day
beside it (a comparison made in one sitting; the raw runs in .cache/bench/make-test-time.json).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from devtools.bench_runs import earlier_runs, raw_runs_path, report_path, run_record

JSON_REPORT = raw_runs_path("make-test-time")
MD_REPORT = report_path("make-test-time")
PROJECT_DIR = Path(__file__).resolve().parents[1]
# devtools/test_all.py announces each part with a line "=== <part>: <command>" and ends
# with a summary line per part: "passed  <part> (<seconds> s...)" (parts may overlap).
PART_START = re.compile(r"^=== (?P<name>[^:]+?)(?: \(alongside [^)]*\))?: ")
PART_TIME = re.compile(r"^(?:passed|FAILED)  (?P<name>.+?) \((?P<seconds>\d+) s(?P<note>[^)]*)\)")
# pytest's --durations list: "12.34s call     tests/e2e/test_<file>.py::test_<name>[chromium]".
DURATION = re.compile(r"^(?P<seconds>\d+\.\d+)s (?P<phase>call|setup|teardown)\s+(?P<test>\S+)")
VERDICT = re.compile(r"^make test: .*")
# The report's periods of cores busy (seconds).
BUSY_PERIOD_S = 30


class CoresBusy:
    """How many cores the machine keeps busy, second by second, while it runs (Linux's
    /proc/stat: every process, the kernel's work included)."""

    def __init__(self) -> None:
        self.per_second: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    @staticmethod
    def _ticks() -> tuple[int, int]:
        """(busy, all) clock ticks of every core so far."""
        fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        idle = fields[3] + fields[4]  # idle and waiting for I/O
        return sum(fields) - idle, sum(fields)

    def _sample(self) -> None:
        cores = os.cpu_count() or 1
        busy, total = self._ticks()
        while not self._stop.wait(1):
            now_busy, now_total = self._ticks()
            self.per_second.append(cores * (now_busy - busy) / max(now_total - total, 1))
            busy, total = now_busy, now_total

    def __enter__(self) -> CoresBusy:
        if Path("/proc/stat").exists():
            self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()

    def summary(self) -> dict:
        seconds = self.per_second
        periods = [
            round(sum(chunk) / len(chunk), 2)
            for chunk in (
                seconds[i : i + BUSY_PERIOD_S] for i in range(0, len(seconds), BUSY_PERIOD_S)
            )
        ]
        return {
            "cores": os.cpu_count(),
            "core_seconds": round(sum(seconds)),
            "by_period": periods,
        }


def timed_make_test(folder: Path, log: Path) -> dict:
    """Run `make test` in `folder`, timing each part; returns the samples."""
    env = {key: value for key, value in os.environ.items() if key != "CLINIC_CONTENT_DIR"}
    start = time.monotonic()
    first_part: float | None = None
    parts_seen: dict[str, float] = {}
    marks: list[tuple[str, float]] = []
    slowest: list[dict] = []
    verdict = ""
    with log.open("w") as out, CoresBusy() as cores_busy:
        process = subprocess.Popen(
            ["make", "test"],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert process.stdout is not None
        for line in process.stdout:
            out.write(line)
            now = time.monotonic() - start
            if found := PART_START.match(line):
                first_part = now if first_part is None else first_part
                marks.append((found["name"], now))
            elif found := PART_TIME.match(line):
                parts_seen[found["name"] + found["note"]] = float(found["seconds"])
            elif found := DURATION.match(line.strip()):
                slowest.append(
                    {
                        "seconds": float(found["seconds"]),
                        "phase": found["phase"],
                        "test": found["test"],
                    }
                )
            elif VERDICT.match(line.strip()):
                verdict = line.strip()
        status = process.wait()
    total = time.monotonic() - start
    parts = {"setup (venv, locks)": round(first_part if first_part is not None else total, 1)}
    if parts_seen:
        parts.update(parts_seen)
    else:  # a make test that does not time its parts: from one part's start to the next
        for (name, began), (_, ended) in zip(marks, [*marks[1:], ("", total)], strict=True):
            parts[name] = round(ended - began, 1)
    return {
        "total_s": round(total, 1),
        "exit_status": status,
        "verdict": verdict,
        "parts_s": parts,
        "slowest_browser_tests": sorted(slowest, key=lambda t: -t["seconds"])[:15],
        "cores_busy": cores_busy.summary(),
    }


def busy_lines(busy: dict | None) -> list[str]:
    """The report's lines on the cores the run kept busy (runs before this was measured
    have none)."""
    if not busy or not busy["by_period"]:
        return []
    periods = ", ".join(f"{value:.1f}" for value in busy["by_period"])
    return [
        f"Cores busy ({busy['cores']} in all): {busy['core_seconds']} core-seconds of work; "
        f"by {BUSY_PERIOD_S} s from the start: {periods}.",
        "",
    ]


def clone(rev: str, into: Path) -> Path:
    folder = into / "fresh"
    subprocess.run(["git", "clone", "-q", str(PROJECT_DIR), str(folder)], check=True)
    subprocess.run(["git", "checkout", "-q", rev], cwd=folder, check=True)
    return folder


def markdown(runs: dict) -> str:
    lines = [
        "# `make test` on a fresh clone",
        "",
        "Written by `bench/make_test_time.py`: a clone of the named commit in a temporary",
        "folder, `make test` as CI runs it (setup included), each part timed. Minutes depend",
        "on the machine's load, recorded with each run.",
        "",
    ]
    for label, meta in runs.items():
        samples = meta["samples"]
        lines += [
            f"## {label}",
            "",
            f"{meta['date']}, commit {meta['commit']} (cloned: {samples['rev']}), load average "
            f"{meta['load_before']:.2f} before and {meta['load_after']:.2f} after.",
            "",
            f"**Total: {samples['total_s'] / 60:.1f} min** (exit status "
            f"{samples['exit_status']}; {samples['verdict'] or 'no verdict line'})",
            "",
            "| part | seconds |",
            "| --- | ---: |",
            *(f"| {name} | {seconds:.0f} |" for name, seconds in samples["parts_s"].items()),
            "",
            *busy_lines(samples.get("cores_busy")),
            "Slowest browser tests (pytest `--durations`):",
            "",
            *(
                f"- {test['seconds']:.1f} s {test['phase']} `{test['test']}`"
                for test in samples["slowest_browser_tests"]
            ),
            "",
        ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", default="HEAD", help="the commit to clone (default HEAD)")
    parser.add_argument("--label", required=True, help="the run's name in the report")
    options = parser.parse_args()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="make-test-time-") as tmp:
        folder = clone(options.rev, Path(tmp))
        rev = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        samples = {"rev": rev, **timed_make_test(folder, raw_runs_path("make-test-time", ".log"))}
    runs = earlier_runs(JSON_REPORT)
    runs[options.label] = run_record(1, load_before, samples)
    JSON_REPORT.write_text(json.dumps(runs, indent=2) + "\n")
    MD_REPORT.write_text(markdown(runs))
    print(f"make test: {samples['total_s'] / 60:.1f} min; {MD_REPORT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
