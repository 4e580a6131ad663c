"""What the specification (docs/design.md, "What the site must do") says of its one clinic, the
sample that content/ ships: the spec's numbers and tables, in one place.

These are the sample's numbers, not limits of the product: a clinic that edits content/
has its own, and every other test reads counts and texts from the content model. Only
the tests beside this module use it, and only on the shipped sample (shipped.py says when).
"""

from __future__ import annotations

from clinic.site.content import content

# docs/design.md, "Pages and routes" (home sections 3 to 6, menus) and "The shipped sample's facts".
SERVICES = 6
DOCTORS_BY_GENDER = {"female": 1, "male": 1}
CERTIFICATIONS = 7
FACILITY_PHOTOS = 7
# FAQ page: "a list of seven services".
FAQ_SERVICES = 7
# Success page: arrive early, tolerance, modifying, no-show, companion, invoice (the
# sample's notes, by key).
SUCCESS_NOTES = ("arrive", "tolerance", "changes", "no-show", "companion", "invoice")
# docs/design.md, "Pages and routes", the route table: {product} is the brand's slug, {male}/{female} the
# doctors' slugs.
ROUTES = [
    ("/", "/en/"),
    ("/contacto", "/en/contact"),
    ("/avisodeprivacidad", "/en/privacy-policy"),
    ("/clinica-de-vph-riviera-maya", "/en/hpv-clinic-riviera-maya"),
    ("/histeroscopia-ginecologica-cancun", "/en/hysteroscopy-clinic-cancun"),
    ("/maternidad-y-fertilidad", "/en/maternity-and-fertility"),
    ("/laparoscopia", "/en/laparoscopy"),
    ("/anticoncepcion", "/en/contraception"),
    ("/check-up-ginecologico-integral", "/en/comprehensive-gynecological-checkup"),
    ("/acerca-de-{product}-ginecologia-cancun", "/en/about-{product}-gynecology-cancun"),
    ("/ginecologo-cancun-{male}", "/en/obgyn-cancun-{male}"),
    ("/ginecologa-cancun-{female}", "/en/obgyn-cancun-{female}"),
    ("/preguntas-frecuentes", "/en/faq"),
    ("/exito", "/en/success"),
    ("/agenda-tu-cita", "/en/book-appointment"),
]
# docs/design.md, "Pages and routes", home page sections 2 to 8, in order.
HOME_SECTIONS = ("hero", "services", "team", "certifications", "facilities", "reviews", "location")
# Hero: "health-authority permit numbers (three shown)".
PERMITS = 3
# The ES/EN toggle shows the other language's code.
TOGGLE_TEXT = {"es": "EN", "en": "ES"}
# The sample's facts: fee, length, hours (the one reading of docs/design.md, "One source for every fact"), rating, postal code.
FEE = (1500, "MXN")
CONSULTATION_MINUTES = 60
HOURS = {("Mo", "Tu", "We", "Th", "Fr"): ("09:00", "20:00"), ("Sa",): ("09:00", "14:00")}
RATING = (4.9, 127)
POSTAL_CODE = "77500"
# Privacy page: "11 numbered sections" (their anchors).
PRIVACY_SECTIONS = (
    "controller",
    "data",
    "purposes",
    "sensitive",
    "sharing",
    "security",
    "arco",
    "revocation",
    "cookies",
    "changes",
    "contact",
)
# Service pages a patient can decide from: at least this many visible words each, in each
# language.
SERVICE_PAGE_WORDS = 500
# Section 9: the share image.
SHARE_IMAGE = (1200, 630)
# Section 1: a gynecology clinic; a doctor who sees its maternity patients practises
# obstetrics too (schema.org's MedicalSpecialty names, in the structured data).
SPECIALTY = "Gynecologic"
SPECIALTY_OF_SERVICE = {"maternity": "Obstetric"}
# docs/design.md, "Pages and routes", legacy redirects (old path -> the Spanish path it replaces).
LEGACY_REDIRECTS = {
    "/citas": "/agenda-tu-cita",
    "/clinica-de-vph": "/clinica-de-vph-riviera-maya",
    "/clinica-de-histeroscopia": "/histeroscopia-ginecologica-cancun",
    "/contáctanos": "/contacto",
    "/fertilidad": "/maternidad-y-fertilidad",
    "/m/login": "/",
    "/m/reset": "/",
    "/m/create-account": "/",
    "/dra-{female}": "/ginecologa-cancun-{female}",
    "/dr-{male}": "/ginecologo-cancun-{male}",
}


def spec_path(path: str) -> str:
    """A path of the spec's tables with {product}, {male} and {female} from content."""
    by_gender = {d.gender: d.slug for d in content().doctors}
    return path.format(product=content().clinic.brand_slug, **by_gender)


# ------------------------------------------------------------ the sample's own words
# docs/design.md, "The shipped sample's facts" claims on the sample's service pages and the law its privacy notice
# cites, in the sample's two languages: test_sample_pages.py checks them on the
# shipped sample only (another clinic has other services and writes its own notice).


def _figure(value, lang: str) -> str:
    """A key figure as the service pages show it: "+N" in Spanish, "N+" in English."""
    return f"+{value}" if lang == "es" else f"{value}+"


def service_claims() -> dict[str, dict[str, list[str]]]:
    """docs/design.md, "The shipped sample's facts": the claims, where they belong, in each language, with the numbers
    of clinic.yaml (`claims`) and of the services' specialists (doctors.yaml)."""
    from clinic.site.i18n import format_number
    from tests.texts import text_of

    claims = content().clinic.claims
    specialist = {s.key: content().doctor(s.specialist) for s in content().services if s.specialist}
    hpv_years = specialist["hpv"].years_experience
    hysteroscopy_years = specialist["hysteroscopy"].years_experience
    # Years carry their unit in the figure itself ("+18 años", "18+ years"): a bare "+18"
    # reads like an age limit.
    years = {"es": "años", "en": "years"}
    years_range = {
        "es": f"{claims['contraception_years_min']} a {claims['contraception_years_max']} años",
        "en": f"{claims['contraception_years_min']} to {claims['contraception_years_max']} years",
    }
    return {
        "hpv": {
            lang: [
                _figure(format_number(claims["hpv_procedures"], lang), lang),
                _figure(f"{claims['hpv_success_percent']}%", lang),
                f"{_figure(hpv_years, lang)} {years[lang]}",
                text_of(lang, "inner.years", years=hpv_years),
            ]
            for lang in ("es", "en")
        },
        "hysteroscopy": {
            lang: [
                f"{_figure(hysteroscopy_years, lang)} {years[lang]}",
                {"es": "de experiencia en histeroscopia", "en": "of experience in hysteroscopy"}[
                    lang
                ],
            ]
            for lang in ("es", "en")
        },
        "contraception": {
            lang: [
                years_range[lang],
                _figure(f"{claims['contraception_effectiveness_percent']}%", lang),
            ]
            for lang in ("es", "en")
        },
    }


def privacy_facts() -> dict[str, list[str]]:
    """The law the sample's privacy notice cites (LFPDPPP of 20 March 2025) and its terms,
    in each language; the notice's own date is the `updated` of content/pages/privacy.yaml,
    in each language's words."""
    from clinic.site.i18n import format_month
    from clinic.site.pages.privacy import privacy_content

    return {
        "es": [
            format_month(privacy_content().updated, "es"),
            "20 de marzo de 2025",
            "LFPDPPP",
            "datos personales sensibles",
            "consentimiento expreso",
            "ARCO",
            "Secretaría Anticorrupción y Buen Gobierno",
        ],
        "en": [
            format_month(privacy_content().updated, "en"),
            "20 March 2025",
            "LFPDPPP",
            "sensitive personal data",
            "express consent",
            "ARCO",
            "Secretaría Anticorrupción y Buen Gobierno",
        ],
    }
