"""Production server bench: load, bad requests and third-party failure.

    .venv/bin/python bench/server.py            # everything, ~8 minutes
    .venv/bin/python bench/server.py --only third-party   # or: load, bad-requests

Writes bench/reports/server.md. It builds and starts the production server (`reflex run
--env prod --single-port`, what `make run` starts) and, for the load comparison, nginx
serving the same export; both bind 127.0.0.1 on free ports and are stopped at the end.
wrk and nginx come from Debian (installed here if missing, which needs root). Not part of
`make test`: numbers depend on the machine and are reported, not asserted.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from clinic.framework.app_folders import EXPORT_DIR  # noqa: E402
from clinic.server import security  # noqa: E402
from clinic.site.routes import path_for  # noqa: E402
from devtools import bad_requests  # noqa: E402
from devtools import servers as prod_server  # noqa: E402
from devtools.bench_runs import report_path  # noqa: E402

REPORT = report_path("server")
LOAD_PAGES = [("home", path_for("home", "es")), ("service page", path_for("hysteroscopy", "es"))]
APT_PACKAGES = ["wrk", "nginx", "libnginx-mod-http-brotli-static"]
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")


# ------------------------------------------------------------------ tools


def ensure_tools() -> None:
    """wrk and nginx from Debian. Services must not start on install (nginx would bind
    port 80 on every interface), so policy-rc.d refuses them for the install's duration."""
    if shutil.which("wrk") and shutil.which("nginx") and BROTLI_MODULE.exists():
        return
    if os.geteuid() != 0:
        sys.exit("wrk and nginx are missing: sudo apt-get install " + " ".join(APT_PACKAGES))
    policy = Path("/usr/sbin/policy-rc.d")
    created = not policy.exists()
    if created:
        policy.write_text(
            "#!/bin/sh\n# bench/server.py: no service starts during its apt-get install.\nexit 101\n"
        )
        policy.chmod(0o755)
    try:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", *APT_PACKAGES],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
        )
    finally:
        if created:
            policy.unlink()


free_port, wait_for, stop = prod_server.free_port, prod_server.wait_until_up, prod_server.stop


# ------------------------------------------------------------------ servers


@contextmanager
def python_server():
    """The production server exactly as `make run` starts it (it builds first)."""
    url, process = prod_server.start()
    try:
        yield url, process
    finally:
        stop(process)


NGINX_CONF = """
daemon off;
worker_processes auto;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
{load_brotli}
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    types {{ text/javascript js mjs; }}
    access_log off;
    server_tokens off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {root};
        gzip_static on;
        {brotli_static}
        error_page 404 /404.html;
{common_headers}
        location /assets/ {{
{common_headers}
            add_header Cache-Control "{immutable}" always;
        }}
        location = /healthz {{ return 200 "ok\\n"; }}
        location / {{
{common_headers}
            add_header Cache-Control "no-cache" always;
            try_files $uri $uri.html $uri/index.html =404;
        }}
    }}
}}
"""


@contextmanager
def nginx_server():
    """nginx serving the same export: precompressed files, the same fixed headers and
    cache policy (not the per-page CSP or the legacy redirects: a plain static setup)."""
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="clinic-bench-nginx-"))
    brotli = BROTLI_MODULE.exists()
    common = "\n".join(
        f'        add_header {name} "{value}" always;'
        for name, value in security.BASE_HEADERS.items()
    )
    conf = tmp / "nginx.conf"
    conf.write_text(
        NGINX_CONF.format(
            tmp=tmp,
            port=port,
            root=EXPORT_DIR,
            load_brotli=f"load_module {BROTLI_MODULE};" if brotli else "",
            brotli_static="brotli_static on;" if brotli else "",
            common_headers=common,
            immutable=security.CACHE_IMMUTABLE,
        )
    )
    log = tmp / "error.log"
    process = subprocess.Popen(
        ["nginx", "-p", str(tmp), "-c", str(conf)],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/healthz", process, log, 30)
        yield f"http://127.0.0.1:{port}", process
    finally:
        stop(process)
        shutil.rmtree(tmp, ignore_errors=True)


# ------------------------------------------------------------------ load


def _ms(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def wrk(url: str, connections: int, seconds: int) -> dict:
    """One wrk run; browsers' Accept-Encoding so both servers send precompressed files."""
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{seconds}s",
            "--timeout",
            "10s",
            "--latency",
            "-H",
            "Accept-Encoding: gzip, deflate, br",
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=seconds + 60,
    ).stdout
    result = {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": _ms(re.search(r"\n\s+50%\s+(\S+)", out).group(1)),
        "p99": _ms(re.search(r"\n\s+99%\s+(\S+)", out).group(1)),
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),
        "errors": 0,
        "non_2xx": 0,
    }
    if m := re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out):
        result["errors"] = sum(int(n) for n in m.groups())
    if m := re.search(r"Non-2xx or 3xx responses: (\d+)", out):
        result["non_2xx"] = int(m.group(1))
    return result


def run_load(py_url: str, ng_url: str, seconds: int, connections: list[int]) -> list[dict]:
    rows = []
    for label, path in LOAD_PAGES:
        for conns in connections:
            row = {"page": f"{label} `{path}`", "connections": conns}
            for name, base in (("python", py_url), ("nginx", ng_url)):
                print(f"wrk {name} {path} c={conns} {seconds}s", flush=True)
                row[name] = wrk(base + path, conns, seconds)
            rows.append(row)
    return rows


# ------------------------------------------------------------------ third parties


def run_third_party(base_url: str) -> dict[str, list]:
    from playwright.sync_api import sync_playwright

    from bench import third_party_failure as tpf

    results = {}
    with sync_playwright() as playwright:
        for mode in ("blocked", "hanging"):
            print(f"third parties {mode}", flush=True)
            with tpf.failing_browser(playwright, mode) as browser:
                results[mode] = tpf.check_pages(browser, base_url, mode)
    return results


# ------------------------------------------------------------------ report


def _fmt(n: float) -> str:
    return f"{n:,.0f}" if n >= 100 else f"{n:,.1f}"


def report(load, bad, third, py_process_info: str) -> str:
    """The report's sections for what was run, each starting with "## " and dated."""
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    run_note = (
        f"_Run {now}; {os.cpu_count()} CPU cores ({platform.machine()}) shared with the "
        f"load generator and other work; Python server: {py_process_info}; all on 127.0.0.1._"
    )
    lines = []
    if load:
        lines += [
            "## Load (wrk, 2 threads, `Accept-Encoding: gzip, deflate, br`)",
            "",
            run_note,
            "",
            "Python: the production server (`reflex run --env prod --single-port` with "
            "`clinic/server/middleware.py`). nginx: the same export, `gzip_static`/`brotli_static`, "
            "the same fixed headers, `worker_processes auto`. Latencies in ms.",
            "",
            "| page | conns | python req/s | p50 | p99 | errors | nginx req/s | p50 | p99 | errors | nginx / python |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for row in load:
            py, ng = row["python"], row["nginx"]
            lines.append(
                f"| {row['page']} | {row['connections']} | {_fmt(py['rps'])} | {_fmt(py['p50'])} | {_fmt(py['p99'])} "
                f"| {py['errors'] + py['non_2xx']} | {_fmt(ng['rps'])} | {_fmt(ng['p50'])} | {_fmt(ng['p99'])} "
                f"| {ng['errors'] + ng['non_2xx']} | {ng['rps'] / py['rps']:.1f}x |"
            )
        lines += [
            "",
            "Errors: socket errors (connect, read, write, timeout) plus non-2xx/3xx responses.",
            "",
        ]
    if bad:
        by_status, by_kind, count, healthy = bad
        lines += [
            f"## Bad requests ({count:,}, generated with seed 7 by `devtools/bad_requests.py`)",
            "",
            run_note,
            "",
            "| status | count |",
            "| --- | ---: |",
            *(f"| {status} | {n:,} |" for status, n in sorted(by_status.items())),
            "",
            f"5xx or timeouts: **{bad_requests.server_errors(by_status)}**. "
            f"Healthy afterwards (`/healthz` 200 and `/` 200): **{'yes' if healthy else 'NO'}**.",
            "",
            "| kind | statuses |",
            "| --- | --- |",
        ]
        kinds = sorted({k for k, _ in by_kind})
        for kind in kinds:
            statuses = ", ".join(f"{s}: {n}" for (k, s), n in sorted(by_kind.items()) if k == kind)
            lines.append(f"| {kind} | {statuses} |")
        lines += [
            "",
            "`closed`: the server (granian's HTTP parser) hung up without a response line.",
            "",
        ]
    if third:
        lines += [
            "## Third-party failure (Chromium, every page, every third-party host failing)",
            "",
            run_note,
            "",
            "blocked: third-party requests fail at once. hanging: every third-party host "
            "resolves to a local socket that never answers. Per page: one `<h1>` and text in "
            "`<main>`; uncaught errors; the header's book button reaches the booking page; the "
            "WhatsApp link opens the chat in a new tab.",
            "",
            "| mode | pages | render | no uncaught error | booking link | chat link | load event | median DOM ready (ms) | 3rd-party requests |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for mode, rows in third.items():
            ready = sorted(r.dom_ready_ms for r in rows)[len(rows) // 2]
            lines.append(
                f"| {mode} | {len(rows)} | {sum(r.renders for r in rows)} | {sum(not r.uncaught for r in rows)} "
                f"| {sum(r.booking_link_ok for r in rows)} | {sum(r.chat_link_ok for r in rows)} "
                f"| {sum(r.load_event for r in rows)} | {ready} | {sum(r.third_party_requests for r in rows)} |"
            )
        failures = [
            (mode, r)
            for mode, rows in third.items()
            for r in rows
            if not (r.renders and not r.uncaught and r.booking_link_ok and r.chat_link_ok)
        ]
        lines += [""]
        if failures:
            lines += ["Pages that failed a check:", ""]
            lines += [
                f"- {mode} `{r.path}`: h1={r.h1_count} main={r.main_chars} chars, uncaught={r.uncaught}, "
                f"booking={r.booking_link_ok}, chat={r.chat_link_ok}"
                for mode, r in failures
            ]
        else:
            lines += ["Every page passed every check in both modes."]
        lines += [""]
    return "\n".join(lines)


REPORT_TITLE = (
    "# Production server bench\n\nWritten by `bench/server.py` (see its docstring); "
    "each section is replaced when that part is run again (`--only`).\n"
)


def _sections(text: str) -> dict[str, str]:
    parts = re.split(r"(?m)^(?=## )", text)
    return {
        part.split("(", 1)[0].split("\n", 1)[0].strip(): part.rstrip() + "\n"
        for part in parts
        if part.startswith("## ")
    }


def merge_report(path: Path, new_text: str) -> str:
    """Keep the sections of the existing report that this run did not redo."""
    sections = _sections(path.read_text(encoding="utf-8")) if path.exists() else {}
    sections.update(_sections(new_text))
    order = ["## Load", "## Bad requests", "## Third-party failure"]
    ordered = sorted(
        sections.items(),
        key=lambda kv: next((i for i, o in enumerate(order) if kv[0].startswith(o)), 9),
    )
    return REPORT_TITLE + "\n" + "\n".join(text for _, text in ordered)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", choices=["load", "bad-requests", "third-party"])
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--connections", default="50,200")
    parser.add_argument("--bad", type=int, default=10_000)
    args = parser.parse_args()
    want = {args.only} if args.only else {"load", "bad-requests", "third-party"}
    if "load" in want:
        ensure_tools()
    load = bad = third = None
    with python_server() as (py_url, _):
        info = f"{os.environ.get('GRANIAN_WORKERS', '1')} granian worker(s)"
        if "load" in want:
            with nginx_server() as (ng_url, _):
                load = run_load(
                    py_url, ng_url, args.seconds, [int(c) for c in args.connections.split(",")]
                )
        if "bad-requests" in want:
            print(f"{args.bad} bad requests", flush=True)
            host, port = "127.0.0.1", int(py_url.rsplit(":", 1)[1])
            by_status, by_kind = bad_requests.run(
                host, port, bad_requests.generate(args.bad, seed=7)
            )
            healthy = all(
                urllib.request.urlopen(py_url + p, timeout=5).status == 200
                for p in ("/healthz", "/")
            )
            bad = (by_status, by_kind, args.bad, healthy)
        if "third-party" in want:
            third = run_third_party(py_url)
    REPORT.write_text(merge_report(REPORT, report(load, bad, third, info)), encoding="utf-8")
    print(f"wrote {REPORT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
