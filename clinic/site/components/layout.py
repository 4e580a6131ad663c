"""The one layout: every page's chrome (skip link, header, footer, floating book button)
around its content, and what every page does when it is shown. Pages hold only their
content."""

from __future__ import annotations

import reflex as rx
from reflex_base.event import EventSpec

from clinic.site.components.browser import literal, run
from clinic.site.components.floating_book import floating_book_button
from clinic.site.components.footer import footer
from clinic.site.components.links import in_page_link
from clinic.site.components.navbar import navbar
from clinic.site.i18n import t
from clinic.site.routes import Page

MAIN_ID = "main"
# Spec section 2: an anchor reached from another page scrolls to its section 100 ms
# after the page is shown, leaving 64 px for the fixed header (navbar.HEADER_HEIGHT_CLASS).
ANCHOR_DELAY_MS = 100
HEADER_OFFSET_PX = 64


def skip_link(lang: str) -> rx.Component:
    return in_page_link(
        MAIN_ID,
        t(lang, "site.skip_to_content"),
        class_name=(
            "sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 "
            "focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-primary focus:shadow-lg"
        ),
    )


def document_language(lang: str) -> EventSpec:
    """`<html lang>` follows the page: the prerendered HTML has it right, but after a
    client-side navigation (the ES/EN toggle) React does not patch <html>, and screen
    readers would keep the old language."""
    return run(f"document.documentElement.lang = {literal(lang)};")


def focus_new_page() -> EventSpec:
    """After a client-side navigation the link that had focus is gone, and the next Tab
    would start from the end of the document: like the skip link, focus moves to <main>
    (tabindex=-1), only when focus was lost with the old page. The page a document
    lands on is left alone (the browser starts at the top)."""
    return run(
        # A flag for the document's lifetime: the first page shown is the landing.
        "if (!window.__clinicPageShown) { window.__clinicPageShown = true; return; }",
        "const lost = !document.activeElement || document.activeElement === document.body;",
        f"if (lost) document.getElementById({literal(MAIN_ID)})?.focus({{preventScroll: true}});",
    )


def scroll_to_anchor() -> EventSpec:
    """A page shown with a #section (from a menu on another page) scrolls there smoothly
    (instantly under reduced motion) once it has settled."""
    return run(
        "if (!location.hash) return;",
        "setTimeout(() => {",
        " const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));",
        " if (!target) return;",
        f" const top = target.getBoundingClientRect().top + window.scrollY - {HEADER_OFFSET_PX};",
        " const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;",
        " window.scrollTo({top, behavior: reduce ? 'auto' : 'smooth'});",
        f"}}, {ANCHOR_DELAY_MS});",
    )


def page_shell(page: Page, *content: rx.Component) -> rx.Component:
    lang = page.lang
    return rx.el.div(
        skip_link(lang),
        navbar(page),
        rx.el.main(*content, id=MAIN_ID, tab_index=-1, class_name="pt-16 outline-none"),
        footer(lang),
        floating_book_button(page),
        # Each page is its own route: this runs whenever a page is shown. (On an empty
        # fragment: an event on the page's root would make Reflex memoize the whole page
        # into the shared module every page loads.)
        rx.fragment(on_mount=[document_language(lang), focus_new_page(), scroll_to_anchor()]),
        class_name="min-h-screen bg-white font-sans text-ink antialiased",
    )
