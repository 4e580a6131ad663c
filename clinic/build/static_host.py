"""`_redirects` and `_headers` for static hosts (Netlify, Cloudflare Pages and the hosts
that copied their format), generated from the route table at build time.

A site deployed as plain files then answers like the Python server (`clinic/server/middleware.py`):
legacy paths 301 to their pages, every page carries its own Content-Security-Policy
(hashes of its inline scripts), hashed assets are immutable and HTML is revalidated.

Hosts merge the rules of every pattern that matches a path, and a header set by two
matching rules is joined with a comma (for a CSP: two policies, both enforced). So no
header is set by two rules that can match the same path: the `/*` block holds only the
headers that are the same everywhere, `/assets/*` and each page path add the rest.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import reflex as rx

from clinic.server import security
from clinic.build.not_found_pages import static_host_rules
from clinic.site.routes import all_pages, legacy_redirects
from clinic.server.middleware import prerendered_file

GENERATED = "# Generated at build time from content/routes.yaml by clinic/build/static_host.py; do not edit."


def _spellings(path: str) -> list[str]:
    """A legacy path as hosts may match it: raw and percent-encoded, with and without a
    trailing slash (the previous site linked both)."""
    forms = []
    for form in (path, quote(path, safe="/")):
        forms += [form, form.rstrip("/") + "/"]
    return list(dict.fromkeys(forms))


def redirects_file() -> str:
    lines = [GENERATED, "# Legacy paths of the previous site -> their pages (HTTP 301; hosts keep the query string)."]
    for old, target in legacy_redirects().items():
        lines += [f"{spelling} {target} 301" for spelling in _spellings(old)]
    lines.append("# Any other path without a file: the 404 page prerendered in the path's language, status 404"
                 " (hosts without this rule serve 404.html, the client-rendered page).")
    lines += static_host_rules()
    return "\n".join(lines) + "\n"


def _block(pattern: str, headers: dict[str, str]) -> str:
    return "\n".join([pattern, *(f"  {name}: {value}" for name, value in headers.items())])


def headers_file(static_dir: Path) -> str:
    """Header rules; `static_dir` holds the built HTML whose inline scripts are hashed."""
    everywhere = dict(security.BASE_HEADERS)
    # Static hosts serve HTTPS only, so HSTS is always right there.
    everywhere["Strict-Transport-Security"] = security.HSTS_VALUE
    blocks = [
        _block("/*", everywhere),
        _block(security.HASHED_ASSETS_PREFIX + "*", {
            "Cache-Control": security.CACHE_IMMUTABLE,
            "Content-Security-Policy": security.NON_DOCUMENT_CSP,
        }),
    ]
    for page in all_pages():
        html = static_dir / prerendered_file(page.path).lstrip("/")
        if not html.is_file():
            raise FileNotFoundError(f"static host headers: no prerendered file for {page.path} ({html})")
        blocks.append(_block(page.path, {
            "Cache-Control": security.CACHE_HTML,
            "Content-Security-Policy": security.content_security_policy(security.file_script_hashes(html)),
        }))
    return GENERATED + "\n" + "\n\n".join(blocks) + "\n"


def write_static_host_files(static_dir: Path) -> None:
    (static_dir / "_redirects").write_text(redirects_file(), encoding="utf-8")
    (static_dir / "_headers").write_text(headers_file(static_dir), encoding="utf-8")


class StaticHostFilesPlugin(rx.plugins.Plugin):
    """Writes `_redirects` and `_headers` into the export once the pages are prerendered
    (every production build: `make export` and `make run`). Development (`reflex run`)
    serves from Vite and builds no bundle, so Reflex never calls `post_build` and this steps
    aside by itself."""

    def post_build(self, **context):
        write_static_host_files(Path(context["static_dir"]))
