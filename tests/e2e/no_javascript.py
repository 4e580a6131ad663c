"""Browsers without the page's JavaScript, the two ways a patient ends up there: JavaScript
disabled, or the page's own scripts never arriving (a dropped connection on a phone
network, a blocked script; the inline scripts of the prerendered HTML still run)."""

from __future__ import annotations

import re

import pytest

DISABLED = "javascript disabled"
ABORTED = "own scripts aborted"
# The page's own scripts: the bundle and its chunks, whatever their folder. (Every other
# host is already unreachable in the tests' contexts.)
OWN_SCRIPT = re.compile(r"\.m?js(\?.*)?$")
# What the browser logs for each script request the test aborts, and for each inline
# module script whose import then fails.
ABORTED_SCRIPT_ERRORS = (
    r"Failed to load resource: net::ERR_FAILED",
    r"Failed to fetch dynamically imported module",
)

# For @pytest.mark.parametrize("mode", MODES): the aborted scripts' console errors expected.
MODES = [
    DISABLED,
    pytest.param(ABORTED, marks=pytest.mark.expected_console_errors(*ABORTED_SCRIPT_ERRORS)),
]


def context_without_javascript(new_context, mode: str, **options):
    """A context (conftest's `new_context`) in which the page's JavaScript never runs."""
    if mode == DISABLED:
        return new_context(java_script_enabled=False, **options)
    context = new_context(**options)
    context.route(OWN_SCRIPT, lambda route: route.abort())
    return context
