"""The privacy notice: its numbered sections, a table of contents linking each, from
content/i18n/<lang>/privacy.yaml (keys and order: content/pages/privacy.yaml), and the
month of the last update (content/pages/privacy.yaml), in the language's words."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.inner_blocks import contents_list, rich_text
from clinic.site.components.page_header import page_header
from clinic.site.components.styles import CONTAINER
from clinic.site.content import content
from clinic.site.content.pages.privacy import PrivacyContent
from clinic.site.i18n import fill_facts, format_month, text_of, text_with_facts
from clinic.site.routes import Page


def privacy_content() -> PrivacyContent:
    return content().page("privacy", PrivacyContent)


def render(page: Page) -> rx.Component:
    lang = page.lang
    data = privacy_content()
    updated = text_of(lang, "privacy.updated", date=format_month(data.updated, lang))
    contents = contents_list(
        text_of(lang, "privacy.contents"), [(s.key, s.title(lang)) for s in data.sections]
    )
    sections = [
        rx.el.section(
            rx.el.h2(
                f"{number}. {s.title(lang)}",
                class_name="text-xl font-bold text-primary sm:text-2xl",
            ),
            *rich_text(fill_facts(lang, s.body(lang))),
            id=s.key,
            data_privacy_section=str(number),
            class_name="scroll-mt-4",
        )
        for number, s in enumerate(data.sections, start=1)
    ]
    return rx.fragment(
        page_header(
            text_with_facts(lang, "pages.privacy.title"),
            text_with_facts(lang, "pages.privacy.intro"),
            rx.el.p(updated, class_name="mt-3 text-sm font-medium text-ink", data_updated=""),
        ),
        rx.el.div(
            contents,
            rx.el.div(*sections, class_name="max-w-3xl space-y-10"),
            rx.el.p(
                updated, class_name="max-w-3xl border-t border-primary/10 pt-6 text-sm text-muted"
            ),
            class_name=f"{CONTAINER} space-y-10 py-12",
        ),
    )
