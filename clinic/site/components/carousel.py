"""Carousels, and the facilities gallery with its large-photo viewer.

The markup, the labels, the buttons, the keys and the rules of autoplay are written here;
the only JavaScript is Embla itself, connected by the generic adapter
assets/widgets/EmblaViewport.jsx (it loads Embla lazily, reports the selected slide and
whether it is on screen, and starts or stops Embla's autoplay plugin when `playing`
changes).

docs/design.md, "States": optional loop and auto-advance; previous/next disabled at the ends when
not looping; left/right arrow keys move it. Beyond the spec (WCAG 2.2.2 and the WAI
carousel pattern): auto-advance has a visible pause/play button and runs only while
nobody is pointing at it or has focus in it and it is on screen (the plugin itself waits
while the tab is hidden); it starts paused under prefers-reduced-motion; the slides are
announced politely only while it is not rotating on its own.

Works from first paint (docs/design.md, "Works from first paint"): until Embla takes over (and without
JavaScript) the viewport scrolls natively, one snap point per slide, with no scrollbar
drawn (the slides peek in at the edge), and nothing advances on its own; the buttons that
need Embla (pause, previous, next) and the counter keep their place but stay invisible
until Embla reports it is ready. Embla then starts at the slide the visitor scrolled to.
The photos of the facilities gallery are links to their largest file, which the viewer
replaces once the page is hydrated.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import reflex as rx

from clinic.framework.browser_steps import browser_step, function, handler, when
from clinic.framework.client_state import ClientStateVar, current, set_to
from clinic.framework.components import AdapterEvent, JsxWidget, plain_anchor
from clinic.site.components.dom import (
    focus_matching,
    focus_stays_inside,
    is_plain_click,
    prefers_reduced_motion,
    prevent_default,
    target_is_itself,
)
from clinic.site.components.picture import Photo, picture
from clinic.site.components.styles import FOCUS_RING, icon
from clinic.site.i18n import text_of

# Embla (vanilla core) and its autoplay plugin: the adapter imports them lazily, so
# Reflex installs them from npm and the bundler splits them out of the page's code.
EMBLA = "embla-carousel@8.6.0"
EMBLA_AUTOPLAY = "embla-carousel-autoplay@8.6.0"

# Browser steps (assets/behaviors/carousel.js).
scroll_carousel = browser_step("carousel", "scrollCarousel")
show_slide = browser_step("carousel", "showSlide")
carousel_keys = browser_step("carousel", "onCarouselKey")
index_of_target = browser_step("carousel", "indexOfTarget", returns=int)
open_dialog_soon = browser_step("carousel", "openDialogSoon")
close_dialog = browser_step("carousel", "closeDialog")
viewer_keys = browser_step("carousel", "onViewerKey")

BUTTON = (
    "inline-flex h-11 w-11 items-center justify-center rounded-full border border-primary/30 bg-white "
    "text-primary shadow-sm hover:bg-blush disabled:cursor-not-allowed disabled:opacity-40 "
    f"{FOCUS_RING}"
)
ARROWS = {"prev": "M15 5l-7 7 7 7", "next": "M9 5l7 7-7 7"}
CLOSE_ICON = "M6 6l12 12M18 6L6 18"
PLAY_ICON = "M8 5.5v13l10.5-6.5z"
PAUSE_ICON = "M7 5h3.5v14H7zM13.5 5H17v14h-3.5z"
# The viewport before Embla: native horizontal scrolling with a snap point per slide and
# no scrollbar drawn; once the adapter marks it `data-embla-active`, Embla's transform
# moves the slides and the native scroll is off (it must, or both would add up).
NATIVE_SCROLL = (
    "overflow-x-auto overscroll-x-contain snap-x snap-mandatory [scrollbar-width:none] "
    "[&::-webkit-scrollbar]:hidden data-[embla-active]:overflow-hidden data-[embla-active]:snap-none"
)
# Each slide snaps with its content (inside the gutter `pl-4`) at the viewport's start,
# where Embla puts it.
SLIDE_SNAP = "snap-start -scroll-ml-4"


class EmblaViewport(JsxWidget):
    """assets/widgets/EmblaViewport.jsx: the viewport Embla moves."""

    library = JsxWidget.at("EmblaViewport")
    tag = "EmblaViewport"
    lib_dependencies: list[str] = [EMBLA, EMBLA_AUTOPLAY]
    options: rx.Var[dict]
    autoplay_ms: rx.Var[int]
    playing: rx.Var[bool]
    # ({selected, canPrev, canNext}) after Embla starts and after every move.
    on_change: AdapterEvent
    # (bool) the viewport entered or left the screen.
    on_visible: AdapterEvent


@dataclass(frozen=True)
class CarouselState:
    """One carousel's client state (`carousel_state(key)`)."""

    selected: ClientStateVar
    can_prev: ClientStateVar
    can_next: ClientStateVar
    ready: ClientStateVar  # Embla has taken over
    user_paused: ClientStateVar  # the pause button (or reduced motion)
    hovered: ClientStateVar
    focused: ClientStateVar
    on_screen: ClientStateVar


@functools.cache
def carousel_state(key: str, loop: bool = False, slides: int = 2) -> CarouselState:
    def var(name: str, default):
        return ClientStateVar.create(f"carousel_{key}_{name}", default=default)

    return CarouselState(
        selected=var("selected", 0),
        can_prev=var("can_prev", loop and slides > 1),
        can_next=var("can_next", slides > 1),
        ready=var("ready", False),
        user_paused=var("user_paused", False),
        hovered=var("hovered", False),
        focused=var("focused", False),
        on_screen=var("on_screen", False),
    )


def viewport_id(key: str) -> str:
    return f"carousel-{key}"


def template_children(template: str, values: dict[str, object]) -> list:
    """A text with {placeholders} as children: str pieces and the given values (Vars)."""
    return [
        values.get(part[1:-1], part) if re.fullmatch(r"\{\w+\}", part) else part
        for part in re.split(r"(\{\w+\})", template)
        if part
    ]


def carousel_labels(lang: str) -> dict[str, str]:
    """The carousel's roledescriptions and button names in `lang`."""
    keys = {
        "carousel": "roledescription",
        "slide": "slide",
        "slideOf": "slide_of",
        "keys": "keys",
        "previous": "previous",
        "next": "next",
        "pause": "pause",
        "play": "play",
    }
    return {prop: text_of(lang, f"home.carousel.{key}") for prop, key in keys.items()}


def carousel(
    *slides: rx.Component,
    key: str,
    lang: str,
    label: str,
    loop: bool = False,
    autoplay_ms: int = 0,
    slide_class_name: str = "basis-full",
    class_name: str = "",
    on_click: rx.Var | None = None,
) -> rx.Component:
    """A carousel of `slides`; `autoplay_ms` > 0 auto-advances (pausable). `key` names its
    client state and its viewport's id (one per page). `on_click`: a handler for clicks
    anywhere in it (one for all the slides: an event on each slide would make each a
    component of its own in the code every page loads)."""
    labels = carousel_labels(lang)
    total = len(slides)
    state = carousel_state(key, loop, total)
    autoplay = autoplay_ms > 0 and total > 1
    selected = state.selected.value.to(int)
    playing = (
        (
            state.ready.value.bool()
            & ~state.user_paused.value.bool()
            & ~state.hovered.value.bool()
            & ~state.focused.value.bool()
            & state.on_screen.value.bool()
        )
        if autoplay
        else rx.Var.create(False)
    )
    previous = handler(lambda: scroll_carousel(viewport_id(key), "prev"))
    following = handler(lambda: scroll_carousel(viewport_id(key), "next"))

    slide_boxes = [
        rx.el.div(
            slide,
            class_name=f"min-w-0 shrink-0 grow-0 pl-4 {SLIDE_SNAP} {slide_class_name}",
            role="group",
            data_slide_index=index,
            custom_attrs={
                "aria-roledescription": labels["slide"],
                "aria-label": text_of(lang, "home.carousel.slide_of", n=index + 1, total=total),
            },
        )
        for index, slide in enumerate(slides)
    ]
    viewport = EmblaViewport.create(
        rx.el.div(
            *slide_boxes,
            # Vertical panning is the page's and horizontal Embla's, once it runs; before,
            # the browser pans the native scroll both ways.
            class_name="-ml-4 flex in-data-[embla-active]:touch-pan-y",
            custom_attrs={"aria-live": rx.cond(playing, "off", "polite")},
        ),
        id=viewport_id(key),
        options={"loop": loop, "align": "start"},
        autoplay_ms=autoplay_ms if autoplay else 0,
        playing=playing,
        on_change=handler(
            lambda info: [
                set_to(state.selected, info.to(dict)["selected"]),
                set_to(state.can_prev, info.to(dict)["canPrev"]),
                set_to(state.can_next, info.to(dict)["canNext"]),
                set_to(state.ready, True),
            ]
        ),
        on_visible=handler(lambda visible: set_to(state.on_screen, visible)),
        class_name=f"{NATIVE_SCROLL} rounded-2xl {FOCUS_RING.replace('offset-2', 'offset-4')}",
        custom_attrs={
            "tabIndex": 0,
            "role": "group",
            "aria-label": labels["keys"],
            "onKeyDown": handler(lambda event: carousel_keys(viewport_id(key), event)),
        },
    )
    paused = state.user_paused.value.bool()
    ready = state.ready.value.bool()
    controls = rx.el.div(
        rx.el.button(
            rx.cond(
                paused,
                icon(PLAY_ICON, size=18, filled=True),
                icon(PAUSE_ICON, size=18, filled=True),
            ),
            type="button",
            aria_label=rx.cond(paused, labels["play"], labels["pause"]),
            on_click=state.user_paused.set_value(~paused),
            class_name=f"{BUTTON} mr-auto",
            data_carousel_toggle="",
        )
        if autoplay
        else rx.fragment(),
        rx.el.p(
            selected + 1, f" / {total}", aria_hidden="true", class_name="mr-2 text-sm text-muted"
        ),
        rx.el.button(
            icon(ARROWS["prev"], size=20, stroke_width="2.2"),
            type="button",
            aria_label=labels["previous"],
            disabled=~state.can_prev.value.bool(),
            on_click=previous,
            class_name=BUTTON,
            data_carousel_prev="",
        ),
        rx.el.button(
            icon(ARROWS["next"], size=20, stroke_width="2.2"),
            type="button",
            aria_label=labels["next"],
            disabled=~state.can_next.value.bool(),
            on_click=following,
            class_name=BUTTON,
            data_carousel_next="",
        ),
        # Invisible (not focusable, not clickable, its space kept) until Embla runs them.
        class_name=rx.cond(
            ready,
            "mt-4 flex items-center justify-end gap-2",
            "invisible mt-4 flex items-center justify-end gap-2",
        ),
        data_carousel_controls="",
    )
    return rx.el.section(
        viewport,
        controls,
        aria_label=label,
        class_name=f"relative {class_name}".strip(),
        data_carousel="",
        data_selected_index=selected,
        data_ready=rx.cond(ready, "", rx.Var.create(None)),
        data_autoplay=rx.cond(playing, "running", "paused") if autoplay else "off",
        # Under reduced motion it starts paused; the visitor may still press play.
        **(
            {
                "on_mount": handler(
                    lambda: when(prefers_reduced_motion(), set_to(state.user_paused, True))
                )
            }
            if autoplay
            else {}
        ),
        custom_attrs={
            **({"onClick": on_click} if on_click is not None else {}),
            "aria-roledescription": labels["carousel"],
            # A mouse over it pauses it (a finger's tap is not "hovering").
            "onPointerEnter": handler(
                lambda event: set_to(state.hovered, event.to(dict)["pointerType"] == "mouse")
            ),
            "onPointerLeave": handler(lambda event: set_to(state.hovered, False)),
            "onFocus": handler(lambda event: set_to(state.focused, True)),
            "onBlur": handler(
                lambda event: when(~focus_stays_inside(event), set_to(state.focused, False))
            ),
        },
    )


# ------------------------------------------------------------------ facilities gallery

# The photo shown in the viewer (its index in the carousel), -1 while it is closed.
facility_viewer_index = ClientStateVar.create("facility_viewer_index", default=-1)
GALLERY_KEY = "facilities"
VIEWER_ID = "facility-viewer"
VIEWER_BUTTON = (
    "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white/95 text-ink "
    "shadow hover:bg-blush focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
)


def _open_viewer() -> rx.Var:
    """The gallery's click handler: a plain click on a photo opens it in the viewer
    instead of following its link to the large file (a Ctrl/Cmd click still opens the
    file in a tab). The dialog renders with this click; it opens modally (and takes
    focus) before the next paint."""
    return handler(
        lambda event: function(
            lambda index: when(
                (index.to(int) >= 0) & is_plain_click(event),
                prevent_default(event),
                set_to(facility_viewer_index, index),
                open_dialog_soon(VIEWER_ID, "[data-viewer-close]"),
            )
        ).call(index_of_target(event, "facility-photo"))
    )


def _close_viewer() -> rx.Var:
    """Close the viewer, show the last photo viewed in the carousel and put focus back
    on it, so a keyboard user continues where they were."""
    last = current(facility_viewer_index)
    return function(
        lambda: [
            close_dialog(VIEWER_ID),
            show_slide(viewport_id(GALLERY_KEY), last),
            focus_matching('[data-facility-photo="' + last.to(str) + '"]'),
            set_to(facility_viewer_index, -1),
        ]
    )


def _move(step: int, count: int) -> rx.Var:
    """Show the photo `step` away, wrapping around the `count` photos."""
    return function(
        lambda: set_to(
            facility_viewer_index, (current(facility_viewer_index).to(int) + step + count) % count
        )
    )


def _viewer(photos: list[Photo], labels: dict[str, str]) -> rx.Component:
    index = facility_viewer_index.value.to(int)
    # Small per-photo lists indexed in the browser; the pictures themselves are written
    # out once each (a list of every photo's props indexed per attribute would repeat
    # the whole list in the page's code for each attribute).
    shown = {
        "caption": rx.Var.create([p.caption for p in photos])[index],
        "alt": rx.Var.create([p.alt for p in photos])[index],
    }
    return rx.el.dialog(
        rx.el.div(
            rx.el.div(
                rx.el.h2(
                    shown["caption"],
                    rx.el.span(
                        *template_children(
                            labels["counter"], {"n": index + 1, "total": len(photos)}
                        ),
                        class_name="ml-3 text-sm font-normal text-white/85",
                    ),
                    id=f"{VIEWER_ID}-title",
                    class_name="text-lg font-semibold",
                ),
                rx.el.button(
                    icon(CLOSE_ICON, size=22, stroke_width="2.2"),
                    type="button",
                    aria_label=labels["close"],
                    on_click=handler(lambda: _close_viewer().call()),
                    class_name=VIEWER_BUTTON,
                    data_viewer_close="",
                ),
                class_name="flex items-center justify-between gap-3",
            ),
            *(
                rx.cond(
                    index == i,
                    picture(
                        photo,
                        "(min-width: 1024px) 1024px, 100vw",
                        "mx-auto block h-auto max-h-[calc(100dvh-11rem)] w-auto max-w-full rounded-xl",
                        eager=True,
                    ),
                    rx.fragment(),
                )
                for i, photo in enumerate(photos)
            ),
            rx.el.div(
                rx.el.button(
                    icon(ARROWS["prev"], size=20, stroke_width="2.2"),
                    type="button",
                    aria_label=labels["previous"],
                    on_click=handler(lambda: _move(-1, len(photos)).call()),
                    class_name=VIEWER_BUTTON,
                    data_viewer_prev="",
                ),
                rx.el.p(shown["alt"], class_name="text-center text-sm text-white/90"),
                rx.el.button(
                    icon(ARROWS["next"], size=20, stroke_width="2.2"),
                    type="button",
                    aria_label=labels["next"],
                    on_click=handler(lambda: _move(1, len(photos)).call()),
                    class_name=VIEWER_BUTTON,
                    data_viewer_next="",
                ),
                class_name="flex items-center justify-between gap-3",
            ),
            class_name="flex w-[min(64rem,calc(100vw-1.5rem))] flex-col gap-3 p-3 sm:p-4",
        ),
        id=VIEWER_ID,
        class_name="m-auto max-h-none max-w-none rounded-2xl bg-ink p-0 text-white shadow-2xl backdrop:bg-black/80",
        data_facility_viewer="",
        custom_attrs={
            "aria-labelledby": f"{VIEWER_ID}-title",
            "onKeyDown": handler(
                lambda event: viewer_keys(
                    {
                        "previous": _move(-1, len(photos)),
                        "next": _move(1, len(photos)),
                        "close": _close_viewer(),
                    },
                    event,
                )
            ),
            "onCancel": handler(lambda event: [prevent_default(event), _close_viewer().call()]),
            # A click on the backdrop (the dialog element itself, outside its content).
            "onClick": handler(lambda event: when(target_is_itself(event), _close_viewer().call())),
        },
    )


def facilities_gallery(photos: list[Photo], *, lang: str, label: str) -> rx.Component:
    """A carousel of photos; each opens in a large modal viewer (before the page is
    hydrated, and without JavaScript, its link opens the large file itself)."""
    viewer_labels = {
        key: text_of(lang, f"home.facilities.{key}")
        for key in ("open", "close", "previous", "next", "counter")
    }
    slides = [
        plain_anchor(
            picture(
                photo,
                "(min-width: 1024px) 368px, (min-width: 640px) 50vw, 85vw",
                "block aspect-[3/2] h-auto w-full bg-blush object-cover transition-transform duration-300 "
                "group-hover:scale-[1.03] motion-reduce:transition-none",
            ),
            rx.el.span(photo.caption, class_name="block px-4 py-3 font-medium text-ink"),
            href=photo.large,
            # Its name ("view larger") is true before and after hydration. No
            # aria-haspopup: before, and without JavaScript, it opens the file, not a
            # dialog; and an attribute following the state would make each photo a
            # component of its own in the code the home page loads (0.5 kB gzip).
            aria_label=viewer_labels["open"].replace("{caption}", photo.caption),
            class_name=f"group block w-full overflow-hidden rounded-2xl bg-white text-left shadow-sm {FOCUS_RING}",
            data_facility_photo=index,
        )
        for index, photo in enumerate(photos)
    ]
    return rx.fragment(
        carousel(
            *slides,
            key=GALLERY_KEY,
            lang=lang,
            label=label,
            slide_class_name="basis-[85%] sm:basis-1/2 lg:basis-1/3",
            on_click=_open_viewer(),
        ),
        rx.cond(
            facility_viewer_index.value.to(int) >= 0, _viewer(photos, viewer_labels), rx.fragment()
        ),
    )
