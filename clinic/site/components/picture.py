"""Responsive photos: a <picture> with AVIF and WebP sources and a JPEG fallback, in a few
widths, with explicit width and height so the browser reserves their space before they load.

tools/generate_images.py writes the files under these names; the build checks that
every file a page refers to exists, so a missing image fails the build, not the visitor.
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from clinic.project import ASSETS_DIR
from clinic.site.content import ContentError

# Widths written for every photo; the 3:2 frame fits the facility scenes.
PHOTO_WIDTHS: tuple[int, ...] = (480, 960, 1440)
PHOTO_RATIO = (3, 2)
# Modern formats first; the browser takes the first <source> it supports.
PHOTO_FORMATS: tuple[tuple[str, str], ...] = (("avif", "image/avif"), ("webp", "image/webp"))
FALLBACK_FORMAT = "jpg"


def photo_height(width: int, ratio: tuple[int, int] = PHOTO_RATIO) -> int:
    return width * ratio[1] // ratio[0]


def photo_url(folder: str, key: str, width: int, extension: str) -> str:
    return f"/img/{folder}/{key}-{width}.{extension}"


@dataclass(frozen=True)
class Photo:
    """Everything a <picture> needs for one photo."""

    alt: str
    caption: str
    width: int
    height: int
    src: str  # the fallback JPEG at the middle width
    large: str  # the fallback JPEG at the largest width (the link to the photo itself)
    srcset: str  # the fallback JPEG in every width
    sources: tuple[tuple[str, str], ...]  # (mime type, srcset) per modern format


def _srcset(folder: str, key: str, extension: str, widths: tuple[int, ...]) -> str:
    return ", ".join(f"{photo_url(folder, key, w, extension)} {w}w" for w in widths)


def _check_exists(url: str) -> None:
    path = ASSETS_DIR / url.lstrip("/")
    if not path.is_file():
        raise ContentError(
            f"image '{url}' is missing (expected {path}); run tools/generate_images.py"
        )


def photo(
    folder: str,
    key: str,
    alt: str,
    caption: str = "",
    widths: tuple[int, ...] = PHOTO_WIDTHS,
    ratio: tuple[int, int] = PHOTO_RATIO,
) -> Photo:
    """The photo `key` of assets/img/<folder>/, in every width and format. Its size is the
    middle width's, in the photo's ratio (the frame CSS scales)."""
    for width in widths:
        for extension in (*(ext for ext, _ in PHOTO_FORMATS), FALLBACK_FORMAT):
            _check_exists(photo_url(folder, key, width, extension))
    middle = widths[len(widths) // 2]
    return Photo(
        alt=alt,
        caption=caption,
        width=middle,
        height=photo_height(middle, ratio),
        src=photo_url(folder, key, middle, FALLBACK_FORMAT),
        large=photo_url(folder, key, max(widths), FALLBACK_FORMAT),
        srcset=_srcset(folder, key, FALLBACK_FORMAT, widths),
        sources=tuple((kind, _srcset(folder, key, ext, widths)) for ext, kind in PHOTO_FORMATS),
    )


def picture(photo: Photo, sizes: str, class_name: str, eager: bool = False) -> rx.Component:
    """The photo as a <picture>: the browser takes the first source format it supports, in
    the width `sizes` asks for. Lazy unless `eager` (a photo in the first screen)."""
    return rx.el.picture(
        *(rx.el.source(type=kind, src_set=srcset, sizes=sizes) for kind, srcset in photo.sources),
        rx.el.img(
            src=photo.src,
            src_set=photo.srcset,
            sizes=sizes,
            alt=photo.alt,
            loading="eager" if eager else "lazy",
            decoding="async",
            class_name=class_name,
            # As attributes (Reflex turns width=/height= on <img> into CSS), so the browser
            # reserves the space before the file arrives.
            custom_attrs={"width": str(photo.width), "height": str(photo.height)},
        ),
    )


def asset_url(relative: str) -> str:
    """URL of a file under assets/ (for example "img/certifications/x.svg"); checked."""
    url = "/" + relative.lstrip("/")
    _check_exists(url)
    return url
