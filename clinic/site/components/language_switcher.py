"""The language switcher in the header (docs/design.md, "States"), from content/languages.yaml.

With two languages it is the spec's toggle: one link, "EN" on a Spanish page, to the
same page in the other language. With three or more, a button with the page's own
language's code ("FR") opens a native popover listing every language by its name in itself,
each a link to the same page in that language: it opens, closes and is used by keyboard
from first paint, before and without the page's JavaScript, like the other menus
(clinic/site/components/popover.py).

Each link to another language loads that page as a document, not client-side: a page
carries the routes of its own language only (clinic/site/components/links.py).

Every link carries `hreflang`: a language chosen here is never undone by the first-visit
redirect (assets/behaviors/before_paint/first_visit.js remembers a click on any link with hreflang).
"""

from __future__ import annotations

import reflex as rx

from clinic.framework.browser_steps import handler, when
from clinic.site.components.dom import target_is_inside
from clinic.site.components.links import other_language_link, page_link
from clinic.site.components.popover import (
    HIDDEN_WITHOUT_POPOVERS,
    MENU_CHEVRON,
    MENU_PANEL_BOX,
    OPEN_INSIDE,
    WITH_ANCHORS,
    hide_popover,
    popover_button,
    popover_panel,
)
from clinic.site.components.styles import FOCUS_RING as FOCUS
from clinic.site.components.styles import icon
from clinic.site.content import LANGS, LANGUAGES
from clinic.site.i18n import text_of
from clinic.site.routes import Page, other_lang, twin_path

BUTTON = (
    "inline-flex h-10 min-w-10 items-center justify-center rounded-full border "
    f"border-primary/30 px-3 text-sm font-semibold text-primary hover:bg-blush {FOCUS}"
)
PANEL_ID = "language-menu"
BUTTON_ID = f"{PANEL_ID}-button"
ANCHOR = "--language-menu"
# In the top layer, under its button by CSS anchor positioning (right edges aligned, the
# button sits at the header's right); where anchors are unknown, under the bar at the right.
PANEL = (
    f"fixed top-15 right-4 left-auto bottom-auto m-0 h-auto w-48 {MENU_PANEL_BOX} "
    f"{WITH_ANCHORS}:top-[anchor(bottom)] {WITH_ANCHORS}:right-[anchor(right)] {WITH_ANCHORS}:mt-2"
)
MENU_LINK = (
    f"flex min-h-11 items-center rounded-md px-3 text-ink hover:bg-blush hover:text-primary {FOCUS}"
)


def language_toggle(page: Page) -> rx.Component:
    """Two languages: one link to the same page in the other one."""
    return other_language_link(
        twin_path(page.path),
        text_of(page.lang, "nav.toggle_other"),
        aria_label=text_of(page.lang, "nav.toggle_label"),
        # No lang=target: the accessible name (aria-label) is in the page's own language.
        href_lang=other_lang(page.lang),
        class_name=BUTTON,
    )


def _choice(page: Page, lang: str, name: str) -> rx.Component:
    here = lang == page.lang
    # The language shown stays a client-side link: to this very page.
    link = page_link if here else other_language_link
    return rx.el.li(
        link(
            twin_path(page.path, lang),
            name,
            # Each name is in its own language, and said so to screen readers.
            lang=lang,
            href_lang=lang,
            **({"aria_current": "true"} if here else {}),
            class_name=f"{MENU_LINK} {'font-semibold text-primary' if here else ''}",
        )
    )


def language_menu(page: Page) -> rx.Component:
    """Three or more languages: a popover listing each by its own name."""
    close = handler(lambda event: when(target_is_inside(event, "a"), hide_popover(PANEL_ID)))
    return rx.el.div(
        popover_button(
            # The language's code, as every language's pages spell it ("FR"): right from
            # the first draft of a new language's texts.
            page.lang.upper(),
            icon(
                MENU_CHEVRON,
                size=14,
                stroke_width="2.5",
                class_name=f"ml-1 transition-transform {OPEN_INSIDE}/language:rotate-180",
            ),
            panel_id=PANEL_ID,
            id=BUTTON_ID,
            aria_label=text_of(page.lang, "nav.languages_label", code=page.lang.upper()),
            class_name=f"[anchor-name:{ANCHOR}] {BUTTON}",
        ),
        popover_panel(
            rx.el.ul(
                *(_choice(page, language.code, language.name) for language in LANGUAGES),
                class_name="space-y-0.5",
            ),
            panel_id=PANEL_ID,
            class_name=f"[position-anchor:{ANCHOR}] {PANEL}",
        ),
        class_name=f"group/language relative {HIDDEN_WITHOUT_POPOVERS}",
        data_language_menu="",
        # A choice of the language already shown navigates nowhere: the menu closes anyway.
        custom_attrs={"onClick": close},
    )


def language_switcher(page: Page) -> rx.Component:
    """The toggle with two languages, the menu with more."""
    return language_toggle(page) if len(LANGS) == 2 else language_menu(page)
