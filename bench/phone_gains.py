"""What a patient's phone notices of one patch point: this project and a copy built
without the patch (bench/patch_variants.py), served side by side by their production
servers and measured in turns (with, without; then without, with; ...), so that whatever
else the machine does falls on both alike:

- Lighthouse's phone profile (simulated slow 4G, 4x CPU) on the home page and the
  booking page in the first language: largest paint, first paint, total blocking time,
  script evaluation, score (bench/lighthouse.py's runs, with its steal filter);
- the first tap (bench/first_tap.py: how soon after a control shows a tap is answered);
- with --tap-loads, a tap at chosen moments of the load on the phone menu button
  (bench/tap_during_load.py: what a tap made while the page hydrates waits).

Part `phone` of bench/patch_gains.py, which writes the report:

    make bench WHAT=patch-gains ARGS="phone --without lean_router --runs 7"
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics

from playwright.async_api import async_playwright
from playwright.sync_api import sync_playwright

from bench.first_tap import BUDGET_MS, CONTROLS, PROFILES, one_run, tap_point
from bench.home_weight import measure as home_weight
from bench.lighthouse import load_average, steady_runs
from bench.patch_variants import WITHOUT, project_copy
from bench.tap_during_load import MOMENTS_MS, one_tap, tap_cell
from bench.tap_during_load import summary as taps_summary
from clinic.site.content import DEFAULT_LANG
from clinic.site.routes import path_for
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS
from devtools.page_weight import BUDGET_KB, KINDS, PHASES
from devtools.servers import production_server

WITH = "all patches"
PAGES = ("home", "booking")  # the page patients land on, and the page they book on
TAPPED_DURING_LOAD = "phone menu button (390x844)"
LIGHTHOUSE_FIGURES = {
    "lcp_ms": "largest paint",
    "fcp_ms": "first paint",
    "tbt_ms": "blocking time",
    "script_evaluation_ms": "script evaluation",
}


def in_turns(sites: dict[str, str], round_number: int) -> list[tuple[str, str]]:
    """Both variants, the order turned round every other round."""
    pairs = list(sites.items())
    return pairs if round_number % 2 == 0 else pairs[::-1]


def lighthouse_rounds(sites: dict[str, str], runs: int) -> dict:
    results: dict = {name: {} for name in sites}
    for round_number in range(runs):
        for page_id in PAGES:
            path = path_for(page_id, DEFAULT_LANG)
            for name, site in in_turns(sites, round_number):
                kept, _ = steady_runs(site + path, DEFAULT_LANG, 1)
                run = {key: round(kept[0][key], 1) for key in LIGHTHOUSE_FIGURES}
                run |= {"performance": kept[0]["scores"]["performance"], "load": load_average()}
                results[name].setdefault(path, []).append(run)
                print(f"lighthouse {name:12} {path:20} {run}", flush=True)
    return results


def first_tap_rounds(sites: dict[str, str], runs: int) -> dict:
    results: dict = {name: {} for name in sites}
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        points = {
            (name, control): tap_point(chromium, site, CONTROLS[control])
            for name, site in sites.items()
            for control in CONTROLS
        }
        for round_number in range(runs):
            for name, site in in_turns(sites, round_number):
                for control_name, control in CONTROLS.items():
                    for profile_name, profile in PROFILES.items():
                        sample = one_run(
                            chromium, site, control, profile, points[(name, control_name)]
                        )
                        results[name].setdefault(control_name, {}).setdefault(
                            profile_name, []
                        ).append(sample)
                        print(f"first tap {name:12} {control_name} {profile_name}: {sample}")
        chromium.close()
    return results


def tap_moments(chosen: list[str] | None) -> dict[str, list[int]]:
    """When the taps are sent, per profile: bench/tap_during_load.py's MOMENTS_MS, or the
    moments chosen as `<profile's first word>:<ms>,<ms>,...` (to look closer at one
    stretch of the load, such as hydration, with more loads)."""
    if not chosen:
        return MOMENTS_MS
    moments = {}
    for choice in chosen:
        word, _, times = choice.partition(":")
        names = [name for name in PROFILES if name.split()[0].lower() == word.lower()]
        if len(names) != 1 or not times:
            raise SystemExit(
                f"--tap-moments {choice!r}: expected <profile>:<ms>,<ms>,... "
                f"with a profile among {[n.split()[0] for n in PROFILES]}"
            )
        moments[names[0]] = [int(ms) for ms in times.split(",")]
    return moments


async def _taps_during_load(
    sites: dict[str, str], points: dict, loads: int, moments_ms: dict[str, list[int]]
) -> dict:
    control = CONTROLS[TAPPED_DURING_LOAD]
    results: dict = {name: {} for name in sites}
    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for profile_name, profile_moments in moments_ms.items():
            profile = PROFILES[profile_name]
            moments = [moment for _ in range(loads) for moment in profile_moments]
            for turn, moment in enumerate(moments):
                for name, site in in_turns(sites, turn):
                    sample = await one_tap(chromium, site, control, profile, points[name], moment)
                    results[name].setdefault(profile_name, []).append(sample)
                    print(f"tap during load {name:12} {profile_name} {sample}", flush=True)
        await chromium.close()
    return results


def tap_during_load_rounds(
    sites: dict[str, str], loads: int, moments_ms: dict[str, list[int]]
) -> dict:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        control = CONTROLS[TAPPED_DURING_LOAD]
        points = {name: tap_point(chromium, site, control) for name, site in sites.items()}
        chromium.close()
    return asyncio.run(_taps_during_load(sites, points, loads, moments_ms))


def content_measured() -> str:
    """What both variants are built from: the shipped sample, or the content that
    CLINIC_CONTENT_DIR names (a grown clinic: devtools/clinic_of_size.py), by its size."""
    from clinic.site.content import content
    from clinic.site.routes import LANGS

    clinic = content()
    size = f"{len(clinic.doctors)} doctors, {len(clinic.services)} services, {len(LANGS)} languages"
    if os.environ.get("CLINIC_CONTENT_DIR"):
        return f"the content CLINIC_CONTENT_DIR names ({size})"
    return f"the shipped sample ({size})"


def home_weights(sites: dict[str, str]) -> dict:
    """Each variant's home page in the first language: its scripts and styles, gzip -9, on
    load and after scrolling (devtools/page_weight.py; bytes, whatever the machine's load)."""
    path = path_for("home", DEFAULT_LANG)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        weights = {
            name: home_weight(chromium, site, path)["totals"] for name, site in sites.items()
        }
        chromium.close()
    return weights


def part_phone(args) -> dict:
    without = WITHOUT[args.without]
    variant = f"without {args.without}"
    with contextlib.ExitStack() as stack:
        project = stack.enter_context(project_copy(args.without))
        without.make(project)
        sites = {
            WITH: stack.enter_context(production_server()),
            variant: stack.enter_context(production_server(project=project)),
        }
        data: dict = {
            "without": args.without,
            "what": without.what,
            "runs": args.runs,
            "tap_runs": args.tap_runs,
            "tap_loads": args.tap_loads,
            "content": content_measured(),
            "home_weight": home_weights(sites),
            "lighthouse": lighthouse_rounds(sites, args.runs) if args.runs else {},
            "first_tap": first_tap_rounds(sites, args.tap_runs) if args.tap_runs else {},
        }
        if args.tap_loads:
            moments = tap_moments(args.tap_moments)
            data["tap_moments"] = moments
            data["tap_during_load"] = tap_during_load_rounds(sites, args.tap_loads, moments)
    return data


# ------------------------------------------------------------------ report


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}" if values else "-"


def _moments(data: dict) -> str:
    chosen = data.get("tap_moments") or MOMENTS_MS
    return "; ".join(
        f"{name.split()[0]} {times[0]}-{times[-1]}"
        + (f" every {times[1] - times[0]}" if len(times) > 1 else "")
        for name, times in chosen.items()
    )


def phone_section(data: dict) -> list[str]:
    lines = [
        f"Without the patch: {data['what']}. Both built from the same commit and served by "
        "their production servers, measured in turns.",
    ]
    if data.get("content"):
        lines += ["", f"The content: {data['content']}."]
    if data.get("home_weight"):
        path = path_for("home", DEFAULT_LANG)
        lines += [
            "",
            f"**Weight** of `{path}` (devtools/page_weight.py, gzip -9, kB; budget "
            + ", ".join(f"{KINDS[kind]} {kb}" for kind, kb in BUDGET_KB.items())
            + " after scrolling):",
            "",
            "| variant | "
            + " | ".join(
                f"{KINDS[kind]} {when}"
                for kind in BUDGET_KB
                for when in ("on load", "after scrolling")
            )
            + " |",
            "|---|" + "---|" * (2 * len(BUDGET_KB)),
        ]
        for name, totals in data["home_weight"].items():
            cells = [
                f"{totals[f'{kind}_{phase}']['gzip'] / 1000:.1f}"
                for kind in BUDGET_KB
                for phase in PHASES
            ]
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
    if data["lighthouse"]:
        lines += [
            "",
            f"**Lighthouse's phone profile** (simulated slow 4G, 4x CPU), {data['runs']} runs of "
            "each page and variant: medians, and every run in brackets (ms).",
            "",
            "| page | variant | "
            + " | ".join(LIGHTHOUSE_FIGURES.values())
            + " | score | load average |",
            "|---|---|" + "---|" * (len(LIGHTHOUSE_FIGURES) + 2),
        ]
    for path in data["lighthouse"].get(WITH, {}):
        for name, pages in data["lighthouse"].items():
            runs = pages[path]
            cells = [
                f"{_median([r[key] for r in runs])} ({', '.join(f'{r[key]:.0f}' for r in runs)})"
                for key in LIGHTHOUSE_FIGURES
            ]
            cells.append(_median([r["performance"] for r in runs]))
            loads = [r["load"] for r in runs]
            cells.append(f"{min(loads)}-{max(loads)}")
            lines.append(f"| `{path}` | {name} | " + " | ".join(cells) + " |")
    if data["first_tap"]:
        lines += [
            "",
            f"**First tap** (bench/first_tap.py), {data['tap_runs']} loads of each control, "
            "profile and variant: medians in ms (shown after navigation start; wait from "
            "shown to the answering tap; latency from that tap to the answer on screen; "
            "taps lost).",
            "",
            "| control | profile | variant | shown | wait | latency | lost |",
            "|---|---|---|---|---|---|---|",
        ]
        for control in data["first_tap"][WITH]:
            for profile in data["first_tap"][WITH][control]:
                for name, controls in data["first_tap"].items():
                    samples = [s for s in controls[control][profile] if s.get("shown") is not None]
                    cells = [
                        _median([s[key] for s in samples])
                        for key in ("shown", "wait", "latency", "lost")
                    ]
                    missed = len(controls[control][profile]) - len(samples)
                    note = f" ({missed} never answered)" if missed else ""
                    lines.append(
                        f"| {control} | {profile} | {name}{note} | " + " | ".join(cells) + " |"
                    )
    if data.get("tap_during_load"):
        lines += [
            "",
            f"**A tap during the load** (bench/tap_during_load.py) on the {TAPPED_DURING_LOAD}, "
            f"{data['tap_loads']} loads per moment, one tap each, moments (ms after the "
            f"navigation commits) {_moments(data)}: ms from the tap to the answer on screen, "
            f"taps made after the button showed (goal {BUDGET_MS} ms).",
            "",
            f"| profile | variant | taps | median | largest | over {BUDGET_MS} ms | no answer |",
            "|---|---|---|---|---|---|---|",
        ]
        for profile in data["tap_during_load"][WITH]:
            for name, profiles in data["tap_during_load"].items():
                lines.append(
                    f"| {profile} | {name} | " + " | ".join(taps_summary(profiles[profile])) + " |"
                )
        lines += ["", "Each moment (ms after commit: each tap's answer in ms):", ""]
        for profile in data["tap_during_load"][WITH]:
            for name, profiles in data["tap_during_load"].items():
                taps: dict[int, list[str]] = {}
                for sample in profiles[profile]:
                    taps.setdefault(sample["moment"], []).append(tap_cell(sample))
                cells = [f"{moment}: {', '.join(each)}" for moment, each in taps.items()]
                lines.append(f"- {profile}, {name}: " + "; ".join(cells))
    return lines
