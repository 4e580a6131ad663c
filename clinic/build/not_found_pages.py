"""The 404 page prerendered once per language.

Reflex registers the 404 page as React Router's catch-all route, which is never
prerendered: `404.html` is the empty client-rendered shell, so a patient who follows a
dead link sees nothing until the JavaScript has arrived and run (Lighthouse, slow 4G:
largest paint 2.3 s, against 0.9 s for a prerendered page). The page's content depends
only on the language of the path (`ByPathLanguage.jsx`), so rendering the catch-all
route at one Spanish and one English path at build time gives HTML that hydrates
unchanged at any unknown path of that language.

The production server answers unknown paths with the file of the path's language and
status 404 (`clinic/server/middleware.py`); static hosts that read `_redirects` do the same
(`clinic/build/static_host.py`); any other host still serves `404.html`, the client-rendered
shell, which works for every path.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from reflex.plugins.base import Plugin

from clinic.site.content import LANGS
from clinic.site.i18n import tc
from clinic.site.routes import path_for

def _prefix(lang: str) -> str:
    """The language's part of every path: "" for Spanish, "/en" for English."""
    return path_for("home", lang).rstrip("/")


# Paths no page or legacy link uses, under each language's home, so the catch-all route
# renders the 404 page in that language.
PRERENDER_PATHS = {lang: _prefix(lang) + "/__404" for lang in LANGS}
REACT_ROUTER_CONFIG = "react-router.config.js"
PRERENDER_ALL = '"prerender": true'


def not_found_file(lang: str) -> str:
    """The prerendered file, relative to the export root ("/en/__404.html")."""
    return PRERENDER_PATHS[lang] + ".html"


def static_host_rules() -> list[str]:
    """`_redirects` lines (Netlify syntax): any path without a file gets the 404 page of
    its language with status 404. Most specific first: hosts take the first match."""
    by_specificity = sorted(LANGS, key=lambda lang: -len(_prefix(lang)))
    return [f"{_prefix(lang)}/* {not_found_file(lang)} 404" for lang in by_specificity]


def with_prerendered_not_found(config_js: str) -> str:
    """React Router's config with our two 404 paths added to the prerendered ones.

    In development (`reflex run`) Reflex prerenders nothing and writes no `prerender`
    key: every page, the 404 page included, renders in the browser, so there is nothing
    to add and the config is left as it is."""
    if '"prerender"' not in config_js:
        return config_js
    if config_js.count(PRERENDER_ALL) != 1:
        raise RuntimeError(
            f"404 pages: expected {PRERENDER_ALL} in {REACT_ROUTER_CONFIG}; Reflex's config changed, "
            "update clinic/build/not_found_pages.py"
        )
    extra = json.dumps(list(PRERENDER_PATHS.values()))
    return config_js.replace(
        PRERENDER_ALL, f'"prerender": ({{ getStaticPaths }}) => [...getStaticPaths(), ...{extra}]'
    )


# The head of the 404 route is written once, in Spanish (clinic/site/seo.py).
HEAD_LANG = "es"
# React Router's client-rendered shell; Reflex copies it to `404.html` after `post_build`.
# Every route is prerendered, so the shell is only ever served for unknown paths.
SHELL = "__spa-fallback.html"
TITLE = re.compile(r"<title>.*?</title>", re.DOTALL)


def _head_texts(lang: str) -> tuple[str, str]:
    return tc(lang, "not_found.meta_title"), tc(lang, "not_found.meta_description")


def with_title(shell_html: str) -> str:
    """The client-rendered shell (`404.html`) gets the 404 head's <title>: React Router writes
    none into it, and a document without one is invalid HTML (Nu Html Checker). The page's
    widget sets the path's language's title once it runs."""
    if TITLE.search(shell_html):
        return shell_html
    title = html.escape(_head_texts(HEAD_LANG)[0], quote=False)
    return shell_html.replace("</head>", f"<title>{title}</title></head>", 1)


def in_language(page_html: str, lang: str) -> str:
    """A prerendered 404 page with its title and description in `lang`, not the head's."""
    for ours, theirs in zip(_head_texts(HEAD_LANG), _head_texts(lang)):
        for quote in (False, True):
            page_html = page_html.replace(html.escape(ours, quote=quote), html.escape(theirs, quote=quote))
    return page_html


def localize_built_pages(static_dir: Path) -> None:
    shell = static_dir / SHELL
    if shell.is_file():
        shell.write_text(with_title(shell.read_text(encoding="utf-8")), encoding="utf-8")
    for lang in LANGS:
        page = static_dir / not_found_file(lang).lstrip("/")
        if lang != HEAD_LANG and page.is_file():
            page.write_text(in_language(page.read_text(encoding="utf-8"), lang), encoding="utf-8")


class PrerenderNotFoundPlugin(Plugin):
    def pre_compile(self, **context):
        context["add_modify_task"](REACT_ROUTER_CONFIG, with_prerendered_not_found)

    def post_build(self, **context):
        localize_built_pages(Path(context["static_dir"]))
