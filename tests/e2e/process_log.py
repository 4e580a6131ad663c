"""Waiting for another process (a development server, Cloudflare's local runtime) to say
something in its log file: woken by the file system's change events (watchfiles, on
inotify), not by reading the file on a timer."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import watchfiles

# How long one wait for a change may last before the process and the deadline are looked at
# again: a process that died writes nothing more, so its exit must be noticed without one.
CHECK_EVERY_MS = 1000
# How long watchfiles gathers changes that come together before it reports them.
CHANGE_STEP_MS = 10


# How much of a log's end a failure shows.
TAIL_CHARS = 3000


def log_text(log: Path) -> str:
    return log.read_text(encoding="utf-8", errors="replace")


def log_tail(log: Path, chars: int = TAIL_CHARS) -> str:
    """The end of a process's log, for a failure's message (the log itself lives in a
    temporary folder that a later run may have removed by the time someone looks)."""
    try:
        return log_text(log)[-chars:]
    except OSError as error:
        return f"(no log: {error})"


def scaled_for_load(seconds: float) -> float:
    """A time limit for work that takes `seconds` on a quiet machine, stretched by how
    loaded this one is now (the load average per core: other builds, browsers and test
    workers share the cores), so that a busy machine is not mistaken for a broken test."""
    per_core = os.getloadavg()[0] / (os.cpu_count() or 1)
    return seconds * max(1.0, per_core)


def wait_for_line(
    log: Path,
    text: str,
    timeout_s: float,
    process: subprocess.Popen | None = None,
    times: int = 1,
) -> None:
    """Return once `text` is in `log` (`times` times at least); fail, with the log's end,
    if `process` exits first or time runs out."""
    deadline = time.monotonic() + timeout_s

    def said() -> bool:
        return log_text(log).count(text) >= times

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
            raise RuntimeError(f"the process exited early:\n{log_tail(log)}")
        if time.monotonic() > deadline:
            raise AssertionError(
                f"not in the log {times} time(s) after {timeout_s:.0f} s: {text!r}\n{log_tail(log)}"
            )
