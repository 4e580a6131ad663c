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


def every_slide_scrolls_into_view(page: Page, key: str) -> None:
    """The strip scrolls, its last slide starts out of view, and each slide in turn is
    brought wholly into view by a swipe's worth of scrolling (the native scroll-snap);
    nothing advances on its own."""
    viewport = page.locator(f"#{viewport_id(key)}")
    viewport.scroll_into_view_if_needed()
    count = CAROUSELS[key]()
    assert viewport.evaluate("v => v.scrollWidth > v.clientWidth"), (
        f"the {key} strip does not scroll"
    )
    assert not slide_content(page, key, count - 1).evaluate(INSIDE_ITS_VIEWPORT), (
        f"the {key} strip's last slide is in view before any scrolling"
    )
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
        expect(shown, f"slide {index} of the {key} strip scrolled into view").to_be_in_viewport(
            ratio=0.99
        )
    assert viewport.evaluate("v => v.scrollLeft") > 0, f"the {key} strip did not scroll"
    # Nothing advanced on its own, and the slides sit on a snap point each.
    assert viewport.evaluate("v => getComputedStyle(v).scrollSnapType").startswith("x")
    assert viewport.locator("[data-slide-index]").evaluate_all(
        "els => els.every(e => getComputedStyle(e).scrollSnapAlign.includes('start'))"
    ), f"a slide of the {key} strip has no snap point"


def no_carousel_button_is_visible_or_focusable(page: Page, key: str) -> None:
    """Pause, previous and next need JavaScript: not shown, focus() does not reach them,
    and Tab from the strip through its slides and on never lands on one."""
    carousel = page.locator(f"#{key} [data-carousel]")
    carousel.scroll_into_view_if_needed()
    for selector in CONTROLS:
        for button in carousel.locator(selector).all():
            expect(button, f"the {key} carousel's {selector} is shown").not_to_be_visible()
            button.focus()
            expect(button, f"the {key} carousel's {selector} takes focus").not_to_be_focused()
    viewport = page.locator(f"#{viewport_id(key)}")
    viewport.focus()
    expect(viewport).to_be_focused()
    stops = viewport.locator("a[href], button").count() + 1
    for _ in range(stops):
        page.keyboard.press("Tab")
        assert page.evaluate("() => !document.activeElement.closest('[data-carousel-controls]')"), (
            f"Tab through the {key} strip reached a carousel button"
        )


def the_map_control_and_directions_are_links(page: Page) -> None:
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


def each_view_larger_link_is_the_largest_photo(page: Page, base_url: str) -> None:
    """Each facility's link points at the photo's largest file, which answers as a JPEG,
    and promises no dialog (that only comes with the JavaScript)."""
    facilities = home_content().facilities
    links = page.locator("#facilities [data-facility-photo]")
    expect(links).to_have_count(len(facilities))
    largest = max(PHOTO_WIDTHS)
    for link, facility in zip(links.all(), facilities, strict=True):
        href = photo_url("facilities", facility.key, largest, FALLBACK_FORMAT)
        expect(link).to_have_attribute("href", href)
        # Its name, "view larger", holds both ways.
        expect(link).not_to_have_attribute("aria-haspopup", re.compile(".*"))
        expect(link).to_have_accessible_name(
            text_of(LANG, "home.facilities.open", caption=facility.caption(LANG))
        )
        answer = page.request.get(base_url + href)
        assert answer.ok and answer.headers["content-type"] == "image/jpeg", href


@pytest.mark.expected_console_errors(*BUNDLE_FAILURES)
def test_before_its_scripts_the_strips_scroll_the_photos_and_the_map_are_links(
    home_without_js, base_url
):
    """One load of the home page without its JavaScript, at one size, one step after
    another (each leaves the page as the next needs it: scrolling a strip or tabbing
    through it changes nothing another step reads):
    - each strip: every slide can be scrolled into view, nothing advances on its own;
    - each carousel: no button that needs JavaScript is visible or focusable;
    - the map control is a link to the clinic's place on the maps service, and the
      directions links are there;
    - each "view larger" link is the photo's largest file, and a tap on the first shows it;
    - back on the home page, a tap on the map control opens the maps page (stubbed)."""
    page = home_without_js
    served = answer_maps_page(page)
    for key in CAROUSELS:
        every_slide_scrolls_into_view(page, key)
    for key in CAROUSELS:
        no_carousel_button_is_visible_or_focusable(page, key)
    the_map_control_and_directions_are_links(page)
    each_view_larger_link_is_the_largest_photo(page, base_url)

    first = page.locator("#facilities [data-facility-photo]").first
    first.scroll_into_view_if_needed()
    href = first.get_attribute("href")
    with page.expect_response(base_url + href) as opened:
        first.click()
    assert opened.value.ok
    expect(page, "a tap on the first view-larger link shows the photo").to_have_url(base_url + href)

    page.go_back()
    control = page.locator("#location [data-map-load]")
    control.scroll_into_view_if_needed()
    control.click()
    expect(page, "a tap on the map control opens the maps page").to_have_title("Maps")
    assert served == [MAPS_PAGE]


# ------------------------------------------------------------------ the hand-over to Embla

# Scroll the strip natively to slide `index` (its snap point); returns the scroll offset.
# Scrolls a strip towards a slide; returns how far it went and the slide it reached (a strip
# of few slides stops short of the slide asked for, or does not scroll at all).
SCROLL_STRIP_TO = """(viewport, index) => {
    const slides = [...viewport.querySelectorAll('[data-slide-index]')];
    const start = (slide) => slide.getBoundingClientRect().left - slides[0].getBoundingClientRect().left;
    viewport.scrollLeft = start(slides[Math.min(index, slides.length - 1)]);
    const offsets = slides.map((slide) => Math.abs(start(slide) - viewport.scrollLeft));
    return { offset: viewport.scrollLeft, reached: offsets.indexOf(Math.min(...offsets)) };
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
    reached = {}
    for key in CAROUSELS:
        carousel = page.locator(f"#{key} [data-carousel]")
        carousel.scroll_into_view_if_needed()
        expect(carousel.locator("[data-carousel-controls]")).to_have_class(
            re.compile(r"\binvisible\b")
        )
        scrolled = page.locator(f"#{viewport_id(key)}").evaluate(SCROLL_STRIP_TO, SCROLLED_TO)
        if scrolled["offset"] > 0:  # a strip whose slides all fit does not scroll
            reached[key] = scrolled["reached"]
    if not reached:
        pytest.skip("every strip's slides fit in the window at this size: none scrolls")
    # Both strips near the screen (Embla starts when they come near), then the scripts go.
    page.locator(f"#{CERTIFICATIONS_KEY}").scroll_into_view_if_needed()
    scripts.release()

    for key, slide in reached.items():
        carousel = page.locator(f"#{key} [data-carousel]")
        carousel.scroll_into_view_if_needed()
        expect(carousel).to_have_attribute("data-ready", "")
        expect(carousel).to_have_attribute("data-selected-index", str(slide))
        viewport = page.locator(f"#{viewport_id(key)}")
        assert viewport.evaluate("v => v.scrollLeft") == 0, "the native scroll stayed on"
        offset = slide_content(page, key, slide).evaluate(UNTIL_STILL)
        assert abs(offset) <= 1, f"slide {slide} of {key} is {offset} px off the start"
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
