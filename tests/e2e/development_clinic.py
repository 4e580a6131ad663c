"""The clinic the development-mode tests run `reflex run` on: the fixture clinic's content
cut down to what those tests look at, with the recipes a clinic's own edit goes through.

The development server compiles every page when it starts and again after each edit, so
its cost is the number of pages times the number of compiles. The cut keeps the languages
the tests name, one doctor and one service: every kind of page and every section of the
home page is still there, in each language the tests load, on a page or two each.
"""

from __future__ import annotations

from pathlib import Path

from devtools.content_variants import keep_doctors, keep_services
from tests.matrix.recipes import keep_languages

DOCTORS_KEPT = 1
SERVICES_KEPT = 1


def smaller_clinic(content_dir: Path, langs: list[str]) -> None:
    """Cut the content in `content_dir` down to the languages `langs` (the first the
    default), DOCTORS_KEPT doctors and SERVICES_KEPT services."""
    keep_languages(content_dir, list(dict.fromkeys(langs)))
    # The services first: keep_doctors gives a gone doctor's services to the first kept.
    keep_services(content_dir, SERVICES_KEPT)
    keep_doctors(content_dir, DOCTORS_KEPT)
