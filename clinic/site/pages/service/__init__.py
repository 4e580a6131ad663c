"""The service pages, one shared layout (docs/design.md, "Pages and routes"): hero with the key facts,
intro, service cards, what to expect at the visit, how to prepare, the questions
patients ask about the service, specialist blocks and a closing call to action.

Texts live in content/i18n/<lang>/services/<key>.yaml: its long texts (`ServiceContent`,
clinic/site/page_content/service.py) and its title, intro and head tags (its `head`, read as pages.<key>.*); the
specialists come from doctors.yaml. The sections are in sections.py.
"""

from __future__ import annotations

import reflex as rx

from clinic.site.components.inner_blocks import call_to_action
from clinic.site.i18n import text_of
from clinic.site.page_content.service import service_content
from clinic.site.pages.service import sections
from clinic.site.routes import Page


def render(page: Page) -> rx.Component:
    data = service_content(page.id)
    return rx.fragment(
        sections.hero(page, data),
        sections.intro(page, data),
        sections.cards(page, data),
        sections.visit(page, data),
        sections.questions(page, data),
        sections.specialists(page),
        call_to_action(page.lang, text_of(page.lang, f"services.{page.id}.title")),
    )
