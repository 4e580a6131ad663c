"""Services and specialists: every service, each with the doctors who see it (docs/design.md,
"A clinic of any size reads well"). The one page that lists the whole clinic: the menus
and the home page name the first few and link here.

An index of the services comes first, folded, real in-page links that work from the
first paint (components/link_index.py);
then a section per service (its name, its line, a link to its page, its doctors, each
linking to their page) in services.yaml's order, and the doctors who see none of them
last. A doctor who sees three services is under each of the three: a patient looks for
a service first."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.avatar import doctor_avatar
from clinic.site.components.link_index import link_index
from clinic.site.components.links import page_link
from clinic.site.components.page_header import page_header
from clinic.site.components.styles import CARD, CONTAINER, TEXT_LINK
from clinic.site.content import Doctor, content
from clinic.site.i18n import service_text, text_of, text_with_facts
from clinic.site.routes import Page, doctor_page_id, path_for

AVATAR_SIZE = 56
# The section of the doctors who see none of the listed services.
OTHERS_ID = "more-specialists"


def section_id(service_key: str) -> str:
    return f"service-{service_key}"


def _doctor(doctor: Doctor, lang: str) -> rx.Component:
    return rx.el.li(
        doctor_avatar(doctor, AVATAR_SIZE, lang=lang, class_name="shrink-0"),
        rx.el.div(
            page_link(
                path_for(doctor_page_id(doctor.slug), lang),
                doctor.name(lang),
                class_name=f"font-semibold {TEXT_LINK}",
            ),
            rx.el.p(doctor.specialty(lang), class_name="text-sm text-muted"),
        ),
        class_name="flex items-center gap-4",
        data_specialist=doctor.slug,
    )


def _doctors(doctors: list[Doctor], lang: str) -> rx.Component:
    return rx.el.ul(
        *(_doctor(d, lang) for d in doctors),
        class_name="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
    )


def _group(key: str, heading: rx.Component, *children: rx.Component) -> rx.Component:
    heading_id = f"{key}-heading"
    return rx.el.section(
        rx.el.h2(
            heading,
            id=heading_id,
            class_name="text-xl font-bold tracking-tight text-primary sm:text-2xl",
        ),
        *children,
        id=key,
        aria_labelledby=heading_id,
        class_name=f"{CARD} scroll-mt-4",
        data_service_group=key,
    )


def _service(key: str, lang: str) -> rx.Component:
    title = text_of(lang, f"services.{key}.title")
    doctors = [d for d in content().doctors if key in d.services]
    return _group(
        section_id(key),
        title,
        rx.el.p(service_text(lang, key, "description"), class_name="mt-2 max-w-3xl text-muted"),
        page_link(
            path_for(key, lang),
            text_of(lang, "specialists.about_service"),
            rx.el.span(" " + title, class_name="sr-only"),
            class_name=f"mt-2 inline-block {TEXT_LINK}",
        ),
        _doctors(doctors, lang) if doctors else rx.fragment(),
    )


def _index(lang: str, others: bool) -> rx.Component:
    entries = [
        (section_id(s.key), text_of(lang, f"services.{s.key}.title")) for s in content().services
    ]
    if others:
        entries.append((OTHERS_ID, text_of(lang, "specialists.others_title")))
    return rx.el.nav(
        link_index(text_of(lang, "specialists.index_title"), entries),
        aria_label=text_of(lang, "specialists.index_title"),
        class_name="mt-8",
        data_specialists_index="",
    )


def render(page: Page) -> rx.Component:
    lang = page.lang
    data = content()
    listed = {s.key for s in data.services}
    others = [d for d in data.doctors if not listed.intersection(d.services)]
    return rx.fragment(
        page_header(
            text_with_facts(lang, "pages.specialists.title"),
            text_with_facts(lang, "pages.specialists.intro"),
            _index(lang, bool(others)),
        ),
        rx.el.div(
            *(_service(s.key, lang) for s in data.services),
            _group(OTHERS_ID, text_of(lang, "specialists.others_title"), _doctors(others, lang))
            if others
            else rx.fragment(),
            class_name=f"{CONTAINER} grid gap-6 py-12 sm:py-16",
        ),
    )
