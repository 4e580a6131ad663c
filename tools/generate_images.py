"""Draw the home page's sample images (docs/design.md, "The shipped sample's facts": we have no photographs).

    make setup                        # Pillow (>= 11.3 writes AVIF) is in requirements.lock
    .venv/bin/python tools/generate_images.py

Writes, from the home page's content (content/pages/home.yaml and its texts), under
assets/img/ (or `--into DIR`):
- facilities/<key>-<width>.{avif,webp,jpg}: a facility scene per photo as a soft abstract
  composition, 3:2, in the widths of clinic/site/components/picture.py (a key without a
  scene of its own gets one of the others: a placeholder until the clinic's photo);
- certifications/<key>.svg: a certification wordmark per logo as an SVG badge.

With `--portrait SLUG [--into DIR]` it draws one doctor's placeholder portrait instead (the
sample's doctors have none: their initials show), a soft abstract silhouette, square, at
the size of clinic/site/components/avatar.py (PHOTO_PX), as DIR/SLUG.{webp,jpg} (DIR:
assets/img/doctors/). Name either file as the doctor's `image` in content/doctors.yaml.

Everything is drawn in the clinic's colours, content/clinic.yaml's `brand_colors` (its
primary and accent, their tints, its light surfaces), so the placeholders suit the site
until the clinic's own photos and logos replace them: after changing the colours, run it
again. The output is deterministic, so re-running it changes no file unless this script or
the content changed.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from dataclasses import dataclass
from html import escape
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clinic.site.components.avatar import PHOTO_PX  # noqa: E402  (after the path set-up)
from clinic.site.components.picture import (  # noqa: E402
    FALLBACK_FORMAT,
    PHOTO_FORMATS,
    PHOTO_WIDTHS,
    photo_height,
)
from clinic.site.content import DEFAULT_LANG, content  # noqa: E402
from clinic.site.content.clinic_facts import BrandColors  # noqa: E402
from clinic.site.content.pages.home import Certification, HomeContent  # noqa: E402

IMG_DIR = ROOT / "assets" / "img"
SUPERSAMPLE = 2  # draw at twice the largest size, then downscale: smooth edges

Colour = tuple[int, int, int]
# The materials every clinic's rooms are made of, whatever its brand.
BEIGE = (232, 217, 199)
WOOD = (205, 170, 137)
WHITE = (255, 255, 255)
SKY = (214, 232, 240)


def rgb(hex_colour: str) -> Colour:
    """ "#0f6b63" -> (15, 107, 99)."""
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def mix(colour: Colour, other: Colour, share: float) -> Colour:
    """`colour` with `share` (0..1) of `other` mixed in."""
    return tuple(round(a + (b - a) * share) for a, b in zip(colour, other, strict=True))  # type: ignore[return-value]


@dataclass(frozen=True)
class Palette:
    """The colours a picture is drawn in: the clinic's brand (content/clinic.yaml,
    `brand_colors`) and softer tints of it for furniture and surfaces."""

    primary: Colour
    primary_dark: Colour
    primary_soft: Colour
    primary_light: Colour
    blush: Colour
    sand: Colour
    accent: Colour
    accent_dark: Colour
    accent_soft: Colour
    grey: Colour
    ink: Colour

    @classmethod
    def of(cls, brand: BrandColors) -> Palette:
        primary, accent = rgb(brand.primary), rgb(brand.accent)
        return cls(
            primary=primary,
            primary_dark=rgb(brand.primary_dark),
            primary_soft=mix(primary, WHITE, 0.3),
            primary_light=mix(primary, WHITE, 0.65),
            blush=rgb(brand.blush),
            sand=rgb(brand.sand),
            accent=accent,
            accent_dark=mix(accent, rgb(brand.ink), 0.3),
            accent_soft=mix(accent, WHITE, 0.6),
            grey=mix(rgb(brand.muted), WHITE, 0.6),
            ink=rgb(brand.ink),
        )

    def badge_hues(self) -> list[Colour]:
        """The certification badges' colours, in turn: each carries white letters."""
        return [self.primary, self.accent, self.primary_dark, self.accent_dark]


class Canvas:
    """Normalised drawing (0..1 on both axes) on a supersampled RGBA image."""

    def __init__(self, width: int, height: int, palette: Palette):
        self.w, self.h = width * SUPERSAMPLE, height * SUPERSAMPLE
        self.p = palette
        self.image = Image.new("RGB", (self.w, self.h), palette.sand)
        self.draw = ImageDraw.Draw(self.image, "RGBA")

    def _box(self, x0, y0, x1, y1):
        return (x0 * self.w, y0 * self.h, x1 * self.w, y1 * self.h)

    def gradient(self, top, bottom, y0=0.0, y1=1.0):
        start, end = int(y0 * self.h), int(y1 * self.h)
        for y in range(start, end):
            t = (y - start) / max(1, end - start - 1)
            colour = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
            self.draw.line([(0, y), (self.w, y)], fill=colour)

    def rect(self, x0, y0, x1, y1, fill, radius=0.0, alpha=255):
        r = radius * self.h
        self.draw.rounded_rectangle(self._box(x0, y0, x1, y1), radius=r, fill=(*fill, alpha))

    def circle(self, cx, cy, r, fill, alpha=255):
        rx = r * self.h
        x, y = cx * self.w, cy * self.h
        self.draw.ellipse((x - rx, y - rx, x + rx, y + rx), fill=(*fill, alpha))

    def line(self, x0, y0, x1, y1, fill, width=0.004, alpha=255):
        self.draw.line(
            [(x0 * self.w, y0 * self.h), (x1 * self.w, y1 * self.h)],
            fill=(*fill, alpha),
            width=max(1, round(width * self.h)),
        )

    def glow(self, cx, cy, r, fill, alpha=90):
        """A soft light: a blurred disc composited on top."""
        layer = Image.new("RGBA", (self.w, self.h), (0, 0, 0, 0))
        ImageDraw.Draw(layer).ellipse(
            (
                cx * self.w - r * self.h,
                cy * self.h - r * self.h,
                cx * self.w + r * self.h,
                cy * self.h + r * self.h,
            ),
            fill=(*fill, alpha),
        )
        layer = layer.filter(ImageFilter.GaussianBlur(r * self.h / 2.5))
        self.image.paste(layer, (0, 0), layer)

    def plant(self, x, floor, scale=1.0):
        self.rect(x - 0.03 * scale, floor - 0.09 * scale, x + 0.03 * scale, floor, BEIGE, 0.01)
        for dx, dy, r in ((0, -0.2, 0.07), (-0.04, -0.14, 0.055), (0.045, -0.15, 0.05)):
            self.circle(x + dx * scale, floor + dy * scale, r * scale, self.p.accent_soft, 235)
        self.circle(x, floor - 0.24 * scale, 0.05 * scale, self.p.accent, 120)

    def window(self, x0, y0, x1, y1, panes=2):
        self.rect(x0, y0, x1, y1, WHITE, 0.012)
        self.rect(x0 + 0.008, y0 + 0.012, x1 - 0.008, y1 - 0.012, SKY, 0.008)
        for i in range(1, panes):
            x = x0 + (x1 - x0) * i / panes
            self.line(x, y0 + 0.012, x, y1 - 0.012, WHITE, 0.008)

    def finish(self, width: int, height: int) -> Image.Image:
        soft = self.image.filter(ImageFilter.GaussianBlur(SUPERSAMPLE * 0.8))
        return soft.resize((width, height), Image.LANCZOS)


def room(c: Canvas, wall_top, wall_bottom, floor=(0.72, BEIGE, WOOD)):
    horizon, floor_top, floor_bottom = floor
    c.gradient(wall_top, wall_bottom, 0, horizon)
    c.gradient(floor_top, floor_bottom, horizon, 1)
    c.line(0, horizon, 1, horizon, WHITE, 0.006, 160)


def reception(c: Canvas):
    room(c, c.p.blush, c.p.primary_light)
    c.glow(0.5, 0.3, 0.35, WHITE, 120)
    c.circle(0.5, 0.3, 0.09, c.p.primary_soft, 200)
    c.circle(0.5, 0.3, 0.055, c.p.blush)
    for x in (0.3, 0.5, 0.7):
        c.line(x, 0, x, 0.12, c.p.primary, 0.003)
        c.circle(x, 0.14, 0.035, WHITE)
        c.glow(x, 0.17, 0.08, (255, 236, 200), 110)
    c.rect(0.18, 0.5, 0.82, 0.86, c.p.primary, 0.03)
    c.rect(0.16, 0.47, 0.84, 0.53, WOOD, 0.015)
    c.rect(0.22, 0.58, 0.78, 0.6, c.p.primary_soft, 0.005)
    c.plant(0.91, 0.86, 1.1)


def waiting_room(c: Canvas):
    room(c, c.p.sand, c.p.blush)
    c.window(0.08, 0.12, 0.36, 0.58, 2)
    c.window(0.42, 0.12, 0.7, 0.58, 2)
    c.glow(0.39, 0.35, 0.4, WHITE, 110)
    c.rect(0.1, 0.52, 0.66, 0.74, c.p.primary_soft, 0.05)  # sofa back
    c.rect(0.07, 0.66, 0.69, 0.84, c.p.primary, 0.04)  # seat
    c.rect(0.16, 0.58, 0.3, 0.7, c.p.primary_light, 0.03)  # cushions
    c.rect(0.46, 0.58, 0.6, 0.7, c.p.primary_light, 0.03)
    c.circle(0.82, 0.78, 0.08, WOOD)
    c.rect(0.81, 0.78, 0.83, 0.9, WOOD)
    c.plant(0.92, 0.9, 1.2)


def consultation_room(c: Canvas):
    room(c, (244, 238, 240), c.p.blush, (0.7, BEIGE, (214, 190, 165)))
    c.window(0.62, 0.1, 0.9, 0.52, 3)
    c.glow(0.76, 0.3, 0.35, WHITE, 120)
    c.rect(0.08, 0.16, 0.4, 0.2, WOOD, 0.006)  # shelf
    for i, colour in enumerate((c.p.primary, c.p.accent_soft, c.p.primary_light, c.p.primary_soft)):
        c.rect(0.1 + i * 0.05, 0.08, 0.14 + i * 0.05, 0.16, colour, 0.006)
    c.rect(0.2, 0.54, 0.72, 0.6, WOOD, 0.012)  # desk top
    c.rect(0.23, 0.6, 0.26, 0.86, WOOD)
    c.rect(0.66, 0.6, 0.69, 0.86, WOOD)
    c.rect(0.4, 0.38, 0.56, 0.5, c.p.grey, 0.012)  # screen
    c.rect(0.41, 0.39, 0.55, 0.49, SKY, 0.008)
    c.rect(0.47, 0.5, 0.49, 0.54, c.p.grey)
    for x in (0.3, 0.6):  # chairs facing the desk
        c.rect(x - 0.06, 0.62, x + 0.06, 0.8, c.p.primary, 0.03)
        c.rect(x - 0.07, 0.76, x + 0.07, 0.84, c.p.primary_soft, 0.02)
    c.plant(0.08, 0.88, 1.0)


def ultrasound_room(c: Canvas):
    room(c, (236, 244, 243), c.p.sand, (0.72, (226, 232, 230), BEIGE))
    c.glow(0.35, 0.25, 0.4, WHITE, 120)
    c.rect(0.12, 0.56, 0.66, 0.66, c.p.primary_light, 0.03)  # bed
    c.rect(0.12, 0.5, 0.26, 0.6, WHITE, 0.03)  # pillow
    c.rect(0.16, 0.66, 0.19, 0.86, c.p.grey)
    c.rect(0.59, 0.66, 0.62, 0.86, c.p.grey)
    c.rect(0.74, 0.5, 0.88, 0.86, WHITE, 0.02)  # scanner
    c.rect(0.72, 0.28, 0.9, 0.46, c.p.grey, 0.015)
    c.rect(0.735, 0.3, 0.885, 0.44, (44, 52, 64), 0.01)
    c.glow(0.81, 0.37, 0.05, c.p.accent_soft, 200)
    c.rect(0.76, 0.54, 0.86, 0.58, c.p.accent_soft, 0.01)
    c.circle(0.5, 0.12, 0.05, WHITE)
    c.glow(0.5, 0.14, 0.12, (255, 240, 214), 120)


def procedure_room(c: Canvas):
    room(c, (229, 242, 240), (240, 246, 245), (0.74, (214, 226, 224), (196, 212, 209)))
    c.glow(0.5, 0.2, 0.45, WHITE, 160)
    c.line(0.5, 0, 0.5, 0.1, c.p.grey, 0.01)
    c.circle(0.5, 0.18, 0.12, c.p.grey)
    c.circle(0.5, 0.18, 0.1, WHITE)
    for dx in (-0.045, 0, 0.045):
        c.circle(0.5 + dx, 0.18, 0.028, (255, 246, 226))
    c.rect(0.24, 0.58, 0.76, 0.66, c.p.accent, 0.02)  # table
    c.rect(0.47, 0.66, 0.53, 0.86, c.p.grey)
    c.rect(0.38, 0.84, 0.62, 0.88, c.p.grey, 0.01)
    c.line(0.14, 0.1, 0.14, 0.4, c.p.grey, 0.008)  # monitor on an arm
    c.line(0.14, 0.4, 0.22, 0.4, c.p.grey, 0.008)
    c.rect(0.06, 0.4, 0.22, 0.52, (44, 52, 64), 0.012)
    c.line(0.08, 0.47, 0.2, 0.47, c.p.accent_soft, 0.006)
    c.rect(0.8, 0.5, 0.92, 0.84, WHITE, 0.015)  # cabinet
    c.line(0.86, 0.52, 0.86, 0.82, c.p.grey, 0.004)


def hospital_lobby(c: Canvas):
    room(c, SKY, (236, 242, 244), (0.76, c.p.sand, BEIGE))
    for i in range(5):
        x = 0.04 + i * 0.19
        c.window(x, 0.06, x + 0.16, 0.7, 2)
    c.glow(0.5, 0.35, 0.55, WHITE, 130)
    for x in (0.2, 0.58, 0.96):
        c.rect(x - 0.02, 0.0, x + 0.02, 0.76, WHITE, 0.0)
    c.rect(0.3, 0.6, 0.7, 0.78, c.p.primary, 0.02)  # reception island
    c.rect(0.28, 0.58, 0.72, 0.62, WOOD, 0.01)
    c.plant(0.12, 0.86, 1.4)
    c.plant(0.84, 0.86, 1.4)
    c.rect(0.0, 0.9, 1.0, 0.92, WHITE, 0, 90)  # floor reflection


def parking(c: Canvas):
    room(c, (226, 224, 228), (238, 236, 238), (0.6, (214, 212, 216), (190, 188, 194)))
    c.rect(0, 0, 1, 0.1, c.p.grey)  # roof slab
    for x in (0.04, 0.36, 0.68, 0.98):
        c.rect(x - 0.025, 0.1, x + 0.025, 0.7, (236, 234, 236))
        c.rect(x - 0.025, 0.3, x + 0.025, 0.34, c.p.accent_soft)
    for x in (0.2, 0.52, 0.84):
        c.circle(x, 0.16, 0.02, WHITE)
        c.glow(x, 0.2, 0.07, (255, 244, 220), 100)
    for x0, colour in ((0.07, c.p.primary), (0.39, c.p.accent), (0.71, c.p.primary_light)):  # cars
        c.rect(x0 + 0.04, 0.52, x0 + 0.2, 0.62, colour, 0.04)
        c.rect(x0, 0.6, x0 + 0.24, 0.74, colour, 0.03)
        c.rect(x0 + 0.06, 0.54, x0 + 0.18, 0.6, SKY, 0.02)
        for wx in (x0 + 0.05, x0 + 0.19):
            c.circle(wx, 0.74, 0.035, (60, 56, 62))
    for x in (0.02, 0.34, 0.66, 0.98):
        c.line(x, 0.8, x + 0.05, 1.0, WHITE, 0.006)


SCENES = {
    "reception": reception,
    "waiting-room": waiting_room,
    "consultation-room": consultation_room,
    "ultrasound-room": ultrasound_room,
    "procedure-room": procedure_room,
    "hospital-lobby": hospital_lobby,
    "parking": parking,
}

# Encoder settings: small files for slow phones, no visible banding on soft gradients.
SAVE_OPTIONS = {
    "avif": {"quality": 55, "speed": 4},
    "webp": {"quality": 78, "method": 6},
    "jpg": {"quality": 80, "optimize": True, "progressive": True},
}


def scene_for(key: str):
    """The scene drawn for a facility photo: its own, or one of the others picked by its key
    (the same one at every run)."""
    if key in SCENES:
        return SCENES[key]
    scenes = list(SCENES.values())
    return scenes[zlib.crc32(key.encode()) % len(scenes)]


def facility(key: str, width: int, palette: Palette) -> Image.Image:
    """One facility's picture, `width` pixels wide."""
    canvas = Canvas(width, photo_height(width), palette)
    scene_for(key)(canvas)
    return canvas.finish(width, photo_height(width))


def write_facilities(keys: list[str], palette: Palette, img_dir: Path = IMG_DIR) -> None:
    out = img_dir / "facilities"
    out.mkdir(parents=True, exist_ok=True)
    largest = max(PHOTO_WIDTHS)
    for key in keys:
        master = facility(key, largest, palette)
        for width in PHOTO_WIDTHS:
            image = master.resize((width, photo_height(width)), Image.LANCZOS)
            for extension in (*(ext for ext, _ in PHOTO_FORMATS), FALLBACK_FORMAT):
                image.save(out / f"{key}-{width}.{extension}", **SAVE_OPTIONS[extension])


BADGE_W, BADGE_H = 240, 120


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*lines, line]


def hex_of(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def badge_svg(acronym: str, name: str, hue: Colour, ink: Colour) -> str:
    colour = hex_of(hue)
    lines = _wrap(name, 20)[:3]
    first_y = 60 - (len(lines) - 1) * 8
    text = "".join(
        f'<text x="104" y="{first_y + i * 16}" font-size="12">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    size = 22 if len(acronym) <= 3 else 17
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{BADGE_W}" height="{BADGE_H}" '
        f'viewBox="0 0 {BADGE_W} {BADGE_H}" font-family="system-ui, sans-serif">'
        f'<rect x="1" y="1" width="{BADGE_W - 2}" height="{BADGE_H - 2}" rx="16" fill="#fff" '
        f'stroke="{colour}" stroke-opacity=".25" stroke-width="2"/>'
        f'<circle cx="56" cy="60" r="38" fill="{colour}"/>'
        f'<circle cx="56" cy="60" r="31" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/>'
        f'<text x="56" y="{60 + size * 0.36:.1f}" text-anchor="middle" font-size="{size}" '
        f'font-weight="700" fill="#fff" letter-spacing=".5">{escape(acronym)}</text>'
        f'<g fill="{hex_of(ink)}" font-weight="600">{text}</g>'
        "</svg>\n"
    )


def write_certifications(
    entries: list[Certification], palette: Palette, img_dir: Path = IMG_DIR
) -> None:
    """Each logo's badge, with its name in the site's default language."""
    out = img_dir / "certifications"
    out.mkdir(parents=True, exist_ok=True)
    hues = palette.badge_hues()
    for i, entry in enumerate(entries):
        name = entry.name(DEFAULT_LANG)
        svg = badge_svg(entry.acronym, name, hues[i % len(hues)], palette.ink)
        (out / f"{entry.key}.svg").write_text(svg, encoding="utf-8")


# A portrait's backdrop and figure: one pair per doctor, picked by the slug so that
# re-running the script draws the same portrait.
def portrait_tones(p: Palette) -> list[tuple[Colour, Colour, Colour]]:
    """(light, backdrop, figure) of each portrait."""
    return [
        (p.blush, p.primary_light, p.primary_soft),
        (p.sand, p.accent_soft, p.accent),
        (p.blush, BEIGE, p.primary),
    ]


PORTRAIT_FORMATS = ("webp", "jpg")


def portrait(c: Canvas, slug: str) -> None:
    """A head-and-shoulders silhouette on a soft backdrop, with the light from one side."""
    tones = portrait_tones(c.p)
    light, backdrop, figure = tones[zlib.crc32(slug.encode()) % len(tones)]
    c.gradient(light, backdrop)
    c.glow(0.28, 0.22, 0.35, WHITE, 120)
    c.rect(0.44, 0.6, 0.56, 0.82, figure, 0.05)  # neck
    c.rect(0.14, 0.76, 0.86, 1.3, figure, 0.32)  # shoulders
    c.circle(0.5, 0.47, 0.17, figure)  # head
    c.glow(0.42, 0.41, 0.1, WHITE, 40)


def write_portrait(slug: str, out: Path, palette: Palette) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    canvas = Canvas(PHOTO_PX, PHOTO_PX, palette)
    portrait(canvas, slug)
    image = canvas.finish(PHOTO_PX, PHOTO_PX)
    paths = [out / f"{slug}.{extension}" for extension in PORTRAIT_FORMATS]
    for path, extension in zip(paths, PORTRAIT_FORMATS, strict=True):
        image.save(path, **SAVE_OPTIONS[extension])
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--portrait", metavar="SLUG", help="draw this doctor's portrait only")
    parser.add_argument(
        "--into",
        type=Path,
        metavar="DIR",
        help="where to write: the portrait (default assets/img/doctors/), or the folder that "
        "holds facilities/ and certifications/ (default assets/img/)",
    )
    args = parser.parse_args()
    palette = Palette.of(content().clinic.brand_colors)
    if args.portrait:
        for path in write_portrait(args.portrait, args.into or IMG_DIR / "doctors", palette):
            print(f"wrote {path}")
        return
    img_dir = args.into or IMG_DIR
    home = content().page("home", HomeContent)
    write_certifications(home.certifications, palette, img_dir)
    write_facilities([f.key for f in home.facilities], palette, img_dir)
    print(f"wrote images under {img_dir}")


if __name__ == "__main__":
    main()
