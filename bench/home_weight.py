"""How many bytes of JavaScript and CSS the home page costs, file by file (the budget
and the measure: devtools/page_weight.py; tests/e2e/test_page_weight.py holds it).

    make bench WHAT=home-weight               # on the production server of this project
    SITE_URL=http://127.0.0.1:3013 .venv/bin/python bench/home_weight.py   # or a running site

Loads the home page in each language in Chromium at a phone's size (third parties
blocked), first as loaded, then after scrolling to the bottom (lazy chunks), and sums
every script and stylesheet the site served: raw bytes and gzip -9 bytes of each body.
Writes bench/reports/home-weight.md (every sample in .cache/bench/home-weight.json). kB = 1000 bytes.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clinic.site.content import DEFAULT_LANG, LANGS  # noqa: E402
from clinic.site.routes import language, path_for  # noqa: E402
from devtools.bench_runs import raw_runs_path, report_path  # noqa: E402
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS, MOBILE  # noqa: E402
from devtools.page_weight import BUDGET_KB, KINDS, measure_page  # noqa: E402


def measure(browser, site: str, path: str) -> dict:
    """One home page's files and totals, in a phone's context that reaches only the site."""
    # The default language's browser: another would be sent on from / on its first visit.
    context = browser.new_context(
        viewport=MOBILE, is_mobile=True, has_touch=True, locale=language(DEFAULT_LANG).locale
    )
    context.route("**/*", lambda r: r.fallback() if r.request.url.startswith(site) else r.abort())
    try:
        return measure_page(context.new_page(), site, path)
    finally:
        context.close()


def main() -> None:
    site = (sys.argv[1] if len(sys.argv) > 1 else os.environ["SITE_URL"]).rstrip("/")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        results = [measure(browser, site, path_for("home", lang)) for lang in LANGS]
        browser.close()
    raw_runs_path("home-weight").write_text(json.dumps(results, indent=2))
    lines = ["# Home page weight (gzip -9 of each body; kB = 1000 bytes)", ""]
    for result in results:
        lines += [
            f"## {result['path']}",
            "",
            "| what | files | raw kB | gzip kB | budget kB |",
            "|---|---|---|---|---|",
        ]
        for kind, budget in BUDGET_KB.items():
            for phase_name, label in (("load", "on load"), ("scroll", "after scrolling")):
                total = result["totals"][f"{kind}_{phase_name}"]
                lines.append(
                    f"| {KINDS[kind]} {label} | {total['files']} | "
                    f"{total['raw'] / 1000:.1f} | {total['gzip'] / 1000:.1f} | {budget} |"
                )
        lines += ["", "| file | phase | raw B | gzip B |", "|---|---|---|---|"]
        lines += [
            f"| {f['url']} | {f['phase']} | {f['raw']} | {f['gzip']} |" for f in result["files"]
        ]
        lines.append("")
    report_path("home-weight").write_text("\n".join(lines))
    print("\n".join(lines[:12]))


if __name__ == "__main__":
    main()
