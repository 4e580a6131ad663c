"""A clinic adds a language with one command, and everything follows.

In a copy of the project, tools/add_language.py (what `make language CODE=... FROM=...
NAME=... LOCALE=...` runs; `make` itself would set up the copy's own virtualenv first)
adds a language the site does not have, from the last one's texts. Then

(a) the unit tests pass on the copy's content (run in a subprocess with
    CLINIC_CONTENT_DIR, while the site builds);
(b) the copy's export has every page in the new language, each with its <html lang> and
    the same hreflang links as the page in every other language (every language, the
    default's locale, x-default), and the sitemap gives each URL those alternates; the
    new language has its 404 page (its <html lang>), its `_headers` block and its
    `_redirects` 404 rule, and the first-visit settings know its home;
(c) in a browser, on that export: a browser speaking the new language lands on its home
    once from `/`; the switcher, a menu of every language by its own name, goes to the
    same page in each language and back.

The languages, paths and names are read from the copy's content by the code itself (a
subprocess started on it), never typed here. Everything happens in temporary folders.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

from playwright.sync_api import expect

from clinic.project import PROJECT_DIR
from clinic.site.components.language_switcher import BUTTON_ID, PANEL_ID
from clinic.site.content import LANGS
from devtools.plain_files import PlainFileServer
from devtools.project_copy import copy_project, export_static, start_unit_tests
from tests.e2e.page_ready import page_ready

BUILD_TIMEOUT_S = 900
# A language none of the site's, started from the last one's texts.
NEW = next(code for code in ("fr", "pt", "it") if code not in LANGS)
NEW_NAME, NEW_LOCALE = {"fr": ("Français", "fr-CA"), "pt": ("Português", "pt-BR")}.get(
    NEW, ("Italiano", "it-IT")
)
SOURCE = LANGS[-1]
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}

# What the copy's own code says about its site: languages, pages, alternates, settings.
FACTS = """
import json
from clinic.site.content import LANGUAGES, content
from clinic.site.routes import all_pages, alternates, lang_prefix, not_found_file
from clinic.site.components.first_visit import settings
from clinic.site.seo import absolute
print(json.dumps({
    "languages": [[x.code, x.name] for x in LANGUAGES],
    "pages": [[p.id, p.lang, p.path] for p in all_pages()],
    "alternates": {p.id: {k: absolute(v) for k, v in alternates(p.id).items()} for p in all_pages()},
    "origin": content().clinic.origin,
    "prefixes": {x.code: lang_prefix(x.code) for x in LANGUAGES},
    "not_found": {x.code: not_found_file(x.code) for x in LANGUAGES},
    "first_visit": settings(),
}))
"""


def html_file(path: str) -> str:
    """The prerendered file of a route path ("/" -> index.html, "/fr/" -> fr/index.html)."""
    if path.endswith("/"):
        return (path.strip("/") + "/index.html").lstrip("/")
    return path.lstrip("/") + ".html"


def hreflang_links(html: str) -> dict[str, str]:
    links = re.findall(r'<link href="([^"]+)" hrefLang="([^"]+)" rel="alternate"/>', html)
    return {lang: href for href, lang in links}


def test_a_new_language_is_one_command_and_every_page_follows(tmp_path, served_build, new_context):
    # served_build: the production server's build is done, so the copy takes its npm
    # packages and never copies a .web that a build is still writing.
    project = copy_project(tmp_path / "site")
    added = subprocess.run(
        [
            sys.executable,
            "tools/add_language.py",
            *("--code", NEW, "--from", SOURCE, "--name", NEW_NAME, "--locale", NEW_LOCALE),
        ],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert added.returncode == 0, added.stderr
    assert "Still to do by hand" in added.stdout
    content_dir = project / "content"
    env = {**os.environ, "CLINIC_CONTENT_DIR": str(content_dir), "PYTHONDONTWRITEBYTECODE": "1"}
    facts = subprocess.run(
        [sys.executable, "-c", FACTS], cwd=PROJECT_DIR, env=env, capture_output=True, text=True
    )
    assert facts.returncode == 0, facts.stderr[-3000:]
    site = json.loads(facts.stdout)
    langs = [code for code, _ in site["languages"]]
    assert langs == [*LANGS, NEW]

    # (a) The unit tests on the copy's content, while the site builds.
    unit = start_unit_tests(content_dir)
    try:
        client = export_static(project, timeout_s=BUILD_TIMEOUT_S)
        check_export(client, site)
        check_in_a_browser(client, site, new_context)
    finally:
        output, _ = unit.communicate(timeout=BUILD_TIMEOUT_S)
        shutil.rmtree(tmp_path / "site", ignore_errors=True)  # ~150 MB of node_modules
    assert unit.returncode == 0, f"unit tests on the copy's content failed:\n{output[-6000:]}"


def check_export(client: Path, site: dict) -> None:
    """(b): pages, hreflang, sitemap, 404 page, host rules, first-visit settings."""
    pages = site["pages"]
    ids = list(dict.fromkeys(page_id for page_id, _, _ in pages))
    new_pages = [p for p in pages if p[1] == NEW]
    assert len(new_pages) == len(ids)
    for page_id, lang, path in pages:
        html = (client / html_file(path)).read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in html, path
        # The same links on every language's page: reciprocal.
        assert hreflang_links(html) == site["alternates"][page_id], path
        assert NEW in hreflang_links(html)
    sitemap = ElementTree.fromstring((client / "sitemap.xml").read_bytes())
    by_url = {
        url.find("s:loc", NS).text: {
            link.get("hreflang"): link.get("href") for link in url.findall("x:link", NS)
        }
        for url in sitemap.findall("s:url", NS)
    }
    for page_id, _, path in pages:
        assert by_url[site["origin"] + path] == site["alternates"][page_id], path

    not_found = client / site["not_found"][NEW].lstrip("/")
    assert f'<html lang="{NEW}"' in not_found.read_text(encoding="utf-8")
    prefix = site["prefixes"][NEW]
    headers = (client / "_headers").read_text(encoding="utf-8").splitlines()
    assert f"{prefix}/*" in headers
    # Cloudflare Pages (the export's own rules): the 404 file is no page of its own.
    redirects = (client / "_redirects").read_text(encoding="utf-8").splitlines()
    assert any(line.startswith(site["not_found"][NEW] + " ") for line in redirects)
    # Netlify (beside the export): any other path under the prefix, its 404 page.
    netlify = client.parent / "netlify"
    assert f"{prefix}/* {site['not_found'][NEW]} 404" in (
        (netlify / "_redirects").read_text(encoding="utf-8").splitlines()
    )
    assert site["not_found"][NEW] in (netlify / "_headers").read_text(encoding="utf-8").splitlines()
    home = next(path for page_id, lang, path in new_pages if page_id == "home")
    assert site["first_visit"]["to"][NEW] == home
    assert json.dumps(site["first_visit"]["to"], ensure_ascii=False) in (
        client / "index.html"
    ).read_text(encoding="utf-8")


def check_in_a_browser(client: Path, site: dict, new_context) -> None:
    """(c): the first visit of a browser speaking the new language; the switcher."""
    paths = {(page_id, lang): path for page_id, lang, path in site["pages"]}
    names = dict(site["languages"])
    with PlainFileServer(client) as server:
        page = new_context(base_url=server.url, locale=NEW_LOCALE).new_page()
        page.goto(paths[("home", LANGS[0])])
        page.wait_for_url(f"**{paths[('home', NEW)]}")
        expect(page.locator("html")).to_have_attribute("lang", NEW)
        page.goto(paths[("home", LANGS[0])])  # once: the second visit stays
        page_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", LANGS[0])

        page.goto(paths[("contact", NEW)])
        page_ready(page)
        for lang in [*LANGS, NEW]:
            button = page.locator(f"#{BUTTON_ID}")
            expect(button).to_have_text(page.locator("html").get_attribute("lang").upper())
            button.focus()
            page.keyboard.press("Enter")  # by keyboard, as any visitor may
            choice = page.locator(f"#{PANEL_ID}").get_by_role("link", name=names[lang])
            expect(choice).to_be_visible()
            choice.click()
            page.wait_for_url(f"**{paths[('contact', lang)]}")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(page.locator(f"#{PANEL_ID}")).to_be_hidden()
