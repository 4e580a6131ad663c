"""A doctor's page: name, specialty, licence line and bio."""

from __future__ import annotations

import reflex as rx

from clinic.components.page_header import page_header
from clinic.content import content
from clinic.routes import Page


def render(page: Page) -> rx.Component:
    doctor = content().doctor(page.doctor_slug)
    lang = page.lang
    return rx.fragment(
        page_header(
            doctor.name,
            doctor.specialty(lang),
            rx.el.p(doctor.license(lang), class_name="mt-2 text-sm text-muted"),
        ),
        rx.el.section(
            rx.el.p(doctor.bio(lang), class_name="max-w-2xl text-lg"),
            class_name="mx-auto max-w-6xl px-4 py-12",
        ),
    )
