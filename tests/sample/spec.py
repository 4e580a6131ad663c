"""What the specification (../shared/spec/clinic-site.md) says of its one clinic, the
sample that content/ ships: the spec's numbers and tables, in one place.

These are the sample's numbers, not limits of the product: a clinic that edits content/
has its own, and every other test reads counts and texts from the content model. Only
the tests beside this module use it, and only on the shipped sample (shipped.py says when).
"""

from __future__ import annotations

from clinic.site.content import content

# Spec section 2 (home sections 3 to 6, menus) and section 9.
SERVICES = 6
DOCTORS_BY_GENDER = {"female": 1, "male": 1}
CERTIFICATIONS = 7
FACILITY_PHOTOS = 7
# FAQ page: "a list of seven services".
FAQ_SERVICES = 7
# Success page: arrive early, tolerance, modifying, no-show, companion, invoice.
SUCCESS_NOTES = 6
# Spec section 2, the route table: {product} is the brand's slug, {male}/{female} the
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
PAGES = 2 * len(ROUTES)  # thirty
# Spec section 2, home page sections 2 to 8, in order.
HOME_SECTIONS = ("hero", "services", "team", "certifications", "facilities", "reviews", "location")
# Hero: "health-authority permit numbers (three shown)".
PERMITS = 3
# The ES/EN toggle shows the other language's code.
TOGGLE_TEXT = {"es": "EN", "en": "ES"}
# Section 9: fee, length, hours (DESIGN section 2's one reading), rating, postal code.
FEE = (1500, "MXN")
CONSULTATION_MINUTES = 60
HOURS = {("Mo", "Tu", "We", "Th", "Fr"): ("09:00", "20:00"), ("Sa",): ("09:00", "14:00")}
RATING = (4.9, 127)
POSTAL_CODE = "77500"
# Section 9: the share image.
SHARE_IMAGE = (1200, 630)
# Spec section 2, legacy redirects (old path -> the Spanish path it replaces).
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
