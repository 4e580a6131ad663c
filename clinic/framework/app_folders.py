"""Where Reflex keeps the app it generates, and where the files it builds end up."""

from __future__ import annotations

from pathlib import Path

from reflex_base import constants

from clinic.project import PROJECT_DIR

# How the bundle's modules name the files of assets/ (Reflex copies them to the app's
# public/ folder, and `$` is the app's root for Vite).
ASSETS_IN_BUNDLE = f"$/{constants.Dirs.PUBLIC}"
# A file saved there at compile time (a plugin's save task, relative to the app) is
# served at the site's root, in development and in the build.
SITE_ROOT_FILES = Path(constants.Dirs.PUBLIC)
# The static site a build leaves (`reflex export`, or the production server's own build):
# prerendered HTML, JS and CSS, as a host serves them.
EXPORT_DIR = PROJECT_DIR / constants.Dirs.WEB / constants.Dirs.STATIC


def web_dir() -> Path:
    """The app's `.web` folder, where Reflex writes the frontend and installs its packages."""
    from reflex.utils import prerequisites

    return prerequisites.get_web_dir()


def static_files_dir() -> Path:
    """Where Reflex's production build leaves the static site (the server serves it)."""
    return web_dir() / constants.Dirs.STATIC


def compile_skip_marker() -> Path:
    """The file `reflex run` leaves in .web after compiling, so that its first backend
    worker does not compile again; the first worker to start deletes it and skips its
    compile."""
    return web_dir() / constants.NOCOMPILE_FILE
