"""The service page."""

from __future__ import annotations

import reflex as rx

from clinic.pages.generic import page_intro
from clinic.routes import Page


def render(page: Page) -> rx.Component:
    return page_intro(page)
