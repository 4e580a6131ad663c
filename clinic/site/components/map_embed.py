"""The embedded map: a lazy iframe with a title and a fixed size, so it never shifts the
layout and costs nothing until the visitor scrolls near it. The address link beside it
is the fallback when the map cannot load."""

from __future__ import annotations

import reflex as rx

from clinic.site.content import content

# Intrinsic size (4:3); CSS scales it to the column, keeping the ratio.
MAP_WIDTH, MAP_HEIGHT = 640, 480


def map_embed(title: str, class_name: str = "") -> rx.Component:
    return rx.el.iframe(
        src=str(content().clinic.address.map_embed_url),
        title=title,
        loading="lazy",
        referrer_policy="no-referrer-when-downgrade",
        custom_attrs={"width": str(MAP_WIDTH), "height": str(MAP_HEIGHT), "allowFullScreen": True},
        class_name=f"block aspect-[4/3] h-auto w-full rounded-2xl border-0 bg-sand {class_name}".strip(),
    )
