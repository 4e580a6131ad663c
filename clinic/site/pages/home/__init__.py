"""The home page: the sections docs/design.md lists under "Pages and routes", in that order.

The layout adds the navigation bar, footer and floating book button around them.
`SECTION_IDS` is the order a test checks; the services and team ids are the anchors the
menus link to (clinic/site/navigation.py)."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.hydrate_later import HydrateLater
from clinic.site.pages.home import (
    certifications,
    facilities,
    hero,
    location,
    reviews,
    services,
    team,
)
from clinic.site.routes import Page

SECTIONS = (hero, services, team, certifications, facilities, reviews, location)
SECTION_IDS = tuple(module.SECTION_ID for module in SECTIONS)


def render(page: Page) -> rx.Component:
    # Each section hydrates on its own: a swipe on the certifications while the page
    # hydrates waits for that section only, not for the whole page.
    return rx.fragment(*(HydrateLater.create(module.section(page.lang)) for module in SECTIONS))
