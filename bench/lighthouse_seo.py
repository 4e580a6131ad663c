"""Lighthouse SEO score of each page kind, in both languages (the budget: 100).

Runs npm's `lighthouse` (through the virtualenv's npx, pinned below) in Debian's
Chromium against the production server, one page per kind and language, and writes
bench/reports/lighthouse-seo.md (the raw per-page scores as JSON in .cache/bench/).

    PATH=$PWD/.venv/bin:$PATH .venv/bin/python bench/lighthouse_seo.py            # starts its own server
    SITE_URL=http://127.0.0.1:3000 .venv/bin/python bench/lighthouse_seo.py       # or measures a running one
    .venv/bin/python bench/lighthouse_seo.py --all                                 # all 30 routes

The Spanish pages are measured by a browser whose language is es-MX and the English ones
by en-US, as their visitors would open them (an en-US browser landing on `/` for the
first time is sent on to `/en/`, which would measure the English home page twice), and
Chromium's own interface speaks that language too (see require_interface_language).
"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from clinic.site.routes import all_pages  # noqa: E402
from devtools import servers as prod_server  # noqa: E402
from devtools.bench_runs import raw_runs_path, report_path  # noqa: E402

LIGHTHOUSE = "lighthouse@13.5.0"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking --no-first-run"
)
# Headless Chromium 156 also renders its omnibox popup (chrome://omnibox-popup.top-chrome)
# in a renderer process of its own, which took 10-17% of a core during every run: on a
# 2-core host that is CPU taken from the page being measured, and Lighthouse multiplies
# whatever slows the page's main thread by 4. These features create that renderer.
BROWSER_UI_FEATURES_OFF = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")
BROWSER_LANG = {"es": "es-MX", "en": "en-US"}
# Where Chromium keeps its interface translations (Debian: the binary behind the
# /usr/bin/chromium wrapper script, translations other than en-US in package chromium-l10n).
CHROMIUM_LOCALES = (
    Path(os.path.realpath(CHROMIUM)).parent / "locales",
    Path("/usr/lib/chromium/locales"),
)
BIN = ROOT / ".venv" / "bin"


def _env(lang: str = "es") -> dict[str, str]:
    # Chromium on Linux takes navigator.languages from LANGUAGE; --lang alone is not enough.
    locale = BROWSER_LANG[lang].replace("-", "_")
    return {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        "CHROME_PATH": CHROMIUM,
        "LANGUAGE": locale,
        "LANG": f"{locale}.UTF-8",
    }


def require_interface_language(lang: str) -> None:
    """Stop unless Chromium can show its own interface in `lang`'s browser language.

    Without its translations Chromium falls back to an English interface whatever --lang
    says, and then offers to translate every Spanish page: its Translate bubble opens while
    the page hydrates (Chromium 156 opens it despite --disable-features=Translate). Its
    layout and animation took ~120 ms of the GPU process and ~70 ms of the browser's main
    thread per load here, CPU that a 2-core host takes from the page, so Spanish pages came
    out with a median TBT of 76 ms against 10 ms for the same English page. A Spanish-speaking
    patient's browser does not offer to translate Spanish, so the bench must not either."""
    language = BROWSER_LANG[lang].split("-")[0]
    if not any(any(folder.glob(f"{language}*.pak")) for folder in CHROMIUM_LOCALES):
        raise SystemExit(
            f"Chromium has no {language!r} interface ({' or '.join(map(str, CHROMIUM_LOCALES))}): "
            "install it with `make browser-languages` (Debian package chromium-l10n)."
        )


@functools.cache
def chrome_flags(lang: str) -> str:
    """The --chrome-flags value for a run in `lang`, in a browser whose interface speaks it.
    Chromium keeps only the last --disable-features it is given, and chrome-launcher
    (Lighthouse's) already passes one, so ours repeats launcher's list, asked from the
    installed launcher rather than copied."""
    require_interface_language(lang)
    ask_launcher = (
        'import path from "node:path"; import fs from "node:fs"; import {pathToFileURL} from "node:url";'
        'const bin = process.env.PATH.split(path.delimiter).find(p => fs.existsSync(path.join(p, "lighthouse")));'
        'const {Launcher} = await import(pathToFileURL(path.join(bin, "..", "chrome-launcher", "dist", "index.js")));'
        "console.log(JSON.stringify(Launcher.defaultFlags()));"
    )
    completed = subprocess.run(
        [
            str(BIN / "npx"),
            "--yes",
            "-p",
            LIGHTHOUSE,
            "-c",
            f"node --input-type=module -e '{ask_launcher}'",
        ],
        env=_env(lang),
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    launcher_flags = json.loads(completed.stdout.strip().splitlines()[-1])
    prefix = "--disable-features="
    launcher_off = [
        f
        for flag in launcher_flags
        if flag.startswith(prefix)
        for f in flag[len(prefix) :].split(",")
    ]
    features_off = ",".join(dict.fromkeys([*launcher_off, *BROWSER_UI_FEATURES_OFF]))
    return f"{CHROME_FLAGS} {prefix}{features_off} --lang={BROWSER_LANG[lang]} --accept-lang={BROWSER_LANG[lang]}"


def pages_to_measure(every_route: bool):
    if every_route:
        return list(all_pages())
    seen, chosen = set(), []
    for page in all_pages():
        if (page.kind, page.lang) not in seen:
            seen.add((page.kind, page.lang))
            chosen.append(page)
    return chosen


def lighthouse_seo(url: str, lang: str) -> dict:
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        output = out.name
    command = [
        str(BIN / "npx"),
        "--yes",
        LIGHTHOUSE,
        url,
        "--only-categories=seo",
        "--output=json",
        f"--output-path={output}",
        "--quiet",
        f"--chrome-flags={chrome_flags(lang)}",
    ]
    subprocess.run(command, env=_env(lang), check=True, capture_output=True, timeout=300)
    report = json.loads(Path(output).read_text())
    os.unlink(output)
    failed = [
        f"{ref['id']}: {report['audits'][ref['id']].get('title')}"
        for ref in report["categories"]["seo"]["auditRefs"]
        if report["audits"][ref["id"]]["score"] not in (1, None)
    ]
    return {
        "score": round(report["categories"]["seo"]["score"] * 100),
        "final_url": report.get("finalDisplayedUrl"),
        "failed": failed,
        "lighthouse": report.get("lighthouseVersion"),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--all", action="store_true", help="measure all 30 routes, not one per kind"
    )
    args = parser.parse_args()
    process = None
    base_url = os.environ.get("SITE_URL", "").rstrip("/")
    if not base_url:
        base_url, process = prod_server.start()
    results = []
    try:
        for page in pages_to_measure(args.all):
            result = lighthouse_seo(base_url + page.path, page.lang)
            final_path = urllib.parse.urlparse(result["final_url"] or "").path
            if final_path != page.path:  # measured another page than the one asked for
                result["failed"].append(f"ended at {final_path}")
            results.append({"path": page.path, "kind": page.kind, "lang": page.lang, **result})
            print(f"{result['score']:>4}  {page.path}  {' '.join(result['failed'])}", flush=True)
    finally:
        if process:
            prod_server.stop(process)
    raw_runs_path("lighthouse-seo").write_text(
        json.dumps(results, indent=2, ensure_ascii=False) + "\n"
    )
    version = results[0]["lighthouse"] if results else "?"
    lines = [
        "# Lighthouse SEO score per page kind",
        "",
        f"{datetime.date.today().isoformat()}, Lighthouse {version}, Chromium {CHROMIUM}, production server "
        "on 127.0.0.1 (`bench/lighthouse_seo.py`). Spanish pages measured with browser language es-MX, "
        "English pages with en-US, Chromium's interface in the same language.",
        "",
        "| kind | lang | path | SEO | failed audits or problems |",
        "|---|---|---|---|---|",
        *(
            f"| {r['kind']} | {r['lang']} | `{r['path']}` | {r['score']} | {', '.join(r['failed']) or '-'} |"
            for r in results
        ),
        "",
    ]
    report_path("lighthouse-seo").write_text("\n".join(lines))
    print(f"wrote {report_path('lighthouse-seo')}")
    return 0 if all(r["score"] == 100 and not r["failed"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
