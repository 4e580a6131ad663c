"""devtools/cores.py's count of one process tree's CPU (the browser tests' CPU bench)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from devtools.cores import tree_busy_seconds

BURN = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass"


def test_a_child_that_has_ended_is_counted_in_its_parents_tree():
    before = tree_busy_seconds(os.getpid())
    subprocess.run([sys.executable, "-c", BURN], check=True)
    assert tree_busy_seconds(os.getpid()) - before >= 0.25


def test_work_outside_the_tree_is_not_counted():
    idle = subprocess.Popen(
        [sys.executable, "-c", "import time; print('ready', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert idle.stdout.readline() == "ready\n"  # its start-up done: from here it sleeps
        before = tree_busy_seconds(idle.pid)
        end = time.process_time() + 0.3
        while time.process_time() < end:  # this process works; the sleeper does not
            pass
        assert tree_busy_seconds(idle.pid) - before < 0.05
    finally:
        idle.kill()
        idle.wait()
