"""Carousels on Embla (assets/widgets/Carousel.jsx) and the facilities gallery with its
large-photo viewer (assets/widgets/FacilitiesGallery.jsx)."""

from __future__ import annotations

import reflex as rx

from clinic.site.components.picture import Photo
from clinic.site.components.widgets import _Widget
from clinic.site.i18n import t

# Embla (vanilla core): the .jsx files import it lazily, so Reflex installs it from npm.
EMBLA = "embla-carousel@8.6.0"


class Carousel(_Widget):
    library = _Widget.at("Carousel")
    tag = "Carousel"
    lib_dependencies: list[str] = [EMBLA]
    label: rx.Var[str]
    labels: rx.Var[dict[str, str]]
    loop: rx.Var[bool]
    autoplay_ms: rx.Var[int]
    slide_class_name: rx.Var[str]


class FacilitiesGallery(_Widget):
    library = _Widget.at("FacilitiesGallery")
    tag = "FacilitiesGallery"
    lib_dependencies: list[str] = [EMBLA]
    label: rx.Var[str]
    photos: rx.Var[list[dict]]
    carousel_labels: rx.Var[dict[str, str]]
    viewer_labels: rx.Var[dict[str, str]]


def carousel_labels(lang: str) -> dict[str, str]:
    """The carousel's roledescriptions and button names in `lang`."""
    keys = {
        "carousel": "roledescription", "slide": "slide", "slideOf": "slide_of", "keys": "keys",
        "previous": "previous", "next": "next", "pause": "pause", "play": "play",
    }
    return {prop: t(lang, f"home.carousel.{key}") for prop, key in keys.items()}


def carousel(*slides: rx.Component, lang: str, label: str, loop: bool = False,
             autoplay_ms: int = 0, slide_class_name: str = "basis-full",
             class_name: str = "") -> rx.Component:
    """A carousel of `slides`; `autoplay_ms` > 0 auto-advances (pausable)."""
    return Carousel.create(
        *slides,
        label=label,
        labels=carousel_labels(lang),
        loop=loop,
        autoplay_ms=autoplay_ms,
        slide_class_name=slide_class_name,
        class_name=class_name,
    )


def facilities_gallery(photos: list[Photo], *, lang: str, label: str) -> rx.Component:
    """A carousel of photos; each opens in a large modal viewer."""
    viewer = {
        key: t(lang, f"home.facilities.{key}")
        for key in ("open", "close", "previous", "next", "counter")
    }
    return FacilitiesGallery.create(
        label=label,
        photos=[p.as_props() for p in photos],
        carousel_labels=carousel_labels(lang),
        viewer_labels=viewer,
    )
