"""Each page loads the route manifest of its own language, not the whole site's.

React Router writes one route manifest (`assets/manifest-<hash>.js`, which sets
`window.__reactRouterManifest`) and every prerendered page loads it before hydrating: an
entry for each page of the site, so the JavaScript of every page grew with every page of
every language the clinic added, and the home page of a grown clinic went over its budget
(bench/reports/clinic-size.md). A page navigates client-side only to
pages of its own language (its menus, its links); the language switcher's links load the
other language's page as a document (clinic/site/components/language_switcher.py). So
after the build this writes one manifest per language: the root route, the catch-all
route (the 404 page) and the routes under that language's path prefix (for the language
without a prefix: the routes under no other one), each under a file name hashed from its
content, and points every prerendered page (its modulepreload link and its bootstrap's
import; the 404 pages and the client-rendered shell too) at its language's file. The
prefixes come from the site (rxconfig.py), which reads them from the content. The whole
manifest is removed: no page loads it. The brotli and gzip copies are made after every
plugin's `post_build`, so they are made of the rewritten files.

Then, for every page, the build stops with one line when a route module the page hydrates
with is not in its manifest, or when a client-side link of the page (React Router marks
them `data-discover`) resolves to no route of its manifest but the catch-all: followed in
the browser, such a link would render the 404 page for a page that exists.

In the browser, our entry (`client/entry.client.js`) loads the document for a client-side
navigation that only the catch-all route matches, so a link this check cannot see (one
made at run time, a stale page) gets the server's answer; a real 404 is then served by the
server and hydrates without navigating again.

The build stops with one line when React Router's output is not what this rewrites: no or
several manifest files, a manifest that is not one `window.__reactRouterManifest={...};`
assignment of an object with `entry`, `routes`, `url` and `version`, a route whose parent
is not in the manifest, or a page without one modulepreload link and one import of it.
In development (`reflex run`) nothing is built, so nothing is split.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

from reflex.plugins.base import Plugin

from clinic.framework.app_folders import web_dir
from clinic.framework.errors import FrameworkChanged
from clinic.framework.patches.lean_router import DIST
from clinic.framework.patches.not_found_pages import KEPT_SHELL
from clinic.framework.patches.paint_first import ROUTE_ENTRY

PATCH_POINT = "language manifests"
THIS_FILE = "clinic/framework/patches/language_manifests.py"
ASSETS = "assets"
MANIFEST_FILE = re.compile(r"^manifest-[0-9a-zA-Z_-]+\.js$")
MANIFEST_TEXT = re.compile(r"^window\.__reactRouterManifest=(\{.*\});?\s*$", re.DOTALL)
MANIFEST_KEYS = {"entry", "routes", "url", "version"}
# A route that matches any path: the 404 page, kept in every manifest.
CATCH_ALL = "*"
# Where a prerendered page names the manifest: a modulepreload hint, and the first import of
# React Router's bootstrap module.
PRELOAD = '<link rel="modulepreload" href="{url}"/>'
IMPORT = 'import "{url}";'
ROUTE_MODULES = re.compile(r"window\.__reactRouterRouteModules = \{([^}]*)\};")
CLIENT_LINK = re.compile(r'<a\b[^>]*\sdata-discover="true"[^>]*>')
HREF = re.compile(r'\shref="([^"]*)"')
ENTRY_CLIENT = "clinic/framework/patches/client/entry.client.js"
# What our browser entry relies on to load the document beyond the manifest's routes (file
# under React Router's dist/production/ -> its line): the router left on `window`, its
# table and URL maker, and links and `useNavigate` calling its `navigate` when they run.
ROUTER_FACTS = {
    "lib/dom-export/hydrated-router.js": "window.__reactRouterDataRouter = router;",
    "lib/router/router.js": "get routes() {",
    "lib/components.js": "push: (to, state, opts) => router.navigate(to, {",
    "lib/hooks.js": "else await router.navigate(to, {",
}
ROUTER_API = ("navigate,", "createURL: (to) =>", "get basename() {")


def changed(what: str) -> FrameworkChanged:
    return FrameworkChanged(PATCH_POINT, what, THIS_FILE)


class LinkOutsideItsManifest(FrameworkChanged):
    """A client-side link of a page to a path its manifest does not route."""

    def __init__(self, page: str, href: str, prefix: str):
        super().__init__(
            PATCH_POINT,
            f"{page} has a client-side link to {href}, which no route of its manifest (the "
            f"pages under {prefix or '/'!r}) matches: followed in the browser it would show "
            "the 404 page",
            "the component that renders that link (a page of another language loads as a "
            "document: a plain anchor, not React Router's Link)",
        )


@dataclass(frozen=True)
class Manifest:
    """React Router's route manifest: the browser entry, the routes by id, its URL."""

    entry: dict
    routes: dict[str, dict]
    url: str

    @property
    def folder(self) -> str:
        return self.url.rsplit("/", 1)[0]


def parse_manifest(text: str) -> Manifest:
    shape = MANIFEST_TEXT.match(text)
    try:
        data = json.loads(shape.group(1)) if shape else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or set(data) != MANIFEST_KEYS:
        raise changed(
            "React Router's manifest is no longer one `window.__reactRouterManifest={...};` "
            f"of {sorted(MANIFEST_KEYS)}: {text[:120]!r}"
        )
    return Manifest(entry=data["entry"], routes=data["routes"], url=data["url"])


def manifest_file(static_dir: Path) -> Path:
    """The build's one manifest file."""
    found = sorted(
        p for p in (static_dir / ASSETS).glob("manifest-*") if MANIFEST_FILE.match(p.name)
    )
    if len(found) != 1:
        raise changed(
            f"expected one {ASSETS}/manifest-<hash>.js in the build, found {len(found)}: "
            "React Router's output changed"
        )
    return found[0]


def full_paths(routes: Mapping[str, dict]) -> dict[str, str]:
    """Each route's whole path, its ancestors' joined ("", "en/faq", "*"), by route id."""
    paths: dict[str, str] = {}

    def path_of(route_id: str, seen: tuple[str, ...]) -> str:
        if route_id in paths:
            return paths[route_id]
        route = routes.get(route_id)
        if route is None or route_id in seen:
            raise changed(
                f"route {seen[-1]!r} has a parent {route_id!r} the manifest lacks (or is its own ancestor)"
            )
        parent = route.get("parentId")
        above = path_of(parent, (*seen, route_id)) if parent else ""
        own = (route.get("path") or "").strip("/")
        paths[route_id] = "/".join(part for part in (above, own) if part)
        return paths[route_id]

    for route_id in routes:
        path_of(route_id, ())
    return paths


def _segments(path: str) -> list[str]:
    return [part for part in path.strip("/").split("/") if part]


def prefix_of(path: str, prefixes: Collection[str]) -> str:
    """The longest of `prefixes` (language prefixes: "", "/en") that `path` is under, by
    whole segments ("/en", "/en/faq", not "/enfermeria"); "" when none is."""
    segments = _segments(path)
    under = [p for p in prefixes if segments[: len(_segments(p))] == _segments(p)]
    return max(under, key=lambda p: len(_segments(p)), default="")


def split(manifest: Manifest, prefixes: Collection[str]) -> dict[str, dict[str, dict]]:
    """The routes of each prefix (in the manifest's order): those under it, the catch-all
    route, and the ancestors of each (the root)."""
    paths = full_paths(manifest.routes)
    groups: dict[str, set[str]] = {prefix: set() for prefix in {"", *prefixes}}
    for route_id, path in paths.items():
        for prefix in groups if path == CATCH_ALL else [prefix_of(path, prefixes)]:
            route: str | None = route_id
            while route:
                groups[prefix].add(route)
                route = manifest.routes[route].get("parentId")
    return {
        prefix: {route_id: route for route_id, route in manifest.routes.items() if route_id in kept}
        for prefix, kept in groups.items()
    }


def manifest_text(manifest: Manifest, routes: dict[str, dict]) -> tuple[str, str]:
    """(URL, text) of the manifest of `routes`, named by a hash of its content."""
    content = json.dumps({"entry": manifest.entry, "routes": routes}, separators=(",", ":"))
    version = hashlib.sha256(content.encode()).hexdigest()[:8]
    url = f"{manifest.folder}/manifest-{version}.js"
    data = {"entry": manifest.entry, "routes": routes, "url": url, "version": version}
    return url, f"window.__reactRouterManifest={json.dumps(data, separators=(',', ':'))};"


def page_path(html_file: Path, static_dir: Path) -> str:
    """The path a prerendered file is served at, as far as its language goes
    ("index.html": "/", "en/index.html" and "en.html": "/en", "en/404.html": "/en/404")."""
    name = PurePosixPath(html_file.relative_to(static_dir).as_posix()).with_suffix("")
    parts = name.parts[:-1] if name.name == "index" else name.parts
    return "/" + "/".join(parts)


def _matcher(path: str) -> re.Pattern | None:
    """A route path with `:param` segments as a pattern; None for a catch-all (`*`) or a
    path with optional segments, which no link is taken to resolve to."""
    if "*" in path or "?" in path:
        return None
    parts = (r"[^/]+" if part.startswith(":") else re.escape(part) for part in _segments(path))
    return re.compile("/".join(parts), re.IGNORECASE)


class RouteTable:
    """The paths a manifest routes, but its catch-all (React Router compares paths without
    regard to case)."""

    def __init__(self, routes: Mapping[str, dict], paths: Mapping[str, str]):
        self.static: set[str] = set()
        self.dynamic: list[re.Pattern] = []
        for route_id in routes:
            path = paths[route_id]
            pattern = _matcher(path)
            if pattern is None:
                continue
            if any(part.startswith(":") for part in _segments(path)):
                self.dynamic.append(pattern)
            else:
                self.static.add("/".join(_segments(path)).casefold())

    def routes(self, path: str) -> bool:
        joined = "/".join(_segments(unquote(path)))
        return joined.casefold() in self.static or any(p.fullmatch(joined) for p in self.dynamic)


def client_links(page_html: str) -> Iterable[str]:
    """The paths of the page's client-side links (React Router's `data-discover` mark)."""
    for tag in CLIENT_LINK.findall(page_html):
        href = HREF.search(tag)
        if href:
            yield html.unescape(href.group(1))


def check_page(
    name: str, page_html: str, prefix: str, routes: Mapping[str, dict], table: RouteTable
) -> None:
    """Stop unless the page hydrates with routes of its manifest and its client-side links
    each lead to one of them."""
    modules = ROUTE_MODULES.findall(page_html)
    if len(modules) != 1:
        raise changed(
            f"{name} has {len(modules)} `window.__reactRouterRouteModules` assignments, not one"
        )
    for route_id, _ in ROUTE_ENTRY.findall(modules[0]):
        if json.loads(f'"{route_id}"') not in routes:
            raise changed(
                f"{name} hydrates with the route {route_id!r}, which is not in the manifest of "
                f"its language ({prefix or '/'!r}): the file is served under another prefix than its route's"
            )
    for href in client_links(page_html):
        link = urlsplit(href)
        if link.scheme or link.netloc:
            continue
        if not table.routes(link.path if link.path.startswith("/") else f"{name}/{link.path}"):
            raise LinkOutsideItsManifest(name, href, prefix)


def pointed_at(page_html: str, name: str, old_url: str, new_url: str) -> str:
    """The page loading `new_url` where React Router's output loads `old_url`."""
    for form in (PRELOAD, IMPORT):
        if page_html.count(form.format(url=old_url)) != 1:
            raise changed(
                f"{name} does not name the manifest once as {form.format(url=old_url)!r}: "
                "React Router's output changed"
            )
        page_html = page_html.replace(form.format(url=old_url), form.format(url=new_url))
    return page_html


def check_router(dist: Path) -> None:
    """Stop unless React Router still does what our browser entry relies on."""
    for file, line in [
        *ROUTER_FACTS.items(),
        *(("lib/router/router.js", api) for api in ROUTER_API),
    ]:
        module = dist / file
        if not module.is_file() or line not in module.read_text(encoding="utf-8"):
            raise FrameworkChanged(
                PATCH_POINT,
                f"React Router's {file} no longer has {line!r} (the browser entry loads the "
                "document for paths beyond the page's routes through it)",
                ENTRY_CLIENT,
            )


def split_build(static_dir: Path, prefixes: Collection[str]) -> dict[str, str]:
    """Writes each prefix's manifest, points every page at its own and checks it; removes
    the whole manifest. Returns each prefix's manifest URL."""
    whole_file = manifest_file(static_dir)
    manifest = parse_manifest(whole_file.read_text(encoding="utf-8"))
    paths = full_paths(manifest.routes)
    groups = split(manifest, prefixes)
    urls, tables = {}, {}
    for prefix, routes in groups.items():
        url, text = manifest_text(manifest, routes)
        (static_dir / url.lstrip("/")).write_text(text, encoding="utf-8")
        urls[prefix], tables[prefix] = url, RouteTable(routes, paths)
    pages = sorted(static_dir.rglob("*.html"))
    if not pages:
        raise changed(f"no HTML file in {static_dir}: React Router's output moved")
    for html_file in pages:
        name = page_path(html_file, static_dir)
        prefix = prefix_of(name, prefixes)
        page_html = pointed_at(
            html_file.read_text(encoding="utf-8"), name, manifest.url, urls[prefix]
        )
        check_page(name, page_html, prefix, groups[prefix], tables[prefix])
        html_file.write_text(page_html, encoding="utf-8")
    # React Router's client-rendered shell, kept beside the export for the bench (at "/").
    shell = static_dir.parent / KEPT_SHELL
    if shell.is_file():
        shell.write_text(
            pointed_at(shell.read_text(encoding="utf-8"), KEPT_SHELL, manifest.url, urls[""]),
            encoding="utf-8",
        )
    if whole_file.name not in {PurePosixPath(url).name for url in urls.values()}:
        whole_file.unlink()
    return urls


@dataclass(kw_only=True, frozen=True)
class LanguageManifestsPlugin(Plugin):
    """After a production build, one route manifest per language (`prefixes`: each
    language's path prefix, "" for the one served at `/`), each page pointed at its own."""

    prefixes: tuple[str, ...]

    def post_build(self, **context):
        check_router(web_dir() / DIST)
        split_build(Path(context["static_dir"]), self.prefixes)
