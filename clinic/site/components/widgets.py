"""Python handles for the small React widgets in assets/widgets/.

The site keeps no per-visitor server state (DESIGN section 2), so every piece of UI
state (open menus, the floating button, anchor scrolling, the 404 page's language) lives
in one of these client components.
"""

from __future__ import annotations

import reflex as rx


class _Widget(rx.Component):
    """A named export of a .jsx file served from assets/widgets/."""

    @classmethod
    def at(cls, file: str) -> str:
        return f"$/public/widgets/{file}.jsx"


class NavDropdown(_Widget):
    library = _Widget.at("NavDropdown")
    tag = "NavDropdown"
    label: rx.Var[str]
    button_class_name: rx.Var[str]
    panel_class_name: rx.Var[str]


class MobileMenu(_Widget):
    library = _Widget.at("MobileMenu")
    tag = "MobileMenu"
    open_label: rx.Var[str]
    close_label: rx.Var[str]
    button_class_name: rx.Var[str]
    panel_class_name: rx.Var[str]


class FloatingBook(_Widget):
    library = _Widget.at("FloatingBook")
    tag = "FloatingBook"


class AnchorScroll(_Widget):
    library = _Widget.at("AnchorScroll")
    tag = "AnchorScroll"


class ByPathLanguage(_Widget):
    library = _Widget.at("ByPathLanguage")
    tag = "ByPathLanguage"
    redirects: rx.Var[dict[str, str]]
    # The tab title per language ([Spanish, English]): the shared head is Spanish.
    titles: rx.Var[list[str]]


nav_dropdown = NavDropdown.create
mobile_menu = MobileMenu.create
floating_book = FloatingBook.create
anchor_scroll = AnchorScroll.create
by_path_language = ByPathLanguage.create


class CurrentYear(_Widget):
    library = _Widget.at("CurrentYear")
    tag = "CurrentYear"
    build_year: rx.Var[int]


current_year = CurrentYear.create


class DocumentLanguage(_Widget):
    library = _Widget.at("DocumentLanguage")
    tag = "DocumentLanguage"
    lang: rx.Var[str]


document_language = DocumentLanguage.create
