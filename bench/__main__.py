"""The one entry point of the measures: `make bench WHAT=<measure> [ARGS="..."]`.

    make bench                                    # lists the measures
    make bench WHAT=lighthouse ARGS="--runs 3"    # runs one, with its own options
    SITE_URL=https://staging.example make bench WHAT=home-weight   # against a running site

Each measure is a script of this folder that writes its report to bench/reports/ (the
latest run, in Markdown; git keeps the earlier ones) and its raw runs, when it keeps them,
to .cache/bench/ (devtools/bench_runs.py). A measure that reads a running site gets the
production server `make run` starts, built from this project, unless SITE_URL names one.
Numbers depend on the machine's load: measure on a quiet machine, and compare runs made
in the same hour.
"""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Measure:
    script: str
    what: str
    # Reads SITE_URL: gets a production server of this project when none is given.
    needs_site: bool = False


MEASURES = {
    "lighthouse": Measure(
        "lighthouse.py",
        "Lighthouse mobile on each page kind in each language, against the budgets (~45 min "
        "with --runs 5 --floor-runs 3) -> lighthouse.md",
    ),
    "seo": Measure(
        "lighthouse_seo.py", "Lighthouse's SEO score of each page kind -> lighthouse-seo.md"
    ),
    "server": Measure(
        "server.py",
        "the production server under load, bad requests, every third party failing (~8 min) "
        "-> server.md",
    ),
    "home-weight": Measure(
        "home_weight.py", "the home page's JavaScript and CSS bytes -> home-weight.md", True
    ),
    "booking-contact-weight": Measure(
        "booking_contact_weight.py",
        "what the booking and contact pages cost a slow phone, from the export -> booking-contact.md",
    ),
    "first-tap": Measure(
        "first_tap.py", "how soon a patient's first tap is answered -> first-tap.md"
    ),
    "tap-during-load": Measure(
        "tap_during_load.py", "a tap at any moment of the load -> tap-during-load.md"
    ),
    "interaction-latency": Measure(
        "interaction_latency.py", "five interactions, 4x CPU throttling -> interaction-latency.md"
    ),
    "inner-page-words": Measure(
        "inner_page_words.py",
        "words a patient reads on each inner page -> inner-page-words.md",
        True,
    ),
    "growth-layouts": Measure(
        "growth_layouts.py", "screenshots of the site grown to 1, 3 and 6 doctors (to look at)"
    ),
    "patch-gains": Measure(
        "patch_gains.py", "what each framework patch buys, with and without it -> patch-gains.md"
    ),
    "make-test-time": Measure(
        "make_test_time.py", "a fresh clone's make test, part by part -> make-test-time.md"
    ),
    "browser-test-cpu": Measure(
        "browser_test_cpu.py",
        "the CPU of each browser test, one at a time, on a quiet machine (~10 min) "
        "-> browser-test-cpu.md",
    ),
    "export-time": Measure("export_time.py", "a clean `make export` -> export-time.md"),
    "clinic-size": Measure(
        "clinic_size.py",
        "the content grown to 2-40 doctors, 6-30 services, 2-3 languages, each exported: "
        "pages, export time, rules per host, page weights (~15 min) -> clinic-size.md",
    ),
}


def listing() -> str:
    width = max(map(len, MEASURES))
    lines = ['Say which measure: make bench WHAT=<measure> [ARGS="..."]', ""]
    lines += [f"  {name:<{width}}  {measure.what}" for name, measure in MEASURES.items()]
    return "\n".join(lines)


def run(name: str, arguments: list[str]) -> int:
    measure = MEASURES[name]
    command = [sys.executable, str(ROOT / "bench" / measure.script), *arguments]
    with ExitStack() as stack:
        environment = dict(os.environ)
        if measure.needs_site and not environment.get("SITE_URL"):
            from devtools.servers import production_server

            environment["SITE_URL"] = stack.enter_context(production_server())
        return subprocess.call(command, cwd=ROOT, env=environment)


def main(arguments: list[str]) -> int:
    if not arguments or arguments[0] not in MEASURES:
        if arguments:
            print(f"No measure named {arguments[0]!r}.\n", file=sys.stderr)
        print(listing(), file=sys.stderr)
        return 2
    return run(arguments[0], arguments[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
