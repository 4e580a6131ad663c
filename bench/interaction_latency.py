"""Interaction latency: how long the page takes to answer five interactions, in Chromium
with 4x CPU throttling (budget: median of 10 <= 100 ms each).

    .venv/bin/python bench/interaction_latency.py --label before   # starts its own server
    SITE_URL=http://127.0.0.1:3000 .venv/bin/python bench/interaction_latency.py --label after

Against the production server (the same one `make run` starts), third parties blocked,
it measures each interaction 10 times:
- open the mobile menu (390x844, home page),
- open a navigation dropdown (1280x800, contact page),
- type one character in the contact form's message field,
- submit the empty contact form (a fresh page each time: the first failed submit is the
  one that draws every error message),
- next slide of the certifications carousel (home page, once Embla has taken over).

Latency is what the Event Timing API reports for the interaction: from the input event's
hardware timestamp to the next paint after its handlers ran (the `duration` of the
PerformanceEventTiming entries with an interactionId, the largest per interaction, as
INP counts it). Chromium reports durations in 8 ms steps and only from 16 ms up: an
interaction with no entry took less than 16 ms and is recorded as 16.

Before measuring, the script waits (up to --max-wait s) for the 1-minute load average to
drop below --quiet-load: the machine is shared, and a neighbour's build would be counted
against the page. Each label's results are kept in .cache/bench/interaction-latency.json;
bench/reports/interaction-latency.md shows every label side by side.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from clinic.site.routes import path_for  # noqa: E402
from devtools.bench_runs import (  # noqa: E402
    earlier_runs,
    raw_runs_path,
    report_path,
    run_line,
    run_record,
    site_to_measure,
)
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS, DESKTOP, MOBILE  # noqa: E402

CPU_SLOWDOWN = 4
BUDGET_MS = 100
MIN_REPORTED_MS = 16  # Chromium's smallest Event Timing duration threshold

# Every event-timing entry of an interaction, kept in the page.
OBSERVER = """
window.__events = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.interactionId) window.__events.push({id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration});
  }
}).observe({type: "event", durationThreshold: 16, buffered: true});
"""


def wait_for_quiet_machine(limit: float, max_wait_s: float) -> float:
    """Wait until the 1-minute load average is below `limit` (or max_wait_s passed)."""
    deadline = time.monotonic() + max_wait_s
    while True:
        load = os.getloadavg()[0]
        if load < limit or time.monotonic() > deadline:
            return load
        print(f"  waiting for a quiet machine: load {load:.2f} >= {limit}", flush=True)
        time.sleep(15)


def settle(page) -> None:
    """Let the page go quiet: its lazy code loaded, no task pending."""
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(400)


def latency(page, action) -> float:
    """Run `action` (one interaction) and return its Event Timing duration in ms."""
    page.evaluate("window.__events = []; window.__mark = performance.now()")
    action()
    page.wait_for_timeout(350)  # the entry is queued after the next paint
    events = page.evaluate("window.__events.filter((e) => e.start >= window.__mark)")
    by_interaction: dict[int, float] = {}
    for event in events:
        by_interaction[event["id"]] = max(by_interaction.get(event["id"], 0), event["duration"])
    return max(by_interaction.values(), default=MIN_REPORTED_MS)


class Session:
    """A fresh context and page at one viewport size, throttled, third parties blocked."""

    def __init__(self, browser, site: str, viewport: dict, mobile: bool = False):
        self.context = browser.new_context(
            viewport=viewport, is_mobile=mobile, has_touch=mobile, locale="es-MX", base_url=site
        )
        self.context.route(
            "**/*", lambda r: r.fallback() if r.request.url.startswith(site) else r.abort()
        )
        self.context.add_init_script(OBSERVER)
        self.page = self.context.new_page()
        cdp = self.context.new_cdp_session(self.page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})

    def open(self, path: str):
        self.page.goto(path)
        settle(self.page)
        return self.page

    def close(self):
        self.context.close()


def mobile_menu(browser, site, runs):
    session = Session(browser, site, MOBILE, mobile=True)
    page = session.open(path_for("home", "es"))
    button = page.locator("header button[popovertarget]").last
    samples = []
    for _ in range(runs):
        samples.append(latency(page, button.click))
        page.keyboard.press("Escape")
        page.wait_for_timeout(200)
    session.close()
    return samples


def dropdown(browser, site, runs):
    session = Session(browser, site, DESKTOP)
    page = session.open(path_for("contact", "es"))
    button = page.locator("header nav button[aria-controls]").first
    samples = []
    for _ in range(runs):
        samples.append(latency(page, button.click))
        page.keyboard.press("Escape")
        page.mouse.click(1200, 700)
        page.wait_for_timeout(200)
    session.close()
    return samples


def typing(browser, site, runs):
    session = Session(browser, site, DESKTOP)
    page = session.open(path_for("contact", "es"))
    message = page.locator("form[data-contact-form] textarea")
    message.click()
    page.wait_for_timeout(200)
    samples = []
    for letter in "abcdefghij"[:runs]:
        samples.append(latency(page, functools.partial(page.keyboard.type, letter)))
        page.wait_for_timeout(100)
    session.close()
    return samples


def empty_submit(browser, site, runs):
    session = Session(browser, site, DESKTOP)
    samples = []
    for _ in range(runs):
        page = session.open(path_for("contact", "es"))
        submit = page.locator("form[data-contact-form] button[type=submit]")
        submit.scroll_into_view_if_needed()
        page.wait_for_timeout(200)
        samples.append(latency(page, submit.click))
    session.close()
    return samples


def next_slide(browser, site, runs):
    session = Session(browser, site, DESKTOP)
    page = session.open(path_for("home", "es"))
    carousel = page.locator("#certifications [data-carousel]")
    carousel.scroll_into_view_if_needed()
    page.wait_for_selector("#certifications [data-carousel][data-ready]")
    settle(page)
    button = carousel.locator("[data-carousel-next]")
    samples = []
    for _ in range(runs):
        samples.append(latency(page, button.click))
        page.wait_for_timeout(600)  # the slide has finished moving
    session.close()
    return samples


INTERACTIONS = {
    "open the mobile menu": mobile_menu,
    "open a dropdown": dropdown,
    "type a character in the message": typing,
    "submit the empty form": empty_submit,
    "next carousel slide": next_slide,
}


def write_report(results: dict) -> None:
    raw_runs_path("interaction-latency").write_text(json.dumps(results, indent=2) + "\n")
    labels = list(results)
    lines = [
        "# Interaction latency (Event Timing, Chromium, 4x CPU throttling)",
        "",
        f"Median of the runs of each interaction, in ms (budget: <= {BUDGET_MS} ms).",
        "Written by `bench/interaction_latency.py`; its docstring says what is measured.",
        "",
        "| interaction | " + " | ".join(labels) + " |",
        "|---|" + "---|" * len(labels),
    ]
    for name in INTERACTIONS:
        cells = []
        for label in labels:
            samples = results[label]["samples"].get(name)
            if not samples:
                cells.append("-")
                continue
            median = statistics.median(samples)
            cells.append(f"{median:.0f}{'' if median <= BUDGET_MS else ' (over)'}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "## Runs", ""]
    for label in labels:
        meta = results[label]
        lines += [
            f"### {label}",
            "",
            run_line(meta),
            "",
        ]
        for name, samples in meta["samples"].items():
            lines.append(f"- {name}: " + ", ".join(f"{s:.0f}" for s in samples))
        lines.append("")
    report_path("interaction-latency").write_text("\n".join(lines))
    print("\n".join(lines))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--label", default="after", help="the column of this run (before, after, ...)"
    )
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument(
        "--quiet-load", type=float, default=1.0, help="wait until the load average is below"
    )
    parser.add_argument(
        "--max-wait", type=float, default=600, help="seconds to wait for a quiet machine at most"
    )
    args = parser.parse_args()

    results = earlier_runs(raw_runs_path("interaction-latency"))
    with site_to_measure() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        load_before = wait_for_quiet_machine(args.quiet_load, args.max_wait)
        samples = {}
        for name, measure in INTERACTIONS.items():
            wait_for_quiet_machine(args.quiet_load, args.max_wait / 5)
            samples[name] = measure(browser, url, args.runs)
            print(
                f"{name}: median {statistics.median(samples[name]):.0f} ms {samples[name]}",
                flush=True,
            )
        browser.close()
    results[args.label] = run_record(args.runs, load_before, samples)
    write_report(results)
    worst = max(statistics.median(s) for s in samples.values())
    return 0 if worst <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
