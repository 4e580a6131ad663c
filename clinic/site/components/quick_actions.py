"""Book, WhatsApp and Call: the three ways to reach the clinic, one tap away on every
page. The same three links sit in the phone's sticky bar, at the top of the
mobile menu, and (WhatsApp and phone) beside the header's Book button on wide screens.

Numbers and links come from clinic.yaml; the WhatsApp chat opens with a short greeting
in the page's language that names the service or doctor the page is about.
"""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.links import external_link, page_link
from clinic.site.components.styles import icon
from clinic.site.content import content
from clinic.site.i18n import text_of
from clinic.site.routes import Page, path_for

PHONE_ICON = (
    "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
)
CHAT_ICON = ("M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z",)
CALENDAR_ICON = (
    "M8 3v4M16 3v4M4 9h16",
    "M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z",
)


def whatsapp_greeting(page: Page) -> str:
    """ "Hola, me gustaría recibir información sobre: Histeroscopia." on a service page,
    an appointment with the doctor on a doctor's page, a plain request for an appointment elsewhere."""
    lang = page.lang
    if page.kind == "service":
        return text_of(lang, "inner.chat_message", topic=text_of(lang, f"services.{page.id}.title"))
    if page.doctor_slug:
        return text_of(
            lang, "actions.whatsapp_doctor", name=content().doctor(page.doctor_slug).name(lang)
        )
    return text_of(lang, "footer.whatsapp_message")


def book_action(page: Page, *children, **props) -> rx.Component:
    return page_link(path_for("booking", page.lang), *children, data_action="book", **props)


def whatsapp_action(page: Page, *children, **props) -> rx.Component:
    return external_link(
        nav.whatsapp_link(whatsapp_greeting(page)),
        *children,
        lang=page.lang,
        data_action="whatsapp",
        **props,
    )


def call_action(page: Page, *children, **props) -> rx.Component:
    return rx.el.a(*children, href=content().clinic.tel_href, data_action="call", **props)


def three_actions(
    page: Page, book_class: str, other_class: str, icon_size: int = 20
) -> list[rx.Component]:
    """Book (the primary action, styled apart), WhatsApp, Call: each an icon and its label."""
    lang = page.lang
    return [
        book_action(
            page,
            icon(*CALENDAR_ICON, size=icon_size),
            rx.el.span(text_of(lang, "actions.book")),
            class_name=book_class,
        ),
        whatsapp_action(
            page,
            icon(*CHAT_ICON, size=icon_size),
            rx.el.span(text_of(lang, "actions.whatsapp")),
            class_name=other_class,
        ),
        call_action(
            page,
            icon(*PHONE_ICON, size=icon_size),
            rx.el.span(text_of(lang, "actions.call")),
            aria_label=text_of(lang, "actions.call_number", phone=content().clinic.phone),
            class_name=other_class,
        ),
    ]
