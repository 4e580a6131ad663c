"""The main thread's long tasks after first paint, read from a Lighthouse run's trace.

Lighthouse's Total Blocking Time is simulated: each main-thread task the page ran in the
unthrottled load is stretched by the CPU slowdown (4x on the mobile profile), and every
stretched task over 50 ms between first paint and interactive counts its excess. So a
task observed at 12.5 ms is a long task on the phone profile. This lists, for each task
of a saved run (`bench/lighthouse.py --artifacts DIR`) that starts after the first
contentful paint and is long at the slowdown: when it ran, how long, how it started
(a timer, a module evaluated, an event...) and, when the run was made with the
V8 sampling profiler on (`bench/lighthouse.py --profile`), which code it ran: its samples'
self time by the script they were in (a built chunk, named without its content hash; a
native function such as `fetch` is counted with the script that called it).

    .venv/bin/python bench/long_tasks.py DIR/001-agenda-tu-cita DIR/002-contacto
    .venv/bin/python bench/long_tasks.py --request /api/open-times/ DIR/*/   # the tasks that
                                     # sent those requests, however short
"""

from __future__ import annotations

import argparse
import bisect
import collections
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

CPU_SLOWDOWN = 4  # Lighthouse's mobile profile
LONG_TASK_MS = 50  # a long task at the slowdown (TBT counts what is over it)
# Events inside a task that say what it was doing, by the name the trace gives them.
STARTERS = {
    "TimerFire": "timer",
    "v8.evaluateModule": "module evaluated",
    "EvaluateScript": "script evaluated",
    "FunctionCall": "function call",
    "EventDispatch": "event",
    "ParseHTML": "HTML parsed",
    "FireAnimationFrame": "animation frame",
    "RunMicrotasks": "microtasks",
    "Layout": "layout",
    "UpdateLayoutTree": "style",
    "Paint": "paint",
}
# Longer than the sampler's interval (about 0.2 ms here) but shorter than a descheduling.
SAMPLE_GAP_US = 1000
# The scripts Lighthouse runs in the page once it has loaded (not the page's work).
LIGHTHOUSE_SCRIPT = "_lighthouse-eval.js"
CONTENT_HASH = re.compile(r"-[A-Za-z0-9_-]{8}\.js$")


@dataclass
class Task:
    start_ms: float  # after navigation start, observed
    duration_ms: float  # observed
    started_by: str
    scripts: list[str]  # the scripts it evaluated or called into, in order
    self_ms_by_code: list[tuple[str, float]] = field(default_factory=list)

    @property
    def simulated_ms(self) -> float:
        return self.duration_ms * CPU_SLOWDOWN


def script_name(url: str, page_url: str = "") -> str:
    """A chunk's file name without its content hash; the page's own inline scripts as
    'inline script'."""
    if not url:
        return ""
    path = url.split("?", 1)[0]
    if page_url and path.rstrip("/") == page_url.split("?", 1)[0].rstrip("/"):
        return "inline script"
    return CONTENT_HASH.sub("", path.rsplit("/", 1)[-1]) or path


def _events(folder: Path) -> list[dict]:
    trace = json.loads((folder / "trace.json").read_text())
    return trace["traceEvents"] if isinstance(trace, dict) else trace


def _page_url(folder: Path) -> str:
    report = folder / "lhr.report.json"
    if report.exists():
        lhr = json.loads(report.read_text())
        return lhr.get("finalDisplayedUrl") or lhr.get("requestedUrl") or ""
    return ""


class _Samples:
    """The V8 sampling profiler's samples on one thread: (time, innermost node)."""

    def __init__(self, events: list[dict], pid: int, tid: int):
        self.nodes: dict[int, dict] = {}
        self.parent: dict[int, int] = {}
        self.stamps: list[tuple[float, int]] = []
        # The profile of the main thread's isolate (its chunks come from the sampler's thread).
        profile = next(
            (
                e
                for e in events
                if e.get("name") == "Profile" and e.get("pid") == pid and e.get("tid") == tid
            ),
            None,
        )
        if not profile:
            return
        profile_id = profile.get("id")
        now = profile["args"]["data"]["startTime"]
        for event in events:
            if event.get("name") != "ProfileChunk" or event.get("pid") != pid:
                continue
            if event.get("id") != profile_id:
                continue
            data = event["args"]["data"]
            profile_data = data.get("cpuProfile", {})
            for node in profile_data.get("nodes", []):
                self.nodes[node["id"]] = node
                if "parent" in node:
                    self.parent[node["id"]] = node["parent"]
            for sample, delta in zip(
                profile_data.get("samples", []), data.get("timeDeltas", []), strict=False
            ):
                now += delta
                self.stamps.append((now, sample))
        for node in self.nodes.values():
            for child in node.get("children", []):
                self.parent[child] = node["id"]

    def code_of(self, node_id: int, page_url: str) -> str:
        """Where a sample's time goes: its function's script, or for a native function
        (no script of its own) that function's name with its nearest caller's script."""
        frame = self.nodes[node_id]["callFrame"]
        name = frame.get("functionName") or ""
        if frame.get("url"):
            return script_name(frame["url"], page_url)
        if name in ("(idle)", "(program)", "(garbage collector)", "(root)", ""):
            return name or "(program)"
        caller = self.parent.get(node_id)
        while caller is not None and not self.nodes[caller]["callFrame"].get("url"):
            caller = self.parent.get(caller)
        where = (
            script_name(self.nodes[caller]["callFrame"]["url"], page_url) if caller else "browser"
        )
        return f"{where} ({name})"

    def self_time(self, start: float, end: float, page_url: str) -> list[tuple[str, float]]:
        inside = [(t, node) for t, node in self.stamps if start <= t < end]
        if not inside:
            return []
        # Each sample stands for the time until the next one, but at most SAMPLE_GAP_US:
        # a longer gap is time the thread was not running (another process had the CPU),
        # counted as "not sampled" with whatever else the samples do not cover.
        weights: collections.Counter[str] = collections.Counter()
        for i, (t, node) in enumerate(inside):
            following = inside[i + 1][0] if i + 1 < len(inside) else end
            weights[self.code_of(node, page_url)] += min(SAMPLE_GAP_US, max(0.0, following - t))
        weights["(not sampled)"] = max(0.0, (end - start) - sum(weights.values()))
        return [(code, us / 1000) for code, us in weights.most_common() if us > 0]


@dataclass
class _Run:
    """One saved run's page: its main thread's complete events, in order, and its times."""

    events: list[dict]
    page_url: str
    fcp_ts: float
    navigation_ts: float
    on_main: list[dict]
    starts: list[float]
    samples: _Samples

    @classmethod
    def read(cls, folder: Path) -> _Run:
        events = _events(folder)
        fcp = next(e for e in events if e.get("name") == "firstContentfulPaint")
        pid, tid = fcp["pid"], fcp["tid"]
        navigation_id = fcp.get("args", {}).get("data", {}).get("navigationId")
        navigation = next(
            (
                e["ts"]
                for e in events
                if e.get("name") == "navigationStart"
                and e.get("args", {}).get("data", {}).get("navigationId") == navigation_id
            ),
            fcp["ts"],
        )
        on_main = sorted(
            (
                e
                for e in events
                if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") in ("X", "I", "i")
            ),
            key=lambda e: (e["ts"], -e.get("dur", 0)),
        )
        return cls(
            events=events,
            page_url=_page_url(folder),
            fcp_ts=fcp["ts"],
            navigation_ts=navigation,
            on_main=on_main,
            starts=[e["ts"] for e in on_main],
            samples=_Samples(events, pid, tid),
        )

    def tasks(self) -> list[dict]:
        return [e for e in self.on_main if e.get("name") == "RunTask" and e.get("ph") == "X"]

    def inside(self, task: dict) -> list[dict]:
        start, end = task["ts"], task["ts"] + task["dur"]
        window = self.on_main[
            bisect.bisect_left(self.starts, start) : bisect.bisect_left(self.starts, end)
        ]
        return [e for e in window if e is not task]

    def task(self, event: dict) -> Task:
        # What it did: the complete events inside it (instant ones only mark moments).
        inside = [e for e in self.inside(event) if e.get("ph") == "X"]
        started_by = next((STARTERS[e["name"]] for e in inside if e["name"] in STARTERS), "other")
        scripts = []
        for each in inside:
            data = each.get("args", {}).get("data") or {}
            name = script_name(data.get("url", ""), self.page_url)
            if name and name not in scripts:
                scripts.append(name)
        start, end = event["ts"], event["ts"] + event["dur"]
        return Task(
            start_ms=(start - self.navigation_ts) / 1000,
            duration_ms=event["dur"] / 1000,
            started_by=started_by,
            scripts=scripts,
            self_ms_by_code=self.samples.self_time(start, end, self.page_url),
        )


def long_tasks(folder: Path, min_simulated_ms: float = LONG_TASK_MS) -> list[Task]:
    """The run's tasks after first contentful paint that are long at the CPU slowdown."""
    run = _Run.read(folder)
    return [
        run.task(event)
        for event in run.tasks()
        if event["ts"] >= run.fcp_ts
        and event.get("dur", 0) / 1000 * CPU_SLOWDOWN >= min_simulated_ms
    ]


def tasks_sending(folder: Path, url_part: str) -> list[Task]:
    """The tasks in which the page sent a request whose URL contains `url_part` (the
    trace's ResourceSendRequest), each once, whatever their length."""
    run = _Run.read(folder)
    found: list[Task] = []
    for event in run.tasks():
        sends = [
            e
            for e in run.inside(event)
            if e.get("name") == "ResourceSendRequest"
            and url_part in (e.get("args", {}).get("data") or {}).get("url", "")
        ]
        if sends:
            found.append(run.task(event))
    return found


def time_after_paint(folder: Path) -> list[tuple[str, float]]:
    """All the main thread's work after first contentful paint, every task however short,
    as self time by script (ms, most first; needs the profiler's samples). Lighthouse's
    own scripts, run after the load to gather its data, are left out."""
    total: collections.Counter[str] = collections.Counter()
    for task in long_tasks(folder, min_simulated_ms=0):
        if LIGHTHOUSE_SCRIPT in task.scripts or any(
            LIGHTHOUSE_SCRIPT in code for code, _ in task.self_ms_by_code
        ):
            continue
        for code, ms in task.self_ms_by_code:
            total[code] += ms
    return total.most_common()


def describe(task: Task, top: int = 5) -> str:
    line = (
        f"at {task.start_ms:5.0f} ms: {task.duration_ms:5.1f} ms ({task.simulated_ms:4.0f} at "
        f"{CPU_SLOWDOWN}x), {task.started_by}"
    )
    if task.scripts:
        line += f"; scripts {', '.join(task.scripts)}"
    if task.self_ms_by_code:
        line += "; self time " + ", ".join(
            f"{code} {ms:.1f}" for code, ms in task.self_ms_by_code[:top]
        )
    return line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="runs saved with --artifacts")
    parser.add_argument(
        "--request",
        metavar="URL_PART",
        help="instead: the tasks that sent a request whose URL contains this, however short",
    )
    args = parser.parse_args()
    for folder in args.folders:
        print(folder.name)
        found = tasks_sending(folder, args.request) if args.request else long_tasks(folder)
        for task in found:
            print("   ", describe(task))
    return 0


if __name__ == "__main__":
    sys.exit(main())
