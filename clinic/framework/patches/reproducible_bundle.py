"""The same code and content build the same bytes, build after build.

Reflex's `utils/state.js` imports the whole of `.web/reflex.json` for the one field it
reads, `version` (the websocket's protocol). Reflex rewrites that file before every build
with the time it ran, and the bundler puts the whole object in the chunk every page
imports: each build then gave that chunk a new hash, and so every chunk that imports it, the
route manifests and every page a new name and new bytes. Nothing built before could be
reused (the compressed copies of compression_cache.py), and the public bundle carried the
project's hash and the times of the last runs. The import takes `version` alone (Vite
names each top-level field of a JSON module), so the rest stays out of the bundle.

Before the build, this stops when state.js no longer imports reflex.json that way or reads
another field of it; after the build, when a chunk still holds the run time.
"""

from __future__ import annotations

import re
from pathlib import Path

from reflex.plugins.base import Plugin

from clinic.framework.errors import FrameworkChanged

PATCH_POINT = "reproducible bundle"
THIS_FILE = "clinic/framework/patches/reproducible_bundle.py"
STATE_JS = "utils/state.js"
REFLEX_IMPORT = 'import reflexEnvironment from "$/reflex.json";\n'
OUR_IMPORT = 'import { version } from "$/reflex.json";\nconst reflexEnvironment = { version };\n'
FIELD_READ = re.compile(r"\breflexEnvironment\.(\w+)")
FIELDS_READ = {"version"}
# What Reflex writes into reflex.json before every build, which no chunk may hold.
RUN_TIME_KEY = "last_reflex_run_datetime"


def changed(what: str) -> FrameworkChanged:
    return FrameworkChanged(PATCH_POINT, what, THIS_FILE)


def with_version_alone(state_js: str) -> str:
    """state.js importing only `version` from reflex.json (a file patched by an earlier
    build is returned as it is)."""
    fields = set(FIELD_READ.findall(state_js))
    if fields != FIELDS_READ:
        raise changed(
            f"Reflex's {STATE_JS} reads {sorted(fields)} of reflex.json, not version alone"
        )
    if state_js.count(OUR_IMPORT) == 1 and REFLEX_IMPORT not in state_js:
        return state_js
    if state_js.count(REFLEX_IMPORT) != 1:
        raise changed(
            f"Reflex's {STATE_JS} no longer imports reflex.json as {REFLEX_IMPORT.strip()!r}"
        )
    return state_js.replace(REFLEX_IMPORT, OUR_IMPORT)


def check_no_run_time(static_dir: Path) -> None:
    """Stop if a built chunk still holds the time of the build."""
    for chunk in sorted(static_dir.rglob("*.js")):
        if RUN_TIME_KEY in chunk.read_text(encoding="utf-8"):
            raise changed(f"{chunk.name} still holds reflex.json's {RUN_TIME_KEY}")


class ReproducibleBundlePlugin(Plugin):
    """Narrows state.js's import before the build; checks the chunks after it."""

    def pre_compile(self, **context):
        context["add_modify_task"](STATE_JS, with_version_alone)

    def post_build(self, **context):
        check_no_run_time(Path(context["static_dir"]))
