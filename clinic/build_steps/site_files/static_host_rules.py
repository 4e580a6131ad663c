"""What the static hosts' rules files say, whatever the host: which paths redirect where,
and which headers each kind of response carries, as the production server
(`clinic/server/middleware.py`) answers. `cloudflare_pages.py` and `netlify.py` write them in
each host's own terms; `static_host.py` writes the files after each build.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from clinic.framework.patches.not_found_pages import SHELL
from clinic.server import open_times, security
from clinic.server.middleware import served_documents
from clinic.site.content import LANGS
from clinic.site.routes import (
    OPEN_TIMES_PATH_PREFIX,
    all_pages,
    lang_prefix,
    legacy_redirects,
    not_found_file,
    spellings,
)

GENERATED = "# Generated at build time from content/ by clinic/build_steps/site_files/static_host.py; do not edit."
RULES_FILES = ("_redirects", "_headers")
# Cloudflare's function (a folder) and the file that routes requests to it (edge_relay.py):
# the host's own, never served.
CLOUDFLARE_WORKER, CLOUDFLARE_ROUTES = "_worker.js", "_routes.json"
# Precompressed copies of files, served by the production server in place of the file.
SIDECAR_SUFFIXES = (".br", ".gz")


class HostLimitExceeded(SystemExit):
    """A rules file would pass a limit its host documents. A SystemExit, as a content
    mistake is (clinic/site/content/errors.py): the build stops with its one line (the
    host, the limit, what the site needs, what to do), never a traceback."""

    def __str__(self) -> str:
        return str(self.args[0])


def within_limit(host: str, limit: int, what: str, count: int, remedy: str) -> None:
    if count > limit:
        raise HostLimitExceeded(
            f"{host} reads at most {limit:,} {what}; the site needs {count:,}: {remedy}"
        )


# What to do when the redirects pass a host's limit: the legacy paths are the part that
# content decides alone (each page adds its three other spellings).
FEWER_REDIRECTS = (
    "drop legacy paths that no longer get visits from content/routes.yaml (legacy, "
    "legacy_doctor), or serve the site with the production server (docs/deploying.md)"
)


@dataclass(frozen=True)
class HeaderRule:
    pattern: str
    headers: dict[str, str]


def _encoded(path: str) -> str:
    return quote(path, safe="/")


def legacy_spellings(path: str) -> list[str]:
    """A legacy path as a request names it: percent-encoded (composed and decomposed
    accents, upper- and lower-case escapes), in every spelling a page has (`spellings`: with
    and without a trailing slash, and a renamed page's old file names)."""
    encoded = [_encoded(unicodedata.normalize(form, path)) for form in ("NFC", "NFD")]
    forms = dict.fromkeys(form for upper in encoded for form in (upper, _lower_escapes(upper)))
    return [spelling for form in forms for spelling in spellings(form)]


def _lower_escapes(path: str) -> str:
    """ "/cont%C3%A1ctanos" -> "/cont%c3%a1ctanos": hosts compare escapes as they come."""
    return re.sub(r"%[0-9A-F]{2}", lambda escape: escape.group(0).lower(), path)


def page_spellings(path: str) -> list[str]:
    """The other ways to name a page's file: "/contacto" -> "/contacto/", "/contacto.html",
    "/contacto/index.html"; "/en/" -> "/en", "/en.html", "/en/index.html"; "/" -> "/index.html"."""
    return [spelling for spelling in spellings(path) if spelling != path]


def redirects() -> dict[str, str]:
    """Every path that answers 301, percent-encoded as in a request -> its page."""
    rules: dict[str, str] = {}
    for old, target in legacy_redirects().items():
        rules.update(dict.fromkeys(legacy_spellings(old), target))
    for page in all_pages():
        rules.update(dict.fromkeys(page_spellings(page.path), page.path))
    return rules


def documents_that_are_not_pages() -> list[str]:
    """HTML files in the export that no page is served from: the production server answers
    404 to every name of them, as to any unknown path."""
    return [*(not_found_file(lang) for lang in LANGS), "/" + SHELL]


def lang_prefixes() -> dict[str, str]:
    """Each language's part of every path, the longest first: {"en": "/en", "es": ""}."""
    prefixes = {lang: lang_prefix(lang) for lang in LANGS}
    return dict(sorted(prefixes.items(), key=lambda item: -len(item[1])))


# ------------------------------------------------------------------ headers by kind of response


def document_policy(static_dir: Path) -> str:
    """The one Content-Security-Policy of every page, 404 page and redirect
    (security.site_policy), from the prerendered files."""
    documents = served_documents()
    missing = [d for d in documents if not (static_dir / d.lstrip("/")).is_file()]
    if missing:
        raise FileNotFoundError(f"static host headers: no prerendered file {missing[0]}")
    return security.site_policy(static_dir, documents)


def everywhere() -> dict[str, str]:
    """The headers every response carries, whatever it is."""
    headers = dict(security.BASE_HEADERS)
    # Static hosts serve HTTPS only, so HSTS is always right there.
    headers["Strict-Transport-Security"] = security.HSTS_VALUE
    return headers


def document_headers(static_dir: Path) -> dict[str, str]:
    """A page's headers, and those of every path that is not a file (a redirect, an unknown
    path: the production server sends them the same policy and cache)."""
    return {
        "Content-Security-Policy": document_policy(static_dir),
        "Cache-Control": security.CACHE_HTML,
    }


def open_times_paths() -> list[str]:
    """The paths with an open-times answer (doctors without one: the 404 of unknown paths)."""
    return [OPEN_TIMES_PATH_PREFIX + doctor.slug for doctor in open_times.doctors_with_open_times()]


def file_rules(static_dir: Path) -> list[HeaderRule]:
    """Files that are not pages, a rule for each folder or file at the top whatever the
    number of pages: hashed assets immutable, the others cached an hour, none allowed to
    load anything; the empty open-times answers as the production server's answer when
    Cal.com does not answer (JSON, not kept)."""
    non_document = {"Content-Security-Policy": security.NON_DOCUMENT_CSP}
    rules = [
        HeaderRule(
            security.HASHED_ASSETS_PREFIX + "*",
            {**non_document, "Cache-Control": security.CACHE_IMMUTABLE},
        )
    ]
    for pattern in _stable_file_patterns(static_dir):
        rules.append(HeaderRule(pattern, {**non_document, "Cache-Control": security.CACHE_STATIC}))
    # One rule for the whole prefix: a doctor without open times (or no doctor) has no
    # file there and gets the 404 page with these headers, as the production server sends.
    rules.append(
        HeaderRule(
            OPEN_TIMES_PATH_PREFIX + "*",
            {
                **non_document,
                "Content-Type": open_times.CONTENT_TYPE,
                "Cache-Control": open_times.cache_control_for([]),
            },
        )
    )
    return rules


def _stable_file_patterns(static_dir: Path) -> list[str]:
    """A pattern per top-level folder of files (`/img/*`), the path of each file at the top.
    Skipped: pages and their folders, hashed assets, the open-times answers, the rules
    files, Cloudflare's function and precompressed copies (requests name the file itself)."""
    page_tops = {p.relative_to(static_dir).parts[0] for p in static_dir.rglob("*.html")}
    patterns: list[str] = []
    for file in sorted(static_dir.rglob("*")):
        if not file.is_file() or file.name.endswith(SIDECAR_SUFFIXES) or file.suffix == ".html":
            continue
        parts = file.relative_to(static_dir).parts
        path = "/" + "/".join(parts)
        if path.startswith((security.HASHED_ASSETS_PREFIX, OPEN_TIMES_PATH_PREFIX)) or parts[0] in (
            *RULES_FILES,
            CLOUDFLARE_WORKER,
            CLOUDFLARE_ROUTES,
        ):
            continue
        if len(parts) == 1 or parts[0] in page_tops:
            patterns.append(_encoded(path))
        else:
            patterns.append(f"/{parts[0]}/*")
    return list(dict.fromkeys(patterns))
