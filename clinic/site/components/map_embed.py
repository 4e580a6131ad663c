"""The map facade (docs/design.md, "Maps load on request"): a static map picture drawn
by tools/make_static_map.py, and a button that swaps in the embedded Google map only
when the patient presses it. Before the press nothing is requested from Google; if the
map cannot load, the picture stays, so the page never shows a broken frame. The address
and the "how to get there" links beside it work without any third party.

The press first sends a probe request to the map's address: when its host is blocked (an
ad blocker, a firewall, no connection) the probe fails and the picture stays with a short
note, instead of an iframe showing the browser's broken-page icon. Where the map is in
that process is client state (`map_status`), one map per page.

Works from first paint (docs/design.md, "Works from first paint"): the control is a link to the clinic's place on
the maps service (the address link's URL, content/clinic.yaml `maps_url`); before the
page is hydrated, or without JavaScript, it opens the map there. Once hydrated, a plain
click loads the map in place instead.
"""

from __future__ import annotations

import reflex as rx

from clinic.framework.browser_steps import browser_step, function, handler, when
from clinic.framework.client_state import ClientStateVar, current, set_to
from clinic.framework.components import plain_anchor
from clinic.site.components.dom import is_plain_click, prevent_default
from clinic.site.components.picture import asset_url
from clinic.site.components.styles import FOCUS_RING
from clinic.site.content import content

# Intrinsic size (4:3) of the picture and the frame; CSS scales both to the column.
MAP_WIDTH, MAP_HEIGHT = 640, 480
MAP_PICTURE = "img/map/location.svg"
# How long the probe may take before the picture stays (a hanging connection).
PROBE_TIMEOUT_MS = 8000

# "idle", "loading" (the probe is out), "shown" (the frame replaced the picture) or "failed".
map_status = ClientStateVar.create("map_status", default="idle")

LOAD_BUTTON = (
    "absolute bottom-4 left-1/2 inline-flex min-h-11 -translate-x-1/2 items-center justify-center gap-2 "
    "whitespace-nowrap rounded-full bg-primary px-5 py-2.5 text-base font-semibold text-white shadow-md "
    f"hover:bg-primary-dark aria-disabled:cursor-wait {FOCUS_RING}"
)


probe = browser_step("requests", "probe")


def _load_map(embed_url: str) -> rx.Var:
    """The press (a plain click on the link; a Ctrl/Cmd click still opens the maps page
    in a tab): probe the map's address, then show the frame, or keep the picture with the
    note when the probe fails or hangs."""
    status = current(map_status).to(str)
    return handler(
        lambda event: when(
            is_plain_click(event),
            prevent_default(event),
            when(
                (status != "loading") & (status != "shown"),
                set_to(map_status, "loading"),
                probe(
                    embed_url,
                    PROBE_TIMEOUT_MS,
                    function(lambda: set_to(map_status, "shown")),
                    function(lambda: set_to(map_status, "failed")),
                ),
            ),
        )
    )


def map_embed(
    *,
    title: str,
    picture_alt: str,
    load_label: str,
    loading_label: str,
    failed_text: str,
    class_name: str = "",
) -> rx.Component:
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
    embed_url = str(content().clinic.address.map_embed_url)
    status = map_status.value.to(str)
    frame = rx.el.iframe(
        src=embed_url,
        title=title,
        custom_attrs={
            "width": str(MAP_WIDTH),
            "height": str(MAP_HEIGHT),
            "allowFullScreen": True,
            "referrerPolicy": "no-referrer-when-downgrade",
        },
        class_name="block aspect-[4/3] h-auto w-full rounded-2xl border-0 bg-sand",
        data_map_frame="",
    )
    facade = rx.fragment(
        rx.el.div(
            picture,
            plain_anchor(
                rx.cond(status == "loading", loading_label, load_label),
                href=str(content().clinic.address.maps_url),
                custom_attrs={
                    "onClick": _load_map(embed_url),
                    "aria-disabled": rx.cond(status == "loading", "true", rx.Var.create(None)),
                },
                class_name=LOAD_BUTTON,
                data_map_load="",
            ),
            class_name="relative",
        ),
        rx.el.p(
            rx.cond(status == "failed", failed_text, ""),
            role="status",
            class_name="mt-3 text-sm text-ink",
            data_map_failed="",
        ),
    )
    return rx.el.div(
        rx.cond(status == "shown", frame, facade), class_name=class_name, data_map_status=status
    )
