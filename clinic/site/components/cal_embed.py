"""Cal.com scheduling: the embed (assets/widgets/CalEmbed.jsx) and each doctor's Book link.

Everything Cal.com is told comes from content: the embed origin and the public booking
origin (clinic.yaml `scheduling`), each doctor's `cal_link` and `cal_namespace`
(doctors.yaml) and the brand colours (clinic.yaml `brand_colors`, the same ones the site's
theme uses), so the calendar matches the site in light and dark mode.
"""

from __future__ import annotations

import json
from typing import Any

import reflex as rx

from clinic.framework.components import JsxWidget
from clinic.site.components.booked_appointment import remember_booking
from clinic.site.content import Doctor, content
from clinic.site.i18n import text_of

# Cal.com's layout for the embedded calendar: days as columns, easy to scan on a phone.
CAL_LAYOUT = "column_view"
EMBED_SCRIPT_PATH = "/embed/embed.js"


def _origin(url) -> str:
    return str(url).rstrip("/")


def cal_origin() -> str:
    """Where the embed and its calendars are served from (https://app.cal.com)."""
    return _origin(content().clinic.scheduling.origin)


def embed_script_src() -> str:
    return cal_origin() + EMBED_SCRIPT_PATH


def public_booking_url(doctor: Doctor) -> str:
    """The doctor's own booking page on Cal.com: the Book button's plain-link fallback."""
    return f"{_origin(content().clinic.scheduling.public_origin)}/{doctor.cal_link}"


def ui_config() -> dict:
    """The `Cal.ns[namespace]("ui", ...)` settings, the same for every doctor."""
    colors = content().clinic.brand_colors
    return {
        "cssVarsPerTheme": {
            "light": {"cal-brand": colors.primary},
            "dark": {"cal-brand": colors.primary_on_dark},
        },
        "hideEventTypeDetails": False,
        "layout": CAL_LAYOUT,
    }


def link_config() -> dict:
    """The `data-cal-config` of a Book button."""
    return {"layout": CAL_LAYOUT}


class CalEmbed(JsxWidget):
    """Loads Cal.com's embed once and turns the Book links inside it into calendar buttons."""

    library = JsxWidget.at("CalEmbed")
    tag = "CalEmbed"
    script_src: rx.Var[str]
    origin: rx.Var[str]
    namespaces: rx.Var[list[str]]
    ui: rx.Var[dict]
    # Called with Cal.com's bookingSuccessfulV2 event detail ({data, namespace}).
    after_booking: rx.Var[Any]


def with_calendars(doctors: list[Doctor] | None = None) -> list[Doctor]:
    """The doctors (default: every doctor) whom patients book online."""
    return [d for d in (content().doctors if doctors is None else doctors) if d.has_calendar]


def cal_embed(
    *children: rx.Component, lang: str, doctors: list[Doctor] | None = None, **props
) -> rx.Component:
    """A booking area: the namespaces of those of `doctors` (default: every doctor) who
    have a calendar initialised, the Book links inside it opening the embedded calendar
    once it is ready, a booking leading to our success page. Give it the class `group`:
    the links' screen-reader hint follows its data-cal-ready. When none of them has a
    calendar it is a plain element: Cal.com's script is not even loaded."""
    bookable = with_calendars(doctors)
    if not bookable:
        return rx.el.div(*children, **props)
    return CalEmbed.create(
        *children,
        script_src=embed_script_src(),
        origin=cal_origin(),
        namespaces=[d.cal_namespace for d in bookable],
        ui=ui_config(),
        after_booking=remember_booking(lang),
        **props,
    )


def book_link(doctor: Doctor, *children: rx.Component, lang: str, **props) -> rx.Component:
    """A real link to the doctor's Cal.com page in a new tab, marked up the way Cal.com's
    embed expects (data-cal-link, data-cal-namespace, data-cal-config), so inside
    `cal_embed` it opens the embedded calendar once the embed is ready.

    The hint for screen readers says where the link goes while it is a plain link; the
    wrapper marks itself data-cal-ready="true" once the calendar opens in place instead.
    """
    return rx.el.a(
        *children,
        rx.el.span(
            " " + text_of(lang, "booking.opens_cal_com"),
            class_name="sr-only group-data-[cal-ready=true]:hidden",
        ),
        href=public_booking_url(doctor),
        target="_blank",
        rel="noopener",
        custom_attrs={
            "data-cal-link": doctor.cal_link,
            "data-cal-namespace": doctor.cal_namespace,
            "data-cal-config": json.dumps(link_config(), separators=(",", ":")),
        },
        **props,
    )
