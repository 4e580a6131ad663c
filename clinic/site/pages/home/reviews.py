"""Reviews: the rating summary and a link to more reviews on the maps service are page
content; the third-party widget between them is an enhancement loaded near the viewport
(clinic/site/components/reviews_embed.py), so the section is complete without it."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.links import external_link
from clinic.site.components.reviews_embed import reviews_embed
from clinic.site.components.styles import BUTTON_SECONDARY, page_section
from clinic.site.content import content
from clinic.site.i18n import rating_values, text_of

SECTION_ID = "reviews"
STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.2 6.6L12 17.4l-5.8 3.2 1.2-6.6-4.9-4.6 6.6-.8z"


def _stars() -> rx.Component:
    return rx.el.svg(
        # Presentation attributes go through custom_attrs: as props Reflex would turn
        # them into (invalid) CSS.
        *(
            rx.el.svg.path(d=STAR, custom_attrs={"transform": f"translate({i * 24} 0)"})
            for i in range(5)
        ),
        view_box="0 0 120 24",
        custom_attrs={"width": "120", "height": "24", "fill": "currentColor"},
        aria_hidden="true",
        class_name="text-primary",
    )


def _summary(lang: str) -> rx.Component:
    rating = rating_values(lang)
    return rx.el.div(
        rx.el.p(
            text_of(lang, "home.reviews.summary_label", **rating),
            class_name="sr-only",
        ),
        rx.el.div(
            rx.el.span(rating["value"], class_name="text-5xl font-bold text-primary"),
            rx.el.div(
                _stars(),
                rx.el.p(
                    text_of(lang, "home.reviews.out_of"),
                    " · ",
                    text_of(lang, "home.reviews.count", count=rating["count"]),
                    class_name="mt-1 text-sm text-muted",
                ),
            ),
            aria_hidden="true",
            class_name="flex items-center gap-4",
        ),
        class_name="mt-6",
        data_rating_summary="",
    )


def section(lang: str) -> rx.Component:
    return page_section(
        rx.el.p(
            text_of(lang, "home.reviews.intro"), class_name="mt-3 max-w-2xl text-lg text-muted"
        ),
        _summary(lang),
        reviews_embed(class_name="mt-8"),
        external_link(
            str(content().clinic.reviews.more_reviews_url),
            text_of(lang, "home.reviews.more"),
            rx.icon("external-link", size=18, aria_hidden="true"),
            lang=lang,
            class_name=f"mt-8 {BUTTON_SECONDARY}",
            data_more_reviews="",
        ),
        id=SECTION_ID,
        title=text_of(lang, "home.reviews.title"),
    )
