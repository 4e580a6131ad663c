"""Links: client-side for our own pages, plain anchors for everything else."""

from __future__ import annotations

import reflex as rx

from clinic.framework.components import page_link, plain_anchor
from clinic.site.i18n import text_of

__all__ = ["external_link", "in_page_link", "other_language_link", "page_link"]


def external_link(href: str, *children, lang: str, new_tab: bool = True, **props) -> rx.Component:
    """A link off the site. New tabs get rel="noopener" and say so to screen readers."""
    if not new_tab:
        return rx.el.a(*children, href=href, **props)
    return rx.el.a(
        *children,
        rx.el.span(" " + text_of(lang, "nav.new_tab"), class_name="sr-only"),
        href=href,
        target="_blank",
        rel="noopener noreferrer",
        **props,
    )


def other_language_link(href: str, *children, **props) -> rx.Component:
    """A link to a page in another language: a plain <a>, so the browser loads that page
    as a document. A page carries the routes of its own language only (docs/design.md, "A
    page weighs what it shows"); the build stops on a client-side link to another one."""
    return plain_anchor(*children, href=href, **props)


def in_page_link(section_id: str, *children, **props) -> rx.Component:
    """A plain <a href="#id"> to a section of the same page. (`rx.el.a` becomes React
    Router's Link, which resolves "#id" against the route as "/path/#id".)"""
    return plain_anchor(*children, href=f"#{section_id}", **props)
