"""The about page (docs/design.md, "Who it is for"): the clinic, its doctors, its hospital setting and
its certifications. Texts in content/i18n/<lang>/about.yaml; doctors, licences and permit
numbers from doctors.yaml and clinic.yaml."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.inner_blocks import (
    call_to_action,
    doctor_card,
    map_link,
    paragraphs,
    titled_cards,
)
from clinic.site.components.page_header import page_header
from clinic.site.components.styles import CARD, page_section
from clinic.site.content import Doctor, content
from clinic.site.content.pages.about import AboutContent
from clinic.site.i18n import fill_facts, text_of, text_with_facts
from clinic.site.routes import Page


def about_content() -> AboutContent:
    return content().page("about", AboutContent)


def _values(lang: str, data: AboutContent) -> rx.Component:
    return titled_cards(
        data.values,
        lang,
        title=data.values_heading(lang),
        grid_class="sm:grid-cols-2 lg:grid-cols-4",
    )


def _team(lang: str, data: AboutContent) -> rx.Component:
    return page_section(
        rx.el.p(fill_facts(lang, data.team_intro(lang)), class_name="mt-4 max-w-3xl text-lg"),
        rx.el.div(
            *(doctor_card(d, lang) for d in content().doctors),
            class_name="mt-8 grid gap-6 lg:grid-cols-2",
        ),
        title=data.team_heading(lang),
    )


def _where(lang: str, data: AboutContent) -> rx.Component:
    return page_section(
        *paragraphs([fill_facts(lang, p(lang)) for p in data.hospital]),
        map_link(lang, class_name="mt-3"),
        rx.el.h3(data.amenities_heading(lang), class_name="mt-8 text-lg font-semibold"),
        rx.el.ul(
            *(rx.el.li(fill_facts(lang, a(lang))) for a in data.amenities),
            class_name="mt-3 list-disc space-y-1 pl-5",
        ),
        title=data.hospital_heading(lang),
        tone="blush",
    )


def _credential(doctor: Doctor, lang: str) -> list[rx.Component]:
    """The credential of the doctor's profession, when its texts give one."""
    credential = content().credential(doctor, lang)
    return [rx.el.p(credential, data_credential="")] if credential else []


def _certifications(lang: str, data: AboutContent) -> rx.Component:
    doctors = rx.el.ul(
        *(
            rx.el.li(
                rx.el.p(d.name(lang), class_name="font-semibold"),
                *_credential(d, lang),
                rx.el.p(d.license(lang), class_name="text-muted"),
            )
            for d in content().doctors
        ),
        class_name="space-y-4",
    )
    permits = rx.el.div(
        rx.el.h3(text_of(lang, "about.permits"), class_name="font-semibold"),
        rx.el.ul(
            *(rx.el.li(p) for p in content().clinic.permits),
            class_name="mt-2 space-y-1 text-muted",
            data_permits="",
        ),
    )
    return page_section(
        rx.el.p(
            fill_facts(lang, data.certifications_intro(lang)), class_name="mt-4 max-w-3xl text-lg"
        ),
        rx.el.div(
            rx.el.div(doctors, class_name=CARD),
            rx.el.div(permits, class_name=CARD),
            class_name="mt-8 grid gap-4 md:grid-cols-2",
        ),
        title=data.certifications_heading(lang),
    )


def render(page: Page) -> rx.Component:
    lang = page.lang
    data = about_content()
    return rx.fragment(
        page_header(
            text_with_facts(lang, "pages.about.title"), text_with_facts(lang, "pages.about.intro")
        ),
        page_section(
            *paragraphs([fill_facts(lang, p(lang)) for p in data.story]),
            title=data.story_heading(lang),
        ),
        _values(lang, data),
        _team(lang, data),
        _where(lang, data),
        _certifications(lang, data),
        call_to_action(lang, text_with_facts(lang, "pages.about.title")),
    )
