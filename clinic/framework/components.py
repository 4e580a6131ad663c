"""Components Reflex has but does not export publicly, in the shapes the site uses:
links, listeners on `window`, and the adapters to third-party scripts in `assets/widgets/`."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_base.components.component import field
from reflex_base.event import EventHandler, no_args_event_spec
from reflex_components_core.core.window_events import WindowEventListener
from reflex_components_core.el.elements.inline import A as _PlainAnchor
from reflex_components_core.react_router.dom import ReactRouterLink

from clinic.framework.app_folders import ASSETS_IN_BUNDLE

WIDGETS = f"{ASSETS_IN_BUNDLE}/widgets"


class _WindowListener(WindowEventListener):
    """Reflex's window listener with two more events: a press and a click anywhere (the
    menus close on a press outside them)."""

    on_pointer_down: EventHandler[no_args_event_spec] = field(
        doc="A pointer pressed anywhere on the page; a raw handler gets the event."
    )
    on_click: EventHandler[no_args_event_spec] = field(
        doc="A click anywhere on the page (after the element's own handlers); a raw handler gets the event."
    )


def window_listener(**events: Any) -> rx.Component:
    """Listeners on `window` for as long as the page is shown (on_scroll, on_resize,
    on_key_down, on_popstate, on_pointer_down, on_click)."""
    return _WindowListener.create(**events)


# An event that a JSX adapter reports (its callback prop), declared on its component.
AdapterEvent = EventHandler[no_args_event_spec]


class JsxWidget(rx.Component):
    """A named export of a `.jsx` adapter in `assets/widgets/` (third-party scripts):
    `library = JsxWidget.at("CalEmbed")`."""

    @classmethod
    def at(cls, file: str) -> str:
        return f"{WIDGETS}/{file}.jsx"


def page_link(href: str, *children, **props) -> rx.Component:
    """A link to one of our pages, navigated client-side by React Router."""
    return ReactRouterLink.create(*children, to=href, **props)


def plain_anchor(*children, **props) -> rx.Component:
    """A plain `<a>` (`rx.el.a` becomes React Router's link, which resolves `#id` and
    relative links against the route)."""
    return _PlainAnchor.create(*children, **props)
