"""The CDN's functions for `/api/open-times/<doctor>`, written with every production build,
so that the static export answers a doctor's next open times as the production server
does (one contract: clinic/edge/open_times_contract.json; docs/deploying.md):

- Cloudflare Pages: `_worker.js/` in the export (its entry `index.js`, from
  clinic/edge/cloudflare_pages.mjs) and `_routes.json`, which sends it only the requests
  under the relay's first path segment (`/api/*`): `wrangler pages deploy
  .web/build/client` deploys it with the pages, and no page or file goes through it.
- Netlify: `functions/open-times/` beside Netlify's rules files in `.web/build/netlify/`
  (its entry from clinic/edge/netlify.mjs), deployed with `--functions`.

Each function's folder gets the relay's modules as they are in clinic/edge/ and
`open_times_relay.json`: the doctors' event types from content/, Cal.com's origin from
clinic.yaml, the clinic's time zone, the headers every response carries, and the contract.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import reflex as rx

from clinic.build_steps.site_files.cloudflare_pages import NO_FILE
from clinic.build_steps.site_files.static_host import NETLIFY_DIR
from clinic.build_steps.site_files.static_host_rules import (
    CLOUDFLARE_ROUTES,
    CLOUDFLARE_WORKER,
    everywhere,
)
from clinic.server import open_times, security
from clinic.site.content import content
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX

EDGE_DIR = Path(__file__).resolve().parents[2] / "edge"
RELAY_MODULE = "open_times.mjs"
RELAY_DATA = "open_times_relay.json"
# Cloudflare Pages: the entry of its function (`_worker.js/`), from clinic/edge/.
CLOUDFLARE_ENTRY = ("cloudflare_pages.mjs", "index.js")
# Cloudflare's local runtime (`wrangler pages dev`) runs the function as the Workers runtime
# behaved on this date. Without one it takes today's, which the runtime bundled with an
# older wrangler refuses ("requires compatibility date ..., but the newest date supported
# by this server binary is ..."): the date of the runtime tools/static-hosts installs, or
# an earlier one (tests/unit/test_edge_relay.py compares them).
CLOUDFLARE_COMPATIBILITY_DATE = "2026-04-26"
# The settings the build writes for wrangler, beside the export (in .web/build/), and the
# file of the project folder through which wrangler, run there, finds them (its
# "redirected configuration"): the reader types no flag. They name no output folder, so
# `wrangler pages deploy` leaves the project's settings on Cloudflare as they are.
WRANGLER_CONFIG = "wrangler.json"
WRANGLER_REDIRECT = Path(".wrangler", "deploy", "config.json")
# Netlify: the functions folder (beside its rules files), the function's name and entry.
NETLIFY_FUNCTIONS = "functions"
NETLIFY_FUNCTION = "open-times"
NETLIFY_ENTRY = ("netlify.mjs", f"{NETLIFY_FUNCTION}.mjs")


def relay_data() -> dict:
    """What the functions need of content/ and of the server's rules."""
    return {
        "path_prefix": OPEN_TIMES_PATH_PREFIX,
        # Where Cloudflare's files surely have nothing: its 404 page, for unknown doctors.
        "not_found_path": OPEN_TIMES_PATH_PREFIX + NO_FILE,
        "api_origin": str(content().clinic.scheduling.api_origin).rstrip("/"),
        "time_zone": content().clinic.time_zone,
        # Days no time may be offered on (first and last, in the clinic's zone).
        "closed_days": [
            [day.start.isoformat(), day.last.isoformat()] for day in content().clinic.closed.days
        ],
        "event_types": {
            doctor.slug: doctor.cal_event_type_id for doctor in open_times.doctors_with_open_times()
        },
        # What the production server sends with its own JSON answers (static hosts serve
        # HTTPS only: HSTS always, as in their `_headers`).
        "headers": {**everywhere(), "Content-Security-Policy": security.NON_DOCUMENT_CSP},
        "contract": open_times.CONTRACT,
    }


def routes() -> dict:
    """Cloudflare's `_routes.json`: the function runs for the relay's first path segment
    only (`/api/*`); every other request is a static one, free and as fast as a file."""
    top = "/" + OPEN_TIMES_PATH_PREFIX.strip("/").split("/")[0]
    return {"version": 1, "include": [top + "/*"], "exclude": []}


def sends_to_function(path: str, routes_file: dict) -> bool:
    """Whether Cloudflare runs the function for `path` by these routes: an `include`
    pattern matches it (`*` stands for anything, slashes included) and no `exclude` one."""

    def matches(patterns: list[str]) -> bool:
        return any(re.fullmatch(re.escape(p).replace(r"\*", ".*"), path) for p in patterns)

    return matches(routes_file["include"]) and not matches(routes_file["exclude"])


def write_function(folder: Path, entry: tuple[str, str]) -> None:
    """A function's folder, anew: its entry, the relay and the relay's data."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    source, name = entry
    shutil.copyfile(EDGE_DIR / source, folder / name)
    shutil.copyfile(EDGE_DIR / RELAY_MODULE, folder / RELAY_MODULE)
    (folder / RELAY_DATA).write_text(json.dumps(relay_data(), indent=2) + "\n", encoding="utf-8")


def write_edge_relay(static_dir: Path, netlify_dir: Path) -> None:
    write_function(static_dir / CLOUDFLARE_WORKER, CLOUDFLARE_ENTRY)
    (static_dir / CLOUDFLARE_ROUTES).write_text(json.dumps(routes()) + "\n", encoding="utf-8")
    write_function(netlify_dir / NETLIFY_FUNCTIONS / NETLIFY_FUNCTION, NETLIFY_ENTRY)


def write_wrangler_config(project_dir: Path, build_dir: Path) -> None:
    """Cloudflare's local runtime's settings in `build_dir`, found from `project_dir`."""
    config = build_dir / WRANGLER_CONFIG
    config.write_text(
        json.dumps({"compatibility_date": CLOUDFLARE_COMPATIBILITY_DATE}, indent=2) + "\n",
        encoding="utf-8",
    )
    redirect = project_dir / WRANGLER_REDIRECT
    redirect.parent.mkdir(parents=True, exist_ok=True)
    target = os.path.relpath(config, redirect.parent)
    redirect.write_text(json.dumps({"configPath": target}) + "\n", encoding="utf-8")


class EdgeRelayPlugin(rx.plugins.Plugin):
    """Writes the CDN's functions after every production build (`make export`, `make
    run`); development builds no bundle and never calls `post_build`."""

    def post_build(self, **context):
        static_dir = Path(context["static_dir"])
        write_edge_relay(static_dir, static_dir.parent / NETLIFY_DIR)
        # Reflex builds in the project folder, where the reader runs wrangler.
        write_wrangler_config(Path.cwd(), static_dir.parent)
