"""Generate the contact page's background: a soft abstract composition in the brand's
colours (no photograph needed), as AVIF and WebP with a JPEG fallback, in two widths.

    make setup                     # Pillow (>= 11.3 writes AVIF) is in requirements.lock
    .venv/bin/python tools/make_contact_background.py

Deterministic (fixed seed): running it again gives the same picture. The image stays
light everywhere (it sits behind the page's heading, which must keep 4.5:1 contrast), so
the script checks the darkest pixel and refuses to write a picture that is too dark.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clinic.site.content import content  # noqa: E402
from clinic.site.pages.contact import (  # noqa: E402
    BACKGROUND_FOLDER,
    BACKGROUND_KEY,
    BACKGROUND_RATIO,
    BACKGROUND_WIDTHS,
)

OUT_DIR = ROOT / "assets" / "img" / BACKGROUND_FOLDER
NAME = BACKGROUND_KEY
WIDTHS = BACKGROUND_WIDTHS
# Drawn once at the largest width, then scaled down.
SIZE = (WIDTHS[-1], WIDTHS[-1] * BACKGROUND_RATIO[1] // BACKGROUND_RATIO[0])
SEED = 415
# The heading (brand primary) needs 4.5:1 on every pixel behind it: keep the picture
# brighter than this relative luminance (primary #7b2d5b is ~0.06; 4.5:1 needs >= 0.27).
MIN_LUMINANCE = 0.55


def hex_rgb(value: str) -> tuple[int, int, int]:
    value = value.lstrip("#")
    return tuple(int(value[i : i + 2], 16) for i in (0, 2, 4))


def mix(a, b, amount: float):
    return tuple(round(x + (y - x) * amount) for x, y in zip(a, b, strict=True))


def luminance(rgb) -> float:
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def compose() -> Image.Image:
    colors = content().clinic.brand_colors
    sand, blush = hex_rgb(colors.sand), hex_rgb(colors.blush)
    primary, accent, on_dark = (
        hex_rgb(colors.primary),
        hex_rgb(colors.accent),
        hex_rgb(colors.primary_on_dark),
    )
    width, height = SIZE
    rng = random.Random(SEED)

    # A diagonal wash from warm sand to blush.
    base = Image.linear_gradient("L").rotate(-60, expand=True).resize(SIZE)
    image = Image.composite(Image.new("RGB", SIZE, blush), Image.new("RGB", SIZE, sand), base)

    # Large, very soft colour fields: petals of pink, plum and a touch of the accent.
    tints = [
        mix(on_dark, (255, 255, 255), 0.2),
        mix(primary, (255, 255, 255), 0.7),
        mix(accent, (255, 255, 255), 0.8),
        mix(on_dark, (255, 255, 255), 0.12),
    ]
    for i in range(8):
        layer = Image.new("RGB", SIZE, tints[i % len(tints)])
        mask = Image.new("L", SIZE, 0)
        cx, cy = rng.uniform(0.45, 1.05) * width, rng.uniform(-0.2, 1.2) * height
        rx, ry = rng.uniform(0.12, 0.3) * width, rng.uniform(0.3, 0.7) * height
        ImageDraw.Draw(mask).ellipse(
            (cx - rx, cy - ry, cx + rx, cy + ry), fill=rng.randint(150, 210)
        )
        mask = mask.filter(ImageFilter.GaussianBlur(90))
        image = Image.composite(layer, image, mask)

    # Thin flowing lines, like the curve of a wave, in translucent white.
    lines = Image.new("L", SIZE, 0)
    draw = ImageDraw.Draw(lines)
    for k in range(11):
        offset = 0.2 * height + k * 34
        points = []
        for x in range(-20, width + 21, 16):
            t = x / width
            y = offset + 70 * math.sin(2 * math.pi * (t * 1.1 + k * 0.035)) - 80 * t
            points.append((x, y))
        draw.line(points, fill=170, width=2)
    lines = lines.filter(ImageFilter.GaussianBlur(1.2))
    image = Image.composite(Image.new("RGB", SIZE, (255, 255, 255)), image, lines)

    # Keep the left half (where the heading sits) calmest: fade it towards sand.
    fade = Image.linear_gradient("L").rotate(-90, expand=True).resize(SIZE)
    fade = ImageChops.multiply(fade, Image.new("L", SIZE, 170))
    return Image.composite(Image.new("RGB", SIZE, sand), image, fade)


def darkest_luminance(image: Image.Image) -> float:
    small = image.resize((160, 64))
    return min(luminance(px) for px in small.get_flattened_data())


def main() -> None:
    image = compose()
    darkest = darkest_luminance(image)
    if darkest < MIN_LUMINANCE:
        raise SystemExit(f"the picture is too dark for text on top (luminance {darkest:.2f})")
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for width in WIDTHS:
        scaled = image.resize((width, round(width * SIZE[1] / SIZE[0])), Image.Resampling.LANCZOS)
        base = OUT_DIR / f"{NAME}-{width}"
        scaled.save(base.with_suffix(".avif"), quality=55, speed=4)
        scaled.save(base.with_suffix(".webp"), quality=78, method=6)
        scaled.save(base.with_suffix(".jpg"), quality=80, optimize=True, progressive=True)
    for path in sorted(OUT_DIR.glob(f"{NAME}-*")):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size / 1024:.1f} kB")
    print(f"darkest luminance {darkest:.2f} (minimum {MIN_LUMINANCE})")


if __name__ == "__main__":
    main()
