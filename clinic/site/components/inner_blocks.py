"""Blocks shared by the inner pages (services, about, doctors, FAQ, privacy, success):
doctor cards, the consultation facts, the closing call to action and a small text
renderer, so that every page states these facts the same way from the same source."""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.avatar import doctor_avatar
from clinic.site.components.call_or_chat import chat_link
from clinic.site.components.links import external_link, in_page_link, page_link
from clinic.site.components.styles import (
    BUTTON_PRIMARY,
    BUTTON_SECONDARY,
    CARD,
    TEXT_LINK,
    page_section,
)
from clinic.site.content import Doctor, content
from clinic.site.i18n import consultation_price, fill_facts, text_of, text_with_facts
from clinic.site.page_content.consultation import consultation_content
from clinic.site.routes import booking_href, doctor_href, path_for


def paragraphs(
    texts: list[str], class_name: str = "mt-4 max-w-3xl text-lg leading-relaxed"
) -> list[rx.Component]:
    return [rx.el.p(text, class_name=class_name) for text in texts]


def _book_or_contact(doctor: Doctor, lang: str) -> list[rx.Component]:
    """Book with this doctor (their card on the booking page), or, for a doctor without an
    online calendar, the chat that asks for an appointment with them."""
    if not doctor.has_calendar:
        return [chat_link(doctor, lang, class_name=BUTTON_PRIMARY)]
    return [
        page_link(
            booking_href(doctor, lang),
            text_of(lang, "inner.book_with", name=doctor.name(lang)),
            class_name=BUTTON_PRIMARY,
            data_book=doctor.slug,
        )
    ]


def doctor_card(doctor: Doctor, lang: str, heading_level: str = "h3") -> rx.Component:
    """Photo or initials, name linking the doctor's page, specialty, experience, licence,
    and two actions: the profile and booking with this doctor (a chat, for a doctor
    without an online calendar)."""
    heading = getattr(rx.el, heading_level)
    return rx.el.article(
        rx.el.div(
            doctor_avatar(doctor, 88, lang=lang),
            rx.el.div(
                heading(
                    page_link(
                        doctor_href(doctor, lang),
                        doctor.name(lang),
                        class_name=TEXT_LINK.replace("underline ", ""),
                    ),
                    class_name="text-xl font-bold",
                ),
                rx.el.p(doctor.specialty(lang), class_name="mt-1 text-muted"),
                rx.el.p(
                    text_of(lang, "inner.years", years=doctor.years_experience),
                    class_name="mt-2 font-semibold text-accent",
                ),
                rx.el.p(doctor.license(lang), class_name="mt-1 text-sm text-muted"),
            ),
            class_name="flex flex-col gap-4 sm:flex-row sm:items-start",
        ),
        rx.el.div(
            *_book_or_contact(doctor, lang),
            page_link(
                doctor_href(doctor, lang),
                text_of(lang, "inner.view_profile"),
                class_name=BUTTON_SECONDARY,
                aria_label=text_of(lang, "inner.view_profile_of", name=doctor.name(lang)),
            ),
            class_name="mt-6 flex flex-wrap gap-3",
        ),
        class_name=CARD,
        data_doctor=doctor.slug,
    )


# The row's columns from a small screen up, by its number of tiles: each row full, so no
# tile stands alone beside an empty place.
ROW_COLUMNS = {
    1: "",
    2: "sm:grid-cols-2",
    3: "sm:grid-cols-3",
    4: "sm:grid-cols-2 lg:grid-cols-4",
}
MANY_COLUMNS = "sm:grid-cols-2 lg:grid-cols-3"


def consultation_facts(lang: str) -> rx.Component:
    """The consultation in one row: its fee with currency and its length, then the
    clinic's points (content/pages/consultation.yaml), any number."""
    tiles = [
        ("fee", consultation_price(lang), text_of(lang, "inner.fee_label")),
        (
            "duration",
            text_with_facts(lang, "inner.duration"),
            text_of(lang, "inner.duration_label"),
        ),
        *(
            (point.key, fill_facts(lang, point.value(lang)), fill_facts(lang, point.label(lang)))
            for point in consultation_content().points
        ),
    ]
    return rx.el.dl(
        *(
            rx.el.div(
                rx.el.dt(label, class_name="text-sm text-muted"),
                rx.el.dd(value, class_name="order-first text-xl font-bold text-primary"),
                class_name="flex flex-col gap-1 rounded-2xl bg-white p-5 shadow-sm",
                data_consultation_tile=key,
            )
            for key, value, label in tiles
        ),
        class_name=f"grid gap-4 {ROW_COLUMNS.get(len(tiles), MANY_COLUMNS)}",
        data_consultation="",
    )


def book_and_chat_links(lang: str, topic: str, book: rx.Component | None = None) -> list:
    """Book (the booking page, or the given `book` button) and ask on WhatsApp about
    `topic`: the two ways forward an inner page offers side by side."""
    return [
        book
        or page_link(
            path_for("booking", lang), text_of(lang, "inner.book"), class_name=BUTTON_PRIMARY
        ),
        external_link(
            nav.whatsapp_link(text_of(lang, "inner.chat_message", topic=topic)),
            text_of(lang, "inner.chat"),
            lang=lang,
            class_name=BUTTON_SECONDARY,
        ),
    ]


def map_link(lang: str, class_name: str) -> rx.Component:
    """ "Open in Google Maps": the clinic's address on the map, in a new tab."""
    return rx.el.p(
        external_link(
            str(content().clinic.address.maps_url),
            text_of(lang, "inner.map"),
            lang=lang,
            class_name=TEXT_LINK,
        ),
        class_name=class_name,
    )


def call_to_action(lang: str, topic: str, book: rx.Component | None = None) -> rx.Component:
    """Closing band: book (the booking page, or the given `book` button), or ask on
    WhatsApp about `topic`, or read the costs and FAQ."""
    return rx.el.section(
        rx.el.div(
            rx.el.h2(
                text_of(lang, "inner.cta_heading"),
                class_name="text-2xl font-bold tracking-tight text-primary sm:text-3xl",
            ),
            rx.el.p(text_of(lang, "inner.cta_text"), class_name="mt-3 max-w-2xl text-lg"),
            rx.el.div(consultation_facts(lang), class_name="mt-8"),
            rx.el.div(
                *book_and_chat_links(lang, topic, book),
                page_link(
                    path_for("faq", lang), text_of(lang, "inner.faq_link"), class_name=TEXT_LINK
                ),
                class_name="mt-8 flex flex-wrap items-center gap-4",
            ),
            class_name="mx-auto max-w-6xl px-4 py-12 sm:py-16",
        ),
        class_name="bg-sand",
        aria_label=text_of(lang, "inner.cta_heading"),
    )


def contents_list(heading: str, sections: list[tuple[str, str]]) -> rx.Component:
    """A document's table of contents (the privacy notice, the accessibility statement):
    each section's title, numbered, linking to its anchor; `sections` are (key, title)."""
    return rx.el.nav(
        rx.el.h2(heading, class_name="text-sm font-semibold uppercase tracking-wide text-muted"),
        rx.el.ol(
            *(rx.el.li(in_page_link(key, title, class_name=TEXT_LINK)) for key, title in sections),
            class_name="mt-3 list-decimal space-y-1 pl-6",
        ),
        aria_label=heading,
        class_name="rounded-2xl bg-sand p-6",
    )


def rich_text(text: str) -> list[rx.Component]:
    """A small Markdown-like text from content: blank lines separate paragraphs, lines
    starting with "- " form a bulleted list. Enough for a legal notice, nothing more."""
    blocks: list[rx.Component] = []
    for chunk in (c.strip() for c in text.strip().split("\n\n")):
        lines = [line.strip() for line in chunk.splitlines() if line.strip()]
        if lines and all(line.startswith("- ") for line in lines):
            blocks.append(
                rx.el.ul(
                    *(rx.el.li(line[2:]) for line in lines),
                    class_name="mt-3 list-disc space-y-1 pl-6",
                )
            )
        elif lines:
            blocks.append(rx.el.p(" ".join(lines), class_name="mt-3 leading-relaxed"))
    return blocks


def titled_cards(
    items,
    lang: str,
    *,
    title: str,
    grid_class: str = "sm:grid-cols-2",
    item_attrs: dict | None = None,
    values: dict | None = None,
) -> rx.Component:
    """A sand-toned section of cards, each a heading and a short text (the About page's
    values, a service page's cards). `items` have Localized `title` and `text`, filled
    with the clinic's facts and `values` (a service's specialist)."""
    values = values or {}
    return page_section(
        rx.el.ul(
            *(
                rx.el.li(
                    rx.el.h3(
                        fill_facts(lang, item.title(lang), **values),
                        class_name="text-lg font-semibold text-ink",
                    ),
                    rx.el.p(
                        fill_facts(lang, item.text(lang), **values),
                        class_name="mt-2 leading-relaxed text-muted",
                    ),
                    class_name=CARD,
                    **(item_attrs or {}),
                )
                for item in items
            ),
            class_name=f"mt-8 grid gap-4 {grid_class}",
        ),
        title=title,
        tone="sand",
    )
