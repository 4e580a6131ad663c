"""The home page's first screen (in every language) and map facade (in the default
language), in Chromium, at phone (390x844) and desktop (1280x800) sizes.

- The title, the book button and the chips (fee, the content's selling points, rating) are inside
  the first viewport; the three permits are on the page.
- No request goes to any Google host before the patient presses the map button (every
  request of the page is recorded from the first byte, through a scroll to the map).
- After the press, with Google stubbed by a Playwright route (never the real network),
  the frame is in place, and the Content-Security-Policy let the probe and the frame
  through.
- With Google aborted (an ad blocker, no connection) the picture, the address and the
  "how to get there" links stay and no frame is ever shown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from clinic.site.content import content
from clinic.site.directions import DIRECTIONS
from clinic.site.i18n import consultation_price, fill_facts, rating_values
from clinic.site.page_content.home import home_content
from clinic.site.routes import path_for
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.languages import DEFAULT_LANG, LANGS
from tests.e2e.page_ready import page_ready
from tests.texts import text_of

VIEWPORTS = {"mobile": MOBILE, "desktop": DESKTOP}
GOOGLE_HOST = re.compile(
    r"(^|\.)(google\.[a-z.]+|gstatic\.com|googleapis\.com|googleusercontent\.com|ggpht\.com|googletagmanager\.com)$"
)
MAP_STUB = "<!doctype html><html><head><title>map stub</title></head><body>map</body></html>"


def is_google(url: str) -> bool:
    return bool(GOOGLE_HOST.search(urlsplit(url).hostname or ""))


@dataclass
class HomeVisit:
    """The home page in one language, with the URL of every request it made."""

    page: Page
    lang: str
    requests: list[str] = field(default_factory=list)


def visit_home(new_context, lang: str, size: str) -> HomeVisit:
    """The home page's context in `lang` at `size`; every request recorded."""
    mobile = size == "mobile"
    context = new_context(viewport=VIEWPORTS[size], is_mobile=mobile, has_touch=mobile)
    context.add_init_script(
        "window.__cspViolations = [];"
        "document.addEventListener('securitypolicyviolation', e =>"
        " window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    visit = HomeVisit(context.new_page(), lang)
    visit.page.on("request", lambda r: visit.requests.append(r.url))
    return visit


@pytest.fixture(
    params=[(lang, size) for lang in LANGS for size in VIEWPORTS], ids=lambda p: f"{p[0]}-{p[1]}"
)
def home(request, new_context) -> HomeVisit:
    """In every language: the first screen holds what it must with each language's words."""
    return visit_home(new_context, *request.param)


@pytest.fixture(params=list(VIEWPORTS))
def default_home(request, new_context) -> HomeVisit:
    """In the default language: what the map facade asks of the network is its own, the
    same in every language (tests/e2e/languages.py, "Which tests run in every language")."""
    return visit_home(new_context, DEFAULT_LANG, request.param)


def open_home(page, lang: str):
    response = page.goto(path_for("home", lang))
    assert response.status == 200
    # Hydrated: the certifications carousel has reported its first slide.
    expect(page.locator("#certifications [data-carousel]")).to_have_attribute(
        "data-selected-index", "0"
    )


def scroll_to_map(page):
    page.locator("#location").scroll_into_view_if_needed()
    page.locator("#location [data-map-load]").scroll_into_view_if_needed()
    page_ready(page)  # what coming near the map starts (lazy images, observers) is done


def google_requests(visit: HomeVisit) -> list[str]:
    return [url for url in visit.requests if is_google(url)]


def test_title_book_button_and_chips_are_in_the_first_screen(home):
    page, lang = home.page, home.lang
    open_home(page, lang)
    hero = page.locator("#hero")
    expect(hero.locator("h1")).to_be_in_viewport(ratio=1)
    expect(hero.locator("[data-hero-book]")).to_be_in_viewport(ratio=1)
    expect(hero.locator("[data-hero-book]")).to_have_attribute("href", path_for("booking", lang))
    # The fee, the content's selling points, the rating.
    selling_points = home_content().hero_chips
    chips = hero.locator("[data-chips] [data-chip]")
    expect(chips).to_have_count(2 + len(selling_points))
    for chip in chips.all():
        expect(chip).to_be_in_viewport(ratio=1)
    expect(hero.locator("[data-chip='price']")).to_contain_text(consultation_price(lang))
    for point in selling_points:
        expect(hero.locator(f"[data-chip='{point.key}']")).to_have_text(
            fill_facts(lang, point.text(lang))
        )
    expect(hero.locator("[data-chip='rating']")).to_have_text(
        text_of(lang, "home.hero.chip_rating", **rating_values(lang))
    )
    # The three permits stay on the page, readable (at least 12 px).
    permits = hero.locator("[data-permits] li")
    expect(permits).to_have_text(content().clinic.permits)
    for permit in permits.all():
        expect(permit).to_be_visible()
        assert float(permit.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 12


def test_nothing_goes_to_google_before_the_button_and_the_frame_loads_after(default_home):
    home = default_home
    page, lang = home.page, home.lang
    stubbed = []

    def google(route):
        stubbed.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body=MAP_STUB)

    page.route(GOOGLE_HOST_PATTERN, google)
    open_home(page, lang)
    scroll_to_map(page)
    page.mouse.wheel(0, 2000)
    page_ready(page)
    assert google_requests(home) == []
    expect(page.locator("#location iframe")).to_have_count(0)
    expect(page.locator("#location [data-map-picture]")).to_be_visible()

    button = page.locator("#location [data-map-load]")
    expect(button).to_have_text(text_of(lang, "home.location.map_load"))
    button.click()
    frame = page.locator("#location iframe[data-map-frame]")
    expect(frame).to_be_visible()
    expect(frame).to_have_attribute("src", str(content().clinic.address.map_embed_url))
    expect(frame).to_have_attribute(
        "title", re.compile(re.escape(content().clinic.address.hospital))
    )
    expect(frame).to_have_attribute("width", re.compile(r"."))
    expect(frame).to_have_attribute("height", re.compile(r"."))
    expect(page.frame_locator("#location iframe[data-map-frame]").locator("body")).to_have_text(
        "map"
    )
    assert stubbed and all(is_google(url) for url in stubbed)
    assert page.evaluate("window.__cspViolations") == []


# The only console errors are the blocked Google requests themselves.
@pytest.mark.expected_console_errors("net::ERR_FAILED")
def test_with_google_blocked_the_picture_and_links_stay_and_no_frame_shows(default_home):
    home = default_home
    page, lang = home.page, home.lang
    page.route(GOOGLE_HOST_PATTERN, lambda route: route.abort())
    open_home(page, lang)
    scroll_to_map(page)
    page.locator("#location [data-map-load]").click()
    expect(page.locator("#location [data-map-failed]")).to_have_text(
        text_of(lang, "home.location.map_failed")
    )
    expect(page.locator("#location iframe")).to_have_count(0)
    expect(page.locator("#location [data-map-picture]")).to_be_visible()
    assert page.locator("#location [data-map-picture]").evaluate(
        "img => img.complete && img.naturalWidth > 0"
    )
    expect(page.locator("#location [data-address-link]")).to_be_visible()
    address = content().clinic.address
    for key, _, to in DIRECTIONS:
        link = page.locator(f"#location [data-directions='{key}']")
        expect(link).to_be_visible()
        expect(link).to_have_attribute("href", to(address))


# Playwright's route matcher for every Google host (the same hosts as GOOGLE_HOST).
GOOGLE_HOST_PATTERN = re.compile(
    r"^https?://([^/]*\.)?(google\.[a-z.]+|gstatic\.com|googleapis\.com|googleusercontent\.com|ggpht\.com|googletagmanager\.com)(:\d+)?/"
)
