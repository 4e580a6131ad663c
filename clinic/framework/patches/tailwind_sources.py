"""Tailwind makes its classes from our sources only: the `content` globs in rxconfig.py.

Tailwind 4 also looks for class names by itself in the files around the stylesheet
(automatic source detection). Since 4.3.1 that search walks Reflex's `.web` folder,
its installed packages included, and every word there that reads like a class name
(`[vite:html]`, `align-top` in a package's own docs) became a rule of the site's one,
render-blocking stylesheet. `source(none)` on the utilities import turns the search
off; the config's globs still say where our classes are (the compiled pages and our
widgets).

The build stops if Reflex's root stylesheet no longer imports Tailwind's utilities as
this expects (then update UTILITIES_IMPORT).
"""

from __future__ import annotations

from reflex.plugins.base import Plugin
from reflex_base import constants

from clinic.framework.errors import FrameworkChanged

# What Tailwind scans for class names, relative to the app: Reflex's compiled pages and
# utilities, and our widgets (assets/widgets/, copied to public/), which carry classes too.
TAILWIND_SOURCES = [
    f"./{constants.Dirs.PAGES}/**/*.{{js,ts,jsx,tsx}}",
    f"./{constants.Dirs.APP_COMPONENTS}/**/*.{{js,ts,jsx,tsx}}",
    f"./{constants.Dirs.UTILS}/**/*.{{js,ts,jsx,tsx}}",
    f"./{constants.Dirs.PUBLIC}/widgets/**/*.jsx",
]

# Reflex's Tailwind root stylesheet in .web, and its import of Tailwind's utilities.
ROOT_STYLESHEET = "styles/tailwind.css"
UTILITIES_IMPORT = '@import "tailwindcss/utilities.css" layer(utilities);'
ONLY_CONFIGURED = '@import "tailwindcss/utilities.css" layer(utilities) source(none);'


class UnexpectedRootStylesheet(FrameworkChanged):
    def __init__(self, what_changed: str):
        super().__init__("tailwind sources", what_changed, f"{__name__.replace('.', '/')}.py")


def only_configured_sources(stylesheet: str) -> str:
    """Reflex's root stylesheet with Tailwind's automatic source detection off."""
    if stylesheet.count(UTILITIES_IMPORT) != 1:
        raise UnexpectedRootStylesheet(f".web/{ROOT_STYLESHEET} no longer has `{UTILITIES_IMPORT}`")
    return stylesheet.replace(UTILITIES_IMPORT, ONLY_CONFIGURED)


class TailwindSourcesPlugin(Plugin):
    """Tailwind reads the `content` globs only (after TailwindV4Plugin in rxconfig.py)."""

    def pre_compile(self, **context):
        context["add_modify_task"](ROOT_STYLESHEET, only_configured_sources)
