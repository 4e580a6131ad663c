"""Prerendered pages paint before their JavaScript is downloaded.

Every page is complete HTML, yet React Router's output makes the browser spend the first
second of a slow connection on scripts: a `<link rel="modulepreload">` in `<head>` for
each module the page runs (about 140 kB compressed) downloads beside the stylesheet, and
the bootstrap module at the end of `<body>` is `async`, so hydration can run before the
first paint. Lighthouse (slow 4G, 4x CPU) put the home page's largest paint at 2.2 s,
against 0.9 s for the same HTML without scripts (bench/reports/lighthouse.md).

After the build we rewrite each HTML file so that nothing starts before the first frame:
- the modulepreload links leave `<head>`;
- the bootstrap's static imports become awaited dynamic ones, in the same order, inside
  a callback that runs after the next paint (requestAnimationFrame, then a task); it
  first adds the same modulepreload links, so every module still downloads at once, in
  parallel, and the page hydrates as before, only once its content is on screen.

The bootstrap is an inline script; the server and `_headers` hash the final HTML for the
CSP, so the new text is allowed like the old one. The build fails if React Router's
output no longer has the shape this rewrite expects.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from reflex.plugins.base import Plugin

MODULEPRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]*)"/>')
BOOTSTRAP = re.compile(r'<script type="module" async="">(.*?)</script>', re.DOTALL)
SIDE_EFFECT_IMPORT = re.compile(r'^import "([^"]+)";\n', re.MULTILINE)
NAMESPACE_IMPORT = re.compile(r'^import \* as (\w+) from "([^"]+)";\n', re.MULTILINE)


class UnexpectedBuildOutput(RuntimeError):
    pass


def _after_paint_bootstrap(body: str, preloads: list[str]) -> str:
    """The bootstrap module, its imports deferred until after the first paint."""
    side_effects = SIDE_EFFECT_IMPORT.findall(body)
    namespaces = NAMESPACE_IMPORT.findall(body)
    rest = NAMESPACE_IMPORT.sub("", SIDE_EFFECT_IMPORT.sub("", body)).strip()
    if not namespaces or re.search(r"^import [^(]", rest, re.MULTILINE):
        raise UnexpectedBuildOutput(f"paint first: unexpected bootstrap module:\n{body}")
    # In the order the static imports had, so modules evaluate in the same order; the
    # preload links added just before fetch all of them in parallel meanwhile.
    steps = [f"await import({json.dumps(spec)});" for spec in side_effects]
    steps += [f"const {name} = await import({json.dumps(spec)});" for name, spec in namespaces]
    lines = "\n".join(f"    {line}" for line in [*steps, *rest.splitlines()] if line.strip())
    return (
        "requestAnimationFrame(() => setTimeout(async () => {\n"
        f"  for (const href of {json.dumps(preloads)}) {{\n"
        '    const link = document.createElement("link");\n'
        '    link.rel = "modulepreload"; link.href = href; document.head.append(link);\n'
        "  }\n"
        f"{lines}\n"
        "}));"
    )


def paint_first(html: str) -> str:
    preloads = MODULEPRELOAD.findall(html)
    bootstraps = BOOTSTRAP.findall(html)
    if not preloads or len(bootstraps) != 1:
        raise UnexpectedBuildOutput(
            f"paint first: expected modulepreload links and one bootstrap module, found "
            f"{len(preloads)} and {len(bootstraps)}; React Router's output changed, check clinic/paint_first.py"
        )
    html = MODULEPRELOAD.sub("", html)
    bootstrap = _after_paint_bootstrap(bootstraps[0], preloads)
    # A function as replacement: the script text is taken literally (no backslash escapes).
    return BOOTSTRAP.sub(lambda _: f'<script type="module">{bootstrap}</script>', html)


def rewrite_build(static_dir: Path) -> int:
    """Rewrites every HTML file of the build; returns how many."""
    files = sorted(static_dir.rglob("*.html"))
    for html_file in files:
        html_file.write_text(paint_first(html_file.read_text(encoding="utf-8")), encoding="utf-8")
    if not files:
        raise UnexpectedBuildOutput(f"paint first: no HTML file in {static_dir}")
    return len(files)


class PaintFirstPlugin(Plugin):
    """Runs after the pages are prerendered and before they are compressed and hashed."""

    def post_build(self, **context):
        rewrite_build(Path(context["static_dir"]))
