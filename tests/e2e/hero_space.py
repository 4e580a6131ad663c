"""How much of a page's hero is empty under its last visible line, as a patient sees it.

The measure: the hero's bottom edge minus the lowest bottom of anything visible in it
(each line of text, each picture or control; elements hidden with `visibility` or
`opacity` do not count, the space they hold does). A hero that ends with its own bottom
padding measures that padding.
"""

from __future__ import annotations

from playwright.sync_api import Locator

# The bound for a doctor's hero on a phone: no more than its padding, under
# 96 px (a quarter of a first screen stood empty before: 222-250 px).
EMPTY_BAND_LIMIT_PX = 96

EMPTY_BELOW_LAST_LINE = """(hero) => {
    const visible = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    let last = hero.getBoundingClientRect().top;
    const texts = document.createTreeWalker(hero, NodeFilter.SHOW_TEXT);
    while (texts.nextNode()) {
        const node = texts.currentNode;
        if (!node.textContent.trim() || !visible(node.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
            if (line.height > 0) last = Math.max(last, line.bottom);
        }
    }
    for (const el of hero.querySelectorAll('img, svg, picture, a, button, input, select')) {
        const box = el.getBoundingClientRect();
        if (box.height > 0 && visible(el)) last = Math.max(last, box.bottom);
    }
    return hero.getBoundingClientRect().bottom - last;
}"""


def empty_below_last_line(hero: Locator) -> float:
    return hero.evaluate(EMPTY_BELOW_LAST_LINE)


def doctor_hero(page) -> Locator:
    """The doctor's page's hero: the first section of its main content."""
    return page.locator("main section").first
