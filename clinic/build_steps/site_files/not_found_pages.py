"""The 404 page in each language, at the names static hosts look for.

The page's content depends only on the language of the path (clinic/site/pages/not_found.py),
so Reflex's 404 page is prerendered once per language at an unknown path of that language
(clinic/framework/patches/not_found_pages.py) and placed here, titled in its language.

The pages end up as `404.html` and `<lang>/404.html`: the names Cloudflare Pages serves
for an unknown path (the nearest `404.html` up the path), that Netlify's `_redirects`
names (clinic/build_steps/site_files/static_host.py), and that the production server answers
unknown paths with (`clinic/server/middleware.py`).
"""

from __future__ import annotations

import html
from pathlib import Path

from clinic.framework.patches.not_found_pages import SHELL, PrerenderNotFoundPlugin
from clinic.site.content import DEFAULT_LANG, LANGS
from clinic.site.i18n import text_with_facts
from clinic.site.routes import lang_prefix, not_found_file, not_found_prerender_path

PRERENDER_PATHS = {lang: not_found_prerender_path(lang) for lang in LANGS}
# The head of the 404 route is written once, in the default language (clinic/site/seo.py).
HEAD_LANG = DEFAULT_LANG


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


def place_pages(static_dir: Path, pages: dict[str, str]) -> None:
    """Each language's prerendered 404 page, titled in its language, at `not_found_file(lang)`
    (the root language's over React Router's shell too)."""
    for lang, page_html in pages.items():
        page = in_language(page_html, lang)
        targets = [not_found_file(lang)] + ([f"/{SHELL}"] if not lang_prefix(lang) else [])
        for target in targets:
            (static_dir / target.lstrip("/")).write_text(page, encoding="utf-8")


def not_found_pages_plugin() -> PrerenderNotFoundPlugin:
    return PrerenderNotFoundPlugin(paths=PRERENDER_PATHS, place=place_pages)
