"""The site's languages for the browser tests, as the content lists them: a test never
types a language code. Where a test needs a pair (a switch from one language to another,
a text in one language that must not show in another), it takes the default language and
the next one in the content's order."""

from __future__ import annotations

from playwright.sync_api import Locator, Page

from clinic.site.components.language_switcher import BUTTON_ID as LANGUAGE_MENU_BUTTON_ID
from clinic.site.content import DEFAULT_LANG, LANGS
from clinic.site.routes import other_langs

# The language after the default one (the default itself on a one-language site).
NEXT_LANG = (*other_langs(DEFAULT_LANG), DEFAULT_LANG)[0]

__all__ = ["DEFAULT_LANG", "LANGS", "NEXT_LANG", "language_link"]


def language_link(page: Page, lang: str) -> Locator:
    """The header's link to the page in `lang`: the toggle with two languages; with more,
    the link in the language menu, which this opens first."""
    if len(LANGS) > 2:
        page.locator(f"#{LANGUAGE_MENU_BUTTON_ID}").click()
    return page.locator(f"header a[hreflang='{lang}']").first
