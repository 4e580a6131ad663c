"""The one layout: every page's chrome (skip link, header, footer, floating book button,
anchor scrolling) around its content. Pages hold only their content."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.first_visit import first_visit_language
from clinic.site.components.floating_book import floating_book_button
from clinic.site.components.footer import footer
from clinic.site.components.links import in_page_link
from clinic.site.components.navbar import navbar
from clinic.site.components.widgets import anchor_scroll, document_language
from clinic.site.i18n import t
from clinic.site.routes import Page

MAIN_ID = "main"


def skip_link(lang: str) -> rx.Component:
    return in_page_link(
        MAIN_ID,
        t(lang, "site.skip_to_content"),
        class_name=(
            "sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 "
            "focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-primary focus:shadow-lg"
        ),
    )


def page_shell(page: Page, *content: rx.Component) -> rx.Component:
    lang = page.lang
    return rx.el.div(
        skip_link(lang),
        navbar(page),
        rx.el.main(*content, id=MAIN_ID, tab_index=-1, class_name="pt-16 outline-none"),
        footer(lang),
        floating_book_button(lang),
        anchor_scroll(),
        document_language(lang=lang),
        first_visit_language(),
        class_name="min-h-screen bg-white font-sans text-ink antialiased",
    )
