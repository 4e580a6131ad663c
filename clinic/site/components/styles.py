"""Shared look: class strings and small building blocks every page uses, so buttons,
focus rings and sections look and behave the same everywhere."""

from __future__ import annotations

import reflex as rx

# Visible keyboard focus on every interactive element (WCAG 2.4.7).
FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"

BUTTON_PRIMARY = (
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-primary px-5 py-2.5 "
    f"text-base font-semibold text-white shadow-sm hover:bg-primary-dark {FOCUS_RING}"
)
BUTTON_SECONDARY = (
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-primary "
    f"bg-white px-5 py-2.5 text-base font-semibold text-primary hover:bg-blush {FOCUS_RING}"
)
# py-1: an inline link's box is only as tall as its font (~19 px at 16 px); the padding
# makes a link that stands on its own a 24 px+ touch target (WCAG 2.5.8) without moving
# the text around it (padding does not change the height of an inline line box).
TEXT_LINK = f"py-1 font-medium text-primary underline underline-offset-4 hover:text-primary-dark {FOCUS_RING}"
CARD = "rounded-2xl border border-primary/10 bg-white p-6 shadow-sm"
CONTAINER = "mx-auto max-w-6xl px-4"


def page_section(
    *children,
    id: str | None = None,
    title: str | None = None,
    tone: str = "white",
    class_name: str = "",
) -> rx.Component:
    """A page section with an optional <h2>; `tone` is white, blush or sand."""
    background = {"white": "bg-white", "blush": "bg-blush", "sand": "bg-sand"}[tone]
    heading = (
        rx.el.h2(title, class_name="text-2xl font-bold tracking-tight text-primary sm:text-3xl")
        if title
        else rx.fragment()
    )
    return rx.el.section(
        rx.el.div(heading, *children, class_name=f"{CONTAINER} py-12 sm:py-16"),
        id=id,
        class_name=f"{background} {class_name}".strip(),
    )


def icon(
    *paths: str,
    size: int = 24,
    stroke_width: str = "2",
    filled: bool = False,
    class_name: str | rx.Var = "",
) -> rx.Component:
    """A decorative line icon (hidden from assistive technology) from SVG path data.
    Its attributes go in as plain attributes: `rx.el.svg(fill=...)` would make them a
    `css` prop, which the lean bundle does not style (clinic/framework/patches/shims/emotion-react.js)."""
    attrs = (
        {"fill": "currentColor"}
        if filled
        else {
            "fill": "none",
            "stroke": "currentColor",
            "strokeWidth": stroke_width,
            "strokeLinecap": "round",
            "strokeLinejoin": "round",
        }
    )
    return rx.el.svg(
        *(rx.el.svg.path(d=d) for d in paths),
        view_box="0 0 24 24",
        width=str(size),
        height=str(size),
        aria_hidden="true",
        **({"class_name": class_name} if isinstance(class_name, rx.Var) or class_name else {}),
        custom_attrs=attrs,
    )
