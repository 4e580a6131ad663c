"""How to book a doctor who has no online calendar (no `cal_link` in doctors.yaml): a call
or a WhatsApp chat with the clinic, in place of every Book button that would open their
calendar. Both are plain links (tel: and wa.me), so they work from the first paint,
before hydration and without scripts; the chat opens with a greeting that names the
doctor, and each link tells screen readers which doctor it is for."""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.links import external_link
from clinic.site.components.quick_actions import CHAT_ICON, PHONE_ICON
from clinic.site.components.styles import icon
from clinic.site.content import Doctor, content
from clinic.site.i18n import text_of, text_with_facts


def _for_doctor(doctor: Doctor, lang: str) -> rx.Component:
    return rx.el.span(
        " " + text_of(lang, "inner.for_doctor", name=doctor.name(lang)), class_name="sr-only"
    )


def chat_link(doctor: Doctor, lang: str, **props) -> rx.Component:
    """WhatsApp, the chat opening with a request for an appointment with `doctor`."""
    return external_link(
        nav.whatsapp_link(text_of(lang, "actions.whatsapp_doctor", name=doctor.name(lang))),
        icon(*CHAT_ICON, size=20, class_name="shrink-0"),
        rx.el.span(text_of(lang, "inner.by_whatsapp")),
        _for_doctor(doctor, lang),
        lang=lang,
        data_book_by="whatsapp",
        data_doctor_contact=doctor.slug,
        **props,
    )


def call_link(doctor: Doctor, lang: str, **props) -> rx.Component:
    """The clinic's phone (the number in the label: a desktop cannot always dial)."""
    return rx.el.a(
        icon(*PHONE_ICON, size=20, class_name="shrink-0"),
        rx.el.span(text_with_facts(lang, "inner.by_phone")),
        _for_doctor(doctor, lang),
        href=content().clinic.tel_href,
        data_book_by="call",
        data_doctor_contact=doctor.slug,
        **props,
    )


def no_calendar_note(doctor: Doctor, lang: str, **props) -> rx.Component:
    """One line saying how this doctor's appointments are made."""
    return rx.el.p(
        text_of(lang, "inner.no_calendar", name=doctor.name(lang)),
        data_no_calendar=doctor.slug,
        **props,
    )


def call_and_chat(
    doctor: Doctor, lang: str, primary_class: str, secondary_class: str
) -> list[rx.Component]:
    """WhatsApp first (a patient can write at any hour), then the call."""
    return [
        chat_link(doctor, lang, class_name=primary_class),
        call_link(doctor, lang, class_name=secondary_class),
    ]
