"""Facilities: the photos of content/pages/home.yaml in a carousel, each opening a large viewer, and the
premium-amenities card (covered secure parking at extra cost, free WiFi, refreshments)."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.carousel import facilities_gallery
from clinic.site.components.picture import photo
from clinic.site.components.styles import CARD, page_section
from clinic.site.i18n import text_of
from clinic.site.page_content.home import home_content

SECTION_ID = "facilities"


def _amenities(lang: str) -> rx.Component:
    return rx.el.div(
        rx.el.h3(
            text_of(lang, "home.amenities.title"), class_name="text-xl font-semibold text-primary"
        ),
        rx.el.ul(
            *(
                rx.el.li(
                    rx.el.span(
                        rx.icon(a.icon, size=22, aria_hidden="true"),
                        class_name="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-blush text-primary",
                    ),
                    rx.el.div(
                        rx.el.p(a.title(lang), class_name="font-semibold text-ink"),
                        rx.el.p(a.text(lang), class_name="text-muted"),
                    ),
                    class_name="flex gap-3",
                )
                for a in home_content().amenities
            ),
            class_name="mt-4 grid gap-5 md:grid-cols-3",
        ),
        class_name=f"{CARD} mt-10",
        data_amenities="",
    )


def section(lang: str) -> rx.Component:
    photos = [
        photo("facilities", f.key, alt=f.alt(lang), caption=f.caption(lang))
        for f in home_content().facilities
    ]
    return page_section(
        rx.el.p(
            text_of(lang, "home.facilities.intro"), class_name="mt-3 max-w-2xl text-lg text-muted"
        ),
        rx.el.div(
            facilities_gallery(photos, lang=lang, label=text_of(lang, "home.facilities.label")),
            class_name="mt-8",
        ),
        _amenities(lang),
        id=SECTION_ID,
        title=text_of(lang, "home.facilities.title"),
        tone="sand",
    )
