"""Cloudflare Pages' `_redirects` and `_headers`, written into the export root.

How Cloudflare Pages reads them (its local runtime, `wrangler pages dev`, serves the export
in tests/e2e/test_static_hosts.py):
- `_redirects` applies before any file, so the other spellings of a page redirect although
  React Router wrote files there (`contacto/index.html` beside `contacto.html`). Statuses
  200, 301, 302, 303, 307 and 308 only: no 404 rule; an unknown path gets the nearest
  `404.html` up its path, and `not_found_pages.py` puts one per language. The 404 files
  themselves would answer 200 at their clean names (`/404`, `/en/404/`): a 200 rule
  rewrites those to a path with no file, which gets the nearest `404.html` and status 404.
  One rule per path, compared percent-encoded (`/contáctanos` and `/cont%C3%A1ctanos` are
  one path).
- `_headers`: every rule matching the request's path applies, in file order, and a header
  set again by a later rule is joined to the first with a comma (two CSPs: both enforced)
  unless that rule detaches it first (`! Name`). So `/*` carries what a page, a redirect
  and an unknown path answer (one policy for every document: clinic/server/security.py),
  and each narrower rule after it (the files beside the pages, by folder) detaches what it
  sets. At most 100 rules, 2,000 characters a line; the number of rules does not grow with
  the pages, doctors or services.
- At most 2,000 static and 100 dynamic (splat or placeholder) redirects, 1,000 characters a
  line: the static ones grow with the pages (three other spellings each) and the legacy
  paths. The build stops with one line past any of these limits.
- It adds `Access-Control-Allow-Origin: *` to every response (detached: the production
  server sends none) and `Cache-Control: no-store` to every 404, as the production server
  does (`security.CACHE_NOT_FOUND`).
"""

from __future__ import annotations

from pathlib import Path

from clinic.build_steps.site_files.static_host_rules import (
    FEWER_REDIRECTS,
    GENERATED,
    HeaderRule,
    document_headers,
    documents_that_are_not_pages,
    everywhere,
    file_rules,
    redirects,
    within_limit,
)

HOST = "Cloudflare Pages"
MAX_HEADER_RULES = 100
MAX_LINE_CHARS = 2000
MAX_STATIC_REDIRECTS = 2000
MAX_DYNAMIC_REDIRECTS = 100
MAX_REDIRECT_CHARS = 1000
ADDED_BY_HOST = ("Access-Control-Allow-Origin",)
# No file has this name, in any folder.
NO_FILE = "__no-such-file__"


def not_found_rewrites() -> list[str]:
    """The names of the files that are not pages, rewritten to a path with no file."""
    rules = []
    for document in documents_that_are_not_pages():
        stem = document.removesuffix(".html")
        folder = stem.rsplit("/", 1)[0]
        rules += [f"{spelling} {folder}/{NO_FILE} 200" for spelling in (stem, stem + "/", document)]
    return rules


def _is_dynamic(rule: str) -> bool:
    source = rule.split(" ", 1)[0]
    return "*" in source or any(part.startswith(":") for part in source.split("/"))


def redirects_file() -> str:
    moved = [f"{source} {target} 301" for source, target in redirects().items()]
    rewrites = not_found_rewrites()
    rules = moved + rewrites
    dynamic = [rule for rule in rules if _is_dynamic(rule)]
    within_limit(HOST, MAX_DYNAMIC_REDIRECTS, "dynamic redirects", len(dynamic), FEWER_REDIRECTS)
    static = len(rules) - len(dynamic)
    within_limit(HOST, MAX_STATIC_REDIRECTS, "static redirects", static, FEWER_REDIRECTS)
    longest = max(rules, key=len)
    within_limit(
        HOST,
        MAX_REDIRECT_CHARS,
        "characters in a redirect",
        len(longest),
        f"shorten {longest.split(' ', 1)[0]} in content/routes.yaml",
    )
    lines = [
        GENERATED,
        "# Legacy paths and the other spellings of each page -> the page (HTTP 301; the query is kept).",
        *moved,
        "# The names of the files that are not pages (404 pages, the client-rendered shell): not found, status 404.",
        *rewrites,
    ]
    return "\n".join(lines) + "\n"


def header_rules(static_dir: Path) -> list[HeaderRule]:
    """Broadest first: a later rule detaches and replaces what an earlier one set."""
    return [
        HeaderRule("/*", {**everywhere(), **document_headers(static_dir)}),
        *file_rules(static_dir),
    ]


def headers_file(static_dir: Path) -> str:
    rules = header_rules(static_dir)
    within_limit(
        HOST,
        MAX_HEADER_RULES,
        "header rules",
        len(rules),
        "put the files beside the pages in fewer folders under assets/ (a rule per folder "
        "or file at the top of the export)",
    )
    blocks = []
    for index, rule in enumerate(rules):
        detached = ADDED_BY_HOST if index == 0 else tuple(rule.headers)
        lines = [
            rule.pattern,
            *(f"  ! {name}" for name in detached),
            *(f"  {name}: {value}" for name, value in rule.headers.items()),
        ]
        longest = max(lines, key=len)
        within_limit(
            HOST,
            MAX_LINE_CHARS,
            "characters in a header line",
            len(longest),
            f"{longest.strip().split(':', 1)[0]} of {rule.pattern} is too long (for the "
            "Content-Security-Policy: fewer third-party origins in content/clinic.yaml)",
        )
        blocks.append("\n".join(lines))
    return GENERATED + "\n" + "\n\n".join(blocks) + "\n"
