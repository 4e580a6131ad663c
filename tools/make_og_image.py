"""Draw the Open Graph share card, assets/og/<brand_slug>-og.png (1200x630), named after
the brand in content/clinic.yaml (the site's pages offer it under that name).

The card is an HTML page made from content/ (brand, colours, the tagline and the card line
seo.og_card_line in the site's first two languages, with the consultation's length,
hospital, city) and photographed by
Chromium through Playwright, the tools the tests already use, so no image library is
needed. Re-run after changing any of those (og:image:alt states the same line, from the
same source, so it follows on its own):

    .venv/bin/python tools/make_og_image.py

The image is committed: the build only copies it, it does not draw it.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from clinic.site.content import LANGS, content  # noqa: E402
from clinic.site.i18n import text_with_facts  # noqa: E402
from clinic.site.seo import OG_IMAGE_SIZE, og_image_path  # noqa: E402
from devtools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

OUTPUT = ROOT / "assets" / og_image_path().lstrip("/")
# The card speaks the site's default language, and its second one in a softer colour.
FIRST, SECOND = LANGS[0], LANGS[1] if len(LANGS) > 1 else None


def card_html() -> str:
    clinic = content().clinic
    colors = clinic.brand_colors
    address = clinic.address
    e = html.escape
    width, height = OG_IMAGE_SIZE
    second_tagline = (
        f" <span>· {e(text_with_facts(SECOND, 'site.tagline'))}</span>" if SECOND else ""
    )
    second_line = (
        f'<div class="line" style="color:{colors.muted}">'
        f"{e(text_with_facts(SECOND, 'seo.og_card_line'))}</div>"
        if SECOND
        else ""
    )
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><style>
  * {{ margin: 0; box-sizing: border-box; }}
  body {{ width: {width}px; height: {height}px; overflow: hidden; background: {colors.blush};
         font-family: "Liberation Sans", "DejaVu Sans", sans-serif; color: {colors.ink}; position: relative; }}
  .blob {{ position: absolute; border-radius: 50%; }}
  .b1 {{ width: 620px; height: 620px; right: -170px; top: -210px; background: {colors.primary}; opacity: .10; }}
  .b2 {{ width: 360px; height: 360px; right: -120px; bottom: -200px; background: {colors.accent}; opacity: .10; }}
  .b3 {{ width: 200px; height: 200px; right: 70px; bottom: 60px; border: 18px solid {colors.primary}; opacity: .14; }}
  .card {{ position: absolute; left: 80px; top: 86px; right: 80px; bottom: 86px; display: flex;
           flex-direction: column; justify-content: space-between; }}
  .brand {{ font-family: "Liberation Serif", "DejaVu Serif", serif; font-size: 132px; line-height: 1;
            letter-spacing: -2px; color: {colors.primary}; }}
  .rule {{ width: 96px; height: 8px; border-radius: 4px; background: {colors.accent}; margin: 30px 0 28px; }}
  .tagline {{ font-size: 46px; font-weight: 700; color: {colors.primary_dark}; }}
  .tagline span {{ color: {colors.muted}; font-weight: 400; }}
  .line {{ font-size: 32px; margin-top: 14px; color: {colors.ink}; }}
  .place {{ font-size: 28px; color: {colors.muted}; display: flex; align-items: center; gap: 14px; }}
  .dot {{ width: 14px; height: 14px; border-radius: 50%; background: {colors.primary}; }}
</style></head><body>
  <div class="blob b1"></div><div class="blob b2"></div><div class="blob b3"></div>
  <div class="card">
    <div>
      <div class="brand">{e(clinic.brand)}</div>
      <div class="rule"></div>
      <div class="tagline">{e(text_with_facts(FIRST, "site.tagline"))}{second_tagline}</div>
      <div class="line">{e(text_with_facts(FIRST, "seo.og_card_line"))}</div>
      {second_line}
    </div>
    <div class="place"><span class="dot"></span>{e(address.hospital)} · {e(address.city)}, {e(address.region)}</div>
  </div>
</body></html>"""


def main() -> None:
    width, height = OG_IMAGE_SIZE
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
        page.set_content(card_html())
        page.screenshot(
            path=str(OUTPUT), type="png", clip={"x": 0, "y": 0, "width": width, "height": height}
        )
        browser.close()
    print(f"wrote {OUTPUT.relative_to(ROOT)} ({OUTPUT.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    main()
