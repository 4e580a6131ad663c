"""Heading and intro of a page from content, for page kinds whose body is rendered by
their own module. Shared so that every page states what it is in its first lines."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.page_header import page_header
from clinic.site.i18n import tc
from clinic.site.routes import Page


def page_intro(page: Page) -> rx.Component:
    return page_header(
        tc(page.lang, f"pages.{page.id}.title"), tc(page.lang, f"pages.{page.id}.intro")
    )
