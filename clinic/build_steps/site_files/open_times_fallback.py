"""Empty answers for `/api/open-times/<doctor>` in the build, for where no server answers.

The production server answers these paths itself (clinic/server/open_times.py), before
any file, and so do the CDN's functions (clinic/build_steps/site_files/edge_relay.py). Served as plain
files from a host that runs no function (or Cloudflare past its daily quota), or by the
development server, the same request finds this file instead: `{"times": []}`, and the page
leaves the block out, as it does when Cal.com is down. A 404 there would do the same, but every browser logs a
failed request in the console; an empty answer is quiet. Only doctors with a Cal.com event
type get one: the page asks about no other, and the production server answers 404 for
them, as the static host then does (clinic/server/open_times.py says why).

Written at compile time into .web/public (like sitemap.xml), so development mode has it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import reflex as rx

from clinic.framework.app_folders import SITE_ROOT_FILES, web_dir
from clinic.server.open_times import body_for, doctors_with_open_times
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX


def _files() -> list[tuple[str, str]]:
    return [
        (
            str(SITE_ROOT_FILES / (OPEN_TIMES_PATH_PREFIX + doctor.slug).lstrip("/")),
            body_for([]).decode(),
        )
        for doctor in doctors_with_open_times()
    ]


def remove_stale_answers(web: Path) -> list[Path]:
    """Deletes the answers an earlier build left in .web/public for doctors who have no open
    times now (their event type taken out, or the doctor gone): .web outlives builds, and
    a static host would serve such a file where the production server answers 404."""
    folder = web / SITE_ROOT_FILES / OPEN_TIMES_PATH_PREFIX.strip("/")
    current = {Path(file).name for file, _ in _files()}
    stale = [file for file in folder.glob("*") if file.is_file() and file.name not in current]
    for file in stale:
        file.unlink()
    return stale


@dataclass(kw_only=True, frozen=True)
class OpenTimesFallbackPlugin(rx.plugins.Plugin):
    """Writes one empty open-times answer per doctor with open times into the build
    (rxconfig.py), and takes out those of earlier builds that no longer apply."""

    def pre_compile(self, **context):
        remove_stale_answers(web_dir())
        context["add_save_task"](_files)
