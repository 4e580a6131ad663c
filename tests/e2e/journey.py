"""Steps of a journey: a test that proves several behaviours one after another on one
page load, each step starting from the state the one before left (and checked). A
failure names the step, so a journey's message says which behaviour broke, where."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Error as PlaywrightError


@contextmanager
def step(name: str) -> Iterator[None]:
    """Run a step: an assertion that fails inside it, or a wait that times out, fails with
    `name` in front."""
    try:
        yield
    except (AssertionError, PlaywrightError) as error:
        raise AssertionError(f"{name}: {error}") from error
