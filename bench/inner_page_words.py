"""Word count of each inner page's content, per language, so thin pages show.

Counts the words a visitor reads in <main> (the header, footer and floating button are
the same on every page and left out), in Chromium against a running site:

    SITE_URL=http://127.0.0.1:3000 .venv/bin/python bench/inner_page_words.py

Writes bench/reports/inner-page-words.md and prints it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clinic.site.routes import all_pages  # noqa: E402
from devtools.bench_runs import report_path  # noqa: E402
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from devtools.words import count_words  # noqa: E402

INNER_KINDS = {"service", "about", "doctor", "faq", "privacy", "success"}


def main() -> None:
    base = os.environ.get("SITE_URL", "http://127.0.0.1:3000").rstrip("/")
    pages = [p for p in all_pages() if p.kind in INNER_KINDS]
    counts: dict[str, dict[str, int]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context()
        context.route(
            "**/*", lambda r: r.fallback() if r.request.url.startswith(base) else r.abort()
        )
        page = context.new_page()
        for p in pages:
            page.goto(base + p.path)
            # Visible words only: screen-reader hints ("opens in a new tab") are left out.
            text = page.evaluate(
                "() => { const m = document.querySelector('main').cloneNode(true);"
                " m.querySelectorAll('.sr-only').forEach(e => e.remove());"
                " document.body.appendChild(m); const t = m.innerText; m.remove(); return t; }"
            )
            counts.setdefault(p.id, {})[p.lang] = count_words(text)
        browser.close()
    lines = [
        "# Words per inner page (visible text in <main>)",
        "",
        "| page | es | en |",
        "| --- | ---: | ---: |",
    ]
    for page_id, by_lang in counts.items():
        lines.append(f"| {page_id} | {by_lang.get('es', 0)} | {by_lang.get('en', 0)} |")
    total_es = sum(c.get("es", 0) for c in counts.values())
    total_en = sum(c.get("en", 0) for c in counts.values())
    lines += [f"| **total** | {total_es} | {total_en} |", ""]
    text = "\n".join(lines)
    report_path("inner-page-words").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
