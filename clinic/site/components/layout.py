"""The one layout: every page's chrome (skip link, header, footer, floating book button)
around its content, and what every page does when it is shown. Pages hold only their
content."""

from __future__ import annotations

import reflex as rx

from clinic.framework.browser_steps import browser_step, handler
from clinic.site.components.closed_days import closed_days_notices
from clinic.site.components.fixed_bars import BELOW_THE_HEADER_CLASS
from clinic.site.components.floating_book import floating_book_button
from clinic.site.components.footer import footer
from clinic.site.components.hydrate_later import HydrateLater
from clinic.site.components.links import in_page_link
from clinic.site.components.navbar import navbar
from clinic.site.i18n import text_of
from clinic.site.routes import Page

MAIN_ID = "main"
# docs/design.md, "Pages and routes": an anchor reached from another page scrolls to its section 100 ms
# after the page is shown. Where it lands is the page's scroll padding (fixed_bars.py),
# the one place that knows how much of the window the fixed bars cover.
ANCHOR_DELAY_MS = 100


def skip_link(lang: str) -> rx.Component:
    return in_page_link(
        MAIN_ID,
        text_of(lang, "site.skip_to_content"),
        class_name=(
            "sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 "
            "focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-primary focus:shadow-lg"
        ),
    )


# The page shell's browser steps (assets/behaviors/page.js).
focus_main_after_navigation = browser_step("page", "focusMainAfterNavigation")
scroll_to_hash_section = browser_step("page", "scrollToHashSection")


def when_shown() -> rx.Var:
    """What every page does when it is shown: focus moves to its main content after a
    client-side navigation, and a #section in the address is scrolled to. (`<html lang>`
    follows the path by itself: clinic.py.)"""
    return handler(
        lambda: [
            focus_main_after_navigation(MAIN_ID),
            scroll_to_hash_section(ANCHOR_DELAY_MS),
        ]
    )


def page_shell(page: Page, *content: rx.Component) -> rx.Component:
    lang = page.lang
    return rx.el.div(
        skip_link(lang),
        navbar(page),
        rx.el.main(
            # At the top of every page, shown only on and before a closed day.
            closed_days_notices(lang),
            HydrateLater.create(*content),
            id=MAIN_ID,
            tab_index=-1,
            class_name=f"{BELOW_THE_HEADER_CLASS} outline-none",
        ),
        HydrateLater.create(footer(lang)),
        floating_book_button(page),
        # Each page is its own route: this runs whenever a page is shown. (On an empty
        # fragment: an event on the page's root would make Reflex memoize the whole page
        # into the shared module every page loads.)
        rx.fragment(on_mount=when_shown()),
        class_name="min-h-screen bg-white font-sans text-ink antialiased",
    )
