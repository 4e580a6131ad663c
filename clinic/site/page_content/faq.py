"""The FAQ's questions and answers as data: content/pages/faq.yaml and its texts (content/i18n/<lang>/faq.yaml) filled with the clinic's
facts (fee, address, hours from content/clinic.yaml; doctors and services from their
files). The page (clinic.site.pages.faq) and the FAQPage structured data (`faq_entries`) are
both built from `faq_views`, so they cannot drift apart."""

from __future__ import annotations

from dataclasses import dataclass

from clinic.site.content import content
from clinic.site.content.pages.faq import FaqContent
from clinic.site.i18n import fill_facts, opening_hours, text_of
from clinic.site.routes import doctor_href, path_for


def faq_content() -> FaqContent:
    return content().page("faq", FaqContent)


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
        return tuple(
            Item(d.name(lang), d.specialty(lang), doctor_href(d, lang)) for d in content().doctors
        )
    if kind == "services":
        pages = [
            Item(text_of(lang, f"services.{s.key}.title"), href=path_for(s.key, lang))
            for s in content().services
        ]
        extra = [
            Item(text(lang), href=path_for("booking", lang))
            for text in faq_content().extra_services
        ]
        return tuple(pages + extra)
    if kind == "hours":
        return tuple(Item(days, hours) for days, hours in opening_hours(lang))
    return ()


def faq_views(lang: str) -> list[FaqView]:
    return [
        FaqView(
            key=e.key,
            question=fill_facts(lang, e.question(lang)),
            paragraphs=tuple(fill_facts(lang, p(lang)) for p in e.answer),
            items=_items(e.items, lang),
            items_kind=e.items,
            note=tuple(fill_facts(lang, p(lang)) for p in e.note),
            link=e.link,
        )
        for e in faq_content().entries
    ]


def faq_entries(lang: str) -> list[tuple[str, str]]:
    """(question, answer) pairs exactly as the FAQ page shows them, in page order."""
    return [(view.question, view.answer_text) for view in faq_views(lang)]
