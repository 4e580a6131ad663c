"""Choosing a language in the header, whichever switcher the content's languages give the
site: with two, the spec's toggle (one link to the other language); with more, a menu
button whose popover lists every language (clinic/site/components/language_switcher.py)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page

from clinic.site.components.language_switcher import BUTTON_ID, PANEL_ID
from clinic.site.content import LANGS
from clinic.site.i18n import text_of
from clinic.site.routes import language

TOGGLE = len(LANGS) == 2


def language_link(page: Page, lang: str) -> Locator:
    """The header's link to the same page in `lang`, on screen: the toggle, or the menu's
    entry once the menu is open."""
    if TOGGLE:
        return page.locator(f"header a[hreflang='{lang}']")
    menu = page.locator(f"#{PANEL_ID}")
    if not menu.is_visible():
        page.locator(f"#{BUTTON_ID}").click()
    return menu.locator(f"a[hreflang='{lang}']")


def link_text(page_lang: str, lang: str) -> str:
    """What that link says on a page in `page_lang`: the toggle, the other language's code
    ("EN"); the menu, the language's name in itself ("English")."""
    return text_of(page_lang, "nav.toggle_other") if TOGGLE else language(lang).name


def choose_language(page: Page, lang: str) -> None:
    language_link(page, lang).click()
