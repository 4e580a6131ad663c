"""A clean `make export`: the generated frontend (.web) removed first, so the build installs
its npm packages and compiles every page, as on a fresh clone (minus the virtualenv).

    make bench WHAT=export-time

Writes bench/reports/export-time.md: when, on which commit, how many cores, the seconds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.bench_runs import report_path, run_line, run_record  # noqa: E402

REPORT = report_path("export-time")


def main() -> int:
    shutil.rmtree(ROOT / ".web", ignore_errors=True)
    load_before = os.getloadavg()[0]
    started = time.monotonic()
    subprocess.run(
        ["make", "--no-print-directory", "export"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL
    )
    seconds = time.monotonic() - started
    meta = run_record(1, load_before, {"seconds": seconds})
    REPORT.write_text(
        "# Clean export time\n\n"
        f"{run_line(meta, f'{os.cpu_count()} cores')}\n\n"
        f"`make export` with no `.web`: **{seconds:.1f} s**.\n"
    )
    print(f"clean export: {seconds:.1f} s; {REPORT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
