"""The home page, in a real Chromium against the production server.

What a patient sees and gets, in every language and at phone and desktop sizes: the
sections in the spec's order with their content (read as the page arrives, before any
script: what hydration keeps), the carousels (timing, loop, keys, pause, hover, reduced
motion), the facilities viewer (focus in, trapped, Escape, focus back), the reviews
script's life cycle, the fallbacks with every third party blocked, and no layout shift.
"""

from __future__ import annotations

import base64
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clinic.site.components.avatar import doctor_photo_url
from clinic.site.content import content
from clinic.site.i18n import fill_facts, rating_values
from clinic.site.navigation import SPECIALISTS_PAGE
from clinic.site.page_content.home import home_content
from clinic.site.pages.home import SECTION_IDS
from clinic.site.pages.home import services as home_services
from clinic.site.pages.home import team as home_team
from clinic.site.pages.home.certifications import AUTOPLAY_MS
from clinic.site.routes import doctor_page_id, path_for
from devtools.project_copy import HARNESS_PREFIX
from tests.e2e.conftest import DESKTOP, MOBILE
from tests.e2e.fixed_header import header_bottom, scroll_padding_top
from tests.e2e.languages import DEFAULT_LANG, LANGS, NEXT_LANG
from tests.e2e.layout_shifts import RECORD_LAYOUT_SHIFTS, seen_shift_score, seen_shifts
from tests.e2e.page_ready import UNTIL_IT_STOPS_MOVING, page_ready, scroll_to
from tests.e2e.stubs import serve_reviews_widget
from tests.e2e.without_javascript import DISABLED, page_without_javascript
from tests.fixture_clinic.site import FIXTURE_PROJECT
from tests.texts import text_of, text_with_facts

VIEWPORTS = {"mobile": MOBILE, "desktop": DESKTOP}
# The spec's home sections, in its order (docs/design.md, "Pages and routes"): a clinic may add its own
# sections between them (pages/home SECTIONS), never drop or reorder these.
SPEC_ORDER = ("hero", "services", "team", "certifications", "facilities", "reviews", "location")


# Each language at each size.
LANGS_AND_SIZES = {
    "params": [(lang, size) for lang in LANGS for size in VIEWPORTS],
    "ids": lambda p: f"{p[0]}-{p[1]}",
}


def size_options(size: str) -> dict:
    mobile = size == "mobile"
    return {"viewport": VIEWPORTS[size], "is_mobile": mobile, "has_touch": mobile}


@pytest.fixture(**LANGS_AND_SIZES)
def home(request, new_context):
    """A page for the home page in one language at one viewport size, third parties
    blocked."""
    lang, size = request.param
    return new_context(**size_options(size)).new_page(), lang


@pytest.fixture(**LANGS_AND_SIZES)
def prerendered_home(request, new_context):
    """The home page in one language at one size as it arrives, before any script
    (conftest's `prerendered` at this size): what a patient sees at first paint, read
    with no hydration running beside it (and none of its CPU). What hydration keeps of
    it is checked on every page in test_site_invariants.py."""
    lang, size = request.param
    page = page_without_javascript(new_context, DISABLED, **size_options(size))
    response = page.goto(path_for("home", lang))
    assert response.status == 200
    return page, lang


def open_home(page, lang: str):
    response = page.goto(path_for("home", lang))
    assert response.status == 200
    # The certifications carousel at its first slide: true of the prerendered page already,
    # so not a sign of hydration; a test waits for what it needs of that itself (`ready`,
    # `page_ready`).
    expect(page.locator("#certifications [data-carousel]")).to_have_attribute(
        "data-selected-index", "0"
    )
    return page


# ------------------------------------------------------------------ content and order


def test_sections_in_spec_order_with_their_content(prerendered_home):
    page, lang = prerendered_home
    assert [id_ for id_ in SECTION_IDS if id_ in SPEC_ORDER] == list(SPEC_ORDER)
    ids = page.locator("main > section").evaluate_all("els => els.map(e => e.id)")
    assert ids == list(SECTION_IDS)

    # Hero: the page's only <h1>, subtitle, book button, three permits.
    assert page.locator("h1").count() == 1
    hero = page.locator("#hero")
    expect(hero.locator("h1")).to_have_text(text_with_facts(lang, "pages.home.title"))
    expect(
        hero.get_by_role("link", name=text_of(lang, "home.hero.book"), exact=True)
    ).to_have_attribute("href", path_for("booking", lang))
    expect(hero.locator("[data-permits] li")).to_have_text(content().clinic.permits)
    expect(hero.locator("h1")).to_be_in_viewport()

    # Services: a card for each of the first services in content order, each linking to
    # its page, a link to every service, and the banner of the content's selling points
    # (none: no banner).
    shown = home_services.shown_services()
    cards = page.locator("#services [data-service]")
    expect(cards).to_have_count(len(shown))
    expect(page.locator("#services [data-every-service]")).to_have_attribute(
        "href", path_for(SPECIALISTS_PAGE, lang)
    )
    for card, service in zip(cards.all(), shown, strict=True):
        expect(card.locator("h3")).to_have_text(text_of(lang, f"services.{service.key}.title"))
        expect(card.get_by_role("link")).to_have_attribute("href", path_for(service.key, lang))
    banner = home_content().services_banner
    expect(page.locator("#services [data-services-banner]")).to_have_count(1 if banner else 0)
    for point in banner:
        expect(page.locator(f"#services [data-banner-point='{point.key}']")).to_contain_text(
            fill_facts(lang, point.text(lang))
        )

    # Team: the first doctors with licence line and a link to their page; their photo if
    # the content gives one (test_doctor_photos.py says how it shows), else their
    # initials; then a link to the whole team.
    shown = home_team.shown_doctors()
    expect(page.locator("#team [data-doctor]")).to_have_count(len(shown))
    expect(page.locator("#team [data-whole-team]")).to_have_attribute(
        "href", path_for(SPECIALISTS_PAGE, lang)
    )
    for doctor in shown:
        card = page.locator(f"#team [data-doctor='{doctor.slug}']")
        expect(card.locator("h3")).to_have_text(doctor.name(lang))
        expect(card).to_contain_text(doctor.specialty(lang))
        expect(card.locator("[data-license]")).to_have_text(doctor.license(lang))
        expect(card.get_by_role("link")).to_have_attribute(
            "href", path_for(doctor_page_id(doctor.slug), lang)
        )
        if doctor.image:
            expect(card.locator("[data-avatar] img")).to_have_attribute(
                "src", doctor_photo_url(doctor)
            )
        else:
            expect(card.locator("[data-avatar-state='idle'] [data-avatar-initials]")).to_have_text(
                doctor.initials
            )

    # Certifications, facilities and the amenities card, as many as content gives.
    logos = page.locator("#certifications [data-certification] img")
    expect(logos).to_have_count(logo_count())
    assert logos.evaluate_all("els => els.map(e => e.alt)") == [
        c.name(lang) for c in home_content().certifications
    ]
    expect(page.locator("#facilities [data-facility-photo]")).to_have_count(
        len(home_content().facilities)
    )
    expect(page.locator("#facilities [data-amenities] li")).to_have_count(
        len(home_content().amenities)
    )

    # Reviews summary and link, location with the address link and the map.
    rating = rating_values(lang)
    expect(page.locator("#reviews [data-rating-summary]")).to_contain_text(rating["value"])
    expect(page.locator("#reviews [data-rating-summary]")).to_contain_text(rating["count"])
    expect(page.locator("#reviews [data-more-reviews]")).to_have_attribute(
        "href", str(content().clinic.reviews.more_reviews_url)
    )
    expect(page.locator("#location [data-address-link]")).to_have_attribute(
        "href", str(content().clinic.address.maps_url)
    )
    expect(page.locator("#location [data-best-hospital]")).to_contain_text(
        content().clinic.address.hospital
    )
    # The map facade: a picture with its size, the load button, no frame until asked.
    picture = page.locator("#location [data-map-picture]")
    expect(picture).to_have_attribute(
        "alt", re.compile(re.escape(content().clinic.address.hospital))
    )
    assert picture.get_attribute("width") and picture.get_attribute("height")
    expect(page.locator("#location [data-map-load]")).to_have_text(
        text_of(lang, "home.location.map_load")
    )
    expect(page.locator("#location iframe")).to_have_count(0)
    expect(page.locator("#location [data-directions]")).to_have_count(3)


@pytest.mark.parametrize("lang", LANGS)
def test_menu_anchors_land_below_the_fixed_header(page, lang):
    """A #section reached from another page lands where the page's scroll padding says,
    which is at or below the rendered header's lower edge, whatever the header's height."""
    page.goto(path_for("contact", lang))
    page.goto(path_for("home", lang) + "#team")
    team = page.locator("#team")
    expect(team).to_be_in_viewport()
    padding = scroll_padding_top(page)
    assert padding >= header_bottom(page) - 0.5, (padding, header_bottom(page))
    # The smooth scroll starts a moment after the page shows: wait until it has landed.
    top = team.evaluate(UNTIL_IT_STOPS_MOVING)
    assert abs(top - padding) <= 2, (top, padding)
    assert top >= header_bottom(page) - 0.5, (top, header_bottom(page))


# ------------------------------------------------------------------ layout stability

# The element of the largest contentful paint (layout shifts: tests/e2e/layout_shifts.py).
LCP_OBSERVER = """
window.__lcp = null;
new PerformanceObserver((list) => {
  const entries = list.getEntries();
  window.__lcp = entries[entries.length - 1].element;
}).observe({ type: "largest-contentful-paint", buffered: true });
"""


@pytest.mark.only_browser("chromium")  # layout-shift entries are Chromium's own
def test_no_layout_shift_and_the_hero_is_the_largest_paint(home):
    page, lang = home
    page.add_init_script(RECORD_LAYOUT_SHIFTS)
    page.add_init_script(LCP_OBSERVER)
    open_home(page, lang)
    page_ready(page)
    assert page.evaluate("() => !!window.__lcp && !!window.__lcp.closest('#hero')")
    # Scroll through the whole page (lazy images, carousels, the map), each step handled.
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 400):
        scroll_to(page, y)
    page_ready(page)  # what the scroll started (lazy images, Embla) has loaded and laid out
    cls = seen_shift_score(page)
    assert cls < 0.01, f"cumulative layout shift {cls:.4f}: {seen_shifts(page)}"


# ------------------------------------------------------------------ certifications carousel


def certifications(page):
    return page.locator("#certifications [data-carousel]")


def ready(carousel):
    """Scrolled near: Embla (loaded lazily) has taken over the carousel."""
    carousel.scroll_into_view_if_needed()
    expect(carousel).to_have_attribute("data-ready", "")
    return carousel


def selected(carousel) -> int:
    return int(carousel.get_attribute("data-selected-index"))


def leave_carousel(page):
    """Pointer and focus away, so nothing holds the autoplay."""
    page.mouse.move(2, 300)
    page.evaluate("document.activeElement && document.activeElement.blur()")


def logo_count() -> int:
    return len(home_content().certifications)


def wait_for_index(carousel, index: int, timeout_ms: int | None = None):
    """Until the carousel shows slide `index`. Paused, it waits as long as any `expect`;
    while it plays on a clock that also runs at the real pace, `timeout_ms` keeps the
    wait shorter than an interval, so that the next advance cannot pass for this one."""
    expect(carousel).to_have_attribute("data-selected-index", str(index), timeout=timeout_ms)


# The autoplay runs on the page's timers (Embla's autoplay plugin, setTimeout): these tests
# drive them with Playwright's clock, so that an interval costs milliseconds, not seconds.
# The clock also keeps running at the real pace (a stopped one, `pause_at`, hangs once Embla
# has scrolled); time is read from the page's own `Date.now()`, which counts both.
CLOCK_STEP_MS = 100
# React renders what a timer changed in a task of its own (a MessageChannel message, which
# the fake clock does not hold back): a message posted now is handled after that render.
AFTER_PENDING_RENDERS = """() => pageWaits.within(new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
}), 'React to render what the timers changed')"""


def open_home_on_a_fake_clock(page, lang: str):
    """The home page with its timers on Playwright's clock."""
    page.clock.install()
    return open_home(page, lang)


def let_time_pass(page, ms: int) -> None:
    """Move the page's clock on by `ms` (the timers due meanwhile fire) and let the page
    render what they changed."""
    page.clock.run_for(ms)
    page.evaluate(AFTER_PENDING_RENDERS)


# The page notes its own time whenever the carousel shows another slide: read after the
# fact, a time would also count how long Python took to look (seconds on a loaded machine).
NOTE_EACH_ADVANCE = """(carousel) => {
    const times = [];
    new MutationObserver(() => times.push(Date.now())).observe(
        carousel, {attributes: true, attributeFilter: ['data-selected-index']});
    return () => times;
}"""


def advance_times(page, carousel, count: int, limit_ms: int) -> list[tuple[int, int]]:
    """The carousel's next `count` advances, each as the page's time (ms) it happened at
    and how far the test had moved the clock on by then (ms)."""
    times = carousel.evaluate_handle(NOTE_EACH_ADVANCE)
    moved, seen = 0, []
    while len(seen) < count:
        assert moved < limit_ms, f"{len(seen)} of {count} advances within {limit_ms} ms"
        let_time_pass(page, CLOCK_STEP_MS)
        moved += CLOCK_STEP_MS
        found = times.evaluate("(read) => read()")
        seen += [(at, moved) for at in found[len(seen) :]]
    return seen


def test_certifications_auto_advance_every_3_s_and_loop(page):
    open_home_on_a_fake_clock(page, DEFAULT_LANG)
    carousel = ready(certifications(page))
    leave_carousel(page)
    expect(carousel).to_have_attribute("data-autoplay", "running")
    # One full interval, from one advance to the next, without a bound on the machine's
    # speed: the page's clock counts the real time that passes as well as the test's steps,
    # so the page's own times say it never advanced sooner than the interval, and the
    # test's steps alone say it advanced once they had covered the interval (a slow machine
    # only makes real time cover more of it).
    (first, moved_first), (second, moved_second) = advance_times(
        page, carousel, 2, 2 * AUTOPLAY_MS + 1000
    )[:2]
    assert second - first >= AUTOPLAY_MS - 2 * CLOCK_STEP_MS, f"advanced after {second - first} ms"
    stepped = moved_second - moved_first
    assert stepped <= AUTOPLAY_MS + CLOCK_STEP_MS, f"not advanced after {stepped} ms of steps"

    # Step to the last logo with the keyboard (focus pauses it), then let it run: last -> 1st.
    carousel.locator("[role=group][tabindex='0']").focus()
    expect(carousel).to_have_attribute("data-autoplay", "paused")
    for _ in range((logo_count() - 1 - selected(carousel)) % logo_count()):
        page.keyboard.press("ArrowRight")
    wait_for_index(carousel, logo_count() - 1)
    leave_carousel(page)
    expect(carousel).to_have_attribute("data-autoplay", "running")
    let_time_pass(page, AUTOPLAY_MS)
    wait_for_index(carousel, 0, 2000)


def test_arrow_keys_move_the_carousel_and_it_loops_backwards(page):
    open_home(page, DEFAULT_LANG)
    carousel = ready(certifications(page))
    viewport = carousel.locator("[role=group][tabindex='0']")
    viewport.focus()
    start = selected(carousel)
    page.keyboard.press("ArrowRight")
    wait_for_index(carousel, (start + 1) % logo_count())
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    wait_for_index(carousel, (start - 1) % logo_count())
    # The slide the carousel reports as current is the one shown, labelled as such.
    index = (start - 1) % logo_count()
    slide = carousel.locator(f"[data-slide-index='{index}']")
    expect(slide).to_have_attribute(
        "aria-label",
        text_of(DEFAULT_LANG, "home.carousel.slide_of", n=index + 1, total=logo_count()),
    )
    # Embla's scroll animation ends with the slide at the viewport's start.
    offset = slide.evaluate(UNTIL_SHOWN_FIRST, viewport.element_handle())
    assert abs(offset) < 24, "the current slide is not the one at the viewport's start"


# The slide's offset from the viewport's start, once it has held still for a few frames.
UNTIL_SHOWN_FIRST = """(slide, viewport) => pageWaits.untilStill(
    () => slide.getBoundingClientRect().x - viewport.getBoundingClientRect().x,
    'the carousel to hold still after the arrow keys')"""


def test_pause_control_stops_and_resumes_auto_advance(page):
    lang = DEFAULT_LANG
    open_home_on_a_fake_clock(page, lang)
    carousel = ready(certifications(page))
    toggle = carousel.locator("[data-carousel-toggle]")
    expect(toggle).to_have_attribute("aria-label", text_of(lang, "home.carousel.pause"))
    toggle.click()
    expect(toggle).to_have_attribute("aria-label", text_of(lang, "home.carousel.play"))
    leave_carousel(page)
    expect(carousel).to_have_attribute("data-autoplay", "paused")
    shown = selected(carousel)
    let_time_pass(page, 2 * AUTOPLAY_MS)
    assert selected(carousel) == shown
    toggle.click()
    leave_carousel(page)
    expect(carousel).to_have_attribute("data-autoplay", "running")
    let_time_pass(page, AUTOPLAY_MS + CLOCK_STEP_MS)
    wait_for_index(carousel, (shown + 1) % logo_count(), 2000)


def test_hovering_pauses_auto_advance(page):
    open_home_on_a_fake_clock(page, DEFAULT_LANG)
    carousel = ready(certifications(page))
    carousel.locator("[data-certification]").first.hover()
    expect(carousel).to_have_attribute("data-autoplay", "paused")
    shown = selected(carousel)
    let_time_pass(page, 2 * AUTOPLAY_MS)
    assert selected(carousel) == shown
    leave_carousel(page)
    expect(carousel).to_have_attribute("data-autoplay", "running")
    let_time_pass(page, AUTOPLAY_MS + CLOCK_STEP_MS)
    wait_for_index(carousel, (shown + 1) % logo_count(), 2000)


def test_no_auto_advance_under_reduced_motion(new_context):
    page = new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    open_home_on_a_fake_clock(page, NEXT_LANG)
    carousel = ready(certifications(page))
    leave_carousel(page)
    expect(carousel).to_have_attribute("data-autoplay", "paused")
    expect(carousel.locator("[data-carousel-toggle]")).to_have_attribute(
        "aria-label", text_of(NEXT_LANG, "home.carousel.play")
    )
    let_time_pass(page, 2 * AUTOPLAY_MS)
    assert selected(carousel) == 0
    # The visitor can still move it.
    carousel.locator("[data-carousel-next]").click()
    wait_for_index(carousel, 1)


def test_facilities_carousel_does_not_loop_and_disables_its_ends(page):
    open_home_on_a_fake_clock(page, NEXT_LANG)
    carousel = ready(page.locator("#facilities [data-carousel]"))
    prev, nxt = carousel.locator("[data-carousel-prev]"), carousel.locator("[data-carousel-next]")
    expect(prev).to_be_disabled()
    expect(carousel.locator("[data-carousel-toggle]")).to_have_count(0)  # no autoplay
    for _ in range(len(home_content().facilities)):
        if nxt.is_disabled():
            break
        shown = str(selected(carousel))
        nxt.click()
        expect(carousel).not_to_have_attribute("data-selected-index", shown)
    expect(nxt).to_be_disabled()
    expect(prev).to_be_enabled()
    let_time_pass(page, 2 * AUTOPLAY_MS)
    expect(nxt).to_be_disabled()  # it stays at the end: nothing auto-advances


# ------------------------------------------------------------------ facilities viewer


@pytest.mark.parametrize("viewport", ["mobile", "desktop"])
def test_facility_viewer_traps_focus_and_returns_it(new_context, viewport):
    lang, mobile = DEFAULT_LANG, viewport == "mobile"
    page = new_context(viewport=VIEWPORTS[viewport], is_mobile=mobile, has_touch=mobile).new_page()
    facilities = home_content().facilities
    open_home(page, lang)
    ready(page.locator("#facilities [data-carousel]"))
    photo = page.locator("#facilities [data-facility-photo='1']")
    photo.focus()
    bar = page.locator("[data-floating-book]")
    expect(bar).to_be_visible()  # the gallery is more than a screen down the page
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(bar).to_be_hidden()  # out of the viewer's way while it is open
    expect(dialog).to_have_accessible_name(re.compile(re.escape(facilities[1].caption(lang))))
    expect(dialog.locator("img")).to_have_attribute("alt", facilities[1].alt(lang))
    expect(page.locator("dialog:focus, dialog :focus")).to_have_count(1)
    for key in ["Tab"] * 5 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.closest('dialog') !== null"), (
            f"focus left after {key}"
        )
    page.keyboard.press("ArrowRight")
    expect(dialog).to_have_accessible_name(re.compile(re.escape(facilities[2].caption(lang))))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # wraps from the 1st to the last
    expect(dialog).to_have_accessible_name(re.compile(re.escape(facilities[-1].caption(lang))))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # back to the 2nd photo
    page.keyboard.press("Escape")
    expect(page.locator("dialog")).to_have_count(0)
    expect(photo).to_be_focused()
    expect(bar).to_be_visible()

    # The close button works too, and focus returns to the photo that was shown last.
    photo.click()
    expect(dialog).to_be_visible()
    page.locator("[data-viewer-next]").click()
    page.locator("[data-viewer-close]").click()
    expect(page.locator("dialog")).to_have_count(0)
    expect(page.locator("#facilities [data-facility-photo='2']")).to_be_focused()


# ------------------------------------------------------------------ reviews widget and fallbacks


def test_reviews_script_loads_near_the_section_and_leaves_with_the_page(page):
    reviews = content().clinic.reviews
    script_src = str(reviews.script_src)
    requested = serve_reviews_widget(page)
    open_home(page, DEFAULT_LANG)
    script = page.locator(f"script[src='{script_src}']")
    # Not loaded with the page: the section is far below the first screen.
    page_ready(page)
    expect(script).to_have_count(0)
    assert not requested

    page.locator("#reviews").scroll_into_view_if_needed()
    expect(script).to_have_count(1)
    expect(page.locator(f"#reviews .{reviews.widget_id}")).to_have_text("Stub reviews widget")
    expect(page.locator("[data-reviews-status]")).to_have_attribute("data-reviews-status", "loaded")
    assert requested == [script_src]

    # Leave the home page (client-side navigation): the script element goes with it.
    doctor = content().doctors[0]
    page.locator(f"#team [data-doctor='{doctor.slug}'] a").click()
    expect(page).to_have_url(
        re.compile(re.escape(path_for(doctor_page_id(doctor.slug), DEFAULT_LANG)) + "$")
    )
    expect(script).to_have_count(0)


# The only console errors are the blocked third-party requests themselves.
@pytest.mark.expected_console_errors("net::ERR_FAILED")
@pytest.mark.parametrize("lang", LANGS)
def test_fallbacks_show_with_reviews_script_and_map_blocked(page, base_url, lang):
    blocked = []
    page.on("requestfailed", lambda request: blocked.append(request.url))
    open_home(page, lang)
    script_src = str(content().clinic.reviews.script_src)
    with page.expect_event("requestfailed", lambda request: request.url == script_src):
        page.locator("#reviews").scroll_into_view_if_needed()
    expect(page.locator("[data-reviews-status]")).to_have_attribute("data-reviews-status", "failed")
    page.locator("#location").scroll_into_view_if_needed()
    page_ready(page)
    # The map is requested only when asked for (tests/e2e/test_map_facade.py).
    assert not any("google" in url for url in blocked)

    rating = rating_values(lang)
    summary = page.locator("#reviews [data-rating-summary]")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text(rating["value"])
    expect(summary).to_contain_text(rating["count"])
    expect(page.locator("#reviews [data-more-reviews]")).to_be_visible()
    expect(page.locator("#location [data-address-link]")).to_be_visible()
    expect(page.locator("#location [data-map-picture]")).to_be_visible()
    expect(page.locator("#location [data-directions]")).to_have_count(3)


# ------------------------------------------------------------------ the avatar's photo states
#
# The photo states (loading, loaded, broken) with a photo held back or broken at will,
# whatever the content's doctors have: checked on the very same Avatar.jsx, bundled with
# the site's own React by bun (from the virtualenv) into a one-page harness. The site's
# own doctors' photos: test_doctor_photos.py.

ROOT = Path(__file__).resolve().parents[2]
HARNESS_ORIGIN = "http://avatar.test"
HARNESS_ENTRY = """
import { createRoot } from "react-dom/client";
import { Avatar } from "../public/widgets/Avatar.jsx";  // the copy the site serves
const avatar = (src) => <Avatar src={src} alt="Photo of Dr. Test" initials="DT" size={96} />;
createRoot(document.getElementById("photo")).render(avatar("/photo.png"));
createRoot(document.getElementById("broken")).render(avatar("/broken.png"));
"""
PNG_1PX = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=="
)


@pytest.fixture(scope="session")
def avatar_bundle(base_url) -> str:
    """Avatar.jsx and React in one script (needs the built project's .web/node_modules: the
    fixture clinic's, which base_url builds)."""
    # Inside .web for its node_modules; project copies skip it (devtools/project_copy.py).
    web = FIXTURE_PROJECT / ".web"
    with tempfile.TemporaryDirectory(dir=web, prefix=HARNESS_PREFIX) as tmp:
        entry = Path(tmp) / "entry.jsx"
        entry.write_text(HARNESS_ENTRY)
        out = Path(tmp) / "bundle.js"
        subprocess.run(
            [
                str(ROOT / ".venv" / "bin" / "bun"),
                "build",
                str(entry),
                "--outfile",
                str(out),
                "--target",
                "browser",
                "--define",
                'process.env.NODE_ENV="production"',
            ],
            check=True,
            capture_output=True,
            cwd=web,
        )
        return out.read_text()


# The broken photo's 404 is logged by the browser: that one is on purpose.
@pytest.mark.own_server("it bundles Avatar.jsx with our own build's npm packages")
@pytest.mark.expected_console_errors(
    r"Failed to load resource: .* 404 \(Not Found\) \(http://avatar\.test/broken\.png\)"
)
def test_avatar_shows_initials_until_the_photo_loads_and_keeps_them_if_broken(
    new_context, avatar_bundle
):
    context = new_context(base_url=HARNESS_ORIGIN)
    page = context.new_page()
    held = []
    context.route(
        f"{HARNESS_ORIGIN}/",
        lambda route: route.fulfill(
            content_type="text/html",
            body='<div id="photo"></div><div id="broken"></div><script src="/bundle.js"></script>',
        ),
    )
    context.route(
        f"{HARNESS_ORIGIN}/bundle.js",
        lambda route: route.fulfill(content_type="application/javascript", body=avatar_bundle),
    )
    context.route(f"{HARNESS_ORIGIN}/photo.png", lambda route: held.append(route))  # answered later
    context.route(
        f"{HARNESS_ORIGIN}/broken.png", lambda route: route.fulfill(status=404, body="gone")
    )
    with page.expect_request(f"{HARNESS_ORIGIN}/photo.png"):
        page.goto(f"{HARNESS_ORIGIN}/")
    photo = page.locator("#photo [data-avatar-state]")
    broken = page.locator("#broken [data-avatar-state]")
    expect(photo).to_have_attribute("data-avatar-state", "loading")
    expect(photo.locator("[data-avatar-initials]")).to_have_text("DT")
    # The photo is not hidden while it loads: it covers the initials as it paints. (No site
    # CSS in the harness: check the Tailwind classes that would hide it.)
    expect(photo.locator("img")).to_have_class(re.compile(r"\babsolute\b"))
    expect(photo.locator("img")).not_to_have_class(re.compile(r"\b(opacity-0|invisible|hidden)\b"))
    expect(broken).to_have_attribute("data-avatar-state", "error")
    expect(broken.locator("[data-avatar-initials]")).to_have_text("DT")
    expect(broken.locator("img")).to_have_count(0)
    expect(broken).to_have_attribute("aria-label", "Photo of Dr. Test")

    # The held request's route reached Python with the request, before the replies to
    # the checks above.
    assert held, "the photo request was not routed"
    held[0].fulfill(status=200, content_type="image/png", body=PNG_1PX)
    expect(photo).to_have_attribute("data-avatar-state", "loaded")
    expect(photo.locator("[data-avatar-initials]")).to_have_count(0)
    expect(photo.locator("img")).to_be_visible()
