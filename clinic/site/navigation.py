"""Navigation items (docs/design.md, "What the site holds": key, href, optional external flag, optional label),
derived from the route table and content so that menus never list a path by hand."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from clinic.site.content import content
from clinic.site.i18n import text_of, text_with_facts
from clinic.site.routes import doctor_page_id, path_for


@dataclass(frozen=True)
class NavItem:
    key: str
    href: str
    label: str
    external: bool = False


def home_anchor(lang: str, section_id: str) -> str:
    """A home-page section ("/#services", "/en/#team")."""
    return f"{path_for('home', lang)}#{section_id}"


SERVICES_SECTION_ID = "services"
TEAM_SECTION_ID = "team"


def services_menu(lang: str) -> list[NavItem]:
    """Services dropdown: the home section, each service page, and the consultation cost."""
    items = [
        NavItem(
            "services", home_anchor(lang, SERVICES_SECTION_ID), text_of(lang, "nav.services_all")
        )
    ]
    items += [
        NavItem(s.key, path_for(s.key, lang), text_of(lang, f"services.{s.key}.title"))
        for s in content().services
    ]
    items.append(NavItem("faq", path_for("faq", lang), text_of(lang, "nav.faq_cost")))
    return items


def team_menu(lang: str) -> list[NavItem]:
    """Team dropdown: the home section, About, then each doctor's page: the male doctors
    first, as the spec lists them, each group in doctors.yaml order."""
    doctors = sorted(content().doctors, key=lambda d: d.gender != "male")
    return [
        NavItem("team", home_anchor(lang, TEAM_SECTION_ID), text_of(lang, "nav.team_all")),
        NavItem("about", path_for("about", lang), text_with_facts(lang, "nav.about")),
        *(NavItem(d.slug, path_for(doctor_page_id(d.slug), lang), d.name(lang)) for d in doctors),
    ]


def memberships(lang: str) -> NavItem:
    return NavItem(
        "memberships", str(content().clinic.memberships_url), text_of(lang, "nav.memberships"), True
    )


def footer_links(lang: str) -> list[NavItem]:
    """Footer quick links: services, team, memberships (new tab), contact, privacy notice,
    accessibility statement."""
    return [
        NavItem("services", home_anchor(lang, SERVICES_SECTION_ID), text_of(lang, "nav.services")),
        NavItem("team", home_anchor(lang, TEAM_SECTION_ID), text_of(lang, "nav.team")),
        memberships(lang),
        NavItem("contact", path_for("contact", lang), text_of(lang, "nav.contact")),
        NavItem("privacy", path_for("privacy", lang), text_of(lang, "footer.privacy")),
        NavItem(
            "accessibility", path_for("accessibility", lang), text_of(lang, "footer.accessibility")
        ),
    ]


def whatsapp_link(text: str = "") -> str:
    """The clinic's WhatsApp chat, optionally with a prefilled, URL-encoded message."""
    url = content().clinic.whatsapp_url
    return f"{url}?text={quote(text, safe='')}" if text else url
