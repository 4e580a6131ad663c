"""The home page's weight budget (devtools/page_weight.py): what a phone downloads in
scripts and styles, gzip -9, on load and once scrolled to the bottom, in every language
(each language's words are in its page's code). bench/home_weight.py lists every file.

A smoke test: the budget holds for the clinic deployed, whatever its size (a grown clinic's
menus and route manifest are what could push it over), not only for the fixture clinic."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from clinic.site.routes import path_for
from devtools.page_weight import measure_page, over_budget
from tests.e2e.languages import LANGS


@pytest.mark.smoke
@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_keeps_its_script_and_style_budget(mobile_page: Page, base_url, lang):
    result = measure_page(mobile_page, base_url, path_for("home", lang))
    problems = over_budget(result)
    assert not problems, "\n".join(problems)
    # A measure that saw no script would pass any budget.
    assert result["totals"]["script_load"]["files"] > 0, (
        f"no script of the site seen on {result['path']}"
    )
