"""The success page (docs/design.md, "Pages and routes", "Error pages", "The shipped sample's facts"): the request has been received (with the
appointment itself when Cal.com's embed passed it on: components/booked_appointment.py),
the confirmation rules as bullet notes, and a chat link for questions."""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.booked_appointment import booked_summary
from clinic.site.components.inner_blocks import map_link
from clinic.site.components.links import external_link, page_link
from clinic.site.components.page_header import page_header
from clinic.site.components.styles import (
    BUTTON_PRIMARY,
    BUTTON_SECONDARY,
    CARD,
    CONTAINER,
    TEXT_LINK,
)
from clinic.site.content import content
from clinic.site.content.pages.success import SuccessContent
from clinic.site.i18n import fill_facts, text_of, text_with_facts
from clinic.site.routes import Page, path_for


def success_content() -> SuccessContent:
    return content().page("success", SuccessContent)


def note_texts(lang: str) -> list[str]:
    """Every note with its numbers filled in, as plain text (the calendar file's too)."""
    rules = success_content().rules.values()
    return [fill_facts(lang, n.text(lang), **rules) for n in success_content().notes]


def _note_text(text: str) -> list:
    """A note's text with the clinic e-mail as a mailto link."""
    email = content().clinic.email
    if email not in text:
        return [text]
    before, after = text.split(email, 1)
    return [before, rx.el.a(email, href=f"mailto:{email}", class_name=TEXT_LINK), after]


def render(page: Page) -> rx.Component:
    lang = page.lang
    data = success_content()
    notes = rx.el.section(
        rx.el.h2(
            data.notes_heading(lang), class_name="text-2xl font-bold tracking-tight text-primary"
        ),
        rx.el.ul(
            *(
                rx.el.li(*_note_text(text), data_note=n.key)
                for n, text in zip(data.notes, note_texts(lang), strict=True)
            ),
            class_name="mt-4 list-disc space-y-3 pl-5 text-lg leading-relaxed marker:text-primary",
        ),
        class_name=CARD,
    )
    questions = rx.el.section(
        rx.el.h2(
            text_of(lang, "success.questions_heading"),
            class_name="text-xl font-bold text-primary",
        ),
        rx.el.p(text_of(lang, "success.questions_text"), class_name="mt-2"),
        rx.el.div(
            external_link(
                nav.whatsapp_link(text_of(lang, "success.chat_message")),
                text_of(lang, "success.chat"),
                lang=lang,
                class_name=BUTTON_PRIMARY,
                data_chat="",
            ),
            page_link(
                path_for("home", lang),
                text_of(lang, "success.home"),
                class_name=BUTTON_SECONDARY,
            ),
            class_name="mt-4 flex flex-wrap gap-3",
        ),
        rx.el.h2(text_of(lang, "success.where"), class_name="mt-8 text-xl font-bold text-primary"),
        rx.el.p(text_with_facts(lang, "inner.address"), class_name="mt-2"),
        map_link(lang, class_name="mt-2"),
        class_name=CARD,
    )
    return rx.fragment(
        # The intro gives way to the appointment just booked, when the page was given it.
        page_header(
            text_with_facts(lang, "pages.success.title"),
            "",
            booked_summary(lang, text_with_facts(lang, "pages.success.intro"), note_texts(lang)),
        ),
        rx.el.div(
            notes,
            questions,
            class_name=f"{CONTAINER} grid items-start gap-6 py-12 lg:grid-cols-[3fr_2fr]",
        ),
    )
