"""First tap: how long after a control appears does a patient's tap first get an answer,
on a throttled phone connection, cold cache (budget: the first tap answers within
100 ms of the tap, whenever it comes).

    .venv/bin/python bench/first_tap.py --label before   # starts its own server
    SITE_URL=http://127.0.0.1:3000 .venv/bin/python bench/first_tap.py --label after

Three controls, each on a fresh page load in a fresh context (nothing cached):
- the phone menu button (390x844, home page, touch): answered when the panel it controls
  (`aria-controls` or `popovertarget`) is visible;
- the Services dropdown button (1280x800, contact page, mouse): the same answer;
- a swipe on the certifications strip (390x844, home page opened at #certifications,
  touch, reduced motion so that nothing auto-advances): answered when the first logo has
  moved more than 20 px sideways.

Two network and CPU profiles, set through CDP (Network.emulateNetworkConditions and
Emulation.setCPUThrottlingRate) before the navigation:
- Lighthouse's phone profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, 4x CPU;
- slow 3G: 400 ms, 400 kbit/s both ways, 6x CPU.

From the moment the navigation commits, the script taps (or swipes) the control's place
every 50 ms (or as soon as the page has taken the previous tap: the browser's input
acknowledgement waits for a busy main thread, as a real tap waits in its queue) (the place comes from an unthrottled load first: the layout does not move,
CLS 0) until the page answers. The page itself notes the times, on its own clock
(performance.now, an init script):
- `shown`: the first animation frame in which the control is visible and on screen;
- each tap's `pointerdown` timestamp (the input's hardware time, not when a busy main
  thread got round to it);
- `answered`: the first animation frame in which the answer is visible.

Reported per control and profile (median of --runs):
- shown: when the control appeared, from navigation start;
- wait: from `shown` to the answering tap (the last tap before `answered`): how long a
  patient tapping away would have waited; taps before it were lost;
- latency: from the answering tap to `answered`;
- lost: taps made after `shown` that got no answer.

The frames are the main thread's: a native scroll moved by the compositor while the main
thread is busy is seen at the next frame the main thread draws, so the swipe's latency
is an upper bound. Third parties are blocked. Results per label are kept in
.cache/bench/first-tap.json; bench/reports/first-tap.md shows every label side by side.

What this bench cannot see: it taps again only once the page has taken the previous tap,
and it reads the page's notes with Playwright's `evaluate` after each tap, which first
loads Playwright's helper script into the page (a main-thread task of its own). So it
never taps while the main thread is busy, and its first latencies include that helper's
task. bench/tap_during_load.py sends one tap at a chosen moment without waiting for
the page: that is the bench for "whenever it comes".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from clinic.site.components.navbar import MOBILE_MENU_BUTTON_ID  # noqa: E402
from clinic.site.pages.home.certifications import SECTION_ID  # noqa: E402
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

TAP_EVERY_S = 0.05
BUDGET_MS = 100
SWIPE_PX = 160  # how far a swipe's finger travels
MOVED_PX = 20  # how far the first logo must move for the swipe to count as answered


@dataclass(frozen=True)
class Profile:
    latency_ms: float
    down_kbit: float
    up_kbit: float
    cpu: float
    timeout_s: float


PROFILES = {
    "Lighthouse phone (150 ms, 1.6 Mbit/s, 4x CPU)": Profile(150, 1600, 750, 4, 30),
    "slow 3G (400 ms, 400 kbit/s, 6x CPU)": Profile(400, 400, 400, 6, 60),
}


@dataclass(frozen=True)
class Control:
    path: str
    viewport: dict
    touch: bool
    control: str  # CSS selector of what appears and is tapped
    kind: str  # "panel": its aria-controls / popovertarget shows; "strip": it moves
    swipe: bool = False


CONTROLS = {
    "phone menu button (390x844)": Control(
        path_for("home", "es"), MOBILE, True, f"#{MOBILE_MENU_BUTTON_ID}", "panel"
    ),
    "Services dropdown (1280x800)": Control(
        path_for("contact", "es"), DESKTOP, False, "#nav-services-button", "panel"
    ),
    "certifications swipe (390x844)": Control(
        f"{path_for('home', 'es')}#{SECTION_ID}",
        MOBILE,
        True,
        f"#{SECTION_ID} [data-carousel] [data-slide-index='0']",
        "strip",
        swipe=True,
    ),
}

# The page's own notes (see the docstring). window.__firstTap.kind/selector are set first.
PROBE = """
(() => {
  const probe = window.__firstTap;
  probe.shown = null; probe.answered = null; probe.taps = []; probe.points = [];
  let start = null;
  const onScreen = (el) => {
    if (!el || !el.checkVisibility()) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  };
  const answered = (el) => {
    if (probe.kind === "panel") {
      const id = el.getAttribute("aria-controls") || el.getAttribute("popovertarget");
      return !!id && onScreen(document.getElementById(id));
    }
    const left = el.getBoundingClientRect().left;
    if (start === null) start = left;
    return Math.abs(left - start) > probe.moved;
  };
  addEventListener("pointerdown", (e) => {
    probe.taps.push(e.timeStamp);
    probe.points.push([e.clientX, e.clientY]);
  }, {capture: true, passive: true});
  const frame = () => {
    const now = performance.now();
    const el = document.querySelector(probe.selector);
    if (probe.shown === null && onScreen(el)) { probe.shown = now; answered(el); }
    else if (probe.shown !== null && probe.answered === null && el && answered(el)) probe.answered = now;
    if (probe.answered === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


def probe_scripts(control: Control) -> list[str]:
    """The init scripts that have the page note `shown`, its taps and `answered`."""
    settings = {"selector": control.control, "kind": control.kind, "moved": MOVED_PX}
    return ["window.__firstTap = " + json.dumps(settings), PROBE]


def context_options(site: str, control: Control) -> dict:
    """The browser context a patient's phone (or desktop) gives the control."""
    return {
        "viewport": control.viewport,
        "is_mobile": control.touch,
        "has_touch": control.touch,
        "locale": "es-MX",
        "base_url": site,
        "reduced_motion": "reduce",
    }


def site_only(site: str):
    """A route handler: the site's own requests go through, third parties are blocked
    (sync and async Playwright alike)."""
    return lambda r: r.fallback() if r.request.url.startswith(site) else r.abort()


def throttling(profile: Profile) -> list[tuple[str, dict]]:
    """The CDP commands that put a page on the profile's network and CPU."""
    return [
        ("Network.enable", {}),
        (
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": profile.latency_ms,
                "downloadThroughput": profile.down_kbit * 1000 / 8,
                "uploadThroughput": profile.up_kbit * 1000 / 8,
            },
        ),
        ("Emulation.setCPUThrottlingRate", {"rate": profile.cpu}),
    ]


def new_context(browser, site: str, control: Control):
    context = browser.new_context(**context_options(site, control))
    context.route("**/*", site_only(site))
    return context


def tap_point(browser, site: str, control: Control) -> tuple[float, float]:
    """Where the control is, from an unthrottled load (the layout is the same before and
    after hydration)."""
    context = new_context(browser, site, control)
    page = context.new_page()
    page.goto(control.path)
    page.wait_for_load_state("networkidle")
    box = page.locator(control.control).first.bounding_box()
    context.close()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def swipe_events(x: float, y: float) -> list[dict]:
    """A finger's swipe to the left across (x, y), as CDP touch events, in order."""
    left, right = x - SWIPE_PX / 2, x + SWIPE_PX / 2
    moves = [
        {"type": "touchMove", "touchPoints": [{"x": right - (right - left) * step / 4, "y": y}]}
        for step in range(1, 5)
    ]
    return [
        {"type": "touchStart", "touchPoints": [{"x": right, "y": y}]},
        *moves,
        {"type": "touchEnd", "touchPoints": []},
    ]


def tap(page, cdp, control: Control, x: float, y: float) -> None:
    if control.swipe:
        for event in swipe_events(x, y):
            cdp.send("Input.dispatchTouchEvent", event)
    elif control.touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def one_run(browser, site: str, control: Control, profile: Profile, point) -> dict:
    context = new_context(browser, site, control)
    for script in probe_scripts(control):
        context.add_init_script(script)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    for command, params in throttling(profile):
        cdp.send(command, params)
    page.goto(control.path, wait_until="commit")
    deadline = time.monotonic() + profile.timeout_s
    notes = None
    while time.monotonic() < deadline:
        tick = time.monotonic()
        tap(page, cdp, control, *point)
        try:
            notes = page.evaluate("window.__firstTap")
        except PlaywrightError:  # the document is being replaced
            notes = None
        if notes and notes["answered"] is not None:
            break
        time.sleep(max(0.0, TAP_EVERY_S - (time.monotonic() - tick)))
    context.close()
    if not notes or notes["answered"] is None or notes["shown"] is None:
        return {"shown": None}
    shown, answered = notes["shown"], notes["answered"]
    before = [t for t in notes["taps"] if t <= answered]
    answering = before[-1]
    return {
        "shown": shown,
        "wait": max(0.0, answering - shown),
        "latency": answered - answering,
        "lost": sum(1 for t in before[:-1] if t >= shown),
    }


def measure(browser, site: str, runs: int) -> dict:
    results: dict = {}
    for name, control in CONTROLS.items():
        point = tap_point(browser, site, control)
        for profile_name, profile in PROFILES.items():
            samples = [one_run(browser, site, control, profile, point) for _ in range(runs)]
            results.setdefault(name, {})[profile_name] = samples
            print(f"{name} / {profile_name}: {samples}", flush=True)
    return results


def median_of(samples: list[dict], key: str) -> str:
    values = [s[key] for s in samples if s.get("shown") is not None]
    if not values:
        return "no answer"
    return f"{statistics.median(values):.0f}"


def write_report(results: dict) -> None:
    raw_runs_path("first-tap").write_text(json.dumps(results, indent=2) + "\n")
    lines = [
        "# First tap: from a control's first paint to the first tap that answers",
        "",
        "Written by `bench/first_tap.py` (its docstring says what is measured). Median of the "
        "runs, in ms; taps every 50 ms from the navigation on; cold cache; third parties blocked. "
        f"Goal: the first tap answers within {BUDGET_MS} ms of the tap, whenever it comes "
        "(wait 0, latency <= 100).",
        "",
        "- shown: the control is visible, ms after navigation start",
        "- wait: from shown to the tap that got the first answer (taps before it were lost)",
        "- latency: from that tap to the answer on screen",
        "- lost: taps after shown that got no answer",
        "",
    ]
    for label, meta in results.items():
        lines += [
            f"## {label}",
            "",
            run_line(meta),
            "",
            "| control | profile | shown | wait | latency | lost |",
            "|---|---|---|---|---|---|",
        ]
        for name, profiles in meta["samples"].items():
            for profile_name, samples in profiles.items():
                cells = [median_of(samples, key) for key in ("shown", "wait", "latency", "lost")]
                lines.append(f"| {name} | {profile_name} | " + " | ".join(cells) + " |")
        lines += ["", "Runs (shown / wait / latency / lost, ms):", ""]
        for name, profiles in meta["samples"].items():
            for profile_name, samples in profiles.items():
                runs = "; ".join(
                    f"{s['shown']:.0f} / {s['wait']:.0f} / {s['latency']:.0f} / {s['lost']}"
                    if s.get("shown") is not None
                    else "no answer"
                    for s in samples
                )
                lines.append(f"- {name}, {profile_name}: {runs}")
        lines.append("")
    report_path("first-tap").write_text("\n".join(lines))
    print("\n".join(lines))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--label", default="after", help="the section of this run (before, after)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    results = earlier_runs(raw_runs_path("first-tap"))
    load_before = os.getloadavg()[0]
    with site_to_measure() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        samples = measure(browser, url, args.runs)
        browser.close()
    results[args.label] = run_record(args.runs, load_before, samples)
    write_report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
