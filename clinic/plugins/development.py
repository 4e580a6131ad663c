"""`reflex run` (development mode) reloads the site on every edit, content included.

Reflex's development server restarts its backend worker when a watched file changes, and
the new worker compiles the pages again; Vite then updates the open browser tab. Two
things stood between that loop and this project:

- The worker is forked from the process that read rxconfig.py, and rxconfig.py imports
  the site (the theme's brand colours, the plugins' route table), so each new worker
  inherited the first load of content/ and of those modules: an edit to a YAML file
  never showed, and a Python edit only showed in modules rxconfig.py had not imported.
  Reflex's strict hot reload (`REFLEX_STRICT_HOT_RELOAD`) starts each worker as a fresh
  interpreter instead; it costs about a second per reload.
- Reflex's watcher ignores `*.yaml` and `*.yml` files, which is where the clinic's facts
  and texts live. We take those two patterns out of its ignore list. The project folder's
  children, content/ among them, are watched already; a content folder elsewhere
  (`CLINIC_CONTENT_DIR`) is added through `REFLEX_HOT_RELOAD_INCLUDE_PATHS`.

Production builds (`reflex run --env prod`, `reflex export`) watch nothing, so none of
this changes them.
"""

from __future__ import annotations

import os

from clinic.project import CONTENT_DIR, PROJECT_DIR

YAML_PATTERNS = (r"^.*\.yaml$", r"^.*\.yml$")


def reload_on_every_edit() -> None:
    """Called from rxconfig.py, which every `reflex` command reads first."""
    os.environ.setdefault("REFLEX_STRICT_HOT_RELOAD", "true")
    if not CONTENT_DIR.is_relative_to(PROJECT_DIR):
        watched = [
            path
            for path in os.environ.get("REFLEX_HOT_RELOAD_INCLUDE_PATHS", "").split(":")
            if path
        ]
        if str(CONTENT_DIR) not in watched:
            os.environ["REFLEX_HOT_RELOAD_INCLUDE_PATHS"] = ":".join([*watched, str(CONTENT_DIR)])

    from clinic.reflex_bridge import hot_reload_module

    reflex_exec = hot_reload_module()
    ignored = getattr(reflex_exec, "HOTRELOAD_IGNORE_PATTERNS", None)
    if not isinstance(ignored, tuple):
        # Reflex changed how it filters reloads: content edits may need a restart again.
        # Say so rather than fail; this only concerns the development loop.
        print(
            "clinic: Reflex's hot-reload ignore list changed; edits under content/ may need "
            "a restart (update clinic/plugins/development.py)"
        )
        return
    # rxconfig.py may be read more than once in a process: taking them out is idempotent.
    reflex_exec.HOTRELOAD_IGNORE_PATTERNS = tuple(p for p in ignored if p not in YAML_PATTERNS)
