"""A pytest plugin for bench/browser_test_cpu.py: the CPU time of this pytest process and
of the server $BROWSER_TEST_CPU_SERVER names, with everything they started (Chromium's
processes, ended ones too: devtools/cores.py's `tree_busy_seconds`), and the wall time
around each test, written as JSON to the file $BROWSER_TEST_CPU_OUT names when the run
ends. It imports nothing of clinic/: the
browser suite chooses its content before clinic/ is first imported."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from devtools.cores import tree_busy_seconds

OUT_ENV = "BROWSER_TEST_CPU_OUT"
SERVER_ENV = "BROWSER_TEST_CPU_SERVER"

_rows: list[dict] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    roots = (os.getpid(), *([int(os.environ[SERVER_ENV])] if os.environ.get(SERVER_ENV) else []))
    busy, started = tree_busy_seconds(*roots), time.monotonic()
    yield
    _rows.append(
        {
            "test": item.nodeid,
            "cpu_s": round(tree_busy_seconds(*roots) - busy, 3),
            "wall_s": round(time.monotonic() - started, 3),
        }
    )


def pytest_sessionfinish(session):
    out = os.environ.get(OUT_ENV)
    if out and _rows:
        Path(out).write_text(json.dumps(_rows))
