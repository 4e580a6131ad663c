"""The site built from grown content, to look at: screenshots of the pages that list the
doctors, with 1, 3 and 6 doctors, at 390x844 and 1280x800; and the certification
carousel's loop walked with 3 and 12 logos at three widths.

    .venv/bin/python bench/growth_layouts.py [OUT_DIR]

Each variant is a copy of the project (devtools/project_copy.py) with its content edited by
devtools/content_variants.py, built with `reflex export` and served as plain files (about a
minute per build). Screenshots go to OUT_DIR (default: a temporary folder, printed); the
loop walk is printed. Nothing in the repository changes: what the screenshots showed is
written by hand in bench/reports/growth-layouts.md.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from devtools import content_variants as grow  # noqa: E402
from devtools.plain_files import PlainFileServer  # noqa: E402
from devtools.project_copy import copy_project, export_static  # noqa: E402

BROWSER = "/usr/bin/chromium-headless-shell"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
DOCTOR_COUNTS = (1, 3, 6)
LOGO_COUNTS = (3, 12)
LOOP_WIDTHS = (390, 800, 1280)


def build(dest: Path, edit) -> Path:
    """A copy of the project at `dest`, its content edited by `edit(content, assets)`,
    exported; returns the static build."""
    if dest.exists():
        shutil.rmtree(dest)
    project = copy_project(dest)
    edit(project / "content", project / "assets")
    return export_static(project)


def team_of(count: int):
    def edit(content: Path, assets: Path) -> None:
        grow.with_doctors(content, count)
        if count == 3:  # the proof's clinic: a service more, a logo fewer, a photo more
            grow.add_service(content)
            grow.drop_certification(content)
            grow.add_facility_photo(content, assets)

    return edit


def logos(count: int):
    def edit(content: Path, assets: Path) -> None:
        home = grow.read(content / "pages" / "home.yaml")
        shipped = home["certifications"]
        chosen = []
        names: dict[str, str] = {}  # each logo's key -> the shipped logo whose name it takes
        for i in range(count):
            model = shipped[i % len(shipped)]
            key = model["key"] if i < len(shipped) else f"{model['key']}-{i}"
            if i >= len(shipped):
                folder = assets / "img" / "certifications"
                shutil.copy(folder / f"{model['key']}.svg", folder / f"{key}.svg")
            chosen.append({**model, "key": key})
            names[key] = model["key"]
        grow.write(content / "pages" / "home.yaml", {**home, "certifications": chosen})
        # Each logo's name in every language: a copy's, the one it was made from.
        grow.edit_texts(
            content,
            grow.HOME_TEXTS,
            lambda lang, texts: texts.update(
                certifications={
                    key: texts["certifications"][source] for key, source in names.items()
                }
            ),
        )

    return edit


def screenshots(client: Path, content: Path, out: Path) -> None:
    with grow.site_content(content):
        from clinic.site.content import content as data
        from clinic.site.routes import doctor_page_id, path_for

        last = data().doctors[-1].slug
        targets = {
            "home-team": (path_for("home", "es"), "#team"),
            "booking": (path_for("booking", "es"), "main"),
            "doctor": (path_for(doctor_page_id(last), "es"), "main"),
            "about": (path_for("about", "en"), "main"),
            "faq-doctors": (path_for("faq", "es"), "[data-faq='doctors']"),
        }
        home = path_for("home", "es")
    with PlainFileServer(client) as site, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=BROWSER, args=["--no-sandbox", "--disable-gpu"])
        for size, viewport in SIZES.items():
            context = browser.new_context(
                viewport=viewport, locale="es-MX", reduced_motion="reduce"
            )
            context.route(
                "**/*", lambda r: r.continue_() if r.request.url.startswith(site.url) else r.abort()
            )
            page = context.new_page()
            for name, (path, selector) in targets.items():
                page.goto(site.url + path)
                page.wait_for_load_state("networkidle")
                page.locator(selector).first.screenshot(path=str(out / f"{name}-{size}.png"))
            page.goto(site.url + home)
            page.wait_for_load_state("networkidle")
            menu_button = page.locator("header button[popovertarget]")
            (menu_button.nth(1) if size == "desktop" else menu_button.last).click()
            page.screenshot(path=str(out / f"team-menu-{size}.png"))
            context.close()
        browser.close()


def walk_loop(client: Path, count: int) -> list[str]:
    """Next pressed `count` times from the first logo, then Previous once, per width."""
    lines = []
    with PlainFileServer(client) as site, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=BROWSER, args=["--no-sandbox", "--disable-gpu"])
        for width in LOOP_WIDTHS:
            page = browser.new_page(
                viewport={"width": width, "height": 800}, reduced_motion="reduce"
            )
            page.route(
                "**/*", lambda r: r.continue_() if r.request.url.startswith(site.url) else r.abort()
            )
            page.goto(site.url + "/en/")
            carousel = page.locator("#certifications [data-carousel]")
            carousel.scroll_into_view_if_needed()
            expect(carousel).to_have_attribute("data-ready", "")
            shown = [carousel.get_attribute("data-selected-index")]
            for _ in range(count):
                index = int(shown[-1])
                carousel.locator("[data-carousel-next]").click()
                expect(carousel).to_have_attribute("data-selected-index", str((index + 1) % count))
                shown.append(carousel.get_attribute("data-selected-index"))
            carousel.locator("[data-carousel-prev]").click()
            expect(carousel).to_have_attribute("data-selected-index", str(count - 1))
            lines.append(
                f"{count} logos, {width} px: next {' '.join(shown)}; previous from the first: {count - 1}"
            )
            page.close()
        browser.close()
    return lines


def main() -> None:
    out = (
        Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="growth-layouts-"))
    )
    work = Path(tempfile.mkdtemp(prefix="growth-builds-"))
    try:
        for count in DOCTOR_COUNTS:
            client = build(work / f"doctors-{count}", team_of(count))
            (out / f"doctors-{count}").mkdir(parents=True, exist_ok=True)
            screenshots(client, work / f"doctors-{count}" / "content", out / f"doctors-{count}")
        for count in LOGO_COUNTS:
            print("\n".join(walk_loop(build(work / f"logos-{count}", logos(count)), count)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
