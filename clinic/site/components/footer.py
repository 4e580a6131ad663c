"""The site footer (docs/design.md, "Pages and routes"): quick links, social links, phone, e-mail, address,
WhatsApp with a prefilled booking message, opening hours, copyright and designer credit."""

from __future__ import annotations

import datetime

import reflex as rx

from clinic.framework.browser_steps import browser_step, handler
from clinic.framework.client_state import ClientStateVar, set_to
from clinic.site import navigation as nav
from clinic.site.components.fixed_bars import ABOVE_THE_BOTTOM_BAR_CLASS
from clinic.site.components.links import external_link, page_link
from clinic.site.content import content
from clinic.site.i18n import opening_hours, text_of, text_with_facts

# The copyright year: prerendered with the build's year; once the page runs, the
# visitor's current year (a site not rebuilt since December stays right).
copyright_year = ClientStateVar.create("copyright_year", default=datetime.date.today().year)
this_year = browser_step("page", "currentYear", returns=int)

FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
LINK = f"rounded-sm text-white/90 underline-offset-4 hover:text-white hover:underline {FOCUS}"
HEADING = "mb-3 text-sm font-semibold uppercase tracking-wide text-white"


def _column(title: str, *children) -> rx.Component:
    return rx.el.div(rx.el.h2(title, class_name=HEADING), *children)


def hours_list(lang: str, class_name: str = "") -> rx.Component:
    """The opening hours from the one hours source, as a description list."""
    return rx.el.dl(
        *(
            rx.el.div(rx.el.dt(days, class_name="font-medium"), rx.el.dd(hours), class_name="mb-2")
            for days, hours in opening_hours(lang)
        ),
        class_name=class_name,
        data_hours="",
    )


def footer(lang: str) -> rx.Component:
    clinic = content().clinic
    quick = rx.el.ul(
        *(
            rx.el.li(
                external_link(i.href, i.label, lang=lang, class_name=LINK)
                if i.external
                else page_link(i.href, i.label, class_name=LINK)
            )
            for i in nav.footer_links(lang)
        ),
        class_name="space-y-2",
    )
    social = rx.el.ul(
        *(
            rx.el.li(
                external_link(str(url), text_of(lang, f"social.{name}"), lang=lang, class_name=LINK)
            )
            for name, url in clinic.social.model_dump().items()
        ),
        class_name="space-y-2",
    )
    contact = rx.el.ul(
        rx.el.li(rx.el.a(clinic.phone, href=clinic.tel_href, class_name=LINK)),
        rx.el.li(rx.el.a(clinic.email, href=f"mailto:{clinic.email}", class_name=LINK)),
        rx.el.li(
            external_link(
                nav.whatsapp_link(text_of(lang, "footer.whatsapp_message")),
                text_of(lang, "footer.whatsapp"),
                lang=lang,
                class_name=LINK,
            )
        ),
        rx.el.li(
            external_link(
                str(clinic.address.maps_url),
                text_with_facts(lang, "footer.address"),
                lang=lang,
                class_name=LINK,
            ),
            class_name="not-italic",
        ),
        class_name="space-y-2",
    )
    return rx.el.footer(
        rx.el.div(
            rx.el.div(
                rx.el.p(clinic.brand, class_name="text-2xl font-bold"),
                rx.el.p(
                    text_with_facts(lang, "footer.about"), class_name="mt-2 max-w-xs text-white/85"
                ),
                class_name="sm:col-span-2 lg:col-span-1",
            ),
            _column(text_of(lang, "footer.quick_links"), quick),
            _column(text_of(lang, "footer.follow"), social),
            _column(
                text_of(lang, "footer.contact"), rx.el.address(contact, class_name="not-italic")
            ),
            _column(text_of(lang, "footer.hours"), hours_list(lang, "text-white/90")),
            class_name="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5",
        ),
        rx.el.div(
            rx.el.p(
                # The year is a live widget, so the sentence is assembled around it.
                "© ",
                copyright_year.value,
                " ",
                text_with_facts(lang, "footer.copyright"),
            ),
            rx.el.p(
                external_link(
                    str(clinic.designer.url),
                    text_of(lang, "footer.designed_by", designer=clinic.designer.name),
                    lang=lang,
                    class_name=LINK,
                )
            ),
            class_name=(
                "mx-auto flex max-w-6xl flex-col gap-2 border-t border-white/20 px-4 py-6 "
                "text-sm text-white/85 sm:flex-row sm:justify-between"
            ),
        ),
        rx.fragment(on_mount=handler(lambda: set_to(copyright_year, this_year()))),
        class_name=f"bg-primary-dark {ABOVE_THE_BOTTOM_BAR_CLASS} text-white",
    )
