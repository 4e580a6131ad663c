"""`make dev`: Reflex's development loop (`reflex run`) that waits for a fix instead of ending.

`reflex run` compiles the site before it serves it. A mistake found then (in content/, which
says so in one line naming the file and field, or in the code) ends it, where the same
mistake made while it runs only stops the pages until the next save. Here both read the
same: when `reflex run` ends with a failure, this waits for the next edit of the project's
sources and starts it again, so a developer who starts on broken content fixes it and sees
the site, without going back to the terminal.

    .venv/bin/python tools/development_loop.py [reflex run's options]
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parents[1]
# What a fix is saved in: the content, the code, the assets and Reflex's configuration.
WATCHED = ("content", "clinic", "assets", "rxconfig.py")
POLL_S = 0.5


def sources_stamp(project: Path = PROJECT_DIR) -> dict[str, int]:
    """Each watched file's modification time: a save changes it."""
    stamp: dict[str, int] = {}
    for name in WATCHED:
        top = project / name
        paths = [top] if top.is_file() else (p for p in top.rglob("*") if p.is_file())
        for path in paths:
            if "__pycache__" not in path.parts:
                stamp[str(path)] = path.stat().st_mtime_ns
    return stamp


def wait_for_an_edit(project: Path, since: dict[str, int], poll_s: float = POLL_S) -> None:
    """Return once the sources differ from `since` (at once if they already do)."""
    while sources_stamp(project) == since:
        time.sleep(poll_s)


def development_loop(
    command: Sequence[str],
    project: Path = PROJECT_DIR,
    run: Callable[[Sequence[str]], int] = subprocess.call,
    say: Callable[[str], None] = print,
) -> int:
    """Run `command` in `project` until it ends well or is stopped (Ctrl+C); after each
    failure, wait for an edit and run it again."""
    while True:
        # Taken before the run: a fix saved while it was failing starts it again at once.
        before = sources_stamp(project)
        code = run(command)
        if code == 0 or code < 0:  # ended well, or stopped by a signal
            return code
        say(
            "Waiting for a fix: save it (content/, clinic/, assets/ or rxconfig.py) and the "
            "site starts again. Ctrl+C stops.\n"
        )
        wait_for_an_edit(project, since=before)


def main(arguments: Sequence[str]) -> int:
    reflex = Path(sys.executable).with_name("reflex")
    os.chdir(PROJECT_DIR)
    try:
        return development_loop([str(reflex), "run", *arguments])
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
