"""The spec's checks of the shipped sample: skipped, all of them, on any other content
(shipped.py says why); otherwise the sample is built once (`make export`'s build, in this
project's .web/) and the checks read its prerendered HTML, with a browser only where the
check needs one."""

from __future__ import annotations

import pytest

from clinic.project import PROJECT_DIR
from clinic.site.content import CONTENT_DIR
from devtools.project_copy import export_static
from tests.per_test_timeout import outside_the_test_timeout
from tests.sample.shipped import applies

NOT_THE_SAMPLE = applies(CONTENT_DIR)


def pytest_collection_modifyitems(items):
    if NOT_THE_SAMPLE is None:
        return
    skip = pytest.mark.skip(reason=f"not the shipped sample: {NOT_THE_SAMPLE}")
    for item in items:
        if item.path.is_relative_to(PROJECT_DIR / "tests" / "sample"):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def sample_build():
    """The sample's static build (HTML, JS, CSS), as `make export` leaves it."""
    with outside_the_test_timeout():  # the first build on a machine installs npm packages
        return export_static(PROJECT_DIR)
