"""The loop a Python developer works in: `reflex run` (development mode), edit, look.

The development server runs in a copy of the fixture clinic's project
(devtools/project_copy.py) on free ports, so the edits below never touch the repository's
files or its production build. The copy's content is the fixture's cut down to what these
tests look at (tests/e2e/development_clinic.py): every edit makes Reflex compile every page
again, so each page less makes each step of the loop cheaper. Every path, text and figure
the tests expect is read from the copy's content. Pages are client-rendered in development, so
every check looks at what Chromium shows.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from devtools.project_copy import copy_project, reflex_env
from devtools.servers import BIN, free_port, stop, wait_until_up
from tests.e2e.content_in_own_process import read_content, set_text
from tests.e2e.development_clinic import smaller_clinic
from tests.e2e.languages import DEFAULT_LANG, NEXT_LANG
from tests.e2e.page_ready import page_ready
from tests.e2e.process_log import log_tail, log_text, scaled_for_load, wait_for_line
from tests.fixture_clinic.site import FIXTURE_PROJECT
from tests.per_test_timeout import outside_the_test_timeout

# One development server for the run: under pytest-xdist (--dist loadgroup) these tests all
# run in one worker, which starts it once. The fixture is session-scoped, not module-scoped:
# the worker may run other modules' tests between these, and a module fixture would then
# be torn down and the server started again (27 s each time).
pytestmark = [
    pytest.mark.xdist_group("development_server"),
    pytest.mark.own_server("the development server, started in a copy of the project"),
]

# The first run in a fresh clone installs the npm packages into the copy.
START_TIMEOUT_S = 600
# From saving a file to the new worker's compile reported in the log: Reflex restarts its
# backend worker, which imports the app and compiles its pages again (seconds on a quiet
# machine, the more pages the longer), then from there to the open tab showing it (Vite's
# update). Both limits are generous and grow with the machine's load (scaled_for_load):
# they only matter when something is broken.
COMPILE_S = 60
SHOW_S = 30
# What the development server's log says each time a worker has compiled the pages.
COMPILED = "Compiling:"
HOME_TITLE_KEY = "pages.home.title"


class DevSite:
    def __init__(self, project: Path, url: str, log: Path, process: subprocess.Popen):
        self.project, self.url, self.log, self.process = project, url, log, process

    def content(self) -> dict:
        """The copy's content model, read fresh (it changes during the tests), in a
        process of its own: its languages are not this process's (development_clinic.py)."""
        return read_content(self.project / "content")

    @cached_property
    def paths(self) -> dict:
        """Each page's path in each language (read once: the tests never edit a path)."""
        return self.content()["routes"]["pages"]

    def path(self, page_id: str, lang: str) -> str:
        """The page's path in `lang`, as the copy's routes.yaml gives it."""
        return self.paths[page_id][lang]

    def compiles(self) -> int:
        """How many compiles the log has reported so far."""
        return log_text(self.log).count(COMPILED)

    def wait_for_compile(self, after: int) -> None:
        """Wait until a compile later than the first `after` ones has been reported: the
        server's own word that an edit has been taken in."""
        wait_for_line(self.log, COMPILED, scaled_for_load(COMPILE_S), self.process, after + 1)

    def wait_for_log(self, text: str) -> None:
        wait_for_line(self.log, text, scaled_for_load(COMPILE_S), self.process)

    @contextmanager
    def explained(self) -> Iterator[None]:
        """A failure inside says what the development server said last."""
        try:
            yield
        except (AssertionError, PlaywrightError) as error:
            tail = log_tail(self.log)
            if tail in str(error):  # a wait on the log has shown it already
                raise
            raise AssertionError(
                f"{error}\n\nThe development server's log ({self.log}), its end:\n{tail}"
            ) from error

    def edit_text(self, lang: str, key: str, text: str) -> None:
        """Set one interface text in the copy's content/i18n/ file that holds it."""
        set_text(self.project / "content", lang, key, text)


@pytest.fixture(scope="session")
def dev_site(tmp_path_factory, base_url) -> DevSite:
    # base_url: the production server's build is done, so the copy takes its npm packages
    # instead of installing them, and never copies a .web that a build is still writing.
    with outside_the_test_timeout():  # the start has a deadline of its own
        site = start_dev_site(tmp_path_factory.mktemp("development"))
    try:
        yield site
    finally:
        stop(site.process)


def start_dev_site(folder: Path) -> DevSite:
    """The development server in a copy of the fixture clinic's project, its content cut
    down to the languages the tests name (this process reads the fixture's content), once
    it answers."""
    # Its npm packages linked, not copied: the development server only adds Vite's cache.
    project = copy_project(folder / "project", FIXTURE_PROJECT, link_packages=True)
    smaller_clinic(project / "content", [DEFAULT_LANG, NEXT_LANG])
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
    site = DevSite(project, url, log, process)
    try:
        with site.explained():
            wait_until_up(url + "/", process, log, timeout_s=scaled_for_load(START_TIMEOUT_S))
    except BaseException:
        stop(process)
        raise
    return site


@pytest.fixture
def dev_page(new_context, dev_site):
    return new_context(base_url=dev_site.url).new_page()


def shown(locator) -> None:
    """Wait for the open tab to show `locator`, the server having compiled the edit."""
    locator.wait_for(timeout=scaled_for_load(SHOW_S) * 1000)


@pytest.mark.parametrize(
    "page_id, lang", [("home", DEFAULT_LANG), ("home", NEXT_LANG), ("contact", DEFAULT_LANG)]
)
def test_pages_render_in_development_without_console_errors(dev_site, dev_page, page_id, lang):
    with dev_site.explained():
        response = dev_page.goto(dev_site.path(page_id, lang))
        assert response.status == 200
        dev_page.locator("h1").first.wait_for()
        expect(dev_page.locator("html")).to_have_attribute("lang", lang)
        page_ready(dev_page)  # effects and lazy chunks after the first render


def test_a_python_edit_shows_without_a_restart(dev_site, dev_page):
    with dev_site.explained():
        dev_page.goto(dev_site.path("contact", DEFAULT_LANG))
        dev_page.locator("h1").first.wait_for()
        page_module = dev_site.project / "clinic" / "site" / "pages" / "contact.py"
        compiled = dev_site.compiles()
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
        dev_site.wait_for_compile(after=compiled)
        print(f"python edit compiled after {time.monotonic() - started:.1f} s")
        shown(dev_page.locator("#python-edit"))
        print(f"python edit shown after {time.monotonic() - started:.1f} s")
        expect(dev_page.locator("#python-edit")).to_have_text(
            "Párrafo añadido en Python", use_inner_text=True
        )


def test_broken_content_is_named_and_the_content_edit_that_fixes_it_shows_without_a_restart(
    dev_site, dev_page
):
    """A content error names its file and field; the edit that fixes it (and changes a
    text) is compiled and shows in the open tab, with no reload and no restart: a content
    edit's whole loop, the worst case included."""
    lang = DEFAULT_LANG
    with dev_site.explained():
        # The tab is open before the edits and shows the fix by itself, as a developer's
        # does: a page loaded while Vite is still sending the recompiled files would have
        # its stylesheet link replaced during hydration (a mismatch a developer never sees).
        dev_page.goto(dev_site.path("home", lang))
        title = dev_page.locator("h1").first
        title.wait_for()
        content = dev_site.content()
        expect(title).to_have_text(content["i18n"][lang][HOME_TITLE_KEY], use_inner_text=True)
        doctors = dev_site.project / "content" / "doctors.yaml"
        original = doctors.read_text(encoding="utf-8")
        years = content["doctors"][0]["years_experience"]
        line = f"years_experience: {years}"
        assert line in original
        doctors.write_text(original.replace(line, "years_experience: 0", 1), encoding="utf-8")
        # The development server reports the error in its log only.
        dev_site.wait_for_log(
            "doctors.yaml: field '0.years_experience': Input should be greater than 0"
        )
        assert "Traceback" not in log_text(dev_site.log), (
            "the development server printed a traceback with the content mistake: the "
            "message naming the file and field must come alone"
        )

        compiled = dev_site.compiles()
        doctors.write_text(original, encoding="utf-8")
        edited_title = "Título cambiado en content/ mientras el servidor corre"
        dev_site.edit_text(lang, HOME_TITLE_KEY, edited_title)
        started = time.monotonic()
        dev_site.wait_for_compile(after=compiled)
        print(f"content edit compiled after {time.monotonic() - started:.1f} s")
        # No reload: the open tab updates itself.
        shown(dev_page.get_by_role("heading", level=1, name=edited_title, exact=True))
        print(f"content edit shown after {time.monotonic() - started:.1f} s")
