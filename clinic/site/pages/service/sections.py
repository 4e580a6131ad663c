"""The sections of a service page, each a function of the page and its content."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.inner_blocks import (
    book_and_chat_links,
    doctor_card,
    paragraphs,
    titled_cards,
)
from clinic.site.components.styles import CARD, CONTAINER, page_section
from clinic.site.i18n import fill_facts, service_values, text_of, text_with_facts
from clinic.site.page_content.service import ServiceContent, doctors_for
from clinic.site.routes import Page


def _fill(page: Page, text: str) -> str:
    """A service text with the clinic's facts and the service specialist's filled in."""
    return fill_facts(page.lang, text, **service_values(page.id, page.lang))


def hero(page: Page, data: ServiceContent) -> rx.Component:
    lang, key = page.lang, page.id
    specialist = service_values(key, lang)
    facts = (
        rx.el.dl(
            *(
                rx.el.div(
                    rx.el.dt(_fill(page, f.label(lang)), class_name="text-sm text-muted"),
                    rx.el.dd(
                        _fill(page, f.value(lang)),
                        class_name="order-first text-3xl font-bold text-primary",
                    ),
                    class_name="flex flex-col gap-1 rounded-2xl bg-white p-5 shadow-sm",
                    data_fact="",
                )
                for f in data.facts
            ),
            class_name="mt-8 grid max-w-4xl gap-4 sm:grid-cols-2 lg:grid-cols-3",
        )
        if data.facts
        else rx.fragment()
    )
    topic = text_of(lang, f"services.{key}.title")
    return rx.el.section(
        rx.el.div(
            rx.el.p(
                text_of(lang, "service_page.eyebrow"),
                class_name="text-sm font-semibold uppercase tracking-wide text-accent",
            ),
            rx.el.h1(
                text_with_facts(lang, f"pages.{key}.title", **specialist),
                class_name="mt-2 text-3xl font-bold tracking-tight text-primary sm:text-4xl",
            ),
            rx.el.p(
                text_with_facts(lang, f"pages.{key}.intro", **specialist),
                class_name="mt-4 max-w-2xl text-lg text-muted",
            ),
            facts,
            rx.el.div(
                *book_and_chat_links(lang, topic),
                class_name="mt-8 flex flex-wrap gap-3",
            ),
            class_name=f"{CONTAINER} py-12 sm:py-16",
        ),
        class_name="bg-blush",
    )


def intro(page: Page, data: ServiceContent) -> rx.Component:
    return page_section(
        *paragraphs([_fill(page, p(page.lang)) for p in data.intro]),
        title=data.intro_heading(page.lang),
    )


def cards(page: Page, data: ServiceContent) -> rx.Component:
    return titled_cards(
        data.cards,
        page.lang,
        title=data.cards_heading(page.lang),
        item_attrs={"data_service_card": ""},
        values=service_values(page.id, page.lang),
    )


def visit(page: Page, data: ServiceContent) -> rx.Component:
    """What to expect at the visit, and how to prepare for it, side by side on desktop."""
    lang = page.lang
    return page_section(
        rx.el.div(
            rx.el.div(
                rx.el.h2(
                    text_of(lang, "service_page.visit_heading"),
                    class_name="text-2xl font-bold tracking-tight text-primary sm:text-3xl",
                ),
                *paragraphs(
                    [_fill(page, p(lang)) for p in data.visit],
                    class_name="mt-4 text-lg leading-relaxed",
                ),
                data_visit="",
            ),
            rx.el.div(
                rx.el.h2(
                    text_of(lang, "service_page.prepare_heading"),
                    class_name="text-xl font-bold text-primary",
                ),
                rx.el.ul(
                    *(rx.el.li(_fill(page, item(lang))) for item in data.prepare),
                    class_name="mt-4 list-disc space-y-3 pl-5 leading-relaxed",
                ),
                class_name=f"{CARD} self-start",
                data_prepare="",
            ),
            class_name="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
        ),
        tone="sand",
    )


def questions(page: Page, data: ServiceContent) -> rx.Component:
    """Questions patients ask, with their answers as plain visible text."""
    lang = page.lang
    return page_section(
        rx.el.div(
            *(
                rx.el.div(
                    rx.el.h3(
                        _fill(page, q.question(lang)), class_name="text-lg font-semibold text-ink"
                    ),
                    rx.el.p(
                        _fill(page, q.answer(lang)), class_name="mt-2 leading-relaxed text-muted"
                    ),
                    class_name=CARD,
                    data_service_question="",
                )
                for q in data.questions
            ),
            class_name="mt-8 grid gap-4 md:grid-cols-2",
        ),
        title=text_of(lang, "service_page.questions_heading"),
    )


def specialists(page: Page) -> rx.Component:
    doctors = doctors_for(page.id)
    title = text_of(
        page.lang,
        "service_page.specialists_one" if len(doctors) == 1 else "service_page.specialists_many",
    )
    return page_section(
        rx.el.div(
            *(doctor_card(d, page.lang) for d in doctors),
            class_name="mt-8 grid gap-6 lg:grid-cols-2",
        ),
        id="specialists",
        title=title,
        class_name="specialists",
    )
