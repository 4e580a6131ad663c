"""The heading block every inner page opens with: its one <h1> and an intro."""

from __future__ import annotations

import reflex as rx


def page_header(title: str, intro: str = "", *extra: rx.Component) -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h1(
                title, class_name="text-3xl font-bold tracking-tight text-primary sm:text-4xl"
            ),
            rx.el.p(intro, class_name="mt-4 max-w-2xl text-lg text-muted")
            if intro
            else rx.fragment(),
            *extra,
            class_name="mx-auto max-w-6xl px-4 py-12 sm:py-16",
        ),
        class_name="bg-blush",
    )
