"""Native popovers: a panel with the `popover` attribute and the button that opens it
(`popovertarget`). The browser opens and closes them by itself from first paint, before
and without the page's JavaScript: a tap or Enter/Space on the button, Escape, a press
outside (one "auto" popover open at a time), in the top layer, the button's expanded
state told to screen readers. Python's state follows the panel's toggle events; a rule
opens or closes a panel with `show_popover`/`hide_popover` (assets/behaviors/popover.js).

No React onClick on the button: the browser toggles it before hydration and after alike,
so a tap during hydration is never counted twice. No aria-expanded attribute either: the
browser derives it from the panel, and a prerendered "false" would lie once a tap before
hydration had opened it.
"""

from __future__ import annotations

import reflex as rx

from clinic.framework.browser_steps import browser_step
from clinic.site.components.hydrate_later import HydrateLater

show_popover = browser_step("popover", "showPopover")
hide_popover = browser_step("popover", "hidePopover")
popover_is_open = browser_step("popover", "popoverIsOpen", returns=bool)
toggled_open = browser_step("popover", "toggledOpen", returns=bool)

# Tailwind's variant for "the popover inside this group is open" (`group/<name>` on an
# element around the button and its panel): the button's icons follow the panel by CSS,
# before hydration too. Write it `f"{OPEN_INSIDE}/<name>:rotate-180"`.
OPEN_INSIDE = "group-has-[:popover-open]"
# Where popovers are unknown the panel would show for good: there it stays hidden, and
# so does its button, which could not open it.
HIDDEN_WITHOUT_POPOVERS = "[@supports_not_selector(:popover-open)]:hidden"
# Tailwind's variant for "the browser knows CSS anchor positioning": a panel sits under
# its button with it, and somewhere sensible under the bar without it.
WITH_ANCHORS = "supports-[anchor-name:none]"
# The look of a menu's panel that opens under its button (a dropdown, the language menu).
MENU_PANEL_BOX = "rounded-xl border border-primary/10 bg-white p-2 text-ink shadow-lg"
# The chevron beside a button that opens a menu (it turns over while the menu is open).
MENU_CHEVRON = "M6 9l6 6 6-6"


def popover_button(*children, panel_id: str, **props) -> rx.Component:
    """A button that opens and closes the popover `panel_id` natively."""
    return rx.el.button(
        *children,
        type="button",
        aria_controls=panel_id,
        custom_attrs={"popoverTarget": panel_id, **props.pop("custom_attrs", {})},
        **props,
    )


def popover_panel(
    *children, panel_id: str, on_toggle: rx.Var | None = None, **props
) -> rx.Component:
    """A panel hidden until its button opens it; `on_toggle` (a `handler` taking the
    event; `toggled_open(event)` says which way), when given, hears every opening and
    closing, whoever caused it. It runs twice: at `beforetoggle`, inside the press or call that toggles, so
    a rule reading the state at the next key press or blur finds it current (`toggle` is
    queued as a task, which can come after that key press); and at `toggle`, which
    reports what finally happened.

    Its inside (a menu's dozens of links) hydrates after its button: a tap on the button
    while the page hydrates need not wait for the links' hydration (hydrate_later.py)."""
    return rx.el.div(
        HydrateLater.create(*children),
        id=panel_id,
        custom_attrs={
            "popover": "auto",
            **(
                {"onBeforeToggle": on_toggle, "onToggle": on_toggle}
                if on_toggle is not None
                else {}
            ),
        },
        **props,
    )
