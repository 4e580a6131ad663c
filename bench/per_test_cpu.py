"""A pytest plugin for bench/browser_test_cpu.py: the machine's busy CPU (every process:
devtools/cores.py) and the wall time around each test, written as JSON to the file
$BROWSER_TEST_CPU_OUT names when the run ends. It imports nothing of clinic/: the
browser suite chooses its content before clinic/ is first imported."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from devtools.cores import cores_busy_seconds

OUT_ENV = "BROWSER_TEST_CPU_OUT"

_rows: list[dict] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    busy, started = cores_busy_seconds() or 0.0, time.monotonic()
    yield
    _rows.append(
        {
            "test": item.nodeid,
            "cpu_s": round((cores_busy_seconds() or 0.0) - busy, 3),
            "wall_s": round(time.monotonic() - started, 3),
        }
    )


def pytest_sessionfinish(session):
    out = os.environ.get(OUT_ENV)
    if out and _rows:
        Path(out).write_text(json.dumps(_rows))
