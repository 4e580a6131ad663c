"""The map facade (DESIGN section 2, "Maps load on request"): a static map picture drawn
by tools/make_static_map.py, and a button that swaps in the embedded Google map only
when the patient presses it (assets/widgets/MapFacade.jsx). Before the press nothing is
requested from Google; if the map cannot load, the picture stays, so the page never
shows a broken frame. The address and the "how to get there" links beside it work
without any third party."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.picture import asset_url
from clinic.site.components.widgets import _Widget
from clinic.site.content import content

# Intrinsic size (4:3) of the picture and the frame; CSS scales both to the column.
MAP_WIDTH, MAP_HEIGHT = 640, 480
MAP_PICTURE = "img/map/location.svg"


class MapFacade(_Widget):
    library = _Widget.at("MapFacade")
    tag = "MapFacade"
    embed_url: rx.Var[str]
    title: rx.Var[str]
    load_label: rx.Var[str]
    loading_label: rx.Var[str]
    failed_text: rx.Var[str]
    width: rx.Var[int]
    height: rx.Var[int]


def map_embed(*, title: str, picture_alt: str, load_label: str, loading_label: str, failed_text: str,
              class_name: str = "") -> rx.Component:
    picture = rx.el.img(
        src=asset_url(MAP_PICTURE),
        alt=picture_alt,
        # As attributes (Reflex turns width=/height= on <img> into CSS): the browser
        # reserves the picture's box before it loads.
        custom_attrs={"width": str(MAP_WIDTH), "height": str(MAP_HEIGHT)},
        loading="lazy",
        decoding="async",
        class_name="block aspect-[4/3] h-auto w-full rounded-2xl border border-primary/10 bg-sand",
        data_map_picture="",
    )
    return MapFacade.create(
        picture,
        embed_url=str(content().clinic.address.map_embed_url),
        title=title,
        load_label=load_label,
        loading_label=loading_label,
        failed_text=failed_text,
        width=MAP_WIDTH,
        height=MAP_HEIGHT,
        class_name=class_name,
    )
