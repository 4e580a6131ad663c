"""A doctor's round portrait with the initials fallback (assets/widgets/Avatar.jsx).

Doctors have no photo in the sample content, so the initials show. Dropping a photo into
assets/img/doctors/ and naming it in doctors.yaml (`image`) shows it from the first paint,
before and without the page's JavaScript; a photo that fails to load leaves the initials.
The photo is square, `PHOTO_PX` on a side: the largest avatar (`LARGEST_AVATAR_PX`, the
doctor's own page) on a 3x screen."""

from __future__ import annotations

import reflex as rx

from clinic.framework.components import JsxWidget
from clinic.site.content import DEFAULT_LANG, Doctor
from clinic.site.i18n import text_of


class Avatar(JsxWidget):
    library = JsxWidget.at("Avatar")
    tag = "Avatar"
    src: rx.Var[str]
    alt: rx.Var[str]
    initials: rx.Var[str]
    size: rx.Var[int]
    initials_class_name: rx.Var[str]


# The avatar's sizes, in CSS pixels: the doctor's own page shows the largest.
LARGEST_AVATAR_PX = 128
PHOTO_PX = 3 * LARGEST_AVATAR_PX


def doctor_photo_url(doctor: Doctor) -> str:
    """ "" when there is no photo; a bare file name lives in assets/img/doctors/."""
    image = doctor.image.strip()
    if not image or image.startswith(("/", "https://")):
        return image
    return f"/img/doctors/{image}"


def doctor_avatar(
    doctor: Doctor, size: int = 96, *, lang: str = DEFAULT_LANG, class_name: str = ""
) -> rx.Component:
    """The doctor's photo, or their initials where it is missing or fails to load."""
    if size > LARGEST_AVATAR_PX:
        # The README's photo size is written for the largest avatar: raise both together.
        raise ValueError(f"avatar of {size} px: raise LARGEST_AVATAR_PX with it")
    # Initials scale with the circle: about 36 % of its diameter.
    font_px = max(14, round(size * 0.36))
    return Avatar.create(
        src=doctor_photo_url(doctor),
        alt=text_of(lang, "home.team.photo", name=doctor.name(lang)),
        initials=doctor.initials,
        size=size,
        class_name=f"bg-blush text-primary ring-4 ring-white shadow-sm {class_name}".strip(),
        initials_class_name=f"font-bold tracking-wide text-[{font_px}px] leading-none",
        custom_attrs={"data-avatar": doctor.slug},
    )
