"""The fixed top navigation bar (docs/design.md, "Pages and routes"): logo, Home, Services and Medical Team
dropdowns, Contact, Memberships, book button, language toggle and the mobile menu.

The phone menu and the dropdowns are native popovers (components/popover.py): the
browser opens and closes them from first paint, before and without the page's
JavaScript (a tap or Enter/Space on the button, Escape, a press outside), and tells
screen readers whether they are expanded. Once hydrated, their client state follows
them: `nav_dropdown_open` holds the key of the dropdown shown ("" for none),
`mobile_menu_open` whether the phone menu is shown, set from each panel's toggle event
and, on mount, from what a tap before hydration opened. Rules open or close them
through `show_popover`/`hide_popover` (and set the state at once). Both close after any
navigation (a click on one of their links, going back or forward in history); a
dropdown also closes when focus leaves it, and its arrow keys move through its links.

A click on a link closes its menu through one handler on the menu (`_closes_on_link`),
not an event on each link: every link with an event of its own becomes a component in
the code every page loads, and the menus hold dozens of links.
"""

from __future__ import annotations

import reflex as rx

from clinic.framework.browser_steps import browser_step, function, handler, when
from clinic.framework.client_state import ClientStateVar, current, set_to
from clinic.framework.components import window_listener
from clinic.site import navigation as nav
from clinic.site.components.dom import focus_stays_inside, target_is_inside
from clinic.site.components.fixed_bars import HEADER_HEIGHT_CLASS, HEADER_PX
from clinic.site.components.language_switcher import language_switcher
from clinic.site.components.links import external_link, page_link
from clinic.site.components.popover import (
    HIDDEN_WITHOUT_POPOVERS,
    MENU_CHEVRON,
    MENU_PANEL_BOX,
    OPEN_INSIDE,
    WITH_ANCHORS,
    hide_popover,
    popover_button,
    popover_is_open,
    popover_panel,
    show_popover,
    toggled_open,
)
from clinic.site.components.quick_actions import (
    CHAT_ICON,
    PHONE_ICON,
    call_action,
    three_actions,
    whatsapp_action,
)
from clinic.site.components.styles import BUTTON_PRIMARY, icon
from clinic.site.components.styles import FOCUS_RING as FOCUS
from clinic.site.content import content
from clinic.site.i18n import text_of, text_with_facts
from clinic.site.routes import Page, path_for

TOP_LINK = f"rounded-md px-3 py-2 text-[0.95rem] font-medium text-ink hover:text-primary hover:bg-blush {FOCUS}"
MENU_LINK = f"block rounded-md px-3 py-2 text-ink hover:bg-blush hover:text-primary {FOCUS}"
BOOK_BUTTON = BUTTON_PRIMARY.replace("px-5", "px-4").replace("text-base", "text-sm")
MENU_ACTION = f"flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-xl text-sm font-semibold {FOCUS}"
# Wide screens (1280 px and up): WhatsApp and the phone beside Book, as icons with
# accessible names (and the number as a tooltip); words would make the menu wrap in the
# header's 1152 px. Below 1280 px the sticky bar carries both instead.
HEADER_CONTACT = (
    "hidden h-10 min-w-10 items-center justify-center gap-2 rounded-full px-2.5 text-sm font-semibold "
    f"text-primary hover:bg-blush xl:inline-flex {FOCUS}"
)


# Which navigation dropdown is open: "services", "team" or "" (none).
nav_dropdown_open = ClientStateVar.create("nav_dropdown_open", default="")
# Whether the phone menu is open.
mobile_menu_open = ClientStateVar.create("mobile_menu_open", default=False)

dropdown_keys = browser_step("menus", "onDropdownKey")

MOBILE_MENU_ID = "mobile-menu"
MOBILE_MENU_BUTTON_ID = "mobile-menu-button"
# The dropdowns in the header's order: key -> its items (its label is `nav.<key>`).
DROPDOWNS = {"services": nav.services_menu, "team": nav.team_menu}
MENU_ICON = {"closed": "M4 7h16M4 12h16M4 17h16", "open": "M6 6l12 12M18 6L6 18"}

# The phone menu in the top layer: fixed under the bar, the screen's width, and none of
# the browser's own popover box (inset, size, border, colours).
MOBILE_PANEL = (
    f"fixed inset-x-0 top-[{HEADER_PX}px] bottom-auto m-0 h-auto w-auto "
    f"max-h-[calc(100dvh-{HEADER_PX}px)] "
    "overflow-y-auto border-0 border-b border-primary/10 bg-white px-4 pb-6 text-ink shadow-lg"
)
# A dropdown in the top layer, under its button by CSS anchor positioning; where anchors
# are unknown, centred under the bar (still beside its button at desktop widths).
DROPDOWN_PANEL = (
    f"fixed inset-x-0 top-15 bottom-auto mx-auto h-auto w-72 {MENU_PANEL_BOX} "
    f"{WITH_ANCHORS}:top-[anchor(bottom)] {WITH_ANCHORS}:left-[anchor(left)] "
    f"{WITH_ANCHORS}:right-auto {WITH_ANCHORS}:mx-0 {WITH_ANCHORS}:mt-2"
)


def _dropdown_id(key: str) -> str:
    return f"nav-{key}"


def _anchor(key: str) -> str:
    return f"--nav-{key}"


def _item_link(item: nav.NavItem, lang: str, class_name: str, **props) -> rx.Component:
    if item.external:
        return external_link(item.href, item.label, lang=lang, class_name=class_name, **props)
    return page_link(item.href, item.label, class_name=class_name, **props)


def _open_dropdown(key: str) -> list[rx.Var]:
    return [show_popover(_dropdown_id(key)), set_to(nav_dropdown_open, key)]


def _close_dropdowns() -> list[rx.Var]:
    return [*(hide_popover(_dropdown_id(k)) for k in DROPDOWNS), set_to(nav_dropdown_open, "")]


def _close_mobile_menu() -> list[rx.Var]:
    return [hide_popover(MOBILE_MENU_ID), set_to(mobile_menu_open, False)]


def _dropdown_keys(key: str) -> rx.Var:
    """The dropdown's keys (assets/behaviors/menus.js): opening it sets the state to its
    key, closing it to ""."""
    return handler(
        lambda event: dropdown_keys(
            {
                "isOpen": current(nav_dropdown_open) == key,
                "open": function(lambda: _open_dropdown(key)),
                "close": function(lambda: _close_dropdowns()),
                "listId": _dropdown_id(key),
                "buttonId": f"nav-{key}-button",
            },
            event,
        )
    )


def _dropdown_follows_toggle(key: str) -> rx.Var:
    """The state follows the panel: its key when it opens; "" when it closes, unless
    another dropdown has opened meanwhile (opening one closes the other)."""
    return handler(
        lambda event: rx.cond(
            toggled_open(event),
            set_to(nav_dropdown_open, key),
            when(current(nav_dropdown_open) == key, set_to(nav_dropdown_open, "")),
        )
    )


def _closes_on_link(close: list[rx.Var]) -> rx.Var:
    """An onClick for a menu: a click on any link inside it (even one to the page already
    shown) runs the `close` steps."""
    return handler(lambda event: when(target_is_inside(event, "a"), *close))


def _dropdown(key: str, lang: str) -> rx.Component:
    items = DROPDOWNS[key](lang)
    return rx.el.div(
        popover_button(
            text_of(lang, f"nav.{key}"),
            icon(
                MENU_CHEVRON,
                size=16,
                stroke_width="2.5",
                class_name=f"transition-transform {OPEN_INSIDE}/dropdown:rotate-180",
            ),
            panel_id=_dropdown_id(key),
            id=f"nav-{key}-button",
            class_name=f"inline-flex items-center gap-1 [anchor-name:{_anchor(key)}] {TOP_LINK}",
        ),
        popover_panel(
            rx.el.ul(
                *(rx.el.li(_item_link(i, lang, MENU_LINK)) for i in items), class_name="space-y-0.5"
            ),
            panel_id=_dropdown_id(key),
            on_toggle=_dropdown_follows_toggle(key),
            class_name=f"[position-anchor:{_anchor(key)}] {DROPDOWN_PANEL}",
        ),
        class_name=f"group/dropdown relative {HIDDEN_WITHOUT_POPOVERS}",
        data_nav_dropdown=key,
        # What the rest of the page reads: the state, once hydrated.
        data_open=nav_dropdown_open.value.to(str) == key,
        custom_attrs={
            "onClick": _closes_on_link(_close_dropdowns()),
            "onKeyDown": _dropdown_keys(key),
            # Focus moving out of the dropdown (Tab past its last link) closes it.
            "onBlur": handler(
                lambda event: when(
                    (current(nav_dropdown_open) == key) & ~focus_stays_inside(event),
                    *_close_dropdowns(),
                )
            ),
        },
    )


def _open_dropdown_now() -> rx.Var:
    """The key of the dropdown open in the page now, or ""."""
    found: rx.Var | str = ""
    for key in reversed(DROPDOWNS):
        found = rx.cond(popover_is_open(_dropdown_id(key)), key, found)
    return found


def _menus_follow_the_page() -> rx.Component:
    """The state starts from what is open when the header mounts (a tap before the
    page's JavaScript ran opens a menu with no event the state could hear; a page shown
    after navigating has both closed); going back or forward in history closes both."""
    return rx.fragment(
        window_listener(on_popstate=handler(lambda: [*_close_dropdowns(), *_close_mobile_menu()])),
        rx.fragment(
            on_mount=handler(
                lambda: [
                    set_to(mobile_menu_open, popover_is_open(MOBILE_MENU_ID)),
                    set_to(nav_dropdown_open, _open_dropdown_now()),
                ]
            )
        ),
    )


def _mobile_menu(page: Page) -> rx.Component:
    lang = page.lang
    # The name and the icon say what a press does, by CSS from the panel's state.
    shown_when_closed = f"{OPEN_INSIDE}/mobile-menu:hidden"
    shown_when_open = f"hidden {OPEN_INSIDE}/mobile-menu:block"
    return rx.el.div(
        popover_button(
            rx.el.span(text_of(lang, "nav.menu_open"), class_name=f"sr-only {shown_when_closed}"),
            rx.el.span(text_of(lang, "nav.menu_close"), class_name=f"sr-only {shown_when_open}"),
            icon(MENU_ICON["closed"], class_name=shown_when_closed),
            icon(MENU_ICON["open"], class_name=shown_when_open),
            panel_id=MOBILE_MENU_ID,
            id=MOBILE_MENU_BUTTON_ID,
            class_name=(
                "inline-flex h-10 w-10 items-center justify-center rounded-full text-ink "
                f"hover:bg-blush {FOCUS}"
            ),
        ),
        popover_panel(
            _mobile_panel(page),
            panel_id=MOBILE_MENU_ID,
            on_toggle=handler(lambda event: set_to(mobile_menu_open, toggled_open(event))),
            class_name=MOBILE_PANEL,
        ),
        class_name=f"group/mobile-menu lg:hidden {HIDDEN_WITHOUT_POPOVERS}",
        data_mobile_menu="",
        # What the rest of the page reads: the state, once hydrated.
        data_open=mobile_menu_open.value.bool(),
    )


def _mobile_panel(page: Page) -> rx.Component:
    lang = page.lang

    def group(title: str, items: list[nav.NavItem]) -> rx.Component:
        return rx.el.li(
            rx.el.p(
                title,
                class_name="px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted",
            ),
            rx.el.ul(*(rx.el.li(_item_link(i, lang, MENU_LINK)) for i in items)),
        )

    return rx.el.nav(
        # The three ways to reach the clinic first, as in the phone's sticky bar.
        rx.el.div(
            *three_actions(
                page,
                book_class=f"{MENU_ACTION} bg-primary text-white hover:bg-primary-dark",
                other_class=f"{MENU_ACTION} border border-primary/30 text-primary hover:bg-blush",
            ),
            class_name="grid grid-cols-3 gap-2 pt-4 pb-2",
            data_menu_actions="",
        ),
        rx.el.ul(
            rx.el.li(
                page_link(path_for("home", lang), text_of(lang, "nav.home"), class_name=MENU_LINK)
            ),
            group(text_of(lang, "nav.services"), nav.services_menu(lang)),
            group(text_of(lang, "nav.team"), nav.team_menu(lang)),
            rx.el.li(
                page_link(
                    path_for("contact", lang), text_of(lang, "nav.contact"), class_name=MENU_LINK
                )
            ),
            rx.el.li(_item_link(nav.memberships(lang), lang, MENU_LINK)),
            class_name="space-y-0.5",
        ),
        aria_label=text_of(lang, "nav.label"),
        # A click on any link closes the menu, even one to the page already shown.
        custom_attrs={"onClick": _closes_on_link(_close_mobile_menu())},
    )


def navbar(page: Page) -> rx.Component:
    lang = page.lang
    clinic = content().clinic
    tagline = text_with_facts(lang, "site.tagline")
    logo = page_link(
        path_for("home", lang),
        rx.el.span(clinic.brand, class_name="text-xl font-bold tracking-tight text-primary"),
        " ",  # so the visible text reads "<brand> <tagline>", as its accessible name does
        rx.el.span(tagline, class_name="hidden text-xs text-muted sm:block"),
        aria_label=text_with_facts(lang, "site.logo_label", tagline=tagline),
        class_name=f"flex flex-col leading-tight rounded-md {FOCUS}",
    )
    desktop_nav = rx.el.nav(
        rx.el.ul(
            rx.el.li(
                page_link(path_for("home", lang), text_of(lang, "nav.home"), class_name=TOP_LINK)
            ),
            *(rx.el.li(_dropdown(key, lang)) for key in DROPDOWNS),
            rx.el.li(
                page_link(
                    path_for("contact", lang), text_of(lang, "nav.contact"), class_name=TOP_LINK
                )
            ),
            rx.el.li(_item_link(nav.memberships(lang), lang, TOP_LINK)),
            class_name="flex items-center gap-1",
        ),
        aria_label=text_of(lang, "nav.label"),
        class_name="hidden lg:block",
    )
    return rx.el.header(
        rx.el.div(
            logo,
            desktop_nav,
            rx.el.div(
                page_link(
                    path_for("booking", lang),
                    # Phones get the short label so the bar never wraps.
                    rx.el.span(text_of(lang, "nav.book_short"), class_name="sm:hidden"),
                    rx.el.span(text_of(lang, "nav.book"), class_name="hidden sm:inline"),
                    class_name=f"whitespace-nowrap {BOOK_BUTTON}",
                ),
                whatsapp_action(
                    page,
                    icon(*CHAT_ICON, size=18),
                    aria_label=text_of(lang, "actions.whatsapp"),
                    title=text_of(lang, "actions.whatsapp"),
                    class_name=HEADER_CONTACT,
                    data_header_contact="",
                ),
                call_action(
                    page,
                    icon(*PHONE_ICON, size=18),
                    aria_label=text_of(lang, "actions.call_number", phone=clinic.phone),
                    title=clinic.phone,
                    class_name=HEADER_CONTACT,
                    data_header_contact="",
                ),
                language_switcher(page),
                _mobile_menu(page),
                class_name="flex items-center gap-2",
            ),
            class_name=f"mx-auto flex {HEADER_HEIGHT_CLASS} max-w-6xl items-center justify-between gap-4 px-4",
        ),
        _menus_follow_the_page(),
        class_name="fixed inset-x-0 top-0 z-40 border-b border-primary/10 bg-white/95 backdrop-blur",
    )
