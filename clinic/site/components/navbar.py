"""The fixed top navigation bar (spec section 2): logo, Home, Services and Medical Team
dropdowns, Contact, Memberships, book button, language toggle and the mobile menu.

The open dropdown and the mobile menu are client state:
`nav_dropdown_open` holds the key of the dropdown shown ("" for none), `mobile_menu_open`
whether the phone menu is shown. Both close after any navigation (a click on one of
their links), on Escape (focus back to their button) and on a press outside them.

A click on a link closes its menu through one handler on the menu (`_closes_on_link`),
not an event on each link: every link with an event of its own becomes a component in
the code every page loads, and the menus hold dozens of links.
"""

from __future__ import annotations

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from clinic.reflex_bridge import (
    browser_step,
    current,
    function,
    handler,
    set_to,
    when,
    window_listener,
)
from clinic.site import navigation as nav
from clinic.site.components.dom import focus_element, focus_stays_inside, target_is_inside
from clinic.site.components.fixed_bars import HEADER_HEIGHT_CLASS
from clinic.site.components.links import external_link, page_link
from clinic.site.components.quick_actions import (
    CHAT_ICON,
    PHONE_ICON,
    call_action,
    three_actions,
    whatsapp_action,
)
from clinic.site.components.ui import BUTTON_PRIMARY, icon
from clinic.site.components.ui import FOCUS_RING as FOCUS
from clinic.site.content import content
from clinic.site.i18n import text_of, text_with_facts
from clinic.site.routes import Page, other_lang, path_for, twin_path

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
CHEVRON = "M6 9l6 6 6-6"
MENU_ICON = {"closed": "M4 7h16M4 12h16M4 17h16", "open": "M6 6l12 12M18 6L6 18"}


def _item_link(item: nav.NavItem, lang: str, class_name: str, **props) -> rx.Component:
    if item.external:
        return external_link(item.href, item.label, lang=lang, class_name=class_name, **props)
    return page_link(item.href, item.label, class_name=class_name, **props)


def _dropdown_keys(key: str) -> rx.Var:
    """The dropdown's keys (assets/behaviors/menus.js): opening it sets the state to its
    key, closing it to ""."""
    return handler(
        lambda event: dropdown_keys(
            {
                "isOpen": current(nav_dropdown_open) == key,
                "open": function(lambda: set_to(nav_dropdown_open, key)),
                "close": function(lambda: set_to(nav_dropdown_open, "")),
                "listId": f"nav-{key}",
                "buttonId": f"nav-{key}-button",
            },
            event,
        )
    )


def _closes_on_link(state: ClientStateVar, closed) -> rx.Var:
    """An onClick for a menu: a click on any link inside it (even one to the page already
    shown) sets `state` to `closed`."""
    return handler(lambda event: when(target_is_inside(event, "a"), set_to(state, closed)))


def _dropdown(key: str, label: str, items: list[nav.NavItem], lang: str) -> rx.Component:
    is_open = nav_dropdown_open.value.to(str) == key
    return rx.el.div(
        rx.el.button(
            label,
            icon(
                CHEVRON,
                size=16,
                stroke_width="2.5",
                class_name=rx.cond(
                    is_open, "rotate-180 transition-transform", "transition-transform"
                ),
            ),
            id=f"nav-{key}-button",
            type="button",
            aria_expanded=is_open,
            aria_controls=f"nav-{key}",
            on_click=nav_dropdown_open.set_value(rx.cond(is_open, "", key)),
            class_name=f"inline-flex items-center gap-1 {TOP_LINK}",
        ),
        rx.el.div(
            rx.el.ul(
                *(rx.el.li(_item_link(i, lang, MENU_LINK)) for i in items), class_name="space-y-0.5"
            ),
            id=f"nav-{key}",
            hidden=~is_open,
            class_name=(
                "absolute left-0 top-full mt-2 w-72 rounded-xl border border-primary/10 bg-white "
                "p-2 shadow-lg"
            ),
        ),
        class_name="relative",
        data_nav_dropdown=key,
        custom_attrs={
            "onClick": _closes_on_link(nav_dropdown_open, ""),
            "onKeyDown": _dropdown_keys(key),
            # Focus moving out of the dropdown (Tab past its last link) closes it.
            "onBlur": handler(
                lambda event: when(
                    (current(nav_dropdown_open) == key) & ~focus_stays_inside(event),
                    set_to(nav_dropdown_open, ""),
                )
            ),
        },
    )


def _menus_close_outside() -> rx.Component:
    """A press outside the open dropdown or the phone menu closes it; Escape closes the
    phone menu (focus back on its button); so does going back or forward in history."""
    return window_listener(
        on_pointer_down=handler(
            lambda event: [
                when(
                    ~target_is_inside(event, "[data-nav-dropdown]"), set_to(nav_dropdown_open, "")
                ),
                when(
                    ~target_is_inside(event, "[data-mobile-menu]"), set_to(mobile_menu_open, False)
                ),
            ]
        ),
        on_key_down=handler(
            lambda key: when(
                (key.to(str) == "Escape") & current(mobile_menu_open).to(bool),
                set_to(mobile_menu_open, False),
                focus_element(MOBILE_MENU_BUTTON_ID),
            )
        ),
        on_popstate=handler(
            lambda: [set_to(nav_dropdown_open, ""), set_to(mobile_menu_open, False)]
        ),
    )


def _mobile_menu(page: Page) -> rx.Component:
    lang = page.lang
    is_open = mobile_menu_open.value.bool()
    return rx.el.div(
        rx.el.button(
            rx.cond(is_open, icon(MENU_ICON["open"]), icon(MENU_ICON["closed"])),
            id=MOBILE_MENU_BUTTON_ID,
            type="button",
            aria_expanded=is_open,
            aria_controls=MOBILE_MENU_ID,
            aria_label=rx.cond(
                is_open, text_of(lang, "nav.menu_close"), text_of(lang, "nav.menu_open")
            ),
            on_click=mobile_menu_open.set_value(~is_open),
            class_name=(
                "inline-flex h-10 w-10 items-center justify-center rounded-full text-ink "
                f"hover:bg-blush {FOCUS}"
            ),
        ),
        rx.el.div(
            _mobile_panel(page),
            id=MOBILE_MENU_ID,
            hidden=~is_open,
            class_name=(
                "absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto "
                "border-b border-primary/10 bg-white px-4 pb-6 shadow-lg"
            ),
        ),
        class_name="lg:hidden",
        data_mobile_menu="",
    )


def language_toggle(page: Page) -> rx.Component:
    target = other_lang(page.lang)
    return page_link(
        twin_path(page.path),
        text_of(page.lang, "nav.toggle_other"),
        aria_label=text_of(page.lang, "nav.toggle_label"),
        # No lang=target: the accessible name (aria-label) is in the page's own language.
        href_lang=target,
        # A language chosen here is never undone by the first-visit redirect
        # (assets/behaviors/first_visit.js remembers a click on any link with hreflang).
        class_name=(
            "inline-flex h-10 min-w-10 items-center justify-center rounded-full border "
            f"border-primary/30 px-3 text-sm font-semibold text-primary hover:bg-blush {FOCUS}"
        ),
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
        custom_attrs={"onClick": _closes_on_link(mobile_menu_open, False)},
    )


def navbar(page: Page) -> rx.Component:
    lang = page.lang
    clinic = content().clinic
    logo = page_link(
        path_for("home", lang),
        rx.el.span(clinic.brand, class_name="text-xl font-bold tracking-tight text-primary"),
        " ",  # so the visible text reads "Lumara Ginecología...", as its accessible name does
        rx.el.span(text_of(lang, "site.tagline"), class_name="hidden text-xs text-muted sm:block"),
        aria_label=text_with_facts(lang, "site.logo_label", tagline=text_of(lang, "site.tagline")),
        class_name=f"flex flex-col leading-tight rounded-md {FOCUS}",
    )
    desktop_nav = rx.el.nav(
        rx.el.ul(
            rx.el.li(
                page_link(path_for("home", lang), text_of(lang, "nav.home"), class_name=TOP_LINK)
            ),
            rx.el.li(
                _dropdown("services", text_of(lang, "nav.services"), nav.services_menu(lang), lang)
            ),
            rx.el.li(_dropdown("team", text_of(lang, "nav.team"), nav.team_menu(lang), lang)),
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
                language_toggle(page),
                _mobile_menu(page),
                class_name="flex items-center gap-2",
            ),
            class_name=f"mx-auto flex {HEADER_HEIGHT_CLASS} max-w-6xl items-center justify-between gap-4 px-4",
        ),
        _menus_close_outside(),
        class_name="fixed inset-x-0 top-0 z-40 border-b border-primary/10 bg-white/95 backdrop-blur",
    )
