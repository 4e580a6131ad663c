"""Bytes a visitor downloads for a page: JavaScript and CSS, gzip-compressed, as loaded
by Chromium from the production server. Writes bench/reports/page-weight.md.

Usage: .venv/bin/python bench/page_weight.py [--url http://127.0.0.1:3000] [paths...]
Without --url it builds and starts the production server itself (127.0.0.1, free
port) and stops it afterwards.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from bench.prod_server import production_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

BUDGET_JS_KB = 160
BUDGET_CSS_KB = 25
DEFAULT_PATHS = ["/", "/en/", "/contacto", "/agenda-tu-cita", "/preguntas-frecuentes"]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def measure(base_url: str, paths: list[str]) -> list[dict]:
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for path in paths:
            # es-MX: an English browser would be sent from / to /en/ on its first visit.
            context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-MX")
            # Third parties are not part of our budget and cannot be reached here.
            context.route("**/*", lambda r: r.fallback() if r.request.url.startswith(base_url) else r.abort())
            page = context.new_page()
            seen: dict[str, tuple[str, int]] = {}

            def record(response):
                kind = response.request.resource_type
                if kind in ("script", "stylesheet") and response.url.startswith(base_url):
                    try:
                        seen[response.url] = (kind, len(gzip.compress(response.body(), 9)))
                    except Exception:  # body unavailable (redirect): not downloaded content
                        pass

            page.on("response", record)
            page.goto(base_url + path)
            page.wait_for_load_state("networkidle")
            page.mouse.wheel(0, 20000)  # let lazy sections load what they load
            page.wait_for_timeout(1500)
            js = sum(size for kind, size in seen.values() if kind == "script")
            css = sum(size for kind, size in seen.values() if kind == "stylesheet")
            rows.append({"path": path, "js": js, "css": css, "files": len(seen)})
            context.close()
        browser.close()
    return rows


def report(rows: list[dict]) -> str:
    lines = [
        "# Page weight (gzip), production build",
        "",
        f"Measured {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC by `bench/page_weight.py`: every",
        "script and stylesheet Chromium loads from the site (third parties blocked), after",
        "scrolling to the bottom, compressed with gzip -9.",
        "",
        f"Budget (issue #2): home page JS <= {BUDGET_JS_KB} kB, CSS <= {BUDGET_CSS_KB} kB.",
        "",
        "| page | JS kB | CSS kB | files |",
        "| --- | ---: | ---: | ---: |",
    ]
    for row in rows:
        lines.append(f"| `{row['path']}` | {row['js'] / 1024:.1f} | {row['css'] / 1024:.1f} | {row['files']} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url")
    parser.add_argument("paths", nargs="*", default=DEFAULT_PATHS)
    args = parser.parse_args()
    if args.url:
        rows = measure(args.url.rstrip("/"), args.paths)
    else:
        with production_server() as url:
            rows = measure(url, args.paths)
    text = report(rows)
    (ROOT / "bench" / "reports" / "page-weight.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
