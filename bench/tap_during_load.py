"""A tap at any moment of the load: how long a patient waits for the answer to one tap
made while the page is still loading its scripts and hydrating (goal: within 100 ms of
the tap, whenever it comes after the control shows).

    .venv/bin/python bench/tap_during_load.py --label after   # starts its own server
    SITE_URL=http://127.0.0.1:3000 .venv/bin/python bench/tap_during_load.py --label after
    .venv/bin/python bench/tap_during_load.py --label after --loads 3 \
        --controls "phone menu button (390x844)"             # 3 loads per moment, one control

Why next to bench/first_tap.py: that bench taps again as soon as the page has taken the
previous tap, so it cannot tap while the page's main thread is busy; it sees the first
tap that got in, not what a tap made during a busy moment waits. Here every load gets
exactly one tap, sent at a chosen moment after the navigation commits and never waited
for: the input goes to the browser at once, and the page takes it when its main thread
can, as a real tap. The tap's time is the browser's timestamp of its input event (its
`pointerdown.timeStamp`), so the latency counts the time it waited in the queue.

The same three controls, two profiles and page probe as bench/first_tap.py (cold cache,
third parties blocked). For each control and profile, the taps are spread over the load:
`--loads` loads (default 1) per moment of MOMENTS_MS (ms after the navigation commits),
chosen to fall before, during and after the scripts arrive. A single tap swings by
hundreds of ms from one load to the next (when the page's tasks fall is never quite the
same): compare two builds with several loads per moment. Reported:
- the latency of each tap made after the control showed (ms from the tap to the first
  frame that shows the answer), their median and the largest;
- taps that got no answer within NO_ANSWER_AFTER_S ("no answer");
- taps the page got somewhere else than aimed ("misplaced by the emulation", not counted:
  see `one_tap`);
- taps made before the control showed are listed apart: a patient cannot aim at them.

Results per label are kept in .cache/bench/tap-during-load.json; the report shows every
label.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
from pathlib import Path

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import async_playwright
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.first_tap import (  # noqa: E402
    BUDGET_MS,
    CONTROLS,
    PROFILES,
    SWIPE_PX,
    Control,
    Profile,
    context_options,
    probe_scripts,
    site_only,
    swipe_events,
    tap_point,
    throttling,
)
from devtools.bench_runs import (  # noqa: E402
    earlier_runs,
    raw_runs_path,
    report_path,
    run_line,
    run_record,
    site_to_measure,
)
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

# When the one tap of a load is sent, ms after the navigation commits, per profile: from
# around the first paint to well after hydration (slow 3G hydrates from about 4.5 s on;
# bench/reports/first-tap.md has when each control shows).
MOMENTS_MS = {
    "Lighthouse phone (150 ms, 1.6 Mbit/s, 4x CPU)": list(range(400, 2801, 200)),
    "slow 3G (400 ms, 400 kbit/s, 6x CPU)": list(range(1000, 7001, 500)),
}
SWIPE_STEP_S = 0.016  # one finger move per frame
POLL_S = 0.25  # how often the page's notes are read
NO_ANSWER_AFTER_S = 10  # a tap not answered by then counts as lost


def send(cdp, method: str, params: dict) -> asyncio.Future:
    """Send a CDP command without waiting for its answer (the browser answers an input
    event only once the page has handled it)."""
    return asyncio.ensure_future(cdp.send(method, params))


async def tap_now(cdp, control: Control, x: float, y: float) -> list[asyncio.Future]:
    """Send the control's gesture at (x, y) now: a swipe (one move per frame), a tap or
    a click."""
    if control.swipe:
        sent = []
        for event in swipe_events(x, y):
            if sent:
                await asyncio.sleep(SWIPE_STEP_S)
            sent.append(send(cdp, "Input.dispatchTouchEvent", event))
        return sent
    if control.touch:
        touch = {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
        lift = {"type": "touchEnd", "touchPoints": []}
        return [send(cdp, "Input.dispatchTouchEvent", event) for event in (touch, lift)]
    mouse = {"x": x, "y": y, "button": "left", "clickCount": 1}
    return [
        send(cdp, "Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y}),
        send(cdp, "Input.dispatchMouseEvent", {"type": "mousePressed", **mouse}),
        send(cdp, "Input.dispatchMouseEvent", {"type": "mouseReleased", **mouse}),
    ]


async def one_tap(
    browser, site: str, control: Control, profile: Profile, point, moment_ms: int
) -> dict:
    context = await browser.new_context(**context_options(site, control))
    await context.route("**/*", site_only(site))
    for script in probe_scripts(control):
        await context.add_init_script(script)
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    for command, params in throttling(profile):
        await cdp.send(command, params)
    await page.goto(control.path, wait_until="commit")
    await asyncio.sleep(moment_ms / 1000)
    sent = await tap_now(cdp, control, *point)
    notes = await notes_when_answered(cdp, NO_ANSWER_AFTER_S)
    for future in sent:
        future.cancel()
    await context.close()
    taps = (notes or {}).get("taps") or []
    if not taps or notes.get("shown") is None:
        return {"moment": moment_ms, "tap": None, "answer": None}
    tap, (x, y) = taps[0], notes["points"][0]
    aimed_x = point[0] + SWIPE_PX / 2 if control.swipe else point[0]  # a swipe starts right
    if abs(x - aimed_x) > 2 or abs(y - point[1]) > 2:
        # The page got the tap elsewhere: DevTools turned the tap's place into page
        # coordinates with a page scale the browser had not yet heard the page set (the
        # mobile viewport), which a real finger's tap does not go through.
        return {"moment": moment_ms, "tap": None, "answer": None, "misplaced": [x, y]}
    answered = notes.get("answered")
    return {
        "moment": moment_ms,
        "shown": notes["shown"],
        "tap": tap,
        "before_shown": tap < notes["shown"],
        "answer": None if answered is None else answered - tap,
    }


async def notes_when_answered(cdp, timeout_s: float) -> dict | None:
    """The page's notes once it has answered (or timeout_s has passed), read with a bare
    CDP evaluation: Playwright's own evaluate would first load its helper script into
    the page, a task that would hold up the very tap being measured."""
    deadline = asyncio.get_running_loop().time() + timeout_s
    notes = None
    while asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(POLL_S)
        try:
            reply = await cdp.send(
                "Runtime.evaluate",
                {"expression": "JSON.stringify(window.__firstTap || null)", "returnByValue": True},
            )
        except PlaywrightError:  # the document is being replaced
            continue
        notes = json.loads(reply.get("result", {}).get("value") or "null")
        if notes and notes.get("answered") is not None:
            break
    return notes


async def measure(site: str, points: dict, loads: int) -> dict:
    results: dict = {}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, point in points.items():
            control = CONTROLS[name]
            for profile_name, profile in PROFILES.items():
                samples = [
                    await one_tap(browser, site, control, profile, point, moment)
                    for moment in MOMENTS_MS[profile_name]
                    for _ in range(loads)
                ]
                results.setdefault(name, {})[profile_name] = samples
                print(f"{name} / {profile_name}: {samples}", flush=True)
        await browser.close()
    return results


def tap_points(site: str) -> dict:
    """Where each control is (bench/first_tap.py's unthrottled load)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        points = {name: tap_point(browser, site, control) for name, control in CONTROLS.items()}
        browser.close()
    return points


def summary(samples: list[dict]) -> list[str]:
    after = [s for s in samples if s.get("tap") is not None and not s["before_shown"]]
    answers = [s["answer"] for s in after if s["answer"] is not None]
    unanswered = sum(1 for s in after if s["answer"] is None)
    over = sum(1 for a in answers if a > BUDGET_MS)
    return [
        str(len(after)),
        f"{statistics.median(answers):.0f}" if answers else "-",
        f"{max(answers):.0f}" if answers else "-",
        str(over),
        str(unanswered),
    ]


def _per_moment(loads: int) -> str:
    return "one tap per moment" if loads == 1 else f"{loads} loads per moment, one tap each"


def tap_cell(sample: dict) -> str:
    if sample.get("misplaced"):
        return "misplaced by the emulation"
    if sample.get("tap") is None:
        return "no tap seen"
    answer = "no answer" if sample["answer"] is None else f"{sample['answer']:.0f}"
    return answer + (" *" if sample["before_shown"] else "")


def write_report(results: dict) -> None:
    raw_runs_path("tap-during-load").write_text(json.dumps(results, indent=2) + "\n")
    lines = [
        "# A tap at any moment of the load",
        "",
        "Written by `bench/tap_during_load.py` (its docstring says what is measured). One tap "
        "per load, sent at a chosen moment and never waited for; ms from the tap (the input's "
        f"timestamp) to the first frame showing the answer. Goal: every tap after the control "
        f"shows is answered within {BUDGET_MS} ms.",
        "",
    ]
    for label, meta in results.items():
        lines += [
            f"## {label}",
            "",
            run_line(meta, _per_moment(meta["runs"])),
            "",
            f"| control | profile | taps after it showed | median | largest | over {BUDGET_MS} ms | no answer |",
            "|---|---|---|---|---|---|---|",
        ]
        for name, profiles in meta["samples"].items():
            for profile_name, samples in profiles.items():
                lines.append(f"| {name} | {profile_name} | " + " | ".join(summary(samples)) + " |")
        lines += [
            "",
            "Each moment (ms after commit: each tap answered after ms; * before the control showed):",
            "",
        ]
        for name, profiles in meta["samples"].items():
            for profile_name, samples in profiles.items():
                taps: dict[int, list[str]] = {}
                for s in samples:
                    taps.setdefault(s["moment"], []).append(tap_cell(s))
                cells = [f"{moment}: {', '.join(each)}" for moment, each in taps.items()]
                lines.append(f"- {name}, {profile_name}: " + "; ".join(cells))
        lines.append("")
    report_path("tap-during-load").write_text("\n".join(lines))
    print("\n".join(lines))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--label", default="after", help="the section of this run")
    parser.add_argument("--controls", nargs="*", default=list(CONTROLS), help="which controls")
    parser.add_argument("--loads", type=int, default=1, help="loads (one tap each) per moment")
    args = parser.parse_args()

    results = earlier_runs(raw_runs_path("tap-during-load"))
    load_before = os.getloadavg()[0]
    with site_to_measure() as url:
        points = tap_points(url)
        chosen = {name: points[name] for name in args.controls}
        samples = asyncio.run(measure(url, chosen, args.loads))
    results[args.label] = run_record(args.loads, load_before, samples)
    write_report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
