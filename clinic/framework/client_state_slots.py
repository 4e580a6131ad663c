"""Proves after each build that Reflex still keeps client state where
`assets/behaviors/reflex_state.js` reads it.

That module reads a state's value at `refs["_client_state_<name>"]` and calls its setter
at `refs["_client_state_<setter>"]`. Reflex fills both slots in the hooks of every
component that declares the state; if it renamed them, the browser would read undefined
and set nothing. So every state the generated code hands to that module must have both
slots filled, under those names, in the generated code.
"""

from __future__ import annotations

import re
from pathlib import Path

from reflex.plugins.base import Plugin
from reflex_base import constants

from clinic.framework.app_folders import web_dir
from clinic.framework.client_state import SLOT_PREFIX
from clinic.framework.errors import FrameworkChanged

FILES_TO_UPDATE = "clinic/framework/client_state.py and assets/behaviors/reflex_state.js"
# The generated folders that hold components: pages' routes and memoized components.
GENERATED_CODE = (Path("app"), Path(constants.Dirs.APP_COMPONENTS))
STATE_CALL = re.compile(r'\b(?:clientStateValue\("(\w+)"\)|setClientState\("(\w+)",\s*"(\w+)")')


def _slot_filled(code: str, name: str) -> bool:
    slot = re.escape(SLOT_PREFIX + name)
    return re.search(rf"""refs\[(['"]){slot}\1\]\s*(?:\?\?)?=[^=]""", code) is not None


def check_client_state_slots(code: str) -> int:
    """Stop the build unless each state read or set through reflex_state.js in `code` (the
    generated app's source) has its slots filled; returns how many states were checked."""
    names: set[str] = set()
    for read, written, setter in STATE_CALL.findall(code):
        names.update(name for name in (read, written, setter) if name)
    if not names:
        raise FrameworkChanged(
            "client state",
            "no call to clientStateValue or setClientState in the generated code",
            FILES_TO_UPDATE,
        )
    for name in sorted(names):
        if not _slot_filled(code, name):
            raise FrameworkChanged(
                "client state",
                f'Reflex\'s generated code no longer fills refs["{SLOT_PREFIX}{name}"]',
                FILES_TO_UPDATE,
            )
    return len(names)


def generated_code(web: Path) -> str:
    return "\n".join(
        path.read_text()
        for folder in GENERATED_CODE
        for path in sorted((web / folder).rglob("*.js*"))
        if path.suffix in (".js", ".jsx")
    )


class ClientStateSlotsCheck(Plugin):
    """Runs `check_client_state_slots` after every production build (rxconfig.py; the
    development server builds no bundle and skips it)."""

    def post_build(self, **context):
        check_client_state_slots(generated_code(web_dir()))
