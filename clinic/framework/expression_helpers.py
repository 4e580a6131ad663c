"""The small functions Reflex's compiled expressions call, for running the site's rules
outside the browser (the unit tests run them in Node)."""

from __future__ import annotations

from pathlib import Path

from reflex_base import constants

from clinic.framework.errors import FrameworkChanged

STATE_TEMPLATE = Path(constants.Templates.Dirs.WEB_TEMPLATE) / "utils" / "state.js"
FIRST_HELPER = "export const isTrue"
FIRST_AFTER_HELPERS = "export const mergeRefs"


def expression_helpers_js(source: str | None = None) -> str:
    """The source of `isTrue`, `pyStrip`, `pyAnd`, ... as plain declarations, cut from
    Reflex's `utils/state.js` (or `source`)."""
    source = STATE_TEMPLATE.read_text() if source is None else source
    for mark in (FIRST_HELPER, FIRST_AFTER_HELPERS):
        if mark not in source:
            raise FrameworkChanged(
                "expression helpers",
                f"no {mark!r} in Reflex's {STATE_TEMPLATE.name}",
                "clinic/framework/expression_helpers.py",
            )
    start = source.rfind("\n/*", 0, source.index(FIRST_HELPER))
    end = source.rfind("\n/*", 0, source.index(FIRST_AFTER_HELPERS))
    return source[start:end].replace("export const ", "const ")
