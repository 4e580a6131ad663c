"""One file per page in the export.

React Router prerenders `/contacto` into `contacto/index.html`, and Reflex copies each such
file to `contacto.html`: the file the production server (`middleware.prerendered_file`) and
the static hosts answer `/contacto` with. The copy in the folder is never served (its
names, `/contacto/` and `/contacto/index.html`, redirect to the page on every host), yet
each later step of the build handled it again: the paint-first rewrite, the brotli and
gzip copies (the largest part of a big clinic's export), and every deploy's upload. So it
is removed right after the prerender, before those steps. A page whose path ends in `/`
(a language's home) is served from its folder's `index.html`, which stays.
"""

from __future__ import annotations

from pathlib import Path

import reflex as rx

from clinic.server.middleware import prerendered_file
from clinic.site.routes import all_pages


def drop_unserved_copies(static_dir: Path) -> int:
    """Removes each page's unserved copy (and its folder, once empty); returns how many."""
    removed = 0
    for page in all_pages():
        if page.path.endswith("/"):
            continue
        served = static_dir / prerendered_file(page.path).lstrip("/")
        copy = static_dir / page.path.lstrip("/") / "index.html"
        if served.is_file() and copy.is_file():
            copy.unlink()
            removed += 1
            if not any(copy.parent.iterdir()):
                copy.parent.rmdir()
    return removed


class OneFilePerPagePlugin(rx.plugins.Plugin):
    """Runs `drop_unserved_copies` after every production build, first of the steps that
    read the pages (rxconfig.py); development builds no pages and skips it."""

    def post_build(self, **context):
        drop_unserved_copies(Path(context["static_dir"]))
