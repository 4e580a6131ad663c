"""The shipped sample is the spec's clinic: its numbers (six services, two doctors, seven
logos and photos, seven FAQ services, six success notes), its thirty routes and its legacy
redirects, its constants (tests/sample/spec.py). About the sample only: skipped on a
clinic's own or edited content (conftest.py), where every other test already follows
whatever content/ says."""

from __future__ import annotations

from collections import Counter

from clinic.site.content import content
from clinic.site.routes import all_pages, legacy_redirects, page_at, path_for, twin_path
from clinic.site.seo import OG_IMAGE_SIZE
from tests.sample import spec


def test_the_sample_has_the_spec_s_numbers():
    from clinic.site.page_content.faq import faq_views
    from clinic.site.page_content.home import home_content
    from clinic.site.pages.privacy import privacy_content
    from clinic.site.pages.success import success_content

    data = content()
    assert len(data.services) == spec.SERVICES
    assert Counter(d.gender for d in data.doctors) == spec.DOCTORS_BY_GENDER
    assert len(home_content().certifications) == spec.CERTIFICATIONS
    assert len(home_content().facilities) == spec.FACILITY_PHOTOS
    assert tuple(n.key for n in success_content().notes) == spec.SUCCESS_NOTES
    assert tuple(s.key for s in privacy_content().sections) == spec.PRIVACY_SECTIONS
    for lang in ("es", "en"):
        [services] = [v.items for v in faq_views(lang) if v.items_kind == "services"]
        assert len(services) == spec.FAQ_SERVICES


def test_the_sample_has_the_spec_s_thirty_routes_and_its_redirects():
    """Each of the spec's routes is a page of the sample, twinned as the spec twins them.
    A page the sample gains beyond the spec (docs/content.md, "Recipe: a new page") is the
    sample's own: it adds to them and is not counted against them."""
    table = [(spec.spec_path(es), spec.spec_path(en)) for es, en in spec.ROUTES]
    paths = {p.path for p in all_pages()}
    missing = [path for pair in table for path in pair if path not in paths]
    assert not missing, f"the spec's routes the sample has lost: {missing}"
    for es, en in table:
        assert twin_path(es) == en and twin_path(en) == es
        assert path_for(page_at(es).id, "en") == en
    assert legacy_redirects() == {
        spec.spec_path(old): spec.spec_path(new) for old, new in spec.LEGACY_REDIRECTS.items()
    }


def test_the_sample_has_the_spec_s_constants():
    # The code's own constants (the carousel's interval, the bars' heights, the floating
    # bar's threshold) are the spec's too, but docs/developing.md tells a developer how to change
    # them: they are the code's to keep, not the sample's.
    clinic = content().clinic
    assert (clinic.consultation.price, clinic.consultation.currency) == spec.FEE
    assert clinic.consultation.minutes == spec.CONSULTATION_MINUTES
    assert {tuple(h.days): (h.opens, h.closes) for h in clinic.hours} == spec.HOURS
    assert (clinic.rating.value, clinic.rating.count) == spec.RATING
    assert clinic.address.postal_code == spec.POSTAL_CODE
    assert len(clinic.permits) == spec.PERMITS
    assert OG_IMAGE_SIZE == spec.SHARE_IMAGE


def test_the_sample_s_structured_data_names_a_gynecology_clinic():
    from clinic.site.structured_data import clinic_specialties, doctor_specialties

    def urls(names) -> list[str]:
        return [f"https://schema.org/{name}" for name in dict.fromkeys(names)]

    assert clinic_specialties() == urls([spec.SPECIALTY, *spec.SPECIALTY_OF_SERVICE.values()])
    for doctor in content().doctors:
        seen = [spec.SPECIALTY_OF_SERVICE.get(key) for key in doctor.services]
        assert doctor_specialties(doctor) == urls([spec.SPECIALTY, *filter(None, seen)])


def test_the_sample_s_opening_hours_read_as_the_spec_writes_them():
    from clinic.site.i18n import opening_hours

    assert opening_hours("es") == [
        ("Lunes a viernes", "9:00 a. m. a 8:00 p. m."),
        ("Sábado", "9:00 a. m. a 2:00 p. m."),
        ("Domingo", "Cerrado"),
    ]
    assert opening_hours("en") == [
        ("Monday to Friday", "9:00 AM to 8:00 PM"),
        ("Saturday", "9:00 AM to 2:00 PM"),
        ("Sunday", "Closed"),
    ]
