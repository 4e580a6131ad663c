"""The accessibility statement: its sections with a table of contents, ways to report a
problem (e-mail and WhatsApp from clinic.yaml), and the date of the last review, from
content/pages/accessibility.yaml and content/i18n/<lang>/accessibility.yaml."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.inner_blocks import contents_list, rich_text
from clinic.site.components.links import external_link
from clinic.site.components.page_header import page_header
from clinic.site.components.styles import BUTTON_PRIMARY, BUTTON_SECONDARY, CONTAINER
from clinic.site.content import content
from clinic.site.i18n import fill_facts, format_date, text_of, text_with_facts
from clinic.site.navigation import whatsapp_link
from clinic.site.page_content.accessibility import accessibility_content
from clinic.site.routes import Page

FEEDBACK = "feedback"


def reviewed(lang: str) -> str:
    """The review's date as the language's locale writes it: 28 de noviembre de 2026."""
    day = format_date(accessibility_content().reviewed, lang)
    return text_of(lang, "accessibility.reviewed", date=day)


def ways_to_write(lang: str) -> rx.Component:
    """How to report a problem: the clinic's e-mail and WhatsApp."""
    clinic = content().clinic
    return rx.el.div(
        rx.el.a(
            text_with_facts(lang, "accessibility.email"),
            href=f"mailto:{clinic.email}",
            class_name=BUTTON_SECONDARY,
        ),
        external_link(
            whatsapp_link(),
            text_of(lang, "accessibility.whatsapp"),
            lang=lang,
            class_name=BUTTON_PRIMARY,
        ),
        class_name="mt-6 flex flex-wrap gap-3",
    )


def render(page: Page) -> rx.Component:
    lang = page.lang
    data = accessibility_content()
    contents = contents_list(
        text_of(lang, "accessibility.contents"), [(s.key, s.title(lang)) for s in data.sections]
    )
    sections = [
        rx.el.section(
            rx.el.h2(s.title(lang), class_name="text-xl font-bold text-primary sm:text-2xl"),
            *rich_text(fill_facts(lang, s.body(lang))),
            *([ways_to_write(lang)] if s.key == FEEDBACK else []),
            id=s.key,
            class_name="scroll-mt-4",
        )
        for s in data.sections
    ]
    if FEEDBACK not in {s.key for s in data.sections}:
        sections.append(rx.el.section(ways_to_write(lang)))
    return rx.fragment(
        page_header(
            text_with_facts(lang, "pages.accessibility.title"),
            text_with_facts(lang, "pages.accessibility.intro"),
            rx.el.p(reviewed(lang), class_name="mt-3 text-sm font-medium text-ink"),
        ),
        rx.el.div(
            contents,
            rx.el.div(*sections, class_name="max-w-3xl space-y-10"),
            class_name=f"{CONTAINER} space-y-10 py-12",
        ),
    )
