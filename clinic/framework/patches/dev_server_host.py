"""`reflex run`'s development server listens on 127.0.0.1 only (the backend already does:
rxconfig.py's backend_host). Reflex starts Vite with `react-router dev --host`, every
interface, and writes that command into .web/package.json itself; the project's own
Vite plugin (vite/loopback-dev-server.js, added to the generated vite.config.js here)
overrides it. `CLINIC_DEV_HOST=0.0.0.0 make dev` opens it on purpose.

Production (`make run`, `reflex export`) does not run Vite's server: nothing changes there.
The build fails loudly if Reflex's vite.config.js template no longer has the places this
fills in.
"""

from __future__ import annotations

from pathlib import Path

from reflex.plugins.base import Plugin

from clinic.framework.errors import FrameworkChanged

PLUGIN_FILE = Path(__file__).parent / "vite" / "loopback-dev-server.js"
# Where the plugin is written inside .web, and how the config imports and calls it.
WEB_PLUGIN = Path("utils") / "vite" / PLUGIN_FILE.name
VITE_CONFIG = "vite.config.js"
IMPORT_ANCHOR = 'import { defineConfig } from "vite";\n'
PLUGINS_ANCHOR = "plugins: [\n"
IMPORT = f'import loopbackDevServer from "./{WEB_PLUGIN.as_posix()}";\n'
CALL = "    loopbackDevServer(),\n"


def with_loopback_dev_server(vite_config: str) -> str:
    for anchor in (IMPORT_ANCHOR, PLUGINS_ANCHOR):
        if vite_config.count(anchor) != 1:
            raise FrameworkChanged(
                "dev server host",
                f"expected {anchor.strip()!r} once in {VITE_CONFIG}: Reflex's template changed",
                "clinic/framework/patches/dev_server_host.py",
            )
    return vite_config.replace(IMPORT_ANCHOR, IMPORT_ANCHOR + IMPORT).replace(
        PLUGINS_ANCHOR, PLUGINS_ANCHOR + CALL
    )


class LoopbackDevServerPlugin(Plugin):
    def get_static_assets(self, **context):
        return [(WEB_PLUGIN, PLUGIN_FILE.read_text())]

    def pre_compile(self, **context):
        context["add_modify_task"](VITE_CONFIG, with_loopback_dev_server)
