"""The booking page (docs/design.md, "Pages and routes"): one card per doctor with a Book button opening that
doctor's Cal.com calendar (a doctor without one: a chat and a call), the consultation fee
and the amenities notice.

Service pages link to `<booking path>#<doctor slug>`, so each card carries the doctor's
slug as its id. Cal.com's embed is loaded here and on each doctor's page (clinic/site/components/cal_embed.py).
"""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.avatar import doctor_avatar
from clinic.site.components.cal_embed import book_link, cal_embed
from clinic.site.components.call_or_chat import call_and_chat, no_calendar_note
from clinic.site.components.links import external_link, page_link
from clinic.site.components.open_times import open_times
from clinic.site.components.page_header import page_header
from clinic.site.components.styles import (
    BUTTON_PRIMARY,
    BUTTON_SECONDARY,
    CARD,
    TEXT_LINK,
    icon,
    page_section,
)
from clinic.site.content import Doctor, content
from clinic.site.i18n import consultation_price, text_of, text_with_facts
from clinic.site.routes import Page, doctor_page_id, path_for


def calendar_icon() -> rx.Component:
    return icon(
        "M8 3v4M16 3v4M4 9h16",
        "M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z",
        size=20,
        class_name="shrink-0",
    )


def check_icon() -> rx.Component:
    return icon("M5 12l5 5L20 7", size=18, class_name="mt-0.5 shrink-0 text-accent")


def _ways_to_book(doctor: Doctor, lang: str) -> list[rx.Component]:
    """The doctor's calendar, or a chat and a call for a doctor who has none."""
    if not doctor.has_calendar:
        return call_and_chat(doctor, lang, BUTTON_PRIMARY, BUTTON_SECONDARY)
    return [
        book_link(
            doctor,
            calendar_icon(),
            rx.el.span(text_of(lang, "booking.book")),
            rx.el.span(
                " " + text_of(lang, "booking.book_with", name=doctor.name(lang)),
                class_name="sr-only",
            ),
            lang=lang,
            class_name=BUTTON_PRIMARY,
            data_book_button=doctor.slug,
        )
    ]


def _no_calendar_note(doctor: Doctor, lang: str) -> list[rx.Component]:
    if doctor.has_calendar:
        return []
    return [no_calendar_note(doctor, lang, class_name="mt-4 font-medium text-ink")]


def booking_card(doctor: Doctor, lang: str) -> rx.Component:
    heading_id = f"{doctor.slug}-name"
    return rx.el.article(
        rx.el.div(
            doctor_avatar(doctor, 64, lang=lang),
            rx.el.div(
                rx.el.h3(doctor.name(lang), id=heading_id, class_name="text-xl font-bold text-ink"),
                rx.el.p(doctor.specialty(lang), class_name="mt-1 text-muted"),
            ),
            class_name="flex items-start gap-4",
        ),
        rx.el.ul(
            rx.el.li(text_of(lang, "booking.experience", years=doctor.years_experience)),
            rx.el.li(doctor.license(lang)),
            class_name="mt-4 list-disc space-y-1 pl-5 text-sm text-muted",
        ),
        *_no_calendar_note(doctor, lang),
        rx.el.div(
            *_ways_to_book(doctor, lang),
            page_link(
                path_for(doctor_page_id(doctor.slug), lang),
                text_of(lang, "booking.profile"),
                rx.el.span(
                    " " + text_of(lang, "booking.profile_of", name=doctor.name(lang)),
                    class_name="sr-only",
                ),
                class_name=TEXT_LINK,
            ),
            class_name="mt-auto flex flex-wrap items-center gap-x-6 gap-y-3 pt-6",
        ),
        open_times(doctor, lang, class_name="mt-5"),
        id=doctor.slug,
        aria_labelledby=heading_id,
        class_name=f"{CARD} flex scroll-mt-4 flex-col",
    )


def doctors_section(lang: str) -> rx.Component:
    return page_section(
        rx.el.p(text_of(lang, "booking.doctors_intro"), class_name="mt-3 max-w-2xl text-muted"),
        cal_embed(
            *(booking_card(d, lang) for d in content().doctors),
            lang=lang,
            class_name="group mt-8 grid gap-6 md:grid-cols-2",
        ),
        title=text_of(lang, "booking.doctors_title"),
    )


def _bullets(*texts: str) -> rx.Component:
    return rx.el.ul(
        *(rx.el.li(check_icon(), rx.el.span(text), class_name="flex gap-2") for text in texts),
        class_name="mt-3 space-y-2",
    )


def fee_card(lang: str) -> rx.Component:
    return rx.el.div(
        rx.el.h2(text_of(lang, "booking.fee_title"), class_name="text-lg font-bold text-primary"),
        rx.el.p(consultation_price(lang), class_name="mt-2 text-3xl font-bold text-ink"),
        rx.el.p(text_with_facts(lang, "booking.fee_details"), class_name="mt-2"),
        rx.el.p(text_of(lang, "booking.payment"), class_name="mt-2 text-sm text-muted"),
        class_name=CARD,
    )


def amenities_card(lang: str) -> rx.Component:
    return rx.el.div(
        rx.el.h2(
            text_of(lang, "booking.amenities_title"), class_name="text-lg font-bold text-primary"
        ),
        _bullets(
            text_of(lang, "booking.amenities_wifi"),
            text_of(lang, "booking.amenities_refreshments"),
            text_of(lang, "booking.amenities_parking"),
        ),
        class_name=CARD,
        data_amenities="",
    )


def help_line(lang: str) -> rx.Component:
    """For whoever would rather not book online: the same chat and phone as everywhere."""
    clinic = content().clinic
    return rx.el.div(
        rx.el.h2(text_of(lang, "booking.help_title"), class_name="text-lg font-bold text-ink"),
        rx.el.div(
            external_link(
                nav.whatsapp_link(text_of(lang, "footer.whatsapp_message")),
                text_of(lang, "booking.help_chat"),
                lang=lang,
                class_name=TEXT_LINK,
            ),
            rx.el.a(
                text_with_facts(lang, "booking.help_call"),
                href=clinic.tel_href,
                class_name=TEXT_LINK,
            ),
            class_name="mt-2 flex flex-wrap gap-x-6 gap-y-2",
        ),
        class_name="mt-8",
    )


def render(page: Page) -> rx.Component:
    lang = page.lang
    return rx.fragment(
        page_header(
            text_with_facts(lang, "pages.booking.title"),
            text_with_facts(lang, "pages.booking.intro"),
        ),
        doctors_section(lang),
        page_section(
            rx.el.div(fee_card(lang), amenities_card(lang), class_name="grid gap-6 md:grid-cols-2"),
            help_line(lang),
            tone="sand",
        ),
    )
