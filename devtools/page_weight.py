"""What a page costs a phone in script and style bytes, and the home page's budget
(BUDGET_KB: kB of each kind, gzip -9, once the patient has scrolled to the bottom, lazy
chunks included). kB = 1000 bytes. Measured by bench/home_weight.py (a
report of every file) and held by tests/e2e/test_page_weight.py in `make test`.

The bytes are the bodies the site served, each compressed here with gzip -9, so the
figure is the same whatever the host sends (brotli, gzip or nothing).
"""

from __future__ import annotations

import gzip

from playwright.sync_api import Page

BUDGET_KB = {"script": 160, "stylesheet": 25}
KINDS = {"script": "JavaScript", "stylesheet": "CSS"}
PHASES = ("load", "scroll")  # on load; after scrolling to the bottom (everything so far)
SCROLL_STEP_PX = 500


def measure_page(page: Page, site: str, path: str) -> dict:
    """Open `path` on `page` (third parties already kept out), then scroll to the bottom;
    every script and stylesheet of the site, with the phase it was requested in, and the
    totals of each kind on load and after scrolling."""
    seen: dict[str, dict] = {}
    phase = {"name": "load"}
    # Classified by when the request started (a response may arrive after the scroll).
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
    for y in range(0, height, SCROLL_STEP_PX):
        page.evaluate("y => window.scrollTo(0, y)", y)
        # A frame or so at each step, for the observers that load a block as it nears
        # the screen to see it (bounded: the page is not waited on here).
        page.wait_for_timeout(50)
    # The chunks those observers asked for: no request for 500 ms (Playwright's deadline).
    page.wait_for_load_state("networkidle")
    files = sorted(seen.values(), key=lambda f: (f["kind"], -f["gzip"]))
    totals = {}
    for kind in BUDGET_KB:
        for phase_name in PHASES:
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


def over_budget(result: dict) -> list[str]:
    """Each kind over its budget after scrolling, in a developer's words, with the files
    that weigh most."""
    problems = []
    for kind, budget in BUDGET_KB.items():
        total = result["totals"][f"{kind}_scroll"]["gzip"] / 1000
        if total > budget:
            heaviest = [f for f in result["files"] if f["kind"] == kind][:5]
            files = ", ".join(f"{f['url']} {f['gzip'] / 1000:.1f} kB" for f in heaviest)
            problems.append(
                f"{result['path']}: {total:.1f} kB of {KINDS[kind]} (gzip -9, after scrolling) "
                f"is over the home page's budget of {budget} kB; the heaviest files: {files}"
            )
    return problems
