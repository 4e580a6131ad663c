"""The production middleware, the security headers and the static-host files, without a
browser: routing decisions, headers on each kind of response, and generated rules."""

from __future__ import annotations

import asyncio
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import pytest

from clinic.build_steps.site_files import cloudflare_pages, netlify
from clinic.build_steps.site_files.static_host_rules import (
    HostLimitExceeded,
    lang_prefixes,
    legacy_spellings,
    page_spellings,
)
from clinic.server import security
from clinic.server.middleware import (
    Health,
    NotFound,
    Redirect,
    Reject,
    Serve,
    SiteMiddleware,
    prerendered_file,
    resolve,
)
from clinic.site.content import LANGS, content
from clinic.site.routes import (
    OPEN_TIMES_PATH_PREFIX,
    all_pages,
    lang_of,
    lang_prefix,
    legacy_redirects,
    not_found_file,
    path_for,
)

# Paths from the route table (content/routes.yaml), never typed: a clinic renames its pages.
# A page of the default language one segment deep; a page of another language under its
# prefix ("/en/..."); a path that answers 301 (a legacy path, or a page's other spelling).
DEFAULT, OTHER = LANGS[0], LANGS[-1]
SHALLOW = next(
    p.path for p in all_pages() if p.lang == DEFAULT and p.path.count("/") == 1 < len(p.path)
)
# A site of one language has no other language's prefix: the cases that need one are left
# out (`with_another_language`).
NESTED = next(
    (p.path for p in all_pages() if p.lang == OTHER != DEFAULT and p.path.strip("/").count("/")),
    "",
)
PREFIX, NESTED_REST = NESTED.rsplit("/", 1) if NESTED else ("", "")


def with_another_language(cases: list) -> list:
    return cases if NESTED else []


OLD_PATH, ITS_PAGE = next(iter(legacy_redirects().items()), (SHALLOW + "/", SHALLOW))
# Legacy paths with an accent, which a request may spell composed or decomposed.
ACCENTED_LEGACY = [old for old in legacy_redirects() if unicodedata.normalize("NFD", old) != old]

# ------------------------------------------------------------------ routing decisions


@pytest.mark.parametrize("page", all_pages(), ids=lambda p: p.path)
def test_every_canonical_path_is_served_from_its_prerendered_file(page):
    assert resolve("GET", page.path.encode()) == Serve(prerendered_file(page.path))
    assert resolve("HEAD", page.path.encode()) == Serve(prerendered_file(page.path))


@pytest.mark.parametrize("page", all_pages(), ids=lambda p: p.path)
def test_the_other_trailing_slash_spelling_redirects_to_the_canonical_path(page):
    other = (
        page.path.rstrip("/") if page.path.endswith("/") and page.path != "/" else page.path + "/"
    )
    if page.path == "/":
        other = "//"  # the home has no other spelling but the empty segment
        assert resolve("GET", other.encode()) == Redirect("/")
        return
    assert resolve("GET", other.encode()) == Redirect(page.path)


@pytest.mark.parametrize("old, target", sorted(legacy_redirects().items()))
@pytest.mark.parametrize("slash", ["", "/"])
def test_legacy_paths_redirect_with_or_without_trailing_slash(old, target, slash):
    from urllib.parse import quote

    assert resolve("GET", quote(old + slash).encode()) == Redirect(target)


@pytest.mark.parametrize("old", ACCENTED_LEGACY)
def test_decomposed_unicode_spelling_of_a_legacy_path_redirects_too(old):
    decomposed = unicodedata.normalize("NFD", old)
    assert resolve("GET", decomposed.encode()) == Redirect(legacy_redirects()[old])


def _file_names(path: str) -> list[str]:
    """The files a page is prerendered as, by name: "/x.html" and "/x/index.html"; a home's
    "index.html" in its folder."""
    if path.endswith("/"):
        return [path + "index.html"]
    return [path + ".html", path + "/index.html"]


@pytest.mark.parametrize(
    "path, target", [(name, p.path) for p in all_pages() for name in _file_names(p.path)]
)
def test_prerendered_file_names_redirect_to_the_page(path, target):
    assert resolve("GET", path.encode()) == Redirect(target)


@pytest.mark.parametrize("path", ["/404.html", "/__spa-fallback.html", "/nope.html"])
def test_other_html_files_are_not_found(path):
    assert resolve("GET", path.encode()) == NotFound()


@pytest.mark.parametrize("path", ["/nope", "/assets/app-abc123.js", "/favicon.svg", "/Contacto"])
def test_anything_else_goes_to_the_file_server(path):
    assert resolve("GET", path.encode()) is None


@pytest.mark.parametrize(
    "raw, target",
    [
        (quote(f"/.{SHALLOW}").encode(), SHALLOW),
        (quote(f"/{SHALLOW}").encode(), SHALLOW),
        (quote(f"{SHALLOW}/..").encode(), "/"),
        *with_another_language(
            [
                (quote(f"{PREFIX}/../").encode(), "/"),
                (quote(f"{PREFIX}/./{NESTED_REST}").encode(), NESTED),
                (quote(f"{NESTED}/.").encode(), NESTED + "/"),
            ]
        ),
        (b"/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd"),
        (b"/assets/../../rxconfig.py", "/rxconfig.py"),
    ],
)
def test_dot_and_empty_segments_redirect_to_the_clean_path(raw, target):
    assert resolve("GET", raw) == Redirect(target)


@pytest.mark.parametrize(
    "raw", [b"/a%00b", b"/%FF", b"/%C3", b"/a%0Ab", b"/tab\tx", b"*", b"relative"]
)
def test_malformed_paths_are_bad_requests(raw):
    assert resolve("GET", raw) == Reject(400, "Bad Request")


def test_overlong_paths_are_refused_before_decoding():
    assert resolve("GET", b"/" + b"a" * 5000) == Reject(414, "URI Too Long")


@pytest.mark.parametrize(
    "method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "BREW"]
)
def test_only_get_and_head_are_allowed(method):
    assert resolve(method, b"/") == Reject(405, "Method Not Allowed")


def test_health_endpoint():
    assert resolve("GET", b"/healthz") == Health()
    assert resolve("HEAD", b"/healthz") == Health()


# ------------------------------------------------------------------ CSP


def test_inline_script_hashes_cover_executable_inline_scripts_only():
    html = (
        "<script>console.log(1)</script>"
        '<script type="module">import "/a.js";</script>'
        '<script src="/b.js"></script>'
        '<script type="application/ld+json">{"@context": "https://schema.org"}</script>'
        "<script>console.log(1)</script>"
    )
    hashes = security.inline_script_hashes(html)
    # sha256 of "console.log(1)" and of 'import "/a.js";', each once.
    assert hashes == (
        "'sha256-" + _b64sha("console.log(1)") + "'",
        "'sha256-" + _b64sha('import "/a.js";') + "'",
    )


def _b64sha(text: str) -> str:
    import base64
    import hashlib

    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _directives(policy: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in policy.split("; ")}


def test_csp_allows_the_third_parties_named_in_clinic_yaml_and_nothing_unsafe_for_scripts():
    clinic = content().clinic
    policy = _directives(security.content_security_policy(("'sha256-abc'",)))
    cal = security.origin_of(clinic.scheduling.origin)
    reviews = security.origin_of(clinic.reviews.script_src)
    maps = security.origin_of(clinic.address.map_embed_url)
    assert policy["script-src"][:2] == ["'self'", "'sha256-abc'"]
    assert {reviews, cal, *clinic.reviews.loads_from.script} == set(policy["script-src"][2:])
    assert set(policy["frame-src"]) == {maps, cal, *clinic.reviews.loads_from.frame}
    # The map facade probes the map origin before it shows the frame.
    assert set(policy["connect-src"]) == {"'self'", cal, maps, *clinic.reviews.loads_from.connect}
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    flat = " ".join(source for sources in policy.values() for source in sources)
    assert "unsafe-eval" not in flat
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "*" not in flat.split()


def test_hsts_modes(monkeypatch):
    monkeypatch.delenv("CLINIC_HSTS", raising=False)
    assert security.wants_hsts(True) and not security.wants_hsts(False)
    monkeypatch.setenv("CLINIC_HSTS", "always")
    assert security.wants_hsts(False)
    monkeypatch.setenv("CLINIC_HSTS", "off")
    assert not security.wants_hsts(True)


# ------------------------------------------------------------------ the middleware


PAGE_HTML = "<html><head><script>window.x=1</script></head><body>page</body></html>"
NOT_FOUND_HTML = "<html><head><script>window.nf=1</script></head><body>404</body></html>"


@pytest.fixture
def static_dir(tmp_path: Path) -> Path:
    for page in all_pages():
        file = tmp_path / prerendered_file(page.path).lstrip("/")
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(PAGE_HTML)
    (tmp_path / "404.html").write_text(NOT_FOUND_HTML)
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "root-Bt2m7sJE.js").write_text("console.log(1)")
    return tmp_path


def _file_server(static_dir: Path):
    """A stand-in for Reflex's static file server: files by path, else the 404 page."""

    async def app(scope, receive, send):
        file = static_dir / scope["path"].lstrip("/")
        headers = [(b"etag", b'"1"')]
        conditional = dict(scope.get("headers", ())).get(b"if-none-match") == b'"1"'
        if file.is_file() and scope["path"] != "/" and conditional:
            status, body = 304, b""
        elif file.is_file() and scope["path"] != "/":
            status, body = 200, file.read_bytes()
        else:
            status, body = 404, (static_dir / "404.html").read_bytes()
        kind = b"text/html; charset=utf-8" if body.startswith(b"<html") else b"text/javascript"
        headers += [(b"content-type", kind), (b"server", b"granian")]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return app


def _request(static_dir, path: bytes, method="GET", query=b"", headers=(), scheme="http"):
    app = SiteMiddleware(_file_server(static_dir), static_dir=static_dir)
    scope = {
        "type": "http",
        "method": method,
        "path": path.decode("latin-1"),
        "raw_path": path,
        "query_string": query,
        "headers": list(headers),
        "scheme": scheme,
    }
    messages = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        messages.append(message)

    # In a thread of its own: when the browser tests share the session, Playwright's
    # sync API already runs an event loop in this one.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, app(scope, receive, send)).result()
    start = messages[0]
    body = b"".join(m.get("body", b"") for m in messages[1:])
    return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}, body


def _assert_security_headers(headers):
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert "camera=()" in headers["permissions-policy"]
    assert "microphone=()" in headers["permissions-policy"]
    assert "geolocation=()" in headers["permissions-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["server"] == "web"


def _allows(headers, script: str) -> bool:
    return "'sha256-" + _b64sha(script) + "'" in headers["content-security-policy"]


def test_every_page_gets_the_one_policy_of_the_site_and_html_cache_policy(static_dir, monkeypatch):
    """One policy for every document: it allows the inline scripts of every page and 404
    page (a static host gives it with one rule), and nothing else inline."""
    monkeypatch.delenv("CLINIC_HSTS", raising=False)
    other = next(p.path for p in all_pages() if p.path != SHALLOW)
    (static_dir / prerendered_file(other).lstrip("/")).write_text(
        PAGE_HTML.replace("window.x=1", "window.y=2")
    )
    status, headers, body = _request(static_dir, quote(SHALLOW).encode())
    assert status == 200 and body == PAGE_HTML.encode()
    _assert_security_headers(headers)
    assert _allows(headers, "window.x=1") and _allows(headers, "window.y=2")
    assert not _allows(headers, "window.z=3")
    assert (
        headers["content-security-policy"]
        == _request(static_dir, quote(other).encode())[1]["content-security-policy"]
    )
    assert headers["cache-control"] == "no-cache"
    assert "strict-transport-security" not in headers


def test_a_new_build_gets_a_new_policy(static_dir):
    before = _request(static_dir, quote(SHALLOW).encode())[1]
    for page in all_pages():
        (static_dir / prerendered_file(page.path).lstrip("/")).write_text(
            PAGE_HTML.replace("window.x=1", "window.x=2")
        )
    after = _request(static_dir, quote(SHALLOW).encode())[1]
    assert _allows(before, "window.x=1") and not _allows(after, "window.x=1")
    assert _allows(after, "window.x=2")


def test_unknown_path_gets_the_404_page_with_the_policy_of_every_page(static_dir):
    status, headers, body = _request(static_dir, b"/no-such-page")
    assert status == 404 and body == NOT_FOUND_HTML.encode()
    _assert_security_headers(headers)
    assert _allows(headers, "window.nf=1") and _allows(headers, "window.x=1")
    assert headers["cache-control"] == security.CACHE_NOT_FOUND


def test_an_open_times_path_without_an_answer_is_not_a_document(static_dir):
    """As on a static host, whose one header rule for the prefix covers its 404 too."""
    status, headers, _ = _request(static_dir, (OPEN_TIMES_PATH_PREFIX + "nobody").encode())
    assert status == 404
    assert headers["content-security-policy"] == security.NON_DOCUMENT_CSP
    assert headers["cache-control"] == security.CACHE_NOT_FOUND


@pytest.mark.parametrize(
    "path",
    [
        "/__404",
        "/__404/",
        "/__404.html",
        *with_another_language([f"{PREFIX}/__404", f"{PREFIX}/__404.html"]),
    ],
)
def test_the_files_behind_the_404_page_are_not_pages(path):
    assert resolve("GET", path.encode()) == NotFound()


# Each language's 404 page, told apart by the script its policy must allow.
NOT_FOUND_BY_LANG = {
    lang: f"<html><head><script>window.{lang}=1</script></head><body>404</body></html>"
    for lang in LANGS
}


@pytest.fixture
def prerendered_404(static_dir: Path) -> Path:
    for lang, html in NOT_FOUND_BY_LANG.items():
        file = static_dir / not_found_file(lang).lstrip("/")
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(html)
    return static_dir


@pytest.mark.parametrize(
    "path, lang",
    [
        (b"/no-such-page", DEFAULT),
        *with_another_language(
            [
                (f"{PREFIX}/no-such-page".encode(), OTHER),
                (f"{PREFIX}/a/b/c".encode(), OTHER),
                (f"{PREFIX}x".encode(), lang_of(f"{PREFIX}x")),
            ]
        ),
        (b"/" + b"x" * 300, DEFAULT),
    ],
)
def test_unknown_paths_get_the_prerendered_404_page_of_their_language(prerendered_404, path, lang):
    status, headers, body = _request(prerendered_404, path, headers=[(b"if-none-match", b'"1"')])
    # 404 with the page, even to a conditional request (the file's validators are not the URL's).
    assert status == 404 and body == NOT_FOUND_BY_LANG[lang].encode()
    assert "etag" not in headers and "last-modified" not in headers
    assert "'sha256-" + _b64sha(f"window.{lang}=1") + "'" in headers["content-security-policy"]
    assert headers["cache-control"] == security.CACHE_NOT_FOUND
    _assert_security_headers(headers)


def test_html_file_names_that_are_not_pages_get_the_404(static_dir):
    status, _, body = _request(static_dir, b"/404.html")
    assert status == 404 and body == NOT_FOUND_HTML.encode()


def test_hashed_asset_is_immutable(static_dir):
    status, headers, _ = _request(static_dir, b"/assets/root-Bt2m7sJE.js")
    assert status == 200
    _assert_security_headers(headers)
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    assert headers["content-security-policy"] == security.NON_DOCUMENT_CSP


def test_redirect_keeps_the_query_string_and_never_uses_the_host(static_dir):
    status, headers, body = _request(
        static_dir,
        quote(OLD_PATH.rstrip("/") + "/").encode(),
        query=b"utm_source=fb&x=%20y z",
        headers=[(b"host", b"evil.example")],
    )
    assert status == 301 and body == b""
    assert headers["location"] == quote(ITS_PAGE) + "?utm_source=fb&x=%20y%20z"
    _assert_security_headers(headers)


@pytest.mark.parametrize(
    "path, lang",
    [
        (quote(OLD_PATH).encode(), lang_of(OLD_PATH)),
        *with_another_language([(PREFIX.encode(), OTHER), (f"{NESTED}/".encode(), OTHER)]),
    ],
)
def test_a_redirect_carries_the_policy_of_every_page_as_a_static_host_does(
    prerendered_404, path, lang
):
    status, headers, _ = _request(prerendered_404, path)
    assert status == 301 and headers["cache-control"] == security.CACHE_REDIRECT
    page = _request(prerendered_404, quote(SHALLOW).encode())[1]
    assert headers["content-security-policy"] == page["content-security-policy"]
    assert _allows(headers, f"window.{lang}=1")


def test_head_gets_headers_without_body(static_dir):
    status, headers, body = _request(static_dir, quote(OLD_PATH).encode(), method="HEAD")
    assert (status, body) == (301, b"")
    status, headers, body = _request(static_dir, b"/healthz", method="HEAD")
    assert (status, body) == (200, b"")
    assert headers["content-length"] == "3"


def test_health(static_dir):
    status, headers, body = _request(static_dir, b"/healthz")
    assert (status, body) == (200, b"ok\n")
    assert headers["cache-control"] == "no-store"
    (static_dir / "index.html").unlink()
    assert _request(static_dir, b"/healthz")[0] == 503


def test_rejections_carry_the_headers_too(static_dir):
    status, headers, _ = _request(static_dir, b"/", method="DELETE")
    assert status == 405 and headers["allow"] == "GET, HEAD"
    _assert_security_headers(headers)
    assert _request(static_dir, b"/a%00")[0] == 400


def test_hsts_only_over_https_by_default(static_dir, monkeypatch):
    monkeypatch.delenv("CLINIC_HSTS", raising=False)
    assert "strict-transport-security" in _request(static_dir, b"/", scheme="https")[1]
    proxied = _request(static_dir, b"/", headers=[(b"x-forwarded-proto", b"https")])[1]
    assert proxied["strict-transport-security"] == "max-age=31536000"


# ------------------------------------------------------------------ static host files


def _rules(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines() if line and not line.startswith("#")]


def test_cloudflare_redirects_every_legacy_path_and_spelling_once_with_a_status_it_accepts():
    all_rules = _rules(cloudflare_pages.redirects_file())
    assert all(len(rule) == 3 and rule[2] in ("301", "200") for rule in all_rules)
    rules = [rule for rule in all_rules if rule[2] == "301"]
    # The 404 files' own names are rewritten to a path with no file (status 404).
    rewrites = {source: target for source, target, status in all_rules if status == "200"}
    for lang in LANGS:
        document = not_found_file(lang)
        no_file = lang_prefix(lang) + "/" + cloudflare_pages.NO_FILE
        assert rewrites[document.removesuffix(".html")] == rewrites[document] == no_file
    sources = [source for source, _, _ in all_rules]
    # Cloudflare compares paths percent-encoded and ignores a second rule for one path.
    assert len(sources) == len(set(sources)) and all(source.isascii() for source in sources)
    as_map = {source: target for source, target, _ in rules}
    for old, target in legacy_redirects().items():
        assert all(as_map[spelling] == target for spelling in legacy_spellings(old))
    for old in ACCENTED_LEGACY:  # composed and decomposed, with and without the slash
        composed, decomposed = (quote(unicodedata.normalize(f, old)) for f in ("NFC", "NFD"))
        assert as_map[composed + "/"] == as_map[decomposed] == legacy_redirects()[old]
    for page in all_pages():
        assert all(as_map[spelling] == page.path for spelling in page_spellings(page.path))
    shallow = quote(SHALLOW)
    assert as_map[f"{shallow}/index.html"] == as_map[f"{shallow}/"] == SHALLOW
    if OTHER != DEFAULT:
        other_home = path_for("home", OTHER)
        assert as_map[other_home.rstrip("/")] == as_map[other_home + "index.html"] == other_home


def _blocks(text: str) -> list[tuple[str, list[str]]]:
    blocks = []
    for chunk in text.split("\n\n"):
        lines = [line.strip() for line in chunk.splitlines() if not line.startswith("#")]
        blocks.append((lines[0], lines[1:]))
    return blocks


def test_cloudflare_headers_broadest_first_each_later_rule_detaching_what_it_sets(prerendered_404):
    blocks = _blocks(cloudflare_pages.headers_file(prerendered_404))
    assert blocks[0][0] == "/*"
    everywhere = dict(line.split(": ", 1) for line in blocks[0][1] if not line.startswith("!"))
    assert everywhere["X-Frame-Options"] == "DENY"
    # Pages, redirects and unknown paths: the one policy, which allows every page's scripts.
    policy = everywhere["Content-Security-Policy"]
    for script in ("window.x=1", *(f"window.{lang}=1" for lang in LANGS)):
        assert "'sha256-" + _b64sha(script) + "'" in policy
    assert everywhere["Cache-Control"] == security.CACHE_HTML
    assert "! Access-Control-Allow-Origin" in blocks[0][1]
    by_pattern = {}
    for pattern, lines in blocks[1:]:
        values = dict(line.split(": ", 1) for line in lines if not line.startswith("!"))
        assert {f"! {name}" for name in values} <= set(lines), pattern
        by_pattern[pattern] = values
    assert by_pattern["/assets/*"]["Cache-Control"] == security.CACHE_IMMUTABLE
    assert by_pattern[OPEN_TIMES_PATH_PREFIX + "*"]["Content-Security-Policy"] == (
        security.NON_DOCUMENT_CSP
    )


def test_cloudflare_header_rules_do_not_grow_with_the_pages(prerendered_404):
    """No rule names a page, a language or a doctor: the files beside the pages alone (by
    folder) decide how many rules there are."""
    patterns = [rule.pattern for rule in cloudflare_pages.header_rules(prerendered_404)]
    assert len(patterns) <= cloudflare_pages.MAX_HEADER_RULES
    pages = {page.path for page in all_pages()}
    assert not pages & set(patterns)
    assert not [p for p in patterns if p.startswith(OPEN_TIMES_PATH_PREFIX) and "*" not in p]
    assert not [prefix for prefix in lang_prefixes().values() if prefix and prefix in patterns]


@pytest.mark.parametrize(
    "limit, what",
    [
        ("MAX_STATIC_REDIRECTS", "static redirects"),
        ("MAX_REDIRECT_CHARS", "characters in a redirect"),
    ],
)
def test_cloudflare_redirects_past_a_limit_stop_the_build_with_one_line(monkeypatch, limit, what):
    monkeypatch.setattr(cloudflare_pages, limit, 3)
    with pytest.raises(HostLimitExceeded) as stopped:
        cloudflare_pages.redirects_file()
    line = str(stopped.value)
    assert isinstance(stopped.value, SystemExit) and "\n" not in line
    assert line.startswith(f"Cloudflare Pages reads at most 3 {what}; the site needs ")
    assert "content/routes.yaml" in line


def test_cloudflare_headers_past_a_limit_stop_the_build_with_one_line(monkeypatch, prerendered_404):
    monkeypatch.setattr(cloudflare_pages, "MAX_HEADER_RULES", 2)
    with pytest.raises(
        HostLimitExceeded,
        match=r"^Cloudflare Pages reads at most 2 header rules; the site needs \d+: ",
    ):
        cloudflare_pages.headers_file(prerendered_404)
    monkeypatch.setattr(cloudflare_pages, "MAX_HEADER_RULES", 100)
    monkeypatch.setattr(cloudflare_pages, "MAX_LINE_CHARS", 200)
    with pytest.raises(HostLimitExceeded, match="Content-Security-Policy of /\\* is too long"):
        cloudflare_pages.headers_file(prerendered_404)


def test_netlify_redirects_past_its_limit_stop_the_build_with_one_line(monkeypatch):
    monkeypatch.setattr(netlify, "MAX_REDIRECTS", 3)
    with pytest.raises(HostLimitExceeded, match=r"^Netlify reads at most 3 redirects without"):
        netlify.redirects_file()


def test_netlify_forces_the_spellings_and_ends_with_each_languages_404_rule():
    rules = _rules(netlify.redirects_file())
    # The longest prefix first, the default language's catch-all last.
    ends = [
        [f"{prefix}/*", not_found_file(lang), "404"] for lang, prefix in lang_prefixes().items()
    ]
    assert rules[-len(LANGS) :] == ends and ends[-1] == ["/*", "/404.html", "404"]
    as_map = {source: (target, status) for source, target, status in rules[: -len(LANGS)]}
    for page in all_pages():
        assert all(
            as_map[spelling] == (page.path, "301!") for spelling in page_spellings(page.path)
        )
    for old, target in legacy_redirects().items():
        assert as_map[old] == as_map[old + "/"] == (target, "301")


def test_netlify_headers_never_set_one_header_in_two_rules_that_match_one_path(prerendered_404):
    blocks = {
        pattern: dict(line.split(": ", 1) for line in lines)
        for pattern, lines in _blocks(netlify.headers_file(prerendered_404))
    }
    assert blocks["/*"]["X-Frame-Options"] == "DENY"
    assert not {"Content-Security-Policy", "Cache-Control"} & set(blocks["/*"])
    for pattern, values in blocks.items():
        assert pattern == "/*" or not set(values) & set(blocks["/*"]), pattern
    policies = set()
    for page in all_pages():
        assert blocks[page.path]["Cache-Control"] == security.CACHE_HTML
        # Cloudflare Pages and Netlify read lines of up to 2,000 characters.
        assert len(blocks[page.path]["Content-Security-Policy"]) < 1900
        policies.add(blocks[page.path]["Content-Security-Policy"])
    assert blocks[not_found_file(OTHER)]["Cache-Control"] == security.CACHE_NOT_FOUND
    policies.add(blocks[not_found_file(OTHER)]["Content-Security-Policy"])
    assert len(policies) == 1
