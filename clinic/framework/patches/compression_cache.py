"""The compressed copies of the static files come from a cache when their bytes were
compressed before.

Reflex's production build ends by running `.web/compress-static.js`, which writes a brotli
(highest quality) and a gzip copy of every static file beside it: a large share of an
export's CPU, spent again in every build on bytes compressed before (the framework's
chunks in every site; every file of a site built before: the tests and benches build the
same sites run after run). We write our own script there in place of Reflex's (`node/compress-static.js`:
Reflex's, `node/reflex-compress-static.js`, plus the cache), with a settings file beside it
naming the cache's folder. An entry is named by the SHA-256 of the file's bytes under a
folder per format, settings and library version, and is written whole under another name
and then renamed, so that builds running at once share it safely; a hit writes the very
bytes the compressor would.

The folder is `CLINIC_COMPRESSION_CACHE` when set (the Makefile and the tests set it to the
repository's `.cache/compressed/`, so that every copy of the project the tests and benches
build shares it), else the project's own `.cache/compressed/`. Before each production build
compresses, the cache is trimmed to its size: the entries no build used for longest go.

The build stops when Reflex's script is no longer the one ours repeats, or when Reflex's
build no longer runs the script by that name.
"""

from __future__ import annotations

import inspect
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from reflex.plugins.base import Plugin
from reflex_base import constants

from clinic.framework.errors import FrameworkChanged
from clinic.project import PROJECT_DIR

PATCH_POINT = "compression cache"
THIS_FILE = "clinic/framework/patches/compression_cache.py"
NODE_DIR = Path(__file__).parent / "node"
# What Reflex's build runs in .web (`reflex.utils.build._compress_static_output`), ours
# in its place, and the settings file ours reads beside it.
SCRIPT = "compress-static.js"
OUR_SCRIPT = NODE_DIR / SCRIPT
SETTINGS = "compress-static.json"
REFLEX_SCRIPT = constants.Templates.Dirs.WEB_TEMPLATE / SCRIPT
# Reflex 0.10.1's script as ours repeats it: the build stops when Reflex's changes.
REFLEX_SCRIPT_AS_KNOWN = NODE_DIR / "reflex-compress-static.js"

CACHE_ENV = "CLINIC_COMPRESSION_CACHE"
DEFAULT_CACHE = PROJECT_DIR / ".cache" / "compressed"
# Room for the compressed copies of dozens of builds.
MAX_BYTES = 200_000_000
# Trimmed down to this share of the bound, so that the next builds do not trim again.
TRIMMED_TO = 0.75
# A partial entry older than this was left by a build that stopped while writing it.
PARTIAL_SUFFIX = ".tmp"
ABANDONED_AFTER_S = 3600


def changed(what: str, file_to_update: str = THIS_FILE) -> FrameworkChanged:
    return FrameworkChanged(PATCH_POINT, what, file_to_update)


def cache_folder() -> Path:
    return Path(os.environ.get(CACHE_ENV) or DEFAULT_CACHE).resolve()


def check_reflex_runs_the_script() -> None:
    """Stop unless Reflex's build still compresses by running `.web/compress-static.js`
    and its script is still the one ours repeats."""
    from reflex.utils import build

    runner = getattr(build, "_compress_static_output", None)
    if runner is None or f'"{SCRIPT}"' not in inspect.getsource(runner):
        raise changed(f"Reflex's build no longer compresses by running .web/{SCRIPT}")
    if not REFLEX_SCRIPT.is_file() or REFLEX_SCRIPT.read_text() != (
        REFLEX_SCRIPT_AS_KNOWN.read_text()
    ):
        raise changed(
            f"Reflex's {REFLEX_SCRIPT} changed",
            f"{OUR_SCRIPT.relative_to(PROJECT_DIR)} and {REFLEX_SCRIPT_AS_KNOWN.name} to match it",
        )


def script_files(folder: Path) -> list[tuple[Path, str]]:
    """Our script and its settings, as paths inside .web and their text."""
    settings = {"folder": str(folder)}
    return [
        (Path(SCRIPT), OUR_SCRIPT.read_text()),
        (Path(SETTINGS), json.dumps(settings, indent=2) + "\n"),
    ]


def trim(folder: Path, max_bytes: int = MAX_BYTES, now: float | None = None) -> int:
    """Remove the entries no build used for longest until the cache holds at most
    TRIMMED_TO of `max_bytes` (nothing when it holds less than `max_bytes`), and the partial
    entries builds left when they stopped; returns how many files went. A file another
    build removes meanwhile is skipped."""
    now = time.time() if now is None else now
    entries, removed = [], 0
    for path in folder.glob("*/*"):
        try:
            stat = path.stat()
        except FileNotFoundError:
            continue
        if path.name.endswith(PARTIAL_SUFFIX):
            if now - stat.st_mtime > ABANDONED_AFTER_S:
                path.unlink(missing_ok=True)
                removed += 1
            continue
        entries.append((stat.st_mtime, stat.st_size, path))
    total = sum(size for _, size, _ in entries)
    if total <= max_bytes:
        return removed
    for _, size, path in sorted(entries):
        if total <= max_bytes * TRIMMED_TO:
            break
        path.unlink(missing_ok=True)
        total -= size
        removed += 1
    return removed


@dataclass(kw_only=True, frozen=True)
class CompressionCachePlugin(Plugin):
    """Writes our compressor into .web before every build; trims the cache before a
    production build compresses (Reflex runs the compressor after every `post_build`)."""

    def get_static_assets(self, **context):
        check_reflex_runs_the_script()
        return script_files(cache_folder())

    def post_build(self, **context):
        trim(cache_folder())
