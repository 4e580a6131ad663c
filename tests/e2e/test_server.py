"""The production server as a browser and a crawler meet it: real 301s, the 404 status,
every security and cache header, compression, /healthz, a sample of generated bad
requests, and no Content-Security-Policy violation on the 404 page (every other page's:
test_site_invariants.py)."""

from __future__ import annotations

import http.client
import re
from urllib.parse import quote, urlsplit

import pytest

from clinic.server import security
from clinic.site.routes import all_pages, language, legacy_redirects, path_for, spellings
from devtools import bad_requests
from tests.e2e.content_security_policy import watch_the_policy
from tests.e2e.languages import DEFAULT_LANG, NEXT_LANG
from tests.e2e.page_ready import page_ready

UNKNOWN_PATH = "/esta-pagina-no-existe"
# A page under a language prefix (not the default language's home).
NEXT_FAQ = path_for("faq", NEXT_LANG)
# A page of the default language, and a path that answers 301 (content/routes.yaml).
CONTACT = quote(path_for("contact", DEFAULT_LANG))
OLD_PATH = quote(next(iter(legacy_redirects()), path_for("contact", DEFAULT_LANG) + "/"))


def fetch(base_url: str, path: str, method: str = "GET", headers: dict | None = None):
    """One request, redirects not followed: (status, lower-cased headers, body)."""
    where = urlsplit(base_url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=15)
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        conn.close()


# ------------------------------------------------------------------ redirects and 404


@pytest.mark.smoke
@pytest.mark.parametrize("old, target", sorted(legacy_redirects().items()))
def test_legacy_paths_answer_301_in_every_spelling_keeping_the_query(base_url, old, target):
    for spelling in map(quote, spellings(old)):
        status, headers, body = fetch(base_url, spelling + "?utm_source=old-site&x=1")
        assert status == 301, spelling
        assert headers["location"] == target + "?utm_source=old-site&x=1"
        assert body == b""


@pytest.mark.parametrize("page", all_pages(), ids=lambda p: p.path)
def test_each_page_is_served_at_its_canonical_path_and_the_other_spelling_301s(base_url, page):
    status, headers, body = fetch(base_url, page.path)
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert f'lang="{page.lang}"' in body.decode()
    if page.path != "/":
        other = page.path.rstrip("/") if page.path.endswith("/") else page.path + "/"
        status, headers, _ = fetch(base_url, other + "?a=1")
        assert status == 301
        assert headers["location"] == page.path + "?a=1"


def test_unknown_path_gets_the_404_page_with_status_404(base_url):
    status, headers, body = fetch(base_url, UNKNOWN_PATH)
    assert status == 404
    assert headers["content-type"].startswith("text/html")
    assert b"<html" in body


def test_head_answers_like_get_without_a_body(base_url):
    get_status, _, get_body = fetch(base_url, CONTACT)
    status, headers, body = fetch(base_url, CONTACT, method="HEAD")
    assert (status, body) == (get_status, b"")
    assert headers["content-length"] == str(len(get_body))
    assert fetch(base_url, OLD_PATH, method="HEAD")[0] == 301
    assert fetch(base_url, UNKNOWN_PATH, method="HEAD")[0] == 404


def test_other_methods_are_refused(base_url):
    status, headers, _ = fetch(base_url, CONTACT, method="POST")
    assert status == 405
    assert headers["allow"] == "GET, HEAD"


def test_health_endpoint(base_url):
    status, headers, body = fetch(base_url, "/healthz")
    assert (status, body) == (200, b"ok\n")
    assert headers["cache-control"] == "no-store"


# ------------------------------------------------------------------ headers


def _assert_security_headers(headers: dict, base_url: str) -> None:
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
    policy = headers["permissions-policy"]
    assert {"camera=()", "microphone=()", "geolocation=()"} <= {
        p.strip() for p in policy.split(",")
    }
    csp = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp
    assert "unsafe-eval" not in csp
    # No server software banner (the ASGI server's own one is replaced).
    assert "granian" not in headers.get("server", "").lower()
    assert not re.search(r"\d", headers.get("server", ""))
    # HSTS only when served over HTTPS (CLINIC_HSTS=auto; a static host always is).
    assert ("strict-transport-security" in headers) == base_url.startswith("https:")


def _script_src(csp: str) -> list[str]:
    return next(d.split()[1:] for d in csp.split("; ") if d.startswith("script-src "))


@pytest.mark.smoke
def test_every_header_on_a_page(base_url):
    status, headers, body = fetch(base_url, NEXT_FAQ)
    assert status == 200
    _assert_security_headers(headers, base_url)
    assert headers["cache-control"] == "no-cache"
    assert "etag" in headers
    script_src = _script_src(headers["content-security-policy"])
    assert "'unsafe-inline'" not in script_src
    # Every inline script of the page is allowed by its hash (and nothing else inline).
    from clinic.server.security import inline_script_hashes

    assert set(inline_script_hashes(body.decode())) <= set(script_src)


@pytest.mark.smoke
def test_every_header_on_a_hashed_asset(base_url):
    _, _, body = fetch(base_url, "/")
    asset = re.search(r'src="(/assets/[^"]+\.js)"|href="(/assets/[^"]+\.css)"', body.decode())
    path = asset.group(1) or asset.group(2)
    status, headers, _ = fetch(base_url, path)
    assert status == 200
    _assert_security_headers(headers, base_url)
    assert headers["cache-control"] == "public, max-age=31536000, immutable"


@pytest.mark.smoke
def test_every_header_on_the_404(base_url):
    status, headers, body = fetch(base_url, UNKNOWN_PATH)
    assert status == 404
    _assert_security_headers(headers, base_url)
    assert headers["cache-control"] == security.CACHE_NOT_FOUND
    from clinic.server.security import inline_script_hashes

    assert set(inline_script_hashes(body.decode())) <= set(
        _script_src(headers["content-security-policy"])
    )


def test_every_header_on_a_redirect(base_url):
    status, headers, _ = fetch(base_url, OLD_PATH)
    assert status == 301
    _assert_security_headers(headers, base_url)


def test_html_is_revalidated_with_its_etag(base_url):
    _, page_headers, _ = fetch(base_url, CONTACT)
    status, headers, body = fetch(
        base_url, CONTACT, headers={"If-None-Match": page_headers["etag"]}
    )
    assert (status, body) == (304, b"")
    # The browser merges a 304's headers into its cached copy: they must be the page's
    # own, or the revisited page loads with an asset's CSP (no styles, no scripts).
    for name in ("content-security-policy", "cache-control"):
        assert headers[name] == page_headers[name], name


REVISITS = 5


def test_a_revisited_page_still_loads_its_styles_and_scripts(new_context, base_url):
    """Second visit: the page is revalidated (304) and shown from the browser cache.
    A context without a route of ours (`isolated=False`): request interception turns the
    browser's HTTP cache off (in Chromium the browser keeps third parties out anyway)."""
    page = new_context(locale=language(NEXT_LANG).locale, isolated=False).new_page()
    revalidated = []  # Playwright reports a 304 as the cached 200; the request shows it
    page.on(
        "request",
        lambda request: (
            revalidated.append(request.url)
            if request.resource_type == "document" and "if-none-match" in request.all_headers()
            else None
        ),
    )
    page.goto(base_url + NEXT_FAQ)
    page_ready(page)
    # Chromium writes a response to its cache after the page has it, in its own time: on a
    # loaded machine a visit right after the first may find no entry yet and fetch the page
    # whole. The browser revalidates once the entry is there; a few visits give it that time.
    for _visit in range(REVISITS):
        page.goto(base_url + NEXT_FAQ)
        if revalidated:
            break
    assert base_url + NEXT_FAQ in revalidated
    style_rules = page.evaluate(
        "() => [...document.styleSheets].filter(s => (s.href || '').includes('/assets/'))"
        ".reduce((n, s) => n + s.cssRules.length, 0)"
    )
    assert style_rules > 10


@pytest.mark.parametrize(
    "accept, encoding", [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("identity", None)]
)
def test_precompressed_responses_follow_accept_encoding(base_url, accept, encoding):
    for path in ("/", "/assets/" + _an_asset_name(base_url)):
        status, headers, _ = fetch(base_url, path, headers={"Accept-Encoding": accept})
        assert status == 200
        assert headers.get("content-encoding") == encoding, path
        assert "accept-encoding" in headers["vary"].lower()


def _an_asset_name(base_url: str) -> str:
    _, _, body = fetch(base_url, "/")
    return re.search(r'"/assets/([^"]+\.js)"', body.decode()).group(1)


# ------------------------------------------------------------------ bad requests


def test_500_generated_bad_requests_get_no_5xx_and_the_server_stays_healthy(base_url):
    where = urlsplit(base_url)
    by_status, by_kind = bad_requests.run(
        where.hostname, where.port, bad_requests.generate(500, seed=7)
    )
    assert bad_requests.server_errors(by_status) == 0, by_kind
    assert sum(by_status.values()) == 500
    assert fetch(base_url, "/healthz")[0] == 200
    assert fetch(base_url, "/")[0] == 200


# ------------------------------------------------------------------ CSP in a real browser


def test_the_404_page_logs_no_content_security_policy_violation(
    new_context, console_errors, base_url
):
    """As every page does (test_site_invariants.py, on the load that checks its rendering),
    with every third party answered, scrolled to its end."""
    context = new_context()
    policy = watch_the_policy(context, base_url)
    page = context.new_page()
    console_errors.expect_not_found(base_url.rstrip("/") + UNKNOWN_PATH)
    response = page.goto(UNKNOWN_PATH)
    page_ready(page)
    assert response.status == 404
    assert policy.violations(page) == []
