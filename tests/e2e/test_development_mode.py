"""The loop a Python developer works in: `reflex run` (development mode), edit, look.

The development server runs in a copy of the project (devtools/project_copy.py) on free
ports, so the edits below never touch the repository's files or its production build.
Pages are client-rendered in development, so every check looks at what Chromium shows.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import expect

from clinic.site.content import load_content
from clinic.site.routes import path_for
from devtools.project_copy import copy_project, reflex_env
from devtools.servers import BIN, free_port, stop, wait_until_up
from tests.e2e.page_ready import page_ready
from tests.fixture_clinic.site import FIXTURE_PROJECT

# One development server for the module: under pytest-xdist (--dist loadgroup) its tests
# all run in one worker, which starts it once.
pytestmark = pytest.mark.xdist_group("development_server")

# The first run in a fresh clone installs the npm packages into the copy.
START_TIMEOUT_S = 600
# From saving a file to the browser showing it: Reflex restarts its worker, which
# compiles the pages again, and Vite updates the open tab (about 2-3 s here).
RELOAD_TIMEOUT_MS = 60_000
HOME_TITLE_KEY = "pages.home.title"


class DevSite:
    def __init__(self, project: Path, url: str, log: Path):
        self.project, self.url, self.log = project, url, log

    def content(self):
        """The copy's content, read fresh (it changes during the tests)."""
        return load_content(self.project / "content")

    def edit_text(self, lang: str, key: str, text: str) -> None:
        """Set one interface text in the copy's content/i18n/<lang>.yaml."""
        path = self.project / "content" / "i18n" / f"{lang}.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        *parents, leaf = key.split(".")
        node = data
        for part in parents:
            node = node[part]
        node[leaf] = text
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.fixture(scope="module")
def dev_site(tmp_path_factory, base_url) -> DevSite:
    # base_url: the production server's build is done, so the copy takes its npm packages
    # instead of installing them, and never copies a .web that a build is still writing.
    # The fixture clinic's project: this process reads its content (its languages).
    project = copy_project(tmp_path_factory.mktemp("development") / "project", FIXTURE_PROJECT)
    frontend, backend = free_port(), free_port()
    log = project.parent / "reflex-run.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                str(BIN / "reflex"),
                "run",
                "--frontend-port",
                str(frontend),
                "--backend-port",
                str(backend),
                "--loglevel",
                "info",
            ],
            cwd=project,
            env=reflex_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://localhost:{frontend}"
    try:
        wait_until_up(url + "/", process, log, timeout_s=START_TIMEOUT_S)
        yield DevSite(project, url, log)
    finally:
        stop(process)


@pytest.fixture
def dev_page(new_context, dev_site):
    return new_context(base_url=dev_site.url).new_page()


@pytest.mark.parametrize("page_id, lang", [("home", "es"), ("home", "en"), ("contact", "es")])
def test_pages_render_in_development_without_console_errors(dev_site, dev_page, page_id, lang):
    response = dev_page.goto(path_for(page_id, lang))
    assert response.status == 200
    dev_page.locator("h1").first.wait_for()
    expect(dev_page.locator("html")).to_have_attribute("lang", lang)
    page_ready(dev_page)  # effects and lazy chunks after the first render


def test_a_content_edit_and_a_python_edit_show_without_a_restart(dev_site, dev_page):
    home = path_for("home", "es")
    dev_page.goto(home)
    title = dev_page.locator("h1").first
    title.wait_for()
    expect(title).to_have_text(dev_site.content().i18n["es"][HOME_TITLE_KEY], use_inner_text=True)

    edited_title = "Título cambiado en content/ mientras el servidor corre"
    dev_site.edit_text("es", HOME_TITLE_KEY, edited_title)
    started = time.monotonic()
    # No reload: the open tab updates itself.
    dev_page.get_by_role("heading", level=1, name=edited_title).wait_for(timeout=RELOAD_TIMEOUT_MS)
    print(f"content edit shown after {time.monotonic() - started:.1f} s")

    contact = path_for("contact", "es")
    dev_page.goto(contact)
    dev_page.locator("h1").first.wait_for()
    page_module = dev_site.project / "clinic" / "site" / "pages" / "contact.py"
    page_module.write_text(
        page_module.read_text(encoding="utf-8")
        + """

_render_before_the_edit = render


def render(page):
    return rx.fragment(rx.el.p("Párrafo añadido en Python", id="python-edit"), _render_before_the_edit(page))
""",
        encoding="utf-8",
    )
    started = time.monotonic()
    dev_page.locator("#python-edit").wait_for(timeout=RELOAD_TIMEOUT_MS)
    print(f"python edit shown after {time.monotonic() - started:.1f} s")
    expect(dev_page.locator("#python-edit")).to_have_text(
        "Párrafo añadido en Python", use_inner_text=True
    )


def test_broken_content_names_the_file_and_field_and_the_server_recovers(dev_site, dev_page):
    doctors = dev_site.project / "content" / "doctors.yaml"
    original = doctors.read_text(encoding="utf-8")
    years = dev_site.content().doctors[0].years_experience
    line = f"years_experience: {years}"
    assert line in original
    doctors.write_text(original.replace(line, "years_experience: 0", 1), encoding="utf-8")
    message = "doctors.yaml: field '0.years_experience': Input should be greater than 0"
    deadline = time.monotonic() + RELOAD_TIMEOUT_MS / 1000
    while message not in dev_site.log.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, f"no content error:\n{dev_site.log.read_text()[-2000:]}"
        # Fixed wait: the development server reports the error only in its log file, and
        # no event of the page or of Playwright tells that it has been written.
        time.sleep(0.2)

    doctors.write_text(original, encoding="utf-8")
    edited_title = "El sitio vuelve tras corregir el archivo"
    dev_site.edit_text("es", HOME_TITLE_KEY, edited_title)
    dev_page.goto(path_for("home", "es"))
    dev_page.get_by_role("heading", level=1, name=edited_title).wait_for(timeout=RELOAD_TIMEOUT_MS)
