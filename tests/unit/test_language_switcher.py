"""The language switcher (clinic/site/components/language_switcher.py), as compiled: the
toggle with two languages, the menu of every language by its own name with more. The
languages come from content; the menu is checked on this site's languages too (it is the
same component a third language gets: tests/unit/test_languages.py builds one)."""

from __future__ import annotations

import json

import pytest

from clinic.site.components.language_switcher import (
    PANEL_ID,
    language_menu,
    language_switcher,
    language_toggle,
)
from clinic.site.content import LANGS, LANGUAGES
from clinic.site.routes import all_pages, other_lang, twin_path
from tests.texts import text_of

# One page of each kind in each language.
PAGES = list({(p.kind, p.lang): p for p in all_pages()}.values())


def ids(pages) -> list[str]:
    return [f"{p.lang}-{p.kind}" for p in pages]


def compiled(component) -> str:
    return str(component)


def attr(name: str, value: str) -> str:
    """How the compiled component writes a prop (`hrefLang:"en"`)."""
    return f"{name}:{json.dumps(value)}"


@pytest.mark.skipif(len(LANGS) != 2, reason="two languages get the toggle")
@pytest.mark.parametrize("p", PAGES, ids=ids(PAGES))
def test_two_languages_get_the_toggle_to_the_same_page(p):
    toggle = compiled(language_switcher(p))
    assert toggle == compiled(language_toggle(p))
    # A plain link: the other language's page loads as a document (a page carries its own
    # language's routes only).
    assert toggle.startswith('jsx("a",') and "ReactRouterLink" not in toggle
    assert attr("href", twin_path(p.path)) in toggle
    assert attr("hrefLang", other_lang(p.lang)) in toggle
    assert json.dumps(text_of(p.lang, "nav.toggle_other")) in toggle
    assert "popoverTarget" not in toggle


@pytest.mark.parametrize("p", PAGES, ids=ids(PAGES))
def test_the_menu_lists_every_language_by_its_name_leading_to_the_same_page(p):
    menu = compiled(language_menu(p))
    assert attr("popoverTarget", PANEL_ID) in menu and attr("popover", "auto") in menu
    assert json.dumps(text_of(p.lang, "nav.languages_label", code=p.lang.upper())) in menu
    positions = []
    for language in LANGUAGES:
        code, path = language.code, twin_path(p.path, language.code)
        # The page's own language a client-side link to this page, every other a plain link
        # that loads the other language's page (a page carries its own language's routes).
        props = (
            f"{attr('hrefLang', code)},{attr('lang', code)},{attr('to', path)}"
            if code == p.lang
            else f"{attr('href', path)},{attr('hrefLang', code)},{attr('lang', code)}"
        )
        link = f"{props}}},{json.dumps(language.name)}"
        assert link in menu, language.code
        positions.append(menu.index(link))
    assert positions == sorted(positions)  # in content's order
    assert menu.count('"aria-current":"true"') == 1
    assert menu.count("ReactRouterLink") == 1
