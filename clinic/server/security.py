"""Security and cache headers: one definition for the Python server and for static hosts.

The production middleware (`clinic/server/middleware.py`) and the `_headers` file written for static
hosts (`clinic/build_steps/site_files/static_host.py`) both take their headers from here, so the two deployments
send the same policy.

Content-Security-Policy
- Third-party origins come from content/clinic.yaml only: the reviews widget's script and
  the origins it loads from next, the scheduling (Cal.com) origin, and the map iframe.
- Scripts: no 'unsafe-inline', no 'unsafe-eval'. React Router prerenders a few inline
  scripts into every page (scroll restoration, hydration context, streaming), and the
  build adds two (the first-visit language choice, the bootstrap of
  clinic/framework/patches/paint_first.py); they are allowed by their SHA-256 hashes, read
  from the built HTML. Every page runs the same inline scripts (what differs between pages
  is data: JSON blocks, which CSP does not govern), so one policy, whose hashes are those
  of every document the site serves (`site_policy`), is every page's, every 404 page's and
  every redirect's: a static host gives it with one header rule, whatever the number of
  pages. The page's own code loads from 'self'.
- Styles: 'unsafe-inline'. The prerendered HTML carries style attributes, and the Cal.com
  embed and the reviews widget inject <style> elements at run time; none of that can be
  hashed ahead of time. Injected CSS cannot run code, so this keeps the XSS protection
  where it matters (scripts).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import HttpUrl

from clinic.site.content import content

# ------------------------------------------------------------------ cache policy

# Vite writes every build asset under /assets/ with a content hash in its name.
HASHED_ASSETS_PREFIX = "/assets/"
CACHE_IMMUTABLE = "public, max-age=31536000, immutable"
# HTML must be revalidated on every visit so a new deploy shows at once (ETag makes it cheap).
CACHE_HTML = "no-cache"
# Files with stable names (favicon, images copied from assets/, sitemap): short and shared.
CACHE_STATIC = "public, max-age=3600"
# As a page: a static host gives pages and redirects their headers from its one catch-all
# header rule (clinic/build_steps/site_files/cloudflare_pages.py), and a redirect may change with the
# next deploy as a page does.
CACHE_REDIRECT = CACHE_HTML
CACHE_NONE = "no-store"
# A 404 is not kept: the path may be a page after the next deploy. Static hosts (Cloudflare
# Pages) send this on every 404 whatever their rules say, so this server does too.
CACHE_NOT_FOUND = CACHE_NONE

# ------------------------------------------------------------------ fixed headers

# Same on every response, whatever its type.
BASE_HEADERS: dict[str, str] = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    # Powerful features the site never uses, refused for it and for every iframe in it.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}

HSTS_VALUE = "max-age=31536000"

# ------------------------------------------------------------------ HSTS switch


def hsts_mode() -> str:
    """CLINIC_HSTS: "auto" (default; only on requests that arrived over HTTPS, directly or
    through the TLS proxy's X-Forwarded-Proto), "always" (static hosts, which serve HTTPS
    only), or "off"."""
    mode = os.environ.get("CLINIC_HSTS", "auto").strip().lower()
    return mode if mode in ("auto", "always", "off") else "auto"


def wants_hsts(is_https: bool) -> bool:
    mode = hsts_mode()
    return mode == "always" or (mode == "auto" and is_https)


# ------------------------------------------------------------------ CSP sources


def origin_of(url: str | HttpUrl) -> str:
    """ "https://static.elfsight.com/platform/platform.js" -> "https://static.elfsight.com"."""
    parts = urlsplit(str(url))
    return f"{parts.scheme}://{parts.netloc}"


def _unique(values) -> list[str]:
    return list(dict.fromkeys(values))


@functools.cache
def third_party_sources() -> dict[str, tuple[str, ...]]:
    """CSP directive -> third-party origins, every one derived from content/clinic.yaml."""
    clinic = content().clinic
    reviews, scheduling = clinic.reviews, origin_of(clinic.scheduling.origin)
    extra = reviews.loads_from
    return {
        # Cal.com: <origin>/embed/embed.js, one iframe per calendar on that origin, and
        # the embed's own requests back to it.
        "script-src": tuple(_unique([origin_of(reviews.script_src), *extra.script, scheduling])),
        # The map facade probes the map's origin (clinic/site/components/map_embed.py) before
        # it swaps in the frame, so a blocked map keeps the picture, never a broken frame.
        "connect-src": tuple(
            _unique([*extra.connect, scheduling, origin_of(clinic.address.map_embed_url)])
        ),
        "img-src": tuple(_unique(extra.img)),
        "frame-src": tuple(
            _unique([origin_of(clinic.address.map_embed_url), *extra.frame, scheduling])
        ),
    }


# ------------------------------------------------------------------ inline scripts

_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
_SRC = re.compile(r"\bsrc\s*=", re.IGNORECASE)
# Script types the browser executes; anything else (application/ld+json) is a data block
# that CSP does not govern.
_EXECUTABLE_TYPES = {"", "module", "text/javascript", "application/javascript"}


def inline_script_hashes(html: str) -> tuple[str, ...]:
    """CSP source expressions ('sha256-...') for every executable inline script."""
    hashes = []
    for attrs, body in _SCRIPT.findall(html):
        if _SRC.search(attrs):
            continue
        kind = _TYPE.search(attrs)
        if (kind.group(1).lower() if kind else "") not in _EXECUTABLE_TYPES:
            continue
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii")
        hashes.append(f"'sha256-{digest}'")
    return tuple(_unique(hashes))


def site_script_hashes(static_dir: Path, documents: tuple[str, ...]) -> tuple[str, ...]:
    """The hashes of every inline script of the site's documents (paths under `static_dir`,
    "/contacto.html"), sorted: the scripts any page may run. Read once per build: the
    build rewrites every document, so the first one's time stamp tells a new build."""
    try:
        built = (static_dir / documents[0].lstrip("/")).stat().st_mtime_ns
    except (OSError, IndexError):
        built = 0
    return _site_script_hashes(str(static_dir), documents, built)


@functools.lru_cache(maxsize=4)
def _site_script_hashes(static_dir: str, documents: tuple[str, ...], built: int):
    hashes: set[str] = set()
    for document in documents:
        path = Path(static_dir) / document.lstrip("/")
        if path.is_file():
            hashes.update(inline_script_hashes(path.read_text(encoding="utf-8")))
    return tuple(sorted(hashes))


def site_policy(static_dir: Path, documents: tuple[str, ...]) -> str:
    """The Content-Security-Policy of every document the site serves."""
    return content_security_policy(site_script_hashes(static_dir, documents))


# ------------------------------------------------------------------ the policy


@functools.lru_cache(maxsize=256)
def content_security_policy(script_hashes: tuple[str, ...]) -> str:
    """The CSP for HTML documents whose inline scripts have these hashes."""
    sources = third_party_sources()
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", *script_hashes, *sources["script-src"]],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", *sources["img-src"]],
        "font-src": ["'self'"],
        "connect-src": ["'self'", *sources["connect-src"]],
        "frame-src": [*sources["frame-src"]],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


# Non-HTML responses (scripts, styles, images, plain-text errors) load nothing themselves;
# if one is opened as a document (an SVG, say), it may not load or frame anything.
NON_DOCUMENT_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"
)


def cache_control_for(path: str, content_type: str) -> str:
    """Cache-Control for a successful static response."""
    if content_type.startswith("text/html"):
        return CACHE_HTML
    if path.startswith(HASHED_ASSETS_PREFIX):
        return CACHE_IMMUTABLE
    return CACHE_STATIC
