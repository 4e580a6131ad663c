"""The 404 page (docs/design.md, "Pages and routes", "Error pages"): one page for every unknown path, shown in the
path's language, that first replace-navigates legacy paths (a static host has no server
to answer them with a redirect).

It is one route for every unknown path, so which language to show and which legacy path
to leave are known only from the browser's location: both are Reflex expressions on it,
with the same language rule as every other page (`routes.lang_of`)."""

from __future__ import annotations

import reflex as rx

from clinic.framework.browser_steps import browser_step, handler
from clinic.framework.location import location
from clinic.site import navigation as nav
from clinic.site.components.layout import page_shell
from clinic.site.components.links import external_link, page_link
from clinic.site.components.path_language import per_path_language
from clinic.site.components.styles import BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK
from clinic.site.content import LANGS, content
from clinic.site.i18n import text_of, text_with_facts
from clinic.site.routes import Page, legacy_redirects_by_spelling, path_for

decoded_path = browser_step("page", "decodedPath", returns=str)
set_document_title = browser_step("page", "setDocumentTitle")


def _body(lang: str) -> rx.Component:
    clinic = content().clinic
    return rx.el.section(
        rx.el.p("404", class_name="text-sm font-semibold tracking-widest text-muted"),
        rx.el.h1(
            text_of(lang, "not_found.title"),
            class_name="mt-2 text-3xl font-bold text-primary sm:text-4xl",
        ),
        rx.el.p(text_of(lang, "not_found.subtitle"), class_name="mt-4 text-lg"),
        rx.el.p(text_of(lang, "not_found.description"), class_name="mt-2 text-muted"),
        rx.el.div(
            # Primary first, as on every other page.
            page_link(
                path_for("booking", lang),
                text_of(lang, "not_found.book"),
                class_name=BUTTON_PRIMARY,
            ),
            page_link(
                path_for("home", lang), text_of(lang, "not_found.home"), class_name=BUTTON_SECONDARY
            ),
            class_name="mt-8 flex flex-wrap gap-3",
        ),
        rx.el.ul(
            rx.el.li(
                external_link(
                    nav.whatsapp_link(),
                    text_of(lang, "not_found.chat"),
                    lang=lang,
                    class_name=TEXT_LINK,
                )
            ),
            rx.el.li(
                rx.el.a(
                    text_with_facts(lang, "not_found.call"),
                    href=clinic.tel_href,
                    class_name=TEXT_LINK,
                )
            ),
            class_name="mt-6 space-y-2",
        ),
        class_name="mx-auto max-w-3xl px-4 py-20",
        data_page="not-found",
    )


def _page(lang: str) -> rx.Component:
    title = text_with_facts(lang, "pages.not_found.meta_title")
    return rx.fragment(
        page_shell(Page("not_found", "not_found", lang, path_for("home", lang)), _body(lang)),
        # The head is written once, in the default language: on another language's path the
        # tab says so in that language.
        rx.fragment(on_mount=handler(lambda: set_document_title(title))),
    )


def render() -> rx.Component:
    here = location()
    path = here["pathname"].to(str)
    # Every spelling of each old path, compared without a trailing slash.
    legacy_target = rx.Var.create(legacy_redirects_by_spelling())[decoded_path(path).rstrip("/")]
    versions = {lang: _page(lang) for lang in LANGS}
    return rx.cond(
        legacy_target,
        rx.fragment(
            on_mount=rx.redirect(
                legacy_target.to(str) + here["search"].to(str) + here["hash"].to(str), replace=True
            )
        ),
        per_path_language(path, versions),
    )
