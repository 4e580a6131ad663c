"""The fixed header as the browser lays it out, for tests of what must stay clear of it.

Tests measure the rendered header and the page's scroll padding rather than reading a
size from the code: a taller header, or a bar above it, keeps them right, while a section
or panel landing under the header still fails them."""

from __future__ import annotations

from playwright.sync_api import Page

# The part of the window the fixed header covers, from the window's top to its lower edge
# (border included), wherever the header sits.
HEADER_BOTTOM = "() => document.querySelector('header').getBoundingClientRect().bottom"
SCROLL_PADDING_TOP = "() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)"


def header_bottom(page: Page) -> float:
    """Where the fixed header ends, in pixels from the window's top."""
    return page.evaluate(HEADER_BOTTOM)


def header_middle(page: Page) -> float:
    """The header's vertical middle, in pixels from the window's top."""
    box = page.locator("header").first.bounding_box()
    return box["y"] + box["height"] / 2


def scroll_padding_top(page: Page) -> float:
    """The page's computed `scroll-padding-top`: where the browser puts what it scrolls to."""
    return page.evaluate(SCROLL_PADDING_TOP)
