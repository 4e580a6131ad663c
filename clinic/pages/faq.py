"""The FAQ page (spec section 2): cost, location, doctors, ultrasound, the services and
the opening hours, one card per question.

`faq_entries(lang)` gives the same questions and answers as plain text, in page order,
for the FAQPage structured data: page and data are built from one `FaqView` list, so
they cannot drift apart. Fee, address and hours come from content/clinic.yaml."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Annotated, Literal

import reflex as rx
from pydantic import Field

from clinic import navigation as nav
from clinic.components.links import external_link, page_link
from clinic.components.page_header import page_header
from clinic.components.ui import BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, TEXT_LINK, section
from clinic.content import Localized, Slug, Strict, content, load_model
from clinic.i18n import opening_hours, t, tc
from clinic.pages.inner_blocks import doctor_href, fill
from clinic.routes import Page, path_for


class FaqEntry(Strict):
    key: Slug
    question: Localized
    answer: Annotated[list[Localized], Field(min_length=1)]
    items: Literal["doctors", "services", "hours"] | None = None
    note: list[Localized] = []
    link: Literal["booking", "map"] | None = None


class FaqContent(Strict):
    entries: Annotated[list[FaqEntry], Field(min_length=1)]
    extra_services: list[Localized] = []


@functools.cache
def faq_content() -> FaqContent:
    return load_model("pages/faq.yaml", FaqContent)


@dataclass(frozen=True)
class Item:
    label: str
    detail: str = ""
    href: str = ""

    @property
    def text(self) -> str:
        return f"{self.label}: {self.detail}" if self.detail else self.label


@dataclass(frozen=True)
class FaqView:
    """One question as shown: paragraphs, an optional list, closing paragraphs."""

    key: str
    question: str
    paragraphs: tuple[str, ...]
    items: tuple[Item, ...]
    items_kind: str | None
    note: tuple[str, ...]
    link: str | None

    @property
    def answer_text(self) -> str:
        """The answer as plain text: the list becomes one sentence, items joined by "; "."""
        parts = [*self.paragraphs]
        if self.items:
            listed = "; ".join(item.text for item in self.items)
            parts.append(listed if listed.endswith(".") else listed + ".")
        return " ".join([*parts, *self.note])


def _items(kind: str | None, lang: str) -> tuple[Item, ...]:
    if kind == "doctors":
        return tuple(Item(d.name, d.specialty(lang), doctor_href(d, lang)) for d in content().doctors)
    if kind == "services":
        pages = [Item(t(lang, f"services.{s.key}.title"), href=path_for(s.key, lang)) for s in content().services]
        extra = [Item(text(lang), href=path_for("booking", lang)) for text in faq_content().extra_services]
        return tuple(pages + extra)
    if kind == "hours":
        return tuple(Item(days, hours) for days, hours in opening_hours(lang))
    return ()


def faq_views(lang: str) -> list[FaqView]:
    return [
        FaqView(
            key=e.key,
            question=fill(e.question(lang)),
            paragraphs=tuple(fill(p(lang)) for p in e.answer),
            items=_items(e.items, lang),
            items_kind=e.items,
            note=tuple(fill(p(lang)) for p in e.note),
            link=e.link,
        )
        for e in faq_content().entries
    ]


def faq_entries(lang: str) -> list[tuple[str, str]]:
    """(question, answer) pairs exactly as the FAQ page shows them, in page order."""
    return [(view.question, view.answer_text) for view in faq_views(lang)]


# ---------------------------------------------------------------- rendering


def _item_list(view: FaqView) -> rx.Component:
    if view.items_kind == "hours":
        # Same rows as the footer's hours (both read opening_hours()).
        return rx.el.dl(
            *(rx.el.div(rx.el.dt(i.label, class_name="font-medium"), rx.el.dd(i.detail), class_name="flex flex-wrap justify-between gap-x-4 border-b border-primary/10 py-2")
              for i in view.items),
            class_name="mt-3",
            data_hours="",
        )
    return rx.el.ul(
        *(
            rx.el.li(
                page_link(i.href, i.label, class_name=TEXT_LINK) if i.href else i.label,
                f": {i.detail}" if i.detail else "",
            )
            for i in view.items
        ),
        class_name="mt-3 list-disc space-y-2 pl-5",
        data_items=view.items_kind,
    )


def _action(view: FaqView, lang: str) -> rx.Component:
    if view.link == "map":
        return external_link(str(content().clinic.address.maps_url), t(lang, "inner.map"), lang=lang, class_name=TEXT_LINK)
    if view.link == "booking":
        return page_link(path_for("booking", lang), t(lang, "faq_page.booking"), class_name=TEXT_LINK)
    return rx.fragment()


def _card(view: FaqView, lang: str) -> rx.Component:
    return rx.el.article(
        rx.el.h2(view.question, class_name="text-xl font-bold text-primary", data_faq_question=""),
        rx.el.div(
            *(rx.el.p(p, class_name="mt-3 leading-relaxed") for p in view.paragraphs),
            _item_list(view) if view.items else rx.fragment(),
            *(rx.el.p(p, class_name="mt-3 leading-relaxed") for p in view.note),
            data_faq_answer="",
        ),
        rx.el.p(_action(view, lang), class_name="mt-4") if view.link else rx.fragment(),
        class_name=CARD,
        data_faq=view.key,
        id=view.key,
    )


def render(page: Page) -> rx.Component:
    lang = page.lang
    more = section(
        rx.el.p(tc(lang, "faq_page.more_text"), class_name="mt-3 max-w-2xl text-lg"),
        rx.el.div(
            external_link(nav.whatsapp_link(), t(lang, "inner.chat"), lang=lang, class_name=BUTTON_PRIMARY),
            page_link(path_for("contact", lang), t(lang, "faq_page.contact"), class_name=BUTTON_SECONDARY),
            class_name="mt-6 flex flex-wrap gap-3",
        ),
        title=t(lang, "faq_page.more_heading"),
        tone="sand",
    )
    return rx.fragment(
        page_header(tc(lang, "pages.faq.title"), tc(lang, "pages.faq.intro")),
        rx.el.div(
            *(_card(view, lang) for view in faq_views(lang)),
            class_name="mx-auto grid max-w-6xl items-start gap-6 px-4 py-12 md:grid-cols-2",
        ),
        more,
    )
