"""Responsive photos: AVIF and WebP sources with a JPEG fallback, in a few widths, with
explicit width and height so the browser reserves their space before they load.

tools/generate_images.py writes the files under these names; the build checks that
every file a page refers to exists, so a missing image fails the build, not the visitor.
"""

from __future__ import annotations

from dataclasses import dataclass

from clinic.project import ASSETS_DIR
from clinic.site.content import ContentError

# Widths written for every photo; the 3:2 frame fits the facility scenes.
PHOTO_WIDTHS: tuple[int, ...] = (480, 960, 1440)
PHOTO_RATIO = (3, 2)
# Modern formats first; the browser takes the first <source> it supports.
PHOTO_FORMATS: tuple[tuple[str, str], ...] = (("avif", "image/avif"), ("webp", "image/webp"))
FALLBACK_FORMAT = "jpg"


def photo_height(width: int) -> int:
    return width * PHOTO_RATIO[1] // PHOTO_RATIO[0]


def photo_url(folder: str, key: str, width: int, extension: str) -> str:
    return f"/img/{folder}/{key}-{width}.{extension}"


@dataclass(frozen=True)
class Photo:
    """Everything an <img>/<picture> needs for one photo (sent as props to widgets)."""

    alt: str
    caption: str
    width: int
    height: int
    src: str  # the fallback JPEG at the middle width
    srcset: str  # the fallback JPEG in every width
    sources: tuple[tuple[str, str], ...]  # (mime type, srcset) per modern format

    def as_props(self) -> dict:
        return {
            "alt": self.alt,
            "caption": self.caption,
            "width": self.width,
            "height": self.height,
            "src": self.src,
            "srcSet": self.srcset,
            "sources": [{"type": kind, "srcSet": srcset} for kind, srcset in self.sources],
        }


def _srcset(folder: str, key: str, extension: str) -> str:
    return ", ".join(f"{photo_url(folder, key, w, extension)} {w}w" for w in PHOTO_WIDTHS)


def _check_exists(url: str) -> None:
    path = ASSETS_DIR / url.lstrip("/")
    if not path.is_file():
        raise ContentError(
            f"image '{url}' is missing (expected {path}); run tools/generate_images.py"
        )


def photo(folder: str, key: str, alt: str, caption: str = "") -> Photo:
    """The photo `key` of assets/img/<folder>/, in every width and format."""
    for width in PHOTO_WIDTHS:
        for extension in (*(ext for ext, _ in PHOTO_FORMATS), FALLBACK_FORMAT):
            _check_exists(photo_url(folder, key, width, extension))
    middle = PHOTO_WIDTHS[len(PHOTO_WIDTHS) // 2]
    return Photo(
        alt=alt,
        caption=caption,
        width=middle,
        height=photo_height(middle),
        src=photo_url(folder, key, middle, FALLBACK_FORMAT),
        srcset=_srcset(folder, key, FALLBACK_FORMAT),
        sources=tuple((kind, _srcset(folder, key, ext)) for ext, kind in PHOTO_FORMATS),
    )


def asset_url(relative: str) -> str:
    """URL of a file under assets/ (for example "img/certifications/x.svg"); checked."""
    url = "/" + relative.lstrip("/")
    _check_exists(url)
    return url
