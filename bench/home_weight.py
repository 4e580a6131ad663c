"""How many bytes of JavaScript and CSS the home page costs (budget: at most
160 kB gzip JS and 25 kB gzip CSS on the home page).

    make bench WHAT=home-weight               # on the production server of this project
    SITE_URL=http://127.0.0.1:3013 .venv/bin/python bench/home_weight.py   # or a running site

Loads / and /en/ in Chromium (third parties blocked), first as loaded, then after
scrolling to the bottom (lazy chunks), and sums every script and stylesheet the site
served: raw bytes and gzip -9 bytes of each body (what a gzip-serving host sends).
Writes bench/reports/home-weight.json and .md. kB = 1000 bytes.
"""

from __future__ import annotations

import gzip
import json
import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.chromium import CHROMIUM, CHROMIUM_ARGS, MOBILE  # noqa: E402

REPORTS = ROOT / "bench" / "reports"
BUDGET_KB = {"script": 160, "stylesheet": 25}


def measure(browser, site: str, path: str) -> dict:
    # es-MX: an English browser would be sent from / to /en/ on its first visit.
    context = browser.new_context(viewport=MOBILE, is_mobile=True, has_touch=True, locale="es-MX")
    context.route("**/*", lambda r: r.fallback() if r.request.url.startswith(site) else r.abort())
    page = context.new_page()
    seen: dict[str, dict] = {}
    phase = {"name": "load"}
    # Classify by when the request started (response events may arrive later).
    requested_on_load: set[str] = set()
    page.on(
        "request", lambda request: phase["name"] == "load" and requested_on_load.add(request.url)
    )

    def on_response(response):
        kind = response.request.resource_type
        if kind not in BUDGET_KB or not response.url.startswith(site) or response.url in seen:
            return
        body = response.body()
        seen[response.url] = {
            "url": response.url[len(site) :],
            "kind": kind,
            "phase": "load" if response.url in requested_on_load else "scroll",
            "raw": len(body),
            "gzip": len(gzip.compress(body, 9)),
        }

    page.on("response", on_response)
    page.goto(site + path, wait_until="networkidle")
    phase["name"] = "scroll"
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 500):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(50)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    context.close()
    files = sorted(seen.values(), key=lambda f: (f["kind"], -f["gzip"]))
    totals = {}
    for kind in BUDGET_KB:
        for phase_name in ("load", "scroll"):
            chosen = [
                f
                for f in files
                if f["kind"] == kind and (phase_name == "scroll" or f["phase"] == "load")
            ]
            totals[f"{kind}_{phase_name}"] = {
                "files": len(chosen),
                "raw": sum(f["raw"] for f in chosen),
                "gzip": sum(f["gzip"] for f in chosen),
            }
    return {"path": path, "files": files, "totals": totals}


def main() -> None:
    site = (sys.argv[1] if len(sys.argv) > 1 else os.environ["SITE_URL"]).rstrip("/")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        results = [measure(browser, site, path) for path in ("/", "/en/")]
        browser.close()
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / "home-weight.json").write_text(json.dumps(results, indent=2))
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
                    f"| {'JS' if kind == 'script' else 'CSS'} {label} | {total['files']} | "
                    f"{total['raw'] / 1000:.1f} | {total['gzip'] / 1000:.1f} | {budget} |"
                )
        lines += ["", "| file | phase | raw B | gzip B |", "|---|---|---|---|"]
        lines += [
            f"| {f['url']} | {f['phase']} | {f['raw']} | {f['gzip']} |" for f in result["files"]
        ]
        lines.append("")
    (REPORTS / "home-weight.md").write_text("\n".join(lines))
    print("\n".join(lines[:12]))


if __name__ == "__main__":
    main()
