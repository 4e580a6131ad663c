"""The home page's carousels, facilities viewer and map before the page's JavaScript
runs, and when it never does (docs/design.md, "Works from first paint"): in Chromium
with JavaScript off, and with the page's own scripts aborted (a dropped connection, a
blocked script), at phone (390x844) and desktop (1280x800) sizes.

- Every logo and photo can be brought into view by scrolling its strip (the viewport's
  native scroll-snap), and nothing advances on its own.
- The carousel buttons that need JavaScript (pause, previous, next) are neither visible
  nor focusable.
- Each "view larger" photo is a link to the photo's largest file, which opens.
- The map control is a link to the clinic's place on the maps service (stubbed: third
  parties never get real network); the directions links stay.

And once hydrated: when Embla takes over a strip the visitor already scrolled, it starts
at the slide shown, the native scroll is back at 0, and nothing visibly shifts; when
Embla's own files never arrive, the hydrated strip still scrolls (the arrow keys are left
to the browser) and its buttons stay hidden.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from clinic.site.components.carousel import GALLERY_KEY, viewport_id
from clinic.site.components.picture import FALLBACK_FORMAT, PHOTO_WIDTHS, photo_url
from clinic.site.content import content
from clinic.site.directions import DIRECTIONS
from clinic.site.page_content.home import home_content
from clinic.site.pages.home.certifications import SECTION_ID as CERTIFICATIONS_KEY
from clinic.site.routes import path_for
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.languages import DEFAULT_LANG
from tests.e2e.layout_shifts import RECORD_LAYOUT_SHIFTS, seen_shifts
from tests.e2e.page_ready import page_ready
from tests.e2e.stubs import MAPS_PAGE, answer_maps_page
from tests.e2e.without_javascript import (
    BUNDLE_FAILURES,
    WAYS,
    hold_scripts,
    page_without_javascript,
)
from tests.texts import text_of

VIEWPORTS = {"mobile": MOBILE, "desktop": DESKTOP}
CAROUSELS = {
    CERTIFICATIONS_KEY: lambda: len(home_content().certifications),
    GALLERY_KEY: lambda: len(home_content().facilities),
}
CONTROLS = ("[data-carousel-toggle]", "[data-carousel-prev]", "[data-carousel-next]")
LANG = DEFAULT_LANG


@pytest.fixture(
    params=[(way, size) for way in WAYS for size in VIEWPORTS],
    ids=lambda p: f"{p[0]}-{p[1]}",
)
def home_without_js(request, new_context) -> Page:
    """The home page, painted but never hydrated, at one size."""
    way, size = request.param
    mobile = size == "mobile"
    page = page_without_javascript(
        new_context, way, viewport=VIEWPORTS[size], is_mobile=mobile, has_touch=mobile
    )
    response = page.goto(path_for("home", LANG))
    assert response.status == 200
    return page


def slide_content(page: Page, key: str, index: int):
    """What slide `index` shows (inside the slide's gutter)."""
    return page.locator(f"#{viewport_id(key)} [data-slide-index='{index}'] > *")


# Whether the element is wholly inside the box of its carousel's viewport (1 px slack).
INSIDE_ITS_VIEWPORT = """(element) => {
    const viewport = element.closest('[data-carousel] [tabindex="0"]').getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return box.left >= viewport.left - 1 && box.right <= viewport.right + 1;
}"""


# ------------------------------------------------------------------ before hydration


@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
@pytest.mark.parametrize("key", CAROUSELS)
def test_every_slide_can_be_scrolled_into_view(home_without_js, key):
    page = home_without_js
    viewport = page.locator(f"#{viewport_id(key)}")
    viewport.scroll_into_view_if_needed()
    count = CAROUSELS[key]()
    assert viewport.evaluate("v => v.scrollWidth > v.clientWidth"), "the strip does not scroll"
    assert not slide_content(page, key, count - 1).evaluate(INSIDE_ITS_VIEWPORT)
    box = viewport.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for index in range(count):
        shown = slide_content(page, key, index)
        if not shown.evaluate(INSIDE_ITS_VIEWPORT):
            # One swipe's worth to the left (a wheel's horizontal turn): it snaps to the next slide.
            width = shown.bounding_box()["width"]
            page.mouse.wheel(width, 0)
        # Wholly visible: on the screen and not clipped by the strip (but for a fraction
        # of a pixel: the slides' widths are fractions of the strip's, its scroll whole).
        expect(shown).to_be_in_viewport(ratio=0.99)
    assert viewport.evaluate("v => v.scrollLeft") > 0
    # Nothing advanced on its own, and the slides sit on a snap point each.
    assert viewport.evaluate("v => getComputedStyle(v).scrollSnapType").startswith("x")
    assert viewport.locator("[data-slide-index]").evaluate_all(
        "els => els.every(e => getComputedStyle(e).scrollSnapAlign.includes('start'))"
    )


@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
def test_no_carousel_button_is_visible_or_focusable(home_without_js):
    page = home_without_js
    for key in CAROUSELS:
        carousel = page.locator(f"#{key} [data-carousel]")
        carousel.scroll_into_view_if_needed()
        for selector in CONTROLS:
            for button in carousel.locator(selector).all():
                expect(button).not_to_be_visible()
                button.focus()
                expect(button).not_to_be_focused()
        # Tab from the strip through its slides and on: focus never lands on a control.
        viewport = page.locator(f"#{viewport_id(key)}")
        viewport.focus()
        expect(viewport).to_be_focused()
        stops = viewport.locator("a[href], button").count() + 1
        for _ in range(stops):
            page.keyboard.press("Tab")
            assert page.evaluate(
                "() => !document.activeElement.closest('[data-carousel-controls]')"
            ), "focus reached a carousel button"


@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
def test_view_larger_opens_the_largest_photo(home_without_js, base_url):
    page = home_without_js
    facilities = home_content().facilities
    links = page.locator("#facilities [data-facility-photo]")
    expect(links).to_have_count(len(facilities))
    largest = max(PHOTO_WIDTHS)
    for link, facility in zip(links.all(), facilities, strict=True):
        href = photo_url("facilities", facility.key, largest, FALLBACK_FORMAT)
        expect(link).to_have_attribute("href", href)
        # It says what it does without JavaScript too: no promise of a dialog, which only
        # comes with the JavaScript (its name, "view larger", holds both ways).
        expect(link).not_to_have_attribute("aria-haspopup", re.compile(".*"))
        expect(link).to_have_accessible_name(
            text_of(LANG, "home.facilities.open", caption=facility.caption(LANG))
        )
        answer = page.request.get(base_url + href)
        assert answer.ok and answer.headers["content-type"] == "image/jpeg", href
    # A tap follows it: the browser shows the photo itself.
    first = links.first
    first.scroll_into_view_if_needed()
    href = first.get_attribute("href")
    with page.expect_response(base_url + href) as opened:
        first.click()
    assert opened.value.ok
    expect(page).to_have_url(base_url + href)


@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
def test_the_map_control_opens_the_maps_page_and_the_directions_stay(home_without_js):
    page = home_without_js
    served = answer_maps_page(page)
    address = content().clinic.address
    for key, _, to in DIRECTIONS:
        expect(page.locator(f"#location [data-directions='{key}']")).to_have_attribute(
            "href", to(address)
        )
    control = page.locator("#location [data-map-load]")
    control.scroll_into_view_if_needed()
    expect(control).to_be_visible()
    expect(control).to_have_text(text_of(LANG, "home.location.map_load"))
    expect(control).to_have_attribute("href", MAPS_PAGE)
    control.click()
    expect(page).to_have_title("Maps")
    assert served == [MAPS_PAGE]


# ------------------------------------------------------------------ the hand-over to Embla

# Scroll the strip natively to slide `index` (its snap point); returns the scroll offset.
SCROLL_STRIP_TO = """(viewport, index) => {
    const slides = viewport.querySelectorAll('[data-slide-index]');
    viewport.scrollLeft = slides[index].getBoundingClientRect().left - slides[0].getBoundingClientRect().left;
    return viewport.scrollLeft;
}"""
# The slide's content's offset from the viewport's start, once it held still a few frames.
UNTIL_STILL = """(element) => {
    const viewport = element.closest('[data-carousel] [tabindex="0"]');
    return pageWaits.untilStill(
        () => element.getBoundingClientRect().left - viewport.getBoundingClientRect().left,
        'the slide to hold still once Embla has taken over the strip');
}"""
# The slide each strip is scrolled to before the page hydrates.
SCROLLED_TO = 2


@pytest.mark.parametrize("size", VIEWPORTS)
def test_embla_takes_over_where_the_strip_was_scrolled_without_a_shift(new_context, size):
    mobile = size == "mobile"
    context = new_context(viewport=VIEWPORTS[size], is_mobile=mobile, has_touch=mobile)
    context.add_init_script(RECORD_LAYOUT_SHIFTS)
    page = context.new_page()
    # The page's scripts are held back until the strips have been scrolled.
    scripts = hold_scripts(page)
    page.goto(path_for("home", LANG), wait_until="commit")
    for key in CAROUSELS:
        carousel = page.locator(f"#{key} [data-carousel]")
        carousel.scroll_into_view_if_needed()
        expect(carousel.locator("[data-carousel-controls]")).to_have_class(
            re.compile(r"\binvisible\b")
        )
        offset = page.locator(f"#{viewport_id(key)}").evaluate(SCROLL_STRIP_TO, SCROLLED_TO)
        assert offset > 0
    # Both strips near the screen (Embla starts when they come near), then the scripts go.
    page.locator(f"#{CERTIFICATIONS_KEY}").scroll_into_view_if_needed()
    scripts.release()

    for key in CAROUSELS:
        carousel = page.locator(f"#{key} [data-carousel]")
        carousel.scroll_into_view_if_needed()
        expect(carousel).to_have_attribute("data-ready", "")
        expect(carousel).to_have_attribute("data-selected-index", str(SCROLLED_TO))
        viewport = page.locator(f"#{viewport_id(key)}")
        assert viewport.evaluate("v => v.scrollLeft") == 0, "the native scroll stayed on"
        offset = slide_content(page, key, SCROLLED_TO).evaluate(UNTIL_STILL)
        assert abs(offset) <= 1, f"slide {SCROLLED_TO} of {key} is {offset} px off the start"
        for selector in CONTROLS:
            for button in carousel.locator(selector).all():
                expect(button).to_be_visible()
    assert seen_shifts(page) == []


# Embla's own files blocked (the page itself hydrated): its lazy import fails.
@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
def test_without_embla_the_hydrated_strip_still_scrolls_and_shows_no_buttons(new_context):
    page = new_context(viewport=MOBILE, is_mobile=True, has_touch=True).new_page()
    page.route(re.compile(r"/embla-carousel[^/]*\.js$"), lambda route: route.abort())
    page.goto(path_for("home", LANG))
    page_ready(page)
    carousel = page.locator(f"#{GALLERY_KEY} [data-carousel]")
    viewport = page.locator(f"#{viewport_id(GALLERY_KEY)}")
    viewport.scroll_into_view_if_needed()
    page_ready(page)  # coming near the strip started (and failed) Embla's import
    expect(carousel).not_to_have_attribute("data-ready", "")
    for selector in CONTROLS:
        for button in carousel.locator(selector).all():
            expect(button).not_to_be_visible()
    # The arrow keys are left to the browser, which scrolls to the next snap point.
    expect(slide_content(page, GALLERY_KEY, 1)).not_to_be_in_viewport(ratio=0.99)
    viewport.focus()
    page.keyboard.press("ArrowRight")
    expect(slide_content(page, GALLERY_KEY, 1)).to_be_in_viewport(ratio=0.99)
