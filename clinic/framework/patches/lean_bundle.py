"""Keeps framework code this site never runs out of its pages.

Reflex ships libraries on every page that a static site with `enable_state=False`,
no cookies, no uploads and Tailwind classes does not use (every page would download
them; bench/home_weight.py keeps the home page's JavaScript to its budget), and a
colour-mode provider for a site with one colour scheme. Vite resolves their imports to the
small stand-ins in `clinic/framework/patches/shims/` instead; each file says why it is safe. The provider's companion, a script Reflex puts first in every page's <head> to
apply the visitor's dark mode before the first paint, is taken out of the document
(`without_color_mode_script`): besides the dark controls on a light page (see
`shims/react-theme.js`), it was the one script that ran before our first paint, and
the first script on a page pays for creating its JavaScript context.

Both modes: development (`reflex run`) compiles the same vite.config.js and document,
so it runs the same lean bundle.

The build fails loudly if Reflex's vite.config.js template no longer has the place we
add the aliases, if the document no longer has the script in the shape we remove, or
if generated code imports a name a stand-in does not export.
"""

from __future__ import annotations

import re
from pathlib import Path

from reflex.plugins.base import Plugin

from clinic.framework.errors import FrameworkChanged

THIS_FILE = "clinic/framework/patches/lean_bundle.py"
SHIMS_DIR = Path(__file__).parent / "shims"
# Where the stand-ins are written inside .web (kept apart from Reflex's own utils).
WEB_SHIMS_DIR = Path("utils") / "lean"
VITE_CONFIG = "vite.config.js"
ALIAS_ANCHOR = "alias: ["
DOCUMENT = "app/_document.js"

# Import specifier (an npm package, or a module of Reflex's generated app) -> its
# stand-in in clinic/framework/patches/shims/.
SHIMMED_MODULES = {
    "@emotion/react": "emotion-react.js",
    "socket.io-client": "socket-io-client.js",
    "$/utils/react-theme": "react-theme.js",
    "universal-cookie": "universal-cookie.js",
    "mergician": "mergician.js",
    "$/utils/helpers/upload": "upload.js",
}

# An element with a string child in the compiled document: jsx("script",{},"...").
SCRIPT_ELEMENT = re.compile(r'jsx\("script",\{\},"(?:[^"\\]|\\.)*"\),?')
# What tells Reflex's colour-mode script (reflex.utils.misc.preload_color_theme) apart.
COLOR_MODE_SCRIPT_MARK = 'localStorage.getItem(\\"theme\\")'
JS_REGEX_SPECIAL = re.compile(r"[\\^$.*+?()[\]{}|/]")


def _exact(module: str) -> str:
    """A JS regex literal matching exactly this import specifier (not its subpaths)."""
    return "/^" + JS_REGEX_SPECIAL.sub(lambda match: "\\" + match.group(0), module) + "$/"


def alias_entries() -> str:
    return "".join(
        f'\n      {{ find: {_exact(module)}, replacement: fileURLToPath(new URL("./{(WEB_SHIMS_DIR / shim).as_posix()}", import.meta.url)) }},'
        for module, shim in SHIMMED_MODULES.items()
    )


def with_shim_aliases(vite_config: str) -> str:
    if vite_config.count(ALIAS_ANCHOR) != 1:
        raise FrameworkChanged(
            "lean bundle",
            f"expected one '{ALIAS_ANCHOR}' in {VITE_CONFIG}: Reflex's template changed",
            THIS_FILE,
        )
    return vite_config.replace(ALIAS_ANCHOR, ALIAS_ANCHOR + alias_entries())


def without_color_mode_script(document: str) -> str:
    """The compiled document without Reflex's colour-mode script. The server's prerender
    and the browser's hydration both render this same module, so they still agree."""
    found = [
        match
        for match in SCRIPT_ELEMENT.finditer(document)
        if COLOR_MODE_SCRIPT_MARK in match.group(0)
    ]
    if len(found) != 1:
        raise FrameworkChanged(
            "lean bundle",
            f"expected Reflex's colour-mode script once in {DOCUMENT}, found it {len(found)} "
            "times: Reflex's document changed",
            THIS_FILE,
        )
    return document[: found[0].start()] + document[found[0].end() :]


class LeanBundlePlugin(Plugin):
    def get_static_assets(self, **context):
        return [
            (WEB_SHIMS_DIR / shim, (SHIMS_DIR / shim).read_text())
            for shim in SHIMMED_MODULES.values()
        ]

    def pre_compile(self, **context):
        context["add_modify_task"](VITE_CONFIG, with_shim_aliases)
        context["add_modify_task"](DOCUMENT, without_color_mode_script)
