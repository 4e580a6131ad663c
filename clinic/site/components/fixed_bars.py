"""The fixed bars' sizes, in one place: the header (navbar.py) and, below 1280 px, the
phone bar or, from 1280 px, the Book pill (floating_book.py) take their sizes from here,
and so does the page's scroll padding. With it the browser keeps whatever it scrolls to
(a focused control, an anchor) clear of the bars (WCAG 2.2 2.4.11 Focus Not Obscured,
technique C43), whatever their heights, from the first paint (the rule is in <head>)."""

from __future__ import annotations

import reflex as rx

# The header's bar, and the border below it.
HEADER_PX = 64
HEADER_BORDER_PX = 1
# The phone bar's cells, and the border above them.
PHONE_BAR_PX = 56
PHONE_BAR_BORDER_PX = 1
# The wide screens' Book pill, and its distance from the window's edges.
PILL_PX = 48
PILL_GAP_PX = 24
# Where the pill replaces the phone bar: Tailwind's `xl` breakpoint (80rem, 1280 px).
WIDE_PX = 1280
WIDE = f"{WIDE_PX / 16:g}rem"

# Tailwind classes carrying those sizes (arbitrary values, so the number is written once).
HEADER_HEIGHT_CLASS = f"h-[{HEADER_PX}px]"
BELOW_THE_HEADER_CLASS = f"pt-[{HEADER_PX}px]"
PHONE_BAR_CELL_HEIGHT_CLASS = f"h-[{PHONE_BAR_PX}px]"
PILL_HEIGHT_CLASS = f"h-[{PILL_PX}px]"
PILL_PLACE_CLASS = f"xl:right-[{PILL_GAP_PX}px] xl:bottom-[{PILL_GAP_PX}px]"
# The page's last element (the footer) ends with room for the bottom bar or pill: at the
# end of the page nothing can scroll further, so padding is what keeps its last links clear.
ABOVE_THE_BOTTOM_BAR_CLASS = "pb-[var(--fixed-bottom)]"


def scroll_padding_rules() -> str:
    """The page's scroll padding, as CSS custom properties (--fixed-top, --fixed-bottom:
    how much of the window the fixed bars cover) and the padding that follows them."""
    top = HEADER_PX + HEADER_BORDER_PX
    phone_bottom = PHONE_BAR_PX + PHONE_BAR_BORDER_PX
    wide_bottom = PILL_PX + PILL_GAP_PX
    return (
        f":root {{ --fixed-top: {top}px; --fixed-bottom: {phone_bottom}px; }} "
        f"@media (min-width: {WIDE}) {{ :root {{ --fixed-bottom: {wide_bottom}px; }} }} "
        "html { scroll-padding-top: var(--fixed-top); scroll-padding-bottom: var(--fixed-bottom); }"
    )


def scroll_padding_style() -> rx.Component:
    """The <head> style element with `scroll_padding_rules`."""
    return rx.el.style(scroll_padding_rules())
