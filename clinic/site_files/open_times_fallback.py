"""Empty answers for `/api/open-times/<doctor>` in the build, for where no server answers.

The production server answers these paths itself (clinic/server/open_times.py), before
any file. Served as plain files from a static host, or by the development server, the
same request finds this file instead: `{"times": []}`, and the page leaves the block out,
as it does when Cal.com is down. A 404 there would do the same, but every browser logs a
failed request in the console; an empty answer is quiet.

Written at compile time into .web/public (like sitemap.xml), so development mode has it too.
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from clinic.framework.app_folders import SITE_ROOT_FILES
from clinic.server.open_times import body_for
from clinic.site.content import content
from clinic.site.routes import OPEN_TIMES_PATH_PREFIX


def _files() -> list[tuple[str, str]]:
    return [
        (
            str(SITE_ROOT_FILES / (OPEN_TIMES_PATH_PREFIX + doctor.slug).lstrip("/")),
            body_for([]).decode(),
        )
        for doctor in content().doctors
    ]


@dataclass(kw_only=True, frozen=True)
class OpenTimesFallbackPlugin(rx.plugins.Plugin):
    """Writes one empty open-times answer per doctor into the build (rxconfig.py)."""

    def pre_compile(self, **context):
        context["add_save_task"](_files)
