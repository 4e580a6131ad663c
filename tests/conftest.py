"""Shared test set-up: make the project importable from any working directory."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


UNGROUPED = pytest.StashKey[str]()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Under `--dist loadgroup`, pytest-xdist sends the tests of one `xdist_group` to one
    worker by adding "@<group>" to their node ids in each worker, after the other plugins
    have collected. When a pytest release stops that working (pytest 9.2 did), nothing fails:
    each worker starts its own development server or Cloudflare runtime, and the run just
    gets minutes slower. So each grouped test without its suffix fails, saying why."""
    if not getattr(config.option, "loadgroup", False):  # set in xdist's workers only
        return
    for item in items:
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid.rsplit("]", 1)[-1]:
            item.stash[UNGROUPED] = (
                f"pytest-xdist's --dist loadgroup did not group this test with pytest "
                f"{pytest.__version__}: keep pytest within pyproject.toml's range (make "
                "setup), or see pytest-dev/pytest-xdist#1386"
            )


def pytest_runtest_setup(item):
    if UNGROUPED in item.stash:
        pytest.fail(item.stash[UNGROUPED], pytrace=False)
