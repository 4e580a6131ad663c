"""Where a bench writes (`report_path`, `raw_runs_path`), what its raw runs keep of one labelled
run (when, on which commit, how busy the machine was, and the samples), and where the
bench measures (bench/first_tap.py, bench/interaction_latency.py, bench/tap_during_load.py)."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from clinic.project import PROJECT_DIR
from devtools.servers import production_server

DATE_FORMAT = "%Y-%m-%d %H:%M UTC"

# A measure's report is what a reader needs of its latest run, committed and short enough
# to read: bench/reports/<measure>.md, named with hyphens (git keeps the earlier runs). Its
# raw runs (every sample, every Lighthouse run) stay on the machine that made them, in
# .cache/bench/, where the measure's next run finds them (`earlier_runs`): kept in git
# they outweighed the site's own code.
REPORTS = PROJECT_DIR / "bench" / "reports"
RAW_RUNS = PROJECT_DIR / ".cache" / "bench"


def report_path(name: str) -> Path:
    """The report `name` (hyphens: `tap-during-load`), its folder made if need be."""
    REPORTS.mkdir(parents=True, exist_ok=True)
    return REPORTS / f"{name}.md"


def raw_runs_path(name: str, suffix: str = ".json") -> Path:
    """Where the measure `name` keeps its raw runs, out of git, its folder made if need be."""
    RAW_RUNS.mkdir(parents=True, exist_ok=True)
    return RAW_RUNS / f"{name}{suffix}"


def short_commit() -> str:
    """HEAD's short hash, or "unknown" outside a git checkout."""
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=PROJECT_DIR, capture_output=True, text=True
    )
    return done.stdout.strip() or "unknown"


def run_record(runs: int, load_before: float, samples: dict) -> dict:
    """One run's entry in a bench's raw runs, taken when the run has just ended (the
    load average after it is read now)."""
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime(DATE_FORMAT),
        "commit": short_commit(),
        "runs": runs,
        "load_before": load_before,
        "load_after": os.getloadavg()[0],
        "samples": samples,
    }


def run_line(meta: dict, what: str | None = None) -> str:
    """A run's line in a report: when, on which commit, `what` was measured (by default
    "<runs> runs each"), how busy the machine was."""
    what = f"{meta['runs']} runs each" if what is None else what
    return (
        f"{meta['date']}, commit {meta['commit']}, {what}, load average "
        f"{meta['load_before']:.2f} before and {meta['load_after']:.2f} after."
    )


# A comparison (a "before" and an "after") is made in one sitting, on one machine in one
# state: a report keeps the runs of the last day beside the new one, and git the older.
KEPT_FOR = datetime.timedelta(days=1)


def earlier_runs(report: Path, now: datetime.datetime | None = None) -> dict:
    """The labelled runs of the last day that a bench's raw runs hold already (none before
    its first run on this machine)."""
    runs = json.loads(report.read_text()) if report.exists() else {}
    since = (now or datetime.datetime.now(datetime.UTC)) - KEPT_FOR
    return {label: meta for label, meta in runs.items() if _when(meta) >= since}


def _when(meta: dict) -> datetime.datetime:
    return datetime.datetime.strptime(meta["date"], DATE_FORMAT).replace(tzinfo=datetime.UTC)


def site_to_measure() -> AbstractContextManager[str]:
    """The site's URL for the run: SITE_URL when given (a server already running), else a
    production server started for the run and stopped after it."""
    site = os.environ.get("SITE_URL", "").rstrip("/")
    return nullcontext(site) if site else production_server()
