"""The site as the clinic grows: the content grown to each size (devtools/clinic_of_size.py:
doctors, services, languages), exported, and measured.

    make bench WHAT=clinic-size                        # every size of SIZES
    make bench WHAT=clinic-size ARGS="--sizes 2x6x2,40x30x3"

For each size: the pages; `make export`'s time, wall and CPU (user + system, the build's
processes together) and the load average around it, and the time of each phase of the
build from its log (Reflex's compile of the pages in Python; React Router's build: Vite's
bundle and the prerender of every page; our steps after it); each host's rules (header
rules, redirects) against its limits; and what the home, booking, a doctor's and a
service's page weigh on disk (HTML, and the JavaScript and CSS the page loads before any
interaction: its modules and everything they import; raw and gzip -9), each beside what
it shows that grows with the clinic (a doctor's services, a service's doctors, the
booking page's doctors), with a doctor's and a service's page that show as much at every
size read against the first size's (like for like). Writes
bench/reports/clinic-size.md (its raw run: .cache/bench/clinic-size.json). The grown content is made in a
temporary folder and removed; the export is this checkout's `.web/`.

Numbers depend on the machine's load: the report says how busy it was.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clinic.build_steps.site_files import cloudflare_pages, netlify  # noqa: E402
from clinic.build_steps.site_files.static_host import NETLIFY_DIR  # noqa: E402
from clinic.framework.patches.paint_first import PAGE_MODULES_ID, chunk_imports  # noqa: E402
from devtools.bench_runs import raw_runs_path, report_path, run_line, run_record  # noqa: E402
from devtools.clinic_of_size import grow  # noqa: E402
from devtools.content_variants import read  # noqa: E402

REPORT = report_path("clinic-size")
DATA = raw_runs_path("clinic-size")
STATIC_DIR = ROOT / ".web" / "build" / "client"
# doctors, services, languages: the sample's size first.
SIZES = [(2, 6, 2), (12, 12, 2), (12, 12, 3), (40, 30, 3)]
# The phases of `reflex export`, by the line of its log that ends each.
PHASES = {
    "start and compile (Python)": re.compile(r"Compiling: .* 100%"),
    "Vite bundle and prerender (React Router)": re.compile(r"Creating Production Build: .* 100%"),
}
# The pages weighed, in the default language: the first page of each kind, and, to read a
# page like for like across sizes, a doctor and a service whose pages show as much at every
# size. The growth gives each new service to the first doctor and each new doctor the
# first doctor's services of the shipped content, so the first doctor's page lists more
# services, and the first service's page more doctors, as the clinic grows: what they show
# grows. The shipped content's last doctor (when it is not the first) and its first service
# the first doctor does not see keep theirs.
FIRST_DOCTOR = "doctor (the first)"
SAME_DOCTOR = "doctor (shows the same at every size)"
FIRST_SERVICE = "service (the first)"
SAME_SERVICE = "service (shows the same at every size)"
# The pages read like for like against the first size's.
LIKE_FOR_LIKE = (SAME_DOCTOR, SAME_SERVICE)


def steady_pages(shipped_content: Path) -> dict[str, str]:
    """The doctor's slug and the service's key, from the shipped content, whose pages show
    as much at every size the growth makes (see above); none when the content has no such
    doctor or service."""
    doctors = read(shipped_content / "doctors.yaml")
    first_sees = set(doctors[0]["services"])
    services = [s["key"] for s in read(shipped_content / "services.yaml")]
    steady = {}
    if len(doctors) > 1:
        steady["doctor"] = doctors[-1]["slug"]
    unseen = [key for key in services if key not in first_sees]
    if unseen:
        steady["service"] = unseen[0]
    return steady


def facts_of_this_content(steady: dict[str, str]) -> dict:
    """The pages of the content this process builds (CLINIC_CONTENT_DIR), and each weighed
    page's path with what it shows that grows with the clinic."""
    from clinic.site.content import DEFAULT_LANG, content
    from clinic.site.page_content.service import doctors_for
    from clinic.site.pages.home import services as home_services
    from clinic.site.pages.home import team as home_team
    from clinic.site.routes import all_pages, doctor_page_id

    pages = all_pages()
    by_id = {page.id: page.path for page in pages if page.lang == DEFAULT_LANG}
    first = {}
    for page in pages:
        if page.lang == DEFAULT_LANG:
            first.setdefault(page.kind, page)
    clinic = content()

    def doctor_page(slug: str) -> dict:
        shows = _count(len(clinic.doctor(slug).services), "service")
        return {"path": by_id[doctor_page_id(slug)], "shows": shows}

    def service_page(key: str) -> dict:
        return {"path": by_id[key], "shows": _count(len(doctors_for(key)), "doctor")}

    home_doctors = min(len(clinic.doctors), home_team.SHOWN_AT_MOST)
    home_shown = min(len(clinic.services), home_services.SHOWN_AT_MOST)
    weighed = {
        "home": {
            "path": first["home"].path,
            "shows": f"{_count(home_doctors, 'doctor')}, {_count(home_shown, 'service')}",
        },
        "booking": {"path": first["booking"].path, "shows": _count(len(clinic.doctors), "doctor")},
        FIRST_DOCTOR: doctor_page(first["doctor"].doctor_slug),
        FIRST_SERVICE: service_page(first["service"].id),
    }
    if "doctor" in steady:
        weighed[SAME_DOCTOR] = doctor_page(steady["doctor"])
    if "service" in steady:
        weighed[SAME_SERVICE] = service_page(steady["service"])
        if weighed[SAME_SERVICE]["path"] == weighed[FIRST_SERVICE]["path"]:
            del weighed[FIRST_SERVICE]  # one page: weighed once
    return {"pages": len(pages), "weighed": weighed}


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def _weight(files: list[Path]) -> dict:
    data = [file.read_bytes() for file in files if file.is_file()]
    return {"raw": sum(map(len, data)), "gzip": sum(map(_gzip_size, data))}


def page_weight(static_dir: Path, path: str) -> dict:
    """A page's HTML, and the JavaScript and CSS it loads before any interaction."""
    html_file = static_dir / (path + "index.html" if path.endswith("/") else path + ".html").lstrip(
        "/"
    )
    html = html_file.read_text(encoding="utf-8")
    block = re.search(
        rf'<script type="application/json" id="{PAGE_MODULES_ID}">(.*?)</script>', html
    )
    modules: list[str] = []
    if block:
        data = json.loads(block.group(1))
        modules = [*data["preloads"], *data["imports"], *data["routes"].values(), data["entry"]]
    imports_of = chunk_imports(static_dir)
    seen: dict[str, None] = {}
    stack = list(modules)
    while stack:
        href = stack.pop()
        if href not in seen:
            seen[href] = None
            stack.extend(imports_of(href))
    styles = [
        href
        for tag in re.findall(r"<link\b[^>]*>", html)
        if 'rel="stylesheet"' in tag
        for href in re.findall(r'href="(/[^"]+)"', tag)
    ]
    return {
        "html": _weight([html_file]),
        "js": _weight([static_dir / href.lstrip("/") for href in seen]),
        "css": _weight([static_dir / href.lstrip("/") for href in dict.fromkeys(styles)]),
    }


def rules(static_dir: Path) -> dict:
    def blocks(text: str) -> int:
        return sum(1 for chunk in text.split("\n\n") if chunk.strip().lstrip("#").strip())

    def lines(text: str) -> int:
        return sum(1 for line in text.splitlines() if line.strip() and not line.startswith("#"))

    netlify_dir = static_dir.parent / NETLIFY_DIR
    header_blocks = (static_dir / "_headers").read_text().split("\n\n")
    return {
        "cloudflare": {
            "header rules": len([b for b in header_blocks if b.strip()]),
            "header rules limit": cloudflare_pages.MAX_HEADER_RULES,
            "redirects": lines((static_dir / "_redirects").read_text()),
            "redirects limit": cloudflare_pages.MAX_STATIC_REDIRECTS,
            "longest header line": max(
                len(line) for line in (static_dir / "_headers").read_text().splitlines()
            ),
            "header line limit": cloudflare_pages.MAX_LINE_CHARS,
        },
        "netlify": {
            "header rules": blocks((netlify_dir / "_headers").read_text().split("\n", 1)[1]),
            "redirects": lines((netlify_dir / "_redirects").read_text()),
            "redirects limit": netlify.MAX_REDIRECTS,
        },
    }


def _phases(log: str, started: float) -> dict[str, float]:
    """Seconds of each phase, from the time stamps this bench put on the log's lines."""
    found, previous = {}, started
    for name, ends in PHASES.items():
        for line in log.splitlines():
            stamp, _, text = line.partition(" ")
            if ends.search(text):
                found[name] = float(stamp) - previous
                previous = float(stamp)
                break
    return found


def export(content_dir: Path) -> dict:
    """`make export` of that content, timed; its log's lines time-stamped as they come."""
    env = {**os.environ, "CLINIC_CONTENT_DIR": str(content_dir)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load_before = os.getloadavg()
    started = time.time()
    process = subprocess.Popen(
        ["make", "--no-print-directory", "export"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    log = []
    assert process.stdout is not None
    for line in process.stdout:
        log.append(f"{time.time():.3f} {line.rstrip()}")
    process.wait()
    wall = time.time() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    text = "\n".join(log)
    if process.returncode != 0:
        print(text[-3000:], file=sys.stderr)
        raise SystemExit(f"make export failed for {content_dir}")
    phases = _phases(text, started)
    phases["our steps after the build (rewrite, rules, compression)"] = wall - sum(phases.values())
    return {
        "wall_s": round(wall, 1),
        "cpu_s": round((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), 1),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "phases_s": {name: round(seconds, 1) for name, seconds in phases.items()},
    }


def content_facts(content_dir: Path) -> dict:
    """`facts_of_this_content` in a process of its own, which reads that content."""
    env = {**os.environ, "CLINIC_CONTENT_DIR": str(content_dir)}
    steady = json.dumps(steady_pages(ROOT / "content"))
    done = subprocess.run(
        [sys.executable, __file__, "--facts", steady],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout)


def measure(size: tuple[int, int, int], scratch: Path) -> dict:
    doctors, services, languages = size
    content_dir = grow(scratch / f"{doctors}x{services}x{languages}", doctors, services, languages)
    facts = content_facts(content_dir)
    print(f"{doctors} doctors, {services} services, {languages} languages: {facts['pages']} pages")
    timing = export(content_dir)
    print(f"  export {timing['wall_s']} s wall, {timing['cpu_s']} s CPU")
    weights = {
        label: {**page, **page_weight(STATIC_DIR, page["path"])}
        for label, page in facts["weighed"].items()
    }
    return {
        "doctors": doctors,
        "services": services,
        "languages": languages,
        "pages": facts["pages"],
        "html_files": sum(1 for _ in STATIC_DIR.rglob("*.html")),
        **timing,
        "rules": rules(STATIC_DIR),
        "weights": weights,
    }


def _kb(value: int) -> str:
    return f"{value / 1000:.1f}"


def report(results: list[dict], meta: dict) -> str:
    out = [
        "# The site as the clinic grows",
        "",
        run_line(meta, f"{os.cpu_count()} cores"),
        "",
        "Each size is the shipped content grown by `devtools/clinic_of_size.py` and exported "
        "with `make export` (`CLINIC_CONTENT_DIR`), one after another, in this checkout. CPU "
        "is user + system of every process of the export. kB = 1000 bytes.",
        "",
        "## Export time",
        "",
        "| doctors | services | languages | pages | wall s | CPU s | wall s per page | "
        "load before (1/5/15 min) | load after |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        out.append(
            f"| {r['doctors']} | {r['services']} | {r['languages']} | {r['pages']} | "
            f"{r['wall_s']} | {r['cpu_s']} | {r['wall_s'] / r['pages']:.2f} | "
            f"{' / '.join(map(str, r['load_before']))} | {' / '.join(map(str, r['load_after']))} |"
        )
    if len(results) > 1:
        first, last = results[0], results[-1]
        added = last["pages"] - first["pages"]
        if added:
            out += [
                "",
                f"Each page added from {first['pages']} to {last['pages']} pages: "
                f"{(last['wall_s'] - first['wall_s']) / added:.2f} s wall, "
                f"{(last['cpu_s'] - first['cpu_s']) / added:.2f} s CPU.",
            ]
    out += ["", "### Phases (wall seconds)", ""]
    names = list(results[0]["phases_s"])
    out += [
        "| pages | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for r in results:
        out.append(f"| {r['pages']} | " + " | ".join(str(r["phases_s"][n]) for n in names) + " |")
    out += [
        "",
        "## Rules per host (against the host's limit)",
        "",
        "| pages | Cloudflare header rules | Cloudflare longest header line | Cloudflare "
        "redirects | Netlify header rules | Netlify redirects |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        cf, nf = r["rules"]["cloudflare"], r["rules"]["netlify"]
        out.append(
            f"| {r['pages']} | {cf['header rules']} / {cf['header rules limit']} | "
            f"{cf['longest header line']} / {cf['header line limit']} | "
            f"{cf['redirects']} / {cf['redirects limit']} | {nf['header rules']} (no limit) | "
            f"{nf['redirects']} / {nf['redirects limit']} |"
        )
    out += [
        "",
        "## Page weights (kB raw / gzip)",
        "",
        "The HTML, and the JavaScript and CSS a page loads before any interaction (its "
        "modules and all they import, from the export; lazy chunks such as the reviews "
        "widget not included).",
        "",
        "| pages | page | it shows | HTML | JS | CSS |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        for label, weight in r["weights"].items():
            cells = [
                f"{_kb(weight[part]['raw'])} / {_kb(weight[part]['gzip'])}"
                for part in ("html", "js", "css")
            ]
            out.append(
                f"| {r['pages']} | {label} `{weight['path']}` | {weight['shows']} | "
                + " | ".join(cells)
                + " |"
            )
    out += like_for_like(results)
    return "\n".join(out) + "\n"


def _change(now: int, then: int) -> str:
    return f"{(now - then) / then * 100:+.1f} %"


def like_for_like(results: list[dict]) -> list[str]:
    """Each size's doctor and service page that show as much as at the first size, against
    the first size's (gzip -9): how much a page grows that shows no more."""
    base = results[0]
    rows = [
        f"| {r['pages']} | {label} | {r['weights'][label]['shows']} | "
        + " | ".join(
            _change(r["weights"][label][part]["gzip"], base["weights"][label][part]["gzip"])
            for part in ("html", "js", "css")
        )
        + " |"
        for r in results[1:]
        for label in LIKE_FOR_LIKE
        if label in r["weights"] and label in base["weights"]
    ]
    if not rows:
        return []
    return [
        "",
        f"### Like for like: against the {base['pages']}-page clinic (gzip)",
        "",
        "A doctor's and a service's page that show as many services and doctors at every "
        "size (the pages marked so above), each against the same page of the first size.",
        "",
        "| pages | page | it shows | HTML | JS | CSS |",
        "|---|---|---|---|---|---|",
        *rows,
    ]


def _size(text: str) -> tuple[int, int, int]:
    doctors, services, languages = (int(part) for part in text.split("x"))
    return doctors, services, languages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        type=lambda text: [_size(part) for part in text.split(",")],
        default=SIZES,
        help="doctorsxservicesxlanguages, comma-separated (default: %(default)s)",
    )
    parser.add_argument("--facts", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.facts:  # in the process that reads the grown content (`content_facts`)
        print(json.dumps(facts_of_this_content(json.loads(args.facts))))
        return 0
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="clinic-size-") as scratch:
        results = [measure(size, Path(scratch)) for size in args.sizes]
    meta = run_record(1, load_before, results)
    DATA.write_text(json.dumps(meta, indent=1) + "\n")
    REPORT.write_text(report(results, meta))
    print(REPORT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
