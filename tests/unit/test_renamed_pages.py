"""A renamed page's old path, like a legacy path of the previous site (both are entries of
`legacy` in content/routes.yaml), answers in every spelling a page has: with and without a
trailing slash, and as the files a static export wrote for it (`.html`, `/index.html`).
On the production server (clinic/server/middleware.py) and in the static hosts' rules
(clinic/build_steps/site_files/), whatever the content's paths: every case comes from the route table.
The 404 page's redirects in the browser: tests/e2e/test_not_found.py."""

from __future__ import annotations

import unicodedata
from urllib.parse import quote

import pytest

from clinic.build_steps.site_files import cloudflare_pages, netlify
from clinic.server.middleware import Redirect, resolve
from clinic.site.routes import all_pages, legacy_redirects, page_at, spellings

# Each legacy path in each of its spellings, with its page: (spelling, page's path).
SPELLED = [
    (spelling, target)
    for old, target in sorted(legacy_redirects().items())
    for spelling in spellings(old)
]


def _rules(text: str) -> dict[str, tuple[str, str]]:
    """A `_redirects` file as {source: (target, status)}."""
    rules = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            source, target, status = line.split()
            rules[source] = (target, status)
    return rules


def test_every_page_has_its_file_names_among_its_spellings():
    for page in all_pages():
        named = spellings(page.path)
        assert page.path in named
        assert {page_at(spelling) for spelling in named if not spelling.endswith(".html")} == {page}
        assert any(spelling.endswith("/index.html") for spelling in named), page.path


@pytest.mark.parametrize("spelling, target", SPELLED, ids=[s for s, _ in SPELLED])
def test_the_production_server_301s_every_spelling_of_an_old_path(spelling, target):
    for form in ("NFC", "NFD"):  # accents as typed on a Mac or elsewhere
        request = quote(unicodedata.normalize(form, spelling)).encode()
        assert resolve("GET", request) == Redirect(target), (form, request)


def test_cloudflare_pages_301s_every_spelling_of_an_old_path_percent_encoded():
    rules = _rules(cloudflare_pages.redirects_file())
    for spelling, target in SPELLED:
        assert rules[quote(spelling)] == (target, "301"), spelling


def test_netlify_301s_every_spelling_of_an_old_path_decoded_and_encoded():
    rules = _rules(netlify.redirects_file())
    for spelling, target in SPELLED:
        for source in {spelling, quote(spelling)}:
            # Not forced: a renamed page's old files are gone from the export.
            assert rules[source] == (target, "301"), source
