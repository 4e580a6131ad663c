"""The 404 page (spec sections 2 and 8): one client-rendered shell for every unknown
path, shown in the path's language, that first replace-navigates legacy paths."""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.layout import page_shell
from clinic.site.components.links import external_link, page_link
from clinic.site.components.ui import BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK
from clinic.site.components.widgets import by_path_language
from clinic.site.content import LANGS, content
from clinic.site.i18n import t, tc
from clinic.site.routes import Page, legacy_redirects, path_for


def _body(lang: str) -> rx.Component:
    clinic = content().clinic
    return rx.el.section(
        rx.el.p("404", class_name="text-sm font-semibold tracking-widest text-muted"),
        rx.el.h1(t(lang, "not_found.title"), class_name="mt-2 text-3xl font-bold text-primary sm:text-4xl"),
        rx.el.p(t(lang, "not_found.subtitle"), class_name="mt-4 text-lg"),
        rx.el.p(t(lang, "not_found.description"), class_name="mt-2 text-muted"),
        rx.el.div(
            # Primary first, as on every other page.
            page_link(path_for("booking", lang), t(lang, "not_found.book"), class_name=BUTTON_PRIMARY),
            page_link(path_for("home", lang), t(lang, "not_found.home"), class_name=BUTTON_SECONDARY),
            class_name="mt-8 flex flex-wrap gap-3",
        ),
        rx.el.ul(
            rx.el.li(external_link(nav.whatsapp_link(), t(lang, "not_found.chat"), lang=lang,
                                   class_name=TEXT_LINK)),
            rx.el.li(rx.el.a(tc(lang, "not_found.call"), href=clinic.tel_href,
                             class_name=TEXT_LINK)),
            class_name="mt-6 space-y-2",
        ),
        class_name="mx-auto max-w-3xl px-4 py-20",
        data_page="not-found",
    )


def render() -> rx.Component:
    versions = [
        page_shell(Page("not_found", "not_found", lang, path_for("home", lang)), _body(lang))
        for lang in LANGS
    ]
    return by_path_language(*versions, redirects=legacy_redirects(),
                            titles=[tc(lang, "not_found.meta_title") for lang in LANGS])
