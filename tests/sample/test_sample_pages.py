"""The sample's built pages say what the spec says of its clinic: every route of its table
is a page in its language, the home page has the spec's sections in the spec's order and
counts, the header's switcher is the ES/EN toggle to the same page in the other language,
the fee is the spec's, the service pages state the spec's claims (each figure on its own
page only) and the privacy notice cites the law it is written under. Read from the
prerendered HTML, as a crawler or a phone on a slow connection receives it."""

from __future__ import annotations

import html
import re

import pytest

from clinic.server.middleware import prerendered_file
from clinic.site.content import content
from clinic.site.i18n import format_number, format_price
from clinic.site.routes import all_pages, path_for, twin_path
from devtools.words import count_words
from tests.html_elements import Elements
from tests.sample import spec


def html_of(build, path: str) -> str:
    return (build / prerendered_file(path).lstrip("/")).read_text(encoding="utf-8")


def test_every_route_of_the_spec_s_table_is_a_page_in_its_language(sample_build):
    for es, en in spec.ROUTES:
        for lang, path in (("es", spec.spec_path(es)), ("en", spec.spec_path(en))):
            document = html_of(sample_build, path)
            assert re.search(rf'<html[^>]* lang="{lang}"', document), path
            assert len(re.findall(r"<h1[\s>]", document)) == 1, path


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_home_page_has_the_spec_s_sections_and_counts(sample_build, lang):
    home = Elements(html_of(sample_build, path_for("home", lang)))
    sections = [a["id"] for a in home.having("id", "section")]
    assert sections == list(spec.HOME_SECTIONS)
    assert len(home.having("data-service")) == spec.SERVICES
    assert len(home.having("data-doctor")) == sum(spec.DOCTORS_BY_GENDER.values())
    assert len(home.having("data-certification")) == spec.CERTIFICATIONS
    assert len(home.having("data-facility-photo")) == spec.FACILITY_PHOTOS
    assert len(home.having("data-floating-book")) == 1
    permits = html_of(sample_build, path_for("home", lang)).split("data-permits", 1)[1]
    assert permits.count("COFEPRIS") >= spec.PERMITS


def test_the_switcher_is_the_es_en_toggle_to_the_same_page(sample_build):
    for page in all_pages():
        other = {"es": "en", "en": "es"}[page.lang]
        links = [
            a
            for a in Elements(html_of(sample_build, page.path)).having("hreflang", "a")
            if a["hreflang"] == other and "aria-label" in a
        ]
        assert [a["href"] for a in links] == [twin_path(page.path)], page.path
    document = html_of(sample_build, "/")
    toggle = re.search(r'<a [^>]*aria-label[^>]*hreflang="en"[^>]*>([^<]*)<', document, re.I)
    assert toggle and toggle.group(1) == spec.TOGGLE_TEXT["es"]


def test_the_booking_page_and_the_faq_state_the_spec_s_fee(sample_build):
    for page_id in ("booking", "faq"):
        for lang in ("es", "en"):
            fee = format_price(*spec.FEE, lang)
            assert fee in html_of(sample_build, path_for(page_id, lang)), (page_id, lang)


def main_text(build, path: str, visible_only: bool = False) -> str:
    """The words of a page's <main>, as one line (without screen-reader hints if
    `visible_only`)."""
    main = html_of(build, path).split("<main", 1)[1].split("</main>", 1)[0]
    if visible_only:
        main = re.sub(r'<span class="sr-only"[^>]*>[^<]*</span>', " ", main)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", main.split(">", 1)[1])).split())


def test_the_service_pages_state_the_spec_s_claims_each_on_its_own_page(sample_build):
    claims = content().clinic.claims

    # A claim's figure appears on its own service page only.
    def figures(lang: str) -> dict[str, str]:
        return {
            format_number(claims["hpv_procedures"], lang): "hpv",
            f"{claims['hpv_success_percent']}%": "hpv",
            f"{claims['contraception_effectiveness_percent']}%": "contraception",
        }

    for service, by_lang in spec.service_claims().items():
        for lang, expected in by_lang.items():
            text = main_text(sample_build, path_for(service, lang))
            for claim in expected:
                assert claim in text, f"{claim!r} missing on {path_for(service, lang)}"
    for service in content().services:
        for lang in ("es", "en"):
            text = main_text(sample_build, path_for(service.key, lang))
            for figure, owner in figures(lang).items():
                if service.key != owner:
                    assert figure not in text, f"{figure} on {path_for(service.key, lang)}"


def test_the_privacy_notice_cites_the_law_it_follows(sample_build):
    for lang, facts in spec.privacy_facts().items():
        text = main_text(sample_build, path_for("privacy", lang))
        for fact in facts:
            assert fact in text, f"{fact!r} missing on {path_for('privacy', lang)}"


def test_each_service_page_has_the_words_a_patient_decides_from(sample_build):
    for service in content().services:
        for lang in ("es", "en"):
            path = path_for(service.key, lang)
            words = count_words(main_text(sample_build, path, visible_only=True))
            assert words >= spec.SERVICE_PAGE_WORDS, f"{path}: {words} words"
