"""Netlify's `_redirects` and `_headers`, written to `.web/build/netlify/` (beside the
export): copied over Cloudflare's pair to publish the export on Netlify (docs/deploying.md).

How Netlify reads them (its documentation; tests/e2e/test_static_hosts.py parses them with
Netlify's own parsers, `@netlify/redirect-parser` and `@netlify/headers-parser`):
- a redirect rule applies only where no file answers the path unless it is forced (`301!`):
  the other spellings of a page name files React Router wrote, so they are forced. A rule
  with status 404 serves its target with that status: each language's `404.html`, the
  English rule first (the first matching rule wins).
- `_headers`: the headers of every matching rule are merged, a header set by two of them
  joined with a comma (for a CSP: two policies, both enforced), with no way to detach one.
  So no header is set by two rules that can match one path: `/*` holds only the headers
  that are the same everywhere, and the paths with no file of their own (unknown paths,
  redirects) get no Content-Security-Policy from a rule; each page and each 404 file has
  its policy (the one policy of every document) under its own path. Netlify documents no
  limit on header rules.
- Redirects: Netlify asks for wildcards past 10,000 rules (a deploy with too many may
  fail); the build stops with one line past that.
"""

from __future__ import annotations

from pathlib import Path

from clinic.build_steps.site_files.static_host_rules import (
    FEWER_REDIRECTS,
    GENERATED,
    HeaderRule,
    document_policy,
    everywhere,
    file_rules,
    lang_prefixes,
    legacy_spellings,
    redirects,
    within_limit,
)
from clinic.server import security
from clinic.site.routes import all_pages, legacy_redirects, not_found_file, spellings

HOST = "Netlify"
MAX_REDIRECTS = 10_000


def redirects_file() -> str:
    legacy = {}
    for old, target in legacy_redirects().items():
        # Netlify may compare the path decoded or not: both spellings.
        legacy.update(dict.fromkeys([*spellings(old), *legacy_spellings(old)], target))
    lines = [
        GENERATED,
        "# Legacy paths of the previous site -> their pages (HTTP 301; the query is kept).",
    ]
    lines += [f"{source} {target} 301" for source, target in legacy.items()]
    lines.append("# The other spellings of each page name files of their own: forced 301s.")
    lines += [
        f"{source} {target} 301!" for source, target in redirects().items() if source not in legacy
    ]
    lines.append(
        "# Any other path without a file: the 404 page prerendered in the path's language, status 404."
    )
    lines += [f"{prefix}/* {not_found_file(lang)} 404" for lang, prefix in lang_prefixes().items()]
    rules = [line for line in lines if not line.startswith("#")]
    within_limit(HOST, MAX_REDIRECTS, "redirects without wildcards", len(rules), FEWER_REDIRECTS)
    return "\n".join(lines) + "\n"


def header_rules(static_dir: Path) -> list[HeaderRule]:
    policy = document_policy(static_dir)
    pages = [
        HeaderRule(
            page.path,
            {"Content-Security-Policy": policy, "Cache-Control": security.CACHE_HTML},
        )
        for page in all_pages()
    ]
    not_found = [
        HeaderRule(
            not_found_file(lang),
            {"Content-Security-Policy": policy, "Cache-Control": security.CACHE_NOT_FOUND},
        )
        for lang in lang_prefixes()
    ]
    return [HeaderRule("/*", everywhere()), *file_rules(static_dir), *pages, *not_found]


def headers_file(static_dir: Path) -> str:
    blocks = [
        "\n".join([rule.pattern, *(f"  {name}: {value}" for name, value in rule.headers.items())])
        for rule in header_rules(static_dir)
    ]
    return GENERATED + "\n" + "\n\n".join(blocks) + "\n"
