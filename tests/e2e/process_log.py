"""Waiting for another process (a development server, Cloudflare's local runtime) to say
something in its log file: woken by the file system's change events (watchfiles, on
inotify), not by reading the file on a timer."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import watchfiles

# How long one wait for a change may last before the process and the deadline are looked at
# again: a process that died writes nothing more, so its exit must be noticed without one.
CHECK_EVERY_MS = 1000
# How long watchfiles gathers changes that come together before it reports them.
CHANGE_STEP_MS = 10


def wait_for_line(
    log: Path, text: str, timeout_s: float, process: subprocess.Popen | None = None
) -> None:
    """Return once `text` is in `log`; fail if `process` exits first or time runs out."""
    deadline = time.monotonic() + timeout_s

    def said() -> bool:
        return text in log.read_text(encoding="utf-8", errors="replace")

    if said():
        return
    # No debounce (watchfiles waits 1.6 s for more changes by default): a test may have to
    # act on a line at once, as a developer fixing a file would.
    for _changes in watchfiles.watch(
        log,
        debounce=0,
        step=CHANGE_STEP_MS,
        rust_timeout=CHECK_EVERY_MS,
        yield_on_timeout=True,
        raise_interrupt=False,
    ):
        if said():
            return
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the process exited early:\n{log.read_text()[-3000:]}")
        if time.monotonic() > deadline:
            raise AssertionError(
                f"not in the log after {timeout_s} s: {text!r}\n{log.read_text()[-2000:]}"
            )
