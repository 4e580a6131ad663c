"""What a doctor's own page shows, read in a page that has loaded it: for the journeys
that check it on the load they make of that page."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from clinic.site.components.cal_embed import public_booking_url
from clinic.site.content import content
from clinic.site.i18n import doctor_bio
from clinic.site.routes import path_for
from tests.texts import normalize, text_of


def expect_doctor_profile(page: Page, doctor, lang: str) -> None:
    """The doctor's name, specialty, licence, biography and years; the initials when there
    is no photo; the services they lead, each linked to its page, in site order; both Book
    buttons (hero and closing band) a real link to their Cal.com page that the embed opens
    in place (tests/e2e/test_booking.py clicks them), none for a doctor without a calendar
    (test_booking.py: a call and a chat instead); the credential line only where their
    profession gives one."""
    expect(page.locator("h1")).to_have_text(doctor.name(lang), use_inner_text=True)
    text = normalize(page.locator("main").inner_text())
    for fact in (
        doctor.specialty(lang),
        doctor.license(lang),
        doctor_bio(doctor, lang),
        text_of(lang, "inner.years", years=doctor.years_experience),
    ):
        assert normalize(fact) in text, fact
    if not doctor.image:
        initials = page.locator(f'main [data-avatar="{doctor.slug}"]').first.inner_text()
        assert initials.strip() == doctor.initials
    services = page.locator("main [data-service]")
    linked = [services.nth(i).get_attribute("data-service") for i in range(services.count())]
    assert linked == [s.key for s in content().services if s.key in doctor.services]
    for key in linked:
        href = page.locator(f'main [data-service="{key}"] a').get_attribute("href")
        assert href == path_for(key, lang), key
    books = page.locator(f'main [data-book="{doctor.slug}"]')
    expect(books).to_have_count(2 if doctor.has_calendar else 0)
    for i in range(books.count()):
        expect(books.nth(i)).to_have_attribute("href", public_booking_url(doctor))
        expect(books.nth(i)).to_have_attribute("data-cal-namespace", doctor.cal_namespace)
    credential = content().credential(doctor, lang)
    expect(page.locator("main [data-credential]")).to_have_count(1 if credential else 0)
    if credential:
        expect(page.locator("main [data-credential]")).to_have_text(credential)
