"""The 404 page prerendered once per language, at the names static hosts look for.

Reflex registers the 404 page as React Router's catch-all route, which is never
prerendered: `404.html` is the empty client-rendered shell, so a patient who follows a
dead link sees nothing until the JavaScript has arrived and run (Lighthouse, slow 4G:
largest paint 2.3 s, against 0.9 s for a prerendered page). The page's content depends
only on the language of the path (clinic/site/pages/not_found.py), so rendering the catch-all
route at one Spanish and one English path at build time gives HTML that hydrates
unchanged at any unknown path of that language.

The two pages end up as `404.html` and `en/404.html`: the names Cloudflare Pages serves
for an unknown path (the nearest `404.html` up the path), that Netlify's `_redirects`
names (clinic/build_steps/site_files/static_host.py), and that the production server answers unknown paths
with (`clinic/server/middleware.py`). The files React Router wrote at the prerendered
paths are removed, so those paths are unknown like any other.
"""

from __future__ import annotations

import html
import shutil
from pathlib import Path

import reflex as rx
from reflex.plugins.base import Plugin

from clinic.framework.browser_steps import function
from clinic.framework.errors import FrameworkChanged
from clinic.site.content import DEFAULT_LANG, LANGS
from clinic.site.i18n import text_with_facts
from clinic.site.routes import lang_prefix, not_found_file, not_found_prerender_path

THIS_FILE = "clinic/framework/patches/not_found_pages.py"
REACT_ROUTER_CONFIG = "react-router.config.js"
PRERENDER_ALL = '"prerender": true'
PRERENDER_PATHS = {lang: not_found_prerender_path(lang) for lang in LANGS}


def _rendered_file(lang: str) -> str:
    """Where React Router writes the page prerendered at the language's 404 path."""
    return PRERENDER_PATHS[lang] + ".html"


def with_prerendered_not_found(config_js: str) -> str:
    """React Router's config with our two 404 paths added to the prerendered ones.

    In development (`reflex run`) Reflex prerenders nothing and writes no `prerender`
    key: every page, the 404 page included, renders in the browser, so there is nothing
    to add and the config is left as it is."""
    if '"prerender"' not in config_js:
        return config_js
    if config_js.count(PRERENDER_ALL) != 1:
        raise FrameworkChanged(
            "404 pages",
            f"expected {PRERENDER_ALL} in {REACT_ROUTER_CONFIG}: Reflex's config changed",
            THIS_FILE,
        )
    # React Router calls it with its own list: ours are added to every static path.
    paths = function(
        lambda options: (
            options.to(dict)["getStaticPaths"].to(rx.vars.FunctionVar).call().to(list[str])
            + rx.Var.create(list(PRERENDER_PATHS.values()))
        )
    )
    return config_js.replace(PRERENDER_ALL, f'"prerender": {paths!s}')


# The head of the 404 route is written once, in the default language (clinic/site/seo.py).
HEAD_LANG = DEFAULT_LANG
# React Router's client-rendered shell. Reflex copies it to `404.html` after every plugin's
# `post_build`, so the root language's page is written there too, or the copy would bring the
# shell back.
SHELL = "__spa-fallback.html"
# The shell itself is kept beside the export (not served): bench/lighthouse.py measures it as
# the client-rendered reference.
KEPT_SHELL = "client-rendered-shell.html"


def _head_texts(lang: str) -> tuple[str, str]:
    return text_with_facts(lang, "pages.not_found.meta_title"), text_with_facts(
        lang, "pages.not_found.meta_description"
    )


def in_language(page_html: str, lang: str) -> str:
    """A prerendered 404 page with its title and description in `lang`, not the head's."""
    for ours, theirs in zip(_head_texts(HEAD_LANG), _head_texts(lang), strict=True):
        for quote in (False, True):
            page_html = page_html.replace(
                html.escape(ours, quote=quote), html.escape(theirs, quote=quote)
            )
    return page_html


def place_built_pages(static_dir: Path) -> None:
    """Each language's prerendered 404 page, titled in its language, at `not_found_file(lang)`;
    React Router's own files at the prerendered paths removed."""
    shell = static_dir / SHELL
    if not shell.is_file():
        raise FrameworkChanged(
            "404 pages", f"React Router wrote no {SHELL} (its client-rendered shell)", THIS_FILE
        )
    shutil.copyfile(shell, static_dir.parent / KEPT_SHELL)
    for lang in LANGS:
        rendered = static_dir / _rendered_file(lang).lstrip("/")
        if not rendered.is_file():
            raise FrameworkChanged(
                "404 pages",
                f"React Router did not prerender {_rendered_file(lang)} (the added path)",
                THIS_FILE,
            )
        page = in_language(rendered.read_text(encoding="utf-8"), lang)
        targets = [not_found_file(lang)] + ([f"/{SHELL}"] if not lang_prefix(lang) else [])
        for target in targets:
            (static_dir / target.lstrip("/")).write_text(page, encoding="utf-8")
        rendered.unlink()
        shutil.rmtree(static_dir / PRERENDER_PATHS[lang].lstrip("/"), ignore_errors=True)


class PrerenderNotFoundPlugin(Plugin):
    def pre_compile(self, **context):
        context["add_modify_task"](REACT_ROUTER_CONFIG, with_prerendered_not_found)

    def post_build(self, **context):
        place_built_pages(Path(context["static_dir"]))
