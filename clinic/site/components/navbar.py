"""The fixed top navigation bar (spec section 2): logo, Home, Services and Medical Team
dropdowns, Contact, Memberships, book button, language toggle and the mobile menu."""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.links import external_link, page_link
from clinic.site.components.ui import BUTTON_PRIMARY
from clinic.site.components.ui import FOCUS_RING as FOCUS
from clinic.site.components.widgets import mobile_menu, nav_dropdown
from clinic.site.content import content
from clinic.site.i18n import t, tc
from clinic.site.routes import Page, other_lang, path_for, twin_path

HEADER_HEIGHT_CLASS = "h-16"  # 64 px: the offset anchors leave for this bar

TOP_LINK = f"rounded-md px-3 py-2 text-[0.95rem] font-medium text-ink hover:text-primary hover:bg-blush {FOCUS}"
MENU_LINK = f"block rounded-md px-3 py-2 text-ink hover:bg-blush hover:text-primary {FOCUS}"
BOOK_BUTTON = BUTTON_PRIMARY.replace("px-5", "px-4").replace("text-base", "text-sm")


def _item_link(item: nav.NavItem, lang: str, class_name: str) -> rx.Component:
    if item.external:
        return external_link(item.href, item.label, lang=lang, class_name=class_name)
    return page_link(item.href, item.label, class_name=class_name)


def _dropdown(label: str, items: list[nav.NavItem], lang: str) -> rx.Component:
    return nav_dropdown(
        rx.el.ul(*(rx.el.li(_item_link(i, lang, MENU_LINK)) for i in items), class_name="space-y-0.5"),
        label=label,
        button_class_name=f"inline-flex items-center gap-1 {TOP_LINK}",
        panel_class_name=(
            "absolute left-0 top-full mt-2 w-72 rounded-xl border border-primary/10 bg-white "
            "p-2 shadow-lg"
        ),
    )


def language_toggle(page: Page) -> rx.Component:
    target = other_lang(page.lang)
    return page_link(
        twin_path(page.path),
        t(page.lang, "nav.toggle_other"),
        aria_label=t(page.lang, "nav.toggle_label"),
        # No lang=target: the accessible name (aria-label) is in the page's own language.
        href_lang=target,
        class_name=(
            "inline-flex h-10 min-w-10 items-center justify-center rounded-full border "
            f"border-primary/30 px-3 text-sm font-semibold text-primary hover:bg-blush {FOCUS}"
        ),
    )


def _mobile_panel(lang: str) -> rx.Component:
    def group(title: str, items: list[nav.NavItem]) -> rx.Component:
        return rx.el.li(
            rx.el.p(title, class_name="px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted"),
            rx.el.ul(*(rx.el.li(_item_link(i, lang, MENU_LINK)) for i in items)),
        )

    return rx.el.nav(
        rx.el.ul(
            rx.el.li(page_link(path_for("home", lang), t(lang, "nav.home"), class_name=MENU_LINK)),
            group(t(lang, "nav.services"), nav.services_menu(lang)),
            group(t(lang, "nav.team"), nav.team_menu(lang)),
            rx.el.li(page_link(path_for("contact", lang), t(lang, "nav.contact"), class_name=MENU_LINK)),
            rx.el.li(_item_link(nav.memberships(lang), lang, MENU_LINK)),
            class_name="space-y-0.5",
        ),
        aria_label=t(lang, "nav.label"),
    )


def navbar(page: Page) -> rx.Component:
    lang = page.lang
    clinic = content().clinic
    logo = page_link(
        path_for("home", lang),
        rx.el.span(clinic.brand, class_name="text-xl font-bold tracking-tight text-primary"),
        " ",  # so the visible text reads "Lumara Ginecología...", as its accessible name does
        rx.el.span(t(lang, "site.tagline"), class_name="hidden text-xs text-muted sm:block"),
        aria_label=tc(lang, "site.logo_label", tagline=t(lang, "site.tagline")),
        class_name=f"flex flex-col leading-tight rounded-md {FOCUS}",
    )
    desktop_nav = rx.el.nav(
        rx.el.ul(
            rx.el.li(page_link(path_for("home", lang), t(lang, "nav.home"), class_name=TOP_LINK)),
            rx.el.li(_dropdown(t(lang, "nav.services"), nav.services_menu(lang), lang)),
            rx.el.li(_dropdown(t(lang, "nav.team"), nav.team_menu(lang), lang)),
            rx.el.li(page_link(path_for("contact", lang), t(lang, "nav.contact"), class_name=TOP_LINK)),
            rx.el.li(_item_link(nav.memberships(lang), lang, TOP_LINK)),
            class_name="flex items-center gap-1",
        ),
        aria_label=t(lang, "nav.label"),
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
                    rx.el.span(t(lang, "nav.book_short"), class_name="sm:hidden"),
                    rx.el.span(t(lang, "nav.book"), class_name="hidden sm:inline"),
                    class_name=f"whitespace-nowrap {BOOK_BUTTON}",
                ),
                language_toggle(page),
                mobile_menu(
                    _mobile_panel(lang),
                    open_label=t(lang, "nav.menu_open"),
                    close_label=t(lang, "nav.menu_close"),
                    button_class_name=(
                        "inline-flex h-10 w-10 items-center justify-center rounded-full text-ink "
                        f"hover:bg-blush {FOCUS}"
                    ),
                    panel_class_name=(
                        "absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto "
                        "border-b border-primary/10 bg-white px-4 pb-6 shadow-lg"
                    ),
                ),
                class_name="flex items-center gap-2",
            ),
            class_name=f"mx-auto flex {HEADER_HEIGHT_CLASS} max-w-6xl items-center justify-between gap-4 px-4",
        ),
        class_name="fixed inset-x-0 top-0 z-40 border-b border-primary/10 bg-white/95 backdrop-blur",
    )
