"""Rules files for static hosts, generated from the route table after every production build,
so that the export served as plain files answers like the production server
(`clinic/server/middleware.py`): each page at its canonical path with its own
Content-Security-Policy, the other spellings of a page (trailing slash, `.html`,
`/index.html`) and the legacy paths 301 to it with the query kept, unknown paths 404 with
the prerendered 404 page of their language (`clinic/framework/patches/not_found_pages.py`), and the same
security and cache headers everywhere.

The two hosts read files of the same names (`_redirects`, `_headers`) with different rules,
so each gets its own (`cloudflare_pages.py`, `netlify.py`):
- the export root holds Cloudflare Pages' pair (Cloudflare's local runtime, `wrangler pages
  dev`, serves the export in the tests): the hosts that copied Netlify's format without its
  404 rules and forced redirects read them too;
- `.web/build/netlify/` holds Netlify's pair, copied over them to publish there (docs/deploying.md).

What both say (which paths redirect where, which headers each kind of response carries) is
in `static_host_rules.py`.
"""

from __future__ import annotations

from pathlib import Path

import reflex as rx

from clinic.build_steps.site_files import cloudflare_pages, netlify
from clinic.build_steps.site_files.static_host_rules import RULES_FILES

# Where Netlify's pair is written: beside the export, not in it (it would be served).
NETLIFY_DIR = "netlify"


def write_static_host_files(static_dir: Path) -> None:
    for host, folder in (
        (cloudflare_pages, static_dir),
        (netlify, static_dir.parent / NETLIFY_DIR),
    ):
        folder.mkdir(parents=True, exist_ok=True)
        redirects, headers = RULES_FILES
        (folder / redirects).write_text(host.redirects_file(), encoding="utf-8")
        (folder / headers).write_text(host.headers_file(static_dir), encoding="utf-8")


class StaticHostFilesPlugin(rx.plugins.Plugin):
    """Writes the rules files once the pages are prerendered (every production build:
    `make export` and `make run`). Development (`reflex run`) serves from Vite and builds no
    bundle, so Reflex never calls `post_build` and this steps aside by itself."""

    def post_build(self, **context):
        write_static_host_files(Path(context["static_dir"]))
