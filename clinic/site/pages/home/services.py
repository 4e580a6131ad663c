"""Services grid: a card for each of the first services in content order, each linking
to its page, a link to every service (the specialists page: docs/design.md, "A clinic of
any size reads well"), and a banner with the clinic's selling points from content (the sample's: every consultation
includes an ultrasound, docs/design.md, "Pages and routes", "The shipped sample's facts"); without any, no banner."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.links import page_link
from clinic.site.components.styles import CARD, TEXT_LINK, page_section
from clinic.site.content import Service, content
from clinic.site.i18n import fill_facts, service_text, text_of
from clinic.site.navigation import SERVICES_SECTION_ID
from clinic.site.page_content.home import home_content
from clinic.site.pages.home.specialists_link import specialists_link
from clinic.site.routes import path_for

SECTION_ID = SERVICES_SECTION_ID
# The home page shows the first services of services.yaml; the specialists page, every one.
SHOWN_AT_MOST = 6


def shown_services() -> list[Service]:
    """The services the home page's services section shows."""
    return list(content().services[:SHOWN_AT_MOST])


def _card(key: str, icon: str, lang: str) -> rx.Component:
    title = text_of(lang, f"services.{key}.title")
    return rx.el.li(
        rx.el.span(
            rx.icon(icon, size=24, aria_hidden="true"),
            class_name="inline-flex h-12 w-12 items-center justify-center rounded-full bg-blush text-primary",
        ),
        rx.el.h3(title, class_name="mt-4 text-lg font-semibold text-ink"),
        rx.el.p(service_text(lang, key, "description"), class_name="mt-2 flex-1 text-muted"),
        page_link(
            path_for(key, lang),
            text_of(lang, "home.services.more"),
            # The service's name as hidden text, not an aria-label: the link's own text
            # then says where it goes (for search engines too), and speech input users
            # can still say the words they see.
            rx.el.span(
                " " + text_of(lang, "home.services.more_about", service=title), class_name="sr-only"
            ),
            rx.icon("arrow-right", size=18, aria_hidden="true"),
            class_name=f"mt-4 inline-flex items-center gap-1 self-start {TEXT_LINK}",
        ),
        class_name=f"{CARD} flex flex-col",
        data_service=key,
    )


def _banner(lang: str) -> rx.Component:
    points = home_content().services_banner
    if not points:
        return rx.fragment()
    return rx.el.ul(
        *(
            rx.el.li(
                rx.icon(point.icon, size=32, aria_hidden="true", class_name="shrink-0"),
                rx.el.div(
                    rx.el.p(
                        fill_facts(lang, point.title(lang)), class_name="text-lg font-semibold"
                    ),
                    rx.el.p(fill_facts(lang, point.text(lang)), class_name="mt-1 text-white/90"),
                ),
                class_name="flex flex-col gap-4 sm:flex-row sm:items-center",
                data_banner_point=point.key,
            )
            for point in points
        ),
        class_name="mt-8 grid gap-6 rounded-2xl bg-primary p-6 text-white",
        data_services_banner="",
    )


def section(lang: str) -> rx.Component:
    return page_section(
        rx.el.p(
            text_of(lang, "home.services.intro"), class_name="mt-3 max-w-2xl text-lg text-muted"
        ),
        rx.el.ul(
            *(_card(s.key, s.icon, lang) for s in shown_services()),
            class_name="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
        ),
        specialists_link(lang, "home.services.all", data_every_service=""),
        _banner(lang),
        id=SECTION_ID,
        title=text_of(lang, "home.services.title"),
    )
