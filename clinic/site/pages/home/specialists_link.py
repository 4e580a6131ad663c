"""The link under a home section that shows a few (services, doctors) to the page that
shows every one: the services and specialists page."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.links import page_link
from clinic.site.components.styles import TEXT_LINK
from clinic.site.i18n import text_of
from clinic.site.navigation import SPECIALISTS_PAGE
from clinic.site.routes import path_for


def specialists_link(lang: str, text_key: str, **props) -> rx.Component:
    """`text_key`'s words, with an arrow; `props` mark it for tests (data_...)."""
    return page_link(
        path_for(SPECIALISTS_PAGE, lang),
        text_of(lang, text_key),
        rx.icon("arrow-right", size=18, aria_hidden="true"),
        class_name=f"mt-8 inline-flex items-center gap-1 {TEXT_LINK}",
        **props,
    )
