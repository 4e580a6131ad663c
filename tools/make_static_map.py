"""Draw the location section's static map (docs/design.md, "Maps load on request").

    .venv/bin/python tools/make_static_map.py

Writes assets/img/map/location.svg: an abstract street map in the site's colours (sand
blocks, white streets, one avenue, a park, the lagoon's edge) with the hospital's block
and a pin in the middle. It is an illustration, not a map of the real streets: no
third-party tiles, nothing requested from a map provider before the patient asks for
the interactive map. The output is deterministic (a fixed seed): re-running changes no
file unless this script or the brand colours changed. Standard library only.
"""

from __future__ import annotations

import random
import sys
from itertools import pairwise
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "img" / "map" / "location.svg"
# The intrinsic size the page reserves (clinic/site/components/map_embed.py): 4:3.
WIDTH, HEIGHT = 640, 480
SEED = 19


def _colors() -> dict[str, str]:
    brand = yaml.safe_load((ROOT / "content" / "clinic.yaml").read_text(encoding="utf-8"))[
        "brand_colors"
    ]
    return {
        "ground": brand["sand"],
        "block": "#efe7dd",
        "street": "#ffffff",
        "avenue": "#f6dfe8",
        "park": "#dcebdc",
        "water": "#d6e9ec",
        "hospital": brand["blush"],
        "hospital_edge": brand["primary"],
        "pin": brand["primary"],
        "pin_dot": "#ffffff",
    }


def _streets(rng: random.Random) -> tuple[list[int], list[int]]:
    """Irregular street positions, a little different block sizes, like a real grid."""
    xs, x = [], -20
    while x < WIDTH + 40:
        xs.append(x)
        x += rng.randint(78, 112)
    ys, y = [], -10
    while y < HEIGHT + 40:
        ys.append(y)
        y += rng.randint(70, 100)
    return xs, ys


def svg() -> str:
    rng = random.Random(SEED)
    c = _colors()
    xs, ys = _streets(rng)
    cx, cy = WIDTH // 2, HEIGHT // 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{c["ground"]}"/>',
    ]
    # Blocks between the streets; a few parks, and the hospital's block in the middle.
    hospital = None
    for left, right in pairwise(xs):
        for top, bottom in pairwise(ys):
            x0, y0, x1, y1 = left + 9, top + 9, right - 9, bottom - 9
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                hospital = (x0, y0, x1, y1)
                continue
            fill = c["park"] if rng.random() < 0.08 else c["block"]
            parts.append(
                f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="6" fill="{fill}"/>'
            )
    x0, y0, x1, y1 = hospital
    # The lagoon's shore over the top right corner.
    parts.append(
        f'<path d="M{WIDTH - 230} -10 C{WIDTH - 180} 70 {WIDTH - 90} 80 {WIDTH + 10} 150 L{WIDTH + 10} -10 Z" '
        f'fill="{c["water"]}"/>'
    )
    # The avenue: the street just below the hospital's block, wider and tinted.
    avenue_y = y1 + 9
    parts.append(
        f'<rect x="0" y="{avenue_y - 11}" width="{WIDTH}" height="22" fill="{c["avenue"]}"/>'
    )
    parts.append(
        f'<path d="M0 {avenue_y} H{WIDTH}" stroke="{c["street"]}" stroke-width="3" stroke-dasharray="14 12"/>'
    )
    parts.append(
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="6" fill="{c["hospital"]}" '
        f'stroke="{c["hospital_edge"]}" stroke-width="2"/>'
    )
    # The pin: a drop with a white dot, its tip in the middle of the hospital's block.
    px, py = (x0 + x1) // 2, (y0 + y1) // 2 + 12
    parts.append(
        f'<g transform="translate({px} {py})">'
        f'<ellipse cx="0" cy="1" rx="10" ry="3.5" fill="{c["hospital_edge"]}" opacity="0.2"/>'
        f'<path d="M0 0 C-6 -14 -20 -22 -20 -38 A20 20 0 0 1 20 -38 C20 -22 6 -14 0 0 Z" fill="{c["pin"]}"/>'
        f'<circle cx="0" cy="-38" r="7" fill="{c["pin_dot"]}"/>'
        "</g>"
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(svg(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
