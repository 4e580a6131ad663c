"""An index of a long page: its sections' links folded under one line (a native
`<details>`), so that forty names never push the page's content screens down on a phone,
and the links work from the first paint, scripts or not (docs/design.md, "A clinic of any
size reads well")."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.links import in_page_link
from clinic.site.components.popover import MENU_CHEVRON
from clinic.site.components.styles import CHIP_LINK, FOCUS_RING, icon

SUMMARY = (
    "inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border "
    "border-primary/30 bg-white px-4 font-semibold text-primary hover:bg-blush "
    f"[&::-webkit-details-marker]:hidden {FOCUS_RING}"
)


def link_index(title: str, entries: list[tuple[str, str]], **props) -> rx.Component:
    """`title` over the links to `entries` (section id, label), folded until opened."""
    return rx.el.details(
        rx.el.summary(
            title,
            icon(
                MENU_CHEVRON,
                size=16,
                stroke_width="2.5",
                class_name="transition-transform group-open/index:rotate-180",
            ),
            class_name=SUMMARY,
        ),
        rx.el.ul(
            *(
                rx.el.li(in_page_link(target, label, class_name=CHIP_LINK))
                for target, label in entries
            ),
            class_name="mt-3 flex flex-wrap gap-2",
        ),
        class_name="group/index",
        **props,
    )
