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
- `reflex run` compiles, then leaves a marker for its first backend worker to skip
  compiling again; whichever worker first gets to its compile deletes the marker and
  skips. A file saved while that first worker was still starting (a few seconds, longer
  on a loaded machine) stops it before it got there, so the worker started for the edit
  took the marker and skipped the compile: the edit never showed, and after a broken
  content file the site never recovered. A marker older than a source file is stale, so
  each worker deletes it before it compiles (`drop_stale_compile_skip`).

Production builds (`reflex run --env prod`, `reflex export`) watch nothing, so none of
this changes them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from clinic.framework.errors import FrameworkChanged
from clinic.project import CONTENT_DIR, PROJECT_DIR

THIS_FILE = "clinic/framework/patches/development_reload.py"
# Reflex's list of file patterns whose edits do not restart the development server.
RELOAD_FILTER = "HOTRELOAD_IGNORE_PATTERNS"
# Reflex's settings: a fresh interpreter per reload, and folders watched besides the project.
STRICT_RELOAD = "REFLEX_STRICT_HOT_RELOAD"
INCLUDE_PATHS = "REFLEX_HOT_RELOAD_INCLUDE_PATHS"
ENVIRONMENT_NAMES = (STRICT_RELOAD, INCLUDE_PATHS)

YAML_PATTERNS = (r"^.*\.yaml$", r"^.*\.yml$")
CONTENT_FILE_EXAMPLES = ("doctors.yaml", "es.yml")
# What the pages are compiled from: an edit to any of these makes an earlier compile stale.
SOURCES = (CONTENT_DIR, PROJECT_DIR / "clinic", PROJECT_DIR / "assets", PROJECT_DIR / "rxconfig.py")


def newest_source_mtime(sources: tuple[Path, ...] = SOURCES) -> float:
    """The modification time of the most recently saved source file."""
    newest = 0.0
    for source in sources:
        files = source.rglob("*") if source.is_dir() else [source]
        for path in files:
            if "__pycache__" in path.parts:  # written by imports, not by the developer
                continue
            try:
                newest = max(newest, path.stat().st_mtime)
            except OSError:  # removed meanwhile, or a dangling link
                continue
    return newest


def drop_stale_compile_skip(marker: Path, sources: tuple[Path, ...] = SOURCES) -> bool:
    """Delete the compile-skip marker when a source was saved after it; True if it did."""
    try:
        written = marker.stat().st_mtime
    except OSError:
        return False
    if newest_source_mtime(sources) <= written:
        return False
    marker.unlink(missing_ok=True)
    return True


def check_environment_names(environment: object) -> None:
    """Stop when Reflex no longer reads the variables this sets (they would do nothing)."""
    for name in ENVIRONMENT_NAMES:
        if not hasattr(environment, name):
            raise FrameworkChanged(
                "development reload", f"Reflex no longer reads {name}", THIS_FILE
            )


def reload_on_every_edit() -> None:
    """Called from rxconfig.py, which every `reflex` command reads first."""
    from reflex.utils import exec as reflex_exec
    from reflex_base.environment import environment

    from clinic.framework.app_folders import compile_skip_marker

    check_environment_names(environment)
    os.environ.setdefault(STRICT_RELOAD, "true")
    if not CONTENT_DIR.is_relative_to(PROJECT_DIR):
        watched = [path for path in os.environ.get(INCLUDE_PATHS, "").split(":") if path]
        if str(CONTENT_DIR) not in watched:
            os.environ[INCLUDE_PATHS] = ":".join([*watched, str(CONTENT_DIR)])

    # Every process reads rxconfig.py before it compiles, a backend worker included.
    drop_stale_compile_skip(compile_skip_marker())
    setattr(reflex_exec, RELOAD_FILTER, without_yaml(getattr(reflex_exec, RELOAD_FILTER, None)))


def without_yaml(ignored: object) -> tuple[str, ...]:
    """Reflex's reload filter without the patterns that ignore YAML files. Stops every
    `reflex` command when the filter is not the tuple of patterns this relies on, or when
    a content file would still be ignored: a development loop that silently stops showing
    content edits is worse than a clear stop."""
    if not isinstance(ignored, tuple) or not all(isinstance(p, str) for p in ignored):
        raise FrameworkChanged(
            "development reload",
            f"reflex.utils.exec.{RELOAD_FILTER} is no longer a tuple of patterns",
            THIS_FILE,
        )
    # rxconfig.py may be read more than once in a process: taking them out is idempotent.
    kept = tuple(pattern for pattern in ignored if pattern not in YAML_PATTERNS)
    for example in CONTENT_FILE_EXAMPLES:
        if any(re.match(pattern, example) for pattern in kept):
            raise FrameworkChanged(
                "development reload",
                f"reflex.utils.exec.{RELOAD_FILTER} ignores {example} in a way this does not remove",
                THIS_FILE,
            )
    return kept
