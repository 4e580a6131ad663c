"""A doctor's page (docs/design.md, "Pages and routes", "What the site holds"): photo or initials, specialty, licence line,
bio, years of experience, the services the doctor leads (linked), the doctor's next open
times, and book buttons that open this doctor's Cal.com calendar in place (the same embed
and fallback link as the booking page: clinic/site/components/cal_embed.py); for a doctor
without a calendar, a chat and a call instead (components/call_or_chat.py).

Facts come from doctors.yaml; the texts from content/i18n/<lang>/doctor.yaml."""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.avatar import LARGEST_AVATAR_PX, doctor_avatar
from clinic.site.components.cal_embed import book_link, cal_embed
from clinic.site.components.call_or_chat import call_and_chat, call_link, no_calendar_note
from clinic.site.components.inner_blocks import call_to_action, map_link, paragraphs
from clinic.site.components.links import external_link, page_link
from clinic.site.components.open_times import PILL as OPEN_TIMES_PILL
from clinic.site.components.open_times import open_times
from clinic.site.components.styles import (
    BUTTON_PRIMARY,
    BUTTON_SECONDARY,
    CARD,
    CONTAINER,
    page_section,
)
from clinic.site.content import Doctor, content
from clinic.site.i18n import (
    consultation_price,
    doctor_bio,
    doctor_values,
    fill_facts,
    service_text,
    text_of,
    text_with_facts,
)
from clinic.site.routes import Page, path_for


def doctor_texts(slug: str) -> Doctor:
    """The doctor, whose page texts (focus, approach) are loaded with their facts."""
    return content().doctor(slug)


def _book_button(doctor: Doctor, lang: str) -> rx.Component:
    return book_link(
        doctor,
        text_of(lang, "inner.book_with", name=doctor.name(lang)),
        lang=lang,
        class_name=BUTTON_PRIMARY,
        data_book=doctor.slug,
    )


def _hero_actions(doctor: Doctor, lang: str) -> list[rx.Component]:
    """Book (their calendar) or ask on WhatsApp; for a doctor without a calendar, how to
    book them instead: a chat or a call."""
    if not doctor.has_calendar:
        return [
            no_calendar_note(doctor, lang, class_name="mt-6 font-medium text-ink"),
            rx.el.div(
                *call_and_chat(doctor, lang, BUTTON_PRIMARY, BUTTON_SECONDARY),
                class_name="mt-3 flex flex-wrap gap-3",
            ),
        ]
    return [
        rx.el.div(
            _book_button(doctor, lang),
            external_link(
                nav.whatsapp_link(text_of(lang, "inner.chat_message", topic=doctor.name(lang))),
                text_of(lang, "inner.chat"),
                lang=lang,
                class_name=BUTTON_SECONDARY,
            ),
            class_name="mt-6 flex flex-wrap gap-3",
        )
    ]


def _closing_book(doctor: Doctor, lang: str) -> rx.Component:
    """The closing band's first action: their calendar, or a call (its chat is beside)."""
    if not doctor.has_calendar:
        return call_link(doctor, lang, class_name=BUTTON_PRIMARY)
    return _book_button(doctor, lang)


def _visit(doctor: Doctor, lang: str) -> rx.Component:
    """What the open times' place shows until they come (or when they can't): the fee and
    length of the visit, and the doctor's calendar, where the times are anyway."""
    heading_id = f"{doctor.slug}-visit"
    return rx.el.section(
        rx.el.h2(
            text_of(lang, "doctor.visit_title"),
            id=heading_id,
            class_name="text-sm font-bold text-ink",
        ),
        rx.el.p(
            consultation_price(lang),
            class_name="mt-1 text-lg font-bold text-primary",
            data_visit_fee="",
        ),
        rx.el.p(text_with_facts(lang, "doctor.visit_details"), class_name="text-sm text-ink"),
        book_link(
            doctor,
            text_of(lang, "doctor.visit_calendar"),
            lang=lang,
            class_name=f"mt-3 {OPEN_TIMES_PILL}",
            data_visit_calendar=doctor.slug,
        ),
        rx.el.p(text_of(lang, "booking.payment"), class_name="mt-3 text-xs text-muted"),
        aria_labelledby=heading_id,
    )


def _hero(doctor: Doctor, lang: str) -> rx.Component:
    return rx.el.section(
        rx.el.div(
            doctor_avatar(doctor, LARGEST_AVATAR_PX, lang=lang),
            rx.el.div(
                rx.el.p(
                    text_of(lang, "doctor.eyebrow"),
                    class_name="text-sm font-semibold uppercase tracking-wide text-accent",
                ),
                rx.el.h1(
                    doctor.name(lang),
                    class_name="mt-1 text-3xl font-bold tracking-tight text-primary sm:text-4xl",
                ),
                rx.el.p(doctor.specialty(lang), class_name="mt-3 max-w-2xl text-lg text-ink"),
                rx.el.p(
                    text_of(lang, "inner.years", years=doctor.years_experience),
                    class_name="mt-2 font-semibold text-accent",
                    data_years=str(doctor.years_experience),
                ),
                rx.el.p(
                    doctor.license(lang), class_name="mt-1 text-sm text-muted", data_license=""
                ),
                *_hero_actions(doctor, lang),
            ),
            # The times arrive after the page has painted and must move nothing: their place
            # is kept from the first paint and shows what the visit costs and a way to the
            # calendar until they come, or for good when they can't. On wide screens the
            # block has a column of its own beside the text.
            open_times(
                doctor,
                lang,
                fallback=_visit(doctor, lang),
                heading="h2",
                class_name="sm:col-start-2 lg:col-start-3 lg:row-start-1 lg:w-72",
            ),
            class_name=(
                f"{CONTAINER} grid content-start gap-6 py-12 sm:grid-cols-[auto_1fr] sm:py-16 "
                "lg:grid-cols-[auto_1fr_auto]"
            ),
        ),
        class_name="bg-blush",
    )


def _credential_items(doctor: Doctor, lang: str) -> list[rx.Component]:
    """The credential of the doctor's profession, when its texts give one."""
    credential = content().credential(doctor, lang)
    return [rx.el.li(credential, data_credential="")] if credential else []


def _profile(doctor: Doctor, lang: str) -> rx.Component:
    texts = doctor_texts(doctor.slug)
    focus = rx.el.div(
        rx.el.h3(text_of(lang, "doctor.focus"), class_name="text-lg font-semibold"),
        rx.el.ul(
            *(rx.el.li(item(lang)) for item in texts.focus),
            class_name="mt-3 list-disc space-y-1 pl-5",
        ),
        class_name=CARD,
    )
    credentials = rx.el.div(
        rx.el.h3(text_of(lang, "doctor.credentials"), class_name="text-lg font-semibold"),
        rx.el.ul(
            rx.el.li(doctor.license(lang)),
            *_credential_items(doctor, lang),
            rx.el.li(text_of(lang, "inner.years", years=doctor.years_experience)),
            class_name="mt-3 list-disc space-y-1 pl-5",
        ),
        class_name=CARD,
    )
    return page_section(
        *paragraphs(
            [
                doctor_bio(doctor, lang),
                *(fill_facts(lang, p(lang), **doctor_values(doctor, lang)) for p in texts.approach),
            ]
        ),
        rx.el.div(focus, credentials, class_name="mt-8 grid gap-4 md:grid-cols-2"),
        title=text_of(lang, f"doctor.about_{doctor.gender}", name=doctor.name(lang)),
    )


def _services(doctor: Doctor, lang: str) -> rx.Component:
    ordered = [s for s in content().services if s.key in doctor.services]
    return page_section(
        rx.el.ul(
            *(
                rx.el.li(
                    page_link(
                        path_for(s.key, lang),
                        rx.el.span(
                            text_of(lang, f"services.{s.key}.title"),
                            class_name="text-lg font-semibold text-primary underline-offset-4 group-hover:underline",
                        ),
                        rx.el.span(
                            service_text(lang, s.key, "description"),
                            class_name="mt-2 block text-muted",
                        ),
                        class_name=f"group block h-full {CARD} hover:border-primary/40",
                    ),
                    data_service=s.key,
                )
                for s in ordered
            ),
            class_name="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
        ),
        title=text_of(lang, "doctor.services"),
        tone="sand",
    )


def _where(lang: str) -> rx.Component:
    return page_section(
        rx.el.p(text_with_facts(lang, "inner.address"), class_name="mt-4 max-w-3xl text-lg"),
        map_link(lang, class_name="mt-3"),
        title=text_of(lang, "doctor.where"),
    )


def render(page: Page) -> rx.Component:
    doctor = content().doctor(page.doctor_slug)
    lang = page.lang
    # The whole page is the doctor's booking area: both book buttons open their calendar
    # (a doctor without one has a plain page: no Cal.com at all).
    return cal_embed(
        _hero(doctor, lang),
        _profile(doctor, lang),
        _services(doctor, lang),
        _where(lang),
        call_to_action(lang, doctor.name(lang), book=_closing_book(doctor, lang)),
        lang=lang,
        doctors=[doctor],
        class_name="group",
    )
