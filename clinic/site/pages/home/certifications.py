"""Certifications: the logos of content/pages/home.yaml in a looping carousel that
auto-advances at the spec's pace (section 9), pausable, and still under
prefers-reduced-motion."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.carousel import carousel
from clinic.site.components.picture import asset_url
from clinic.site.components.styles import page_section
from clinic.site.i18n import text_of
from clinic.site.page_content.home import Certification, home_content

SECTION_ID = "certifications"
AUTOPLAY_MS = 3000
# The generated wordmarks' intrinsic size (tools/generate_images.py).
LOGO_WIDTH, LOGO_HEIGHT = 240, 120
# Logos in view per screen width, widest last. A looping carousel needs the logos out of
# view to fill the viewport on their own (Embla stops looping otherwise), so with few
# logos the wider screens show fewer at a time. Written out whole for Tailwind's scanner.
SLIDE_WIDTHS = {
    2: "basis-[70%] sm:basis-1/2",
    3: "basis-[70%] sm:basis-1/2 md:basis-1/3",
    4: "basis-[70%] sm:basis-1/2 md:basis-1/3 lg:basis-1/4",
}


def slide_width(count: int) -> str:
    """The slides' width classes for `count` logos: at most count - 1 in view at once."""
    return SLIDE_WIDTHS[max(2, min(max(SLIDE_WIDTHS), count - 1))]


def _logo(cert: Certification, lang: str) -> rx.Component:
    return rx.el.div(
        rx.el.img(
            src=asset_url(f"img/certifications/{cert.key}.svg"),
            alt=cert.name(lang),
            loading="lazy",
            decoding="async",
            custom_attrs={"width": LOGO_WIDTH, "height": LOGO_HEIGHT},
            class_name="block h-auto w-full",
        ),
        class_name="rounded-2xl bg-white p-2",
        data_certification=cert.key,
    )


def section(lang: str) -> rx.Component:
    certifications = home_content().certifications
    return page_section(
        rx.el.p(
            text_of(lang, "home.certifications.intro"),
            class_name="mt-3 max-w-2xl text-lg text-muted",
        ),
        carousel(
            *(_logo(c, lang) for c in certifications),
            key=SECTION_ID,
            lang=lang,
            label=text_of(lang, "home.certifications.label"),
            loop=True,
            autoplay_ms=AUTOPLAY_MS,
            slide_class_name=slide_width(len(certifications)),
            class_name="mt-8",
        ),
        id=SECTION_ID,
        title=text_of(lang, "home.certifications.title"),
    )
