"""A doctor's photo, as the content gives each doctor: shown from the first paint on the
pages that show the doctor (the home page's team section, booking, their own page), with
the page's JavaScript or without it; the initials where a doctor has no photo or theirs
fails to load. The hydrated pages are walked once per language for every doctor, and the
load of a doctor's own page checks their profile too (tests/e2e/doctor_page.py)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import expect

from clinic.site.components.avatar import doctor_photo_url
from clinic.site.content import DEFAULT_LANG, LANGS, content
from clinic.site.pages.home import team as home_team
from clinic.site.routes import doctor_page_id, path_for
from tests.e2e.doctor_page import expect_doctor_profile
from tests.e2e.journeys import step
from tests.e2e.page_ready import page_ready
from tests.e2e.without_javascript import (
    ABORTED,
    BUNDLE_FAILURES,
    EACH_WAY,
    page_without_javascript,
)
from tests.texts import text_of


def each_of(doctors: list, none: str) -> list:
    """The doctors as a test's parameters; without any, one skipped parameter that says why
    (pytest's own skip of an empty set names no cause)."""
    return doctors or [pytest.param(None, marks=pytest.mark.skip(reason=none), id="none")]


WITH_PHOTO = each_of(
    [doctor for doctor in content().doctors if doctor.image], "no doctor in content has a photo"
)
# The part of an avatar's box, on each side, outside the largest square inside its ring.
RING_MARGIN = 0.2
# What an aborted photo logs: the test aborts it on purpose.
PHOTO_FAILURE = r"^console\.error: Failed to load resource: net::ERR_FAILED \(.*/img/doctors/"

# What the patient sees at the avatar's centre: the photo, drawn, on top of the initials.
PHOTO_ARRIVED = "(avatar) => avatar.querySelector('img')?.complete === true"
PHOTO_AT_THE_CENTRE = """(avatar) => {
    const img = avatar.querySelector('img');
    const box = avatar.getBoundingClientRect();
    const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return {
        drawn: Boolean(img && img.complete && img.naturalWidth > 0),
        onTop: seen === img,
        opacity: img ? getComputedStyle(img).opacity : null,
    };
}"""


def slug(doctor) -> str:
    return doctor.slug


def pages_showing(doctor, lang: str) -> list[str]:
    """The booking page and their own; the home page too when its team section shows them
    (the first few doctors)."""
    on_home = doctor.slug in {d.slug for d in home_team.shown_doctors()}
    return [
        *([path_for("home", lang)] if on_home else []),
        path_for("booking", lang),
        path_for(doctor_page_id(doctor.slug), lang),
    ]


def pages_checked(doctor, lang: str) -> list[str]:
    """Every page showing the doctor in the default language; in the others, their own
    page. How the avatar draws a photo or initials is the component's, the same on every
    page; a language brings its words, the accessible name (tests/e2e/languages.py says
    which tests run in every language)."""
    pages = pages_showing(doctor, lang)
    return pages if lang == DEFAULT_LANG else [path_for(doctor_page_id(doctor.slug), lang)]


def avatar_of(page, doctor):
    return page.locator(f'main [data-avatar="{doctor.slug}"]').first


def photo_name(doctor, lang: str) -> str:
    return text_of(lang, "home.team.photo", name=doctor.name(lang))


@pytest.mark.only_browser("chromium")
@pytest.mark.parametrize("way", EACH_WAY)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("doctor", WITH_PHOTO, ids=slug)
def test_a_photo_shows_without_javascript(new_context, doctor, lang, way):
    page = page_without_javascript(new_context, way)
    for path in pages_checked(doctor, lang):
        page.goto(path)
        avatar = avatar_of(page, doctor)
        avatar.scroll_into_view_if_needed()
        expect(avatar).to_have_accessible_name(photo_name(doctor, lang))
        assert avatar.locator("img").get_attribute("src") == doctor_photo_url(doctor), path
        # The photo is lazy: where scripts are on but their files failed, it loads as it
        # comes near the screen, after the load event (with scripts off, before it).
        page.wait_for_function(PHOTO_ARRIVED, arg=avatar.element_handle(), polling=100)
        shown = avatar.evaluate(PHOTO_AT_THE_CENTRE)
        assert shown == {"drawn": True, "onTop": True, "opacity": "1"}, (path, shown)


def pages_walked(lang: str) -> list[tuple[str, list]]:
    """Each page checked in `lang` (`pages_checked`), once, with the doctors checked on it."""
    walk: dict[str, list] = {}
    for doctor in content().doctors:
        for path in pages_checked(doctor, lang):
            walk.setdefault(path, []).append(doctor)
    return list(walk.items())


def expect_avatar_once_hydrated(page, doctor, lang: str) -> None:
    """A photo: loaded, drawn on top at the avatar's centre, fully opaque; without one, the
    initials and no image. Either way named for the doctor."""
    avatar = avatar_of(page, doctor)
    if doctor.image:
        avatar.scroll_into_view_if_needed()
        expect(avatar).to_have_attribute("data-avatar-state", "loaded")
        expect(avatar).to_have_accessible_name(photo_name(doctor, lang))
        shown = avatar.evaluate(PHOTO_AT_THE_CENTRE)
        assert shown == {"drawn": True, "onTop": True, "opacity": "1"}, shown
    else:
        expect(avatar).to_have_attribute("data-avatar-state", "idle")
        expect(avatar.locator("[data-avatar-initials]")).to_have_text(doctor.initials)
        expect(avatar.locator("img")).to_have_count(0)
        expect(avatar).to_have_accessible_name(photo_name(doctor, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_showing_doctors_once_hydrated(page, browser_name, lang):
    """One load of each page `pages_checked` names, for every doctor at once (in the
    default language the home page, booking and each doctor's own page; in the others,
    each doctor's own page), read once the page is ready. On a doctor's own page, their
    profile (tests/e2e/doctor_page.py: facts, services, Book buttons, credential); on
    every page, each doctor's avatar (`expect_avatar_once_hydrated`). A failure names the
    page, the doctor and the step. The photo's drawing is read in Chromium only
    (elementFromPoint over a lazy image), as it always was."""
    for path, doctors in pages_walked(lang):
        response = page.goto(path)
        assert response is not None and response.status == 200, path
        page_ready(page)
        for doctor in doctors:
            if path == path_for(doctor_page_id(doctor.slug), lang):
                with step(f"{path}: {doctor.slug}'s profile"):
                    expect_doctor_profile(page, doctor, lang)
        for doctor in doctors:
            if doctor.image and browser_name != "chromium":
                continue
            with step(f"{path}: {doctor.slug}'s avatar"):
                expect_avatar_once_hydrated(page, doctor, lang)


@pytest.mark.expected_console_errors(PHOTO_FAILURE)
@pytest.mark.parametrize("doctor", WITH_PHOTO, ids=slug)
def test_a_photo_that_fails_to_load_leaves_the_initials(page, doctor):
    lang = DEFAULT_LANG
    page.route("**" + doctor_photo_url(doctor), lambda route: route.abort())
    page.goto(path_for(doctor_page_id(doctor.slug), lang))
    page_ready(page)
    avatar = avatar_of(page, doctor)
    expect(avatar).to_have_attribute("data-avatar-state", "error")
    expect(avatar.locator("[data-avatar-initials]")).to_have_text(doctor.initials)
    expect(avatar.locator("img")).to_have_count(0)
    expect(avatar).to_have_accessible_name(photo_name(doctor, lang))


@pytest.mark.only_browser("chromium")
@pytest.mark.expected_console_errors(PHOTO_FAILURE, *BUNDLE_FAILURES)
@pytest.mark.parametrize("doctor", WITH_PHOTO, ids=slug)
def test_without_javascript_a_failed_photo_draws_nothing_over_the_initials(new_context, doctor):
    """No broken-image icon, no alt text over the initials: inside its ring the avatar
    looks exactly as it does with the image hidden."""
    page = page_without_javascript(new_context, ABORTED)
    page.route("**" + doctor_photo_url(doctor), lambda route: route.abort())
    page.goto(path_for(doctor_page_id(doctor.slug), DEFAULT_LANG))
    avatar = avatar_of(page, doctor)
    expect(avatar.locator("[data-avatar-initials]")).to_have_text(doctor.initials)
    # An empty alt is what makes a failed image draw nothing (no icon, no alt text); the
    # avatar's own label names the doctor.
    expect(avatar.locator("img")).to_have_attribute("alt", "")
    expect(avatar).to_have_accessible_name(photo_name(doctor, DEFAULT_LANG))
    with_failed_photo = inside_the_ring(avatar.screenshot(animations="disabled"))
    avatar.locator("img").evaluate("img => { img.style.visibility = 'hidden'; }")
    without_photo = inside_the_ring(avatar.screenshot(animations="disabled"))
    assert ImageChops.difference(with_failed_photo, without_photo).getbbox() is None


def inside_the_ring(png: bytes) -> Image.Image:
    """The square inside an avatar's circle, clear of its ring: where the photo or the
    initials are. (At the ring, Chromium antialiases the clip a shade differently with a
    failed image in it than without one.)"""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    x, y = round(width * RING_MARGIN), round(height * RING_MARGIN)
    return image.crop((x, y, width - x, height - y))
