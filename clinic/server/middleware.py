"""Production ASGI middleware, installed as the rx.App api_transformer.

The exported site is static files; this layer makes Reflex's server answer like a
well-configured host:
- canonical page paths are served directly (no 307 to a trailing slash), the other
  spelling and the `.html` file names 301 to the canonical path, legacy paths (of the
  previous site, or a renamed page's old path) 301 to their pages in every spelling a page
  has (query string kept), unknown paths get the 404 page with status 404;
- malformed requests get a 4xx before they reach the file server (400 for undecodable or
  control-character paths, 405 for methods other than GET and HEAD, 414 for huge paths);
- every response carries the security headers and a cache policy (`clinic/server/security.py`);
- `/healthz` answers load balancers;
- `/api/open-times/<doctor>` answers a doctor's next open times (`clinic/server/open_times.py`).
"""

from __future__ import annotations

import mimetypes
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, quote_from_bytes, unquote_to_bytes

from starlette.datastructures import MutableHeaders

from clinic.server import open_times, security
from clinic.site.content import LANGS, content
from clinic.site.routes import (
    OPEN_TIMES_PATH_PREFIX,
    all_pages,
    lang_of,
    legacy_redirects_by_spelling,
    normalize,
    not_found_file,
    not_found_prerender_path,
    page_at,
)

HEALTH_PATH = "/healthz"
# A real path is far shorter; past this the request is refused, not looked up on disk.
MAX_PATH_BYTES = 2048
ALLOWED_METHODS = ("GET", "HEAD")
# A path guaranteed to have no file, so the file server answers with its 404 page.
NOT_FOUND_PROBE = "/__no_such_page__"
# A neutral value instead of the ASGI server's own banner (granian adds one otherwise).
SERVER_HEADER = "web"
# Query strings are passed on as the client sent them; anything a header may not carry
# raw (spaces, controls, non-ASCII) is percent-encoded, existing escapes are kept.
QUERY_SAFE = "/?&=%:+,;@!$'()*~[]-._"


@dataclass(frozen=True)
class Redirect:
    location: str


@dataclass(frozen=True)
class Serve:
    file_path: str  # path of the prerendered HTML file, relative to the export root


@dataclass(frozen=True)
class NotFound:
    pass


@dataclass(frozen=True)
class Reject:
    status: int
    reason: str


@dataclass(frozen=True)
class Health:
    pass


@dataclass(frozen=True)
class AnswerOpenTimes:
    doctor_slug: str


Action = Redirect | Serve | NotFound | Reject | Health | AnswerOpenTimes | None


def prerendered_file(canonical_path: str) -> str:
    """ "/" -> "/index.html", "/en/" -> "/en/index.html", "/contacto" -> "/contacto.html"."""
    if canonical_path.endswith("/"):
        return canonical_path + "index.html"
    return canonical_path + ".html"


def served_documents() -> tuple[str, ...]:
    """Every HTML file a request is answered with: each page's, then each language's 404
    page (the home page's first: it is the first file of the build)."""
    return (
        *(prerendered_file(page.path) for page in all_pages()),
        *(not_found_file(lang) for lang in LANGS),
    )


def decode_path(raw_path: bytes) -> str | None:
    """The request path as text, or None when it is malformed: not absolute, broken
    percent-encoding or UTF-8, or a control character (NUL included)."""
    try:
        path = unquote_to_bytes(raw_path).decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not path.startswith("/") or any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in path):
        return None
    return path


def clean_path(path: str) -> str:
    """`path` without empty, "." and ".." segments ("//a/./b/../c" -> "/a/c"); a trailing
    slash is kept. Browsers never send such paths; a crafted one would otherwise reach
    the file server, which answers directories with a redirect built from the Host header."""
    segments: list[str] = []
    parts = path.split("/")
    for part in parts:
        if part == "..":
            if segments:
                segments.pop()
        elif part not in ("", "."):
            segments.append(part)
    cleaned = "/" + "/".join(segments)
    if segments and (parts[-1] in ("", ".", "..")):
        cleaned += "/"
    return cleaned


def _page_behind_file_name(path: str):
    """The page whose prerendered file is named by `path` ("/contacto.html",
    "/en/index.html"), so those spellings redirect instead of serving a duplicate."""
    stem = path.removesuffix(".html")
    if stem.endswith("/index"):
        stem = stem.removesuffix("index")
    return page_at(stem)


def resolve(method: str, raw_path: bytes) -> Action:
    """What the server does with a request; None: let the static files answer."""
    if len(raw_path) > MAX_PATH_BYTES:
        return Reject(414, "URI Too Long")
    path = decode_path(raw_path)
    if path is None:
        return Reject(400, "Bad Request")
    if method not in ALLOWED_METHODS:
        return Reject(405, "Method Not Allowed")
    if path == HEALTH_PATH:
        return Health()
    if path.startswith(OPEN_TIMES_PATH_PREFIX):
        doctor = open_times.doctor_for_path(path)
        # No doctor with open times by that name: an unknown path like any other, answered
        # as a static host answers a path with no file (open_times.doctors_with_open_times).
        return AnswerOpenTimes(doctor.slug) if doctor else NotFound()
    if path.rstrip("/") in (not_found_prerender_path(lang) for lang in LANGS):
        return NotFound()  # the files behind the 404 page are not pages of their own
    cleaned = clean_path(path)
    if cleaned != path:
        return Redirect(cleaned)
    legacy = legacy_redirects_by_spelling().get(normalize(unicodedata.normalize("NFC", path)))
    if legacy:
        return Redirect(legacy)
    page = page_at(path)
    if page is not None:
        return Serve(prerendered_file(page.path)) if path == page.path else Redirect(page.path)
    if path.endswith(".html"):
        named = _page_behind_file_name(path)
        return Redirect(named.path) if named else NotFound()
    return None


# ------------------------------------------------------------------ the middleware


def _is_https(scope) -> bool:
    if scope.get("scheme") == "https":
        return True
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-proto":
            return value.split(b",")[0].strip().lower() == b"https"
    return False


def _static_dir() -> Path:
    from clinic.framework.app_folders import static_files_dir

    return static_files_dir()


class SiteMiddleware:
    def __init__(self, app, static_dir: Path | None = None):
        self.app = app
        self.static_dir = static_dir or _static_dir()
        # Resolve the route table once, at start-up, not per request.
        self.documents = served_documents()
        legacy_redirects_by_spelling()
        self.open_times = open_times.OpenTimes()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        raw_path = scope.get("raw_path") or scope["path"].encode("utf-8")
        action = resolve(scope["method"], raw_path)
        if isinstance(action, Redirect):
            return await self._redirect(scope, send, action.location)
        if isinstance(action, Reject):
            return await self._plain(scope, send, action.status, action.reason)
        if isinstance(action, Health):
            return await self._health(scope, send)
        if isinstance(action, AnswerOpenTimes):
            return await self._open_times(scope, send, action.doctor_slug)

        if action is None and not self._has_file(scope["path"]):
            action = NotFound()
        # An open-times path with no answer is not a page: its 404 gets the headers of the
        # answers beside it, as on a static host (one header rule for the whole prefix).
        open_times_path = scope["path"].startswith(OPEN_TIMES_PATH_PREFIX)
        force_status = None
        if isinstance(action, Serve):
            scope = {**scope, "path": action.file_path, "raw_path": action.file_path.encode()}
        elif isinstance(action, NotFound):
            scope = self._not_found(scope)
            force_status = 404
        request_path = scope["path"]
        is_https = _is_https(scope)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = MutableHeaders(raw=message["headers"])
                status = force_status or message["status"]
                if force_status:
                    # The file behind a 404 is not what the URL names: no validators.
                    for name in ("etag", "last-modified"):
                        del headers[name]
                self._add_headers(headers, status, request_path, is_https, open_times_path)
                message = {**message, "status": status, "headers": headers.raw}
            await send(message)

        return await self.app(scope, receive, send_with_headers)

    def _has_file(self, path: str) -> bool:
        try:
            file = (self.static_dir / path.lstrip("/")).resolve()
            return file.is_file() and file.is_relative_to(self.static_dir.resolve())
        except (OSError, ValueError):  # a segment too long for the file system, a NUL
            return False

    def _not_found(self, scope):
        """The 404 page in the path's language, prerendered (clinic/framework/patches/not_found_pages.py);
        the file server's own client-rendered 404 shell if that file is missing."""
        prerendered = not_found_file(lang_of(scope["path"]))
        if not (self.static_dir / prerendered.lstrip("/")).is_file():
            return {
                **scope,
                "path": NOT_FOUND_PROBE,
                "raw_path": NOT_FOUND_PROBE.encode(),
            }
        # Without the request's validators, or the file server could answer 304.
        headers = [
            (k, v)
            for k, v in scope.get("headers", ())
            if k not in (b"if-none-match", b"if-modified-since")
        ]
        return {
            **scope,
            "path": prerendered,
            "raw_path": prerendered.encode(),
            "headers": headers,
        }

    # -------------------------------------------------------------- headers

    def _add_headers(
        self,
        headers: MutableHeaders,
        status: int,
        path: str,
        is_https: bool,
        open_times_path: bool = False,
    ):
        # A 304 carries no Content-Type, yet the browser merges its headers into the
        # cached response: a page revalidated with an asset's CSP and max-age would
        # come back from the cache unable to load its own styles and scripts.
        content_type = headers.get("content-type") or mimetypes.guess_type(path)[0] or ""
        is_html = content_type.startswith("text/html")
        _common_headers(headers, is_https)
        if is_html and not open_times_path:
            headers["Content-Security-Policy"] = self._document_policy()
        else:
            headers["Content-Security-Policy"] = security.NON_DOCUMENT_CSP
        if status == 404:
            headers["Cache-Control"] = security.CACHE_NOT_FOUND
        elif status in (200, 206, 304) and "etag" in headers:
            headers["Cache-Control"] = security.cache_control_for(path, content_type)
        elif "cache-control" not in headers:
            headers["Cache-Control"] = security.CACHE_HTML if is_html else security.CACHE_NONE

    # -------------------------------------------------------------- own responses

    async def _respond(self, scope, send, status: int, headers: dict[str, str], body: bytes = b""):
        raw = MutableHeaders()
        _common_headers(raw, _is_https(scope))
        raw["Content-Security-Policy"] = security.NON_DOCUMENT_CSP
        for name, value in headers.items():
            raw[name] = value
        raw["Content-Length"] = str(len(body))
        await send({"type": "http.response.start", "status": status, "headers": raw.raw})
        await send(
            {"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body}
        )

    async def _redirect(self, scope, send, path: str):
        # Only our own paths (from the route table) and the client's query string go in
        # the Location; the Host header is never used, so it cannot point elsewhere.
        location = quote(path, safe="/")
        if scope.get("query_string"):
            location += "?" + quote_from_bytes(scope["query_string"], safe=QUERY_SAFE)
        await self._respond(
            scope,
            send,
            301,
            {
                "Location": location,
                "Cache-Control": security.CACHE_REDIRECT,
                "Content-Security-Policy": self._document_policy(),
            },
        )

    def _document_policy(self) -> str:
        """The one policy of every page and 404 page (security.site_policy), also sent with
        redirects: a static host gives the paths that are not files the headers of its
        catch-all rule (clinic/build_steps/site_files/cloudflare_pages.py), and this server answers as
        the static host does. A redirect is never shown as a document, so any policy is as
        strict as another there."""
        return security.site_policy(self.static_dir, self.documents)

    async def _plain(self, scope, send, status: int, reason: str):
        headers = {
            "Content-Type": "text/plain; charset=utf-8",
            "Cache-Control": security.CACHE_NONE,
        }
        if status == 405:
            headers["Allow"] = ", ".join(ALLOWED_METHODS)
        await self._respond(scope, send, status, headers, f"{status} {reason}\n".encode())

    async def _health(self, scope, send):
        # Healthy means the site can be served: the build's home page is on disk.
        ok = (self.static_dir / "index.html").is_file()
        await self._respond(
            scope,
            send,
            200 if ok else 503,
            {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": security.CACHE_NONE},
            b"ok\n" if ok else b"no build\n",
        )

    async def _open_times(self, scope, send, doctor_slug: str):
        times = await self.open_times.for_doctor(content().doctor(doctor_slug))
        await self._respond(
            scope,
            send,
            200,
            {
                "Content-Type": open_times.CONTENT_TYPE,
                "Cache-Control": open_times.cache_control_for(times),
            },
            open_times.body_for(times),
        )


def _common_headers(headers: MutableHeaders, is_https: bool) -> None:
    for name, value in security.BASE_HEADERS.items():
        headers[name] = value
    headers["Server"] = SERVER_HEADER
    if security.wants_hsts(is_https):
        headers["Strict-Transport-Security"] = security.HSTS_VALUE


def transform(app):
    return SiteMiddleware(app)
