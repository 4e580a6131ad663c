"""How busy the machine's cores have been: every process counted, those that have already
ended too, which a process's own CPU times miss (a browser's renderers, a server's
workers). Read by `make test`'s summary (devtools/test_all.py); `tree_busy_seconds`
counts one process tree alone, for the browser tests' CPU bench (bench/per_test_cpu.py)
on a machine that runs other work too. It imports nothing of the project.
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


def tree_busy_seconds(*roots: int) -> float:
    """The CPU time of the processes `roots` and all their descendants, alive or ended: a
    process's own times and those of the children it has reaped (a browser's zygote reaps
    each renderer its contexts started). What else runs on the machine is not counted, so
    this holds on a shared machine where `cores_busy_seconds` does not. Linux only (/proc);
    0.0 elsewhere."""
    ticks = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    times: dict[int, int] = {}
    for entry in Path("/proc").iterdir() if Path("/proc").is_dir() else ():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        # The command name, in parentheses, may hold spaces: the fields follow the last ")".
        fields = stat[stat.rindex(")") + 2 :].split()
        parent[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = sum(int(field) for field in fields[11:15])
    wanted = set(roots)
    total = 0
    for pid, spent in times.items():
        ancestor = pid
        while ancestor > 1 and ancestor not in wanted:
            ancestor = parent.get(ancestor, 0)
        if ancestor in wanted:
            total += spent
    return total / ticks
