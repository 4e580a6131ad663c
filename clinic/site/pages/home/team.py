"""Team: a card for each of the first doctors (photo or initials, specialty, licence
line, bio, link to the doctor's page), and a link to the whole team (docs/design.md, "A
clinic of any size reads well")."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.avatar import doctor_avatar
from clinic.site.components.links import page_link
from clinic.site.components.styles import CARD, TEXT_LINK, page_section
from clinic.site.content import Doctor, content
from clinic.site.i18n import doctor_bio, text_of
from clinic.site.navigation import TEAM_SECTION_ID
from clinic.site.pages.home.specialists_link import specialists_link
from clinic.site.routes import doctor_page_id, path_for

SECTION_ID = TEAM_SECTION_ID
AVATAR_SIZE = 112
# The home page shows the first doctors of doctors.yaml; the specialists page, every one.
SHOWN_AT_MOST = 4


def shown_doctors() -> list[Doctor]:
    """The doctors the home page's team section shows."""
    return list(content().doctors[:SHOWN_AT_MOST])


def _card(doctor: Doctor, lang: str) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            doctor_avatar(doctor, AVATAR_SIZE, lang=lang),
            rx.el.div(
                rx.el.h3(doctor.name(lang), class_name="text-xl font-semibold text-ink"),
                rx.el.p(doctor.specialty(lang), class_name="mt-1 font-medium text-primary"),
                rx.el.p(
                    doctor.license(lang), class_name="mt-2 text-sm text-muted", data_license=""
                ),
            ),
            class_name="flex flex-col gap-4 sm:flex-row sm:items-center",
        ),
        rx.el.p(doctor_bio(doctor, lang), class_name="mt-4 flex-1 text-ink"),
        page_link(
            path_for(doctor_page_id(doctor.slug), lang),
            text_of(lang, "home.team.profile"),
            rx.icon("arrow-right", size=18, aria_hidden="true"),
            aria_label=text_of(lang, "home.team.profile_label", name=doctor.name(lang)),
            class_name=f"mt-4 inline-flex items-center gap-1 self-start {TEXT_LINK}",
        ),
        class_name=f"{CARD} flex flex-col",
        data_doctor=doctor.slug,
    )


def section(lang: str) -> rx.Component:
    return page_section(
        rx.el.p(text_of(lang, "home.team.intro"), class_name="mt-3 max-w-2xl text-lg text-muted"),
        rx.el.ul(
            *(_card(d, lang) for d in shown_doctors()),
            class_name="mt-8 grid gap-6 lg:grid-cols-2",
        ),
        specialists_link(lang, "home.team.all", data_whole_team=""),
        id=SECTION_ID,
        title=text_of(lang, "home.team.title"),
        tone="blush",
    )
