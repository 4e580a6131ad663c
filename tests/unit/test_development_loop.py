"""`make dev` (tools/development_loop.py): a development server that ends on a mistake at
its start waits for the fix and starts again, as one that meets it while running does."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from tools.development_loop import POLL_S, development_loop

# Whatever a run reads is fixed within this; a loop still waiting after it has hung.
DEADLINE_S = 20
# A stand-in for `reflex run` that fails while the content file says "broken".
STAND_IN = (
    "import pathlib, sys; "
    "sys.exit(1 if pathlib.Path('content/clinic.yaml').read_text() == 'broken' else 0)"
)


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "clinic.yaml").write_text("broken")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_failed_start_waits_for_the_fix_and_starts_again(project):
    waiting, said, ended, runs = threading.Event(), [], {}, []

    def say(text: str) -> None:
        said.append(text)
        waiting.set()

    def loop() -> None:
        ended["code"] = development_loop(
            [sys.executable, "-c", STAND_IN], project, run=counted, say=say
        )

    def counted(command) -> int:
        runs.append(command)
        return subprocess.call(command)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    assert waiting.wait(DEADLINE_S), "the loop never said it waits for a fix"
    time.sleep(POLL_S * 4)  # a few of the loop's looks at the sources
    assert thread.is_alive(), "the loop ended after a failed start instead of waiting"
    assert len(runs) == 1, "the loop started again before anything was saved"
    (project / "content" / "clinic.yaml").write_text("fixed")
    thread.join(DEADLINE_S)
    assert not thread.is_alive(), "the loop did not start again after the fix was saved"
    assert ended["code"] == 0
    assert len(runs) == 2
    assert len(said) == 1 and "Ctrl+C" in said[0]


def test_a_run_stopped_by_a_signal_ends_the_loop(project):
    runs = []

    def stopped(command) -> int:
        runs.append(command)
        return -2  # SIGINT

    assert development_loop(["reflex", "run"], project, run=stopped) == -2
    assert len(runs) == 1
