"""Builds the Reflex app and registers every page from the route table; nothing else."""

from __future__ import annotations

import urllib.parse

import reflex as rx

from clinic.framework.location import location_path
from clinic.framework.page_modules import own_code_module
from clinic.project import ASSETS_DIR
from clinic.server import middleware as server
from clinic.site import seo, structured_data
from clinic.site.components.closed_days import closed_days_head
from clinic.site.components.first_visit import first_visit_script
from clinic.site.components.fixed_bars import scroll_padding_style
from clinic.site.components.layout import page_shell
from clinic.site.components.path_language import per_path_language
from clinic.site.pages import not_found, renderer
from clinic.site.routes import DEFAULT_LANG, LANGS, Page, all_pages

# <html lang> follows the path, so it is right in the prerendered HTML of each route and
# after client-side navigation (the toggle switches language without a reload).
HTML_LANG = per_path_language(location_path(), {lang: lang for lang in LANGS})

# The icon is inlined (it is tiny): a request less on every first visit, and one round trip
# less that a slow connection may have to make before the largest paint.
# Spaces are percent-encoded too: a raw space is not allowed in a URL (Nu Html Checker).
FAVICON_HREF = "data:image/svg+xml," + urllib.parse.quote(
    (ASSETS_DIR / "favicon.svg").read_text().strip(), safe="/=:"
)

app = rx.App(
    enable_state=False,
    html_lang=DEFAULT_LANG,
    html_custom_attrs={"lang": HTML_LANG},
    api_transformer=server.transform,
    # No toasts and no framework error overlay: the site shows no server messages, and
    # dropping them keeps their JavaScript off every page load.
    toaster=None,
    app_wraps={},
    head_components=[
        # First in <head>: an English first visit of `/` leaves before the page paints.
        first_visit_script(),
        # Then, on a closed day (clinic.yaml), which notice the page shows, before it paints.
        *closed_days_head(),
        rx.el.link(rel="icon", href=FAVICON_HREF, type="image/svg+xml"),
        # Scrolling (to a focused control, to an anchor) keeps clear of the fixed bars.
        scroll_padding_style(),
    ],
)


def _component(page: Page):
    render = renderer(page.kind)

    def component():
        return page_shell(page, render(page))

    # Each page kind's memoized components, in each language, in a module of their own: a
    # page loads only its own kind's code in its own language, and a language the clinic
    # adds does not weigh on the others' pages (clinic/framework/page_modules.py says how
    # and checks it).
    return own_code_module(component, f"{render.__module__}.{page.lang}")


def _head(page: Page) -> dict:
    """Head tags plus the page's JSON-LD, all prerendered into its HTML."""
    head = seo.head(page)
    return {**head, "meta": [*head["meta"], structured_data.json_ld(page)]}


for _page in all_pages():
    app.add_page(_component(_page), route=_page.reflex_route, **_head(_page))

app.add_page(not_found.render, route="404", **seo.not_found_head())
