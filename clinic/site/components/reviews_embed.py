"""The third-party reviews widget (provider and ids in content/clinic.yaml `reviews`),
loaded lazily by assets/widgets/ReviewsEmbed.jsx and removed when the page is left."""

from __future__ import annotations

import reflex as rx

from clinic.framework.components import JsxWidget
from clinic.site.content import content


class ReviewsEmbed(JsxWidget):
    library = JsxWidget.at("ReviewsEmbed")
    tag = "ReviewsEmbed"
    script_src: rx.Var[str]
    widget_class: rx.Var[str]


def reviews_embed(class_name: str = "") -> rx.Component:
    reviews = content().clinic.reviews
    return ReviewsEmbed.create(
        script_src=str(reviews.script_src),
        widget_class=reviews.widget_id,
        class_name=class_name,
    )
