"""The contact page (docs/design.md, "Pages and routes"): heading and subtitle over a soft background image,
the form that hands the message to WhatsApp, and three cards: chat, call and visit.

Everything here is static: the form works in the browser alone (no backend call), so the
page also works served as plain files.
"""

from __future__ import annotations

import reflex as rx

from clinic.site import navigation as nav
from clinic.site.components.contact_form import contact_form
from clinic.site.components.links import external_link
from clinic.site.components.picture import photo, picture
from clinic.site.components.styles import CARD, CONTAINER, TEXT_LINK, icon
from clinic.site.content import content
from clinic.site.i18n import opening_hours, text_of, text_with_facts
from clinic.site.routes import Page

# Made by tools/make_contact_background.py (AVIF and WebP, JPEG fallback), at
# assets/img/<folder>/<key>-<width>.<format>.
BACKGROUND_FOLDER, BACKGROUND_KEY = "contact", "contact-background"
BACKGROUND_WIDTHS = (800, 1600)
BACKGROUND_RATIO = (5, 2)

ICONS = {
    "chat": ("M4 20l1.3-3.9A8 8 0 1 1 8 19z",),
    "call": (
        "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
    ),
    "visit": (
        "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z",
        "M12 12.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
    ),
}


def _icon(name: str) -> rx.Component:
    return rx.el.span(
        icon(*ICONS[name]),
        aria_hidden="true",
        class_name="flex size-11 shrink-0 items-center justify-center rounded-full bg-blush text-primary",
    )


def background_picture() -> rx.Component:
    """Decorative (empty alt), sized up front so nothing moves when it arrives; in the
    first screen, so not lazy."""
    background = photo(
        BACKGROUND_FOLDER,
        BACKGROUND_KEY,
        alt="",
        widths=BACKGROUND_WIDTHS,
        ratio=BACKGROUND_RATIO,
    )
    return picture(
        background, sizes="100vw", class_name="absolute inset-0 size-full object-cover", eager=True
    )


def header(lang: str) -> rx.Component:
    return rx.el.section(
        background_picture(),
        rx.el.div(
            rx.el.h1(
                text_with_facts(lang, "pages.contact.title"),
                class_name="text-3xl font-bold tracking-tight text-primary sm:text-4xl",
            ),
            rx.el.p(
                text_with_facts(lang, "pages.contact.intro"),
                class_name="mt-4 max-w-2xl text-lg text-ink",
            ),
            class_name=f"relative {CONTAINER} py-14 sm:py-20",
        ),
        class_name="relative isolate overflow-hidden bg-sand",
        data_contact_header="",
    )


def form_panel(lang: str) -> rx.Component:
    return rx.el.section(
        rx.el.h2(
            text_of(lang, "contact.form.title"),
            id="contact-form-title",
            class_name="text-2xl font-bold tracking-tight text-primary",
        ),
        rx.el.p(text_of(lang, "contact.form.intro"), class_name="mt-2 text-muted"),
        rx.el.div(contact_form(lang), class_name="mt-6"),
        aria_labelledby="contact-form-title",
        class_name=f"{CARD} sm:p-8",
    )


def _card(kind: str, title: str, *body: rx.Component) -> rx.Component:
    return rx.el.li(
        _icon(kind),
        rx.el.div(
            rx.el.h3(title, class_name="text-lg font-semibold text-ink"),
            *body,
            class_name="min-w-0",
        ),
        class_name=f"{CARD} flex gap-4",
        data_contact_card=kind,
    )


def contact_cards(lang: str) -> rx.Component:
    clinic = content().clinic
    return rx.el.section(
        rx.el.h2(
            text_of(lang, "contact.cards.title"),
            id="contact-cards-title",
            class_name="text-2xl font-bold tracking-tight text-primary",
        ),
        rx.el.ul(
            _card(
                "chat",
                text_of(lang, "contact.cards.chat_title"),
                rx.el.p(
                    text_with_facts(lang, "contact.cards.chat_text"), class_name="mt-1 text-muted"
                ),
                external_link(
                    nav.whatsapp_link(),
                    text_of(lang, "contact.cards.chat_action"),
                    lang=lang,
                    class_name=f"mt-2 inline-block {TEXT_LINK}",
                ),
            ),
            _card(
                "call",
                text_of(lang, "contact.cards.call_title"),
                rx.el.dl(
                    *(
                        rx.el.div(
                            rx.el.dt(days, class_name="font-medium"),
                            rx.el.dd(hours),
                            class_name="flex flex-wrap gap-x-2",
                        )
                        for days, hours in opening_hours(lang)
                    ),
                    class_name="mt-1 text-sm text-muted",
                ),
                rx.el.a(
                    text_with_facts(lang, "contact.cards.call_action"),
                    href=clinic.tel_href,
                    class_name=f"mt-2 inline-block {TEXT_LINK}",
                ),
            ),
            _card(
                "visit",
                text_of(lang, "contact.cards.visit_title"),
                rx.el.address(
                    text_with_facts(lang, "footer.address"), class_name="mt-1 not-italic text-muted"
                ),
                external_link(
                    str(clinic.address.maps_url),
                    text_of(lang, "contact.cards.visit_action"),
                    lang=lang,
                    class_name=f"mt-2 inline-block {TEXT_LINK}",
                ),
            ),
            class_name="mt-6 space-y-4",
        ),
        aria_labelledby="contact-cards-title",
    )


def render(page: Page) -> rx.Component:
    lang = page.lang
    return rx.fragment(
        header(lang),
        rx.el.div(
            rx.el.div(
                form_panel(lang),
                contact_cards(lang),
                class_name=f"{CONTAINER} grid gap-10 py-12 sm:py-16 lg:grid-cols-[3fr_2fr]",
            ),
            class_name="bg-white",
        ),
    )
