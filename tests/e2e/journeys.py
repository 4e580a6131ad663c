"""Journeys: several behaviours proven one after another on one page load, each step
starting from the state the previous one left (and checked). A load costs far more CPU
than the checks that follow it, so a test that would load the same page in the same
conditions (scripts on or off, viewport, routes, storage) to prove one more behaviour
becomes a step of the journey that already loads it.

`step` names what broke: a failed assertion or Playwright wait inside it fails the test
with the step's name and where it ran (language, size), so a journey's failure reads as
precisely as a test of its own would.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Error as PlaywrightError


class StepFailed(AssertionError):
    """A journey's step failed: its message starts with the step and where it ran."""


@contextmanager
def step(name: str, where: str) -> Iterator[None]:
    """Run one step of a journey; a failure inside it names `name` and `where`."""
    try:
        yield
    except StepFailed:
        raise
    except (AssertionError, PlaywrightError) as error:
        raise StepFailed(f"step {name!r} ({where}) failed: {error}") from error
