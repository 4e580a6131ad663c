"""The per-test timeout (pytest-timeout, `timeout` in pyproject.toml) bounds what a test
waits for; a build that a session fixture starts for the tests that follow (the fixture
clinic's production server, the development server, the sample's export) is not one
test's wait: on a fresh machine it installs the npm packages first and can take minutes,
within a deadline of its own. `outside_the_test_timeout()` keeps it off the clock.

pytest-timeout's "signal" method (the one pyproject.toml sets) counts with the process's
real-time interval timer: this stops that timer and starts it again afterwards with what
was left. With any other method, or no timeout, it does nothing.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def outside_the_test_timeout() -> Iterator[None]:
    """What runs inside does not count against the current test's timeout."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    left, _ = signal.getitimer(signal.ITIMER_REAL)
    signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        yield
    finally:
        if left:
            signal.setitimer(signal.ITIMER_REAL, left)
