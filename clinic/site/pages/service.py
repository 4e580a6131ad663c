"""The six service pages, one shared layout (spec section 2): hero with the key facts,
intro, service cards, specialist blocks and a closing call to action.

Texts live in content/pages/services/<key>.yaml; the title, intro and head tags of each
page come from the i18n key table (pages.<key>.*), the specialists from doctors.yaml.
"""

from __future__ import annotations

import functools
from typing import Annotated

import reflex as rx
from pydantic import Field

from clinic.site import navigation as nav
from clinic.site.components.links import external_link, page_link
from clinic.site.components.ui import BUTTON_PRIMARY, BUTTON_SECONDARY, CONTAINER, section
from clinic.site.content import Localized, Strict, load_model
from clinic.site.i18n import fill, service_values, t, tc
from clinic.site.pages.inner_blocks import call_to_action, doctor_card, doctors_for, paragraphs, titled_cards
from clinic.site.routes import Page, path_for


class Fact(Strict):
    """A key figure from the spec's claims. Its numbers are {placeholders}: the clinic's
    `claims` (clinic.yaml) and the service specialist's {years} (doctors.yaml), so each
    number lives once."""

    value: Localized
    label: Localized


class ServiceCard(Strict):
    title: Localized
    text: Localized


class ServiceContent(Strict):
    facts: list[Fact] = []
    intro_heading: Localized
    intro: Annotated[list[Localized], Field(min_length=1)]
    cards_heading: Localized
    cards: Annotated[list[ServiceCard], Field(min_length=2)]


@functools.cache
def service_content(key: str) -> ServiceContent:
    return load_model(f"pages/services/{key}.yaml", ServiceContent)


def _hero(page: Page, data: ServiceContent) -> rx.Component:
    lang, key = page.lang, page.id
    specialist = service_values(key, lang)
    facts = rx.el.dl(
        *(
            rx.el.div(
                rx.el.dt(fill(lang, f.label(lang), **specialist), class_name="text-sm text-muted"),
                rx.el.dd(fill(lang, f.value(lang), **specialist), class_name="order-first text-3xl font-bold text-primary"),
                class_name="flex flex-col gap-1 rounded-2xl bg-white p-5 shadow-sm",
                data_fact="",
            )
            for f in data.facts
        ),
        class_name="mt-8 grid max-w-4xl gap-4 sm:grid-cols-2 lg:grid-cols-3",
    ) if data.facts else rx.fragment()
    topic = t(lang, f"services.{key}.title")
    return rx.el.section(
        rx.el.div(
            rx.el.p(t(lang, "service_page.eyebrow"), class_name="text-sm font-semibold uppercase tracking-wide text-accent"),
            rx.el.h1(tc(lang, f"pages.{key}.title", **specialist), class_name="mt-2 text-3xl font-bold tracking-tight text-primary sm:text-4xl"),
            rx.el.p(tc(lang, f"pages.{key}.intro", **specialist), class_name="mt-4 max-w-2xl text-lg text-muted"),
            facts,
            rx.el.div(
                page_link(path_for("booking", lang), t(lang, "inner.book"), class_name=BUTTON_PRIMARY),
                external_link(nav.whatsapp_link(t(lang, "inner.chat_message", topic=topic)), t(lang, "inner.chat"),
                              lang=lang, class_name=BUTTON_SECONDARY),
                class_name="mt-8 flex flex-wrap gap-3",
            ),
            class_name=f"{CONTAINER} py-12 sm:py-16",
        ),
        class_name="bg-blush",
    )


def _cards(page: Page, data: ServiceContent) -> rx.Component:
    return titled_cards(data.cards, page.lang, title=data.cards_heading(page.lang),
                        item_attrs={"data_service_card": ""}, values=service_values(page.id, page.lang))


def _specialists(page: Page) -> rx.Component:
    doctors = doctors_for(page.id)
    title = t(page.lang, "service_page.specialists_one" if len(doctors) == 1 else "service_page.specialists_many")
    return section(
        rx.el.div(*(doctor_card(d, page.lang) for d in doctors), class_name="mt-8 grid gap-6 lg:grid-cols-2"),
        id="specialists",
        title=title,
        class_name="specialists",
    )


def render(page: Page) -> rx.Component:
    lang = page.lang
    data = service_content(page.id)
    return rx.fragment(
        _hero(page, data),
        section(*paragraphs([fill(lang, p(lang), **service_values(page.id, lang)) for p in data.intro]),
                title=data.intro_heading(lang)),
        _cards(page, data),
        _specialists(page),
        call_to_action(lang, t(lang, f"services.{page.id}.title")),
    )
