"""Prerendered pages paint before their JavaScript is downloaded.

Every page is complete HTML, yet React Router's output makes the browser spend the first
second of a slow connection on scripts: a `<link rel="modulepreload">` in `<head>` for
each module the page runs downloads beside the stylesheet, and the bootstrap module at
the end of `<body>` is `async`, so hydration can run before the first paint. On a slow
phone connection the largest paint then waits for all of the JavaScript, although the
HTML alone could paint it more than twice as early (bench/reports/lighthouse.md).

After the build we rewrite each HTML file so that nothing starts before the first frame:
- the modulepreload links leave `<head>`;
- the bootstrap's static imports become awaited dynamic ones, in the same order, inside
  a callback that runs once the first paint is on screen (paint timing); it
  first adds the same modulepreload links, so every module still downloads at once, in
  parallel, and evaluates the chunks one task at a time (no long block of script on a
  slow phone's main thread); the page then hydrates as before, once its content is on
  screen;
- our browser entry (`clinic/framework/patches/client/entry.client.js`, Reflex's with one
  change) starts hydrating in the task after react-dom is evaluated, not in the same one.

The bootstrap is one inline script, the same text in every page, and what a page loads
(its modules, their order) is a JSON block before it: the site then has one set of inline
scripts and one Content-Security-Policy for all its pages, which a static host can give
with one header rule whatever the number of pages (clinic/server/security.py). The build fails if React Router's
output no longer has the shape this rewrite expects.

In development (`reflex run`) nothing is prerendered, so there is no HTML to rewrite
(Reflex calls `post_build` only when it builds a bundle); our browser entry is written in
both modes, and development hydrates with it just the same.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path

from reflex.plugins.base import Plugin
from reflex_base import constants

from clinic.framework.errors import FrameworkChanged

THIS_FILE = "clinic/framework/patches/paint_first.py"
MODULEPRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]*)"/>')
BOOTSTRAP = re.compile(r'<script type="module" async="">(.*?)</script>', re.DOTALL)
SIDE_EFFECT_IMPORT = re.compile(r'^import "([^"]+)";\n', re.MULTILINE)
CHUNK_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([^"]+\.js)"')
NAMESPACE_IMPORT = re.compile(r'^import \* as (\w+) from "([^"]+)";\n', re.MULTILINE)


# The bootstrap each page runs: one script, the same in every page (one hash in the one
# Content-Security-Policy of the site: clinic/server/security.py); what a page loads goes
# before it as data, a JSON block with this id, which the script reads.
AFTER_FIRST_PAINT = Path(__file__).parent / "client" / "after-first-paint.js"
PAGE_MODULES_ID = "page-modules"
# Whole-line comments: `//` ones, and the JSDoc types (`/** @type ... */`) of the type check.
COMMENT_LINE = re.compile(r"^\s*(?://.*|/\*\*.*\*/)\n", re.MULTILINE)
# What React Router's bootstrap does once its imports are done: the route modules under
# their route ids, then the browser entry.
ROUTE_MODULES = re.compile(
    r'^window\.__reactRouterRouteModules = \{(?P<routes>.*)\};\s*import\("(?P<entry>[^"]+)"\);$',
    re.DOTALL,
)
ROUTE_ENTRY = re.compile(r'"((?:[^"\\]|\\.)*)":(\w+)')
ENTRY_CLIENT = Path(__file__).parent / "client" / "entry.client.js"
REFLEX_ENTRY_CLIENT = constants.Templates.Dirs.WEB_TEMPLATE / constants.Embed.ENTRY_PATH
# Reflex 0.10.1's entry as we know it (ours repeats it but for when it hydrates): the
# build stops when Reflex's changes.
REFLEX_ENTRY_CLIENT_FILE = ENTRY_CLIENT.parent / "reflex-entry.client.js"
REFLEX_ENTRY_CLIENT_AS_KNOWN = REFLEX_ENTRY_CLIENT_FILE.read_text()
BODY = re.compile(r"<body[^>]*>(.*)</body>", re.DOTALL)
TAG_OR_SCRIPT = re.compile(r"<script\b.*?</script>|<[^>]+>", re.DOTALL)


class UnexpectedBuildOutput(FrameworkChanged):
    def __init__(self, what_changed: str, file_to_update: str = THIS_FILE):
        super().__init__("paint first", what_changed, file_to_update)


def dependencies_first(hrefs: list[str], imports_of: Callable[[str], list[str]]) -> list[str]:
    """The chunks ordered so that each comes after the chunks it imports: evaluating them
    in this order runs each chunk's own code in its own task, not inside a dependent's."""
    ordered: list[str] = []

    def visit(href: str, path: tuple[str, ...]) -> None:
        if href in ordered or href in path:
            return
        for dependency in imports_of(href):
            if dependency in hrefs:
                visit(dependency, (*path, href))
        ordered.append(href)

    for href in hrefs:
        visit(href, ())
    return ordered


def page_modules(body: str, preloads: list[str], imports_of: Callable[[str], list[str]]) -> dict:
    """What React Router's bootstrap module of a page loads, as data for ours: the
    modulepreload links, the chunks in the order they are evaluated, its side-effect
    imports, each route's module by route id, and the browser entry."""
    side_effects = SIDE_EFFECT_IMPORT.findall(body)
    namespaces = dict(NAMESPACE_IMPORT.findall(body))
    rest = NAMESPACE_IMPORT.sub("", SIDE_EFFECT_IMPORT.sub("", body)).strip()
    shape = ROUTE_MODULES.match(rest)
    routes = ROUTE_ENTRY.findall(shape["routes"]) if shape else []
    if (
        not shape
        or not namespaces
        or ",".join(f'"{route}":{name}' for route, name in routes) != shape["routes"]
        or any(name not in namespaces for _, name in routes)
    ):
        raise UnexpectedBuildOutput(
            f"React Router's bootstrap module is not what this rewrites: {body[:200]!r}"
        )
    # Every chunk but the one that starts hydration is evaluated first, each in a task of
    # its own: a phone's main thread then never runs one long block of framework code,
    # and a tap in between is answered at once.
    chunks = dependencies_first([href for href in preloads if href != shape["entry"]], imports_of)
    return {
        "preloads": preloads,
        "chunks": chunks,
        "imports": side_effects,
        "routes": {json.loads(f'"{route}"'): namespaces[name] for route, name in routes},
        "entry": shape["entry"],
    }


@functools.cache
def bootstrap_script() -> str:
    """The one bootstrap module of every page, without the template's comments."""
    script = COMMENT_LINE.sub("", AFTER_FIRST_PAINT.read_text()).strip()
    if script.count(f'getElementById("{PAGE_MODULES_ID}")') != 1:
        raise UnexpectedBuildOutput(
            f"the bootstrap template does not read the '{PAGE_MODULES_ID}' block once",
            str(AFTER_FIRST_PAINT),
        )
    return script


def _data_block(data: dict) -> str:
    # `</` never closes the block early: JSON allows the slash escaped.
    text = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/json" id="{PAGE_MODULES_ID}">{text}</script>'


def _no_imports(href: str) -> list[str]:
    return []


def has_content(html: str) -> bool:
    """False for the client-rendered shells (`__spa-fallback.html`, `404.html`): nothing
    to paint before the scripts, so they keep React Router's loading unchanged."""
    body = BODY.search(html)
    return bool(body and TAG_OR_SCRIPT.sub("", body.group(1)).strip())


def paint_first(html: str, imports_of: Callable[[str], list[str]] = _no_imports) -> str:
    """The page rewritten; `imports_of(href)` names the chunks a chunk imports."""
    if not has_content(html):
        return html
    preloads = MODULEPRELOAD.findall(html)
    bootstraps = BOOTSTRAP.findall(html)
    if not preloads or len(bootstraps) != 1:
        raise UnexpectedBuildOutput(
            f"expected modulepreload links and one bootstrap module, found {len(preloads)} "
            f"and {len(bootstraps)}: React Router's output changed"
        )
    html = MODULEPRELOAD.sub("", html)
    data = _data_block(page_modules(bootstraps[0], preloads, imports_of))
    script = f'<script type="module">{bootstrap_script()}</script>'
    # A function as replacement: the script text is taken literally (no backslash escapes).
    return BOOTSTRAP.sub(lambda _: data + script, html)


def chunk_imports(static_dir: Path) -> Callable[[str], list[str]]:
    """What each built chunk imports (`from"./x.js"`, `import"./x.js"`), as site paths."""

    @functools.cache
    def imports_of(href: str) -> list[str]:
        chunk = static_dir / href.lstrip("/")
        if not chunk.is_file():
            return []
        folder = href.rsplit("/", 1)[0]
        return [
            f"{folder}/{name}" for name in CHUNK_IMPORT.findall(chunk.read_text(encoding="utf-8"))
        ]

    return imports_of


def rewrite_build(static_dir: Path) -> int:
    """Rewrites every HTML file of the build; returns how many."""
    files = sorted(static_dir.rglob("*.html"))
    imports_of = chunk_imports(static_dir)
    for html_file in files:
        html_file.write_text(
            paint_first(html_file.read_text(encoding="utf-8"), imports_of), encoding="utf-8"
        )
    if not files:
        raise UnexpectedBuildOutput(f"no HTML file in {static_dir}: React Router's output moved")
    return len(files)


def entry_client() -> tuple[str, str]:
    """Our browser entry (`clinic/framework/patches/client/entry.client.js`): Reflex's, hydrating one task later.

    Fails the build if Reflex's own entry changed, so that ours is updated to match it.
    """
    if REFLEX_ENTRY_CLIENT.read_text() != REFLEX_ENTRY_CLIENT_AS_KNOWN:
        raise UnexpectedBuildOutput(
            f"Reflex's {REFLEX_ENTRY_CLIENT} changed",
            f"{ENTRY_CLIENT} and {REFLEX_ENTRY_CLIENT_FILE.name} to match it",
        )
    return constants.Embed.ENTRY_PATH, ENTRY_CLIENT.read_text()


class PaintFirstPlugin(Plugin):
    """Writes the browser entry before the build; rewrites the pages after they are
    prerendered and before they are compressed and hashed."""

    def provides_entry_client(self) -> bool:
        return True

    def pre_compile(self, **context):
        context["add_save_task"](entry_client)

    def post_build(self, **context):
        rewrite_build(Path(context["static_dir"]))
