"""Hero: the page's one <h1>, subtitle, the key facts as chips (the fee, the clinic's
selling points from content, the rating), the book button and the three health permits,
and a visit card.

On a 390x844 phone the title, the chips and the book button fit the first screen; the
permits follow in one compact line each. Text only (no hero image):
the heading block is the largest paint, it is in the first HTML byte and nothing above
it can shift it."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.footer import hours_list
from clinic.site.components.links import in_page_link, page_link
from clinic.site.components.styles import (
    BUTTON_PRIMARY,
    BUTTON_SECONDARY,
    CARD,
    CONTAINER,
    TEXT_LINK,
)
from clinic.site.content import content
from clinic.site.i18n import (
    consultation_price,
    fill_facts,
    rating_values,
    text_of,
    text_with_facts,
)
from clinic.site.navigation import SERVICES_SECTION_ID, home_anchor
from clinic.site.page_content.home import home_content
from clinic.site.pages.home.location import SECTION_ID as LOCATION_SECTION_ID
from clinic.site.routes import path_for

SECTION_ID = "hero"


def _chip(icon: str, text: str, kind: str) -> rx.Component:
    return rx.el.li(
        rx.icon(icon, size=16, aria_hidden="true", class_name="shrink-0 text-accent"),
        rx.el.span(text),
        class_name="inline-flex items-center gap-1.5 rounded-full border border-primary/15 bg-white "
        "px-3 py-1.5 text-sm font-semibold text-ink shadow-sm",
        data_chip=kind,
    )


def _chips(lang: str) -> rx.Component:
    return rx.el.ul(
        _chip(
            "wallet", text_of(lang, "home.hero.fact_price", price=consultation_price(lang)), "price"
        ),
        *(
            _chip(chip.icon, fill_facts(lang, chip.text(lang)), chip.key)
            for chip in home_content().hero_chips
        ),
        _chip(
            "star",
            text_of(lang, "home.hero.chip_rating", **rating_values(lang)),
            "rating",
        ),
        aria_label=text_of(lang, "home.hero.facts_label"),
        class_name="mt-5 flex flex-wrap gap-2",
        data_chips="",
    )


def _permits(lang: str) -> rx.Component:
    return rx.el.div(
        rx.el.p(
            rx.icon("badge-check", size=16, aria_hidden="true", class_name="shrink-0 text-accent"),
            text_of(lang, "home.hero.permits"),
            class_name="flex items-center gap-1.5 font-semibold text-ink",
        ),
        rx.el.ul(
            *(
                rx.el.li(permit, class_name="whitespace-nowrap")
                for permit in content().clinic.permits
            ),
            class_name="flex flex-wrap gap-x-4 gap-y-0.5 text-muted",
            data_permits="",
        ),
        class_name="mt-6 flex flex-col gap-1 text-xs sm:text-sm",
    )


def _visit(lang: str) -> rx.Component:
    """Where and when: the address with floor and office, the hours, a link to the map."""
    return rx.el.aside(
        rx.el.h2(
            text_of(lang, "home.hero.visit_label"), class_name="text-lg font-semibold text-primary"
        ),
        rx.el.p(
            rx.icon(
                "map-pin", size=18, aria_hidden="true", class_name="mt-0.5 shrink-0 text-accent"
            ),
            rx.el.span(text_with_facts(lang, "footer.address")),
            class_name="mt-3 flex gap-2 text-ink",
        ),
        hours_list(lang, "mt-4 text-sm text-ink"),
        in_page_link(
            LOCATION_SECTION_ID,
            text_of(lang, "home.hero.how_to_get_there"),
            class_name=f"text-sm {TEXT_LINK}",
        ),
        class_name=f"{CARD} self-start lg:mt-8",
    )


def section(lang: str) -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.el.p(
                    text_with_facts(lang, "home.hero.eyebrow"),
                    class_name="text-sm font-semibold text-accent",
                ),
                rx.el.h1(
                    text_with_facts(lang, "pages.home.title"),
                    class_name="mt-2 text-4xl font-bold tracking-tight text-primary text-balance sm:mt-3 sm:text-5xl",
                ),
                rx.el.p(
                    text_with_facts(lang, "pages.home.intro"),
                    class_name="mt-4 max-w-xl text-lg text-ink sm:mt-5",
                ),
                _chips(lang),
                rx.el.div(
                    page_link(
                        path_for("booking", lang),
                        text_of(lang, "home.hero.book"),
                        class_name=BUTTON_PRIMARY,
                        data_hero_book="",
                    ),
                    page_link(
                        home_anchor(lang, SERVICES_SECTION_ID),
                        text_of(lang, "home.hero.see_services"),
                        class_name=BUTTON_SECONDARY,
                    ),
                    class_name="mt-6 flex flex-wrap gap-3",
                ),
                _permits(lang),
            ),
            _visit(lang),
            class_name=f"{CONTAINER} grid gap-8 py-8 sm:gap-10 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-20",
        ),
        id=SECTION_ID,
        class_name="bg-linear-to-b from-blush to-white",
    )
