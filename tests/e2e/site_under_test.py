"""Which site the browser suite tests, and whose content it reads its expectations from.

- No site given: the suite builds and serves the fixture clinic (tests/fixture_clinic/) and
  reads the fixture's content.
- A site given (`--base-url`, the `base_url` ini value, or SITE_URL): the suite tests that
  running site (staging, production, a CDN preview, a `make run`) and reads the content it
  was built from: the folder `--content` names, else CLINIC_CONTENT_DIR, else the
  project's content/ (what `make run` and a deploy build from).

The choice is made in `pytest_configure`, before any test module is imported, in the main
process and in every pytest-xdist worker alike (each gets the same options): clinic/ fixes
its content folder (CLINIC_CONTENT_DIR) when first imported, so nothing of clinic/ may be
imported here, nor by the conftest before the choice.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

PROJECT_DIR = Path(__file__).resolve().parents[2]
CONTENT_OPTION = "--content"
# Why a test that needs a server of its own does not run against a given site.
NOT_OUR_SERVER = (
    "needs a server of its own ({why}); --base-url names a site that is already running"
)


def given_site(config) -> str | None:
    """The site named by `--base-url` (or the `base_url` ini value, or SITE_URL), if any."""
    return (
        config.getoption("--base-url", default=None)
        or config.getini("base_url")
        or os.environ.get("SITE_URL")
        or None
    )


def given_content(config) -> Path:
    """The content folder the given site was built from."""
    named = config.getoption(CONTENT_OPTION, default=None) or os.environ.get("CLINIC_CONTENT_DIR")
    folder = Path(named).resolve() if named else PROJECT_DIR / "content"
    if not (folder / "clinic.yaml").is_file():
        raise pytest.UsageError(
            f"{CONTENT_OPTION} {folder}: not a content folder (no clinic.yaml); name the "
            "content/ the site under test was built from"
        )
    return folder


def choose_content(config) -> Path | None:
    """Point this process's content at the site under test's; returns the fixture clinic's
    project when the suite serves it itself, None when the site is given."""
    if given_site(config):
        folder = given_content(config)
        os.environ["CLINIC_CONTENT_DIR"] = str(folder)
        _require_not_imported_yet(folder)
        return None
    from tests.fixture_clinic.site import use_fixture_clinic

    return use_fixture_clinic()


def _require_not_imported_yet(folder: Path) -> None:
    imported = sys.modules.get("clinic.project")
    if imported is not None and Path(imported.CONTENT_DIR) != folder:
        raise RuntimeError(
            "clinic/ was imported before the browser suite chose the content of the site "
            f"under test ({folder}); run the browser tests in a pytest run of their own"
        )
