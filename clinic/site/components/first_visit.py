"""The first-visit language choice (docs/design.md, "States"): the data of the rule, and the
script that applies it.

The rule itself (only the landing on `/`, once, the flag under the clinic's key, a
chosen language never undone, crawlers and blocked storage left alone, query and hash
kept) lives in one place, `assets/behaviors/before_paint/first_visit.js`, which says why
each part is there. That file runs in every page's <head>, ahead of its stylesheet and
scripts, so before the page paints (a before-paint script: components/before_paint.py);
this module passes it only data, as JSON: the storage key, the home paths from the route
table (the default language's, and the others' by language code) and the crawler pattern.
"""

from __future__ import annotations

import reflex as rx

from clinic.site.components.before_paint import before_paint_script, inlined_code
from clinic.site.content import content
from clinic.site.routes import DEFAULT_LANG, other_langs, path_for

SCRIPT = "first_visit"  # assets/behaviors/before_paint/first_visit.js

# Matched case-insensitively against the user agent. "bot/" as in Googlebot/2.1,
# bingbot/2.0, Applebot/0.1 (not phone names such as "Cubot").
CRAWLERS = r"bot/|crawler|spider|slurp|lighthouse|inspectiontool"

REDIRECT_FROM = path_for("home", DEFAULT_LANG)
# Where a first visit in another language of the site goes: that language's home.
REDIRECT_TO = {lang: path_for("home", lang) for lang in other_langs(DEFAULT_LANG)}


def storage_key() -> str:
    """The localStorage key of the flag, specific to this clinic ("lumara.lang-set")."""
    return f"{content().clinic.brand_slug}.lang-set"


def settings() -> dict[str, object]:
    """What the script is told: data only."""
    return {
        "storageKey": storage_key(),
        "from": REDIRECT_FROM,
        "to": REDIRECT_TO,
        "crawlers": CRAWLERS,
    }


def script_text() -> str:
    """The script as it is inlined: the file's code with the settings filled in."""
    return inlined_code(SCRIPT, settings())


def first_visit_script() -> rx.Component:
    """The inline script for the start of every page's <head> (rx.App head_components)."""
    return before_paint_script(SCRIPT, settings())
