"""The site's languages for the browser tests, as the content lists them: a test never
types a language code. Where a test needs a pair (a switch from one language to another,
a text in one language that must not show in another), it takes the default language and
the next one in the content's order.

A language is chosen in the header with whichever switcher the content's languages give
the site: with two, the spec's toggle (one link to the other language); with more, a menu
button whose popover lists every language (clinic/site/components/language_switcher.py).

Which tests run in every language. A language changes a page's words, the words' lengths
(so its layout), its paths, its formats (dates, prices) and what it tells a third party
(Cal.com's locale, WhatsApp's text): a test of any of those runs in every language
(`LANGS`). What a component does with a key press, a timer, a scroll or without scripts
(the focus walk, the keyboard's way through a page, the carousel's timing, the floating
bar's threshold, a control without JavaScript) is the component's own and the same in
every language: such a test runs in the default language only. Its words are still
checked there (the component picks its text by key), every language has every key (the
unit tests), and no page in any language shows a missing key (test_site_invariants.py)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page

from clinic.site.components.language_switcher import BUTTON_ID, PANEL_ID
from clinic.site.content import DEFAULT_LANG, LANGS
from clinic.site.i18n import text_of
from clinic.site.routes import language, other_langs

# The language after the default one (the default itself on a one-language site).
NEXT_LANG = (*other_langs(DEFAULT_LANG), DEFAULT_LANG)[0]
TOGGLE = len(LANGS) == 2

__all__ = [
    "DEFAULT_LANG",
    "LANGS",
    "NEXT_LANG",
    "TOGGLE",
    "choose_language",
    "language_link",
    "link_text",
]


def language_link(page: Page, lang: str) -> Locator:
    """The header's link to the same page in `lang`, on screen: the toggle, or the menu's
    entry once the menu is open (this opens it)."""
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
