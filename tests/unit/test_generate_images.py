"""The placeholder pictures (tools/generate_images.py) are drawn in the clinic's own
colours, content/clinic.yaml's `brand_colors`: a clinic of another colour gets pictures
of its colour, with none of the sample's left."""

from __future__ import annotations

import colorsys

import pytest
from PIL import Image, ImageChops

from clinic.site.content import content
from clinic.site.content.clinic_facts import BrandColors
from clinic.site.content.pages.home import HomeContent
from tools import generate_images as tool

SMALL = 240  # pixels wide: enough to find a colour, quick to draw


def turned(hex_colour: str, turn: float = 0.5) -> str:
    """The colour with its hue turned (half a turn: the opposite hue), same lightness."""
    hue, lightness, saturation = colorsys.rgb_to_hls(*(c / 255 for c in tool.rgb(hex_colour)))
    red, green, blue = colorsys.hls_to_rgb((hue + turn) % 1, lightness, saturation)
    return tool.hex_of((round(red * 255), round(green * 255), round(blue * 255)))


BRAND = content().clinic.brand_colors
# Another clinic: every colour of the content's brand on the opposite side of the wheel.
OTHER = BrandColors(**{name: turned(value) for name, value in BRAND.model_dump().items()})


def near(picture: Image.Image, colour: tool.Colour, within: int = 6) -> Image.Image:
    """A mask of the picture's pixels within `within` of `colour` on every channel (255
    there, 0 elsewhere), drawn by Pillow rather than pixel by pixel in Python."""
    bands = [
        band.point(lambda value, wanted=wanted: 255 if abs(value - wanted) <= within else 0)
        for band, wanted in zip(picture.convert("RGB").split(), colour, strict=True)
    ]
    return ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])


def count(mask: Image.Image) -> int:
    return mask.histogram()[255]


# Each picture the tool draws: every facility scene, every doctor's portrait.
PICTURES = [*tool.SCENES, *(doctor.slug for doctor in content().doctors)]


def picture(name: str, palette: tool.Palette):
    if name in tool.SCENES:
        return tool.facility(name, SMALL, palette)
    canvas = tool.Canvas(SMALL, SMALL, palette)
    tool.portrait(canvas, name)
    return canvas.finish(SMALL, SMALL)


def test_the_palette_is_the_brands():
    palette = tool.Palette.of(OTHER)
    assert palette.primary == tool.rgb(OTHER.primary)
    assert palette.primary_dark == tool.rgb(OTHER.primary_dark)
    assert palette.accent == tool.rgb(OTHER.accent)
    assert (palette.blush, palette.sand) == (tool.rgb(OTHER.blush), tool.rgb(OTHER.sand))
    assert palette.ink == tool.rgb(OTHER.ink)
    # Tints lie between the brand's colour and white.
    for tint, colour in (
        (palette.primary_soft, palette.primary),
        (palette.primary_light, palette.primary),
        (palette.accent_soft, palette.accent),
    ):
        assert tint != colour
        assert all(c <= t <= 255 for t, c in zip(tint, colour, strict=True))


@pytest.mark.parametrize("name", PICTURES)
def test_a_picture_is_drawn_in_the_clinics_colours(name):
    """Where the content's colours paint the picture, the other clinic's paint it, and none
    of the content's primary and accent is left."""
    mine, other = tool.Palette.of(BRAND), tool.Palette.of(OTHER)
    ours, theirs = picture(name, mine), picture(name, other)
    for colour in ("primary", "accent"):
        painted = near(ours, getattr(mine, colour))
        repainted = ImageChops.multiply(painted, near(theirs, getattr(other, colour)))
        assert count(repainted) >= 0.99 * count(painted), (name, colour)
    left = ImageChops.lighter(near(theirs, mine.primary), near(theirs, mine.accent))
    assert count(left) == 0, f"{name}: the content's colours are left within {left.getbbox()}"


def test_the_badges_wear_the_clinics_colours(tmp_path):
    entries = content().page("home", HomeContent).certifications
    tool.write_certifications(entries, tool.Palette.of(OTHER), tmp_path)
    hues = {tool.hex_of(hue) for hue in tool.Palette.of(OTHER).badge_hues()}
    for entry in entries:
        svg = (tmp_path / "certifications" / f"{entry.key}.svg").read_text(encoding="utf-8")
        assert any(f'fill="{hue}"' in svg for hue in hues), entry.key
        assert BRAND.primary.lower() not in svg.lower(), entry.key
