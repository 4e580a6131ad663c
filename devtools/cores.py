"""How busy the machine's cores have been: every process counted, those that have already
ended too, which a process's own CPU times miss (a browser's renderers, a server's
workers). Read by `make test`'s summary (devtools/test_all.py) and the browser tests'
CPU bench (bench/per_test_cpu.py). It imports nothing of the project.
"""

from __future__ import annotations

import os
from pathlib import Path


def cores_busy_seconds() -> float | None:
    """Every process's CPU time on this machine since it started (/proc/stat: user, nice,
    system, interrupts), in seconds; None where there is no /proc/stat."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq = (int(field) for field in fields[:7])
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")
