"""A doctor's portrait: the photo when content names one, otherwise initials in a circle.

The initials sit underneath the photo, so they show while the photo loads and if it
fails (spec section 4: initials shown until loaded). The name is always written next to
the avatar, so the avatar itself is decorative for screen readers.
"""

from __future__ import annotations

import reflex as rx

from clinic.content import Doctor

PHOTO_DIR = "/img/doctors/"


def avatar(doctor: Doctor, size_px: int = 96, class_name: str = "") -> rx.Component:
    size = {"width": f"{size_px}px", "height": f"{size_px}px"}
    initials = rx.el.span(
        doctor.initials,
        class_name="absolute inset-0 flex items-center justify-center font-bold tracking-wide text-primary",
        style={"fontSize": f"{max(size_px // 3, 14)}px"},
    )
    photo = (
        rx.el.img(
            src=PHOTO_DIR + doctor.image,
            alt="",
            width=size_px,
            height=size_px,
            loading="lazy",
            decoding="async",
            class_name="absolute inset-0 h-full w-full rounded-full object-cover",
        )
        if doctor.image
        else rx.fragment()
    )
    return rx.el.span(
        initials,
        photo,
        aria_hidden="true",
        data_avatar=doctor.slug,
        class_name=f"relative inline-block shrink-0 overflow-hidden rounded-full bg-blush ring-2 ring-primary/15 {class_name}".strip(),
        style=size,
    )
