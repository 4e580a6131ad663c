"""Decided before paint: a plain script inlined at the start of every page's <head>, so it
runs before the page paints, while the toolkit's client state shows its decisions only
after hydration and would move the page (docs/developing.md, "Decided before paint").

A before-paint script is a file of `assets/behaviors/before_paint/`, written once in plain
ES5 (no module, no build step: it runs before anything else, in every browser the site
supports) as one function called with its data:

    (function closedDay(data) {
      "use strict";
      ...
    })(BEFORE_PAINT_DATA);

`before_paint_script("closed_day", {...})` inlines it: the file's code without its comment
lines (every page carries it; its explanations stay in the file), `BEFORE_PAINT_DATA`
replaced by the data as JSON. The Content-Security-Policy allows it by its hash, computed
from each built page like every inline script's (clinic/server/security.py), so nothing
is registered by hand. The lint and type settings these files need are made once for the
folder: biome.jsonc's override for ES5, jsconfig.json's include, and the placeholder's
declaration in tools/js/modules.d.ts (each script types its own data in JSDoc).
"""

from __future__ import annotations

import json
from pathlib import Path

import reflex as rx

from clinic.project import ASSETS_DIR

SCRIPTS_DIR = ASSETS_DIR / "behaviors" / "before_paint"
# The one identifier of a script that the build replaces with its data (JSON).
DATA_PLACEHOLDER = "BEFORE_PAINT_DATA"


def script_file(name: str) -> Path:
    """`assets/behaviors/before_paint/<name>.js`."""
    return SCRIPTS_DIR / f"{name}.js"


def code_lines(source: str) -> list[str]:
    """A script's code without its comment lines and indentation. Only whole lines go, so
    code is never cut."""
    stripped = (line.strip() for line in source.splitlines())
    return [line for line in stripped if line and not line.startswith(("//", "/*", "*"))]


def inlined_code(name: str, data: object) -> str:
    """The script `name` as a page carries it: its code, with `data` in its placeholder."""
    path = script_file(name)
    code = "\n".join(code_lines(path.read_text(encoding="utf-8")))
    if code.count(DATA_PLACEHOLDER) != 1:
        raise RuntimeError(f"{path}: expected {DATA_PLACEHOLDER} once in its code")
    # JSON is a JavaScript expression; "<" escaped so that no value can close the <script>.
    text = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")
    return code.replace(DATA_PLACEHOLDER, text)


def before_paint_script(name: str, data: object) -> rx.Component:
    """The inline script `name` with its data, for the start of every page's <head>
    (`head_components` in clinic/clinic.py)."""
    return rx.el.script(inlined_code(name, data))
