"""The floating book button: shown once the visitor has scrolled past one viewport
height; below 1280 px a full-width bottom bar with Book, WhatsApp and Call (quick_actions.py),
on wider screens, whose header carries WhatsApp and the phone, a bottom-right Book pill. Not on the booking and success pages: there the
patient is booking, or has booked.

Its visibility is client state, set by a scroll/resize listener (a set to the value it
already has does nothing, so scrolling re-renders nothing until the threshold is crossed).
"""

from __future__ import annotations

import reflex as rx

from clinic.framework.browser_steps import browser_step, handler
from clinic.framework.client_state import ClientStateVar, set_to
from clinic.framework.components import window_listener
from clinic.site.components.carousel import facility_viewer_index
from clinic.site.components.fixed_bars import (
    PHONE_BAR_CELL_HEIGHT_CLASS,
    PILL_HEIGHT_CLASS,
    PILL_PLACE_CLASS,
)
from clinic.site.components.quick_actions import book_action, three_actions
from clinic.site.i18n import text_of
from clinic.site.routes import Page

floating_book_shown = ClientStateVar.create("floating_book_shown", default=False)

# docs/design.md, "States": hidden until the page has scrolled more than one viewport height.
SHOWN_AFTER_SCREENS = 1
# How far the page has scrolled, in viewport heights (assets/behaviors/page.js).
screens_scrolled = browser_step("page", "screensScrolled", returns=float)
# Page kinds without the bar.
NOT_ON = ("booking", "success")
BAR_CELL = (
    f"flex {PHONE_BAR_CELL_HEIGHT_CLASS} flex-col items-center justify-center gap-0.5 text-xs font-semibold "
    "focus-visible:outline-2 focus-visible:outline-offset-[-4px]"
)


def floating_book_button(page: Page) -> rx.Component:
    if page.kind in NOT_ON:
        return rx.fragment()
    lang = page.lang
    update = handler(lambda: set_to(floating_book_shown, screens_scrolled() > SHOWN_AFTER_SCREENS))
    return rx.el.div(
        rx.el.nav(
            *three_actions(
                page,
                book_class=f"{BAR_CELL} bg-primary text-white hover:bg-primary-dark focus-visible:outline-white",
                other_class=f"{BAR_CELL} bg-white text-primary hover:bg-blush focus-visible:outline-primary",
            ),
            aria_label=text_of(lang, "actions.label"),
            class_name="grid grid-cols-3 border-t border-primary/15 shadow-[0_-4px_16px_rgba(0,0,0,0.12)] xl:hidden",
        ),
        book_action(
            page,
            text_of(lang, "floating.book"),
            class_name=(
                f"hidden {PILL_HEIGHT_CLASS} items-center justify-center rounded-full bg-primary px-6 text-base "
                "font-semibold text-white shadow-lg hover:bg-primary-dark xl:flex "
                "focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
            ),
        ),
        window_listener(on_scroll=update, on_resize=update),
        rx.fragment(on_mount=update),
        # Also out of the way while the facilities viewer (a modal <dialog>) is open: the
        # page behind it is inert, and the pill would sit under the viewer's own buttons.
        # Read from the viewer's state, not with a `body:has(dialog[open])` rule: with that
        # rule Chromium restyles most of the page for every element a render inserts
        # (213 elements on the contact page for each error message of an empty submit).
        hidden=~floating_book_shown.value.bool() | (facility_viewer_index.value.to(int) >= 0),
        data_floating_book="",
        class_name=f"fixed inset-x-0 bottom-0 z-30 xl:inset-x-auto {PILL_PLACE_CLASS}",
    )
