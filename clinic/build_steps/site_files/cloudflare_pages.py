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
  unless that rule detaches it first (`! Name`). So `/*` carries what a path with no file
  answers (an unknown path or a redirect: the 404 page's policy, as the production server
  sends), and each narrower rule after it detaches what it sets. At most 100 rules, 2,000
  characters a line.
- It adds `Access-Control-Allow-Origin: *` to every response (detached: the production
  server sends none) and `Cache-Control: no-store` to every 404, as the production server
  does (`security.CACHE_NOT_FOUND`).
"""

from __future__ import annotations

from pathlib import Path

from clinic.build_steps.site_files.static_host_rules import (
    GENERATED,
    HeaderRule,
    documents_that_are_not_pages,
    everywhere,
    file_rules,
    lang_prefixes,
    not_found_headers,
    page_rules,
    redirects,
)

MAX_HEADER_RULES = 100
MAX_LINE_CHARS = 2000
ADDED_BY_HOST = ("Access-Control-Allow-Origin",)
# No file has this name, in any folder.
NO_FILE = "__no-such-file__"


def redirects_file() -> str:
    lines = [
        GENERATED,
        "# Legacy paths and the other spellings of each page -> the page (HTTP 301; the query is kept).",
    ]
    lines += [f"{source} {target} 301" for source, target in redirects().items()]
    lines.append(
        "# The names of the files that are not pages (404 pages, the client-rendered shell): not found, status 404."
    )
    for document in documents_that_are_not_pages():
        stem = document.removesuffix(".html")
        folder = stem.rsplit("/", 1)[0]
        lines += [f"{spelling} {folder}/{NO_FILE} 200" for spelling in (stem, stem + "/", document)]
    return "\n".join(lines) + "\n"


def header_rules(static_dir: Path) -> list[HeaderRule]:
    """Broadest first: a later rule detaches and replaces what an earlier one set."""
    prefixes = lang_prefixes()
    root_lang = next(lang for lang, prefix in prefixes.items() if not prefix)
    rules = [HeaderRule("/*", {**everywhere(), **not_found_headers(static_dir, root_lang)})]
    for lang, prefix in prefixes.items():
        if prefix:  # "/en" itself redirects to "/en/": it is of the language too
            rules += [
                HeaderRule(pattern, not_found_headers(static_dir, lang))
                for pattern in (prefix, prefix + "/*")
            ]
    return rules + file_rules(static_dir) + page_rules(static_dir)


def headers_file(static_dir: Path) -> str:
    rules = header_rules(static_dir)
    if len(rules) > MAX_HEADER_RULES:
        raise ValueError(
            f"Cloudflare Pages reads at most {MAX_HEADER_RULES} header rules; the site needs {len(rules)}"
        )
    blocks = []
    for index, rule in enumerate(rules):
        detached = ADDED_BY_HOST if index == 0 else tuple(rule.headers)
        lines = [
            rule.pattern,
            *(f"  ! {name}" for name in detached),
            *(f"  {name}: {value}" for name, value in rule.headers.items()),
        ]
        too_long = [line for line in lines if len(line) > MAX_LINE_CHARS]
        if too_long:
            raise ValueError(
                f"Cloudflare Pages ignores header lines over {MAX_LINE_CHARS} characters: {too_long[0][:80]}..."
            )
        blocks.append("\n".join(lines))
    return GENERATED + "\n" + "\n\n".join(blocks) + "\n"
