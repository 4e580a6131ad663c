"""Hero: the page's one <h1>, subtitle, book button and the three health permits.

Text only (no hero image): the heading block is the largest paint, it is in the first
HTML byte and nothing above it can shift it."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.links import page_link
from clinic.site.components.ui import BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, CONTAINER
from clinic.site.content import content
from clinic.site.i18n import consultation_price, t, tc
from clinic.site.navigation import SERVICES_SECTION_ID, home_anchor
from clinic.site.routes import path_for

SECTION_ID = "hero"


def _permits(lang: str) -> rx.Component:
    return rx.el.div(
        rx.el.p(
            rx.icon("badge-check", size=18, aria_hidden="true", class_name="text-accent"),
            t(lang, "home.hero.permits"),
            class_name="flex items-center gap-2 text-sm font-semibold text-ink",
        ),
        rx.el.ul(
            *(rx.el.li(permit) for permit in content().clinic.permits),
            class_name="mt-2 grid gap-1 text-sm text-muted sm:grid-cols-3 sm:gap-4",
            data_permits="",
        ),
        class_name="mt-10 border-t border-primary/10 pt-6",
    )


def _fact(icon: str, text: str) -> rx.Component:
    return rx.el.li(
        rx.icon(icon, size=20, aria_hidden="true", class_name="mt-0.5 shrink-0 text-accent"),
        rx.el.span(text),
        class_name="flex gap-3",
    )


def _facts(lang: str) -> rx.Component:
    rating = content().clinic.rating
    return rx.el.aside(
        rx.el.h2(t(lang, "home.hero.facts_label"), class_name="text-lg font-semibold text-primary"),
        rx.el.ul(
            _fact("clock", tc(lang, "home.hero.fact_hour")),
            _fact("scan-heart", t(lang, "home.hero.fact_ultrasound")),
            _fact("wallet", t(lang, "home.hero.fact_price", price=consultation_price())),
            _fact("star", t(lang, "home.hero.rating", value=rating.value, count=rating.count)),
            class_name="mt-4 space-y-3 text-ink",
        ),
        class_name=f"{CARD} self-start lg:mt-8",
    )


def section(lang: str) -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.el.p(tc(lang, "home.hero.eyebrow"), class_name="text-sm font-semibold text-accent"),
                rx.el.h1(
                    tc(lang, "pages.home.title"),
                    class_name="mt-3 text-4xl font-bold tracking-tight text-primary text-balance sm:text-5xl",
                ),
                rx.el.p(tc(lang, "pages.home.intro"), class_name="mt-5 max-w-xl text-lg text-ink"),
                rx.el.div(
                    page_link(path_for("booking", lang), t(lang, "home.hero.book"), class_name=BUTTON_PRIMARY),
                    page_link(
                        home_anchor(lang, SERVICES_SECTION_ID),
                        t(lang, "home.hero.see_services"),
                        class_name=BUTTON_SECONDARY,
                    ),
                    class_name="mt-8 flex flex-wrap gap-3",
                ),
                _permits(lang),
            ),
            _facts(lang),
            class_name=f"{CONTAINER} grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-20",
        ),
        id=SECTION_ID,
        class_name="scroll-mt-16 bg-linear-to-b from-blush to-white",
    )
