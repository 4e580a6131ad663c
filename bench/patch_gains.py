"""What a patch point of clinic/framework/patches/ buys: the site measured with it and
without it (bench/reports/patch-gains.md). Each part writes its numbers into
.cache/bench/patch-gains.json and its own section of patch-gains.md (between the part's
markers), leaving the rest of the report as it is.

    .venv/bin/python bench/patch_gains.py not-found --runs 3
        # the 404 pages: the prerendered page against React Router's client-rendered
        # shell (what 404.html is without the prerender), Lighthouse's phone profile
        # (SITE_URL=http://127.0.0.1:PORT: measure a production server already running)
    .venv/bin/python bench/patch_gains.py development
        # `reflex run` in a copy with and without the development patches: the addresses
        # the page server answers on, and how long a content edit takes to show
    .venv/bin/python bench/patch_gains.py frontend-lock
        # a build in a copy without the frozen-lock plugin: the npm versions it installs
        # and what it writes into reflex.lock/, with the copy's .web and with none
    .venv/bin/python bench/patch_gains.py phone --without shell_first --runs 7 --tap-loads 2
        # a phone's view with and without one patch of bench/patch_variants.py's WITHOUT:
        # Lighthouse's phone profile, the first tap, taps during the load (bench/phone_gains.py)

Every variant is built in a copy of the project (devtools/project_copy.py), never in
this one. The machine's load average is recorded with each part.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gzip
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from bench.lighthouse import (  # noqa: E402
    NOT_FOUND_PATHS,
    ReferenceProxy,
    fetch_text,
    load_average,
    median_run,
    without_scripts,
)
from bench.patch_variants import WITHOUT, plugin_line, project_copy, without_in_rxconfig  # noqa: E402
from bench.phone_gains import part_phone, phone_section  # noqa: E402
from clinic.framework.app_folders import EXPORT_DIR  # noqa: E402
from clinic.framework.patches.frontend_lock import (  # noqa: E402
    locked_versions,
    npm_upgrades,
    read_bun_lock,
)
from clinic.framework.patches.not_found_pages import KEPT_SHELL  # noqa: E402
from clinic.site.content import DEFAULT_LANG  # noqa: E402
from devtools.bench_runs import raw_runs_path, report_path  # noqa: E402
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from devtools.content_variants import set_text  # noqa: E402
from devtools.project_copy import reflex_env  # noqa: E402
from devtools.servers import BIN, free_port, production_server, stop, wait_until_up  # noqa: E402

REPORT_JSON = raw_runs_path("patch-gains")
REPORT_MD = report_path("patch-gains")
TAGS = re.compile(r"<[^>]+>")
HOME_TITLE_KEY = "pages.home.title"
SHOW_TIMEOUT_S = 180
# What the development server's log says each time a worker has compiled the pages.
COMPILED = "Compiling:"


def browser():

    playwright = sync_playwright().start()
    return playwright, playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


# ------------------------------------------------------------------ 404 pages


def readable_words(html: str) -> int:
    """Words a visitor can read before any script runs."""
    body = without_scripts(html).split("<body", 1)[-1]
    return len(TAGS.sub(" ", re.sub(r"<style\b.*?</style>", " ", body, flags=re.DOTALL)).split())


def lighthouse_median(url: str, lang: str, runs: int, attempts: int = 5) -> dict:
    """median_run, tried again when Lighthouse saw no paint at all (NO_FCP: it happens
    now and then on a loaded machine, on pages that paint in a normal browser)."""
    for attempt in range(attempts):
        try:
            return median_run(url, lang, runs)
        except RuntimeError as error:
            if "NO_FCP" not in str(error) or attempt == attempts - 1:
                raise
            print(f"no paint seen on {url}, trying again", flush=True)
    raise AssertionError("unreachable")


def part_not_found(args) -> dict:
    shell = (EXPORT_DIR.parent / KEPT_SHELL).read_text()
    rows, lighthouse_version = [], None
    with contextlib.ExitStack() as stack:
        # SITE_URL: a production server already running (as bench/lighthouse.py takes it).
        site = os.environ.get("SITE_URL", "").rstrip("/") or stack.enter_context(
            production_server()
        )
        for lang, path in NOT_FOUND_PATHS.items():
            prerendered = fetch_text(site + path)
            for variant, html in (("prerendered", prerendered), ("client-rendered shell", shell)):
                with ReferenceProxy(site, html, path) as proxy:
                    result = lighthouse_median(proxy.url + path, lang, args.runs)
                lighthouse_version = result["lighthouse"]
                rows.append(
                    {
                        "path": path,
                        "variant": variant,
                        "html_bytes": len(html.encode()),
                        "html_gzip": len(gzip.compress(html.encode(), 9)),
                        "words_before_scripts": readable_words(html),
                        "fcp_ms": round(result["fcp_ms"]),
                        "lcp_ms": round(result["lcp_ms"]),
                        "lcp_runs": result["lcp_runs"],
                        "performance": result["scores"]["performance"],
                        "js_bytes": result["js_bytes"],
                    }
                )
                print(rows[-1], flush=True)
    return {"runs": args.runs, "lighthouse": lighthouse_version, "rows": rows}


def not_found_section(data: dict) -> list[str]:
    lines = [
        f"Lighthouse {data['lighthouse']}, mobile (simulated slow 4G, 4x CPU), median of "
        f"{data['runs']} runs, each page served at its unknown path through bench/lighthouse.py's "
        "proxy (Lighthouse does not score a 404 answer). Without the prerender, 404.html is "
        "React Router's client-rendered shell (`client-rendered-shell.html`, the build's "
        "`__spa-fallback.html`).",
        "",
        "| path | variant | HTML gzip B | words before any script | FCP ms | LCP ms (runs) | score | JS B |",
        "|---|---|---|---|---|---|---|---|",
    ]
    lines += [
        f"| {r['path']} | {r['variant']} | {r['html_gzip']} | {r['words_before_scripts']} | "
        f"{r['fcp_ms']} | {r['lcp_ms']} ({', '.join(map(str, r['lcp_runs']))}) | "
        f"{r['performance']} | {r['js_bytes']} |"
        for r in data["rows"]
    ]
    return lines


# ------------------------------------------------------------------ development


def lan_address() -> str | None:
    """This machine's first address that is not loopback (a café's Wi-Fi neighbour's view)."""
    completed = subprocess.run(["hostname", "-I"], capture_output=True, text=True, check=False)
    addresses = [a for a in completed.stdout.split() if "." in a and not a.startswith("127.")]
    return addresses[0] if addresses else None


def listening(port: int) -> list[str]:
    completed = subprocess.run(["ss", "-ltnH"], capture_output=True, text=True, check=True)
    return sorted(
        {
            fields[3].rsplit(":", 1)[0]
            for fields in (line.split() for line in completed.stdout.splitlines())
            if len(fields) > 3 and fields[3].rsplit(":", 1)[-1] == str(port)
        }
    )


def answers(address: str, port: int) -> str:
    try:
        with socket.create_connection((address, port), timeout=3) as connection:
            connection.sendall(f"GET / HTTP/1.0\r\nHost: {address}\r\n\r\n".encode())
            return connection.recv(64).decode(errors="replace").splitlines()[0]
    except OSError as error:
        return type(error).__name__


def edit_home_title(project: Path, text: str) -> None:
    set_text(project / "content", DEFAULT_LANG, HOME_TITLE_KEY, text)


def development_run(project: Path) -> dict:
    frontend, backend = free_port(), free_port()
    log = project.parent / "reflex-run.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                *(str(BIN / "reflex"), "run", "--loglevel", "info"),
                *("--frontend-port", str(frontend), "--backend-port", str(backend)),
            ],
            cwd=project,
            env=reflex_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    playwright, chromium = None, None
    try:
        url = f"http://127.0.0.1:{frontend}"
        wait_until_up(url + "/", process, log, timeout_s=600)
        lan = lan_address()
        result: dict = {
            "listening_on": listening(frontend),
            "lan_address_answer": answers(lan, frontend) if lan else "no LAN address",
        }
        playwright, chromium = browser()
        # A Spanish browser: an English one is sent from / to /en/ on its first visit.
        page = chromium.new_context(locale="es-MX").new_page()
        page.goto(url + "/")
        page.locator("h1").first.wait_for(timeout=120_000)
        edited = "Título cambiado mientras el servidor corre"
        compiles = log.read_text().count(COMPILED)
        started = time.monotonic()
        edit_home_title(project, edited)
        result |= {"content_edit_compiled_s": None, "content_edit_shown_s": None}
        while time.monotonic() - started < SHOW_TIMEOUT_S:
            page.wait_for_timeout(500)
            elapsed = round(time.monotonic() - started, 1)
            if (
                result["content_edit_compiled_s"] is None
                and log.read_text().count(COMPILED) > compiles
            ):
                result["content_edit_compiled_s"] = elapsed
            with contextlib.suppress(PlaywrightError):
                if page.locator("h1").first.inner_text(timeout=1000) == edited:
                    result["content_edit_shown_s"] = elapsed
                    break
        return result
    finally:
        if playwright and chromium:
            chromium.close()
            playwright.stop()
        stop(process)


def part_development(args) -> dict:
    variants = {}
    with project_copy("development") as project:
        variants["all patches"] = development_run(project)
        print(variants, flush=True)
    with project_copy("development") as project:
        without_in_rxconfig(
            project, ["reload_on_every_edit()\n", plugin_line("LoopbackDevServerPlugin")]
        )
        variants["without dev_server_host and development_reload"] = development_run(project)
        print(variants, flush=True)
    return {"show_timeout_s": SHOW_TIMEOUT_S, "variants": variants}


def development_section(data: dict) -> list[str]:
    lines = [
        "`reflex run` in a copy of the project; the page server's port as `ss -ltn` lists it, "
        "what that port answers at this machine's LAN address, and the seconds from saving "
        "the home title in content/i18n/ to the server's log reporting a new compile and to "
        f"the open tab showing it (given up after {data['show_timeout_s']} s: 'never').",
        "",
        "| variant | page server listens on | at the LAN address | edit compiled after | edit shown after |",
        "|---|---|---|---|---|",
    ]
    for name, r in data["variants"].items():
        compiled, shown = r["content_edit_compiled_s"], r["content_edit_shown_s"]
        lines.append(
            f"| {name} | {', '.join(r['listening_on'])} | {r['lan_address_answer']} | "
            f"{f'{compiled} s' if compiled is not None else 'never'} | "
            f"{f'{shown} s' if shown is not None else 'never'} |"
        )
    return lines


# ------------------------------------------------------------------ frontend lock


def installed(web: Path, names: list[str]) -> dict[str, str | None]:
    versions = {}
    for name in names:
        package = web / "node_modules" / name / "package.json"
        versions[name] = json.loads(package.read_text())["version"] if package.is_file() else None
    return versions


def locked(lock_dir: Path, names: list[str]) -> dict[str, str | None]:
    packages = read_bun_lock(lock_dir / "bun.lock")["packages"]
    return {
        name: packages[name][0].rpartition("@")[2] if name in packages else None for name in names
    }


def export(project: Path) -> dict:
    started = time.monotonic()
    completed = subprocess.run(
        [str(BIN / "reflex"), "export", "--frontend-only", "--no-zip", "--loglevel", "info"],
        cwd=project,
        env=reflex_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    output = completed.stdout + completed.stderr
    errors = [
        line.strip() for line in output.splitlines() if re.search(r"error|frozen", line, re.I)
    ]
    return {
        "exit_code": completed.returncode,
        "seconds": round(time.monotonic() - started),
        "errors": errors[:5],
    }


def part_frontend_lock(args) -> dict:
    names = sorted(npm_upgrades())
    variants = {
        "all patches (this project's build)": {
            "installed": installed(ROOT / ".web", names),
            "reflex_lock": locked(ROOT / "reflex.lock", names),
            "reflex_lock_changed": False,
        }
    }
    for setting in ("the project's .web", "no .web (a fresh clone)"):
        with project_copy("frontend-lock") as project:
            without_in_rxconfig(project, [plugin_line("FrozenFrontendLockPlugin")])
            if setting.startswith("no"):
                shutil.rmtree(project / ".web", ignore_errors=True)
            before = (project / "reflex.lock" / "bun.lock").read_text()
            result = export(project)
            result["installed"] = installed(project / ".web", names)
            result["reflex_lock"] = locked(project / "reflex.lock", names)
            result["reflex_lock_changed"] = (
                project / "reflex.lock" / "bun.lock"
            ).read_text() != before
            variants[f"without FrozenFrontendLockPlugin, {setting}"] = result
            print(result, flush=True)
    # `make lock` resolves the lock anew (tools/refresh_frontend_lock.py: a copy without
    # .web nor reflex.lock/, bun thawed): with the plugin and without it.
    committed = locked_versions(read_bun_lock(ROOT / "reflex.lock" / "bun.lock"))
    for with_plugin in (True, False):
        with project_copy("frontend-lock") as project:
            if not with_plugin:
                without_in_rxconfig(project, [plugin_line("FrozenFrontendLockPlugin")])
            shutil.rmtree(project / ".web", ignore_errors=True)
            shutil.rmtree(project / "reflex.lock", ignore_errors=True)
            config = project / "bunfig.toml"
            config.write_text(
                config.read_text().replace("frozenLockfile = true", "frozenLockfile = false")
            )
            result = export(project)
            lock_dir = project / ".web"
            result["installed"] = installed(lock_dir, names)
            result["reflex_lock"] = locked(project / "reflex.lock", names)
            fresh = locked_versions(read_bun_lock(project / "reflex.lock" / "bun.lock"))
            result["packages_differing_from_committed_lock"] = sorted(
                key
                for key in committed.keys() | fresh.keys()
                if committed.get(key) != fresh.get(key)
            )
            result["reflex_lock_changed"] = bool(result["packages_differing_from_committed_lock"])
            name = "with" if with_plugin else "without"
            variants[f"lock resolved anew (make lock) {name} FrozenFrontendLockPlugin"] = result
            print(result, flush=True)
    return {"packages": names, "variants": variants}


def frontend_lock_section(data: dict) -> list[str]:
    names = data["packages"]
    lines = [
        "`reflex export` in a copy of the project without `FrozenFrontendLockPlugin` (it "
        "applies pyproject.toml's `[tool.clinic.npm-upgrades]` and keeps bun's lockfile "
        "frozen): the versions installed in .web/node_modules and written to reflex.lock/.",
        "",
        f"| variant | build | {' | '.join(names)} | reflex.lock/bun.lock changed |",
        f"|---|---|{'---|' * len(names)}---|",
    ]
    for name, r in data["variants"].items():
        build = (
            "passed"
            if r.get("exit_code", 0) == 0
            else f"failed ({'; '.join(r['errors'][:2]) or 'exit ' + str(r['exit_code'])})"
        )
        cells = [f"{r['installed'][n] or '-'} (lock {r['reflex_lock'][n] or '-'})" for n in names]
        differing = r.get("packages_differing_from_committed_lock")
        changed = "yes" if r["reflex_lock_changed"] else "no"
        if differing is not None:
            changed = f"{len(differing)} packages differ from the committed lock"
        lines.append(f"| {name} | {build} | {' | '.join(cells)} | {changed} |")
    return lines


# ------------------------------------------------------------------ report

PARTS = {
    "not-found": (part_not_found, not_found_section, "404 pages: `not_found_pages`"),
    "development": (
        part_development,
        development_section,
        "Development: `dev_server_host` and `development_reload`",
    ),
    "frontend-lock": (part_frontend_lock, frontend_lock_section, "Frontend lock: `frontend_lock`"),
    "phone": (part_phone, phone_section, "A phone's view"),
}
# Parts measured against one patch left out: each patch's section of its own.
PER_PATCH = {"phone"}


def section_key(part: str, without: str, label: str | None = None) -> str:
    key = f"{part}-without-{without}" if part in PER_PATCH else part
    return f"{key}-{label}" if label else key


def write_section(key: str, data: dict) -> None:
    _, section, title = PARTS[key]
    name = section_key(key, data.get("without", ""), data.get("label"))
    begin, end = f"<!-- patch_gains.py {name} -->", f"<!-- /patch_gains.py {name} -->"
    meta = f"Measured {data['date']} at {data['commit']}, load average {data['load_before']} before, {data['load_after']} after."
    if key in PER_PATCH:
        title = f"{title}: with and without `{data['without']}`"
        if data.get("label"):
            title += f" ({data['label']})"
    block = "\n".join([begin, f"## {title}", "", meta, "", *section(data), end])
    report = REPORT_MD.read_text() if REPORT_MD.exists() else ""
    if begin in report:
        report = report[: report.index(begin)] + block + report[report.index(end) + len(end) :]
    else:
        report = report.rstrip("\n") + "\n\n" + block + "\n"
    REPORT_MD.write_text(report)


def rounded(data):
    """The report's numbers to a tenth (a browser's clock gives 1104.4000000003725 ms)."""
    if isinstance(data, float):
        return round(data, 1)
    if isinstance(data, dict):
        return {key: rounded(value) for key, value in data.items()}
    if isinstance(data, list):
        return [rounded(value) for value in data]
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("part", choices=PARTS)
    parser.add_argument(
        "--runs", type=int, default=3, help="Lighthouse runs per page (not-found, phone)"
    )
    parser.add_argument(
        "--without",
        default="lean_router",
        help=f"phone: the patch left out, one of {', '.join(WITHOUT)}",
    )
    parser.add_argument(
        "--tap-runs", type=int, default=3, help="phone: bench/first_tap.py's loads per control"
    )
    parser.add_argument(
        "--tap-loads",
        type=int,
        default=0,
        help="phone: loads per moment of bench/tap_during_load.py (0: not measured)",
    )
    parser.add_argument(
        "--label", help="a section of its own beside the part's usual one (e.g. hydration)"
    )
    parser.add_argument(
        "--tap-moments",
        nargs="*",
        help="phone: the taps' moments instead of tap_during_load.py's, e.g. lighthouse:1300,1400",
    )
    args = parser.parse_args()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    load_before = load_average()
    data = PARTS[args.part][0](args)
    data |= {
        "date": datetime.date.today().isoformat(),
        "commit": commit,
        "load_before": load_before,
        "load_after": load_average(),
    }
    everything = json.loads(REPORT_JSON.read_text()) if REPORT_JSON.exists() else {}
    data["label"] = args.label
    key = section_key(args.part, args.without, args.label)
    everything[key] = data
    REPORT_JSON.write_text(json.dumps(rounded(everything), indent=1, ensure_ascii=False) + "\n")
    write_section(args.part, data)
    print(f"wrote {REPORT_MD}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
