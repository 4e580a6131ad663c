"""The export on static hosts answers as the production server does.

Cloudflare Pages: its own runtime (`wrangler pages dev`, workerd, offline) serves the build
the session's production server serves, and every page, every other spelling of a page,
every legacy path, unknown paths of each language and the files beside the pages are asked
of both: status, `Location`, Content-Security-Policy, X-Frame-Options and Cache-Control must
be equal, and the bodies of pages and 404 pages the same. wrangler must read every rule
without a warning, and pages load in Chromium through it with no console error, hydrated,
with nothing refused by their policy.

Netlify: its local server needs an account and the network, so its rules files are read by
Netlify's own parsers (`tools/static-hosts/netlify_rules.mjs`) and applied as Netlify
documents it (first matching redirect, unless a file answers and the rule is not forced;
headers of every matching rule merged), and the outcome compared with the same answers.
"""

from __future__ import annotations

import json
import re
import subprocess
from urllib.parse import urlsplit

import pytest

from clinic.build_steps.site_files import cloudflare_pages
from clinic.build_steps.site_files.static_host import NETLIFY_DIR
from clinic.build_steps.site_files.static_host_rules import (
    documents_that_are_not_pages,
    lang_prefixes,
    legacy_spellings,
    open_times_paths,
    page_spellings,
)
from clinic.site.content import content
from clinic.site.routes import (
    OPEN_TIMES_PATH_PREFIX,
    all_pages,
    lang_prefix,
    legacy_redirects,
    not_found_file,
    path_for,
)
from devtools.servers import BIN
from tests.e2e.cloudflare_pages import TOOLS_DIR
from tests.e2e.content_security_policy import watch_the_policy
from tests.e2e.languages import DEFAULT_LANG, LANGS, NEXT_LANG
from tests.e2e.page_ready import page_ready
from tests.e2e.test_server import fetch

# One worker runs them all: one Cloudflare runtime for the run.
pytestmark = [
    pytest.mark.xdist_group("cloudflare_pages"),
    pytest.mark.own_server("the static hosts' runtimes, serving our own build"),
]

QUERY = "?utm_source=old-site&x=1"
COMPARED_HEADERS = ("location", "content-security-policy", "x-frame-options", "cache-control")
PAGES = [page.path for page in all_pages()]
LEGACY = [spelling for old in legacy_redirects() for spelling in legacy_spellings(old)]
SPELLINGS = [spelling for path in PAGES for spelling in page_spellings(path)]


def unknown_paths() -> list[str]:
    """Paths of no page in each language, and the names of the 404 files themselves."""
    unknown = [
        prefix + tail
        for prefix in lang_prefixes().values()
        for tail in ("/no-such-page-28", "/no/such/page/", "/no-such-page.html")
    ]
    for document in documents_that_are_not_pages():
        stem = document.removesuffix(".html")
        unknown += [stem, stem + "/", document]
    return unknown


def stable_files(base_url: str) -> list[str]:
    _, _, home = fetch(base_url, "/")
    asset = re.search(r'"(/assets/[^"]+\.js)"', home.decode()).group(1)
    return ["/sitemap.xml", "/robots.txt", "/favicon.svg", asset, *open_times_paths()]


def _answer(site: str, path: str):
    status, headers, body = fetch(site, path)
    return status, {name: headers.get(name) for name in COMPARED_HEADERS}, body


def _differences(cloudflare_url: str, base_url: str, paths, compare_body: bool) -> list[str]:
    found = []
    for path in paths:
        ours, theirs = _answer(base_url, path), _answer(cloudflare_url, path)
        if ours[:2] != theirs[:2]:
            found.append(f"{path}: production {ours[:2]}\n  cloudflare {theirs[:2]}")
        elif compare_body and ours[2] != theirs[2]:
            found.append(f"{path}: another body")
    return found


# ------------------------------------------------------------------ Cloudflare Pages


def test_wrangler_reads_every_rule_without_a_warning(cloudflare, served_build):
    output = cloudflare.output()
    rules = cloudflare_pages.header_rules(served_build)
    redirect_rules = [
        line for line in cloudflare_pages.redirects_file().splitlines() if not line.startswith("#")
    ]
    assert f"Parsed {len(redirect_rules)} valid redirect rules." in output, output
    assert f"Parsed {len(rules)} valid header rules." in output, output
    # Until it is ready it reads the rules and sets up: nothing to warn about. Later lines
    # log requests (a browser that hangs up mid-answer shows as a broken pipe).
    start_up = output.split("Ready on", 1)[0]
    for sign in ("WARNING", "ERROR", "ENOTFOUND", "Unable to fetch"):
        assert sign not in start_up, output
    for sign in ("invalid", "Ignoring"):
        assert sign not in output, output


def test_every_page_is_served_with_its_own_headers(cloudflare, base_url):
    assert _differences(cloudflare.url, base_url, PAGES, compare_body=True) == []


def test_every_other_spelling_of_a_page_301s_to_it_keeping_the_query(cloudflare, base_url):
    paths = [path + QUERY for path in SPELLINGS]
    assert len(paths) >= 3 * (len(PAGES) - 1)
    assert _differences(cloudflare.url, base_url, paths, compare_body=False) == []
    assert fetch(cloudflare.url, paths[0])[0] == 301


def test_every_legacy_path_301s_to_its_page_keeping_the_query(cloudflare, base_url):
    paths = [path + QUERY for path in LEGACY]
    assert len(paths) >= 2 * len(legacy_redirects())
    assert _differences(cloudflare.url, base_url, paths, compare_body=False) == []


def test_unknown_paths_get_the_prerendered_404_page_of_their_language(
    cloudflare, base_url, served_build
):
    paths = unknown_paths()
    assert _differences(cloudflare.url, base_url, paths, compare_body=True) == []
    for lang, prefix in lang_prefixes().items():
        status, headers, body = fetch(cloudflare.url, prefix + "/no-such-page-28")
        assert status == 404 and "content-security-policy" in headers
        assert body == (served_build / not_found_file(lang).lstrip("/")).read_bytes()
        assert b"<main" in body  # prerendered, not the empty client-rendered shell


def no_open_times_paths() -> list[str]:
    """Open-times paths with no answer: each doctor without open times, and nobody."""
    answered = open_times_paths()
    paths = [OPEN_TIMES_PATH_PREFIX + doctor.slug for doctor in content().doctors]
    return [path for path in paths if path not in answered] + [OPEN_TIMES_PATH_PREFIX + "nobody"]


def test_files_beside_the_pages_answer_as_the_production_server(cloudflare, base_url):
    paths = stable_files(base_url)
    assert _differences(cloudflare.url, base_url, paths, compare_body=False) == []
    # A doctor without open times: the 404 of unknown paths on both (the page never asks).
    unanswered = no_open_times_paths()
    assert _differences(cloudflare.url, base_url, unanswered, compare_body=True) == []
    assert {fetch(cloudflare.url, path)[0] for path in unanswered} == {404}
    for path in open_times_paths():
        status, headers, body = fetch(cloudflare.url, path)
        assert (status, json.loads(body)) == (200, {"times": []})
        assert headers["content-type"].startswith("application/json")
    assert b"<urlset" in fetch(cloudflare.url, "/sitemap.xml")[2]
    assert b"Sitemap:" in fetch(cloudflare.url, "/robots.txt")[2]


BROWSER_PATHS = [
    *(path_for("home", lang) for lang in LANGS),
    next(p.path for p in all_pages() if p.lang == DEFAULT_LANG and p.id != "home"),
    lang_prefix(NEXT_LANG) + "/no-such-page-28",
]


@pytest.mark.parametrize("path", BROWSER_PATHS)
def test_pages_load_through_cloudflare_with_no_error_and_nothing_refused(
    new_context, console_errors, cloudflare, path
):
    """As every page on the production server (test_site_invariants.py): third parties
    answered by empty stubs, so an origin the page needs that the policy lacks shows as a
    violation."""
    site = cloudflare.url
    context = new_context(base_url=site)
    policy = watch_the_policy(context, site)
    page = context.new_page()
    unknown = "no-such" in path
    if unknown:
        console_errors.expect_not_found(site + path)
    response = page.goto(path)
    assert response.status == (404 if unknown else 200)
    page_ready(page)
    assert policy.violations(page) == []


# ------------------------------------------------------------------ Netlify (its parsers)


@pytest.fixture(scope="session")
def netlify(served_build):
    folder = served_build.parent / NETLIFY_DIR
    parsed = subprocess.run(
        [str(BIN / "node"), str(TOOLS_DIR / "netlify_rules.mjs"), str(folder)],
        cwd=TOOLS_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    return NetlifyRules(json.loads(parsed.stdout), served_build)


class NetlifyRules:
    """Netlify's documented behaviour over the rules its parsers read."""

    def __init__(self, parsed: dict, site_dir):
        self.parsed, self.site_dir = parsed, site_dir

    def _has_file(self, path: str) -> bool:
        local = self.site_dir / path.lstrip("/")
        candidates = (
            [local / "index.html"]
            if path.endswith("/")
            else [local, local.with_name(local.name + ".html")]
        )
        return any(file.is_file() for file in candidates)

    def answer(self, path: str) -> tuple[int, str | None]:
        """(status, Location or the file served for a 404 rule) of a request for `path`."""
        for rule in self.parsed["redirects"]:
            source = rule["path"]
            if source == path or (source.endswith("/*") and path.startswith(source[:-1])):
                if self._has_file(path) and not rule["force"]:
                    break
                return rule["status"], rule["to"]
        return (200, None) if self._has_file(path) else (404, "/404.html")

    def headers(self, path: str) -> dict[str, str]:
        merged: dict[str, str] = {}
        for rule in self.parsed["headers"]:
            if re.match(rule["pattern"], path, re.IGNORECASE):
                for name, value in rule["values"].items():
                    assert name.lower() not in merged, (
                        f"{path}: {name} set by two rules (joined by Netlify)"
                    )
                    merged[name.lower()] = value
        return merged


def test_netlify_parses_its_rules_without_an_error(netlify):
    assert netlify.parsed["errors"] == []
    assert netlify.parsed["redirects"] and netlify.parsed["headers"]


def test_netlify_serves_each_page_with_the_production_servers_headers(netlify, base_url):
    for path in PAGES:
        assert netlify.answer(path) == (200, None), path
        _, ours, _ = _answer(base_url, path)
        headers = netlify.headers(path)
        for name in ("content-security-policy", "x-frame-options", "cache-control"):
            assert headers.get(name) == ours[name], (path, name)


def test_netlify_redirects_every_spelling_and_legacy_path_as_the_production_server(
    netlify, base_url
):
    for path in [*SPELLINGS, *LEGACY]:
        status, headers, _ = fetch(base_url, path)
        assert netlify.answer(path) == (status, urlsplit(headers["location"]).path), path


def test_netlify_answers_unknown_paths_with_the_404_page_of_their_language(netlify):
    for lang, prefix in lang_prefixes().items():
        status, file = netlify.answer(prefix + "/no-such-page-28")
        assert (status, file) == (404, not_found_file(lang))
        assert netlify.headers(file)["content-security-policy"]


def test_netlify_serves_the_files_beside_the_pages(netlify, base_url):
    for path in stable_files(base_url):
        assert netlify.answer(path) == (200, None), path
        _, ours, _ = _answer(base_url, path)
        assert netlify.headers(path).get("cache-control") == ours["cache-control"], path
