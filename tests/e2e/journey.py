"""Journeys: several behaviours proven one after another on one load of a page, each step
starting from the state the previous one left (and checked).

A journey's steps run inside `step("what it proves")`: when one fails, its failure (an
assertion, a Playwright timeout) carries a note naming the step, which pytest prints
under the error, so the report says which behaviour broke, not only which line.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def step(name: str) -> Iterator[None]:
    """Name the journey's step that is running in whatever fails inside it."""
    try:
        yield
    except Exception as error:
        error.add_note(f"journey step: {name}")
        raise
