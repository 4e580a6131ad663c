"""A doctor's round portrait with the initials fallback (assets/widgets/Avatar.jsx).

Doctors have no photo in the sample content, so the initials show. Dropping a photo into
assets/img/doctors/ and naming it in doctors.yaml (`image`) shows it from the first paint,
before and without the page's JavaScript; a photo that fails to load leaves the initials.
The photo is square, `PHOTO_PX` on a side: the largest avatar (`LARGEST_AVATAR_PX`, the
doctor's own page) on a 3x screen."""

from __future__ import annotations

import reflex as rx

from clinic.framework.components import JsxWidget
from clinic.project import ASSETS_DIR
from clinic.site.content import DEFAULT_LANG, ContentError, Doctor, content
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
# Formats every browser the site supports shows (docs/content.md, "Recipe: a doctor's photo").
PHOTO_FORMATS = (".webp", ".jpg", ".jpeg", ".avif")
PHOTO_FOLDER = ASSETS_DIR / "img" / "doctors"


def doctor_photo_url(doctor: Doctor) -> str:
    """ "" when there is no photo; a bare file name lives in assets/img/doctors/."""
    image = doctor.image.strip()
    if not image or image.startswith(("/", "https://")):
        return image
    return f"/img/doctors/{image}"


def checked_photo_url(doctor: Doctor) -> str:
    """`doctor_photo_url`, once the photo a content file names is known to be there: a
    missing or misnamed file stops the build rather than showing the initials unnoticed."""
    url = doctor_photo_url(doctor)
    if not url or not url.startswith("/img/doctors/"):
        return url
    position = next(i for i, d in enumerate(content().doctors) if d.slug == doctor.slug)
    where = f"doctors.yaml: field '{position}.image'"
    if not url.lower().endswith(PHOTO_FORMATS):
        raise ContentError(
            f"{where}: {doctor.image} is not a photo the site shows: use a "
            f"{', '.join(PHOTO_FORMATS)} file ({PHOTO_PX} x {PHOTO_PX} px, square)"
        )
    if not (PHOTO_FOLDER / doctor.image).is_file():
        raise ContentError(
            f"{where}: assets/img/doctors/{doctor.image} is missing: put the doctor's photo "
            f"there under this name ({PHOTO_PX} x {PHOTO_PX} px, square, "
            f"{', '.join(PHOTO_FORMATS)}), or leave image empty to show the initials"
        )
    return url


def doctor_avatar(
    doctor: Doctor, size: int = 96, *, lang: str = DEFAULT_LANG, class_name: str = ""
) -> rx.Component:
    """The doctor's photo, or their initials where it is missing or fails to load."""
    if size > LARGEST_AVATAR_PX:
        # The photo size in docs/content.md is written for the largest avatar: raise both together.
        raise ValueError(f"avatar of {size} px: raise LARGEST_AVATAR_PX with it")
    # Initials scale with the circle: about 36 % of its diameter.
    font_px = max(14, round(size * 0.36))
    return Avatar.create(
        src=checked_photo_url(doctor),
        alt=text_of(lang, "home.team.photo", name=doctor.name(lang)),
        initials=doctor.initials,
        size=size,
        class_name=f"bg-blush text-primary ring-4 ring-white shadow-sm {class_name}".strip(),
        initials_class_name=f"font-bold tracking-wide text-[{font_px}px] leading-none",
        custom_attrs={"data-avatar": doctor.slug},
    )
