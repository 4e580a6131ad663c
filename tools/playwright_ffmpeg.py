"""Point Playwright's video recording at Debian's ffmpeg (`make video`).

Playwright records videos with an ffmpeg build of its own, which `playwright install`
downloads from a host this machine cannot reach. It looks for it at
`<browsers folder>/ffmpeg-<revision>/ffmpeg-linux`; a symbolic link there to the system's
ffmpeg (Debian's package has the VP8 encoder Playwright asks for) is all it needs.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import playwright


def browsers_folder() -> Path:
    """Where Playwright keeps its browsers: PLAYWRIGHT_BROWSERS_PATH, or its default."""
    configured = os.environ.get("PLAYWRIGHT_BROWSERS_PATH")
    if configured and configured != "0":
        return Path(configured)
    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache) / "ms-playwright"


def ffmpeg_revision() -> str:
    manifest = Path(playwright.__file__).parent / "driver" / "package" / "browsers.json"
    [entry] = [b for b in json.loads(manifest.read_text())["browsers"] if b["name"] == "ffmpeg"]
    return entry["revision"]


def main() -> int:
    system_ffmpeg = shutil.which("ffmpeg")
    if not system_ffmpeg:
        print("ffmpeg is not installed (apt-get install ffmpeg)", file=sys.stderr)
        return 1
    link = browsers_folder() / f"ffmpeg-{ffmpeg_revision()}" / "ffmpeg-linux"
    if link.is_symlink() and os.readlink(link) == system_ffmpeg:
        return 0
    link.parent.mkdir(parents=True, exist_ok=True)
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(system_ffmpeg)
    print(f"Playwright records videos with {system_ffmpeg} (linked from {link})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
