"""Production ASGI middleware, installed as the rx.App api_transformer.

The exported site is static files; this layer makes the Python server answer like a
well-configured host: canonical paths served directly (no 307 to a trailing slash), one
301 to the canonical form for the other spelling, and legacy paths of the previous site
301 to their pages. Unknown paths fall through to the static server's 404 page.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote

from clinic.routes import all_pages, legacy_redirects, normalize, page_at


@dataclass(frozen=True)
class Redirect:
    location: str


@dataclass(frozen=True)
class Serve:
    file_path: str  # path of the prerendered HTML file, relative to the export root


def prerendered_file(canonical_path: str) -> str:
    """"/" -> "/index.html", "/en/" -> "/en/index.html", "/contacto" -> "/contacto.html"."""
    if canonical_path.endswith("/"):
        return canonical_path + "index.html"
    return canonical_path + ".html"


def resolve(path: str) -> Redirect | Serve | None:
    """What the server does with a request path; None: let the static files answer."""
    try:
        decoded = unquote(path, errors="strict")
    except UnicodeDecodeError:
        return None
    legacy = legacy_redirects().get(normalize(decoded))
    if legacy:
        return Redirect(legacy)
    page = page_at(decoded)
    if page is None:
        return None
    if decoded != page.path:
        return Redirect(page.path)
    return Serve(prerendered_file(page.path))


class SiteMiddleware:
    def __init__(self, app):
        self.app = app
        # Resolve the route table once, at start-up, not per request.
        all_pages()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        action = resolve(scope["path"])
        if isinstance(action, Redirect):
            location = action.location
            if scope.get("query_string"):
                location += "?" + scope["query_string"].decode("latin-1")
            await send({
                "type": "http.response.start",
                "status": 301,
                "headers": [
                    (b"location", location.encode("utf-8")),
                    (b"content-length", b"0"),
                    (b"cache-control", b"public, max-age=3600"),
                ],
            })
            await send({"type": "http.response.body", "body": b""})
            return None
        if isinstance(action, Serve):
            scope = {**scope, "path": action.file_path, "raw_path": action.file_path.encode()}
        return await self.app(scope, receive, send)


def transform(app):
    return SiteMiddleware(app)
