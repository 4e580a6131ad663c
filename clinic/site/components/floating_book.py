"""The floating book button: shown once the visitor has scrolled past one viewport
height; a full-width bottom bar on phones, a bottom-right pill on desktop.

Its visibility is client state, set by a scroll/resize listener (a set to the value it
already has does nothing, so scrolling re-renders nothing until the threshold is crossed).
"""

from __future__ import annotations

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from clinic.site.components.browser import assign, run, window_listener
from clinic.site.components.links import page_link
from clinic.site.i18n import t
from clinic.site.routes import path_for

floating_book_shown = ClientStateVar.create("floating_book_shown", default=False)

# Spec section 4: hidden until the page has scrolled more than one viewport height.
PAST_ONE_SCREEN = rx.Var("window.scrollY > window.innerHeight")


def floating_book_button(lang: str) -> rx.Component:
    update = run(assign(floating_book_shown, PAST_ONE_SCREEN))
    return rx.el.div(
        page_link(
            path_for("booking", lang),
            t(lang, "floating.book"),
            class_name=(
                "flex h-14 w-full items-center justify-center bg-primary text-base font-semibold "
                "text-white shadow-[0_-4px_16px_rgba(0,0,0,0.12)] hover:bg-primary-dark "
                "focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-white "
                "lg:h-12 lg:w-auto lg:rounded-full lg:px-6 lg:shadow-lg"
            ),
        ),
        window_listener(on_scroll=update, on_resize=update),
        rx.fragment(on_mount=update),
        hidden=~floating_book_shown.value.bool(),
        data_floating_book="",
        # Out of the way while a modal <dialog> (the facilities viewer) is open: the page
        # behind it is inert, and the pill would sit under the viewer's own buttons.
        class_name=(
            "fixed inset-x-0 bottom-0 z-30 lg:inset-x-auto lg:right-6 lg:bottom-6 "
            "[body:has(dialog[open])_&]:hidden"
        ),
    )
