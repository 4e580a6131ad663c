"""Location: the address with floor and office, the best-hospital note, hours, call and
chat, and the map facade (docs/design.md, "Maps load on request"): a static map
picture, "how to get there" links for Google Maps, Apple Maps and Waze, and the embedded
map only when the patient asks for it. Everything but the embedded map works without
third parties."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.footer import hours_list
from clinic.site.components.links import external_link
from clinic.site.components.map_embed import map_embed
from clinic.site.components.styles import BUTTON_PRIMARY, BUTTON_SECONDARY, TEXT_LINK, page_section
from clinic.site.content import content
from clinic.site.directions import DIRECTIONS
from clinic.site.i18n import text_of, text_with_facts
from clinic.site.navigation import whatsapp_link

SECTION_ID = "location"

DIRECTIONS_BUTTON = (
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-primary/30 bg-white "
    "px-4 py-2 text-sm font-semibold text-primary hover:bg-blush focus-visible:outline-2 "
    "focus-visible:outline-offset-2 focus-visible:outline-primary"
)


def _details(lang: str) -> rx.Component:
    clinic = content().clinic
    return rx.el.div(
        rx.el.p(
            text_with_facts(lang, "home.location.best_hospital"),
            class_name="text-lg text-ink",
            data_best_hospital="",
        ),
        rx.el.h3(
            text_of(lang, "home.location.address"), class_name="mt-6 font-semibold text-primary"
        ),
        rx.el.address(
            external_link(
                str(clinic.address.maps_url),
                rx.icon("map-pin", size=20, aria_hidden="true", class_name="mt-0.5 shrink-0"),
                rx.el.span(text_with_facts(lang, "footer.address")),
                lang=lang,
                class_name=f"inline-flex gap-2 {TEXT_LINK}",
                data_address_link="",
            ),
            class_name="mt-2 not-italic",
        ),
        rx.el.h3(
            text_of(lang, "home.location.hours"), class_name="mt-6 font-semibold text-primary"
        ),
        hours_list(lang, "mt-2 text-ink"),
        rx.el.div(
            rx.el.a(
                rx.icon("phone", size=18, aria_hidden="true"),
                text_with_facts(lang, "home.location.call"),
                href=clinic.tel_href,
                class_name=BUTTON_PRIMARY,
            ),
            external_link(
                whatsapp_link(text_of(lang, "footer.whatsapp_message")),
                rx.icon("message-circle", size=18, aria_hidden="true"),
                text_of(lang, "home.location.whatsapp"),
                lang=lang,
                class_name=BUTTON_SECONDARY,
            ),
            class_name="mt-6 flex flex-wrap gap-3",
        ),
    )


def _directions(lang: str) -> rx.Component:
    address = content().clinic.address
    return rx.el.div(
        rx.el.h3(
            text_of(lang, "home.location.directions"), class_name="font-semibold text-primary"
        ),
        rx.el.ul(
            *(
                rx.el.li(
                    external_link(
                        to(address),
                        rx.icon("navigation", size=16, aria_hidden="true"),
                        app,
                        lang=lang,
                        class_name=DIRECTIONS_BUTTON,
                        data_directions=key,
                    )
                )
                for key, app, to in DIRECTIONS
            ),
            class_name="mt-2 flex flex-wrap gap-2",
        ),
        class_name="mt-3",
    )


def section(lang: str) -> rx.Component:
    return page_section(
        rx.el.div(
            _details(lang),
            rx.el.div(
                map_embed(
                    title=text_with_facts(lang, "home.location.map_title"),
                    picture_alt=text_with_facts(lang, "home.location.map_picture_alt"),
                    load_label=text_of(lang, "home.location.map_load"),
                    loading_label=text_of(lang, "home.location.map_loading"),
                    failed_text=text_of(lang, "home.location.map_failed"),
                ),
                _directions(lang),
            ),
            class_name="mt-8 grid items-start gap-8 lg:grid-cols-2",
        ),
        id=SECTION_ID,
        title=text_of(lang, "home.location.title"),
        tone="blush",
    )
