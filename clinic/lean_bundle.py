"""Keeps framework code this site never runs out of the browser bundle.

Reflex ships two libraries on every page that a static site with `enable_state=False`
and Tailwind classes does not use (issue #2's budget: 160 kB gzip of JavaScript on the
home page). Vite resolves their imports to the small stand-ins in `clinic/shims/`
instead; each file says why it is safe. Nothing else in the build changes.

The build fails loudly if Reflex's vite.config.js template no longer has the place we
add the aliases, or if generated code imports a name a stand-in does not export.
"""

from __future__ import annotations

from pathlib import Path

from reflex.plugins.base import Plugin

SHIMS_DIR = Path(__file__).parent / "shims"
# Where the stand-ins are written inside .web (kept apart from Reflex's own utils).
WEB_SHIMS_DIR = Path("utils") / "lean"
VITE_CONFIG = "vite.config.js"
ALIAS_ANCHOR = "alias: ["

# npm package -> its stand-in in clinic/shims/.
SHIMMED_PACKAGES = {
    "@emotion/react": "emotion-react.js",
    "socket.io-client": "socket-io-client.js",
}


def _exact(package: str) -> str:
    """A JS regex literal matching exactly this import specifier (not its subpaths)."""
    escaped = package.replace("/", "\\/").replace(".", "\\.")
    return f"/^{escaped}$/"


def alias_entries() -> str:
    return "".join(
        f'\n      {{ find: {_exact(package)}, replacement: fileURLToPath(new URL("./{(WEB_SHIMS_DIR / shim).as_posix()}", import.meta.url)) }},'
        for package, shim in SHIMMED_PACKAGES.items()
    )


def with_shim_aliases(vite_config: str) -> str:
    if vite_config.count(ALIAS_ANCHOR) != 1:
        raise RuntimeError(
            f"lean bundle: expected one '{ALIAS_ANCHOR}' in {VITE_CONFIG}; Reflex's template changed, "
            "update clinic/lean_bundle.py"
        )
    return vite_config.replace(ALIAS_ANCHOR, ALIAS_ANCHOR + alias_entries())


class LeanBundlePlugin(Plugin):
    def get_static_assets(self, **context):
        return [(WEB_SHIMS_DIR / shim, (SHIMS_DIR / shim).read_text()) for shim in SHIMMED_PACKAGES.values()]

    def pre_compile(self, **context):
        context["add_modify_task"](VITE_CONFIG, with_shim_aliases)
