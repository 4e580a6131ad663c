"""The FAQ page (docs/design.md, "Pages and routes"): cost, location, doctors, ultrasound, the services and
the opening hours, one card per question, rendered from `faq_views` (clinic/site/page_content/faq.py).

`faq_entries(lang)` (re-exported here) gives the same questions and answers as plain
text, in page order, for the FAQPage structured data."""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.links import external_link, page_link
from clinic.site.components.page_header import page_header
from clinic.site.components.styles import (
    BUTTON_PRIMARY,
    BUTTON_SECONDARY,
    CARD,
    TEXT_LINK,
    page_section,
)
from clinic.site.content import content
from clinic.site.i18n import text_of, text_with_facts
from clinic.site.page_content.faq import FaqView, faq_entries, faq_views
from clinic.site.routes import Page, path_for

__all__ = ["faq_entries", "faq_views", "render"]


def _item_list(view: FaqView) -> rx.Component:
    if view.items_kind == "hours":
        # Same rows as the footer's hours (both read opening_hours()).
        return rx.el.dl(
            # Two aligned columns: days left, hours right and never wrapped, on every row.
            *(
                rx.el.div(
                    rx.el.dt(i.label, class_name="font-medium"),
                    rx.el.dd(i.detail, class_name="whitespace-nowrap text-right"),
                    class_name="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 border-b border-primary/10 py-2",
                )
                for i in view.items
            ),
            # 14 px on phones: "Lunes a viernes" and its hours fit one line at 390 px.
            class_name="mt-3 text-sm sm:text-base",
            data_hours="",
        )
    return rx.el.ul(
        *(
            rx.el.li(
                page_link(i.href, i.label, class_name=TEXT_LINK) if i.href else i.label,
                f": {i.detail}" if i.detail else "",
            )
            for i in view.items
        ),
        class_name="mt-3 list-disc space-y-2 pl-5",
        data_items=view.items_kind,
    )


def _action(view: FaqView, lang: str) -> rx.Component:
    if view.link == "map":
        return external_link(
            str(content().clinic.address.maps_url),
            text_of(lang, "inner.map"),
            lang=lang,
            class_name=TEXT_LINK,
        )
    if view.link == "booking":
        return page_link(
            path_for("booking", lang), text_of(lang, "faq.booking"), class_name=TEXT_LINK
        )
    return rx.fragment()


def _card(view: FaqView, lang: str) -> rx.Component:
    return rx.el.article(
        rx.el.h2(view.question, class_name="text-xl font-bold text-primary", data_faq_question=""),
        rx.el.div(
            *(rx.el.p(p, class_name="mt-3 leading-relaxed") for p in view.paragraphs),
            _item_list(view) if view.items else rx.fragment(),
            *(rx.el.p(p, class_name="mt-3 leading-relaxed") for p in view.note),
            data_faq_answer="",
        ),
        rx.el.p(_action(view, lang), class_name="mt-4") if view.link else rx.fragment(),
        class_name=f"{CARD} mb-6 break-inside-avoid",
        data_faq=view.key,
        id=view.key,
    )


def render(page: Page) -> rx.Component:
    lang = page.lang
    more = page_section(
        rx.el.p(text_with_facts(lang, "faq.more_text"), class_name="mt-3 max-w-2xl text-lg"),
        rx.el.div(
            external_link(
                nav.whatsapp_link(),
                text_of(lang, "inner.chat"),
                lang=lang,
                class_name=BUTTON_PRIMARY,
            ),
            page_link(
                path_for("contact", lang),
                text_of(lang, "faq.contact"),
                class_name=BUTTON_SECONDARY,
            ),
            class_name="mt-6 flex flex-wrap gap-3",
        ),
        title=text_of(lang, "faq.more_heading"),
        tone="sand",
    )
    return rx.fragment(
        page_header(
            text_with_facts(lang, "pages.faq.title"), text_with_facts(lang, "pages.faq.intro")
        ),
        rx.el.div(
            *(_card(view, lang) for view in faq_views(lang)),
            # Columns, not a grid: cards of different heights stack without holes.
            class_name="mx-auto max-w-6xl gap-6 px-4 pt-12 pb-6 md:columns-2",
        ),
        more,
    )
